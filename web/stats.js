// Statistics kept in this browser. The store is a list of matches, each with its hands as they
// ended (read from the view's result) and, once over, its totals and save document (for the
// replay). Every figure is summed from that list when shown, so there is no counter to drift.
import { dailyDate } from "./daily.js";
import { $ } from "./render.js";
import { loadSave } from "./storage.js";

const KEY = "gin-rummy:stats:v1";
const FORMAT = "gin-stats";
const VERSION = 1;
const KINDS = new Set(["knock", "undercut", "gin", "big_gin", "void"]);
// Whole save documents are kept for this many recent matches only (localStorage is small).
const SAVES_KEPT = 30;

const empty = () => ({ format: FORMAT, version: VERSION, current: null, matches: [] });

/** The store, or an empty one when none is kept (or it cannot be read). */
export function loadStats() {
  try {
    const raw = localStorage.getItem(KEY);
    return raw === null ? empty() : checkStats(JSON.parse(raw));
  } catch {
    return empty();
  }
}

function writeStats(store) {
  try {
    localStorage.setItem(KEY, JSON.stringify(store));
  } catch {
    /* storage full or unavailable: the figures are not worth breaking the game for */
  }
}

// ------------------------------------------------------------------------------------ recording

/** A new match is starting: later hands belong to a new record. */
export function beginMatch() {
  const store = loadStats();
  store.current = null;
  writeStats(store);
}

/** Record the match a view belongs to, and the hand (and the match) it has just ended; a view
 * seen twice counts once. A match is listed from its first view, so that a daily deal shows as
 * begun and a match left before its end counts as abandoned. */
export function recordView(view) {
  const saved = loadSave();
  const doc = saved && saved.doc;
  if (!doc || typeof doc.seed !== "string") return;
  const store = loadStats();
  let match = store.matches.find((m) => m.id === store.current);
  // The same finished match seen again (a reload at its end) is already counted.
  if (match && match.finished && match.seed === doc.seed && match.moves === doc.actions.length) return;
  let changed = false;
  if (!match || match.seed !== doc.seed || match.finished) {
    match = {
      id: `${doc.seed}@${new Date().toISOString()}`,
      seed: doc.seed,
      daily: dailyDate(doc.seed),
      opponent: typeof doc.opponent === "string" ? doc.opponent : "simple",
      seat: view.seat,
      started: new Date().toISOString(),
      hands: [],
      finished: false,
      winner: null,
      totals: null,
      save: null,
    };
    store.matches.push(match);
    store.current = match.id;
    changed = true;
  }
  const r = view.result;
  if (r && !match.hands.some((h) => h.deal === view.hand_number)) {
    match.hands.push({ deal: view.hand_number, kind: r.kind, knocker: r.knocker, winner: r.winner, points: r.points });
    changed = true;
  }
  if (view.phase === "match_over" && view.final && !match.finished) {
    changed = true;
    match.finished = true;
    match.moves = doc.actions.length;
    match.winner = view.final.winner;
    match.totals = view.final.totals.map((t) => t.total);
    match.save = doc;
    const withSaves = store.matches.filter((m) => m.save);
    for (const old of withSaves.slice(0, Math.max(0, withSaves.length - SAVES_KEPT))) old.save = null;
  }
  if (changed) writeStats(store);
}

// ------------------------------------------------------------------------------------ figures

/** Every figure of the statistics panel, from the player's side. */
export function summarize(store) {
  const s = {
    matches: 0, matchesWon: 0, abandoned: 0, hands: 0, handsWon: 0, voids: 0, gins: 0, knocks: 0,
    undercutsGiven: 0, undercutsSuffered: 0, points: 0, pointsPerHand: 0, best: null, opponents: {},
  };
  for (const m of store.matches) {
    const me = m.seat;
    for (const h of m.hands) {
      s.hands += 1;
      if (h.kind === "void") s.voids += 1;
      if (h.winner === me) {
        s.handsWon += 1;
        s.points += h.points;
      }
      if (h.knocker === me && (h.kind === "gin" || h.kind === "big_gin")) s.gins += 1;
      if (h.knocker === me && (h.kind === "knock" || h.kind === "undercut")) s.knocks += 1;
      if (h.kind === "undercut" && h.winner === me) s.undercutsGiven += 1;
      if (h.kind === "undercut" && h.knocker === me) s.undercutsSuffered += 1;
    }
    if (!m.finished) {
      if (m.id !== store.current) s.abandoned += 1;
      continue;
    }
    s.matches += 1;
    const won = m.winner === me;
    if (won) s.matchesWon += 1;
    const rec = (s.opponents[m.opponent] ||= { won: 0, lost: 0 });
    rec[won ? "won" : "lost"] += 1;
    const margin = m.totals[me] - m.totals[1 - me];
    if (won && (!s.best || margin > s.best.margin)) {
      s.best = { margin, mine: m.totals[me], theirs: m.totals[1 - me], date: m.started.slice(0, 10), id: m.id };
    }
  }
  s.pointsPerHand = s.hands ? Math.round((s.points / s.hands) * 10) / 10 : 0;
  return s;
}

// ------------------------------------------------------------------------------------ files

