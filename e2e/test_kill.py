"""A browser killed right after a move keeps the move: SIGKILL of the browser process this test
started (as an OS or a power cut ends it), at once and 1 s after a move the page acknowledged
(it showed it), then the browser started again on the same profile. e2e/kill_table.py measures
the same over many kills."""

from __future__ import annotations

from pathlib import Path

from kill_table import acknowledged_move, open_table, saved_actions
from killable import KillableBrowser
from playwright.sync_api import Playwright


def test_a_move_shown_survives_the_browser_killed_at_once_and_after_1_s(
    playwright: Playwright, base_url: str, chromium_env: dict[str, str], tmp_path: Path
) -> None:
    browser = KillableBrowser(playwright, tmp_path / "profile", chromium_env)
    try:
        page, table = open_table(browser.start(), f"{base_url}?seed=kill&speed=0&sw=0")
        for delay in (0.0, 1.0):
            acked = acknowledged_move(page, table)
            page.wait_for_timeout(delay * 1000)
            browser.kill()
            page, table = open_table(browser.start(), f"{base_url}?speed=0&sw=0")
            assert saved_actions(page)[: len(acked)] == acked, f"killed {delay:g} s after"
    finally:
        browser.close()
