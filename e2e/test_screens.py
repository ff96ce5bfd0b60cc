"""One screen at every common size in English, and card faces legible in every state and colour
scheme.

The walk of screenwalk.py takes one page through every screen state at the eight sizes of the
issue; each check is first shown to catch what it is for (a planted broken layout). At one phone
size the states where cards or colours change are also audited: the contrast of every card face
in the standard, four-colour and high-contrast schemes, and axe-core's colour-contrast rule. The
other languages walk in test_languages.py.

The phones walk again with the browser zoomed to 200%, in a test of their own (so that it runs
beside the first under xdist). Browser zoom, unlike pinch zoom or CSS ``zoom``, lays the page out
in fewer CSS pixels (a 360x640 phone at 200% is a 180x320 viewport at twice the device scale,
media queries and all); the walk makes that viewport.
"""

from __future__ import annotations

from typing import Any

import pytest
from audit import axe_problems, card_contrast_problems
from playwright.sync_api import Browser, Page
from screenwalk import Walk, caught, find_positions, language_page

AUDIT_SIZE = (390, 844)
SCHEMES = {"standard": [], "four-colour": ["deck-four"], "high contrast": ["contrast-high"]}


@pytest.fixture(scope="module")
def positions() -> dict[str, Any]:
    return find_positions()


def audit(page: Page, what: str) -> list[str]:
    """Card faces in each colour scheme, then axe-core's colour-contrast rule, at one size."""
    width, height = AUDIT_SIZE
    page.set_viewport_size({"width": width, "height": height})
    found = []
    for scheme, classes in SCHEMES.items():
        page.evaluate(
            "(on) => { const c = document.documentElement.classList;"
            " c.remove('deck-four', 'contrast-high'); on.forEach((x) => c.add(x)); }",
            classes,
        )
        found += [f"{what}, {scheme}: {p}" for p in card_contrast_problems(page)]
        if scheme != "four-colour":  # it recolours only card faces, which axe cannot see
            found += [f"{what}, {scheme}: {p}" for p in axe_problems(page, ["color-contrast"])]
    page.evaluate("document.documentElement.classList.remove('deck-four', 'contrast-high')")
    return found


def test_every_screen_size(browser: Browser, base_url: str, positions: dict[str, Any]) -> None:
    """English, every state at every size, each check first shown to catch what it is for;
    the contrast audits at one size where cards or colours change."""
    context, page = language_page(browser, base_url)
    contrast = {"opening", "discard", "knock", "hand-end", "review", "revealed"}
    contrast |= {"last-hand", "match-end", "replay"}

    def colours(page: Page, what: str) -> list[str]:
        return audit(page, what) if what in contrast else []

    problems = Walk(page, positions, "en", also=colours, plants=True).run()
    context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


# Planted on the zoomed table: a box wider than the screen, and the action bar stuck to the
# bottom and tall enough to lie over any card the page is scrolled to.
WIDE_BAR = """() => {
    document.getElementById('opp-cards').style.minWidth = '120vw';
    document.getElementById('actions').style.cssText = 'position: sticky; min-height: 70vh';
}"""
NARROW_BAR = """() => {
    document.getElementById('opp-cards').style.minWidth = '';
    document.getElementById('actions').style.cssText = '';
}"""


def test_phones_zoomed_to_200(browser: Browser, base_url: str, positions: dict[str, Any]) -> None:
    """The phones with the browser zoomed to 200% (screenwalk.ZOOMED), and the smallest phones
    at 100% (screenwalk.SMALLEST): every state, the page scrolling down at most; then the check
    is shown to see the zoomed page scroll sideways, and the action bar over the cards scrolled
    to."""
    context, page = language_page(browser, base_url, zoom=2)
    walk = Walk(page, positions, "en", zoom=2)
    problems = walk.run()
    walk.load("discard")
    walk.resize(360, 640)
    for wanted in ("the page scrolls sideways", "the action bar lies over"):
        caught(page, WIDE_BAR, NARROW_BAR, wanted, reflow=True)
    context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:80])
