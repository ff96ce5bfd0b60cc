// Where the keyboard's place in the hand goes when cards come and go. A discard hands the place
// to the card that took the thrown card's slot (the one after it, or the one before when it was
// the last), so that the player goes on from where they were instead of from the first card. A
// card drawn from the stock takes the place: it is the card the player must judge next. A card
// taken from the pile does not: it cannot be thrown back this turn, so the place stays put.
import { handButtonFor } from "./render.js";
import { $ } from "./dom.js";

/** The card to hold the place after `code` is discarded from the hand laid out as `order`. */
export function focusAfterDiscard(order, code) {
  const i = order.indexOf(code);
  if (i < 0) return null;
  return order[i + 1] || order[i - 1] || null;
}

/** The card to hold the place once `view` is drawn: `added` (the card that joined the hand with
 * this view, if any) when it came from the stock, else `current` (the card holding it now). */
export function focusAfterView(view, added, current) {
  return added && added === view.drawn ? added : current;
}

/** Move the keyboard focus to `code`'s card when it is in the hand on another card (the table
 * keeps the focused card focused across a redraw, so a place handed on must be taken there). */
export function focusCard(code) {
  const btn = code && handButtonFor(code);
  const now = document.activeElement;
  if (btn && now !== btn && $("hand").contains(now)) btn.focus({ preventScroll: true });
}
