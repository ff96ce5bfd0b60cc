"""Accessibility checks shared by the browser tests: axe-core, and the contrast of card faces.

axe-core checks text in the DOM, but a card's rank and suit are drawn by CSS (data-glyph, so that
a card's accessible name stays its words): axe never sees them. ``card_contrast_problems`` checks
them itself, by WCAG's formula, on every card face shown, dialogs and the table behind alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

CARD_CONTRAST_JS = r"""
() => {
  const rgb = (text) => (text.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const problems = [];
  for (const card of document.querySelectorAll(".card[data-card]")) {
    const box = card.getBoundingClientRect();
    if (!box.width || card.closest("[hidden]") || card.classList.contains("dragging")) continue;
    let faded = 1;
    for (let el = card; el; el = el.parentElement) faded *= Number(getComputedStyle(el).opacity);
    const where = card.closest("dialog, section, [id]");
    const place = where ? "#" + (where.id || where.className) : "the page";
    const at = `${card.dataset.card} in ${place}`;
    if (faded < 0.99) {
      problems.push(`${at} is drawn faded (opacity ${faded.toFixed(2)})`);
      continue;
    }
    const back = rgb(getComputedStyle(card).backgroundColor);
    if (back.length === 4 && back[3] < 1) {
      problems.push(`${at} has a see-through face`);
      continue;
    }
    for (const part of card.querySelectorAll(".corner, .pip")) {
      if (getComputedStyle(part).display === "none") continue;
      const ink = rgb(getComputedStyle(part).color);
      const r = ratio(ink.slice(0, 3), back.slice(0, 3));
      if (r < 4.5) {
        const colours = `rgb(${ink.slice(0, 3)}) on rgb(${back.slice(0, 3)})`;
        problems.push(`${at}: ${part.className} ${colours} is ${r.toFixed(2)}:1`);
        break;
      }
    }
  }
  return problems;
}
"""


def card_contrast_problems(page: Any) -> list[str]:
    """Card faces on the page whose rank or suit falls short of WCAG AA (4.5:1) on the face."""
    problems: list[str] = page.evaluate(CARD_CONTRAST_JS)
    return problems


def axe_problems(page: Any, rules: list[str] | None = None) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now (all rules, or only
    ``rules``)."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (build.py build does)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    found = page.evaluate("(options) => axe.run(document, options)", options)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in found["violations"]
        if v["impact"] in ("serious", "critical")
    ]
