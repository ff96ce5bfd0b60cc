"""The table in German (?lang=de): one saved hand's end, loaded once, read region by region."""

from __future__ import annotations

import re
from typing import Any

from gintable import Table
from playwright.sync_api import BrowserContext, Page, expect
from test_player import FAST, SAVE_KEY, mirror, store_before_load

from gin.i18n import catalogue, word


def ended_with_a_queen() -> dict[str, Any]:
    """A seeded match played to its first hand's end, where a queen is among the hands shown."""
    for i in range(40):
        ended = mirror(f"de-table-{i}", stop=lambda v: v["phase"] == "hand_over")
        result = ended["view"]["result"]
        if result["kind"] != "void" and any(c[0] == "Q" for h in result["hands"] for c in h):
            return ended
    raise AssertionError("no seed of 40 ends its first hand with a queen shown")


def test_the_table_speaks_german(context: BrowserContext, page: Page) -> None:
    ended = ended_with_a_queen()
    view = ended["view"]
    store_before_load(context, {SAVE_KEY: ended["save"]})
    Table(page).open(f"./?{FAST}&lang=de")
    # The header, the prompt, the piles.
    expect(page.locator("#score-0 .who")).to_have_text("Du")
    expect(page.locator("#target")).to_contain_text("bis 100")
    expect(page.locator("#target")).to_contain_text("Runde 1")
    expect(page.locator("#prompt")).to_contain_text("Die Runde ist vorbei")
    stock = view["stock_count"]
    expect(page.locator("#stock-count")).to_have_attribute("data-glyph", f"noch {stock}")
    expect(page.get_by_role("button", name="Stapel", exact=True)).to_have_count(1)
    expect(page.locator("#act-next")).to_have_accessible_name("Nächste Runde")
    # The hand's end: its title, the engine's words in German, the steps, a queen's face.
    dialog = page.get_by_role("dialog", name=re.compile("Geklopft|Gin|Unterboten"))
    expect(dialog).to_be_visible()
    verdict = word(catalogue("de"), view["result"]["words"], "de")
    expect(dialog.locator("#result-verdict")).to_have_text(verdict + ".")
    expect(dialog.locator("#result-steps li").first).to_contain_text(re.compile("Totholz|Gin"))
    queen = dialog.locator(".card[data-card^='Q'] .corner.top .r").first
    expect(queen).to_have_attribute("data-glyph", "D")
    assert "queen" not in dialog.inner_text().lower()
