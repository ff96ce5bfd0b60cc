"""Nothing lost, ever: a full storage, a damaged save with no room for its copy, statistics the
page cannot read, two tabs on one match, a deploy under the service worker, headers for the
worker."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

from conftest import DIST, StaticServer
from gintable import (
    BOOT_TIMEOUT,
    MY_TURN,
    Plan,
    Table,
    engine_call,
    plant_snapshot,
    service_worker_controls,
    simple_choice,
    with_snapshot_key,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_player import STATS_KEY, a_friends_match, a_store, open_stats, store_before_load

SAVE_KEY = "gin-rummy:save:v1"
VIEW_KEY = "gin-rummy:last-view:v1"
FAST = "speed=0&sw=0"
PLAYING = ("opening", "draw", "discard")

# Fill localStorage to the last character: halving chunks until not even one more fits, then
# empty items under one-character keys (private-use characters), because a filler's own key is
# longer than the few characters a save grows by in one move.
FILL = """() => {
  let n = 0;
  for (let size = 1 << 20; size >= 1; ) {
    try { localStorage.setItem(`e2e-filler-${n}`, "x".repeat(size)); n += 1; }
    catch { size >>= 1; }
  }
  for (let code = 0xe000; code <= 0xf8ff; code += 1) {
    try { localStorage.setItem(String.fromCharCode(code), ""); n += 1; }
    catch { break; }
  }
  return n;
}"""
EMPTY = (
    "Object.keys(localStorage).filter(k => k.startsWith('e2e-filler-')"
    " || (k.length === 1 && k >= '\\ue000' && k <= '\\uf8ff'))"
    ".forEach(k => localStorage.removeItem(k))"
)

DROP_JOURNAL = """new Promise((done, failed) => {
  const request = indexedDB.deleteDatabase("gin-rummy");
  request.onsuccess = () => done(true);
  request.onerror = () => failed(request.error);
})"""


def stored(page: Page, key: str) -> Any:
    return page.evaluate(f"localStorage.getItem({json.dumps(key)})")


def keys(page: Page, prefix: str) -> list[str]:
    found: list[str] = page.evaluate(
        f"Object.keys(localStorage).filter(k => k.startsWith({json.dumps(prefix)}))"
    )
    return found


def one_move(page: Page, table: Table) -> str:
    """The human's next move by the simple policy, played with the mouse."""
    page.wait_for_selector(MY_TURN, state="attached")
    action = simple_choice(page.evaluate("window.__gin.ui.view"))
    assert action is not None
    table.play_by_mouse(action)
    return action


def notice(page: Page, kind: str) -> Any:
    return page.locator(f'#notices [data-notice="{kind}"]')


# ------------------------------------------------------------------------------------ storage full


def test_a_full_storage_is_said_at_once_and_the_journal_keeps_the_moves(
    page: Page, table: Table
) -> None:
    table.open(f"./?{FAST}&seed=full")
    one_move(page, table)
    before = stored(page, SAVE_KEY)
    page.evaluate(FILL)
    one_move(page, table)
    full = notice(page, "storage")
    expect(full).to_contain_text("storage for this site is full")
    expect(full).to_contain_text("the game's journal still has every move")
    assert stored(page, SAVE_KEY) == before  # localStorage could not take the move
    # No view of a save that is not there: the older one went with the refused save.
    assert stored(page, VIEW_KEY) is None
    # Room made: "Try again" saves the match as it is now, and the notice goes.
    moves = len(json.loads(before)["actions"])
    page.evaluate(EMPTY)
    full.get_by_role("button", name="Try again").click()
    expect(full).to_have_count(0)
    assert len(json.loads(stored(page, SAVE_KEY))["actions"]) > moves
    # Full again: a reload brings back the journal's newer save, and says so.
    before = stored(page, SAVE_KEY)
    page.evaluate(FILL)
    one_move(page, table)
    expect(full).to_be_visible()
    assert stored(page, SAVE_KEY) == before
    shown = page.evaluate("window.__gin.ui.view.history")
    page.reload()
    table.idle(BOOT_TIMEOUT)
    expect(notice(page, "save-copies")).to_contain_text("restored from the game's journal")
    assert page.evaluate("window.__gin.ui.view.history")[: len(shown)] == shown
    page.evaluate(EMPTY)

    # A damaged save with no room for its copy keeps its place until the player has a copy
    # (here with no journal to restore from: a browser where it failed, or was cleared).
    page.evaluate(DROP_JOURNAL)
    damaged = "{damaged " + "x" * 20_000
    page.evaluate(f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(damaged)})")
    # The owner key holds a name shorter than any tab's: the reloaded tab's own cannot replace
    # it in the full storage, and a stale owner must not hold the table still.
    page.evaluate("localStorage.setItem('gin-rummy:owner:v1', 'tab-gone')")
    page.evaluate(FILL)
    page.reload()
    dialog = page.get_by_role("dialog", name="Notice")
    expect(dialog).to_contain_text("could not be copied aside", timeout=BOOT_TIMEOUT)
    expect(dialog).not_to_contain_text("is kept in this browser under")
    assert keys(page, "gin-rummy:backup:") == []
    dialog.get_by_role("button", name="Start a new match").click()
    table.idle(BOOT_TIMEOUT)
    one_move(page, table)
    assert stored(page, SAVE_KEY) == damaged  # the new match is not saved over it
    held = notice(page, "save-held")
    with page.expect_download() as download:
        held.get_by_role("button", name="Download it").click()
    assert Path(download.value.path()).read_text() == damaged
    expect(held).to_have_count(0)
    assert json.loads(stored(page, SAVE_KEY))["format"] == "gin-match"


