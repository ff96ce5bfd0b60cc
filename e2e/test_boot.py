"""Boot paths: the saved view drawn before the engine, the snapshot boot and its fallback.

Each test runs in a new browser context, most without a service worker (?sw=0). A first visit
boots Python from scratch and, once the table is playable, keeps the engine's memory snapshot in
Cache Storage (web/boot/snapshot.mjs); later visits restore that copy unless it is stale or
damaged (the tests plant such copies), in which case the worker boots normally and still plays.
"""

from __future__ import annotations

import json
import sys
from typing import Any
from urllib.parse import urlparse

import pytest
from conftest import DIST, ROOT
from gintable import (
    IDLE,
    MY_TURN,
    HeldEngine,
    human_first,
    plant_snapshot,
    seed_where,
    service_worker_controls,
    with_snapshot_key,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.first_visit  # each test starts from a browser that kept nothing

BOOT = 120_000  # a normal boot on a loaded 2-core machine
MATCH_OVER = 'html[data-phase="match_over"][data-ready="1"]'
KEPT = 'html[data-snapshot-kept="{}"]'

sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the files a first visit needs, as the build counts them)


def boot_note(page: Any) -> dict[str, Any]:
    note: dict[str, Any] = page.evaluate("window.__gin.engine.boot")
    return note


def changed_snapshot(change: str) -> bytes:
    """The build's snapshot changed: "stale" names another build in its header, "damage" flips
    bytes of its body."""
    data = (DIST / "engine.snapshot").read_bytes()
    if change == "stale":
        return with_snapshot_key(data, lambda key: key.rsplit("-", 1)[0] + "-" + "0" * 16)
    damaged = bytearray(data)
    for i in range(data.index(b"\n") + 1 + 4096, len(data), 65536):
        damaged[i] ^= 0xFF
    return bytes(damaged)


# The copy kept unpacked (web/boot/snapshot.mjs keeps it sparse: a table, then the pages) damaged
# where it lies: "flip" changes a byte of its last page, "cut" drops its last byte.
DAMAGE_KEPT = """async (how) => {
  const cache = await caches.open(`gin-${document.documentElement.dataset.build}`);
  const url = new URL("engine.snapshot.unpacked", location.href).href;
  const file = new Uint8Array(await (await cache.match(url)).arrayBuffer());
  if (how === "flip") file[file.length - 100] ^= 0xff;
  await cache.put(url, new Response(how === "cut" ? file.subarray(0, file.length - 1) : file));
}"""


def requests_of(page: Any, part: str) -> list[str]:
    """The URLs containing ``part`` that the page and its workers request from now on."""
    seen: list[str] = []
    page.on("request", lambda request: part in request.url and seen.append(request.url))
    return seen


def test_a_first_visit_boots_python_and_keeps_the_snapshot_once_playable(page: Any) -> None:
    # The snapshot is held back (never served until released): a start that waited for it would
    # never become playable.
    held: list[Any] = []
    page.route("**/engine.snapshot", lambda route: held.append(route))
    wheels = requests_of(page, "/wheels/")
    wasm = requests_of(page, "pyodide.asm.wasm")
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert page.locator("#hand button.card").count() == 10
    note = boot_note(page)
    assert (note["path"], note["reason"]) == ("normal", "no snapshot kept in this browser")
    assert len(wheels) == 1
    assert [url.rsplit("/", 1)[1] for url in wasm] == ["pyodide.asm.wasm.zst"]  # packed, once
    # Once playable, the worker fetches the snapshot and keeps it.
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1, "the snapshot was fetched once the table was playable"
    held[0].continue_()
    page.unroute("**/engine.snapshot")
    page.wait_for_selector(KEPT.format("fetched"), state="attached", timeout=BOOT)
    # The second visit restores it, kept unpacked: no wheel, no snapshot from the site, no import
    # of the engine, and the wasm unpacked by the first (kept beside the snapshot), not fetched
    # again.
    snapshots = requests_of(page, "engine.snapshot")
    wasm.clear()
    page.reload()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert (boot_note(page)["path"], boot_note(page)["form"]) == ("snapshot", "unpacked")
    assert page.evaluate("performance.getEntriesByName('gin:installed').length") == 0
    page.wait_for_selector(KEPT.format("already"), state="attached", timeout=BOOT)
    assert (len(wheels), snapshots, wasm) == (1, [], [])
    # With no saved view to draw, the bar shows while the engine starts: the copies kept
    # unpacked count as come (the packed files, most of the bytes; 0 before).
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    packed = sum(f.stat().st_size for f in (DIST / "pyodide").glob("*.zst"))
    assert int(page.evaluate("document.documentElement.dataset.downloaded")) >= packed