/** Check a store read from storage or a file; throws an Error whose message says what is wrong. */
export function checkStats(data) {
  const fail = (why) => {
    throw new Error(why);
  };
  if (!data || typeof data !== "object" || Array.isArray(data)) fail("it is not a JSON object");
  if (data.format !== FORMAT) fail(`it is not a Gin Rummy statistics file (format ${JSON.stringify(data.format ?? null)})`);
  if (data.version !== VERSION) {
    fail(Number.isInteger(data.version) && data.version > VERSION
      ? `it is version ${data.version}, from a newer game; this one reads version ${VERSION}`
      : `unknown version ${JSON.stringify(data.version ?? null)}`);
  }
  if (!Array.isArray(data.matches)) fail("it has no list of matches");
  const seat = (v) => v === 0 || v === 1;
  const ids = new Set();
  data.matches.forEach((m, i) => {
    const where = `match ${i + 1}`;
    if (!m || typeof m !== "object") fail(`${where} is not an object`);
    for (const key of ["id", "seed", "opponent", "started"]) {
      if (typeof m[key] !== "string" || !m[key]) fail(`${where} has no ${key}`);
    }
    if (ids.has(m.id)) fail(`${where} repeats the id ${m.id}`);
    ids.add(m.id);
    if (!seat(m.seat)) fail(`${where}: seat must be 0 or 1`);
    if (m.daily !== null && !/^\d{4}-\d{2}-\d{2}$/.test(m.daily)) fail(`${where}: daily must be a date or null`);
    if (!Array.isArray(m.hands)) fail(`${where} has no list of hands`);
    m.hands.forEach((h, j) => {
      const at = `${where}, hand ${j + 1}`;
      if (!h || !KINDS.has(h.kind)) fail(`${at}: unknown kind ${JSON.stringify(h && h.kind)}`);
      if (!Number.isInteger(h.deal) || h.deal < 1) fail(`${at}: deal must be a number from 1`);
      if (!Number.isInteger(h.points) || h.points < 0) fail(`${at}: points must be a whole number >= 0`);
      for (const key of ["knocker", "winner"]) {
        if (h[key] !== null && !seat(h[key])) fail(`${at}: ${key} must be 0, 1 or null`);
      }
    });
    if (typeof m.finished !== "boolean") fail(`${where}: finished must be true or false`);
    if (m.finished) {
      if (!seat(m.winner)) fail(`${where}: a finished match needs its winner`);
      if (!Array.isArray(m.totals) || m.totals.length !== 2 || !m.totals.every(Number.isInteger)) {
        fail(`${where}: a finished match needs two totals`);
      }
    }
    if (m.save !== null && (typeof m.save !== "object" || Array.isArray(m.save))) fail(`${where}: save must be an object or null`);
  });
  if (data.current != null && typeof data.current !== "string") fail("its current match must be an id");
  return { ...data, current: data.current ?? null };
}

/** Replace the store with a file's text; returns null, or the reason it was refused. */
export function importStats(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return "it is not valid JSON";
  }
  try {
    // The match on the table stays this browser's own, whether or not the file lists it.
    writeStats({ ...checkStats(data), current: loadStats().current });
    return null;
  } catch (err) {
    return err.message;
  }
}

function exportStats() {
  const blob = new Blob([JSON.stringify(loadStats(), null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `gin-rummy-stats-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// ------------------------------------------------------------------------------------ panel

function percent(part, whole) {
  return whole ? ` (${Math.round((100 * part) / whole)}%)` : "";
}

function fill() {
  const s = summarize(loadStats());
  const rows = [
    ["Matches won", `${s.matchesWon} of ${s.matches}${percent(s.matchesWon, s.matches)}`],
    ["Hands won", `${s.handsWon} of ${s.hands}${percent(s.handsWon, s.hands)}`],
    ["Gins", s.gins],
    ["Knocks", s.knocks],
    ["Undercuts given", s.undercutsGiven],
    ["Undercuts suffered", s.undercutsSuffered],
    ["Points per hand", s.pointsPerHand],
    ["Void hands", s.voids],
    ["Matches abandoned", s.abandoned],
    ["Best match", s.best ? `won ${s.best.mine} to ${s.best.theirs} on ${s.best.date}` : "none won yet"],
  ];
  for (const [name, rec] of Object.entries(s.opponents)) rows.push([`Against ${name}`, `${rec.won} won, ${rec.lost} lost`]);
  const table = $("stats-table");
  table.replaceChildren(...rows.map(([name, value]) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = name;
    const td = document.createElement("td");
    td.textContent = String(value);
    tr.append(th, td);
    return tr;
  }));
}

/** Wire the statistics dialog; `openDialog(id)` shows a dialog. */
export function wireStats({ openDialog }) {
  const note = (text) => {
    $("stats-note").textContent = text;
  };
  $("btn-stats").addEventListener("click", () => {
    fill();
    note("");
    openDialog("dlg-stats");
  });
  $("stats-export").addEventListener("click", () => {
    exportStats();
    note("Saved as a file in your downloads.");
  });
  $("stats-import").addEventListener("click", () => $("stats-file").click());
  $("stats-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    const why = importStats(await file.text());
    fill();
    note(why ? `That file was not imported: ${why}. Your statistics are unchanged.` : `Imported ${file.name}.`);
  });
  $("stats-reset").addEventListener("click", () => {
    $("stats-confirm").hidden = false;
    $("stats-reset-no").focus();
  });
  $("stats-reset-no").addEventListener("click", () => {
    $("stats-confirm").hidden = true;
    $("stats-reset").focus();
  });
  $("stats-reset-yes").addEventListener("click", () => {
    // The match on the table is counted again from its next move.
    writeStats({ ...empty(), current: loadStats().current });
    $("stats-confirm").hidden = true;
    fill();
    note("Statistics reset.");
    $("stats-reset").focus();
  });
  $("dlg-stats").addEventListener("close", () => {
    $("stats-confirm").hidden = true;
  });
}
