"""Opponents and hints in Chromium: the opponent chosen in the settings plays the next match
(its save names it, a reload keeps it); the Hint button and the H key suggest a legal action
with a reason; R reads the hand."""

from __future__ import annotations

import json
import re

from gintable import MY_TURN, Table, engine_call
from playwright.sync_api import Page, expect

from gin.i18n import catalogue

SAVE_KEY = "gin-rummy:save:v1"
SETTINGS_KEY = "gin-rummy:settings:v1"
FAST = "speed=0&sw=0"
WORDS = catalogue("en")  # the page shows an opponent by its catalogue label and description


def saved_opponent(page: Page) -> str:
    return str(json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["opponent"])


def test_the_opponent_chosen_plays_the_next_match(page: Page, table: Table) -> None:
    table.open(f"./?{FAST}&seed=opp-1")
    assert saved_opponent(page) == "expert"  # a new player meets the strongest
    expect(page.locator("#opp-who")).to_contain_text("Expert: Counts cards")

    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    listed = engine_call({"op": "opponents"})["opponents"]
    radios = settings.get_by_role("radio", name=re.compile(" — "))
    expect(radios).to_have_count(len(listed))
    for entry in listed:  # every opponent, with its one-line description (after any rating)
        name = re.escape(str(WORDS[f"opponents.{entry['name']}.label"]))
        text = re.escape(str(WORDS[f"opponents.{entry['name']}.about"]))
        expect(settings.get_by_label(re.compile(f"^{name} .*— {text}$"))).to_be_visible()
    expect(settings.get_by_role("radio", name=re.compile("^Expert "))).to_be_checked()
    settings.get_by_role("radio", name=re.compile("^Beginner ")).check()
    expect(settings.locator("#opponent-note")).to_contain_text("goes on against Expert")
    settings.get_by_role("button", name="Done").click()
    assert saved_opponent(page) == "expert"  # the match on the table keeps its opponent
    stored = json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))
    assert stored["opponent"] == "beginner"

    page.get_by_role("button", name="New match").click()
    confirm = page.get_by_role("dialog", name="New match?")
    confirm.get_by_role("button", name="Start a new match").click()
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}') || '{{}}').opponent === 'beginner'"
    )
    table.idle()
    expect(page.locator("#opp-who")).to_contain_text("Beginner: Draws from the stock")
    # A reload resumes the match against the same opponent.
    seed = page.evaluate("window.__gin.ui.seed")
    page.reload()
    table.idle(60_000)
    assert page.evaluate("window.__gin.ui.seed") == seed
    assert saved_opponent(page) == "beginner"
    expect(page.locator("#opp-who")).to_contain_text("Beginner")


def _legal(page: Page) -> list[str]:
    return [a["action"] for a in page.evaluate("window.__gin.ui.view.legal_actions")]


def test_the_hint_button_and_the_h_key_suggest_a_legal_action(page: Page, table: Table) -> None:
    table.open(f"./?{FAST}&seed=hint-1")
    page.wait_for_selector(MY_TURN, state="attached")
    hint = page.get_by_role("button", name="Hint", exact=True)
    expect(hint).to_have_attribute("aria-keyshortcuts", "H")
    for ask in (hint.click, lambda: page.keyboard.press("h")):
        page.wait_for_selector(MY_TURN, state="attached")
        ask()
        expect(page.locator("#hint-chip")).to_contain_text("Hint: ")
        shown = page.evaluate("window.__gin.ui.hint")
        assert shown["action"] in _legal(page)
        assert shown["reason"].endswith(".") and len(shown["reason"]) > 10
        page.locator("#hint-chip").click()  # the chip opens the hint's reason
        expect(page.locator("#hint-text")).to_have_text(shown["reason"])
        said = page.locator("#announcer p").last
        expect(said).to_have_text(f"Hint: {shown['reason']}")
        if shown["card"]:
            expect(table.card(shown["card"])).to_have_class(re.compile("hinted"))
        # Playing the hinted action stays the player's job; the next turn gets a fresh prompt.
        action = next((a for a in _legal(page) if a in ("pass", "draw")), None)
        if action:
            table.play_by_keys(action)
            expect(page.locator("#hint-chip")).to_be_hidden()


def test_the_hints_reason_gives_way_to_escape_and_to_a_new_message(
    page: Page, table: Table
) -> None:
    """The reason fills the prompt's place; Escape closes it (the chip stays, to open it again),
    and what a key just did is never hidden behind it."""
    table.open(f"./?{FAST}&seed=hint-1")
    page.wait_for_selector(MY_TURN, state="attached")
    page.keyboard.press("h")
    chip, reason = page.locator("#hint-chip"), page.locator("#hint-text")
    chip.click()
    expect(reason).to_be_visible()
    page.keyboard.press("Escape")
    expect(reason).to_be_hidden()
    expect(chip).to_contain_text("Hint: ")
    chip.click()
    expect(reason).to_be_visible()
    page.keyboard.press("k")  # no knock yet: a message says why
    expect(page.locator("#message")).not_to_be_empty()
    expect(page.locator("#message")).to_be_visible()
    expect(reason).to_be_hidden()


def test_r_reads_the_hand_and_h_does_not(page: Page, table: Table) -> None:
    table.open(f"./?{FAST}&seed=read-1")
    page.wait_for_selector(MY_TURN, state="attached")
    said = page.locator("#announcer p")
    page.keyboard.press("r")
    expect(said.last).to_contain_text(f"Your hand, {len(table.hand())} cards.")
    page.keyboard.press("h")
    expect(said.last).to_contain_text("Hint: ")
    expect(said.filter(has_text="Your hand,")).to_have_count(1)
