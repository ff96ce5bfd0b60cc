"""Comfort (issue 35): large cards, the left-handed layout, and the browser zoomed to 200%.

Large cards: with the setting on (ticked in the Settings dialog, still on after a reload), the
table at each of the 8 sizes of test_screens.py, in each state a player reaches (the opening, a
discard with eleven cards, a knock on offer with its prompt and after Knock pressed once, the
hand's end and the table with the opponent's hand revealed), has no layout problem (layout.py:
one screen, nothing cut, nothing covered). Your cards are at least 1.2 times as wide as the
standard ones and their index 1.2 times as big, but on the phone held sideways at 640x360, where
the height allows only 1.14 times the width (the cards grow as much as fits). At 360x640, where
the moves' strip shows only the last move, that move is whole (the deal's fingerprint, two lines,
and a knock's long result).

Left-handed: the stock lies right of the discard pile, the piles right of the pile's links, and
the action bar's buttons run in the mirrored order from its right edge; the Tab key still moves
left to right over the piles and the buttons; the table has no layout problem at the 8 sizes.

Zoom to 200%: Chromium zoomed to 200% lays a page out as a viewport of half the CSS width at
device scale 2: 1280x800 is 640x400, 1920x1080 is 960x540, and 360x640 is 180x320 (the zoomed
phones' layout problems, in every state of the screen test: test_screens.py). A control is
*reachable* there when, scrolled into view by scrolls the player can make (no box that hides its
overflow scrolled), its aim point (a card's index corner, else the middle of its first line box)
lies inside the viewport and hits the control itself, not something on top.
Every shown button, link, field and card is checked so on the table and in the dialogs. At
640x400 the table also still fits one screen (layout.py); at 960x540 (the two-column layout of a
laptop, too short for it) the page scrolls with its action bar stuck to the bottom, and at 180x320
it scrolls down only, its action bar in its place under the hand (web/table/zoomed.css).
Each check is first shown to catch a planted fault. Screenshots go to $GIN_SCREENS.
"""

from __future__ import annotations

from typing import Any

import pytest
from gintable import BOOT_TIMEOUT, Table, human_first, seed_where
from layout import layout_problems
from playwright.sync_api import Browser, Page, expect
from screenwalk import SIZES, can_knock, every_size, load, shoot
from test_player import FAST, mirror

PHONE_SIDEWAYS = (640, 360)  # too short for 1.2 times: the cards grow as much as fits
WIDER = {PHONE_SIDEWAYS: 1.14}
ZOOMED = [(640, 400), (960, 540), (180, 320)]  # 1280x800, 1920x1080 and 360x640 at 200%
ONE_SCREEN = {(640, 400)}  # 960x540 is wider than the sideways phones' layout: it scrolls

# Your first card's width and its index's font size.
CARD_JS = """() => { const c = document.querySelector('#hand button.card');
  const index = getComputedStyle(c.querySelector('.corner')).fontSize;
  return [c.getBoundingClientRect().width, parseFloat(index)]; }"""

# Every shown control, scrolled into view: problems with reaching it (module docstring).
REACH_JS = r"""
() => {
  const dialog = document.querySelector("dialog[open]");
  const name = (el) => el ? (el.id ? "#" + el.id : el.getAttribute("aria-label")
      || el.dataset.card || (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 24)
      || el.tagName.toLowerCase()) : "nothing";
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"
      && !el.closest("[hidden]") && !el.closest(".sr-only");
  };
  const controls = [...(dialog || document.body).querySelectorAll(
    "button, input, select, textarea, a[href], [role=slider]")].filter(shown);
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const problems = [];
  // A scroll the player can make: scrollIntoView scrolls a box that hides its overflow too.
  const page = document.scrollingElement;
  const free = (box, axis) => (box === page ? [document.documentElement, document.body] : [box])
    .every((b) => !["hidden", "clip"].includes(getComputedStyle(b)[`overflow${axis}`]));
  for (const el of controls) {
    window.scrollTo(0, 0);
    if (dialog) dialog.scrollTop = 0;
    el.scrollIntoView({ block: "center", inline: "center" });
    const stuck = [page];
    for (let box = el.parentElement; box; box = box.parentElement) stuck.push(box);
    const locked = stuck.find((box) => (box.scrollTop > 0 && !free(box, "Y"))
      || (box.scrollLeft > 0 && !free(box, "X")));
    if (locked) {
      const what = locked === page ? "the page" : name(locked);
      problems.push(`${name(el)} needs a scroll of ${what}, which the player cannot make`);
      continue;
    }
    const r = el.getClientRects()[0]; // a link broken over two lines: its first line
    const card = el.matches(".card");
    const x = card ? r.left + Math.min(8, r.width / 3) : r.left + Math.min(r.width, vw) / 2;
    const y = card ? r.top + Math.min(10, r.height / 3) : r.top + Math.min(r.height, vh) / 2;
    const at = `${Math.round(x)},${Math.round(y)}`;
    if (x < 0 || y < 0 || x > vw || y > vh) {
      problems.push(`${name(el)} is out of reach (${at} in ${vw}×${vh})`);
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    const label = el.closest("label");
    if (!(hit && (hit === el || el.contains(hit) || (label && label.contains(hit))))) {
      problems.push(`${name(el)} is covered by ${name(hit)} at ${at}`);
    }
  }
  window.scrollTo(0, 0);
  if (dialog) dialog.scrollTop = 0;
  return { count: controls.length, problems };
}
"""


