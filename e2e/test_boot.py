"""Boot paths: the saved view drawn before the engine, the snapshot boot and its fallback.

Each test runs in a new browser context (empty Cache Storage, no service worker: ?sw=0). The
first visit boots Python normally and keeps a snapshot (web/snapshot.mjs); later visits restore
it, unless it is stale or damaged, in which case they boot normally and still play.
"""

from __future__ import annotations

import json
from typing import Any

from gintable import IDLE, human_first, seed_where

BOOT = 120_000  # a normal boot on a loaded 2-core machine
SNAPSHOT_SAVED = 'html[data-snapshot="saved"]'
MATCH_OVER = 'html[data-phase="match_over"][data-ready="1"]'
CACHE = "snapshot:gin-rummy"


def boot_note(page: Any) -> dict[str, Any]:
    note: dict[str, Any] = page.evaluate("window.__gin.engine.boot")
    return note


def rewrite_snapshot(page: Any, change: str) -> None:
    """Change the kept snapshot in place: "stale" renames its build, "damage" flips body bytes."""
    page.evaluate(
        """async ([name, change]) => {
          const cache = await caches.open(name);
          const [request] = await cache.keys();
          const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
          const end = bytes.indexOf(10);
          if (change === "stale") {
            const head = new TextDecoder().decode(bytes.subarray(0, end));
            const old = head.replace(/build-[0-9a-f]+/, (m) => "build-" + "0".repeat(m.length - 6));
            bytes.set(new TextEncoder().encode(old));
          } else {
            for (let i = end + 1 + 4096; i < bytes.length; i += 65536) bytes[i] ^= 0xff;
          }
          await cache.put(request, new Response(bytes));
        }""",
        [CACHE, change],
    )


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
    page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=BOOT)
    # A short whole match: to 10 points against the beginner (the path, not the play, is tested).
    page.evaluate(
        "localStorage.setItem('gin-rummy:settings:v1', JSON.stringify("
        "{speed: 'instant', rules: {target: 10}, opponent: 'beginner'}))"
    )
    assert boot_note(page)["path"] == "normal"
    match = "./?seed=boot-paths&speed=0&autoplay=1&sw=0"
    restored = final_view(page, match)
    assert boot_note(page)["path"] == "snapshot"
    rewrite_snapshot(page, "damage")
    fallback = final_view(page, match)
    note = boot_note(page)
    assert (note["path"], note["reason"]) == ("normal", "damaged")
    assert restored["final"] is not None
    assert json.dumps(restored, sort_keys=True) == json.dumps(fallback, sort_keys=True)


def test_stale_snapshot_is_never_restored(page: Any) -> None:
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=BOOT)
    rewrite_snapshot(page, "stale")
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    note = boot_note(page)
    assert note["path"] == "normal"
    assert note["reason"].startswith("stale (made for pyodide-")
    assert "build-0000" in note["reason"]
    assert page.evaluate("performance.getEntriesByName('gin:boot-snapshot').length") == 0
    # The stale one was replaced by one for this build, which the next visit restores.
    page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=BOOT)
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert boot_note(page)["path"] == "snapshot"


def test_return_visit_draws_the_saved_hand_before_the_engine(page: Any) -> None:
    seed = seed_where("boot-resume", human_first)
    page.goto(f"./?seed={seed}&speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    hand = page.locator("#hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    scores = page.locator("#scores").inner_text()
    top = page.locator("#discard-card").get_attribute("data-card")
    # Hold the engine back: its worker module is not served until the checks are done.
    held: list[Any] = []
    page.route("**/worker.mjs*", lambda route: held.append(route))
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector('html[data-resumed="1"]', state="attached", timeout=10_000)
    assert held, "the worker was requested"
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
    held[0].continue_()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    page.wait_for_function("!document.documentElement.dataset.held")
    history = page.evaluate("window.__gin.ui.view.history")
    mine = [e["action"] for e in history if e["seat"] == 0]
    assert mine[:1] == ["pass"] and "take" not in mine
    assert mine.count("pass") == 1
