// Statistics kept in this browser. The store is a list of matches, each with its hands as they
// ended (read from the view's result) and, once over, its totals and save document (for the
// replay). Every figure is summed from that list when shown, so there is no counter to drift.
// Matches between two friends on this device are kept apart, in a list of their own (`friends`,
// shown by web/friends/friendstats.js): none of the player's own figures, nor the rating, counts them.
import { dailyDate, validDate } from "../deals/daily.js";
import { download, hideNotice, showNotice } from "../table/notice.js";
import { $ } from "../table/dom.js";
import { drawChart } from "./chart.js";
import { formatDay, formatNumber, formatPercent, t } from "../words/i18n.js";
import { FRIEND } from "../friends/friend.js";
import { nameKey, showFriends } from "../friends/friendstats.js";
import { opponentLabel } from "../settings/settings.js";
import { loadSave, safeGet, safeSet, storeItem } from "../store/storage.js";
import { ownsMatch } from "../store/tabs.js";
import { showRating } from "./ratingchart.js";

const KEY = "gin-rummy:stats:v1";
const KEPT_PREFIX = "gin-rummy:stats-kept:"; // a stored store this game could not read, set aside
const FORMAT = "gin-stats";
const VERSION = 1;
const KINDS = new Set(["knock", "undercut", "gin", "big_gin", "void"]);
// Whole save documents are kept for this many recent matches only (localStorage is small).
const SAVES_KEPT = 30;
// Bounds of a sane store: far beyond any real match (a match's save holds 20,000 actions at
// most), far below where sums lose precision or print as "Infinity".
const MAX_TEXT = 500;
const MAX_DEAL = 20_000;
const MAX_POINTS = 1_000_000;

const empty = () => ({ format: FORMAT, version: VERSION, current: null, matches: [], friends: [] });

/** The stored store: {store}, or {raw, why, newer} when it is there but cannot be read. A store
 * whose friends' part alone is damaged is read without it: {store, raw, why, part: "friends"}. */
function readStored() {
  const raw = safeGet(KEY);
  if (raw === null) return { store: empty() };
  let data;
  try {
    data = JSON.parse(raw);
    return { store: checkStats(data) };
  } catch (err) {
    if (err.part === "friends") {
      return { store: checkStats({ ...data, friends: [] }), raw, why: err.message, part: "friends" };
    }
    const newer = !!data && Number.isInteger(data.version) && data.version > VERSION;
    return { raw, why: data === undefined ? "it is not valid JSON" : err.message, newer };
  }
}

/** The store, or an empty one when none is kept (or it cannot be read: see readStored). */
export function loadStats() {
  return readStored().store || empty();
}

// A stored store this game cannot read is never written over. One from a newer version of the
// game is left in place for that version; any other is first copied under a key of its own (a
// damaged friends' part too, the rest of the store going on as it was).
// Returns whether its place may now be written; the player is told either way.
function setAside({ raw, why, newer, part }) {
  console.warn("statistics:", why); // the detail, for a developer; the player is told in words
  const offer = [{ label: t("stats.notice.download"), run: () => download("gin-rummy-stats-unreadable.json", raw) }];
  if (newer) {
    showNotice("stats", t("stats.notice.newer"), offer);
    return false;
  }
  const key = KEPT_PREFIX + new Date().toISOString();
  if (safeSet(key, raw) && safeGet(key) === raw) {
    showNotice("stats", t(part === "friends" ? "stats.notice.friendsKeptAside" : "stats.notice.keptAside", { key }),
      [...offer, { label: t("stats.notice.ok"), run: () => hideNotice("stats") }]);
    return true;
  }
  showNotice("stats", t("stats.notice.cannotKeep"), offer);
  return false;
}

