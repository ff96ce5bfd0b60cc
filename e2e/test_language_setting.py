"""The language: Settings lists each language in its own name and switching reloads the page in
it, remembered across reloads; a browser that asks for French gets French with no setting."""

from __future__ import annotations

import json
from typing import Any

import pytest
from gintable import BOOT_TIMEOUT, IDLE
from playwright.sync_api import Page, expect

from gin.i18n import catalogue

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


@pytest.mark.parametrize(
    ("query", "browser_languages", "lang"),
    [
        ("?lang=de-DE", ["en-US"], "de"),
        ("?lang=pt-br", ["en-US"], "pt-BR"),
        ("?lang=PT", ["en-US"], "pt-BR"),
        ("?lang=es-MX", ["en-US"], "es"),
        ("?lang=FR-ca", ["en-US"], "fr"),
        ("", ["it-IT", "PT-br"], "pt-BR"),
        ("", ["es-419", "en"], "es"),
    ],
)
def test_language_tags_match_in_any_case_and_by_their_first_part(
    browser: Any, base_url: str, query: str, browser_languages: list[str], lang: str
) -> None:
    """A tag asked in the address or by the browser names a language the game speaks in any
    case, or by its first part: de-DE is German, pt-br and pt are Brazilian Portuguese."""
    context = browser.new_context(base_url=base_url, locale="en-US")
    languages = json.dumps(browser_languages)
    context.add_init_script(
        f"Object.defineProperty(navigator, 'languages', {{ get: () => {languages} }});"
    )
    page = context.new_page()
    page.goto(f"./{query}{'&' if query else '?'}speed=0&sw=0&seed=lang-tags")
    page.wait_for_selector(f'html[lang="{lang}"]', state="attached", timeout=BOOT_TIMEOUT)
    expect(page.locator("#btn-new")).to_have_text(str(catalogue(lang)["table.new_match"]))
    context.close()