def positions_found() -> dict[str, Any]:
    """Saves of the states walked, found with the engine."""

    def knock_ahead(seed: str) -> bool:
        return can_knock(mirror(seed, stop=can_knock)["view"])

    knock = mirror(seed_where("comfort-knock", knock_ahead, tries=40), stop=can_knock)
    fan = mirror(
        "fan-2",
        stop=lambda v: v["phase"] == "discard" and v["to_act"] == 0 and len(v["melds"]) >= 3,
    )
    assert len(fan["view"]["hand"]) == 11, fan["view"]["hand"]
    draw = mirror("comfort-draw", stop=lambda v: v["phase"] == "draw" and v["to_act"] == 0)
    ended = mirror("lay-1", stop=lambda v: v["phase"] == "hand_over")
    assert ended["view"]["phase"] == "hand_over" and draw["view"]["phase"] == "draw"
    return {
        "opening": seed_where("screens-open", human_first),
        "discard": fan["save"],
        "knock": knock["save"],
        "draw": draw["save"],
        "hand_over": ended["save"],
    }


@pytest.fixture(scope="module")
def positions() -> dict[str, Any]:
    return positions_found()


def new_page(browser: Browser, base_url: str, scale: float = 1) -> Page:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 360, "height": 640}, device_scale_factor=scale
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto("./help.html")  # the site's origin, for its storage (no engine started)
    return page


def tick(page: Page, label: str, css_class: str) -> None:
    """The display option ``label`` ticked in the Settings dialog; its class on the page, and
    still there after a reload (remembered)."""
    page.get_by_role("button", name="Settings", exact=True).click()
    page.get_by_role("dialog", name="Settings").get_by_label(label).check()
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)
    assert css_class in page.evaluate("document.documentElement.className").split()


def caught(page: Page, plant: str, undo: str, check: Any, *wanted: str) -> None:
    """``check(page)`` (a list of problems), on the page broken by the script ``plant`` (undone
    by ``undo``), names each of ``wanted``."""
    page.evaluate(plant)
    problems = " ".join(check(page))
    page.evaluate(undo)
    for word in wanted:
        assert word in problems, f"the check missed {word!r}: {problems}"


# ------------------------------------------------------------------------------------ large cards


def larger(page: Page, standard: dict[tuple[int, int], list[float]], what: str) -> list[str]:
    """Your cards against the standard ones, at every size."""
    found = []
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        width, index = page.evaluate(CARD_JS)
        wide, big = width / standard[size][0], index / standard[size][1]
        if wide < WIDER.get(size, 1.2) - 0.005 or big < 1.2 - 0.005:
            found.append(f"{what} at {size}: cards {wide:.2f}× as wide, index {big:.2f}× as big")
    return found