/** Store the statistics; null, or why nothing was stored (the player is told too). */
function writeStats(store) {
  const stored = readStored();
  if (stored.why && !setAside(stored)) return t("stats.why.unreadable");
  const refused = storeItem(KEY, JSON.stringify(store));
  if (refused && refused.fault === "full") {
    showNotice("stats-full", t("stats.notice.full"));
    return t("stats.why.full");
  }
  // Blocked or unavailable: the save's notice says why and what can work (web/store/saving.js).
  if (refused) return t("stats.why.blocked");
  hideNotice("stats-full");
  return null;
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
 * begun and a match left before its end counts as abandoned. A match between friends goes to
 * the friends' list, with the two names and no save. */
export function recordView(view) {
  if (!ownsMatch()) return; // another tab plays (and counts) this match
  const saved = loadSave();
  const doc = saved && saved.doc;
  if (!doc || typeof doc.seed !== "string") return;
  const store = loadStats();
  const friends = doc.opponent === FRIEND;
  const list = friends ? store.friends : store.matches;
  let match = list.find((m) => m.id === store.current);
  // The same finished match seen again (a reload at its end) is already counted.
  if (match && match.finished && match.seed === doc.seed && match.moves === doc.actions.length) return;
  let changed = false;
  if (!match || match.seed !== doc.seed || match.finished) {
    const started = new Date().toISOString();
    match = {
      id: `${doc.seed}@${started}`,
      seed: doc.seed,
      ...(friends ? { names: [...view.names] } : {
        daily: dailyDate(doc.seed),
        opponent: typeof doc.opponent === "string" ? doc.opponent : "simple",
        seat: view.seat,
      }),
      started,
      hands: [],
      finished: false,
      winner: null,
      totals: null,
      ...(friends ? {} : { save: null }),
    };
    list.push(match);
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
    if (!friends) { // a friends' match keeps no save document (a replay is for the player's own)
      match.save = doc;
      const withSaves = store.matches.filter((m) => m.save);
      for (const old of withSaves.slice(0, Math.max(0, withSaves.length - SAVES_KEPT))) old.save = null;
    }
  }
  if (changed) writeStats(store);
}

/** The coach's figures of a finished match (web/coach/coach.js), kept with it: `coach` is
 * {accuracy, decisions, skill, luck}. A match the store does not hold as finished is left. */
export function recordCoach(doc, coach) {
  if (!ownsMatch()) return;
  const store = loadStats();
  const match = store.matches.find((m) => m.finished && m.seed === doc.seed && m.moves === doc.actions.length);
  if (!match || JSON.stringify(match.coach) === JSON.stringify(coach)) return;
  match.coach = coach;
  writeStats(store);
}

// ------------------------------------------------------------------------------------ rating

/** The player's rating after each rated finished match, oldest first: [{rating, deviation,
 * matches, low, high}] as the engine's "rate" op gave it (web/record/rating.js). */
export function ratingHistory(store) {
  return store.matches.filter((m) => m.finished && m.rating).map((m) => m.rating);
}

/** Keep the ratings the engine gave finished matches: {match id: rating}; null, or why not. */
export function storeRatings(byId) {
  const store = loadStats();
  let changed = false;
  for (const m of store.matches) {
    if (m.finished && !m.rating && byId[m.id]) {
      m.rating = byId[m.id];
      changed = true;
    }
  }
  return changed ? writeStats(store) : null;
}

// A stored rating: the engine's figures, finite, its rating from 0 to 4000 and its deviation from
// 50 to 350 as the engine makes them (gin/ai/ratings/elo.py refuses any other), at least 1 match.
function ratingFault(r) {
  if (!r || typeof r !== "object" || Array.isArray(r)) return "must be an object";
  for (const key of ["rating", "deviation", "low", "high"]) {
    if (!Number.isFinite(r[key]) || Math.abs(r[key]) > MAX_POINTS) return `needs its ${key}, a number`;
  }
  if (!(r.rating >= 0 && r.rating <= 4000)) return "needs a rating from 0 to 4000";
  if (!(r.deviation >= 50 && r.deviation <= 350)) return "needs a deviation from 50 to 350";
  if (!Number.isSafeInteger(r.matches) || r.matches < 1) return "needs its matches, a whole number from 1";
  return null;
}

// ------------------------------------------------------------------------------------ figures

/** Every figure of the statistics panel, from the player's side. */
export function summarize(store) {
  const s = {
    matches: 0, matchesWon: 0, abandoned: 0, hands: 0, handsWon: 0, voids: 0, gins: 0, knocks: 0,
    undercutsGiven: 0, undercutsSuffered: 0, points: 0, pointsPerHand: 0, best: null, opponents: {},
    reviewed: [], // the finished matches the coach reviewed, oldest first: {date, accuracy, luck}
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
    if (m.coach && m.coach.accuracy !== null) {
      s.reviewed.push({ date: m.started.slice(0, 10), accuracy: m.coach.accuracy, luck: m.coach.luck });
    }
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

/** Check a store read from storage or a file; throws an Error whose message says what is wrong.
 * A fault in the friends' part alone says so (`err.part` is "friends"): the rest can be read. */
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
  const ids = new Set();
  data.matches.forEach((m, i) => {
    const where = `match ${i + 1}`;
    checkPlayed(m, where, ids, fail);
    if (typeof m.opponent !== "string" || !m.opponent) fail(`${where} has no opponent`);
    if (m.opponent.length > MAX_TEXT) fail(`${where}: its opponent is longer than ${MAX_TEXT} characters`);
    if (!seat(m.seat)) fail(`${where}: seat must be 0 or 1`);
    if (m.daily !== null && !validDate(m.daily)) fail(`${where}: daily must be a date (YYYY-MM-DD) or null`);
    if (m.coach !== undefined) checkCoach(m.coach, where, fail);
    if (m.rating !== undefined) {
      const fault = m.finished ? ratingFault(m.rating) : "is kept for finished matches only";
      if (fault) fail(`${where}: its rating ${fault}`);
    }
    if (m.save !== null && (typeof m.save !== "object" || Array.isArray(m.save))) fail(`${where}: save must be an object or null`);
  });
  if (data.current != null && typeof data.current !== "string") fail("its current match must be an id");
  // The friends' part: absent in stores written before it (they stay version 1, and a page from
  // before it keeps the field as it is). Checked last, so that its fault means the rest is sound.
  const friends = data.friends ?? [];
  const failFriends = (why) => {
    throw Object.assign(new Error(why), { part: "friends" });
  };
  if (!Array.isArray(friends)) failFriends("its matches between friends must be a list");
  friends.forEach((m, i) => {
    const where = `friends' match ${i + 1}`;
    checkPlayed(m, where, ids, failFriends);
    const name = (n) => typeof n === "string" && n.length >= 1 && n.length <= MAX_TEXT;
    if (!Array.isArray(m.names) || m.names.length !== 2 || !m.names.every(name)) {
      failFriends(`${where}: names must be two names of 1 to ${MAX_TEXT} characters`);
    }
    if (nameKey(m.names[0]) === nameKey(m.names[1])) failFriends(`${where}: its two names must differ`);
  });
  return { ...data, current: data.current ?? null, friends };
}

const seat = (v) => v === 0 || v === 1;
const whole = (v, least, most) => Number.isSafeInteger(v) && v >= least && v <= most;

/** What every played match holds, against the computer or between friends: its id (one of
 * `ids`, which it joins), seed and start, its hands, and once finished its winner and totals. */
function checkPlayed(m, where, ids, fail) {
  if (!m || typeof m !== "object" || Array.isArray(m)) fail(`${where} is not an object`);
  for (const key of ["id", "seed", "started"]) {
    if (typeof m[key] !== "string" || !m[key]) fail(`${where} has no ${key}`);
    if (m[key].length > MAX_TEXT) fail(`${where}: its ${key} is longer than ${MAX_TEXT} characters`);
  }
  if (!validDate(m.started.slice(0, 10)) || Number.isNaN(Date.parse(m.started))) {
    fail(`${where}: started must be a date and time, not ${JSON.stringify(m.started)}`);
  }
  if (ids.has(m.id)) fail(`${where} repeats the id ${m.id}`);
  ids.add(m.id);
  if (!Array.isArray(m.hands)) fail(`${where} has no list of hands`);
  m.hands.forEach((h, j) => {
    const at = `${where}, hand ${j + 1}`;
    if (!h || !KINDS.has(h.kind)) fail(`${at}: unknown kind ${JSON.stringify(h && h.kind)}`);
    if (!whole(h.deal, 1, MAX_DEAL)) fail(`${at}: deal must be a whole number from 1 to ${MAX_DEAL}`);
    if (!whole(h.points, 0, MAX_POINTS)) fail(`${at}: points must be a whole number from 0 to ${MAX_POINTS}`);
    for (const key of ["knocker", "winner"]) {
      if (h[key] !== null && !seat(h[key])) fail(`${at}: ${key} must be 0, 1 or null`);
    }
  });
  if (typeof m.finished !== "boolean") fail(`${where}: finished must be true or false`);
  if (m.moves !== undefined && !whole(m.moves, 0, MAX_DEAL * 100)) fail(`${where}: moves must be a whole number`);
  if (m.finished) {
    if (!seat(m.winner)) fail(`${where}: a finished match needs its winner`);
    if (!Array.isArray(m.totals) || m.totals.length !== 2 || !m.totals.every((t) => whole(t, 0, MAX_POINTS))) {
      fail(`${where}: a finished match needs two totals, whole numbers from 0 to ${MAX_POINTS}`);
    }
  }
}

/** A match's coach figures (recordCoach): absent in stores written before the coach, so
 * optional, and the store's version stays 1 (an older page ignores the field). */
function checkCoach(c, where, fail) {
  if (!c || typeof c !== "object" || Array.isArray(c)) fail(`${where}: coach must be an object`);
  if (c.accuracy !== null && !(Number.isInteger(c.accuracy) && c.accuracy >= 0 && c.accuracy <= 100)) {
    fail(`${where}: coach accuracy must be a whole number from 0 to 100, or null`);
  }
  if (!(Number.isSafeInteger(c.decisions) && c.decisions >= 0 && c.decisions <= MAX_DEAL * 100)) {
    fail(`${where}: coach decisions must be a whole number`);
  }
  for (const key of ["skill", "luck"]) {
    if (!(Number.isFinite(c[key]) && Math.abs(c[key]) <= MAX_POINTS)) {
      fail(`${where}: coach ${key} must be a number from -${MAX_POINTS} to ${MAX_POINTS}`);
    }
  }
}

/** Replace the store with a file's text; returns null, or the reason it was refused (in the
 * player's words, with checkStats's own English detail in brackets for whoever reports it). */
export function importStats(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return t("stats.why.badFile", { detail: "it is not valid JSON" });
  }
  let store;
  try {
    store = checkStats(data);
  } catch (err) {
    return t("stats.why.badFile", { detail: err.message });
  }
  // The match on the table stays this browser's own, whether or not the file lists it.
  return writeStats({ ...store, current: loadStats().current });
}

function exportStats() {
  download(`gin-rummy-stats-${new Date().toISOString().slice(0, 10)}.json`, JSON.stringify(loadStats(), null, 1));
}

// ------------------------------------------------------------------------------------ panel

// "3 of 7 (43%)": a share of a whole, its percentage when there is a whole.
function share(part, whole) {
  const args = { part, whole, percent: { percent: whole ? part / whole : 0 } };
  return t(whole ? "stats.value.share" : "stats.value.ofNone", args);
}

let stopCharts = [];

/** The coach's accuracy and luck of each reviewed match, oldest first, as two charts. */
function drawCoachCharts(reviewed) {
  for (const stop of stopCharts.splice(0)) stop();
  $("stats-charts").hidden = reviewed.length === 0;
  if (!reviewed.length) return;
  const span = t("stats.chart.span", { n: reviewed.length, from: formatDay(reviewed[0].date),
    to: formatDay(reviewed[reviewed.length - 1].date) });
  const chart = (id, title, name, key, extra) => drawChart($(id), {
    title: t(title), xLabel: t("stats.chart.reviewed"), height: 150, desc: span,
    series: [{ name: t(name), points: reviewed.map((m, i) => ({ x: i + 1, y: m[key] })) }], ...extra,
  });
  stopCharts = [
    chart("stats-accuracy", "stats.chart.accuracy", "stats.chart.accuracyName", "accuracy",
      { yLabel: t("stats.chart.percent"), yMin: 0, yMax: 100, yFormat: (y) => formatPercent(y / 100) }),
    chart("stats-luck", "stats.chart.luck", "stats.chart.luckName", "luck",
      { yLabel: t("stats.chart.points"), yMin: 0, yMax: 0, yFormat: (y) => formatNumber(Math.round(y)) }),
  ];
}

const mean = (list, key) => Math.round(list.reduce((a, x) => a + x[key], 0) / list.length);
function signed(n) {
  if (n === 0) return t("stats.value.even");
  return t(n > 0 ? "stats.value.gain" : "stats.value.loss", { n: Math.abs(n) });
}

function fill() {
  const store = loadStats();
  showRating($("stats-rating"), ratingHistory(store));
  showFriends($("stats-friends"), store.friends);
  const s = summarize(store);
  const reviewed = s.reviewed.length;
  const rows = [
    ["stats.row.matchesWon", share(s.matchesWon, s.matches)],
    ["stats.row.handsWon", share(s.handsWon, s.hands)],
    ["stats.row.gins", formatNumber(s.gins)],
    ["stats.row.knocks", formatNumber(s.knocks)],
    ["stats.row.undercutsGiven", formatNumber(s.undercutsGiven)],
    ["stats.row.undercutsSuffered", formatNumber(s.undercutsSuffered)],
    ["stats.row.pointsPerHand", formatNumber(s.pointsPerHand)],
    ["stats.row.voids", formatNumber(s.voids)],
    ["stats.row.abandoned", formatNumber(s.abandoned)],
    ["stats.row.accuracy", reviewed
      ? t("stats.value.accuracy", { percent: { percent: mean(s.reviewed, "accuracy") / 100 }, n: reviewed })
      : t("stats.value.noneReviewed")],
    ["stats.row.luck", reviewed ? signed(mean(s.reviewed, "luck")) : t("stats.value.none")],
    ["stats.row.best", s.best
      ? t("stats.value.best", { mine: s.best.mine, theirs: s.best.theirs, date: formatDay(s.best.date) })
      : t("stats.value.noneWon")],
  ].map(([key, value]) => [t(key), value]);
  for (const [name, rec] of Object.entries(s.opponents)) {
    rows.push([t("stats.row.against", { name: opponentLabel(name) }), t("stats.value.record", rec)]);
  }
  drawCoachCharts(s.reviewed);
  const table = $("stats-table");
  table.replaceChildren(...rows.map(([name, value]) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = name;
    const td = document.createElement("td");
    td.textContent = value;
    tr.append(th, td);
    return tr;
  }));
}

/** Wire the statistics dialog; `openDialog(id)` shows a dialog. */
export function wireStats({ openDialog }) {
  // Stored statistics this page cannot read are set aside now, and the player told at once.
  const stored = readStored();
  if (stored.why && setAside(stored)) safeSet(KEY, JSON.stringify(stored.store || empty()));
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
    note(t("stats.note.exported"));
  });
  $("stats-import").addEventListener("click", () => $("stats-file").click());
  $("stats-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    const why = importStats(await file.text());
    fill();
    note(why ? t("stats.note.notImported", { why }) : t("stats.note.imported", { file: file.name }));
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
    const why = writeStats({ ...empty(), current: loadStats().current });
    $("stats-confirm").hidden = true;
    fill();
    note(why ? t("stats.note.notReset", { why }) : t("stats.note.reset"));
    $("stats-reset").focus();
  });
  $("dlg-stats").addEventListener("close", () => {
    $("stats-confirm").hidden = true;
  });
}
