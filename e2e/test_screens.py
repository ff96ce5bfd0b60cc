"""One screen at every common size, and card faces legible in every state and colour scheme.

One page walks the eight sizes of the issue through each phase: the loading shell, the opening, a
discard with eleven cards in four groups, a knock on offer (its verdict in the prompt, then the
hint shown, a card selected, and Knock pressed once), the knock review with seven declarations, the
hand's end (its dialog with the deal's stock and Verify, the coach's review of the hand, then the
table with the opponent's hand revealed), the match's end, the replay (its moves marked by the
coach), the header's dialogs (each checked at its top as it opens), a header with three-digit
scores, and a newcomer's first launch: the welcome, the Learn list, a lesson with its task and its
answer to a wrong move. Each is checked by layout.py, after a planted broken layout has shown that
the check catches it. At one phone size each state is also audited: the contrast of every card face
in the standard, four-colour and high-contrast schemes, and axe-core's colour-contrast rule.
Screenshots go to $GIN_SCREENS when it is set.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from audit import axe_problems, card_contrast_problems
from gintable import BOOT_TIMEOUT, HeldEngine, Table, engine_call, human_first, seed_where
from layout import layout_problems
from playwright.sync_api import Browser, Page, expect
from test_player import FAST, SAVE_KEY, mirror

SIZES = [
    (360, 640),
    (390, 844),
    (412, 915),
    (640, 360),
    (844, 390),
    (768, 1024),
    (1280, 800),
    (1920, 1080),
]
AUDIT_SIZE = (390, 844)
SCHEMES = {"standard": [], "four-colour": ["deck-four"], "high contrast": ["contrast-high"]}
SHOTS = os.environ.get("GIN_SCREENS")


def can_knock(view: dict[str, Any]) -> bool:
    return view["phase"] == "discard" and any(
        a["action"].startswith("knock ") for a in view["legal_actions"]
    )


def long_knock() -> tuple[dict[str, Any], str, int]:
    """The first knock position of the seeds ``decl-0``, ``decl-1``, ... with a knocking card
    that has seven declarations or more (a list long enough to bury the dialog's buttons on a
    phone), that card and its number of declarations. Searched, not named: the position depends
    on how the computer plays."""
    found: dict[str, Any] = {}

    def fits(seed: str) -> bool:
        knock = mirror(seed, stop=can_knock)
        if not can_knock(knock["view"]):
            return False
        for action in knock["view"]["legal_actions"]:
            if action["action"].startswith("knock "):
                card = action["action"].split()[1]
                count = len(engine_call({"op": "declarations", "card": card})["declarations"])
                if count >= 7:
                    found.update(knock=knock, card=card, options=count)
                    return True
        return False

    seed_where("decl", fits, tries=60)
    return found["knock"], found["card"], found["options"]


def three_digits(view: dict[str, Any]) -> bool:
    """Your turn to draw, with a score of three digits on the board."""
    return view["phase"] == "draw" and view["to_act"] == 0 and max(view["scores"]["points"]) >= 100


def find_positions() -> dict[str, Any]:
    """Saves of the positions walked, found with the engine and checked to be what they claim."""
    fan = mirror(
        "fan-2",
        stop=lambda v: v["phase"] == "discard" and v["to_act"] == 0 and len(v["melds"]) >= 3,
    )
    assert len(fan["view"]["hand"]) == 11 and fan["view"]["deadwood_cards"], fan["view"]
    knock, card, options = long_knock()
    ended = mirror("lay-1", stop=lambda v: v["phase"] == "hand_over" and v["result"]["layoffs"])
    assert ended["view"]["phase"] == "hand_over", ended["view"]["phase"]
    done = mirror("audit-3", rules={"target": 1})
    high = mirror("high-1", rules={"target": 300}, stop=three_digits)
    assert three_digits(high["view"]), high["view"]["scores"]
    return {
        "high": high["save"],
        "opening": seed_where("screens-open", human_first),
        "discard": fan["save"],
        "knock": knock["save"],
        "knock_card": card,
        "knock_options": options,
        "hand_over": ended["save"],
        "match_over": done["save"],
    }


@pytest.fixture(scope="module")
def positions() -> dict[str, Any]:
    return find_positions()


def shoot(page: Page, what: str) -> None:
    if SHOTS:
        size = page.viewport_size or {}
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=Path(SHOTS) / f"{size['width']}x{size['height']}-{what}.png")


def every_size(page: Page, what: str) -> list[str]:
    """The layout problems of the page as it is, at each size (with a screenshot of each)."""
    found = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        shoot(page, what)
        found += [f"{what} at {width}×{height}: {p}" for p in layout_problems(page)]
    return found


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


def checked(page: Page, what: str) -> list[str]:
    """The layout at every size, then the audit."""
    return every_size(page, what) + audit(page, what)


def load(page: Page, save: Any) -> None:
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps(save))})")
    page.goto(f"./?{FAST}")
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)


def plant_broken_layouts(page: Page) -> None:
    """The check sees a control past the edge, one under another element, a page that scrolls,
    and a card pushed below the screen."""
    page.evaluate("""() => {
        document.getElementById("hand").style.marginTop = "100vh";
        const wide = Object.assign(document.createElement("button"), {id: "e2e-wide"});
        wide.textContent = "too wide";
        wide.style.cssText = "position: absolute; left: calc(100vw - 40px); top: 30px; width: 99px";
        const lid = Object.assign(document.createElement("div"), {id: "e2e-lid"});
        const r = document.getElementById("stock").getBoundingClientRect();
        lid.style.cssText = `position: absolute; z-index: 9; left: ${r.left + scrollX}px;
            top: ${r.top + scrollY}px; width: ${r.width}px; height: ${r.height}px`;
        document.body.append(wide, lid);
    }""")
    problems = " ".join(layout_problems(page))
    page.evaluate("""() => {
        ['e2e-wide', 'e2e-lid'].forEach(id => document.getElementById(id).remove());
        document.getElementById("hand").style.marginTop = "";
    }""")
    for caught in (
        "#e2e-wide is outside",
        "#stock is covered by #e2e-lid",
        "the page scrolls",
        "of clubs is outside",
    ):
        assert caught in problems, f"the layout check missed {caught!r}: {problems}"


def caught(page: Page, plant: str, undo: str, wanted: str) -> None:
    """The check, on the layout broken by the script ``plant`` (undone by ``undo``), names
    ``wanted``."""
    page.evaluate(plant)
    problems = " ".join(layout_problems(page))
    page.evaluate(undo)
    assert wanted in problems, f"the layout check missed {wanted!r}: {problems}"


STACKED = "() => document.getElementById('prompt').style.display = 'inline'"
UNSTACKED = "() => document.getElementById('prompt').style.display = ''"
BAR_UP = "() => document.getElementById('actions').style.transform = 'translateY(-30px)'"
BAR_BACK = "() => document.getElementById('actions').style.transform = ''"


def knock_on_offer(page: Page, table: Table) -> list[str]:
    """A knock on offer after your draw: the verdict in the prompt, then the hint shown, then a
    card selected, then (none selected) Knock pressed once, each at every size."""
    verdict = page.locator("#prompt .prompt-main")
    expect(verdict).to_contain_text(re.compile(r"the expert would .* \(undercut risk \d+%\)"))
    problems = every_size(page, "verdict")
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.locator("#hint-chip")).to_contain_text("Hint: ")
    page.set_viewport_size({"width": 360, "height": 640})
    caught(page, BAR_UP, BAR_BACK, "the action bar lies over")
    problems += every_size(page, "hint")
    chip = page.locator("#hint-chip")
    chip.click()
    expect(page.locator("#hint-text")).to_be_visible()
    problems += every_size(page, "hint-reason")
    chip.click()
    first = table.hand()[0]
    table.card(first).click(position={"x": 6, "y": 12})  # at its corner: the hand fans
    expect(table.card(first)).to_have_attribute("aria-pressed", "true")
    problems += every_size(page, "selected")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Knock", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("again to knock")
    # The old way, the prompt and the knock's message stacked, no longer fits: the check says so.
    page.set_viewport_size({"width": 360, "height": 640})
    caught(page, STACKED, UNSTACKED, "#prompt-area is cut")
    problems += every_size(page, "knock-once")
    return problems


def dialog_top(page: Page) -> None:
    """The check sees a dialog opened scrolled to its end, its focus on its last link."""
    page.set_viewport_size({"width": 640, "height": 360})
    page.get_by_role("button", name="Keys", exact=True).click()
    caught(
        page,
        "() => { const d = document.getElementById('dlg-keys');"
        " d.querySelector('a').focus(); d.scrollTop = d.scrollHeight; }",
        "() => { const d = document.getElementById('dlg-keys'); d.scrollTop = 0;"
        " d.querySelector('h2').focus(); }",
        "#dlg-keys opened scrolled down",
    )
    page.keyboard.press("Escape")


def review_dialog(page: Page) -> list[str]:
    """The coach's review of the hand, opened from the hand's end once it is in, at every size;
    first the check sees a list of decisions wider than the dialog."""
    page.get_by_role("button", name="Review", exact=True).click(timeout=60_000)
    expect(page.locator("#dlg-review")).to_be_visible()
    page.set_viewport_size({"width": 360, "height": 640})
    caught(
        page,
        "() => document.getElementById('review-list').style.width = '900px'",
        "() => document.getElementById('review-list').style.width = ''",
        "#dlg-review scrolls sideways",
    )
    problems = checked(page, "review")
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-result")).to_be_visible()
    return problems


def three_digit_header(page: Page) -> list[str]:
    """A real match with a three-digit score, your score and the hand number then widened in
    place to three and two digits (the widest header a match shows), at every size; first the
    check sees the header's old single line run off a phone."""
    page.evaluate("""() => {
        document.querySelector('#score-0 .pts').textContent = '199';
        document.querySelector('#target span:last-child').textContent = '· hand 12';
    }""")
    page.set_viewport_size({"width": 360, "height": 640})
    caught(
        page,
        "() => { document.getElementById('target').style.whiteSpace = 'nowrap';"
        " document.querySelector('.cue-word').style.display = 'inline'; }",
        "() => { document.getElementById('target').style.whiteSpace = '';"
        " document.querySelector('.cue-word').style.display = ''; }",
        "the page scrolls",
    )
    page.set_viewport_size({"width": 640, "height": 360})
    caught(
        page,
        "() => document.querySelector('.sheet-cue').style.marginLeft = '-40px'",
        "() => document.querySelector('.sheet-cue').style.marginLeft = ''",
        "overlap in the header",
    )
    problems = every_size(page, "three-digits")
    page.locator("#scores").click()  # the scores open the sheet
    expect(page.locator("#dlg-sheet")).to_be_visible()
    problems += every_size(page, "sheet")
    page.keyboard.press("Escape")
    return problems


