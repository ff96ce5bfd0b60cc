"""The options of issue 13 in Chromium: the void-hand dealer and the face-up knock discard under
Custom, and supplied decks (duplicate play) typed in the settings, kept in the save and resumed."""

from __future__ import annotations

import json
import os
from pathlib import Path

from gintable import Table, engine_call
from playwright.sync_api import Page, expect

from gin.match import format_decks, shuffled_deck

SAVE_KEY = "gin-rummy:save:v1"
SETTINGS_KEY = "gin-rummy:settings:v1"
FAST = "speed=0&sw=0"
SHOTS = os.environ.get("GIN_SHOTS")  # a folder: write the Custom settings' screenshots there


def test_custom_options_and_supplied_decks(page: Page, table: Table) -> None:
    table.open(f"./?{FAST}&seed=options-1")
    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    settings.get_by_label("Who deals after a void hand").select_option("alternate")
    settings.get_by_label("Knock discard face up: it goes on the discard pile").check()
    expect(settings.get_by_label("Preset")).to_have_value("custom")
    decks = format_decks([shuffled_deck("club", 1), shuffled_deck("club", 2)])
    box = settings.get_by_label("Duplicate play: supplied decks", exact=False)
    box.fill("\n".join(decks) + "\n\n")
    box.press("Tab")
    if SHOTS:
        for width, height in ((360, 640), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            box.scroll_into_view_if_needed()
            page.screenshot(path=str(Path(SHOTS) / f"custom-{width}x{height}.png"))
    settings.get_by_role("button", name="New match with these rules").click()
    page.get_by_role("dialog", name="New match?").get_by_role(
        "button", name="Start a new match"
    ).click()
    page.wait_for_function("() => window.__gin.ui.view && window.__gin.ui.view.supplied_decks")
    table.idle()

    view = page.evaluate("window.__gin.ui.view")
    assert view["rules"]["dealer_after_void"] == "alternate"
    assert view["rules"]["knock_discard_face_up"] is True
    expect(page.locator("#rules-line")).to_contain_text(
        "dealer after a void hand: Alternate, knock discard face up: on"
        " · duplicate deals: 2 supplied decks"
    )
    # The engine dealt the first deck, and took the seed from the decks: the same first dealer
    # as any other table given these decks.
    alike = engine_call({"op": "new", "decks": decks, "rules": view["rules"]})
    assert view["hand"] == alike["view"]["hand"] and view["dealer"] == alike["view"]["dealer"]
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert saved["decks"] == decks and saved["seed"] == alike["save"]["seed"]
    stored = json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))
    assert stored["decks"] == decks

    # A reload resumes the match from its save, decks and all.
    page.reload()
    table.idle(60_000)
    assert page.evaluate("window.__gin.ui.view.supplied_decks") == 2
    assert page.evaluate("window.__gin.ui.view.hand") == view["hand"]

    # Emptying the box returns new matches to shuffled deals.
    page.get_by_role("button", name="Settings").click()
    expect(box).to_have_value("\n".join(decks))
    box.fill("")
    box.press("Tab")
    assert "decks" not in json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))
