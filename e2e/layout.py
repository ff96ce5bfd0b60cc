"""Layout checks for the screen-size tests: nothing cut off, nothing covering a control.

Neither the page nor an open dialog may scroll sideways. In the open dialog (else the whole
page) every visible control and card is scrolled into view and then checked: it must lie within
the viewport's width, and the point a person aims at must hit the control itself, not something
on top of it. For a card that is the index corner (rank and suit), since the hand fans its
cards on small screens; for other controls, the middle.
"""

from __future__ import annotations

from typing import Any

PROBLEMS_JS = r"""
() => {
  const root = document.querySelector("dialog[open]") || document.body;
  const vw = document.documentElement.clientWidth;
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
  const controls = [...root.querySelectorAll(
    "button, input, select, textarea, a[href], .card, [role=slider]")]
    .filter((el) => !(el.matches(".card") && el.parentElement.closest("button.card")))
    .filter(shown);
  const problems = [];
  // Nothing may scroll sideways: neither the page nor the open dialog.
  for (const box of new Set([document.documentElement, root === document.body ? null : root])) {
    if (box && box.scrollWidth > box.clientWidth + 1) {
      const edge = box.getBoundingClientRect().left + box.clientWidth + 1;
      const wide = [...box.querySelectorAll("*")].filter(shown)
        .filter((el) => el.getBoundingClientRect().right > edge).map(name).slice(0, 3).join(", ");
      const sizes = `${box.scrollWidth} > ${box.clientWidth}`;
      problems.push(`${name(box)} scrolls sideways (${sizes}): ${wide}`);
    }
  }
  for (const el of controls) {
    el.scrollIntoView({ block: "center", inline: "nearest" });
    window.scrollTo(0, window.scrollY); // down only: what lies past the right edge is cut off
    root.scrollLeft = 0;
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > vw + 0.5) {
      const span = `${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`;
      problems.push(`${name(el)} is cut off (${span})`);
      continue;
    }
    const card = el.matches(".card");
    const x = card ? r.left + Math.min(8, r.width / 3) : r.left + r.width / 2;
    const y = card ? r.top + Math.min(10, r.height / 3) : r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const label = el.closest("label");
    const ok = hit && (hit === el || el.contains(hit) || (label && label.contains(hit)));
    const at = `${Math.round(x)},${Math.round(y)}`;
    if (!ok) problems.push(`${name(el)} is covered by ${name(hit)} at ${at}`);
  }
  window.scrollTo(0, 0);
  return problems;
}
"""


def layout_problems(page: Any) -> list[str]:
    """What is cut off or covered on the page as it is now (empty when all is well)."""
    problems: list[str] = page.evaluate(PROBLEMS_JS)
    return problems