def newcomer(page: Page) -> list[str]:
    """A first launch (nothing stored, no test hook in the address): the welcome at its top,
    the Learn list, lesson 1 on the table with its task, then its answer to a wrong move."""
    page.set_viewport_size({"width": 640, "height": 360})
    page.goto("./help.html")  # the table's page gone first: it saves as it closes
    page.evaluate(  # the saves: localStorage and the journal (web/journal.js)
        "() => { localStorage.clear(); return new Promise((done) =>"
        " indexedDB.deleteDatabase('gin-rummy').onsuccess = done); }"
    )
    page.emulate_media(reduced_motion="reduce")  # no ?speed=0: it would skip the welcome
    page.goto("./?sw=0")
    page.wait_for_selector("#dlg-welcome[open] #welcome-levels input", timeout=BOOT_TIMEOUT)
    caught(
        page,
        "() => { const d = document.getElementById('dlg-welcome');"
        " d.querySelector('a').focus(); d.scrollTop = d.scrollHeight; }",
        "() => { const d = document.getElementById('dlg-welcome'); d.scrollTop = 0;"
        " document.getElementById('welcome-play').focus(); }",
        "#dlg-welcome opened scrolled down",
    )
    problems = every_size(page, "welcome")
    page.locator("#welcome-learn").click()
    page.wait_for_selector("#dlg-learn[open] button.lesson")
    caught(
        page,
        "() => document.getElementById('lesson-list').style.minWidth = '120vw'",
        "() => document.getElementById('lesson-list').style.minWidth = ''",
        "#dlg-learn scrolls sideways",
    )
    problems += every_size(page, "learn")
    page.locator("#dlg-learn button.lesson").first.click()  # lesson 1: melds
    page.wait_for_selector("#coach-task:has-text('Pass on it')")
    Table(page).idle()
    # The lesson's intro, left out on a phone held sideways, would not fit in the coach there.
    page.set_viewport_size({"width": 640, "height": 360})
    intro = "document.querySelector('#coach .coach-intro').style.display"
    caught(page, f"() => {intro} = 'block'", f"() => {intro} = ''", "#coach is cut")
    problems += every_size(page, "lesson")
    page.keyboard.press("t")  # wrong: the upcard is no use
    page.wait_for_selector("#coach[data-state=wrong]")
    caught(
        page,
        "() => document.getElementById('coach').style.maxHeight = '2em'",
        "() => document.getElementById('coach').style.maxHeight = ''",
        "#coach is cut",
    )
    problems += every_size(page, "lesson-wrong")
    return problems


