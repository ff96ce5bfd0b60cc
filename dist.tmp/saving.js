// Keeping the match saved, and saying so when it cannot be: storage full, or a damaged save that
// could not be copied aside (it then keeps its place, and no new match is saved over it).
import { download, hideNotice, showNotice } from "./notice.js";
import { backupSave, clearSave, loadSave, writeSave } from "./storage.js";

let held = null; // the text of a damaged save that could not be backed up, still under the save key
let latest = null; // the newest document of the match on the table

// What a reload would bring back, in words.
function whatIsSaved() {
  const saved = loadSave();
  const doc = saved && saved.doc;
  if (!doc || !Array.isArray(doc.actions)) return "nothing of this match is saved";
  if (!latest || doc.seed !== latest.seed) return "a reload would bring back the match before this one";
  return `a reload would go back to the last saved point, after move ${doc.actions.length}`;
}

function storageFull() {
  const where = whatIsSaved();
  showNotice(
    "storage-full",
    "This match can no longer be saved in this browser: its storage is full. Moves from here are lost " +
      `if this page is closed or reloaded (${where}). To keep saving, make room: Stats → Export, then ` +
      "Reset, or clear other data of this site in the browser's settings; then press Try again.",
    [{ label: "Try again", run: () => latest && saveMatch(latest) }],
  );
}

/** Save the match's document; true when it is stored. A failure raises a notice at once, and the
 * next success (every move tries again) takes it down. */
export function saveMatch(doc) {
  latest = doc;
  if (held !== null) {
    if (backupSave(held) === null) return false; // the "save-held" notice says why
    release();
  }
  if (writeSave(doc)) {
    hideNotice("storage-full");
    return true;
  }
  storageFull();
  return false;
}

function release() {
  held = null;
  hideNotice("save-held");
}

/** A saved match that cannot be read: copy it aside, then free its place. Returns what was done,
 * as a sentence for the player; when no copy could be made, the original stays where it is. */
export function setAsideDamaged(raw) {
  const key = backupSave(raw);
  if (key !== null) {
    clearSave();
    return `Its data is kept in this browser under "${key}", so nothing is lost. You can start a new match.`;
  }
  held = raw;
  const name = `gin-rummy-unreadable-save-${new Date().toISOString().slice(0, 10)}.json`;
  showNotice(
    "save-held",
    "Your unreadable saved match could not be copied aside (this browser's storage is full), so it " +
      "is left where it is, and a new match is not saved over it. Download it to keep a copy.",
    [{ label: "Download it", run: () => {
      download(name, raw);
      release();
      if (latest) saveMatch(latest);
    } }],
  );
  return "It could not be copied aside, because this browser's storage is full, so it is left where " +
    "it is, untouched: download it from the notice at the top to keep a copy. You can start a new " +
    "match; it is saved once the old one is downloaded or room is made.";
}
