// Boot and wiring. The shell in index.html is already painted; this starts the engine's worker at
// once, restores or starts a match, and turns intents into actions in the engine's notation.
//
// URL parameters (documented in README.md):
//   ?seed=TEXT     start a new match with this seed (then removed from the address bar)
//   ?daily=DATE    the same for the daily deal of that UTC date (YYYY-MM-DD, or "today")
//   ?speed=MS      the computer's pace in milliseconds per move for this page (0 = instant, no motion)
//   ?autoplay=1    test hook: your seat plays itself by a simple policy (whole-match tests)
import { engine } from "./boot/engine.js";
import { wireInput } from "./controls/input.js";
import { createAutoplay } from "./controls/autoplay.js";
import { createMotion } from "./table/motion.js";
import { afterPaint } from "./controls/pacing.js";
import { showPrompt } from "./table/prompt.js";
import { appendLog, handButtonFor, logLine, markBusy, renderTable, scrollLogToEnd } from "./table/render.js";
import { $ } from "./table/dom.js";
import { loadOrder, loadSave, loadSettings, writeOrder, writeSettings } from "./store/storage.js";
import { loadNewestSave, saveMatch, setAsideDamaged } from "./store/saving.js";
import { claimMatch, ownsMatch, watchTabs } from "./store/tabs.js";
import { readJournal } from "./store/journal.js";
import { personsTurn, registerServiceWorker, startWhenOneBuild } from "./boot/update.js";
import { showDownload, showEngineReady, showFailure, showPythonReady } from "./boot/waiting.js";
import { linkRequest, wireDaily } from "./deals/daily.js";
import { changeWords } from "./table/readout.js";
import { seatNames } from "./table/seats.js";
import { wireReplay } from "./coach/replay.js";
import { drawFirstDeal, drawSavedView, forgetDrawnView, holdMove, playHeldMove, rememberView, stillStarting } from "./store/resume.js";
import { closeAllDialogs, closeDialog, fillResult, openDialog, openResult, showMatch, useCoach } from "./endings/endings.js";
import { SORTS, sortedOrder } from "./table/handsort.js";
import { focusAfterView, focusCard } from "./table/handfocus.js";
import { wireKnock } from "./endings/knock.js";
import { opponentRequest, rulesRequest, showOpponent, showRules, wireSettings } from "./settings/settings.js";
import { createSound } from "./table/sound.js";
import { createIntents } from "./controls/intents.js";
import { createAdvice } from "./coach/advice.js";
import { beginMatch, loadStats, recordView, wireStats } from "./record/stats.js";
import { wireRatings } from "./record/rating.js";
import { newDeal } from "./deals/fairness.js";
import { wireLessons } from "./coach/lessons.js";
import { firstVisit, welcome } from "./coach/welcome.js";
import { reviewer, wireCoach } from "./coach/coach.js";
import { loadLanguage, localize, prettyText, t, wantedLanguage } from "./words/i18n.js";
import { wireFriend } from "./friends/friend.js";
import { fitMenu } from "./table/menufit.js";
import { fitTexts } from "./table/textfit.js";
import { hideNotice, showNotice } from "./table/notice.js";

performance.mark("gin:main-start");
const words = await loadLanguage(wantedLanguage(loadSettings().language));
localize();
// A catalogue that did not load: the page plays on in English (or with the few words it carries).
if (words.trouble) {
  showNotice("words", words.trouble, [
    { label: t("notices.reload"), run: () => location.reload() },
    { label: t("notices.ok"), run: () => hideNotice("words") },
  ]);
}
fitMenu();
fitTexts();
$("btn-notices").addEventListener("click", () => openDialog("dlg-notices")); // (web/table/notice.js)

const SPEEDS = { slow: 1400, normal: 750, fast: 300, instant: 0 };
const BUSY_SHOWN_MS = 100; // a wait shorter than this is not shown as one
const PRECACHE_WAIT_MS = 10_000; // the longest the precache waits for the person's turn
const NAMES = ["You", "Computer"];
const params = new URLSearchParams(location.search);