def test_every_screen_size(browser: Browser, base_url: str, positions: dict[str, Any]) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.set_default_timeout(20_000)
    problems: list[str] = []
    table = Table(page)

    # The shell while Python loads: placeholder cards, nothing wider or taller than the screen.
    # The engine is held back (its worker's script not served) until every size is checked.
    held = HeldEngine(page)
    page.goto(f"./?{FAST}&seed={positions['opening']}")
    page.wait_for_selector("#hand .placeholder", state="attached")
    problems += every_size(page, "loading")
    assert page.evaluate("document.documentElement.dataset.ready !== '1'"), "loaded too soon"
    assert held.requested, "the worker was requested"
    held.release()
    table.idle(BOOT_TIMEOUT)
    problems += checked(page, "opening")
    dialog_top(page)
    page.get_by_role("button", name="Keys", exact=True).click()
    problems += every_size(page, "keys")
    page.keyboard.press("Escape")
    for button, name in [("Settings", "settings"), ("Stats", "stats"), ("Daily deal", "daily")]:
        page.get_by_role("button", name=button, exact=True).click()
        problems += every_size(page, name)
        page.keyboard.press("Escape")

    load(page, positions["discard"])
    page.set_viewport_size({"width": 1280, "height": 800})
    plant_broken_layouts(page)
    problems += checked(page, "discard")

    load(page, positions["knock"])
    problems += knock_on_offer(page, table)
    page.keyboard.press("Escape")
    table.card(positions["knock_card"]).click(position={"x": 6, "y": 12})
    page.keyboard.press("k")
    expect(page.locator("#knock-options input")).to_have_count(positions["knock_options"])
    page.set_viewport_size({"width": 360, "height": 640})
    unpin = "(how) => document.querySelector('#dlg-knock .dialog-buttons').style.position = how"
    page.evaluate(unpin, "static")
    planted = " ".join(layout_problems(page))
    assert "#knock-confirm is" in planted, f"the check missed the knock's buried Confirm: {planted}"
    page.evaluate(unpin, "")
    problems += checked(page, "knock")

    load(page, positions["hand_over"])
    expect(page.locator("#dlg-result #deal-verify")).to_be_visible()
    # The stock left drawn wider than a phone: the check sees the dialog scroll sideways.
    page.set_viewport_size({"width": 360, "height": 640})
    stock = "document.getElementById('deal-stock').style.minWidth"
    caught(page, f"() => {stock} = '120vw'", f"() => {stock} = ''", "#dlg-result scrolls sideways")
    problems += checked(page, "hand-end")
    problems += review_dialog(page)
    page.get_by_role("button", name="See the table").click()
    expect(page.locator("#opp-cards .card[data-card]")).not_to_have_count(0)
    problems += checked(page, "revealed")

    load(page, positions["match_over"])
    expect(page.locator("#dlg-result")).to_be_visible()  # the last hand first
    problems += checked(page, "last-hand")
    page.get_by_role("button", name="See the match").click()
    expect(page.locator("#dlg-match")).to_be_visible()
    problems += checked(page, "match-end")
    page.get_by_role("button", name="Watch the replay").click()
    page.wait_for_selector('html[data-replay-reviewed="1"]', state="attached", timeout=60_000)
    page.keyboard.press("PageDown")
    page.keyboard.press("ArrowRight")  # the first move after the deal's: a decision or not
    problems += checked(page, "replay")
    page.keyboard.press("Escape")

    load(page, positions["high"])
    problems += three_digit_header(page)
    problems += newcomer(page)
    context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