# ------------------------------------------------------------------------------------ statistics


def hand(**change: Any) -> dict[str, Any]:
    return {"deal": 1, "kind": "gin", "knocker": 0, "winner": 0, "points": 5, **change}


def upload(page: Page, name: str, text: str) -> None:
    file = {"name": name, "mimeType": "application/json", "buffer": text.encode()}
    page.set_input_files("#stats-file", files=[file])


UNREADABLE = {
    "not JSON": "{ not json",
    "not an object": "[]",
    "an unknown kind": {"hands": [hand(kind="schneider")]},
    "negative totals": {"totals": [-1_000_000, 5]},
    "a match without id": {"id": ""},
}


def store_text(change: str | dict[str, Any]) -> str:
    if isinstance(change, str):
        return change
    store = a_store()
    store["matches"][0].update(change)
    return json.dumps(store)


def test_statistics_the_page_cannot_read_are_kept_and_absurd_files_refused(
    context: BrowserContext, page: Page, table: Table
) -> None:
    newer = {**a_store(), "version": 2}
    store_before_load(context, {STATS_KEY: newer})
    table.open(f"./?{FAST}&seed=stats-kept")
    said = notice(page, "stats")
    expect(said).to_contain_text("newer version")
    one_move(page, table)
    assert json.loads(stored(page, STATS_KEY)) == newer  # left for the newer version, untouched

    # Any other unreadable store is copied aside, byte for byte, before its place is reused.
    panel = page.get_by_role("dialog", name="Statistics")
    for why, change in UNREADABLE.items():
        raw = store_text(change)
        page.evaluate(f"localStorage.setItem({json.dumps(STATS_KEY)}, {json.dumps(raw)})")
        kept_before = set(keys(page, "gin-rummy:stats-kept:"))
        page.get_by_role("button", name="Stats").click()
        panel.get_by_role("button", name="Reset…").click()
        panel.get_by_role("button", name="Reset", exact=True).click()
        expect(panel.locator("#stats-note")).to_have_text("Statistics reset.")
        panel.get_by_role("button", name="Close").click()
        (kept,) = set(keys(page, "gin-rummy:stats-kept:")) - kept_before
        assert stored(page, kept) == raw, why
        expect(said).to_contain_text(f'kept, unchanged, in this browser under "{kept}"')
        assert json.loads(stored(page, STATS_KEY))["version"] == 1

    # Absurd files are refused with the field that is wrong.
    absurd = {
        "negative totals": ({"totals": [-1_000_000, 5]}, "two totals, whole numbers from 0"),
        "1e308 points": (
            {"hands": [hand(points=1e308)]},
            "points must be a whole number from 0",
        ),
        "deal 1e300": (
            {"hands": [hand(deal=1e300)]},
            "deal must be a whole number from 1",
        ),
        "an impossible date": ({"daily": "2025-99-99"}, "daily must be a date"),
        "an impossible start": ({"started": "2025-02-30T10:00:00Z"}, "started must be a date"),
    }
    page.get_by_role("button", name="Stats").click()
    before = panel.locator("#stats-table").inner_text()
    for name, (change, reason) in absurd.items():
        upload(page, f"{name}.json", store_text(change))
        note = panel.locator("#stats-note")
        expect(note).to_contain_text(reason)
        expect(note).to_contain_text("Your statistics are unchanged")
        assert panel.locator("#stats-table").inner_text() == before
    # A file that fits no more in storage is not said to be imported.
    page.evaluate(FILL)
    upload(page, "good.json", json.dumps(a_store()))
    expect(panel.locator("#stats-note")).to_contain_text("storage is full, so nothing was stored")
    assert "Imported" not in panel.locator("#stats-note").inner_text()
    page.evaluate(EMPTY)
    panel.get_by_role("button", name="Close").click()

    # A damaged part between friends is copied aside alone: the rest is read, and kept as it was.
    broken = {**a_store(), "friends": [{**a_friends_match(), "totals": [1, -5]}]}
    raw = json.dumps(broken)
    kept_before = set(keys(page, "gin-rummy:stats-kept:"))
    page.evaluate(f"localStorage.setItem({json.dumps(STATS_KEY)}, {json.dumps(raw)})")
    page.reload()
    table.idle(BOOT_TIMEOUT)
    expect(said).to_contain_text("matches between friends could not be read")
    (kept,) = set(keys(page, "gin-rummy:stats-kept:")) - kept_before
    assert stored(page, kept) == raw
    expect(said).to_contain_text(f'under "{kept}"; the rest of your statistics is as it was')
    now = json.loads(stored(page, STATS_KEY))
    assert now["matches"][0] == broken["matches"][0] and now["friends"] == []
    assert open_stats(page)["Best match"] == "won 262 to 52 on Jan 2, 2026"
    expect(panel.locator("#stats-friends")).to_be_hidden()


