"""Boot paths: the saved view drawn before the engine, the snapshot boot and its fallback.

Each test runs in a new browser context (no service worker: ?sw=0). The worker restores the
engine's memory snapshot shipped with the build (web/boot/snapshot.mjs) unless it is stale or
damaged (the tests serve it so through a route), in which case it boots normally and still plays.
"""

from __future__ import annotations

import json
from typing import Any

from conftest import DIST
from gintable import IDLE, HeldEngine, human_first, seed_where, with_snapshot_key

BOOT = 120_000  # a normal boot on a loaded 2-core machine
MATCH_OVER = 'html[data-phase="match_over"][data-ready="1"]'


def boot_note(page: Any) -> dict[str, Any]:
    note: dict[str, Any] = page.evaluate("window.__gin.engine.boot")
    return note


def serve_changed_snapshot(page: Any, change: str) -> None:
    """Serve the build's snapshot changed: "stale" names another build in its header, "damage"
    flips bytes of its body."""

    # Changed once, from the built file: a request made as the test ends must not wait on a fetch
    # of its own, which the closing page disposes of (an error in the test's teardown).
    data = (DIST / "engine.snapshot").read_bytes()
    if change == "stale":
        data = with_snapshot_key(data, lambda key: key.rsplit("-", 1)[0] + "-" + "0" * 16)
    else:
        damaged = bytearray(data)
        for i in range(data.index(b"\n") + 1 + 4096, len(data), 65536):
            damaged[i] ^= 0xFF
        data = bytes(damaged)

    def handler(route: Any) -> None:
        route.fulfill(body=data)

    page.route("**/engine.snapshot", handler)


def final_view(page: Any, query: str) -> dict[str, Any]:
    """Play the seeded match to its end with the autoplay hook; the page's final view."""
    page.goto(query)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT)
    if page.locator("#dlg-confirm[open]").count():  # a link asks before abandoning a match
        page.locator("#confirm-yes").click()
    page.wait_for_selector(MATCH_OVER, state="attached", timeout=BOOT + 240_000)
    view: dict[str, Any] = page.evaluate("window.__gin.ui.view")
    return view


def test_snapshot_and_fallback_play_the_same_match(page: Any) -> None:
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert boot_note(page)["path"] == "snapshot"
    # A short whole match: to 10 points against the beginner (the path, not the play, is tested).
    page.evaluate(
        "localStorage.setItem('gin-rummy:settings:v1', JSON.stringify("
        "{speed: 'instant', rules: {target: 10}, opponent: 'beginner'}))"
    )
    match = "./?seed=boot-paths&speed=0&autoplay=1&sw=0"
    restored = final_view(page, match)
    assert boot_note(page)["path"] == "snapshot"
    serve_changed_snapshot(page, "damage")
    fallback = final_view(page, match)
    note = boot_note(page)
    assert (note["path"], note["reason"]) == ("normal", "damaged snapshot")
    assert restored["final"] is not None
    # Each match draws a secret salt of its own (gin.fairness): the fingerprint and the salt of
    # the last deal differ, its deck and stock do not.
    for final in (restored, fallback):
        final["deal"] = {k: v for k, v in final["deal"].items() if k not in ("fingerprint", "salt")}
    assert json.dumps(restored, sort_keys=True) == json.dumps(fallback, sort_keys=True)


def test_stale_snapshot_is_never_restored(page: Any) -> None:
    serve_changed_snapshot(page, "stale")
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    note = boot_note(page)
    assert note["path"] == "normal"
    assert note["reason"].startswith("stale snapshot (made for pyodide-")
    assert note["reason"].endswith("-0000000000000000)")
    assert page.evaluate("performance.getEntriesByName('gin:boot-snapshot').length") == 0
    assert page.locator("#hand button.card").count() == 10


def test_return_visit_draws_the_saved_hand_before_the_engine(page: Any) -> None:
    seed = seed_where("boot-resume", human_first)
    page.goto(f"./?seed={seed}&speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    hand = page.locator("#hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    scores = page.locator("#scores").inner_text()
    top = page.locator("#discard-card").get_attribute("data-card")
    # Hold the engine back: its worker module is not served until the checks are done.
    held = HeldEngine(page)
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector('html[data-resumed="1"]', state="attached", timeout=10_000)
    assert held.requested, "the worker was requested"
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.evaluate("performance.getEntriesByName('gin:engine-ready').length") == 0
    shown = page.locator("#hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(hand) and len(shown) == 10
    assert page.locator("#scores").inner_text() == scores
    assert page.locator("#discard-card").get_attribute("data-card") == top
    # The first move waits for the engine, a second is refused aloud; neither is lost or doubled.
    page.keyboard.press("p")
    page.wait_for_selector('html[data-held="pass"]', state="attached")
    assert "as soon as the engine is ready" in page.locator("#message").inner_text()
    page.keyboard.press("t")
    assert "was not taken" in page.locator("#message").inner_text()
    assert page.evaluate("document.documentElement.dataset.held") == "pass"
    held.release()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    page.wait_for_function("!document.documentElement.dataset.held")
    history = page.evaluate("window.__gin.ui.view.history")
    mine = [e["action"] for e in history if e["seat"] == 0]
    assert mine[:1] == ["pass"] and "take" not in mine
    assert mine.count("pass") == 1
