"""Lessons and the first launch (web/coach/lessons.js, web/coach/welcome.js): the welcome appears on
a first visit only; a lesson plays through by keys and another by taps on the real table, a wrong
move is explained and held back; the saved match and the statistics are the same after a lesson."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from gintable import BOOT_TIMEOUT, Table, visited
from layout import layout_problems
from screenwalk import menu_click

from gin.i18n import LANGUAGES

SAVE = "gin-rummy:save:v1"
STATS = "gin-rummy:stats:v1"
PROGRESS = "gin-rummy:lessons:v1"
ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "gin" / "locales"
SIZES = ((360, 640), (640, 360), (1280, 800))
FOLDS = ((360, 640), (640, 360))  # where the rule folds behind its button after the first move


def stored(page: Any, key: str) -> str | None:
    value: str | None = page.evaluate(f"localStorage.getItem({key!r})")
    return value


def least_deadwood(page: Any) -> str:
    options = page.evaluate("window.__gin.ui.view.discard_options")
    low = min(o["deadwood"] for o in options)
    card: str = next(o["card"] for o in options if o["deadwood"] == low)
    return card


def back_to_the_match(page: Any, hand: list[str], tap: bool = False) -> None:
    """Leave the finished lesson and wait until the match's hand is on the table again."""
    back = page.get_by_role("button", name="Back to your match")
    back.tap() if tap else back.click()
    table = Table(page)
    for _ in range(100):
        table.idle()
        if sorted(table.hand()) == hand:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the match's hand {hand} never came back: {sorted(table.hand())}")


def wait_step(page: Any, words: str) -> None:
    page.wait_for_selector(f"#coach-task:has-text({words!r})", timeout=20_000)


def test_first_launch_offers_the_lessons_once_and_a_lesson_plays_by_keys(page: Any) -> None:
    table = Table(page)
    page.goto("./?sw=0")
    page.wait_for_selector("#dlg-welcome[open]", timeout=BOOT_TIMEOUT)
    # It opens with its levels in: opened first and filled after, it grew under the reader.
    assert page.locator("#dlg-welcome #welcome-levels input").count() == 6
    page.locator("#welcome-learn").click()
    page.wait_for_selector("#dlg-learn[open] button.lesson", timeout=BOOT_TIMEOUT)
    table.idle()
    save, stats, hand = stored(page, SAVE), stored(page, STATS), sorted(table.hand())
    assert save is not None and '"opponent":"beginner"' in save.replace(" ", "")
    page.locator("#dlg-learn button.lesson").first.press("Enter")  # lesson 1: melds
    wait_step(page, "Pass on it")
    table.idle()  # the lesson's deal is on the table: a key pressed while it loads is not a move
    page.keyboard.press("t")  # wrong: the upcard is no use
    page.wait_for_selector("#coach[data-state=wrong]")
    assert "Not quite" in page.locator("#coach-said").inner_text()
    assert page.evaluate("window.__gin.ui.view.phase") == "opening"  # the move was held back
    table.play_by_keys("pass")
    wait_step(page, "Draw from the stock")
    # The word on the move just made stands above the next task, not under it as if about it.
    said, task = page.locator("#coach-said"), page.locator("#coach-task")
    assert said.inner_text().startswith("Right")
    above, below = said.bounding_box(), task.bounding_box()
    assert above and below and above["y"] < below["y"]
    table.play_by_keys("draw")
    wait_step(page, "least deadwood")
    table.play_by_keys(f"discard {least_deadwood(page)}")
    page.wait_for_selector("#coach[data-state=done]")
    assert '"melds"' in (stored(page, PROGRESS) or "")
    assert (stored(page, SAVE), stored(page, STATS)) == (save, stats)  # nothing of the lesson kept
    back_to_the_match(page, hand)
    assert stored(page, SAVE) == save
    # Offered once, never again: even with the match and the statistics gone, the answer is kept.
    page.evaluate(f"localStorage.removeItem({SAVE!r}); localStorage.removeItem({STATS!r})")
    page.reload()
    table.idle(BOOT_TIMEOUT)
    assert page.locator("#dlg-welcome").count() == 0


