"""The screen test in every language, and the pseudo-locale's test that every word a player meets
comes from the message catalogues (issue 35).

- The pseudo-locale (``?lang=pseudo``: every message wrapped in ⟦ ⟧ and 40% longer) walks every
  state of the screen test (test_screens.Walk) at the 8 sizes, with the text audit of
  textaudit.py at each state: no word outside ⟦ ⟧, and no layout problem.
- German, the longest of the five, Spanish, French and Brazilian Portuguese walk every state at
  the 8 sizes too; English walks them in test_screens.py.

Each check is first shown to catch what it is for: a planted English word, label and
announcement (and the exempt kinds of text not reported), a planted German overflow.

Run the pseudo walk alone: ``pytest e2e/test_languages.py -k pseudo`` (after
``python3 build.py build``); a failure lists every leak once, grouped by the state where it was
first seen, with the element's path, so that leftovers are quick to find.
"""

from __future__ import annotations

from typing import Any

import pytest
from gintable import BOOT_TIMEOUT
from layout import layout_problems
from playwright.sync_api import Browser, Page
from screenwalk import SIZES, Walk, find_positions, language_page
from textaudit import LIVE_RECORDER, grouped, text_leaks


@pytest.fixture(scope="module")
def positions() -> dict[str, Any]:
    return find_positions()


def report(problems: list[str]) -> str:
    return f"{len(problems)} layout problems:\n" + "\n".join(problems[:60])


PLANT_WORDS = """() => {
    const area = document.getElementById("prompt-area");
    const p = Object.assign(document.createElement("p"), {id: "e2e-words"});
    p.innerHTML = "⟦Wörds~~⟧ 10♥ Q♠ 1,234 → <kbd>X</kbd> <code>9f0a</code> Plain English";
    p.setAttribute("aria-label", "Loose label");
    area.append(p);
    const announcer = document.getElementById("announcer");
    const said = Object.assign(document.createElement("p"), {textContent: "Spoken words"});
    announcer.append(said);
    return new Promise((done) => setTimeout(() => { said.remove(); done(); }, 50));
}"""


def plant_leaks(page: Page) -> None:
    """The audit names a word left in English, a label and an announcement already gone, and
    none of the texts that are not words (a card face, a number, an arrow, a key cap, hex)."""
    page.evaluate(PLANT_WORDS)
    found = [leak for leak, _ in text_leaks(page)]
    page.evaluate("() => document.getElementById('e2e-words').remove()")
    for where, words in (
        ("#e2e-words [text]", "Plain English"),
        ("#e2e-words [aria-label]", "Loose label"),
        ("#announcer [announced]", "Spoken words"),
    ):
        seen = any(leak.startswith(where) and words in leak for leak in found)
        assert seen, f"the text audit missed {words!r} at {where}:\n" + "\n".join(found)
    texts = [leak for leak in found if leak.startswith("#e2e-words") and "[text]" in leak]
    assert texts == ["#e2e-words [text] 'Plain English'"], texts


def test_pseudo_locale(browser: Browser, base_url: str, positions: dict[str, Any]) -> None:
    """Every state at every size in the pseudo-locale: 0 texts outside the catalogues, 0 layout
    problems."""
    context, page = language_page(browser, base_url)
    context.add_init_script(LIVE_RECORDER)
    leaks: list[tuple[str, str, str]] = []

    def words(page: Page, what: str) -> list[str]:
        """The text audit, on a phone and on a wide screen (some words show on one only)."""
        if what == "opening":
            plant_leaks(page)
        for width, height in (SIZES[0], SIZES[-1]):
            page.set_viewport_size({"width": width, "height": height})
            leaks.extend((what, *leak) for leak in text_leaks(page))
        return []

    found = Walk(page, positions, "pseudo", also=words).run()
    page.goto("./help.html?lang=pseudo")  # the help the table links to
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)
    leaks.extend(("help page", *leak) for leak in text_leaks(page))
    context.close()
    failures = ([grouped(leaks)] if leaks else []) + ([report(found)] if found else [])
    if failures:  # the list itself, without a traceback: it is long enough
        pytest.fail("\n\n".join(failures), pytrace=False)


GERMAN_WORD = "Kartenstapelaufnahmebestätigung"


def plant_overflow(page: Page) -> list[str]:
    """The layout check sees a German word too long for its button on a phone (the state's
    own problems, if any, aside): one the button may not break (the action bar's labels break
    inside a word rather than overflow, style.css)."""
    page.set_viewport_size({"width": 360, "height": 640})
    before = set(layout_problems(page))
    label = "document.querySelector('#act-pass')"
    page.evaluate(
        f"(word) => {{ const b = {label}; b.dataset.was = b.innerHTML; b.textContent = word;"
        " b.style.overflowWrap = 'normal'; }",
        GERMAN_WORD,
    )
    planted = set(layout_problems(page)) - before
    page.evaluate(
        f"() => {{ const b = {label}; b.innerHTML = b.dataset.was; delete b.dataset.was;"
        " b.style.overflowWrap = ''; }"
    )
    assert planted, f"the layout check missed the planted {GERMAN_WORD!r} on a phone"
    return []


def test_german(browser: Browser, base_url: str, positions: dict[str, Any]) -> None:
    """German, the longest: every state at every size, no layout problem."""
    context, page = language_page(browser, base_url)

    def overflow(page: Page, what: str) -> list[str]:
        return plant_overflow(page) if what == "opening" else []

    problems = Walk(page, positions, "de", also=overflow).run()
    context.close()
    assert not problems, report(problems)


@pytest.mark.parametrize("lang", ["es", "fr", "pt-BR"])
def test_language(browser: Browser, base_url: str, positions: dict[str, Any], lang: str) -> None:
    """Every state at every size, no layout problem."""
    context, page = language_page(browser, base_url)
    problems = Walk(page, positions, lang).run()
    context.close()
    assert not problems, report(problems)
