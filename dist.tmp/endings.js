// The dialogs' two moves (open as a modal, close), and the endings told in full: the hand's end
// (both hands, the scoring steps, the way on) and the match's end (the winner, the totals and
// the score sheet). main.js decides when; this module writes and opens.
import { $, renderResult } from "./render.js";
import { renderSteps } from "./scoring.js";
import { renderFinal } from "./scoresheet.js";

export function openDialog(id) {
  const d = $(id);
  if (!d.open) d.showModal();
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
  const next = $("result-next");
  next.textContent = last ? "See the match" : "Next hand";
  next.disabled = !last && !view.legal_actions.some((a) => a.action === "next");
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
  openDialog("dlg-match");
  $("dlg-match").scrollTop = 0;
  $("match-new").focus({ preventScroll: true });
}
