"""The table's small courtesies (issue 32's polish): the keyboard's place after a discard and a
draw, Copy for the links, the Reduce motion box under the system setting, the computer's turn
pill that moves no card, key caps hidden from touch players, the match's end on the table, and
the replay that plays itself and jumps between hands."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from gintable import BOOT_TIMEOUT, MY_TURN, Table, human_first, seed_where
from playwright.sync_api import Browser, Page, expect
from test_flow import open_at, position

from gin.match import Match
from gin.replay import frames
from gin.rules import Rules
from gin.save import dump

FAST = "speed=0&sw=0"
NAMES = ["You", "Computer"]
SIZES = [(360, 640), (640, 360), (1280, 800)]


@pytest.fixture(scope="module")
def shared(browser: Browser, base_url: str) -> Iterator[Page]:
    """One page for the tests that need only a match in progress (in this file's order: the
    first takes the opening upcard)."""
    context = browser.new_context(
        base_url=base_url, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    Table(page).open(f"./?{FAST}&seed={seed_where('polish', human_first)}")
    yield page
    context.close()


def test_the_keyboard_keeps_its_place_after_a_discard_and_a_draw(shared: Page) -> None:
    page, table = shared, Table(shared)
    page.keyboard.press("t")  # the upcard taken: eleven cards, a discard to make
    page.wait_for_selector(f"{MY_TURN}[data-phase='discard']", state="attached")
    taken = page.evaluate("window.__gin.ui.view.taken")
    table.focus_hand_by_tab()
    order = page.evaluate("window.__gin.ui.visualOrder")
    at = next(i for i in range(3, len(order) - 1) if taken not in order[i : i + 2])
    table.key_to_card(order[at])
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # discards the card: the one after it takes the place
    page.wait_for_selector(f"{MY_TURN}[data-phase='draw']", state="attached")
    assert table.focused_card() == order[at + 1]
    assert page.evaluate("window.__gin.ui.visualOrder")[0] != order[at + 1]  # not back to the start
    page.keyboard.press("s")  # a card from the stock: the place goes to it
    page.wait_for_selector(f"{MY_TURN}[data-phase='discard']", state="attached")
    drawn = page.evaluate("window.__gin.ui.view.drawn")
    assert drawn and drawn != order[at + 1]
    assert table.focused_card() == drawn


def test_arrows_from_outside_the_hand_bring_the_keyboard_to_its_place(shared: Page) -> None:
    """Drawn with S after a click elsewhere, the focus is on the page, not the hand: the arrows
    the line under the hand offers take the keyboard to the card holding the place."""
    page, table = shared, Table(shared)
    drawn = page.evaluate("window.__gin.ui.view.drawn")
    page.evaluate("document.activeElement.blur()")
    assert table.focused_card() is None
    page.keyboard.press("ArrowRight")
    assert table.focused_card() == drawn
    order = page.evaluate("window.__gin.ui.visualOrder")
    page.keyboard.press("ArrowRight")  # now in the hand: the next card
    assert table.focused_card() == order[min(order.index(drawn) + 1, len(order) - 1)]


def test_copy_puts_the_link_on_the_clipboard(shared: Page) -> None:
    page = shared
    page.get_by_role("button", name="Daily deal").click()
    dialog = page.get_by_role("dialog", name="Daily deal")
    # (The match in play has no link to copy until it ends: e2e/test_fairness.py.)
    link = dialog.locator("#daily-link").input_value()
    assert link.startswith("http")
    page.evaluate("navigator.clipboard.writeText('')")
    dialog.get_by_role("button", name="Copy today's deal link").click()
    expect(dialog.locator("#link-note")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    # Where the page may not use the clipboard, the selected field is copied the older way.
    page.evaluate("navigator.clipboard.writeText('')")
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error()); }")
    dialog.get_by_role("button", name="Copy today's deal link").click()
    expect(dialog.locator("#link-note")).to_have_text("Link copied.")
    assert (
        page.evaluate("navigator.clipboard.readText()")
        == dialog.locator("#daily-link").input_value()
    )
    # Share only where the browser has a share sheet.
    shares = page.evaluate("typeof navigator.share === 'function'")
    share = dialog.get_by_role("button", name="Share today's deal link")
    expect(share).to_be_visible() if shares else expect(share).to_be_hidden()
    page.keyboard.press("Escape")


def test_reduce_motion_shows_the_system_setting(shared: Page) -> None:
    page = shared
    page.emulate_media(reduced_motion="reduce")
    page.get_by_role("button", name="Settings").click()
    box = page.get_by_role("checkbox", name="Reduce motion")
    expect(box).to_be_checked()
    expect(box).to_be_disabled()
    expect(page.locator("#motion-note")).to_contain_text("system setting")
    page.emulate_media(reduced_motion="no-preference")  # the player's own choice again: off
    expect(box).not_to_be_checked()
    expect(box).to_be_enabled()
    expect(page.locator("#motion-note")).to_be_hidden()
    box.check()
    expect(page.locator("html.motion-reduced")).to_have_count(1)
    page.emulate_media(reduced_motion="reduce")
    expect(page.locator("#motion-note")).to_contain_text("Your own choice here (on)")
    box.page.keyboard.press("Escape")


def test_the_computers_turn_pill_moves_none_of_its_cards(shared: Page) -> None:
    page = shared
    cards = (
        "() => [...document.querySelectorAll('#opp-cards .card')].map((c) => {"
        " const r = c.getBoundingClientRect(); return [r.left, r.top]; })"
    )
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("document.getElementById('opp-turn').classList.remove('on')")
        off = page.evaluate(cards)
        page.evaluate("document.getElementById('opp-turn').classList.add('on')")
        expect(page.locator("#opp-turn")).to_be_visible()
        assert page.evaluate(cards) == off, f"the pill moved the cards at {width}x{height}"
        name = page.locator("#opp-label").bounding_box()
        pill = page.locator("#opp-turn").bounding_box()
        assert name and pill and pill["x"] >= name["x"] + name["width"], "the pill covers the name"


def test_a_move_key_out_of_turn_says_why(browser: Browser, base_url: str) -> None:
    """P once the upcard is settled, S after drawing: the engine's reason shows, not silence."""
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.set_default_timeout(20_000)
    Table(page).open(f"./?{FAST}&seed={seed_where('polish-p', human_first)}")
    page.keyboard.press("p")  # and the computer passes too (this seed): the stock only
    expect(page.locator("#prompt")).to_contain_text("Both passed")
    page.wait_for_selector(MY_TURN, state="attached")
    page.keyboard.press("p")
    expect(page.locator("#message")).to_contain_text("draw from the stock")
    page.keyboard.press("s")
    page.wait_for_selector(f"{MY_TURN}[data-phase='discard']", state="attached")
    page.keyboard.press("s")
    expect(page.locator("#message")).to_contain_text("now discard a card")
    context.close()


