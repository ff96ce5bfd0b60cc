// Keeping the match saved, and saying so when it cannot be.
//
// Every save goes to two places: localStorage (the save the game is known by, docs/save.md) and
// the journal (web/store/journal.js), which the browser flushes to the disk before it says it is done.
// A save is acknowledged (the caller shows the move) only once the journal has it, or once a
// notice says that it is not durable. On load the newer copy of the two that the engine accepts
// is taken (a refused one is kept aside), and a notice says so when they differ. A refusal of the browser's storage is named for what it is:
// full, blocked, or unavailable, each with advice that can work.
import { download, hideNotice, showNotice } from "../table/notice.js";
import { backupSave, clearSave, faultOf, loadSave, loadStamp, writeSave } from "./storage.js";
import { keepAside, readJournal, writeJournal } from "./journal.js";
import { t } from "../words/i18n.js";

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

/** The notice for a journal that failed while localStorage took the save. A full one is named
 * so, with the advice that makes room (the journal's quota is the site's, so localStorage's
 * Export and Reset would free next to nothing). */
function notDurable(err) {
  if (faultOf(err) === "full") return showNotice("journal", t("notices.journal_full"), retry());
  const why = err && err.name === "TimeoutError" ? t("notices.no_answer_in_time") : err && err.message ? err.message : t("notices.no_answer");
  showNotice("journal", t("notices.not_durable", { why }), retry());
}

function journal(text, mine) {
  return writeJournal({ stamp: mine, save: text }).then(
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

const ok = (id) => [{ label: t("notices.ok"), run: () => hideNotice(id) }];

/** Load the saved match, asking the engine with `load(doc)` (its reply): the newer of
 * localStorage's copy and the journal's first, the other when the engine refuses it. A refused
 * copy is kept aside, and a notice says which copy was taken when the two differ. Resolves to
 * {reply, raw} (the copy loaded), {refused} (a sentence: no copy loaded, each kept aside), or
 * null when nothing is saved. */
export async function loadNewestSave(load) {
  const saved = loadSave();
  const local = saved && { ...saved, stamp: loadStamp(), from: "notices.copy_saved" };
  let kept = null;
  try {
    kept = await readJournal();
  } catch (err) {
    // No journal in this browser: localStorage alone (saveMatch says so at the next move). One
    // that does not answer in time is said at once, since the start goes on without it.
    if (err && err.name === "TimeoutError") showNotice("journal-start", t("notices.journal_start"), ok("journal-start"));
  }
  const copy = kept && typeof kept.save === "string" && Number.isSafeInteger(kept.stamp)
    ? { raw: kept.save, doc: parsed(kept.save), stamp: kept.stamp, from: "notices.copy_journal" }
    : null;
  stamp = Math.max(local ? local.stamp : 0, copy ? copy.stamp : 0);
  journaled = copy ? copy.stamp : 0;
  // The journal is newer when its stamp is (localStorage lost its last writes, or was full).
  // On equal stamps localStorage was written by something that keeps no journal (an older
  // version of the game, a person): it is taken as it is, and the journal, merely out of date,
  // is not mentioned. A higher stamp in localStorage means the journal failed (said then).
  const copies = (copy && (!local || copy.stamp > local.stamp) ? [copy, local] : [local, copy]).filter(Boolean);
  if (copies.length === 2 && copies[0].raw === copies[1].raw) copies.pop();
  const refusals = [];
  for (const taken of copies) {
    const reply = taken.doc === undefined ? { ok: false, error: t("notices.not_json") } : await load(taken.doc);
    if (reply.ok) {
      if (refusals.length) {
        const restored = t("notices.restored_from", { taken: t(taken.from), n: movesOf(taken.doc) });
        showNotice("save-copies", `${refusals.join(" ")} ${restored}`, ok("save-copies"));
      } else if (copies.length === 2 && taken.stamp !== copies[1].stamp) {
        compared(taken, copies[1]);
      }
      return { reply, raw: taken.raw };
    }
    refusals.push(await refuse(taken, reply.error));
  }
  return copies.length ? { refused: refusals.join(" ") } : null;
}

/** The copy `taken` loaded, the newer of two: say how `other` differs. An older localStorage
 * copy of another match, or a damaged one, is first kept aside, as the next save replaces it. */
function compared(taken, other) {
  const takenDoc = consistent(taken.raw);
  if (!takenDoc) return; // an older format the engine migrated: nothing to compare
  const otherDoc = consistent(other.raw);
  let aside = "";
  if (other.from === "notices.copy_saved" && (!otherDoc || !isPrefix(otherDoc, takenDoc))) aside = ` ${setAsideDamaged(other.raw)}`;
  if (otherDoc || aside) disagreed(takenDoc, otherDoc, taken.from, other.from, aside);
}

/** A copy of the save the engine refused, kept aside: the sentence that says so. */
async function refuse(copy, why) {
  if (copy.from === "notices.copy_saved") return t("notices.damaged", { why, aside: setAsideDamaged(copy.raw) });
  let aside;
  try {
    aside = t("notices.kept_in_journal", { key: await keepAside(copy.raw) });
  } catch {
    aside = backUp(copy.raw).said; // the journal cannot take it: localStorage, or the player's download
  }
  return t("notices.journal_refused", { why, aside });
}

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
    ok("save-copies"),
  );
}

/** A saved match that cannot be read: copy it aside, then free its place. Returns what was done,
 * as a sentence for the player; when no copy could be made, the original stays where it is. */
export function setAsideDamaged(raw) {
  const { copied, said } = backUp(raw);
  if (copied) clearSave();
  return said;
}

/** Copy a save's text the game cannot read under a backup key of localStorage. When it does not
 * fit, it is held: no save is written over it until the player downloads it (or room is made).
 * Returns {copied, said}: whether it was copied, and a sentence for the player. */
function backUp(raw) {
  const key = backupSave(raw);
  if (key !== null) return { copied: true, said: t("notices.kept_under", { key }) };
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
  return { copied: false, said: t("notices.held_said") };
}
