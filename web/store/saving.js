// Keeping the match saved, and saying so when it cannot be.
//
// Every save goes to two places: localStorage (the save the game is known by, docs/save.md) and
// the journal (web/store/journal.js), which the browser flushes to the disk before it says it is done.
// A save is acknowledged (the caller shows the move) only once the journal has it, or once a
// notice says that it is not durable. On load the newer consistent copy of the two is taken, and
// a notice says so when they differ. A refusal of the browser's storage is named for what it is:
// full, blocked, or unavailable, each with advice that can work.
import { download, hideNotice, showNotice } from "../table/notice.js";
import { backupSave, clearSave, loadSave, loadStamp, writeSave } from "./storage.js";
import { readJournal, writeJournal } from "./journal.js";
import { t } from "../words/i18n.js";

const JOURNAL_WAIT_MS = 3000; // a journal that has not answered by then is said not to work

let held = null; // the text of a damaged save that could not be backed up, still under the save key
let latest = null; // the newest document of the match on the table
let stamp = 0; // the stamp of the newest save written (it orders localStorage and the journal)
let journaled = 0; // the stamp the journal holds

const movesOf = (doc) => (doc && Array.isArray(doc.actions) ? doc.actions.length : 0);

// What a reload would bring back, in words.
function whatIsSaved() {
  if (journaled === stamp) return t("notices.saved_journal");
  const saved = loadSave();
  const doc = saved && saved.doc;
  if (!doc || !Array.isArray(doc.actions)) return t("notices.saved_nothing");
  if (!latest || doc.seed !== latest.seed) return t("notices.saved_previous");
  return t("notices.saved_at", { n: doc.actions.length });
}

const retry = () => [{ label: t("notices.try_again"), run: () => latest && saveMatch(latest) }];

/** The notice for a save localStorage refused ({fault, error}, storage.js). */
function refused({ fault, error }) {
  const where = whatIsSaved();
  // Without the journal the match lives in this page only; with it, a reload still brings it back.
  const unsaved = t(journaled === stamp ? "notices.unsaved_journal" : "notices.unsaved_page");
  if (fault === "full") {
    showNotice("storage", t("notices.storage_full", { where }), retry());
  } else if (fault === "blocked") {
    showNotice("storage", t("notices.storage_blocked", { unsaved }), retry());
  } else {
    const why = error && error.message ? error.message : "";
    showNotice("storage", t(why ? "notices.storage_broken_why" : "notices.storage_broken", { why, unsaved }), retry());
  }
}

/** The notice for a journal that failed while localStorage took the save. */
function notDurable(err) {
  const why = err && err.message ? err.message : t("notices.no_answer");
  showNotice("journal", t("notices.not_durable", { why }), retry());
}

function journal(text, mine) {
  const wait = new Promise((_, reject) => setTimeout(() => reject(new Error(t("notices.no_answer_in_time"))), JOURNAL_WAIT_MS));
  return Promise.race([writeJournal({ stamp: mine, save: text }), wait]).then(
    () => {
      journaled = Math.max(journaled, mine);
      return true;
    },
    (err) => err,
  );
}

/** Save the match's document. Resolves, once the journal has it or has failed, to {stored (in
 * localStorage), durable (in the journal), text}. A failure raises a notice at once, and the next
 * success (every move tries again) takes it down. */
export async function saveMatch(doc) {
  const began = performance.now();
  latest = doc;
  const text = JSON.stringify(doc);
  if (held !== null) {
    if (backupSave(held) === null) return { stored: false, durable: false, text }; // "save-held" says why
    release();
  }
  const mine = (stamp += 1);
  const flushed = journal(text, mine);
  const refusal = writeSave(text, mine);
  performance.measure("gin:save-local", { start: began }); // e2e/bench.py: the cost per move
  const durable = (await flushed) === true;
  performance.measure("gin:save", { start: began });
  if (mine !== stamp) return { stored: !refusal, durable, text }; // a newer save speaks for the match
  if (refusal) refused(refusal);
  else hideNotice("storage");
  if (durable) hideNotice("journal");
  else if (!refusal) notDurable(await flushed);
  return { stored: !refusal, durable, text };
}