const ui = {
  view: null, // the latest view from the engine
  busy: true, // a request is in flight (or the engine is loading)
  selected: null, // the card previewed as the discard
  focus: null, // the card holding the roving tabindex
  order: loadOrder(), // the player's order of the cards on screen
  historySeen: 0, // history entries of this hand already logged and announced
  handSeen: 0, // hand number the log has reached
  settings: loadSettings(),
  sort: null, // how the hand is laid out: handsort.js's SORTS (kept in the settings)
  input: "mouse", // how the player plays, for the prompt's words: keys, mouse or touch
  ready: false,
  cancelBot: () => {}, // cancels the computer's move that is waiting for its turn
  seed: null,
  opponent: null, // who plays the match on the table (its save names it)
  hint: null, // the hint shown for one view: {view, action, card, reason, open (its reason shown)}
  advice: null, // the engine's hint for one view, come unasked where a knock is on offer: {view, hint}
  table: 0, // counts the tables cleared (clearTable): a reply asked for on an earlier one is not this table's
};
ui.sort = SORTS.includes(ui.settings.sort) ? ui.settings.sort : "melds";


function announce(text) {
  if (!text) return;
  const region = $("announcer");
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

function message(text) {
  $("message").textContent = text || "";
  // What a key just did answers the latest act: it takes the place of the hint's open reason.
  if (text && ui.hint && ui.hint.open) {
    ui.hint.open = false;
    if (ui.view) showPrompt(ui.view, ui);
  }
}

/** Nothing said stays: the live region and the message line emptied. Between friends, at the
 * hand-over, so that the read-out of a hand or a hint is never heard by the next person. */
function hush() {
  $("announcer").replaceChildren();
  message("");
}

function say(text) {
  message(text);
  announce(text);
}

function pace() {
  if (params.has("speed")) {
    const ms = Number(params.get("speed"));
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  return SPEEDS[ui.settings.speed] ?? SPEEDS.normal;
}

function render() {
  if (ui.view) renderTable(friend.drawn(ui.view), ui); // no hand under the hand-over (web/friends/friend.js)
}

const motion = createMotion({ enabled: () => pace() > 0 });
const advice = createAdvice({ call: (req) => engine.call(req), ui });
const sound = createSound({ button: $("btn-sound"), checkbox: $("settings-mute") });

// ------------------------------------------------------------------------------------ engine

async function request(req) {
  ui.busy = true;
  // The page's busy mark is set at once; the table is drawn busy (controls greyed, "thinking…")
  // only if the engine is still at work after BUSY_SHOWN_MS. Most answers come sooner, and
  // greying the table out and back in costs a frame of its own (and flickers).
  markBusy(true);
  const shown = setTimeout(render, BUSY_SHOWN_MS);
  // The computer's move (or the autoplay's) still in flight, or its save still being written,
  // when New match or a lesson cleared the table: its view, drawn over the new deal, took its
  // hand number, so the new deal's fingerprint was never shown, and Verify then said the deal
  // did not match. Both waits are checked.
  const table = ui.table;
  const cleared = () => {
    if (table === ui.table) return false;
    clearTimeout(shown);
    return true;
  };
  const reply = await engine.call(req);
  if (cleared()) return reply;
  // A move is shown once its save is durable, or a notice says it is not (web/store/saving.js).
  const saved = reply.ok && reply.save !== undefined ? await keepSave(reply.save) : null;
  if (cleared()) return reply;
  clearTimeout(shown);
  ui.busy = !ownsMatch(); // a tab whose match was taken over stays still
  markBusy(ui.busy); // also when no table is drawn
  if (reply.ok && reply.view) {
    rememberView(friend.kept(reply.view), saved);
    setView(reply.view);
  } else {
    render();
  }
  return reply;
}

function keepSave(save) {
  if (!ownsMatch() || lessons.active()) return null; // a lesson is never saved over the match
  const saving = saveMatch(save);
  if (save && save.seed) ui.seed = save.seed;
  if (save && save.opponent && save.opponent !== ui.opponent) {
    ui.opponent = save.opponent;
    showOpponent(save.opponent);
  }
  return saving;
}

function setView(view) {
  const prev = ui.view;
  const before = motion.measure();
  friend.viewed(prev, view); // between friends: the hand-over covers the table first
  ui.view = view;
  // Log and announce what happened since the last view, in words.
  const newHand = view.hand_number !== ui.handSeen;
  if (newHand) {
    ui.historySeen = 0;
    ui.handSeen = view.hand_number;
  }
  const fresh = view.history.slice(ui.historySeen);
  const dealt = newHand ? newDeal(view) : []; // the deal's fingerprint, on the table and in the log
  const words = appendLog(fresh, view.seat, view.hand_number, newHand, dealt);
  ui.historySeen = view.history.length;
  // Keep the player's order: new cards go to the end, cards gone are dropped.
  const held = new Set(view.hand);
  ui.order = ui.order.filter((c) => held.has(c));
  ui.justAdded = null;
  for (const c of view.hand) {
    if (!ui.order.includes(c)) {
      ui.order.push(c);
      if (prev && prev.hand_number === view.hand_number) ui.justAdded = c;
    }
  }
  if (ui.settings.autosort || (newHand && prev)) ui.order = sortedOrder(view, ui.sort);
  writeOrder(ui.order);
  ui.focus = focusAfterView(view, ui.justAdded, ui.focus);
  // A selection previews a discard in the view it was made in; after a draw (or any move) the
  // player selects again, so a card chosen early never becomes a one-tap discard.
  ui.selected = null;
  const { said, ends } = changeWords(prev, view, fresh, words);
  for (const line of ends) logLine(line);
  announce(said);
  if (!lessons.active()) recordView(view); // a match between friends is kept apart (web/record/stats.js)
  if (!lessons.active() && !friend.active()) ratingViewed(view);
  coachViewed(view);
  render();
  focusCard(ui.focus);
  lessons.viewed();
  if (!friend.covered()) motion.play(before, prev, view);
  sound.view(prev, view);
  showRules(view);
  advice.askKnock(view);
  afterView(prev);
}

function afterView(prev) {
  const view = ui.view;
  // The hand that ends the match is shown like any other first; "See the match" goes on.
  const over = view.phase === "hand_over" || view.phase === "match_over";
  if (over && (!prev || prev.phase !== view.phase)) {
    // The table first; the dialog's content once that frame is drawn; the dialog opened a frame
    // later. Opening a modal styles and lays out the whole page again, and each step in the
    // same task as another would stall the page for both. Unless the player has already moved
    // on (N pressed meanwhile).
    const still = () => ui.view === view && !ui.busy;
    afterPaint(() => {
      if (!still()) return;
      fillResult(view);
      afterPaint(() => {
        if (!still()) return;
        openResult(motion);
        scheduleAutoplay();
      });
    });
    return;
  }
  scheduleComputer();
  scheduleAutoplay();
}

function computerToAct() {
  const v = ui.view;
  return v && (v.phase === "opening" || v.phase === "draw" || v.phase === "discard") &&
    v.to_act !== null && v.to_act !== v.seat;
}

function scheduleComputer() {
  ui.cancelBot();
  if (!computerToAct()) return;
  ui.cancelBot = afterPaint(async () => {
    if (!computerToAct() || ui.busy) return;
    const reply = await request({ op: "bot" });
    if (!reply.ok) message(reply.error);
  }, pace());
}

const scheduleAutoplay = createAutoplay({
  params, ui, act, pace, showMatch: () => showMatch(ui.view), closeResult: () => closeDialog("dlg-result"),
});

async function act(action) {
  if (!ui.view || ui.busy) return null;
  if (!ui.ready) return void holdMove(ui, action, say); // the saved view, drawn before the engine
  if (lessons.check(action)) {
    // A lesson explains a move it does not expect: the card lifted for it goes down, so the
    // table's prompt no longer offers that move beside the lesson's answer.
    ui.selected = null;
    render();
    return null;
  }
  message("");
  const reply = await request({ op: "act", action });
  if (!reply.ok) {
    message(reply.error);
    announce(reply.error);
  }
  return reply;
}

// ------------------------------------------------------------------------------------ matches

function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return words[0].toString(36) + words[1].toString(36);
}

function clearTable() {
  ui.table += 1;
  closeAllDialogs();
  ui.cancelBot();
  ui.selected = null;
  ui.order = [];
  ui.handSeen = 0;
  ui.historySeen = 0;
  $("log").replaceChildren();
  ui.view = null;
}

/** A new match: of `seed` (a random one when none), for two friends when `how` says so. `early`:
 * the seed's first deal is the one drawn while the engine loaded (drawFirstDeal), and the order the
 * person gave its cards then is kept. */
async function newMatch(seed, how = null, early = false) {
  if (lessons.active()) return lessons.leave(); // the saved match comes back, never a new one over it
  const order = ui.order;
  if (early) forgetDrawnView(ui, { seed });
  clearTable();
  ui.seed = seed || randomSeed();
  beginMatch();
  const reply = await request({
    op: "new", seed: ui.seed, ...rulesRequest(ui.seed, ui.settings),
    ...(how || { ...opponentRequest(ui.settings), names: NAMES }), // `how`: two friends (web/friends/friend.js)
  });
  if (!reply.ok) {
    message(t("table.could_not_start", { why: reply.error }));
    return;
  }
  ui.order = early && order.length ? order : sortedOrder(reply.view, ui.sort);
  render();
  announce(t("table.new_match_dealt", { name: seatNames(reply.view)[reply.view.dealer] }));
}

const loadMatch = (doc) => engine.call({ op: "load", save: doc, names: NAMES });

/** The saved match could not be loaded: `text` says why and where it is kept. */
function damaged(text) {
  $("notice-text").textContent = text;
  document.documentElement.dataset.notice = "damaged-save";
  ui.busy = false;
  openDialog("dlg-notice");
  return false;
}

/** Load localStorage's save (`saved`, storage.js's loadSave) back onto the table. */
async function restore(saved) {
  const reply = saved.doc === undefined ? { ok: false, error: t("notices.not_json") } : await loadMatch(saved.doc);
  if (!reply.ok) return damaged(t("notices.damaged", { why: reply.error, aside: setAsideDamaged(saved.raw) }));
  return resume(reply, saved.raw);
}

/** The engine's reply to a load of the save text `raw`: the match on the table. */
async function resume(reply, raw) {
  ui.busy = false;
  ui.seed = null;
  const kept = reply.save !== undefined ? await keepSave(reply.save) : null;
  forgetDrawnView(ui, { raw });
  rememberView(friend.kept(reply.view), kept);
  setView(reply.view);
  return true;
}

// ------------------------------------------------------------------------------------ intents

// Lessons play arranged deals on this table (web/coach/lessons.js), never saved nor counted; leaving
// one loads the saved match back into the engine.
const lessons = wireLessons({
  play: async (req) => {
    clearTable();
    const reply = await request(req);
    if (reply.ok) ui.order = sortedOrder(reply.view, ui.sort);
    render();
  },
  act: (action) => act(action),
  back: async () => {
    clearTable();
    ui.busy = true; // until the saved match is on the table again
    markBusy(true);
    const saved = loadSave();
    if (!saved) return void (await newMatch());
    if (await restore(saved)) ui.order = sortedOrder(ui.view, ui.sort);
    render();
  },
  view: () => ui.view, openDialog, closeDialog,
});
const friend = wireFriend({
  ui, inLesson: () => lessons.active(), newMatch, openDialog, closeDialog, hush,
  starting: () => stillStarting(ui, say),
  shown: () => {
    render();
    focusCard(ui.focus);
  },
});
// The welcome's answer, or null when this is no first visit (shown while the engine loads).
const greeting = firstVisit(params).then((first) => (first ? welcome() : null));

const knockReview = wireKnock({ call: (req) => engine.call(req), act, view: () => ui.view, openDialog });
const ctl = createIntents({
  ui, act, render, message, announce, say, newMatch,
  advise: advice.advise,
  openKnock: (card) => stillStarting(ui, say) || knockReview(card),
});

function wireDialogs() {
  $("result-next").addEventListener("click", () => ctl.next());
  $("result-table").addEventListener("click", () => closeDialog("dlg-result"));
  $("match-new").addEventListener("click", () => newMatch(undefined, friend.rematch())); // Rematch: a new deal, same opponent and rules
  $("match-replay").addEventListener("click", () => {
    const seed = ui.view && ui.view.seed ? ui.view.seed : ui.seed;
    newMatch(seed, friend.rematch());
  });
  $("notice-ok").addEventListener("click", () => {
    closeDialog("dlg-notice");
    newMatch(ui.pendingSeed); // the match a link asked for, if any
  });
  $("dlg-notice").addEventListener("cancel", (event) => event.preventDefault());
  $("confirm-no").addEventListener("click", () => closeDialog("dlg-confirm"));
  $("confirm-yes").addEventListener("click", () => newMatch(ui.pendingSeed));
  $("settings-form").addEventListener("change", () => {
    const form = $("settings-form");
    const speed = form.querySelector("input[name=speed]:checked");
    ui.settings = {
      ...ui.settings,
      speed: speed ? speed.value : ui.settings.speed,
      autosort: form.querySelector("input[name=autosort]").checked,
    };
    writeSettings(ui.settings);
    if (ui.settings.autosort && ui.view) ui.order = sortedOrder(ui.view, ui.sort);
    render();
  });
  // Returning focus to the hand after a dialog keeps keyboard play flowing.
  for (const d of document.querySelectorAll("dialog")) {
    d.addEventListener("close", () => {
      if (document.querySelector("dialog[open]")) return;
      const b = ui.focus && handButtonFor(ui.focus);
      if (b && document.activeElement === document.body) b.focus({ preventScroll: true });
    });
  }
}

// ------------------------------------------------------------------------------------ player

// Statistics, the daily deal, replays, rules and display options, the hand read out.
let showDaily = null; // opens the Daily panel, with a note (wireDaily)
let ratingViewed = () => {}; // rates a finished match and suggests the next opponent (wireRatings)
let coachViewed = () => {}; // reviews the hand so far on the player's turn (web/coach/coach.js)

function wirePlayer() {
  const call = (req) => engine.call(req);
  const onMatch = () => !lessons.active() && !friend.active();
  const coach = wireCoach({ openDialog, onMatch, ready: () => ui.ready, paced: () => pace() > 0 });
  useCoach(coach);
  coachViewed = coach.viewed;
  const replay = wireReplay({ call, openDialog, coach });
  const stepThrough = async (save) => {
    const why = await replay(save);
    if (why) message(t("notices.no_replay", { why }));
  };
  wireSettings({ ui, call, newMatch: () => ctl.newMatch() });
  wireStats({ openDialog });
  ratingViewed = wireRatings({ call, ui, newMatch: () => ctl.newMatch() });
  showDaily = wireDaily({
    openDialog, matches: () => loadStats().matches, seed: () => ui.seed,
    over: () => !lessons.active() && !!ui.view && ui.view.phase === "match_over", // a lesson's end is not the match's
    newMatch: (seed) => ctl.newMatch(seed), replay: stepThrough,
  });
  $("btn-learn").addEventListener("click", () => stillStarting(ui, say) || lessons.open()); // start() may yet take the table
  const watchSaved = () => {
    const saved = loadSave();
    if (saved && saved.doc) stepThrough(saved.doc);
  };
  $("match-steps").addEventListener("click", watchSaved);
  // The match's end on the table itself, once its dialog is closed (style.css shows these then).
  $("table-rematch").addEventListener("click", () => newMatch(undefined, friend.rematch()));
  $("table-replay").addEventListener("click", watchSaved);
  $("table-final").addEventListener("click", () => ui.view && showMatch(ui.view));
}

// ------------------------------------------------------------------------------------ boot

function onStatus(status) {
  if (status.stage === "download") {
    showDownload(status);
    return;
  }
  document.documentElement.dataset.boot = status.stage;
  if (status.stage === "python") {
    performance.mark("gin:python-ready");
    showPythonReady();
  } else if (status.stage === "installed") {
    performance.mark(`gin:${status.stage}`);
  } else if (status.stage === "engine") {
    performance.mark("gin:engine-ready");
    showEngineReady();
    startWhenOneBuild(status.build, start, () => !!ui.held);
  } else if (status.stage === "error") {
    showFailure(status, () => {
      $("table").setAttribute("aria-busy", "true");
      engine.resume();
    });
    $("table").setAttribute("aria-busy", "false");
  }
}

async function start() {
  const early = await firstDeal; // drawn or not before the engine's match takes the table
  const link = linkRequest(params); // null, {seed, what} or {error}
  if (link) {
    // Consume the link so that a reload resumes the match instead of asking again.
    params.delete("seed");
    params.delete("daily");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : "") + location.hash);
  }
  const seed = link && link.seed;
  ui.pendingSeed = seed; // a damaged save's notice starts the link's match
  const saved = await loadNewestSave(loadMatch); // the copy loaded, the copies refused, or null
  const restored = saved && (saved.reply ? await resume(saved.reply, saved.raw) : damaged(saved.refused));
  if (seed && !saved) await newMatch(seed);
  else if (!saved) {
    const answer = await greeting; // a newcomer's first launch (web/coach/welcome.js)
    if (answer && answer.opponent) writeSettings((ui.settings = { ...ui.settings, opponent: answer.opponent }));
    await newMatch(early, null, !!early);
    if (answer && answer.learn) lessons.open();
  }
  if (link && link.error) showDaily(link.error);
  ui.ready = true;
  performance.mark("gin:playable");
  document.documentElement.dataset.ready = "1";
  playHeldMove(ui, act, say);
  // A link never abandons a match in progress silently: it asks, as New match does (once the
  // engine is ready: New match waits for that).
  if (seed && restored) ctl.newMatch(seed, link.what);
  // Once the person may play, so precaching never competes with the boot. (The precache asks
  // for every file again: its requests went without validators when measured, so each came
  // whole, not as a 304; README, Deploying.) The precache holds the engine's snapshot for the
  // next visit; when it does not (no service worker), the worker fetches and keeps it, after the
  // precache so that it is never downloaded twice.
  personsTurn(PRECACHE_WAIT_MS)
    .then(() => registerServiceWorker(params.get("sw") !== "0"))
    .then(() => engine.keepSnapshot());
}

// The saved match's last view at first paint; a link's match is asked for over it (start()).
if (!friend.savedIsFriends()) drawSavedView(ui); // a friend's hand waits for the hand-over
// With no save and no link, a first deal once the welcome is answered: none under the lessons,
// nor where the journal holds a match (web/store/journal.js; one that does not answer holds none
// the page can load). Its seed, or null: start() has the engine deal it.
const firstDeal =
  !loadSave() && !params.has("seed") && !params.has("daily")
    ? Promise.all([greeting, readJournal().then((entry) => entry === null, () => true)]).then(([answer, none]) =>
        none && !(answer && answer.learn) ? drawFirstDeal(ui) : null)
    : Promise.resolve(null);
claimMatch();
watchTabs({
  openDialog,
  lost() {
    ui.cancelBot();
    ui.busy = true;
    render();
  },
});
engine.onStatus(onStatus);
wireInput(ctl);
wirePlayer();
wireDialogs();
// A phone turned sideways reshapes the move log: keep its latest line in sight.
window.addEventListener("resize", scrollLogToEnd);
requestAnimationFrame(() => performance.mark("gin:shell-painted"));
window.__gin = { ui, prettyText, engine, sound, reviewer, act }; // for the browser tests and the curious