def test_a_lesson_plays_by_taps_and_the_match_comes_back(browser: Any, base_url: str) -> None:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 360, "height": 640}, has_touch=True
    )
    page = context.new_page()
    table = Table(page).open("./?speed=0&sw=0&seed=lesson-taps")
    page.locator("#act-pass:enabled, #stock:enabled").first.tap()  # one move of the real match
    table.idle()
    save, stats = stored(page, SAVE), stored(page, STATS)
    hand = sorted(table.hand())
    page.locator("#btn-learn").tap()
    page.locator("#dlg-learn button.lesson").nth(1).tap()  # lesson 2: the upcard
    wait_step(page, "Take the upcard")
    page.locator("#discard").tap()
    wait_step(page, "least deadwood")
    table.card("7C").tap()
    table.card("7C").tap()  # a card of the new run: wrong
    page.wait_for_selector("#coach[data-state=wrong]")
    # The card lifted for the move held back goes down, and the table's prompt (which offered
    # "tap 7♣ again to discard it") gives way to the lesson's answer.
    assert page.evaluate("window.__gin.ui.selected") is None
    assert page.locator("#hand [aria-pressed=true]").count() == 0
    assert not page.locator("#prompt").is_visible()
    card = least_deadwood(page)
    table.card(card).tap()
    table.card(card).tap()
    page.wait_for_selector("#coach[data-state=done]")
    assert (stored(page, SAVE), stored(page, STATS)) == (save, stats)
    back_to_the_match(page, hand, tap=True)
    assert stored(page, SAVE) == save
    context.close()


def test_no_welcome_over_a_match_that_only_the_journal_kept(page: Any) -> None:
    """A browser killed in a newcomer's first moves keeps the match in the journal alone
    (web/store/journal.js): the next visit restores it and is no first visit."""
    table = Table(page)
    page.goto("./?seed=journal-only&speed=0&sw=0")
    table.idle(BOOT_TIMEOUT)
    table.play_by_keys("pass")
    table.idle()
    hand = sorted(table.hand())
    page.evaluate("localStorage.clear()")  # as if its lazy writes never reached the disk
    page.goto("./?sw=0")
    table.idle(BOOT_TIMEOUT)
    assert page.locator("#dlg-welcome[open]").count() == 0
    assert sorted(table.hand()) == hand


def catalogue_pattern(part: str, language: str) -> re.Pattern[str]:
    """Any message of a catalogue part (gin/locales/<language>/<part>.json), its arguments
    standing for any text."""
    texts = json.loads((LOCALES / language / f"{part}.json").read_text(encoding="utf-8"))
    forms = [f for t in texts.values() for f in (t.values() if isinstance(t, dict) else [t])]
    alternatives = ("".join(re.escape(p) if i % 2 == 0 else ".+" for i, p in
                            enumerate(re.split(r"\{\w+\}", f))) for f in forms)  # fmt: skip
    return re.compile("|".join(f"(?:{a})" for a in alternatives))


def test_the_hint_and_a_lesson_speak_german(page: Any) -> None:
    """At ?lang=de the hint's reason (a message of the engine, worded in advice.js), the lessons'
    list and a lesson's answer to a wrong move are German, cards in German letters."""
    table = Table(page).open("./?lang=de&speed=0&sw=0&seed=hint-de")
    page.keyboard.press("h")
    page.wait_for_selector("#hint-chip:not([hidden])")
    reason = page.evaluate("window.__gin.ui.hint.reason")
    assert catalogue_pattern("hint", "de").fullmatch(reason), reason
    page.locator("#btn-learn").click()
    first = page.locator("#dlg-learn button.lesson").first
    assert first.inner_text() == "1. Meldungen und Totholz"
    first.click()
    table.idle()
    page.keyboard.press("t")  # wrong: the upcard is no use
    page.wait_for_selector("#coach[data-state=wrong]")
    said = page.locator("#coach-said").inner_text()
    assert said.startswith("Nicht ganz: B♠ bildet"), said  # the jack of spades: Bube, B♠


