"""The table in Chromium: boot, keys, mouse, drag, knock, saves, offline, a whole match."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from gintable import (
    BOOT_TIMEOUT,
    MY_TURN,
    Plan,
    Table,
    card_name,
    engine_call,
    english,
    human_first,
    seed_where,
    service_worker_controls,
    simple_choice,
)
from playwright.sync_api import BrowserContext, Page, Route, expect
from test_reliability import DROP_JOURNAL

SAVE_KEY = "gin-rummy:save:v1"


def opening_seed(prefix: str) -> str:
    return seed_where(prefix, human_first)


# ------------------------------------------------------------------------------------ boot


def test_no_request_leaves_the_origin(context: BrowserContext, page: Page, base_url: str) -> None:
    outside: list[str] = []

    def guard(route: Route) -> None:
        if not route.request.url.startswith(base_url):
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", guard)
    table = Table(page).open("./?sw=0&speed=0&seed=origin")
    # A few moves so that the worker and the engine do real work.
    for _ in range(3):
        page.wait_for_selector(MY_TURN, state="attached")
        acts = [a["action"] for a in page.evaluate("window.__gin.ui.view.legal_actions")]
        table.play_by_mouse("pass" if "pass" in acts else "draw")
        if page.evaluate("window.__gin.ui.view.phase") == "discard":
            table.play_by_mouse(f"discard {table.hand()[0]}")
    assert outside == []
    # The Content-Security-Policy itself refuses other origins.
    csp = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert csp is not None and "default-src 'self'" in csp and "'wasm-unsafe-eval'" in csp
    assert "unsafe-inline" not in csp and "http" not in csp
    blocked = page.evaluate(
        "fetch('http://example.invalid/x').then(() => 'fetched', e => 'blocked: ' + e.name)"
    )
    assert blocked.startswith("blocked")
    assert outside == []


def test_shell_paints_before_python(page: Page) -> None:
    page.goto("./?speed=0&seed=shell")  # a link: no first deal drawn over the shell
    # The shell is static HTML: the table, piles, hand and buttons are there before Python is.
    expect(page.get_by_role("button", name="Stock", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Discard pile", exact=True)).to_be_disabled()
    prompt = re.compile("loading|ready|Take|draw|turn", re.I)
    expect(page.locator("#prompt")).to_contain_text(prompt)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)
    marks = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
    )
    painted = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint').map(p => p.startTime)"
    )
    # The browser's first paint, not the page's scripts' mark: those scripts are let in after the
    # worker is started (web/boot/boot.js), and a warm cache can bring Python up first.
    assert painted and painted[0] < marks["gin:python-ready"] < marks["gin:playable"], (
        painted,
        marks,
    )
    assert marks["gin:shell-painted"] < marks["gin:playable"], marks


# ------------------------------------------------------------------------------------ controls


@pytest.mark.parametrize("opening", ["pass", "take"])
def test_turns_by_keyboard_only(table: Table, page: Page, opening: str) -> None:
    seed = opening_seed(f"keys-{opening}")
    table.open(f"./?speed=0&seed={seed}")
    hand = page.get_by_role("group", name="Your hand")
    expect(hand).to_be_visible()
    before = table.hand()
    assert len(before) == 10
    for code in before:
        expect(table.card(code)).to_have_count(1)
    upcard = table.top()
    assert upcard is not None
    page.wait_for_selector(MY_TURN, state="attached")
    # ? shows the keys; Escape closes the dialog.
    page.keyboard.press("?")
    expect(page.get_by_role("dialog", name="Keys")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="Keys")).to_be_hidden()
    if opening == "pass":
        table.play_by_keys("pass")
        assert any("You passed on the upcard" in line for line in table.log())
        page.wait_for_selector(MY_TURN, state="attached")
        acts = [a["action"] for a in page.evaluate("window.__gin.ui.view.legal_actions")]
        # The computer took the upcard (and discarded) or passed too: either way, draw now.
        table.play_by_keys("draw" if "draw" in acts else "take")
    else:
        table.play_by_keys("take")
        assert upcard in table.hand()
        assert any("You took the upcard" in line for line in table.log())
    assert len(table.hand()) == 11
    # Arrows move the roving focus; Enter selects (a preview), Escape clears, Enter twice discards.
    table.focus_hand_by_tab()
    first = table.focused_card()
    # The card just drawn holds the place (web/table/handfocus.js), and it may be the last one.
    last = page.evaluate("window.__gin.ui.visualOrder.at(-1)")
    page.keyboard.press("ArrowLeft" if first == last else "ArrowRight")
    second = table.focused_card()
    assert second and second != first
    assert page.locator("#hand button.card[tabindex='0']").count() == 1
    page.keyboard.press("Enter")
    expect(table.card(second)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(table.card(second)).to_have_attribute("aria-pressed", "false")
    target = next(c for c in table.hand() if c != upcard)
    table.play_by_keys(f"discard {target}")
    assert target not in table.hand()
    assert len(table.hand()) == 10
    assert any(f"You discarded {pretty(target)}" in line for line in table.log())
    # The computer's turn follows and is announced; then it is ours again: draw with S.
    page.wait_for_selector(MY_TURN, state="attached")
    assert any(line.startswith("Computer") for line in table.log())
    expect(page.locator("#announcer")).to_contain_text("Computer")
    table.play_by_keys("draw")
    assert len(table.hand()) == 11
    page.keyboard.press("ArrowRight")
    chosen = table.focused_card()
    assert chosen is not None
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Discard", exact=True)).to_be_enabled()
    page.get_by_role("button", name="Discard", exact=True).focus()
    page.keyboard.press("Enter")
    table.idle()
    assert chosen not in table.hand() and len(table.hand()) == 10


@pytest.mark.parametrize("opening", ["pass", "take"])
def test_turns_by_mouse(table: Table, page: Page, opening: str) -> None:
    seed = opening_seed(f"mouse-{opening}")
    table.open(f"./?speed=0&seed={seed}")
    page.wait_for_selector(MY_TURN, state="attached")
    upcard = table.top()
    expect(page.get_by_role("button", name="Knock", exact=True)).to_be_disabled()
    expect(page.get_by_role("button", name="Discard", exact=True)).to_be_disabled()
    if opening == "pass":
        table.play_by_mouse("pass")
        page.wait_for_selector(MY_TURN, state="attached")
        acts = [a["action"] for a in page.evaluate("window.__gin.ui.view.legal_actions")]
        table.play_by_mouse("draw" if "draw" in acts else "take")
    else:
        table.play_by_mouse("take")
        assert upcard in table.hand()
    assert len(table.hand()) == 11
    # Click selects; clicking the discard pile throws the selected card.
    target = next(c for c in table.hand() if c != upcard)
    table.card(target).click()
    expect(table.card(target)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Discard pile", exact=True).click()
    table.idle()
    assert target not in table.hand()
    page.wait_for_selector(MY_TURN, state="attached")
    # Next turn: click the stock, then click a card twice.
    table.play_by_mouse("draw")
    assert len(table.hand()) == 11
    again = table.hand()[-1]
    table.play_by_mouse(f"discard {again}")
    assert again not in table.hand() and len(table.hand()) == 10
    assert sum("You discarded" in line for line in table.log()) == 2


def test_drag_to_discard_and_reorder(table: Table, page: Page) -> None:
    seed = opening_seed("drag")
    table.open(f"./?speed=0&seed={seed}")
    page.wait_for_selector(MY_TURN, state="attached")
    # Drag to reorder: the first card of the deadwood group moves after the last one.
    dead = page.locator("#hand .group.dead button.card")
    codes = dead.evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(codes) >= 2
    table.card(codes[0]).drag_to(table.card(codes[-1]), target_position={"x": 40, "y": 40})
    after = dead.evaluate_all("els => els.map(e => e.dataset.card)")
    assert after.index(codes[0]) > after.index(codes[1]), (codes, after)
    table.play_by_mouse("take")
    upcard = page.evaluate("window.__gin.ui.view.taken")
    target = next(c for c in table.hand() if c != upcard)
    table.card(target).drag_to(page.get_by_role("button", name="Discard pile", exact=True))
    table.idle()
    assert target not in table.hand()
    assert any(f"You discarded {pretty(target)}" in line for line in table.log())


def test_rediscarding_the_card_just_taken_is_refused(table: Table, page: Page) -> None:
    seed = opening_seed("retake")
    table.open(f"./?speed=0&seed={seed}")
    page.wait_for_selector(MY_TURN, state="attached")
    upcard = table.top()
    assert upcard is not None
    table.play_by_mouse("take")
    expect(table.card(upcard)).to_have_count(1)
    table.card(upcard).click()
    expect(page.get_by_role("button", name="Discard", exact=True)).to_be_disabled()
    table.card(upcard).click()  # a second click tries to discard it
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(f"You took {pretty(upcard)} from the discard pile this turn")
    expect(alert).to_contain_text("discard a different card")
    assert upcard in table.hand() and len(table.hand()) == 11


# ------------------------------------------------------------------------------------ knock


def knock_plan() -> tuple[Plan, str]:
    """A seed where the simple human policy reaches a (non-gin) knock before the hand ends, with
    more than one legal declaration for the best knock's discard."""

    def best_knock(plan: Plan) -> str:
        acts = [a["action"] for a in plan.view["legal_actions"]]
        knocks = [a for a in acts if a.startswith("knock ")]
        return min(
            knocks,
            key=lambda a: next(
                o["deadwood"] for o in plan.view["discard_options"] if o["card"] == a.split()[1]
            ),
        )

    def fits(seed: str) -> bool:
        plan = Plan(seed)
        if not plan.run(lambda v: simple_choice(v, stop_at_knock=True), limit=200):
            return False
        acts = [a["action"] for a in plan.view["legal_actions"]]
        if not any(a.startswith("knock ") for a in acts) or any(a.startswith("gin ") for a in acts):
            return False
        card = best_knock(plan).split()[1]
        return len(engine_call({"op": "declarations", "card": card})["declarations"]) > 1

    seed = seed_where("knock", fits)
    plan = Plan(seed)
    plan.run(lambda v: simple_choice(v, stop_at_knock=True), limit=200)
    return plan, best_knock(plan)


