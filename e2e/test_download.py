"""A first visit's wait: the bar and the bytes downloaded, a dropped connection, no connection.

The worker's downloads (Pyodide's files and the gin wheel) are held back by routes and let through
one at a time, so that each step of the bar is seen (web/boot/waiting.js, web/boot/downloads.mjs).
The wheel is asked for only once Python's two files have come (web/boot/worker.mjs).
No service worker (?sw=0): routes do not see what a service worker answers.
"""

from __future__ import annotations

import functools
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gintable import IDLE
from screenwalk import shoot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import build  # noqa: E402  (the static host's server)

pytestmark = pytest.mark.first_visit  # every test here watches a first visit's downloads

BOOT = 120_000
PYTHON = (
    "python_stdlib.zip.zst",
    "pyodide.asm.wasm.zst",
)  # held by these names, the wheel as "gin"
HELD = re.compile(r"/(python_stdlib\.zip\.zst|pyodide\.asm\.wasm\.zst|gin-[\w.-]+\.whl\.zst)$")


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

    def wait(self, *names: str) -> None:
        for _ in range(600):
            if set(names) <= set(self.routes):
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"only {sorted(self.routes)} were asked for")

    def let_through(self, name: str) -> None:
        self.wait(name)
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
    value: float = page.locator("#boot-wait progress").evaluate("bar => bar.value")
    return value, page.locator("#boot-words").inner_text()


def test_the_bar_advances_with_the_bytes(page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    held = Held(page)
    page.goto("./?speed=0&sw=0")
    held.wait(*PYTHON)
    page.wait_for_selector("#boot-wait progress", state="attached")  # the page's scripts are in
    start = downloaded(page)
    value, words = bar(page)
    assert re.fullmatch(r"Downloading the game: [\d.]+ of [\d.]+ MB", words), words
    assert value < 0.3
    shoot(page, "download-early")
    held.let_through("python_stdlib.zip.zst")
    after_stdlib = grown(page, start)
    # Long enough for a rate (web/boot/waiting.js: RATE_AFTER_MS, 1.5 s), with a margin: once, on a
    # loaded machine, 1.6 s was not, and the line had no time left yet.
    page.wait_for_timeout(2500)
    before_wasm = bar(page)[0]
    assert 0.1 < before_wasm < 0.5  # the wasm, most of the bytes, has not come
    assert "gin" not in held.routes  # the wheel waits for Python's own files
    held.let_through("pyodide.asm.wasm.zst")
    after_wasm = grown(page, after_stdlib)  # its first bytes: Python takes a second more to start
    value, words = bar(page)
    left = r"Downloading the game: [\d.]+ of [\d.]+ MB, about \d+ seconds? left"
    assert re.fullmatch(left, words), words
    assert value > before_wasm
    shoot(page, "download-late")
    held.let_through("gin")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert downloaded(page) > after_wasm
    assert page.locator("#hand button.card").count() == 10
    assert page.locator("#boot-wait").is_hidden()  # the engine is in: the wait's line is gone


def test_a_dropped_connection_says_so_and_a_retry_plays(page: Any) -> None:
    held = Held(page)
    page.goto("./?speed=0&sw=0")
    held.wait(*PYTHON)
    page.wait_for_selector("#boot-wait progress", state="attached")  # the page's scripts are in
    held.fail_all("connectionreset")
    page.unroute(HELD)
    page.wait_for_selector('html[data-boot-failed="network"]', state="attached", timeout=BOOT)
    line = page.locator("#boot-wait")
    assert "The connection dropped while the game was downloading." in line.inner_text()
    line.get_by_role("button", name="Try again").click()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert page.locator("#hand button.card").count() == 10


class Logged(build.Handler):
    """The static host's handler, keeping each request of a packed file with its Range header."""

    asked: list[tuple[str, str | None]] = []

    def send_head(self) -> Any:
        if self.path.endswith(".zst"):
            self.asked.append((self.path.rsplit("/", 1)[1], self.headers.get("Range")))
        return super().send_head()


@pytest.fixture
def dropping_host() -> Iterator[str]:
    """The site as a static host serves it, whose first response of the wasm drops after 1 MB."""
    Logged.asked = []
    hosting = build.Hosting(drop=("pyodide.asm.wasm.zst", 1_000_000))
    handler = functools.partial(Logged, directory=str(build.DIST), hosting=hosting)
    server = build.Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_a_download_dropped_midway_goes_on_from_where_it_stopped(
    page: Any, dropping_host: str
) -> None:
    page.goto(dropping_host + "?speed=0&sw=0")
    page.wait_for_selector('html[data-boot-failed="network"]', state="attached", timeout=BOOT)
    line = page.locator("#boot-wait")
    assert "The connection dropped while the game was downloading." in line.inner_text()
    page.evaluate("window.sameDocument = true")  # gone if the retry loaded the page again
    line.get_by_role("button", name="Try again").click()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert page.locator("#hand button.card").count() == 10
    assert page.evaluate("window.sameDocument === true")
    assert page.evaluate("document.documentElement.dataset.bootFailed") is None
    wasm = [asked for name, asked in Logged.asked if name == "pyodide.asm.wasm.zst"]
    assert wasm[0] is None and len(wasm) == 2
    # The rest asked for: from what had come (a reset connection loses what was still on its way).
    assert re.fullmatch(r"bytes=[1-9]\d*-", wasm[1] or ""), wasm


def test_a_first_visit_offline_says_the_game_needs_one_visit_online(page: Any) -> None:
    held = Held(page)
    page.goto("./?speed=0&sw=0&lang=de")
    held.wait(*PYTHON)
    page.wait_for_selector("#boot-wait progress", state="attached")  # the page's scripts are in
    page.context.set_offline(True)
    held.fail_all("internetdisconnected")
    page.unroute(HELD)
    page.wait_for_selector('html[data-boot-failed="offline"]', state="attached", timeout=BOOT)
    line = page.locator("#boot-wait")
    assert "Das Spiel muss einmal online geladen werden" in line.inner_text()
    page.context.set_offline(False)
    line.get_by_role("button", name="Erneut versuchen").click()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)


