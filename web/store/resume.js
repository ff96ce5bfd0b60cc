// Instant resume: on a return visit the saved match's last view is drawn at once, before Python
// starts, and a move made before the engine is ready is held, then played once when it is.
//
// The view is kept beside the save with a fingerprint of the save's text, so it is drawn only
// while it belongs to the save the engine will load. While the engine starts, the first move is
// held (and said so); any further one is refused aloud; the held move is played when the engine
// has loaded the match, if it is still legal, or refused aloud if not. Never lost silently, never
// played twice.
import { renderTable } from "../table/render.js";
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

let drawnFor = null; // the fingerprint of the save whose view was drawn before the engine

/** Draw the saved match's last view, when it belongs to the save; true when drawn. */
export function drawSavedView(ui) {
  const saved = loadSave();
  const last = loadLastView();
  if (!saved || !last || !last.view || last.save !== fingerprint(saved.raw)) return false;
  try {
    ui.view = last.view;
    ui.busy = false;
    renderTable(last.view, ui);
  } catch {
    ui.view = null; // a view this page cannot draw: the engine's will do
    return false;
  }
  drawnFor = last.save;
  document.documentElement.dataset.resumed = "1";
  performance.mark("gin:saved-view");
  return true;
}

/** Before the engine's first view (of the save `raw` it loaded) replaces the drawn one: the page
 * starts from no view. A held move was asked for on the drawn view; when the engine loaded
 * another save (the journal's, newer), it is not played (playHeldMove says so). */
export function forgetDrawnView(ui, raw) {
  ui.view = null;
  ui.heldOnOther = drawnFor !== null && drawnFor !== fingerprint(raw);
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

