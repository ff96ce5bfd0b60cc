// localStorage: the match's save document (versioned key), a backup of a damaged save,
// and the settings. The save document itself is the engine's; this file never reads into it.
export const SAVE_KEY = "gin-rummy:save:v1";
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

/** Store one item; false when the browser refuses (storage full or unavailable). */
export function safeSet(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
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

export function writeSave(doc) {
  return safeSet(SAVE_KEY, JSON.stringify(doc));
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

export function writeLastView(entry) {
  safeSet(VIEW_KEY, JSON.stringify(entry));
}
