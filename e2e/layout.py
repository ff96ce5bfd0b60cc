"""Layout checks for the screen-size tests: one screen, nothing cut off, nothing covered.

The page itself must never scroll, either way. With no dialog open, every visible control and card
of the table (the header's buttons, the opponent's cards, the piles, each of your cards, the action
buttons) and the prompt must lie wholly inside the viewport as the page first shows it, and the
point a person aims at must hit the control itself, not something on top of it. For a card that
is the index corner (rank and suit), since the hand fans its cards on small screens; for other
controls, the middle. Your cards must stay at least 44 px tall (a finger's target).

The action bar must not lie over any part of any of your cards (not only their corners), and the
header's scores, target, cue and menu must not overlap. No text may be cut: an element that clips
what overflows it (ellipsis, hidden overflow) must hold all of its text, and the prompt area and
a lesson's coach must hold all they say.

An open dialog must lie inside the viewport and must not scroll sideways; it must show its top as
it opens (not scrolled down), with the focus in sight; its primary action must be in sight and
uncovered both at its top and scrolled to its end; any other control may need the dialog to
scroll (inside itself), and is checked scrolled into view.

A page zoomed so far that no table fits one screen (``reflow``: a phone at 200%, WCAG 1.4.10) may
scroll down, never sideways: each control, card and the prompt is then checked scrolled into
view, and the action bar must not lie over a card scrolled into view.
"""

from __future__ import annotations

from typing import Any