def test_knock_through_review_to_the_hand_end(table: Table, page: Page) -> None:
    plan, knock = knock_plan()
    card = knock.split()[1]
    expected = Plan(plan.seed)
    for action in plan.actions:
        expected.play(action)
    choices = engine_call({"op": "declarations", "card": card})["declarations"]
    assert choices[0]["action"] == knock
    other = choices[-1]  # not the engine's best: the review lets the player choose it
    result = expected.play(other["action"])["result"]
    assert result["knocker_deadwood"] == other["deadwood"]
    table.open(f"./?speed=0&seed={plan.seed}")
    for action in plan.actions:
        page.wait_for_selector(MY_TURN, state="attached")
        table.play_by_mouse(action)
    page.wait_for_selector(MY_TURN, state="attached")
    table.card(card).click()
    expect(page.get_by_role("button", name="Knock", exact=True)).to_be_enabled()
    page.keyboard.press("k")
    review = page.get_by_role("dialog", name=re.compile("^Knock"))
    expect(review).to_be_visible()
    expect(review).to_contain_text("deadwood")
    # Cancel closes the review and changes nothing; then knock again and confirm.
    review.get_by_role("button", name="Cancel").click()
    expect(review).to_be_hidden()
    assert len(table.hand()) == 11
    page.get_by_role("button", name="Knock", exact=True).click()
    expect(review).to_be_visible()
    radios = review.get_by_role("radio")
    expect(radios).to_have_count(len(choices))
    expect(radios.first).to_be_checked()
    radios.last.check()
    expect(review).to_contain_text(f"with {other['deadwood']} deadwood")
    review.get_by_role("button", name="Confirm").click()
    end = page.get_by_role("dialog", name=re.compile("knocked|Undercut|gin", re.I))
    expect(end).to_be_visible()
    words = english(result["words"])
    expect(end).to_contain_text(words)
    assert re.search(r"(score|scores) \d+", words)
    points = page.locator("#score-0 .pts").inner_text(), page.locator("#score-1 .pts").inner_text()
    scorer = result["winner"]
    assert int(points[scorer]) == result["points"] and int(points[1 - scorer]) == 0
    # Both hands are shown; Next hand deals again.
    expect(end.locator(".card")).not_to_have_count(0)
    end.get_by_role("button", name="Next hand").click()
    table.idle()
    assert page.evaluate("window.__gin.ui.view.hand_number") == 2
    assert len(table.hand()) in (10, 11)


