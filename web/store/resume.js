// Instant resume: on a return visit the saved match's last view is drawn at once, before Python
// starts, and a move made before the engine is ready is held, then played once when it is. A first
// visit has no save: one of the first deals the engine dealt at build time (config.mjs) is drawn
// the same way, and the match the engine then starts is that deal (drawFirstDeal).
//
// The view is kept beside the save with a fingerprint of the save's text, so it is drawn only
// while it belongs to the save the engine will load. While the engine starts, the first move is
// held (and said so); any further one is refused aloud; the held move is played when the engine
// has loaded the match, if it is still legal, or refused aloud if not. Never lost silently, never
// played twice.
import config from "../config.mjs";
import { renderTable } from "../table/render.js";
import { sortedOrder } from "../table/handsort.js";
import { moveWords } from "../table/prompt.js";
import { t } from "../words/i18n.js";
import { forgetLastView, loadLastView, loadSave, writeLastView } from "./storage.js";

/** FNV-1a over the save's text: enough to tell that a kept view belongs to this save. */
function fingerprint(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

/** Keep the view of a save just written ({stored, text}, web/store/saving.js) under that save's
 * fingerprint; a save localStorage refused, or no view to keep (null: a match between friends),
 * takes the older view away, which belongs to no save the page would load. */
export function rememberView(view, saved) {
  if (!saved) return; // not this tab's save to write (web/store/tabs.js)
  if (saved.stored && view) writeLastView({ save: fingerprint(saved.text), view });
  else forgetLastView();
}

let drawnFor = null; // what the view drawn before the engine belongs to: a save's fingerprint, or a first deal's seed

/** Draw `view` before the engine is in, for `key`; true when drawn. */
function drawBefore(ui, view, key) {
  try {
    ui.view = view;
    ui.busy = false;
    renderTable(view, ui);
  } catch {
    ui.view = null; // a view this page cannot draw: the engine's will do
    return false;
  }
  drawnFor = key;
  return true;
}

/** Draw the saved match's last view, when it belongs to the save; true when drawn. */
export function drawSavedView(ui) {
  const saved = loadSave();
  const last = loadLastView();
  if (!saved || !last || !last.view || last.save !== fingerprint(saved.raw)) return false;
  if (!drawBefore(ui, last.view, last.save)) return false;
  document.documentElement.dataset.resumed = "1";
  performance.mark("gin:saved-view");
  return true;
}

/** A first visit's table while Python loads: one of the build's first deals (each dealt by the
 * engine with the rules' defaults, the person to speak first), chosen at random, so the hand can
 * be read and a first move held. The seed of the deal drawn, or null: none is drawn over a view
 * already there, or where the settings ask for other rules. `newMatch` then starts that seed; its
 * fingerprint is shown then, under the match's own secret salt (the seed, in config.mjs, fixed
 * the cards before the page was even loaded: docs/fairness.md). */
export function drawFirstDeal(ui) {
  const deals = config.firstDeals;
  if (ui.view || ui.ready || !deals.length || ui.settings.rules || ui.settings.decks) return null;
  const deal = deals[Math.floor(Math.random() * deals.length)];
  ui.order = sortedOrder(deal.view, ui.sort); // as the engine's deal will be laid out (newMatch)
  if (!drawBefore(ui, deal.view, `deal:${deal.seed}`)) return null;
  document.documentElement.dataset.firstDeal = "1";
  performance.mark("gin:first-deal");
  return deal.seed;
}

/** Before the engine's first view (of the save `raw` it loaded, or of the new match `seed` it
 * dealt) replaces the drawn one: the page starts from no view. A held move was asked for on the
 * drawn view; when the engine's match is another (a newer save, the journal's), it is not played
 * (playHeldMove says so). */
export function forgetDrawnView(ui, { raw = null, seed = null }) {
  ui.view = null;
  const key = raw !== null ? fingerprint(raw) : `deal:${seed}`;
  ui.heldOnOther = drawnFor !== null && drawnFor !== key;
  delete document.documentElement.dataset.firstDeal;
}

// A move in words, from the labels of the view it was asked on (the drawn one, if any).
const words = (ui, action) => (ui.view ? moveWords(ui.view, action) : action);

/** A move asked for before the engine is ready: hold the first, refuse the others (aloud). */
export function holdMove(ui, action, say) {
  if (ui.held) {
    say(t("notices.held_move_waiting", { held: words(ui, ui.held), move: words(ui, action) }));
    return;
  }
  ui.held = action;
  document.documentElement.dataset.held = action;
  say(t("notices.held_move", { move: words(ui, action) }));
}

/** The engine is ready: play the held move once if still legal, else say it was not played. */
export async function playHeldMove(ui, act, say) {
  const action = ui.held;
  if (!action) return;
  ui.held = null;
  delete document.documentElement.dataset.held;
  if (ui.heldOnOther) say(t("notices.held_move_other_save", { move: words(ui, action) }));
  else if (ui.view && ui.view.legal_actions.some((a) => a.action === action)) await act(action);
  else say(t("notices.held_move_illegal", { move: words(ui, action) }));
}

/** Say that a request needing the engine (a hint, the knock review) waits for it. */
export function stillStarting(ui, say) {
  if (ui.ready) return false;
  if (ui.view) say(t("notices.still_starting"));
  return true;
}

