// localStorage: the match's save document (versioned key), a backup of a damaged save,
// and the settings. The save document itself is the engine's; this file never reads into it.
export const SAVE_KEY = "gin-rummy:save:v1";
const STAMP_KEY = "gin-rummy:save-stamp:v1";
const BACKUP_PREFIX = "gin-rummy:backup:";
const SETTINGS_KEY = "gin-rummy:settings:v1";
const ORDER_KEY = "gin-rummy:hand-order:v1";

export const DEFAULT_SETTINGS = Object.freeze({ speed: "normal", autosort: false });

export function safeGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** What a refusal of the browser's storage is: "full" (no room left), "blocked" (the browser
 * refuses this site storage: private modes, settings, policies) or "unavailable" (no storage at
 * all, or another failure). Browsers name them differently: Firefox's quota error has its own
 * name and code, and a storage that is switched off throws a SecurityError. */
export function faultOf(err) {
  const name = err && err.name;
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" || (err && err.code === 22)) return "full";
  if (name === "SecurityError" || (err && err.code === 18)) return "blocked";
  return "unavailable";
}

/** Store one item: null when stored, else {fault, error} (faultOf). */
export function storeItem(key, value) {
  try {
    if (!self.localStorage) return { fault: "unavailable", error: new Error("this browser gives this page no localStorage") };
    localStorage.setItem(key, value);
    return null;
  } catch (error) {
    return { fault: faultOf(error), error };
  }
}

/** Store one item; false when the browser refuses (storage full, blocked or unavailable). */
export function safeSet(key, value) {
  return storeItem(key, value) === null;
}

/** The saved match: {raw} with the stored text, {doc} when it parses as JSON, or null. */
export function loadSave() {
  const raw = safeGet(SAVE_KEY);
  if (raw === null) return null;
  try {
    return { raw, doc: JSON.parse(raw) };
  } catch {
    return { raw, doc: undefined };
  }
}

/** Store the save's text and its stamp (which orders it against the journal's copy,
 * web/store/journal.js): null when stored, else the refusal (storeItem). The stamp is written after the
 * save and removed when it does not fit, so it never claims a save that is not there. */
export function writeSave(text, stamp) {
  const refused = storeItem(SAVE_KEY, text);
  if (refused) return refused;
  if (!safeSet(STAMP_KEY, String(stamp))) safeRemove(STAMP_KEY);
  return null;
}

/** The stamp of the save in localStorage (0 when it has none). */
export function loadStamp() {
  const stamp = Number(safeGet(STAMP_KEY));
  return Number.isSafeInteger(stamp) && stamp > 0 ? stamp : 0;
}

/** Remove one item (removing always fits, even in a full storage). */
export function safeRemove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing to remove */
  }
}

export function clearSave() {
  safeRemove(SAVE_KEY);
  safeRemove(STAMP_KEY);
}

/** Keep a damaged save's text under a backup key; returns the key, or null when it could not be
 * stored (then nothing was copied, and the caller must not delete the original). */
export function backupSave(raw) {
  const key = BACKUP_PREFIX + new Date().toISOString();
  return safeSet(key, raw) && safeGet(key) === raw ? key : null;
}

export function loadSettings() {
  try {
    const data = JSON.parse(safeGet(SETTINGS_KEY) || "{}");
    return { ...DEFAULT_SETTINGS, ...(data && typeof data === "object" ? data : {}) };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function writeSettings(settings) {
  safeSet(SETTINGS_KEY, JSON.stringify(settings));
}

/** The player's own order of the cards on screen (UI state only, not the match). */
export function loadOrder() {
  try {
    const data = JSON.parse(safeGet(ORDER_KEY) || "[]");
    return Array.isArray(data) ? data.filter((c) => typeof c === "string") : [];
  } catch {
    return [];
  }
}

export function writeOrder(order) {
  safeSet(ORDER_KEY, JSON.stringify(order));
}

const VIEW_KEY = "gin-rummy:last-view:v1";

/** The last view drawn and a fingerprint of the save it belongs to ({save, view}), or null. */
export function loadLastView() {
  try {
    const data = JSON.parse(safeGet(VIEW_KEY) || "null");
    return data && typeof data === "object" ? data : null;
  } catch {
    return null;
  }
}

/** Keep {save, view}; when it does not fit, the older one is removed, as it no longer
 * belongs to the newest save. */
export function writeLastView(entry) {
  if (!safeSet(VIEW_KEY, JSON.stringify(entry))) forgetLastView();
}

export function forgetLastView() {
  safeRemove(VIEW_KEY);
}
