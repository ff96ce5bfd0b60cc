// The engine's hint for a view, asked once per view and shared: where a knock is on offer the
// prompt gives the search's verdict on it (asked as soon as the view comes), and the Hint button
// shows the same reply, so the table speaks with one voice. The engine sends the hint's reason
// as a message ({key, args}, gin/ai/coach/hint.py); it is worded here, once, in the page's language, so
// that the rest of the page shows `hint.reason` as text.
import { said } from "../words/i18n.js";
import { endings, showPrompt } from "../table/prompt.js";

/** The engine's reply to {op: "hint"} with its reason in words. */
function worded(reply) {
  if (reply.ok && reply.hint && typeof reply.hint.reason === "object") {
    return { ...reply, hint: { ...reply.hint, reason: said(reply.hint.reason) } };
  }
  return reply;
}

/** `call(request)` asks the engine; `ui` is the table's state (ui.view, ui.advice). */
export function createAdvice({ call, ui }) {
  const replies = new WeakMap(); // view -> the engine's reply to {op: "hint"}, as a promise

  /** The engine's hint for `view` (the one on the table), asked only once. */
  function advise(view) {
    if (!replies.has(view)) replies.set(view, call({ op: "hint" }).then(worded));
    return replies.get(view);
  }

  /** Where the player may knock (and not go gin), ask for the verdict and show it once come. */
  function askKnock(view) {
    const { bigGin, gins, knocks } = endings(view);
    const mine = view.phase === "discard" && view.to_act === view.seat;
    if (!mine || !knocks.length || gins.length || bigGin) return;
    advise(view).then((reply) => {
      if (!reply.ok || ui.view !== view) return;
      ui.advice = { view, hint: reply.hint };
      showPrompt(view, ui); // the prompt only: a redraw of the hand could eat a click under way
    });
  }

  return { advise, askKnock };
}