function release() {
  held = null;
  hideNotice("save-held");
}

/** The save to load: the newer consistent one of localStorage and the journal, as {raw, doc}
 * (doc undefined when the text is not JSON), or null; a notice says so when the two differ. */
export async function loadNewestSave() {
  const saved = loadSave();
  const local = { raw: saved && saved.raw, stamp: loadStamp() };
  let kept = null;
  try {
    kept = await readJournal();
  } catch {
    /* no journal in this browser: localStorage alone (saveMatch says so at the next move) */
  }
  const copy = kept && typeof kept.save === "string" && Number.isSafeInteger(kept.stamp) ? kept : null;
  stamp = Math.max(local.stamp, copy ? copy.stamp : 0);
  journaled = copy ? copy.stamp : 0;
  if (!copy || copy.save === local.raw) return saved;
  const journalDoc = consistent(copy.save);
  const localDoc = saved && consistent(saved.raw);
  // The journal is newer when its stamp is (localStorage lost its last writes, or was full).
  // On equal stamps localStorage was written by something that keeps no journal (an older
  // version of the game, a person): it is taken as it is, and the journal, merely out of date,
  // is not mentioned. A higher stamp in localStorage means the journal failed (said then).
  const useJournal = journalDoc && copy.stamp > local.stamp;
  if (!useJournal) {
    if (localDoc && journalDoc && local.stamp > copy.stamp) disagreed(localDoc, journalDoc, "notices.copy_saved", "notices.copy_journal");
    return saved;
  }
  let aside = "";
  if (saved && (!localDoc || !isPrefix(localDoc, journalDoc))) aside = ` ${setAsideDamaged(saved.raw)}`;
  if (saved) disagreed(journalDoc, localDoc, "notices.copy_journal", "notices.copy_saved", aside);
  return { raw: copy.save, doc: journalDoc };
}

/** A save's document when its text is one (a JSON object of format "gin-match" with a list of
 * actions), else null. The engine checks the rest when it loads it. */
function consistent(text) {
  try {
    const doc = JSON.parse(text);
    return doc && doc.format === "gin-match" && Array.isArray(doc.actions) ? doc : null;
  } catch {
    return null;
  }
}

function isPrefix(older, newer) {
  return older.seed === newer.seed && older.actions.every((a, i) => newer.actions[i] === a);
}

/** `takenKey`, `otherKey`: the catalogue's names of the two copies. */
function disagreed(taken, other, takenKey, otherKey, aside = "") {
  const more = movesOf(taken) - movesOf(other);
  const what = other && isPrefix(other, taken)
    ? t("notices.copies_more", { n: more, other: t(otherKey) })
    : t("notices.copies_different", { other: t(otherKey) });
  showNotice(
    "save-copies",
    t("notices.restored", { taken: t(takenKey), n: movesOf(taken), what }) + aside,
    [{ label: t("notices.ok"), run: () => hideNotice("save-copies") }],
  );
}

/** A saved match that cannot be read: copy it aside, then free its place. Returns what was done,
 * as a sentence for the player; when no copy could be made, the original stays where it is. */
export function setAsideDamaged(raw) {
  const key = backupSave(raw);
  if (key !== null) {
    clearSave();
    return t("notices.kept_under", { key });
  }
  held = raw;
  const name = `gin-rummy-unreadable-save-${new Date().toISOString().slice(0, 10)}.json`;
  showNotice(
    "save-held",
    t("notices.held"),
    [{ label: t("notices.download"), run: () => {
      download(name, raw);
      release();
      if (latest) saveMatch(latest);
    } }],
  );
  return t("notices.held_said");
}