PROBLEMS_JS = r"""
(reflow) => {
  const dialog = document.querySelector("dialog[open]");
  const root = dialog || document.body;
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const name = (el) => el ? (el.id ? "#" + el.id
    : el.getAttribute("aria-label") || el.dataset.card
      || (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 24)
      || el.tagName.toLowerCase()) : "nothing";
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && !el.closest("[hidden]")
      && !el.closest(".sr-only");
  };
  const problems = [];
  const page = document.documentElement;
  const tall = !reflow && page.scrollHeight > page.clientHeight + 1;
  if (tall || page.scrollWidth > page.clientWidth + 1) {
    const past = [...document.body.querySelectorAll("*")].filter(shown).filter((el) => {
      const r = el.getBoundingClientRect();
      return (tall && r.bottom > vh + 1) || r.right > vw + 1;
    }).map(name).slice(0, 3).join(", ");
    const size = `${page.scrollWidth}×${page.scrollHeight} in ${vw}×${vh}`;
    problems.push(`the page scrolls${tall ? "" : " sideways"} (${size}): ${past}`);
  }
  if (dialog && dialog.scrollWidth > dialog.clientWidth + 1) {
    const edge = dialog.getBoundingClientRect().left + dialog.clientWidth + 1;
    const wide = [...dialog.querySelectorAll("*")].filter(shown)
      .filter((el) => el.getBoundingClientRect().right > edge).map(name).slice(0, 3).join(", ");
    const size = `${dialog.scrollWidth} > ${dialog.clientWidth}`;
    problems.push(`${name(dialog)} scrolls sideways (${size}): ${wide}`);
  }
  const inside = (el, r) => {
    if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5) {
      const [x0, y0, x1, y1] = [r.left, r.top, r.right, r.bottom].map(Math.round);
      const span = `${x0},${y0}..${x1},${y1}`;
      problems.push(`${name(el)} is outside the ${vw}×${vh} viewport (${span})`);
      return false;
    }
    return true;
  };
  const reachable = (el, why = "") => {
    const r = el.getBoundingClientRect();
    if (!inside(el, r)) return;
    if (dialog && el !== dialog) {
      const box = dialog.getBoundingClientRect();
      if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
        problems.push(`${name(el)} is cut off by the dialog's edge${why}`);
        return;
      }
    }
    const card = el.matches(".card");
    const x = card ? r.left + Math.min(8, r.width / 3) : r.left + r.width / 2;
    const y = card ? r.top + Math.min(10, r.height / 3) : r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const label = el.closest("label");
    const ok = hit && (hit === el || el.contains(hit) || (label && label.contains(hit)));
    const at = `${Math.round(x)},${Math.round(y)}`;
    if (!ok) problems.push(`${name(el)} is covered by ${name(hit)} at ${at}${why}`);
  };
  const controls = [...root.querySelectorAll(
    "button, input, select, textarea, a[href], .card, [role=slider]")]
    .filter((el) => !(el.matches(".card") && el.parentElement.closest("button.card")))
    .filter(shown);
  // Text cut off: a box that clips its overflow and holds more than it shows. The deadwood's
  // label and the prompt are named in the problem by their text.
  for (const el of [...root.querySelectorAll("*")].filter(shown)) {
    const style = getComputedStyle(el);
    const clips = ["hidden", "clip"].includes(style.overflowX)
      || ["hidden", "clip"].includes(style.overflowY); // (an ellipsis needs one of them)
    const hidden = el.clientWidth <= 1 || el.clientHeight <= 1; // kept for screen readers only
    const text = (el.textContent || "").trim();
    if (!clips || hidden || !text || el.matches(".card, .card *")) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      const what = (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 40);
      const size = `${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`;
      const who = el.id ? "#" + el.id : el.className || el.tagName;
      problems.push(`${who} is cut (${size}): "${what}"`);
    }
  }
  // The lesson's coach scrolls inside when its words outgrow it: on the table it must not, or
  // the task or the answer to a wrong move is hidden below its edge.
  const coach = document.getElementById("coach");
  if (!dialog && coach && shown(coach) && coach.scrollHeight > coach.clientHeight + 1) {
    const size = `${coach.scrollHeight} in ${coach.clientHeight}`;
    problems.push(`#coach is cut (${size}): "${(coach.textContent || "").trim().slice(0, 40)}"`);
  }
  // The header's parts side by side, none drawn over another (three-digit scores need room).
  const parts = [...document.querySelectorAll(".scores > :not(.sr-only), .menu")].filter(shown);
  parts.forEach((a, i) => parts.slice(i + 1).forEach((b) => {
    const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
    const right = (el, r) => r.left + Math.max(r.width, el.scrollWidth); // text past its box too
    const w = Math.min(right(a, p), right(b, q)) - Math.max(p.left, q.left);
    const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (w > 1 && h > 1) problems.push(`${name(a)} and ${name(b)} overlap in the header`);
  }));
  if (dialog) {
    // As it opened: at its top, the focus in sight (checked before the scrolls below).
    const box = dialog.getBoundingClientRect();
    if (dialog.scrollTop > 1) {
      problems.push(`${name(dialog)} opened scrolled down by ${dialog.scrollTop} px`);
    }
    const focused = document.activeElement;
    if (focused && dialog.contains(focused) && focused !== dialog) {
      const f = focused.getBoundingClientRect();
      if (f.top < box.top - 0.5 || f.bottom > box.bottom + 0.5) {
        problems.push(`${name(dialog)} has its focus (${name(focused)}) out of sight`);
      }
    }
    inside(dialog, box);
    const primary = [...dialog.querySelectorAll("button.primary")].filter(shown);
    for (const end of ["top", "end"]) {
      dialog.scrollTop = end === "top" ? 0 : dialog.scrollHeight;
      for (const el of primary) reachable(el, ` (dialog scrolled to its ${end})`);
    }
    for (const el of controls) {
      el.scrollIntoView({ block: "center", inline: "nearest" });
      reachable(el);
    }
    dialog.scrollTop = 0;
  } else {
    // Zoomed, where the page may scroll down, each is checked as the player scrolls to it; the
    // action bar, stuck to the screen's bottom, must then still not lie over a card.
    const into = (el) => reflow && el.scrollIntoView({ block: "center", inline: "nearest" });
    for (const el of [...controls, document.getElementById("prompt-area")]) {
      into(el);
      reachable(el);
    }
    for (const el of document.querySelectorAll("#hand button.card")) {
      into(el);
      const bar = document.getElementById("actions").getBoundingClientRect();
      const r = el.getBoundingClientRect();
      if (r.height < 44) problems.push(`${name(el)} is only ${Math.round(r.height)} px tall`);
      const over = Math.min(r.bottom, bar.bottom) - Math.max(r.top, bar.top);
      if (over > 0.5 && Math.min(r.right, bar.right) > Math.max(r.left, bar.left) + 0.5) {
        problems.push(`the action bar lies over ${name(el)} (${Math.round(over)} px)`);
      }
    }
  }
  window.scrollTo(0, 0);
  return problems;
}
"""


def layout_problems(page: Any, reflow: bool = False) -> list[str]:
    """What is cut off, covered or scrolled away on the page as it is now (empty when all is
    well), once the page has drawn two frames at its size: what reacts to a new size (the header's
    menu folding into More, web/table/menufit.js) has then had its turn, as it has for a player.
    ``reflow``: the page zoomed, which may scroll down but not sideways (module docstring)."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    problems: list[str] = page.evaluate(PROBLEMS_JS, reflow)
    return problems