# ------------------------------------------------------------------------------------ two tabs


def near_the_end() -> tuple[str, dict[str, Any], list[str]]:
    """A match to 1 point, saved two human moves (a draw, a discard) before the computer ends it."""
    for i in range(60):
        seed = f"tabs-{i}"
        reply = engine_call({"op": "new", "seed": seed, "rules": {"target": 1}})
        turns: list[tuple[dict[str, Any], str, str]] = []
        while reply["view"]["phase"] in PLAYING:
            view = reply["view"]
            if view["to_act"] == 1:
                reply = engine_call({"op": "bot"})
                continue
            action = simple_choice(view)
            assert action is not None
            turns.append((reply["save"], view["phase"], action))
            reply = engine_call({"op": "act", "action": action})
        phases = [phase for _, phase, _ in turns[-2:]]
        if reply["view"]["phase"] == "match_over" and phases == ["draw", "discard"]:
            return seed, turns[-2][0], [action for _, _, action in turns[-2:]]
    raise AssertionError("no seed tabs-0..59 fits")


def test_two_tabs_on_one_match_lose_no_move_and_count_it_once(
    context: BrowserContext, page: Page
) -> None:
    seed, save, (draw, discard) = near_the_end()
    store_before_load(context, {SAVE_KEY: save})
    first = Table(page).open(f"./?{FAST}")
    page.wait_for_selector(MY_TURN, state="attached")
    first.play_by_mouse(draw)

    other = context.new_page()
    second = Table(other).open(f"./?{FAST}")
    elsewhere = page.get_by_role("dialog", name="Open in another tab")
    expect(elsewhere).to_be_visible()
    assert other.evaluate("window.__gin.ui.view.history").pop()["action"] == "draw"  # followed
    other.wait_for_selector(MY_TURN, state="attached")
    second.play_by_mouse(discard)
    see_the_match(other)
    actions = json.loads(stored(other, SAVE_KEY))["actions"]
    assert actions[len(save["actions"]) : len(save["actions"]) + 2] == [draw, discard]

    # The first tab takes the match back: it shows the end the other tab reached, counted once.
    elsewhere.get_by_role("button", name="Play here").click()
    see_the_match(page)
    expect(other.get_by_role("dialog", name="Open in another tab")).to_be_visible()
    assert json.loads(stored(page, SAVE_KEY))["actions"] == actions
    matches = json.loads(stored(page, STATS_KEY))["matches"]
    assert [m["finished"] for m in matches if m["seed"] == seed] == [True]
    other.close()


def see_the_match(page: Page) -> None:
    """The hand that ended the match is shown first; "See the match" goes on to its end."""
    page.get_by_role("button", name="See the match").click(timeout=BOOT_TIMEOUT)
    expect(page.get_by_role("dialog", name=re.compile("won the match"))).to_be_visible()


# ------------------------------------------------------------------------------------ deploys