def test_the_welcome_is_answered_while_the_game_downloads(page: Any) -> None:
    """A first visit's welcome (levels, lessons, rules) opens while Python's files are still on
    their way, and the level chosen there is the one the first match is played against once
    the engine is in."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.emulate_media(reduced_motion="reduce")  # not ?speed=0: a test hook skips the welcome
    held = Held(page)
    page.goto("./?sw=0")
    held.wait(*PYTHON)
    page.wait_for_selector("#boot-wait progress", state="attached")  # the page's scripts are in
    page.wait_for_selector("#dlg-welcome[open] #welcome-levels input", timeout=BOOT)
    shoot(page, "welcome-while-loading")
    page.locator('#welcome-levels input[value="cautious"]').check()
    page.locator("#welcome-play").click()
    assert page.evaluate("document.documentElement.dataset.ready || ''") != "1"
    assert re.match(r"Downloading the game", bar(page)[1])
    for name in (*PYTHON, "gin"):
        held.let_through(name)
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert page.evaluate("window.__gin.ui.view.opponent.player") == "cautious"


def test_a_first_deal_is_played_while_the_game_downloads(page: Any) -> None:
    """With Python's files held back, the welcome answered: a deal of the build's is on the table,
    its moves open (but not New match); a take is held and said so; once the engine is in, the
    match is that deal (the same fingerprint and hand) and the take is played once."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.emulate_media(reduced_motion="reduce")  # not ?speed=0: a test hook skips the welcome
    held = Held(page)
    page.goto("./?sw=0")
    held.wait(*PYTHON)
    page.locator("#dlg-welcome[open] #welcome-skip").click(timeout=BOOT)
    page.wait_for_selector('html[data-first-deal="1"]', state="attached")
    hand = page.locator("#hand button.card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    upcard = page.locator("#discard-card").get_attribute("data-card")
    assert len(hand) == 10 and upcard
    deals = page.evaluate("import('./config.mjs').then(m => m.default.firstDeals)")
    drawn = [d for d in deals if sorted(d["view"]["hand"]) == sorted(hand)]
    assert len(drawn) == 1 and drawn[0]["view"]["discard_pile"][-1] == upcard
    assert page.locator("#act-take").is_enabled() and page.locator("#act-pass").is_enabled()
    assert re.match(r"Downloading the game", bar(page)[1])  # the wait is still said
    # No other match may be asked for yet: start() would deal this one over it.
    page.locator("#btn-new").click()
    assert "still starting" in page.locator("#message").inner_text()
    assert page.locator("dialog[open]").count() == 0
    page.locator("#act-take").click()
    assert "will be played as soon as the engine is ready" in page.locator("#message").inner_text()
    assert page.evaluate("document.documentElement.dataset.ready || ''") != "1"
    shoot(page, "first-deal-while-loading")
    for name in (*PYTHON, "gin"):
        held.let_through(name)
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    view = page.evaluate("window.__gin.ui.view")
    assert page.evaluate("window.__gin.ui.seed") == drawn[0]["seed"]
    assert page.locator("#deal-line").is_visible()  # its fingerprint, before the take was played
    assert sorted(view["hand"]) == sorted([*hand, upcard])  # the take, played on that deal
    assert len([line for line in page.locator("#log li").all_inner_texts() if "took" in line]) == 1
    assert page.locator("#boot-wait").is_hidden()
