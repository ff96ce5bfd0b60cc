// Words of any length in the table's two tightest places, measured as they are drawn (the length
// of a text differs per language, and per message within one):
// - the prompt area keeps the height of its few lines (style.css, --lines) and lowers its type a
//   little, step by step, while its text and the hint's chip do not fit in it (never below
//   MIN_SCALE);
// - your seat's heading (name, dealer chip, deadwood, sort): when its "Your turn" pill would take it
//   past the seat or onto more lines, the pill shrinks to a dot (the seat's gold ring still says it);
// - and should the table still run past the bottom of the screen, it takes its tightest form
//   (body.squeeze in style.css: smaller links and rules beside the piles, thinner seats, the
//   opponent's lines in words kept for screen readers), the same in every language that needs it,
//   where that form fits the screen.

const MIN_SCALE = 0.7;
const STEP = 0.06;

/** Lower the prompt area's type (its --fit factor) until what it shows fits in its box. */
function fitPrompt(area) {
  area.style.removeProperty("--fit");
  for (let scale = 1; area.scrollHeight > area.clientHeight + 1 && scale - STEP >= MIN_SCALE;) {
    scale -= STEP;
    area.style.setProperty("--fit", scale.toFixed(2));
  }
}

/** The pill becomes a dot when, as a pill, it would take the heading past the seat or onto more
 * lines (the class is on the seat: the heading's own changes are watched). */
function fitHead(head) {
  const seat = head.parentElement;
  seat.classList.add("tight");
  const height = head.offsetHeight;
  seat.classList.remove("tight");
  const edge = seat.getBoundingClientRect().right;
  const past = [...head.children].some((el) => el.getBoundingClientRect().right > edge + 1);
  if (head.offsetHeight > height + 1 || past) seat.classList.add("tight");
}

/** The tightest form, only while the table would otherwise scroll and it then fits: where the
 * page scrolls anyway (a zoomed phone, zoomed.css), smaller words would only undo the zoom. */
function fitTable() {
  const page = document.documentElement;
  const scrolls = () => page.scrollHeight > innerHeight + 1;
  document.body.classList.remove("squeeze");
  if (!scrolls()) return;
  document.body.classList.add("squeeze");
  if (scrolls()) document.body.classList.remove("squeeze");
}

export function fitTexts() {
  const area = document.getElementById("prompt-area");
  const head = document.querySelector(".seat.me .seat-head");
  const fit = () => {
    fitHead(head);
    fitTable();
    fitPrompt(area);
  };
  // Again when the words change (a new prompt, the hint shown or hidden, the deadwood, the turn)
  // or the table's width does; not on the fit's own changes of style.
  const words = { childList: true, characterData: true, subtree: true, attributes: true,
    attributeFilter: ["hidden", "aria-expanded", "class"] };
  const watch = new MutationObserver(fit);
  watch.observe(area, words);
  watch.observe(head, words);
  // And when the page's height does (any part of the table, or the screen's size); a fit that
  // ends as it began is not seen as a change.
  let width = -1;
  new ResizeObserver(() => {
    if (area.clientWidth !== width) {
      width = area.clientWidth;
      fit();
    }
  }).observe(area);
  new ResizeObserver(fit).observe(document.body);
}