def make_build(site: Path, mark: str) -> None:
    """A copy of dist/ as another build: its hash, style, service worker and snapshot all marked
    (the snapshot's key, in its header and in config.mjs, which the worker checks)."""
    shutil.copytree(DIST, site)
    config = site / "config.mjs"
    text = config.read_text()
    build = re.search(r'"build": "(\w+)"', text)
    key = re.search(r'"snapshotKey": "([\w./-]+)"', text)
    assert build and key
    config.write_text(
        text.replace(build.group(1), f"{mark}-{build.group(1)}").replace(
            key.group(1), f"{key.group(1)}-{mark}"
        )
    )
    sw = site / "sw.js"
    sw.write_text(sw.read_text().replace(f"gin-{build.group(1)}", f"gin-{mark}-{build.group(1)}"))
    with (site / "table.css").open("a") as css:
        css.write(f'\n:root {{ --build: "{mark}"; }}\n')
    snapshot = site / "engine.snapshot"
    snapshot.write_bytes(with_snapshot_key(snapshot.read_bytes(), lambda key: f"{key}-{mark}"))
    # The server answers If-Modified-Since by whole seconds: date each build's changes apart.
    later = time.time() + 10 * (ord(mark) - ord("A"))
    for changed in (config, sw, site / "table.css", snapshot):
        os.utime(changed, (later, later))


def deploy(live: Path, site: Path) -> None:
    """Swap the served folder at once, as a static host does."""
    link = live.with_suffix(".new")
    link.symlink_to(site)
    os.replace(link, live)


BUILDS = """() => {
  const root = document.documentElement;
  const boot = window.__gin.engine.boot;
  return {
    page: root.dataset.build.split("-")[0],
    engine: root.dataset.engineBuild.split("-")[0],
    style: getComputedStyle(root).getPropertyValue("--build").trim().replaceAll('"', ""),
    snapshot: boot.path === "snapshot" ? boot.key.split("-").pop() : boot.reason,
  };
}"""


def runs(page: Page, mark: str) -> None:
    """Every part of the page comes from build ``mark``."""
    parts = page.evaluate(BUILDS)
    assert parts == dict.fromkeys(("page", "engine", "style", "snapshot"), mark)


def test_a_deploy_never_mixes_builds_and_keeps_the_save(browser: Browser, tmp_path: Path) -> None:
    for mark in "ABC":
        make_build(tmp_path / mark, mark)
    live = tmp_path / "live"
    live.symlink_to(tmp_path / "A")
    server = StaticServer(live)
    context = browser.new_context(base_url=server.start())
    try:
        page = context.new_page()
        table = Table(page).open("./?speed=0&seed=deploy")
        assert service_worker_controls(page)
        # A first visit boots Python; from the next load on, the precached snapshot is restored.
        page.wait_for_selector('html[data-snapshot-kept="unpacked"]', state="attached")
        page.reload()
        table.idle(BOOT_TIMEOUT)
        one_move(page, table)
        hand = sorted(table.hand())
        runs(page, "A")
        update = notice(page, "update")

        # Build B: the load after the deploy still runs A in full, then offers B.
        deploy(live, tmp_path / "B")
        page.reload()
        table.idle(BOOT_TIMEOUT)
        expect(update).to_contain_text("A new version of the game is ready", timeout=BOOT_TIMEOUT)
        runs(page, "A")
        update.get_by_role("button", name="Update now").click()
        page.wait_for_selector('html[data-build^="B-"]', state="attached", timeout=BOOT_TIMEOUT)
        table.idle(BOOT_TIMEOUT)
        runs(page, "B")
        assert sorted(table.hand()) == hand

        # Build C, found while B runs (an update check without a load, as browsers make) and left
        # alone: the next load takes it once its boot has fetched all it needs (web/boot/update.js).
        deploy(live, tmp_path / "C")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        expect(update).to_be_visible(timeout=BOOT_TIMEOUT)
        runs(page, "B")
        page.reload()
        page.wait_for_selector('html[data-build^="C-"]', state="attached", timeout=2 * BOOT_TIMEOUT)
        table.idle(BOOT_TIMEOUT)
        runs(page, "C")
        assert sorted(table.hand()) == hand
    finally:
        context.close()
        server.stop()


def another_builds_snapshot(data: bytes) -> bytes:
    """A snapshot file of another build under this build's key: the same Python packed again
    (other bytes, a header true to them), as an edited Cache Storage entry would hold it."""
    end = data.index(b"\n")
    header = json.loads(data[:end])
    raw = subprocess.run(
        ["zstd", "-d", "-q", "-c", "--long=25"],
        input=data[end + 1 :],
        capture_output=True,
        check=True,
    ).stdout
    packed = subprocess.run(
        ["zstd", "-1", "-q", "-c"], input=raw, capture_output=True, check=True
    ).stdout
    header["sha256"] = hashlib.sha256(packed).hexdigest()
    return json.dumps(header).encode() + b"\n" + packed