# ------------------------------------------------------------------------------------ saves


def test_reload_mid_hand_restores_the_same_hand(table: Table, page: Page) -> None:
    seed = opening_seed("reload")
    table.open(f"./?speed=0&seed={seed}")
    plan = Plan(seed)
    plan.run(lambda v: simple_choice(v), limit=6)
    for action in plan.actions[:4]:
        page.wait_for_selector(MY_TURN, state="attached")
        table.play_by_mouse(action)
    page.wait_for_selector(MY_TURN, state="attached")
    hand, top, log = sorted(table.hand()), table.top(), table.log()
    stock = page.locator("#stock-count").get_attribute("data-glyph")
    saved = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert saved and json.loads(saved)["seed"] == seed
    assert "seed=" not in page.url  # consumed, so a reload resumes
    page.reload()
    table.idle(BOOT_TIMEOUT)
    assert sorted(table.hand()) == hand
    assert table.top() == top
    assert page.locator("#stock-count").get_attribute("data-glyph") == stock
    assert table.log() == log


@pytest.mark.parametrize(
    "damage", ["{not json at all", '{"format": "chess-game", "moves": ["e4"]}']
)
def test_damaged_save_is_kept_and_a_new_match_offered(
    table: Table, page: Page, damage: str
) -> None:
    table.open("./?speed=0&seed=before-damage")
    page.evaluate(DROP_JOURNAL)  # no other copy to fall back on (e2e/test_journal.py has one)
    page.evaluate(f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(damage)})")
    page.reload()
    notice = page.get_by_role("dialog", name="Notice")
    expect(notice).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(notice).to_contain_text("could not be read")
    backups = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('gin-rummy:backup:'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert damage in backups
    notice.get_by_role("button", name="Start a new match").click()
    table.idle(BOOT_TIMEOUT)
    assert len(table.hand()) == 10
    saved = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert saved and json.loads(saved)["format"] == "gin-match"


def test_settings_persist(table: Table, page: Page) -> None:
    table.open("./?seed=settings")
    page.get_by_role("button", name="Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    dialog.get_by_label("Slow").check()
    dialog.get_by_role("button", name="Done").click()
    page.reload()
    table.idle(BOOT_TIMEOUT)
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("dialog", name="Settings").get_by_label("Slow")).to_be_checked()


# ------------------------------------------------------------------------------------ offline


def test_offline_reload_after_one_visit(browser: Any, fresh_server: Any) -> None:
    context = browser.new_context(base_url=fresh_server.url)
    try:
        page = context.new_page()
        table = Table(page).open("./?speed=0&seed=offline")
        assert service_worker_controls(page)
        hand = sorted(table.hand())
        fresh_server.stop()
        context.set_offline(True)
        page.reload()
        table.idle(BOOT_TIMEOUT)
        assert sorted(table.hand()) == hand
        page.wait_for_selector(MY_TURN, state="attached")
        acts = [a["action"] for a in page.evaluate("window.__gin.ui.view.legal_actions")]
        table.play_by_mouse("pass" if "pass" in acts else "draw")
    finally:
        context.close()


# ------------------------------------------------------------------------------------ a match


def test_a_whole_match_to_the_end_screen(table: Table, page: Page) -> None:
    page.set_default_timeout(120_000)
    table.open("./?speed=0&autoplay=1&seed=whole-match")
    end = page.get_by_role("dialog", name=re.compile("won the match"))
    expect(end).to_be_visible(timeout=240_000)
    totals = end.locator("table.totals")
    expect(totals).to_contain_text("Hand points")
    expect(totals).to_contain_text("Boxes")
    expect(totals).to_contain_text("Game bonus")
    view = page.evaluate("window.__gin.ui.view")
    final = view["final"]
    assert max(view["scores"]["points"]) >= view["scores"]["target"]
    assert final["totals"][final["winner"]]["game_bonus"] == 100
    assert any("won the match" in line for line in table.log())
    # Play the same deals again: the same seed from the first deal (autoplay stops at the end).
    first_deal = sorted(Plan("whole-match").view["hand"])
    end.get_by_role("button", name="Play the same deals again").click()
    expect(end).to_be_hidden()
    page.wait_for_selector(MY_TURN, state="attached")
    view = page.evaluate("window.__gin.ui.view")
    assert view["hand_number"] == 1 and view["scores"]["points"] == [0, 0]
    assert sorted(table.hand()) == first_deal
    assert table.log()[0] == "Hand 1"


def pretty(code: str) -> str:
    rank = "10" if code[0] == "T" else code[0]
    return rank + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[1]]


def test_accessible_names(table: Table, page: Page) -> None:
    table.open("./?speed=0&seed=names")
    for name in (
        "Stock",
        "Discard pile",
        "Take upcard",
        "Pass",
        "Discard",
        "Knock",
        "Gin",
        "Next hand",
        "New match",
    ):
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
    hand = page.get_by_role("group", name="Your hand")
    names = hand.get_by_role("button").all_inner_texts()
    assert len(names) == 10
    labels = [table.card(c).get_attribute("aria-label") for c in table.hand()]
    pattern = re.compile(r"^(ace|[2-9]|10|jack|queen|king) of (clubs|diamonds|hearts|spades)$")
    assert all(label and pattern.match(label) for label in labels), labels
    assert card_name("TC") == "10 of clubs" and card_name("QD") == "queen of diamonds"
    expect(page.locator("#announcer")).to_have_attribute("aria-live", "polite")