def test_the_build_counts_the_files_a_first_visit_downloads(page: Any) -> None:
    paths: list[str] = []
    page.on("request", lambda request: paths.append(urlparse(request.url).path))
    # The snapshot kept for later visits is fetched once the table is playable, by a worker of
    # its own (boot/keeper.mjs): held here, so that what is counted is the boot's alone however
    # fast the playable table is seen.
    page.route("**/engine.snapshot", lambda route: None)
    # In the language of the largest catalogue, the one the build counts.
    page.goto("./?speed=0&sw=0&lang=fr")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    later = {"engine.snapshot", "boot/keeper.mjs"}
    asked = {path.lstrip("/") or "index.html" for path in paths} - later
    counted = set(build.first_visit_files(DIST))
    # Headless Chromium never asks for the manifest; a phone's browser does (to offer an install).
    assert (sorted(asked - counted), sorted(counted - asked)) == ([], ["manifest.webmanifest"])


def test_with_the_service_worker_the_precache_keeps_the_snapshot(page: Any) -> None:
    page.goto("./?speed=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert boot_note(page)["path"] == "normal"
    assert service_worker_controls(page)
    # The precache holds the snapshot already: the keeper unpacks its copy and fetches nothing.
    snapshots = requests_of(page, "engine.snapshot")
    page.wait_for_selector(KEPT.format("unpacked"), state="attached", timeout=BOOT)
    page.reload()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert (boot_note(page)["path"], boot_note(page)["form"]) == ("snapshot", "unpacked")
    page.wait_for_selector(KEPT.format("already"), state="attached", timeout=BOOT)
    assert snapshots == []


# When the page registers its service worker, and when the person's turn first came.
REGISTER_TIMES = """
self.e2eTimes = {};
if (navigator.serviceWorker) {
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (...args) => {
    self.e2eTimes.register = performance.now();
    return register(...args);
  };
}
new MutationObserver(() => {
  const turn = document.documentElement.dataset.turn;
  if (turn && !(turn in self.e2eTimes)) self.e2eTimes[turn] = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-turn"] });
"""


def test_the_precache_waits_for_the_persons_first_turn(context: Any, page: Any) -> None:
    """Where the computer moves first, at the normal pace (0.75 s before each move), the service
    worker is registered, and its precache started, only once the person may move."""
    seed = seed_where("computer-first", lambda seed: not human_first(seed))
    context.add_init_script(REGISTER_TIMES)
    page.goto(f"./?seed={seed}")
    page.wait_for_selector(MY_TURN, state="attached", timeout=BOOT)
    page.wait_for_function("() => 'register' in self.e2eTimes", timeout=BOOT)
    times = page.evaluate("self.e2eTimes")
    assert times["opp"] < times["me"] <= times["register"], times


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
    page.wait_for_selector(KEPT.format("fetched"), state="attached", timeout=BOOT)
    # A short whole match: to 10 points against the beginner (the path, not the play, is tested).
    page.evaluate(
        "localStorage.setItem('gin-rummy:settings:v1', JSON.stringify("
        "{speed: 'instant', rules: {target: 10}, opponent: 'beginner'}))"
    )
    match = "./?seed=boot-paths&speed=0&autoplay=1&sw=0"
    restored = final_view(page, match)
    assert boot_note(page)["path"] == "snapshot"
    page.evaluate(DAMAGE_KEPT, "flip")
    fallback = final_view(page, match)
    note = boot_note(page)
    reason = "damaged snapshot, or another build's (kept unpacked)"
    assert (note["path"], note["reason"]) == ("normal", reason)
    assert restored["final"] is not None
    # Each match draws a secret salt of its own (gin.fairness): the fingerprint and the salt of
    # the last deal differ, its deck and stock do not.
    for final in (restored, fallback):
        final["deal"] = {k: v for k, v in final["deal"].items() if k not in ("fingerprint", "salt")}
    assert json.dumps(restored, sort_keys=True) == json.dumps(fallback, sort_keys=True)


def test_a_start_from_the_packed_copy_keeps_it_unpacked_for_the_next(page: Any) -> None:
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(KEPT.format("fetched"), state="attached", timeout=BOOT)
    plant_snapshot(page, (DIST / "engine.snapshot").read_bytes())  # the precache's copy alone
    snapshots = requests_of(page, "engine.snapshot")
    page.reload()
    # The bytes that start unpacked are handed to the keeper, not unpacked again.
    page.wait_for_selector(KEPT.format("restored"), state="attached", timeout=BOOT)
    assert (boot_note(page)["path"], boot_note(page)["form"]) == ("snapshot", "packed")
    page.reload()
    page.wait_for_selector(KEPT.format("already"), state="attached", timeout=BOOT)
    assert (boot_note(page)["path"], boot_note(page)["form"]) == ("snapshot", "unpacked")
    assert snapshots == []


def test_a_cut_unpacked_copy_is_dropped_and_kept_again(page: Any) -> None:
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(KEPT.format("fetched"), state="attached", timeout=BOOT)
    page.evaluate(DAMAGE_KEPT, "cut")
    page.reload()
    page.wait_for_selector(KEPT.format("fetched"), state="attached", timeout=BOOT)
    assert (boot_note(page)["path"], boot_note(page)["reason"]) == (
        "normal",
        "damaged snapshot (kept unpacked)",
    )
    page.reload()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    assert (boot_note(page)["path"], boot_note(page)["form"]) == ("snapshot", "unpacked")


@pytest.mark.parametrize("change", ["stale", "damage"])
def test_a_stale_or_damaged_packed_snapshot_is_never_restored(page: Any, change: str) -> None:
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(KEPT.format("fetched"), state="attached", timeout=BOOT)
    plant_snapshot(page, changed_snapshot(change))
    page.reload()
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    note = boot_note(page)
    assert note["path"] == "normal"
    if change == "stale":
        assert note["reason"].startswith("stale snapshot (made for pyodide-")
        assert note["reason"].endswith("-0000000000000000)")
    else:
        assert note["reason"] == "damaged snapshot"
    assert page.evaluate("performance.getEntriesByName('gin:boot-snapshot').length") == 0
    assert page.locator("#hand button.card").count() == 10
    # The refused copy was dropped, and this build's is kept again, from the site.
    page.wait_for_selector(KEPT.format("fetched"), state="attached", timeout=BOOT)


def test_return_visit_draws_the_saved_hand_before_the_engine(page: Any) -> None:
    seed = seed_where("boot-resume", human_first)
    page.goto(f"./?seed={seed}&speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    hand = page.locator("#hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    scores = page.locator("#scores").inner_text()
    top = page.locator("#discard-card").get_attribute("data-card")
    # Hold the engine back: Pyodide's script is not served until the checks are done.
    held = HeldEngine(page)
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector('html[data-resumed="1"]', state="attached", timeout=10_000)
    assert held.requested(), "Python's script was requested"
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


# A catalogue that does not come: a 404, a network error, or no answer at all (the page's time
# limit is 10 s). The page starts anyway, in English, with a notice that says what happened; with
# English missing too, it starts with the shell's own words and a notice it carries itself.
CATALOGUE_CASES = [
    (
        "de",
        {"de": "404"},
        "The words in Deutsch could not be loaded (locales/de.json answered HTTP 404)",
    ),
    ("pt-BR", {"pt-BR": "abort"}, "(locales/pt-BR.json could not be fetched or read)"),
    (
        "fr",
        {"fr": "hang"},
        "(locales/fr.json gave no answer within 10 seconds), so the game speaks",
    ),
    ("en", {"en": "404"}, "The game's words could not be loaded (locales/en.json: HTTP 404)"),
    ("es", {"es": "404", "en": "abort"}, "The game's words could not be loaded (locales/en.json:"),
]


def fail_catalogues(page: Any, failures: dict[str, str]) -> None:
    """Make locales/<lang>.json answer 404, fail as a network error would, or never answer."""

    def handler(route: Any) -> None:
        how = failures[route.request.url.rsplit("/", 1)[1].removesuffix(".json")]
        if how == "404":
            route.fulfill(status=404, body="not here")
        elif how == "abort":
            route.abort("failed")
        # "hang": neither answered nor failed (the route is dropped with the page)

    for lang in failures:
        page.route(f"**/locales/{lang}.json", handler)


@pytest.mark.parametrize(
    ("lang", "failures", "said"),
    CATALOGUE_CASES,
    ids=[lang + "-" + "-".join(failures.values()) for lang, failures, _ in CATALOGUE_CASES],
)
def test_a_catalogue_that_does_not_load_leaves_a_page_that_plays_and_says_why(
    page: Any, lang: str, failures: dict[str, str], said: str
) -> None:
    fail_catalogues(page, failures)
    page.goto(f"./?speed=0&sw=0&lang={lang}&seed=words-missing")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    notice = page.locator('#notices [data-notice="words"]')
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(said)
    expect(notice.get_by_role("button", name="Reload")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "en"
    english = "en" not in failures
    # The table is worded in English from its catalogue, or keeps the shell's own English words.
    expect(page.locator("#btn-stats")).to_have_text("Stats")
    if english:
        assert page.locator("#prompt").inner_text().strip() != ""
        assert "table." not in page.locator("#prompt").inner_text()
    expect(page.locator("#hand")).not_to_contain_text("card.rank")  # the cards' letters, always
    # The engine plays: one move is taken.
    before = page.evaluate("window.__gin.ui.view.history.length")
    page.evaluate("window.__gin.act(window.__gin.ui.view.legal_actions[0].action)")
    page.wait_for_function(f"window.__gin.ui.view.history.length > {before}")
    notice.get_by_role("button", name="OK").click()
    expect(notice).to_have_count(0)


def test_the_help_page_says_when_its_catalogue_did_not_load(page: Any) -> None:
    fail_catalogues(page, {"de": "404"})
    page.goto("./help.html?lang=de")
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT)
    said = "The words in Deutsch could not be loaded"
    expect(page.locator('[data-notice="words"]')).to_contain_text(said)
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play Gin Rummy")