def test_another_builds_snapshot_under_a_forged_key_is_refused_and_replaced(
    browser: Browser,
) -> None:
    server = StaticServer()
    context = browser.new_context(base_url=server.start())
    try:
        page = context.new_page()
        table = Table(page).open("./?speed=0&seed=forged")
        service_worker_controls(page)
        page.wait_for_selector('html[data-snapshot-kept="unpacked"]', state="attached")
        plant_snapshot(page, another_builds_snapshot((DIST / "engine.snapshot").read_bytes()))
        rebuilt = notice(page, "fast-start")
        page.reload()
        table.idle(BOOT_TIMEOUT)
        note = page.evaluate("window.__gin.engine.boot")
        assert (note["path"], note["reason"]) == (
            "normal",
            "another build's snapshot (its digest is not this build's)",
        )
        expect(rebuilt).to_contain_text("the fast start kept in this browser")
        expect(rebuilt).to_contain_text("is being rebuilt")
        page.wait_for_selector(
            'html[data-snapshot-kept="fetched"]', state="attached", timeout=BOOT_TIMEOUT
        )
        # The next start is fast again, and says nothing.
        page.reload()
        table.idle(BOOT_TIMEOUT)
        assert page.evaluate("window.__gin.engine.boot.path") == "snapshot"
        expect(rebuilt).to_have_count(0)
    finally:
        context.close()
        server.stop()


# ------------------------------------------------------------------------------------ headers


VIOLATION = """new Promise((done) => {
  const said = (e) => done(`blocked by ${e.effectiveDirective}`);
  self.addEventListener("securitypolicyviolation", said);
  const late = () => setTimeout(() => done("failed"), 500);
  fetch("http://127.0.0.2:9/").then(() => done("fetched"), late);
})"""


def test_the_headers_file_covers_the_worker(page: Page, base_url: str) -> None:
    rules = (DIST / "_headers").read_text()
    csp = re.search(r"Content-Security-Policy: (.+)", rules)
    assert csp
    for path in ("", "boot/worker.mjs", "sw.js", "pyodide/pyodide.mjs"):
        headers = page.request.get(base_url + path).headers
        assert headers["content-security-policy"] == csp.group(1), path
        assert headers["x-content-type-options"] == "nosniff"
    page.goto(f"./?{FAST}&seed=headers")
    page.wait_for_selector("html[data-engine-build]", state="attached", timeout=BOOT_TIMEOUT)
    worker = next(w for w in page.workers if "/worker.mjs" in w.url)
    # The worker's own policy (its script's headers; the page's <meta> does not reach it) refuses
    # a request to another origin.
    verdict = worker.evaluate(VIOLATION)
    assert verdict == "blocked by connect-src"


# ------------------------------------------------------------------------------------ faults

# Site data blocked for every site, as a user's setting or a policy does (a real Chromium
# profile, not a stub): localStorage throws a SecurityError, IndexedDB refuses to open.
BLOCKING_PREFERENCES = {"profile": {"default_content_setting_values": {"cookies": 2}}}
NO_LOCAL_STORAGE = "Object.defineProperty(window, 'localStorage', { value: undefined })"
NO_INDEXED_DB = "Object.defineProperty(window, 'indexedDB', { value: undefined })"


def blocking_profile(folder: Path) -> Path:
    (folder / "Default").mkdir(parents=True)
    (folder / "Default" / "Preferences").write_text(json.dumps(BLOCKING_PREFERENCES))
    return folder