def test_large_cards_keep_one_screen(
    browser: Browser, base_url: str, positions: dict[str, Any]
) -> None:
    page = new_page(browser, base_url)
    table = Table(page)
    table.open(f"./?{FAST}&seed={positions['opening']}")
    standard = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        standard[(width, height)] = page.evaluate(CARD_JS)
    tick(page, "Large cards", "cards-large")
    caught(  # the check compares with the standard cards
        page,
        "() => document.documentElement.classList.remove('cards-large')",
        "() => document.documentElement.classList.add('cards-large')",
        lambda p: larger(p, standard, "planted"),
        "cards 1.00× as wide",
    )
    problems = larger(page, standard, "opening")

    page.goto(f"./?{FAST}&seed={positions['opening']}")
    table.idle(BOOT_TIMEOUT)
    problems += every_size(page, "large-opening")
    load(page, positions["discard"])
    page.set_viewport_size({"width": 360, "height": 640})
    caught(  # cards taller than the short phone has room for, even in the table's tightest form
        page,
        "() => document.documentElement.style.setProperty('--card-h', '110px')",
        "() => document.documentElement.style.removeProperty('--card-h')",
        layout_problems,
        "the page scrolls",
    )
    problems += every_size(page, "large-discard")
    load(page, positions["knock"])
    expect(page.locator("#prompt .prompt-main")).to_contain_text("knock")
    problems += every_size(page, "large-knock")
    page.get_by_role("button", name="Knock", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("again to knock")
    problems += every_size(page, "large-knock-once")
    load(page, positions["hand_over"])
    expect(page.locator("#dlg-result")).to_be_visible()
    problems += every_size(page, "large-hand-end")
    page.get_by_role("button", name="See the table").click()
    expect(page.locator("#opp-cards .card[data-card]")).not_to_have_count(0)
    problems += every_size(page, "large-revealed")
    page.context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


# The moves' strip as the page leaves it (scrolled to its end): the moves it shows partly.
CUT_MOVES_JS = """() => {
  const log = document.getElementById('log');
  const box = log.getBoundingClientRect();
  const top = box.top + log.clientTop, bottom = top + log.clientHeight;
  return [...log.children].map((li) => [li.textContent.slice(0, 30), li.getBoundingClientRect()])
    .filter(([, r]) => r.height > 0 && r.bottom > top + 0.5 && r.top < bottom - 0.5
      && (r.top < top - 0.5 || r.bottom > bottom + 0.5))
    .map(([text, r]) => `"${text}" (${Math.round(r.top)}..${Math.round(r.bottom)} in `
      + `${Math.round(top)}..${Math.round(bottom)})`);
}"""


def test_large_cards_strip_shows_whole_moves(
    browser: Browser, base_url: str, positions: dict[str, Any]
) -> None:
    """Large cards on the short phone, where the moves' strip is at its smallest: the move it
    shows is whole, with the deal's fingerprint last (two lines) and after a knock's long result;
    first the check sees a strip cut to less than a line."""
    page = new_page(browser, base_url)
    table = Table(page)
    table.open(f"./?{FAST}&seed={positions['opening']}")
    tick(page, "Large cards", "cards-large")
    table.idle(BOOT_TIMEOUT)
    caught(
        page,
        "() => document.querySelector('.side').style.height = '1.2em'",
        "() => document.querySelector('.side').style.height = ''",
        lambda p: p.evaluate(CUT_MOVES_JS),
        "Deal fingerprint",
    )
    problems = [f"opening: {cut}" for cut in page.evaluate(CUT_MOVES_JS)]
    problems += every_size(page, "large-strip-opening", [(360, 640)])
    load(page, positions["hand_over"])
    page.keyboard.press("Escape")  # the table under the hand's end
    problems += [f"hand end: {cut}" for cut in page.evaluate(CUT_MOVES_JS)]
    problems += every_size(page, "large-strip-hand-end", [(360, 640)])
    page.context.close()
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------------ left-handed

MIRROR_JS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const mid = (el) => { const r = box(el); return r.left + r.width / 2; };
  const buttons = [...document.querySelectorAll('#actions button')]
    .filter((b) => box(b).width > 0).sort((a, b) => mid(a) - mid(b));
  const bar = box(document.getElementById('actions'));
  return {
    stockRight: mid(document.getElementById('stock')) > mid(document.getElementById('discard')),
    pilesRight: mid(document.querySelector('.piles')) > mid(document.querySelector('.pile-tools')),
    buttons: buttons.map((b) => b.id),
    gapLeft: box(buttons[0]).left - bar.left,
    gapRight: bar.right - box(buttons[buttons.length - 1]).right,
  };
}"""

STANDARD_ORDER = [
    "act-take", "act-pass", "act-discard", "act-knock", "act-gin", "act-next", "act-hint",
]  # fmt: skip


def mirror_problems(page: Page, left: bool) -> list[str]:
    """What is not where the layout (left-handed or not) puts it, at three sizes."""
    found = []
    for width, height in [(1280, 800), (360, 640), (640, 360)]:
        page.set_viewport_size({"width": width, "height": height})
        seen = page.evaluate(MIRROR_JS)
        at = f"{'left-handed' if left else 'standard'} at {width}×{height}"
        if seen["stockRight"] != left:
            found.append(f"{at}: the stock is on the wrong side of the discard pile")
        if seen["pilesRight"] != left:
            found.append(f"{at}: the piles are on the wrong side of their links")
        order = [b for b in STANDARD_ORDER if b in seen["buttons"]]
        if seen["buttons"] != (order[::-1] if left else order):
            found.append(f"{at}: the action bar runs {seen['buttons']}")
        wide = width >= 1280  # on a phone the buttons fill the bar
        if wide and (seen["gapRight"] < seen["gapLeft"]) != left:
            found.append(f"{at}: the buttons keep to the wrong side ({seen})")
    return found


def tab_order(page: Page) -> list[tuple[str, float]]:
    """The piles and the action buttons as the Tab key reaches them, with their centres."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    reached = []
    for _ in range(40):
        page.keyboard.press("Tab")
        here = page.evaluate(
            "(() => { const el = document.activeElement; const r = el.getBoundingClientRect();"
            " return el.closest('.piles, #actions') ? [el.id, r.left + r.width / 2] : null; })()"
        )
        if here and tuple(here) not in reached:
            reached.append(tuple(here))
    return reached


