"""The language: Settings lists each language in its own name and switching reloads the page in
it, remembered across reloads; a browser that asks for French gets French with no setting."""

from __future__ import annotations

import json
from typing import Any

from gintable import BOOT_TIMEOUT, IDLE
from playwright.sync_api import Page, expect

SETTINGS_KEY = "gin-rummy:settings:v1"
OPEN = "./?speed=0&sw=0&seed=lang-1"
AUTONYMS = ["English", "Español", "Deutsch", "Français", "Português (Brasil)"]


def opened(page: Page, lang: str) -> None:
    ready = f'html[lang="{lang}"]' + IDLE.removeprefix("html")
    page.wait_for_selector(ready, state="attached", timeout=BOOT_TIMEOUT)


def test_the_language_setting_and_the_browsers_language(browser: Any, base_url: str) -> None:
    english = browser.new_context(base_url=base_url, locale="en-US")
    page = english.new_page()
    page.goto(OPEN)
    opened(page, "en")
    page.locator("#btn-settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    picker = settings.locator("#settings-language")
    expect(picker.locator("option")).to_have_text(AUTONYMS)
    expect(picker).to_have_value("en")  # what the page chose, from the browser
    picker.select_option("de")  # saves the choice and reloads the page in German
    opened(page, "de")
    page.locator("#btn-settings").click()
    expect(page.get_by_role("dialog", name="Einstellungen")).to_be_visible()
    expect(page.locator("#settings-language")).to_have_value("de")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))
    assert stored["language"] == "de"
    page.reload()  # the choice is remembered
    opened(page, "de")
    expect(page.locator("#dlg-stats-title")).to_have_text("Statistik")
    english.close()

    french = browser.new_context(base_url=base_url, locale="fr-FR")
    page = french.new_page()
    page.goto(OPEN)
    opened(page, "fr")
    stored = page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')")
    assert "language" not in json.loads(stored or "{}")  # no setting: the browser's language
    page.locator("#btn-settings").click()
    expect(page.get_by_role("dialog", name="Réglages")).to_be_visible()
    expect(page.locator("#settings-language")).to_have_value("fr")
    french.close()