def test_blocked_and_missing_storage_are_named_so_with_advice_that_can_work(
    playwright: Any, browser: Browser, launch_options: dict[str, Any], base_url: str, tmp_path: Path
) -> None:
    blocked = playwright.chromium.launch_persistent_context(
        str(blocking_profile(tmp_path / "blocked")), **launch_options, base_url=base_url
    )
    try:
        page = blocked.new_page()
        table = Table(page).open(f"./?{FAST}&seed=blocked")
        said = notice(page, "storage")
        expect(said).to_contain_text("This browser refuses this site storage")
        expect(said).to_contain_text("allow cookies and site data")
        expect(said).to_contain_text("so this match is not saved: it plays on")
        expect(said).not_to_contain_text("full")
        expect(said).not_to_contain_text("Export")  # no advice that cannot work
        one_move(page, table)  # and it does play on
        expect(said).to_be_visible()
    finally:
        blocked.close()

    context = browser.new_context(base_url=base_url)
    try:
        context.add_init_script(NO_LOCAL_STORAGE)
        page = context.new_page()
        table = Table(page).open(f"./?{FAST}&seed=no-storage")
        said = notice(page, "storage")
        expect(said).to_contain_text("This browser's storage is not working for this page")
        expect(said).to_contain_text("gives this page no localStorage")
        expect(said).not_to_contain_text("full")
        one_move(page, table)
    finally:
        context.close()

    # localStorage works, the journal does not: the moves are shown, and said not durable.
    context = browser.new_context(base_url=base_url)
    try:
        context.add_init_script(NO_INDEXED_DB)
        page = context.new_page()
        table = Table(page).open(f"./?{FAST}&seed=no-journal")
        one_move(page, table)
        said = notice(page, "journal")
        expect(said).to_contain_text("did not confirm that they reached its disk")
        expect(notice(page, "storage")).to_have_count(0)
        assert stored(page, SAVE_KEY) is not None
    finally:
        context.close()


# ------------------------------------------------------------------------------------ resume views


def fingerprint(text: str) -> str:
    """web/store/resume.js's FNV-1a over the UTF-16 code units of a save's text."""
    units = text.encode("utf-16-le")
    h = 0x811C9DC5
    for i in range(0, len(units), 2):
        h = ((h ^ int.from_bytes(units[i : i + 2], "little")) * 0x01000193) & 0xFFFFFFFF
    return f"{h:x}"


def view_disagrees(page: Page) -> str | None:
    """Why the resume view kept in localStorage is not the view of the save kept there, or None."""
    raw, last = stored(page, SAVE_KEY), stored(page, VIEW_KEY)
    if last is None:
        return None
    kept = json.loads(last)
    if raw is None or kept["save"] != fingerprint(raw):
        return "a view is kept under another save's fingerprint" if raw else "a view without a save"
    loaded = engine_call({"op": "load", "save": json.loads(raw), "names": ["You", "Computer"]})
    fields = ("hand_number", "phase", "to_act", "history")
    if any(kept["view"][f] != loaded["view"][f] for f in fields):
        return f"the view kept is not the save's (hand {kept['view']['hand_number']})"
    return None


ROOMS = [0, 20, 50, 100, 200, 500, *range(1000, 20_001, 1000)]
# Leave `room` characters free: fill to the last character, then shorten the first filler.
SHORTEN = "localStorage.setItem('e2e-filler-0', 'x'.repeat((1 << 20) - ROOM));\n  return n;"
LEAVE_ROOM = FILL.replace("return n;", SHORTEN)


def test_a_resume_view_is_kept_only_with_its_own_save_at_every_room_size(
    page: Page, table: Table
) -> None:
    table.open(f"./?{FAST}&seed=room-sweep")
    disagreements = []
    refused = 0
    for room in ROOMS:
        page.evaluate(EMPTY)
        page.evaluate(LEAVE_ROOM.replace("ROOM", str(room)))
        for _ in range(2):
            if page.evaluate("window.__gin.ui.view.phase") == "hand_over":
                page.locator("#result-next").click()
                table.idle()
            else:
                one_move(page, table)
            refused += notice(page, "storage").count()
            why = view_disagrees(page)
            if why:
                disagreements.append((room, why))
    page.evaluate(EMPTY)
    assert refused > 0  # the sweep reached rooms too small for the save
    assert disagreements == []


def test_no_room_for_the_next_hand_keeps_no_view_of_it_over_the_older_save(
    context: BrowserContext, page: Page, table: Table
) -> None:
    # What the sweep comes from: "Next hand" grows the save by a few characters, but its view
    # is much smaller than the last one of the hand that ended.
    plan = Plan("room-next-hand")
    assert plan.run(simple_choice) is False  # the hand is over
    store_before_load(context, {SAVE_KEY: engine_call({"op": "view"})["save"]})
    table.open(f"./?{FAST}")
    page.evaluate(FILL)
    page.locator("#result-next").click()
    table.idle()
    expect(notice(page, "storage")).to_contain_text("storage for this site is full")
    assert json.loads(stored(page, SAVE_KEY))["summary"]["hand_number"] == 1
    assert view_disagrees(page) is None
    page.evaluate(EMPTY)