def test_left_handed_mirrors_piles_and_buttons(
    browser: Browser, base_url: str, positions: dict[str, Any]
) -> None:
    page = new_page(browser, base_url)
    load(page, positions["draw"])  # both piles and Take can be used
    problems = mirror_problems(page, left=False)
    tick(page, "Left-handed layout", "hand-left")
    caught(  # the stock put back before the discard pile
        page,
        "() => document.querySelector('.piles').prepend(document.getElementById('stock'))",
        "() => document.querySelector('.piles').append(document.getElementById('stock'))",
        lambda p: mirror_problems(p, left=True),
        "the stock is on the wrong side",
    )
    problems += mirror_problems(page, left=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    reached = tab_order(page)
    assert [i for i, _ in reached][:2] == ["discard", "stock"], reached
    for row in (reached[:2], reached[2:]):  # the piles, then the action bar
        xs = [x for _, x in row]
        assert len(xs) >= 2 and xs == sorted(xs), f"Tab does not move left to right: {reached}"
    page.keyboard.press("s")  # the stock's key still draws
    expect(page.locator("#table")).to_have_attribute("data-phase", "discard")
    problems += every_size(page, "left-discard")
    load(page, positions["knock"])
    problems += every_size(page, "left-knock")
    page.context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


# ------------------------------------------------------------------------------------ zoom 200%


def reach_problems(page: Page, what: str) -> list[str]:
    found = []
    for width, height in ZOOMED:
        page.set_viewport_size({"width": width, "height": height})
        shoot(page, f"zoom-{what}")
        reach = page.evaluate(REACH_JS)
        assert reach["count"] >= 3, f"{what}: {reach['count']} controls"
        found += [f"{what} at {width}×{height} (200%): {p}" for p in reach["problems"]]
        if (width, height) in ONE_SCREEN:
            found += [f"{what} at {width}×{height} (200%): {p}" for p in layout_problems(page)]
    return found


def zoom_states(page: Page, positions: dict[str, Any], what: str) -> list[str]:
    """The table with eleven cards, the Settings dialog, the hand's end and the revealed table."""
    load(page, positions["discard"])
    problems = reach_problems(page, f"{what}discard")
    page.get_by_role("button", name="Settings", exact=True).click()
    problems += reach_problems(page, f"{what}settings")
    page.keyboard.press("Escape")
    load(page, positions["hand_over"])
    expect(page.locator("#dlg-result")).to_be_visible()
    # The coach's line, then its Review button, change the dialog as the review comes: the
    # dialog is measured, and See the table clicked, once it has (on a loaded machine the click
    # once found the button never stable for 20 s).
    expect(page.locator("#result-coach")).not_to_contain_text("reviewing", timeout=60_000)
    problems += reach_problems(page, f"{what}hand-end")
    page.get_by_role("button", name="See the table").click()
    problems += reach_problems(page, f"{what}revealed")
    return problems


def test_zoom_200_keeps_every_control_reachable(
    browser: Browser, base_url: str, positions: dict[str, Any]
) -> None:
    page = new_page(browser, base_url, scale=2)
    load(page, positions["discard"])
    page.set_viewport_size({"width": 180, "height": 320})
    caught(  # a button pushed off the page, and one under a lid
        page,
        """() => {
          document.getElementById('act-hint').style.cssText = 'position: absolute; left: -300px';
          const lid = Object.assign(document.createElement('div'), {id: 'e2e-lid'});
          lid.style.cssText = 'position: fixed; inset: 0; z-index: 9';
          document.getElementById('btn-settings').after(lid);
        }""",
        """() => {
          document.getElementById('act-hint').style.cssText = '';
          document.getElementById('e2e-lid').remove();
        }""",
        lambda p: p.evaluate(REACH_JS)["problems"],
        "#act-hint is out of reach",
        "#btn-settings is covered by #e2e-lid",
    )
    problems = zoom_states(page, positions, "")
    page.evaluate(  # both comfort settings at once
        "localStorage.setItem('gin-rummy:settings:v1',"
        " JSON.stringify({speed: 'instant', display: {largeCards: true, leftHanded: true}}))"
    )
    problems += zoom_states(page, positions, "large-left-")
    page.context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
