"""The coach in the page (web/coach/coach.js): the hand's end says what play and luck did, with the
review of every decision one button away; the match's end gives the accuracy; the replay marks
every decision of the player with its class; and a review never holds up a move (the game's
worker reviews a slice at a time).

One page on one seeded one-hand match, played in CPython as the page's autoplay plays, whose
review (made here in CPython by the same engine) names at least one decision worse than good.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from gintable import BOOT_TIMEOUT, MY_TURN, engine_call, seed_where
from playwright.sync_api import Browser, Page, expect
from test_player import FAST, SAVE_KEY, mirror

from gin.i18n import catalogue, word


def english(message: dict[str, Any]) -> str:
    """A message of the engine (the coach's reason) as the page words it in English."""
    return word(catalogue("en"), message, "en")


def rounded(x: float) -> int:
    """JavaScript's Math.round (half up), as the page rounds."""
    return math.floor(x + 0.5)


def reviewed(seed: str) -> dict[str, Any] | None:
    """A finished one-hand match of ``seed`` and its review, when the hand was not void and
    the player made a decision worse than good."""
    match = mirror(seed, rules={"target": 1})
    reply = engine_call({"op": "review", "save": match["save"], "hand": 1, "seat": 0})
    review = reply["review"]
    if match["view"]["result"]["kind"] == "void":
        return None
    if not any(d["class"] not in ("best", "good") for d in review["decisions"]):
        return None
    return {"save": match["save"], "review": review}


@pytest.fixture(scope="module")
def match() -> dict[str, Any]:
    found: dict[str, Any] = {}

    def fits(seed: str) -> bool:
        got = reviewed(seed)
        if got:
            found.update(got)
        return got is not None

    seed_where("coach", fits, tries=20)
    return found


@pytest.fixture(scope="module")
def page(browser: Browser, base_url: str, match: dict[str, Any]) -> Any:
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"./?{FAST}")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps(match['save']))})")
    page.goto(f"./?{FAST}")
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)
    yield page
    context.close()


def test_hand_end_says_what_play_and_luck_did(page: Page, match: dict[str, Any]) -> None:
    review = match["review"]
    expect(page.locator("#dlg-result")).to_be_visible()
    line = page.locator("#result-coach")
    expect(line).to_have_attribute("aria-live", "polite")
    expect(line).to_contain_text("Your play cost", timeout=60_000)
    lost, luck = rounded(review["skill"]), rounded(review["luck"])
    play = f"cost {lost} point" if lost > 0 else "cost nothing"
    fortune = (
        f"luck cost you {-luck}."
        if luck < 0
        else f"luck gained you {luck}."
        if luck > 0
        else "luck was even."
    )
    assert play in line.inner_text() and fortune in line.inner_text(), (line.inner_text(), review)
    page.get_by_role("button", name="Review", exact=True).click()
    dialog = page.locator("#dlg-review")
    expect(dialog).to_be_visible()
    classes = dialog.locator("#review-list .review-mark").evaluate_all(
        "(marks) => marks.map((m) => m.dataset.class)"
    )
    assert classes == [d["class"] for d in review["decisions"]]
    worse = next(d for d in review["decisions"] if d["class"] not in ("best", "good"))
    item = dialog.locator("#review-list li").nth(review["decisions"].index(worse))
    expect(item).to_contain_text(f"cost {worse['cost']:g} point")
    expect(item).to_contain_text(english(worse["reason"]))
    page.keyboard.press("Escape")  # back to the hand's end, its Review button focused
    expect(page.locator("#dlg-result")).to_be_visible()
    expect(page.locator("#result-review")).to_be_focused()


def test_match_end_and_replay_mark_the_players_moves(page: Page, match: dict[str, Any]) -> None:
    decisions = match["review"]["decisions"]
    page.get_by_role("button", name="See the match").click()
    good = sum(d["class"] in ("best", "good") for d in decisions)
    share = rounded(100 * good / len(decisions))
    expect(page.locator("#match-coach")).to_contain_text(
        f"Accuracy {share}%: {good} of your {len(decisions)} decisions best or good",
        timeout=60_000,  # the hand's review, begun at the hand's end, may still be under way
    )
    page.get_by_role("button", name="Watch the replay").click()
    page.wait_for_selector('html[data-replay-reviewed="1"]', state="attached")
    marks = page.evaluate("""() => {
        const slider = document.getElementById("replay-slider");
        const marks = [];
        for (let i = 0; i <= Number(slider.max); i++) {
          slider.value = String(i);
          slider.dispatchEvent(new Event("input"));
          const mark = document.querySelector("#replay-mark .review-mark");
          marks.push(mark ? [mark.dataset.class, mark.textContent] : null);
        }
        return marks;
    }""")
    expected: list[Any] = [None] * len(marks)
    for d in decisions:
        expected[d["action_index"] + 1] = d["class"]
    assert [m and m[0] for m in marks] == expected
    assert all(m is None or m[0].title() in m[1] for m in marks), marks  # its word, not only a sign
    worse = next(d for d in decisions if d["class"] not in ("best", "good"))
    page.locator("#replay-slider").focus()
    page.evaluate(
        "(at) => { const s = document.getElementById('replay-slider'); s.value = String(at);"
        " s.dispatchEvent(new Event('input')); }",
        worse["action_index"] + 1,
    )
    better = page.get_by_role("button", name="Better move")
    expect(better).to_have_attribute("aria-expanded", "false")
    better.focus()
    page.keyboard.press("Enter")
    expect(better).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#replay-better-text")).to_contain_text(english(worse["reason"]))
    page.keyboard.press("Escape")


