// The header's menu folds its worded buttons (Learn, Daily, Stats, ...) into a "More" (☰) list
// when they do not all fit beside the scores, in whatever language and at whatever width: the
// header never runs past the screen, never takes more rows than with them all folded, and none of
// its parts is drawn over another. Measured, not guessed: words differ in length per language.

const FOLDABLE = ["btn-learn", "btn-daily", "btn-stats", "btn-sheet", "btn-new"];

/** Does ``el`` run past the header's edges, or hold more than its box? */
function overflows(el, bar) {
  const [r, box] = [el.getBoundingClientRect(), bar.getBoundingClientRect()];
  return r.left < box.left - 1 || r.right > box.right + 1 || el.scrollWidth > el.clientWidth + 1;
}

/** Does the header, as it is now, fit: no more than ``height`` px tall, none of its buttons and
 * parts (the scores' own parts among them) past its edges or holding more than its box, and
 * none drawn over another. */
function fits(bar, height) {
  if (bar.getBoundingClientRect().height > height + 1) return false;
  // (Not the title kept for screen readers only, nor the folded buttons.)
  const seen = (el) => el.getBoundingClientRect().width > 1 && !el.closest("[hidden]");
  const parts = [...bar.children, ...bar.querySelectorAll(".scores > :not(.sr-only), button")].filter(seen);
  if (parts.some((el) => overflows(el, bar))) return false;
  const boxes = [...bar.querySelectorAll(".scores > :not(.sr-only), .menu")].filter(seen)
    .map((el) => el.getBoundingClientRect());
  const apart = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) <= 1
    || Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) <= 1;
  return boxes.every((a, i) => boxes.slice(i + 1).every((b) => apart(a, b)));
}

export function fitMenu() {
  const bar = document.querySelector("header.bar");
  const more = document.getElementById("menu-more");
  const toggle = document.getElementById("btn-more");
  const list = document.getElementById("menu-more-list");
  const buttons = FOLDABLE.map((id) => document.getElementById(id));
  const open = (on) => {
    list.hidden = !on;
    toggle.setAttribute("aria-expanded", String(on));
  };

  /** Unfold as many buttons, in order, as keep the header as short as with all folded; first,
   * should the scores alone not fit in their row, each name goes above its points. */
  const fit = () => {
    open(false);
    more.hidden = false;
    list.append(...buttons);
    bar.classList.remove("tight");
    const scores = document.getElementById("scores");
    const edge = Math.min(scores.getBoundingClientRect().right, bar.getBoundingClientRect().right) + 1;
    const names = [...scores.querySelectorAll(":scope > :not(.sr-only)")];
    if (names.some((el) => el.getBoundingClientRect().right > edge)) bar.classList.add("tight");
    const height = bar.getBoundingClientRect().height;
    for (const button of buttons) {
      more.before(button);
      more.hidden = button === buttons[buttons.length - 1]; // the last needs no More beside it
      if (!fits(bar, height)) {
        more.hidden = false;
        list.prepend(button); // (the rest are in the list after it, in their order)
        break;
      }
    }
  };

  toggle.addEventListener("click", () => open(list.hidden));
  list.addEventListener("click", (event) => event.target.closest("button") && open(false));
  more.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !list.hidden) {
      event.stopPropagation();
      open(false);
      toggle.focus();
    }
  });
  document.addEventListener("pointerdown", (event) => !more.contains(event.target) && open(false));
  more.addEventListener("focusout", (event) => !more.contains(event.relatedTarget) && open(false));
  // Fitted again when the header's width changes, or its words (names, scores, the hand's
  // number): not when its height does, which fitting changes.
  let width = -1;
  new ResizeObserver(() => {
    if (bar.clientWidth !== width) {
      width = bar.clientWidth;
      fit();
    }
  }).observe(bar);
  // ... or the screen's height, which alone can bring other rules (a phone of 320 px turned from
  // zoomed sideways to upright kept a fit for the other layout, and ran past the screen); not
  // while the More list is open (a fit closes it, and a phone's URL bar sliding away resizes).
  window.addEventListener("resize", () => list.hidden && fit());
  new MutationObserver(fit).observe(document.getElementById("scores"),
    { childList: true, characterData: true, subtree: true });
  // ... or when the Notice button comes or goes (web/table/notice.js), or its count changes.
  new MutationObserver(fit).observe(document.getElementById("btn-notices"),
    { attributes: true, attributeFilter: ["hidden"], childList: true, characterData: true, subtree: true });
}
