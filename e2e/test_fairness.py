"""Deals you can verify (issue 35, docs/fairness.md), in Chromium: the fingerprint is on the table
before the first move, the hand's end shows the stock and Verify recomputes the fingerprint with
the page's own SHA-256, and says loudly when a revealed value was tampered with.

Lean: one page, a supplied deck (duplicate play, set in the settings) that lets you take the
upcard and knock at once, so the hand ends after two moves of yours and none of the computer's.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from gintable import BOOT_TIMEOUT, Table, engine_call, simple_choice
from playwright.sync_api import Browser, BrowserContext, Page, expect

from gin.cards import format_cards
from gin.fairness import deal_fingerprint
from gin.game import arranged_deck
from gin.match import decks_seed, first_dealer

SETTINGS_KEY = "gin-rummy:settings:v1"
SAVE_KEY = "gin-rummy:save:v1"
YOURS = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"  # take the A♠ upcard, throw K♠: 1 deadwood
THEIRS = "2S 4S 6S 8S TS QD JC 9C 7C 5C"


def your_deal() -> tuple[int, ...]:
    """A deck dealing YOURS to the non-dealer, with the computer dealing (its first dealer comes
    from the decks: the stock's order is turned until it does)."""
    for turn in range(40):
        deck = arranged_deck(YOURS, THEIRS, "AS")
        deck = deck[:21] + deck[21 + turn :] + deck[21 : 21 + turn]
        if first_dealer(decks_seed([deck])) == 1:
            return deck
    raise AssertionError("no order of the stock lets the computer deal")


def saved(page: Page) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    return doc


def put(page: Page, element: str, text: str) -> None:
    """Change a value the dialog reveals, as someone editing the page would."""
    page.locator(f"#{element}").evaluate("(node, text) => { node.textContent = text; }", text)


def verify(page: Page) -> Any:
    """Press Verify and wait for its verdict (a new one: the last is taken away first)."""
    verdict = page.locator("#deal-verdict")
    verdict.evaluate("v => v.removeAttribute('data-verdict')")
    page.locator("#deal-verify").click()
    expect(verdict).to_have_attribute("data-verdict", re.compile("^(good|bad)$"))
    return verdict


def dealt(context: BrowserContext, page: Page, deck: tuple[int, ...]) -> Table:
    """The table opened on a new match whose first deal is ``deck`` (Settings' decks)."""
    context.add_init_script(
        f"localStorage.setItem('{SETTINGS_KEY}', "
        f"JSON.stringify({json.dumps({'decks': [format_cards(deck)]})}))"
    )
    page.set_default_timeout(20_000)
    return Table(page).open("./?speed=0&sw=0")


def knock_with_the_king(page: Page, table: Table) -> Any:
    """Knock throwing K♠ through the knock dialog; the hand's end, shown."""
    table.card("KS").click()
    page.get_by_role("button", name="Knock", exact=True).click()
    page.get_by_role("dialog", name="Knock, discarding K♠").get_by_role(
        "button", name="Confirm"
    ).click()
    end = page.locator("#dlg-result")
    expect(end).to_be_visible()
    return end


def test_the_deal_is_fingerprinted_before_the_first_move_and_verified_at_its_end(
    context: BrowserContext, page: Page
) -> None:
    deck = your_deal()
    table = dealt(context, page, deck)

    # Before the first move: the short fingerprint on the table, the full one in the log; both
    # are SHA-256 of this deck and the salt the save keeps, recomputed here in CPython.
    assert page.evaluate("window.__gin.ui.view.history.length") == 0
    doc = saved(page)
    full = deal_fingerprint(deck, doc["salt"], 1)
    assert doc["fingerprints"] == [full]
    line = page.locator("#deal-line")
    expect(line).to_be_visible()
    expect(line).to_have_text(f"Deal {full[:4]} {full[4:8]} {full[8:12]}")
    assert page.locator("#log li.deal code").inner_text() == full

    # Take the upcard, knock throwing K♠: the hand is over.
    page.keyboard.press("t")
    table.idle()
    end = knock_with_the_king(page, table)

    # The stock left, in order (nobody drew from it), and the fingerprint shown at the start.
    stock = page.locator("#deal-stock .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert stock == format_cards(deck[21:]).split()
    expect(end.locator("#result-deal")).to_contain_text("the table showed before the first move")
    assert page.locator("#deal-print").get_attribute("data-fingerprint") == full
    assert page.locator("#deal-deck").text_content() == format_cards(deck)
    good = verify(page)
    expect(good).to_have_attribute("data-verdict", "good")
    expect(good).to_contain_text("It matches")

    # One card moved in the revealed deck, or one digit of the salt changed: it does not match.
    salt = page.locator("#deal-salt").text_content() or ""
    swapped = format_cards((deck[1], deck[0], *deck[2:]))
    for where, value in [
        ("deal-deck", swapped),
        ("deal-salt", ("1" if salt[0] == "0" else "0") + salt[1:]),
    ]:
        put(page, where, value)
        bad = verify(page)
        expect(bad).to_have_attribute("data-verdict", "bad")
        expect(bad).to_contain_text("It does NOT match")
    put(page, "deal-salt", salt)
    expect(verify(page)).to_have_attribute("data-verdict", "bad")  # the deck is still swapped
    put(page, "deal-deck", format_cards(deck))
    expect(verify(page)).to_have_attribute("data-verdict", "good")
    assert page.evaluate("window.__gin.ui.view.deal.salt") == salt

    page.goto("./help.html#fair")
    expect(page.get_by_role("heading", name="Is it fair?")).to_be_visible(timeout=BOOT_TIMEOUT)


def dialog_text(dialog: Any) -> str:
    """Everything the Daily dialog holds: its words and the values of its fields."""
    text: str = dialog.evaluate(
        "d => [d.textContent, ...[...d.querySelectorAll('input')].map(i => i.value)].join(' ')"
    )
    return text


def test_no_link_gives_away_the_deal_of_a_match_in_play(browser: Browser, base_url: str) -> None:
    """The seed deals every deck of its match: the Daily dialog gives the link to the match on
    the table once the match is over, never while it is played (the daily's own link, a seed
    everyone plays, is that of the day, whatever the match on the table)."""
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    # A match in play, on a random seed.
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    Table(page).open("./?speed=0&sw=0")
    seed = page.evaluate("window.__gin.ui.seed")
    assert seed and not seed.startswith("daily-")
    page.get_by_role("button", name="Daily deal").click()
    dialog = page.get_by_role("dialog", name="Daily deal")
    assert seed not in dialog_text(dialog)
    expect(dialog.get_by_label("Link to the match on the table")).to_be_hidden()
    expect(dialog.locator("#match-link-later")).to_have_text(
        "The link to the match on the table is given when the match ends: until then it would "
        "deal its hidden cards to anyone who opens it."
    )
    assert dialog.get_by_label("Link to today's deal").input_value().endswith(f"?daily={today}")
    context.close()

    # The same match's end (a save, played here to its end): its link is given.
    reply = engine_call(
        {"op": "new", "seed": "fair-end", "rules": {"target": 1}, "names": ["You", "Computer"]}
    )
    while reply["view"]["phase"] != "match_over":
        view = reply["view"]
        if view["phase"] == "hand_over":
            reply = engine_call({"op": "act", "action": "next"})
        elif view["to_act"] == 0:
            reply = engine_call({"op": "act", "action": simple_choice(view)})
        else:
            reply = engine_call({"op": "bot"})
    context = browser.new_context(base_url=base_url)
    context.add_init_script(
        f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps(reply['save']))})"
    )
    page = context.new_page()
    page.goto("./?speed=0&sw=0")
    end = page.locator("#dlg-result")  # the last hand's end, shown again
    expect(end).to_be_visible(timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.__gin.ui.view.phase") == "match_over"
    page.keyboard.press("Escape")
    expect(end).to_be_hidden()
    page.get_by_role("button", name="Daily deal").click()
    dialog = page.get_by_role("dialog", name="Daily deal")
    link = dialog.get_by_label("Link to the match on the table")
    expect(link).to_be_visible()
    assert link.input_value().endswith("?seed=fair-end")
    expect(dialog.locator("#match-link-later")).to_be_hidden()
    context.close()


def test_a_lesson_in_the_middle_of_a_hand_keeps_its_fingerprint_shown_before_the_first_move(
    context: BrowserContext, page: Page
) -> None:
    """The page showed the deal's fingerprint before the first move, then a lesson took the table
    and gave the hand back mid-way: the hand's end said "this page was opened later". It says
    what the table showed before the first move, Verify opens with one plain sentence, and the
    dialog names no command line (those are for docs/fairness.md)."""
    deck = your_deal()
    table = dealt(context, page, deck)
    page.keyboard.press("t")  # the first move: the upcard taken
    table.idle()
    hand = sorted(table.hand())
    page.locator("#btn-learn").click()
    page.locator("#dlg-learn button.lesson").first.click()
    page.wait_for_selector("#coach:not([hidden])")
    table.idle()
    page.get_by_role("button", name="Leave the lesson").click()
    for _ in range(100):  # the match's hand back on the table
        table.idle()
        if sorted(table.hand()) == hand:
            break
        page.wait_for_timeout(200)
    end = knock_with_the_king(page, table)
    check = end.locator("#result-deal")
    expect(check).to_contain_text("the table showed before the first move")
    expect(check).not_to_contain_text("opened later")
    expect(check.locator("h3 + p")).to_have_text(
        "This proves nobody changed the cards after they were dealt."
    )
    expect(verify(page)).to_have_attribute("data-verdict", "good")
    expect(end).not_to_contain_text("python")


# A journal that never answers: every save waits for its 3 s limit before the move is shown.
JOURNAL_SILENT = "indexedDB.open = () => ({});"


def test_a_move_still_being_saved_when_a_new_match_starts_never_takes_the_new_deals_place(
    context: BrowserContext, page: Page
) -> None:
    """A move the engine had answered, but whose save was still being written, was drawn once
    New match had cleared the table: it took the hand number, the new deal's fingerprint was
    never shown, and the new hand's Verify said "It does NOT match" (a whole-match run after a
    lesson failed so). The table shows the new deal and its fingerprint."""
    context.add_init_script(JOURNAL_SILENT)
    deck = your_deal()
    table = dealt(context, page, deck)
    old = page.evaluate("window.__gin.ui.view.deal.fingerprint")
    page.evaluate("() => { window.__gin.act('take'); }")  # answered at once, saved 3 s later
    page.wait_for_function("window.__gin.ui.busy === true")
    page.locator("#btn-new").click()
    page.locator("#confirm-yes").click()
    table.idle(timeout=20_000)
    page.wait_for_timeout(3_500)  # the first move's save is long over: nothing more to draw
    view = page.evaluate("window.__gin.ui.view")
    assert view["history"] == [] and view["deal"]["fingerprint"] != old
    full = view["deal"]["fingerprint"]
    expect(page.locator("#deal-line")).to_have_text(f"Deal {full[:4]} {full[4:8]} {full[8:12]}")
    expect(page.locator("#log li.deal code")).to_have_text(full)