def test_touch_players_see_no_key_caps(browser: Browser, base_url: str) -> None:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 768, "height": 1024}, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    Table(page).open(f"./?{FAST}&seed=polish-touch")  # a coarse pointer: a touch player
    caps = page.locator("#act-discard kbd, #stock .key-hint, #btn-pile kbd, #keys-line").all()
    assert len(caps) == 4
    for cap in caps:
        expect(cap).to_be_hidden()
    page.keyboard.press("ArrowDown")  # a key: the player has a keyboard after all
    for cap in caps:
        expect(cap).to_be_visible()
    page.tap("#prompt")  # and a touch again
    for cap in caps:
        expect(cap).to_be_hidden()
    # A mouse on the touch screen: the caps come back once its click is done, not under it (the
    # buttons move when they show; switched on the press, the click landed beside the button).
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.locator("#hint-chip")).to_be_visible()
    for cap in caps:
        expect(cap).to_be_visible()
    context.close()


def finished_match() -> Match:
    """A match of 10 points played to its end over two hands or more."""
    match, _ = position(
        "polish-end",
        lambda v, a: v["phase"] == "match_over" and v["hand_number"] >= 2,
        rules=Rules(target=10),
        end=True,
    )
    return match


def test_the_match_end_stays_on_the_table_and_its_replay_plays(
    browser: Browser, base_url: str
) -> None:
    match = finished_match()
    shots = frames(dump(match, NAMES, "expert"))
    deals = [i for i, f in enumerate(shots) if f["seat"] is None]
    assert len(deals) >= 2
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    open_at(context, page, match)
    page.wait_for_selector("#dlg-result[open]", timeout=BOOT_TIMEOUT)
    page.keyboard.press("Escape")
    expect(page.locator("#prompt")).to_contain_text("The match is over")
    rematch = page.locator("#table").get_by_role("button", name="Rematch")
    expect(rematch).to_be_visible()
    expect(page.locator("#act-hint")).to_be_hidden()  # none of the moves apply any more
    page.locator("#table").get_by_role("button", name="Final score").click()
    expect(page.locator("#dlg-match")).to_be_visible()
    page.keyboard.press("Escape")
    page.locator("#table").get_by_role("button", name="Replay", exact=True).click()
    dialog = page.get_by_role("dialog", name="Replay")
    expect(dialog).to_be_visible()
    step = page.locator("#replay-step")
    expect(step).to_contain_text(f"Step 1 of {len(shots)}")
    dialog.get_by_role("button", name="Play").click()  # on by itself, at a reading pace
    expect(step).to_contain_text(f"Step 2 of {len(shots)}", timeout=3_000)
    expect(step).to_contain_text(f"Step 3 of {len(shots)}", timeout=3_000)
    dialog.get_by_role("button", name="Pause").click()
    paused = step.inner_text()
    page.wait_for_timeout(1_500)
    assert step.inner_text() == paused
    dialog.get_by_role("button", name="Next hand").click()  # by a tap, no keys needed
    expect(step).to_contain_text(f"Step {deals[1] + 1} of {len(shots)}")
    expect(page.locator("#replay-text")).to_contain_text(re.compile(r"^Hand 2: "))
    dialog.get_by_role("button", name="Previous hand").click()
    expect(step).to_contain_text(f"Step 1 of {len(shots)}")
    context.close()
