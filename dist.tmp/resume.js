// Instant resume: on a return visit the saved match's last view is drawn at once, before Python
// starts, and a move made before the engine is ready is held, then played once when it is.
//
// The view is kept beside the save with a fingerprint of the save's text, so it is drawn only
// while it belongs to the save the engine will load. While the engine starts, the first move is
// held (and said so); any further one is refused aloud; the held move is played when the engine
// has loaded the match, if it is still legal, or refused aloud if not. Never lost silently, never
// played twice.
import { prettyText, renderTable } from "./render.js";
import { loadLastView, loadSave, writeLastView } from "./storage.js";

/** FNV-1a over the save's text: enough to tell that a kept view belongs to this save. */
function fingerprint(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

/** Keep the view just drawn with the save it belongs to (call after the save is written). */
export function rememberView(view) {
  const saved = loadSave();
  if (saved) writeLastView({ save: fingerprint(saved.raw), view });
}

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
  document.documentElement.dataset.resumed = "1";
  performance.mark("gin:saved-view");
  return true;
}

/** Before the engine's first view replaces the drawn one: the page starts from no view. */
export function forgetDrawnView(ui) {
  ui.view = null;
}

const sentence = (action) => {
  const text = prettyText(action);
  return text[0].toUpperCase() + text.slice(1);
};

/** A move asked for before the engine is ready: hold the first, refuse the others (aloud). */
export function holdMove(ui, action, say) {
  if (ui.held) {
    say(`Still starting: ${prettyText(ui.held)} is waiting, so ${prettyText(action)} was not taken.`);
    return;
  }
  ui.held = action;
  document.documentElement.dataset.held = action;
  say(`${sentence(action)}: it will be played as soon as the engine is ready.`);
}

/** The engine is ready: play the held move once if still legal, else say it was not played. */
export async function playHeldMove(ui, act, say) {
  const action = ui.held;
  if (!action) return;
  ui.held = null;
  delete document.documentElement.dataset.held;
  if (ui.view && ui.view.legal_actions.some((a) => a.action === action)) await act(action);
  else say(`${sentence(action)} was not played: it is not possible now.`);
}

/** Say that a request needing the engine (a hint, the knock review) waits for it. */
export function stillStarting(ui, say) {
  if (ui.ready) return false;
  if (ui.view) say("The engine is still starting: try again in a moment.");
  return true;
}