def test_a_review_never_holds_up_a_move(page: Page, match: dict[str, Any]) -> None:
    # The page is the module's: the tests before it on this worker (xdist shares them out in any
    # order) may have left the match's end or the last hand's end open over the table.
    if page.locator("#dlg-match[open]").count():
        page.locator("#match-new").click()
    else:
        if page.locator("#dlg-result[open]").count():
            page.locator("#result-table").click()
        page.locator("#table-rematch").click()
    page.wait_for_selector(MY_TURN, state="attached")
    before = page.evaluate(
        """(save) => {
          const g = window.__gin;
          window.e2eReviewsDone = 0;
          const done = () => window.e2eReviewsDone++;
          // Named otherwise, the hand is one the worker has not judged (it keeps each decision
          // judged, by its view, and the page's own review of it may have come first).
          const unjudged = { ...save, names: ["You", "Rival"] };
          const request = { op: "review", save: unjudged, hand: 1, seat: 0 };
          for (let i = 0; i < 3; i++) g.reviewer.call(request).then(done);
          return g.ui.view.history.length;
        }""",
        match["save"],
    )
    legal = page.evaluate("window.__gin.ui.view.legal_actions.map((a) => a.action)")
    # The move as the keys and taps make it (main.js act), whatever holds the focus.
    page.evaluate("(a) => { window.__gin.act(a); }", "pass" if "pass" in legal else "draw")
    page.wait_for_function("(n) => window.__gin.ui.view.history.length > n", arg=before)
    # The move was answered while the reviews asked for before it were still running.
    assert page.evaluate("window.e2eReviewsDone") < 3


def test_the_review_is_sliced_in_the_games_own_worker(
    browser: Browser, base_url: str, match: dict[str, Any]
) -> None:
    """The hand's end is reviewed by the game's worker, a slice at a time: no second worker (and
    no second Python's memory and boot), and the line and its Review button still come."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"./?{FAST}")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps(match['save']))})")
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(f"./?{FAST}")
    expect(page.locator("#result-coach")).to_contain_text("Your play cost", timeout=60_000)
    expect(page.locator("#result-review")).to_be_visible()
    assert len([url for url in workers if "worker.mjs" in url]) == 1, workers
    slices = page.evaluate("window.__gin.engine.times.review.length")
    assert slices > 1, f"the hand was reviewed in {slices} request(s), not in slices"
    context.close()


def test_the_hand_so_far_is_reviewed_while_the_player_thinks(
    browser: Browser, base_url: str
) -> None:
    """On the player's turn, once they have thought a while (2 s; at the computer's instant pace
    nothing is reviewed during its turns), the game's worker reviews the hand so far
    (gin/ai/coach/review.py keeps each decision judged, so that the hand's end judges only the
    decisions since)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"./?{FAST}&seed=coach-ahead")
    page.wait_for_selector(MY_TURN, state="attached", timeout=BOOT_TIMEOUT)
    before = page.evaluate("window.__gin.ui.view.history.length")
    legal = page.evaluate("window.__gin.ui.view.legal_actions.map((a) => a.action)")
    page.keyboard.press("p" if "pass" in legal else "s")
    page.wait_for_function("(n) => window.__gin.ui.view.history.length > n", arg=before)
    page.wait_for_selector(MY_TURN, state="attached")
    page.wait_for_function("() => window.__gin.reviewer.ahead > 0", timeout=10_000)  # they think
    page.wait_for_function("() => (window.__gin.engine.times.review || []).length > 0")
    context.close()


def test_the_players_move_is_reviewed_while_the_computer_takes_its_time(
    browser: Browser, base_url: str
) -> None:
    """At a pace (the computer waits before its move), the player's move is reviewed in that
    wait, long before a turn of the player's own would ask (2 s into it)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto("./?speed=1000&sw=0&seed=coach-ahead")
    page.wait_for_selector(MY_TURN, state="attached", timeout=BOOT_TIMEOUT)
    legal = page.evaluate("window.__gin.ui.view.legal_actions.map((a) => a.action)")
    asked = page.evaluate("window.__gin.reviewer.ahead")
    page.evaluate("(a) => { window.__gin.act(a); }", "pass" if "pass" in legal else "draw")
    page.wait_for_function("(n) => window.__gin.reviewer.ahead > n", arg=asked, timeout=1_500)
    assert page.evaluate("window.__gin.ui.view.to_act !== window.__gin.ui.view.seat")
    context.close()