def shown(page: Any, selector: str) -> bool:
    """Whether the node is drawn whole inside the window and inside the coach (which scrolls
    inside when long: none of it may be scrolled away), none of its own text scrolled away either
    (the rule scrolls inside its box where the coach's other lines leave it too little height)."""
    seen: bool = page.evaluate(
        """(selector) => {
          const node = document.querySelector(selector), coach = document.querySelector('#coach');
          const r = node.getBoundingClientRect(), c = coach.getBoundingClientRect();
          const style = getComputedStyle(node);
          return r.width > 40 && r.height > 8 && style.visibility === 'visible'
            && r.top >= Math.max(0, c.top) && r.bottom <= Math.min(innerHeight, c.bottom)
            && r.left >= 0 && r.right <= innerWidth && coach.scrollTop === 0
            && node.scrollHeight <= node.clientHeight + 1;
        }""",
        selector,
    )
    return seen


@pytest.mark.parametrize("language", LANGUAGES)  # (one test each: the two workers share them)
def test_every_lessons_rule_and_title_show_at_every_size_in_each_language(
    browser: Any, base_url: str, language: str
) -> None:
    """Each lesson's rule (its intro: melds and deadwood, knock with 10 or less, undercut 25, gin
    25, big gin 31, laying off) and its title show at its start on a phone upright and sideways
    and on a laptop; after the first move, where the table needs the room, the rule folds behind
    the Rule button: one tap brings it back, and folded it stays in the accessibility tree.
    Shown or folded, the coach covers nothing of the table and the page does not scroll (a coach
    widened over the table for the rule once covered the header, the piles and the hand)."""
    lessons = json.loads((ROOT / "web" / "coach" / "lessons.json").read_text())["lessons"]
    keys = {"pass": "p", "take": "t"}  # every lesson's first move
    rules = catalogue_pattern("lessons", language)
    context = visited(
        browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    )
    page = context.new_page()
    table = Table(page).open(f"./?lang={language}&speed=0&sw=0&seed=lesson-rules")
    for number, lesson in enumerate(lessons):
        page.set_viewport_size({"width": 1280, "height": 800})
        menu_click(page, "btn-learn")  # folded into More until the menu refits the width
        page.locator("#dlg-learn button.lesson").nth(number).click()
        page.wait_for_selector(f'html[data-lesson="{lesson["id"]}"]')
        table.idle()
        where = f"{language}, lesson {number + 1}"
        rule = page.locator("#coach-rule").inner_text()
        assert rules.fullmatch(rule), (where, rule)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            assert shown(page, "#coach-title"), (where, width, height)
            assert shown(page, "#coach-rule"), (where, width, height)
            assert not layout_problems(page), (where, width, height, layout_problems(page))
        page.keyboard.press(keys[lesson["steps"][0]["expect"][0]])
        page.wait_for_selector("#coach-said:not(:empty)")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            if (width, height) not in FOLDS:
                assert shown(page, "#coach-rule"), (where, width, height)
                continue
            button = page.locator("#coach button.rule")
            assert button.get_attribute("aria-expanded") == "false"
            assert not shown(page, "#coach-rule"), (where, width, height)
            assert rule in page.locator("#coach").aria_snapshot(), (where, width, height)
            assert not layout_problems(page), (where, width, height, layout_problems(page))
            button.click()
            assert shown(page, "#coach-rule"), (where, width, height)
            assert not layout_problems(page), (where, width, height, layout_problems(page))
            button.click()
    context.close()
