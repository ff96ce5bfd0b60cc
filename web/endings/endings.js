// The dialogs' two moves (open as a modal, close), and the endings told in full: the hand's end
// (both hands, the scoring steps, the way on) and the match's end (the winner, the totals and
// the score sheet). main.js decides when; this module writes and opens.
import { renderResult } from "../table/render.js";
import { $ } from "../table/dom.js";
import { t } from "../words/i18n.js";
import { renderSteps } from "./scoring.js";
import { renderFinal } from "./scoresheet.js";
import { renderDealCheck } from "../deals/fairness.js";

let coach = null; // web/coach/coach.js: reviews the hand and the match as they end (main.js sets it)

export function useCoach(hooks) {
  coach = hooks;
}

/** Open a dialog as a modal, at its top: the browser focuses its first control (or ``focus``,
 * the control the dialog is for) and scrolls to it, which on a short screen can be the last thing
 * in it (the keys dialog's link, a zoomed knock's first declaration); then the heading takes the
 * focus instead, and the dialog is shown from its title. */
export function openDialog(id, focus = null) {
  const d = $(id);
  if (d.open) return;
  d.showModal();
  if (focus) focus.focus({ preventScroll: true });
  d.scrollTop = 0;
  const focused = d.contains(document.activeElement) ? document.activeElement : null;
  const box = d.getBoundingClientRect();
  const at = focused && focused.getBoundingClientRect();
  if (at && at.top >= box.top && at.bottom <= box.bottom) return;
  const heading = d.querySelector("h2");
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

export function closeDialog(id) {
  const d = $(id);
  if (d.open) d.close();
}

export function closeAllDialogs() {
  for (const d of document.querySelectorAll("dialog[open]")) d.close();
}

/** The hand's end, written into its dialog (still closed): the hands, the steps, the way on. */
export function fillResult(view) {
  const last = view.phase === "match_over";
  renderResult(view);
  renderSteps(view);
  renderDealCheck(view);
  const next = $("result-next");
  next.textContent = t(last ? "table.see_match" : "view.action.next");
  next.disabled = !last && !view.legal_actions.some((a) => a.action === "next");
  if (coach) coach.handEnded(view);
}

/** The hand's end opened at its top with its way on focused: "Next hand", or "See the match";
 * `motion` lays the knocker's melds down. */
export function openResult(motion) {
  openDialog("dlg-result");
  $("dlg-result").scrollTop = 0;
  $("result-next").focus({ preventScroll: true });
  motion.layDown($("result-body"));
}

/** The match's end: the winner, the final totals and the score sheet; Rematch focused. */
export function showMatch(view) {
  closeDialog("dlg-result");
  renderFinal(view);
  if (coach) coach.matchEnded(view);
  openDialog("dlg-match");
  $("dlg-match").scrollTop = 0;
  $("match-new").focus({ preventScroll: true });
}
