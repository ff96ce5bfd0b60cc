"""A first visit's wait: the bar and the bytes downloaded, a dropped connection, no connection.

The worker's downloads (Pyodide's files and the gin wheel) are held back by routes and let through
one at a time, so that each step of the bar is seen (web/boot/waiting.js, web/boot/downloads.mjs).
No service worker (?sw=0): routes do not see what a service worker answers.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from gintable import IDLE
from screenwalk import shoot

pytestmark = pytest.mark.first_visit  # every test here watches a first visit's downloads

BOOT = 120_000
HELD = re.compile(r"/(python_stdlib\.zip\.zst|pyodide\.asm\.wasm\.zst|gin-[\w.-]+\.whl)$")


class Held:
    """The worker's large downloads held back until each is let through by name."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.routes: dict[str, Any] = {}
        page.route(HELD, lambda route: self.routes.setdefault(self.name(route), route))

    @staticmethod
    def name(route: Any) -> str:
        found = HELD.search(route.request.url)
        assert found
        return found.group(1).split("-")[0]  # the wheel as "gin"

    def wait(self, count: int) -> None:
        for _ in range(600):
            if len(self.routes) >= count:
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"only {sorted(self.routes)} were asked for")

    def let_through(self, name: str) -> None:
        self.routes.pop(name).continue_()

    def fail_all(self, error: str) -> None:
        for name in list(self.routes):
            self.routes.pop(name).abort(error)


def downloaded(page: Any) -> int:
    return int(page.evaluate("document.documentElement.dataset.downloaded || '0'"))


def grown(page: Any, since: int) -> int:
    for _ in range(100):
        now = downloaded(page)
        if now > since:
            return now
        page.wait_for_timeout(100)
    raise AssertionError(f"the bar stayed at {since} bytes")


def bar(page: Any) -> tuple[float, str]:
    value: float = page.locator("#prompt progress").evaluate("bar => bar.value")
    return value, page.locator("#boot-words").inner_text()


def test_the_bar_advances_with_the_bytes(page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    held = Held(page)
    page.goto("./?speed=0&sw=0")
    held.wait(3)
    start = downloaded(page)
    value, words = bar(page)
    assert re.fullmatch(r"Downloading the game: [\d.]+ of [\d.]+ MB", words), words
    assert value < 0.3
    shoot(page, "download-early")
    held.let_through("python_stdlib.zip.zst")
    after_stdlib = grown(page, start)
    page.wait_for_timeout(1600)  # long enough for a rate: the time left is said from now on
    held.let_through("gin")
    after_wheel = grown(page, after_stdlib)
    value, words = bar(page)
    left = r"Downloading the game: [\d.]+ of [\d.]+ MB, about \d+ seconds? left"
    assert re.fullmatch(left, words), words
    assert 0.1 < value < 0.5  # the wasm, most of the bytes, has not come
    shoot(page, "download-late")
    held.let_through("pyodide.asm.wasm.zst")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert downloaded(page) > after_wheel
    assert page.locator("#hand button.card").count() == 10
    assert page.locator("#prompt progress").count() == 0  # the table's prompt took its place


def test_a_dropped_connection_says_so_and_a_retry_plays(page: Any) -> None:
    held = Held(page)
    page.goto("./?speed=0&sw=0")
    held.wait(3)
    held.fail_all("connectionreset")
    page.unroute(HELD)
    page.wait_for_selector('html[data-boot-failed="network"]', state="attached", timeout=BOOT)
    prompt = page.locator("#prompt")
    assert "The connection dropped while the game was downloading." in prompt.inner_text()
    prompt.get_by_role("button", name="Try again").click()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert page.locator("#hand button.card").count() == 10


def test_a_first_visit_offline_says_the_game_needs_one_visit_online(page: Any) -> None:
    held = Held(page)
    page.goto("./?speed=0&sw=0&lang=de")
    held.wait(3)
    page.context.set_offline(True)
    held.fail_all("internetdisconnected")
    page.unroute(HELD)
    page.wait_for_selector('html[data-boot-failed="offline"]', state="attached", timeout=BOOT)
    prompt = page.locator("#prompt")
    assert "Das Spiel muss einmal online geladen werden" in prompt.inner_text()
    page.context.set_offline(False)
    prompt.get_by_role("button", name="Erneut versuchen").click()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)


def test_the_welcome_is_answered_while_the_game_downloads(page: Any) -> None:
    """A first visit's welcome (levels, lessons, rules) opens while Python's files are still on
    their way, and the level chosen there is the one the first match is played against once
    the engine is in."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.emulate_media(reduced_motion="reduce")  # not ?speed=0: a test hook skips the welcome
    held = Held(page)
    page.goto("./?sw=0")
    held.wait(3)
    page.wait_for_selector("#dlg-welcome[open] #welcome-levels input", timeout=BOOT)
    shoot(page, "welcome-while-loading")
    page.locator('#welcome-levels input[value="cautious"]').check()
    page.locator("#welcome-play").click()
    assert page.evaluate("document.documentElement.dataset.ready || ''") != "1"
    assert re.match(r"Downloading the game", bar(page)[1])
    for name in ("python_stdlib.zip.zst", "gin", "pyodide.asm.wasm.zst"):
        held.let_through(name)
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert page.evaluate("window.__gin.ui.view.opponent.player") == "cautious"
