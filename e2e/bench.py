"""In-browser boot benchmark (run by `python3 build.py bench`; prints numbers, asserts nothing).

For the game page and for a bare page that boots the same Pyodide the same way (module worker),
in the same run: time from navigation to the first paint, to Python ready, and (game) to the
first playable state, on a cold load (new browser context: empty HTTP cache, no service worker;
the engine's snapshot shipped with the build is fetched and restored) and on a warm load (a
reload answered by the service worker; the saved match's view drawn before the engine), and the
warm load again with ?snapshot=0 (the fallback, a normal boot). The bare page boots Pyodide as
it is shipped, with its whole standard library. Bytes are counted by the server.
It also samples the page's main thread (once per boot run) while the computer and the autoplay
hook play, to show that the engine's work (in the worker) never blocks input, and times the
computer's decisions (the `bot` op, inside the worker) over a seeded match the page plays
against the default opponent (the expert), and the coach's review of seeded matches (the
`review` op, one hand a request, as the page asks for it).

With --network slow4g|fast4g it measures only a phone's first visit (issue 53): the server sends
dist/ as a static host does (build.Hosting: gzip for text and wasm when asked, ETags) through
one throttled link shared by every connection, and a 360x640 touch browser, in a new profile
each visit, opens the game (its welcome answered with Skip) until it is playable, and the bare
page until Python answers; medians of the runs, and the bytes sent before playable, by file.

With --memory it measures only memory (issue 53's goal: at most 1.3 times a bare page): the
proportional set size of the whole browser (every process of its tree, from /proc: Linux only),
one page in a new profile, the game once a whole match has played itself and the coach has
reviewed every hand of it (the match's end), against the bare page with Python ready; medians of
the runs.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import itertools
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

from conftest import CHROMIUM_ARGS  # noqa: E402

import build  # noqa: E402  (standard-library server and MIME types)


class Counter:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.gzip = 0
        self.requests = 0
        self.files: dict[str, int] = {}  # the bytes sent, by file

    def reset(self) -> tuple[int, int, int]:
        with self.lock:
            out = (self.bytes, self.gzip, self.requests)
            self.bytes = self.gzip = self.requests = 0
            self.files = {}
            return out


COUNTER = Counter()
TODAY_GZIP = 6.6e6  # a cold load's gzipped bytes before the snapshot boot (issue 10)
GZIP_SIZES: dict[str, int] = {}


class CountingHandler(build.Handler):
    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        super().copyfile(io.BytesIO(data), outputfile)  # counted once it has gone through
        path = self.path.split("?")[0]
        if path not in GZIP_SIZES:
            # Sent as they are, unless the server gzips (then the bytes are what it sent).
            GZIP_SIZES[path] = len(data) if self.hosting else len(gzip.compress(data, 6))
        with COUNTER.lock:
            COUNTER.bytes += len(data)
            COUNTER.gzip += GZIP_SIZES[path]
            COUNTER.requests += 1
            COUNTER.files[path] = COUNTER.files.get(path, 0) + len(data)


def start_server(hosting: build.Hosting | None = None) -> tuple[Any, str]:
    handler = functools.partial(CountingHandler, directory=str(build.DIST), hosting=hosting)
    server = build.Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def marks(page: Page) -> dict[str, float]:
    data: dict[str, float] = page.evaluate(
        """() => {
          const out = {};
          for (const m of performance.getEntriesByType('mark')) out[m.name] = m.startTime;
          for (const p of performance.getEntriesByType('paint')) out[p.name] = p.startTime;
          return out;
        }"""
    )
    return data


def wait_attr(page: Page, selector: str, timeout: float = 60_000) -> None:
    page.wait_for_selector(selector, state="attached", timeout=timeout)


def wait_controller(page: Page) -> None:
    for _ in range(300):
        if page.evaluate("!!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(100)
    raise RuntimeError("the service worker never took control")


def profile(pw: Any, url: str, **device: Any) -> Any:
    """A browser with a new, empty profile on disk (as a first-time visitor's browser), as
    ``device`` (Playwright's context options: viewport, is_mobile, ...) says."""
    folder = tempfile.mkdtemp(prefix="gin-bench-")
    ctx = pw.chromium.launch_persistent_context(
        folder,
        executable_path=os.environ.get("GIN_CHROMIUM") or "/usr/bin/chromium",
        args=CHROMIUM_ARGS,
        headless=True,
        base_url=url,
        **device,
    )
    ctx.folder = folder
    return ctx


def close(ctx: Any) -> None:
    folder = ctx.folder
    ctx.close()
    shutil.rmtree(folder, ignore_errors=True)


def first_paint(m: dict[str, float]) -> float:
    """The first contentful paint of a page's marks (the first paint when it has none)."""
    return m.get("first-contentful-paint", m.get("first-paint", float("nan")))


# Playable: ten cards in "Your hand" and a first move's control (the stock, Pass or Take upcard)
# enabled; the milliseconds since navigation when it is so, else false.
PLAYABLE = """() => {
  const cards = document.querySelectorAll("#hand .card").length;
  const moves = ["stock", "act-pass", "act-take"].map((id) => document.getElementById(id));
  return cards === 10 && moves.some((b) => b && !b.disabled) ? performance.now() : false;
}"""

# The "playable" (PLAYABLE) watched from the navigation on, each frame: the first time it
# holds, kept in window.__ginPlayableAt. A return visit may meet it before the engine is in (the
# saved hand drawn at once, a first move held: web/store/resume.js).
FIRST_PLAYABLE = f"""() => {{
  const seen = {PLAYABLE.strip()};
  const look = () => {{
    const at = document.readyState === "loading" ? false : seen();
    if (at === false) requestAnimationFrame(look);
    else window.__ginPlayableAt = at;
  }};
  requestAnimationFrame(look);
}}"""


def one_run(pw: Any, url: str) -> dict[str, float]:
    out: dict[str, float] = {}
    # Cold: a new profile has an empty HTTP cache and no service worker.
    ctx = profile(pw, url)
    ctx.add_init_script(f"({FIRST_PLAYABLE})()")
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    COUNTER.reset()
    page.goto("./?seed=bench&speed=0")
    wait_attr(page, 'html[data-ready="1"]')
    m = marks(page)
    raw, gz, n = COUNTER.reset()
    out.update(
        cold_paint=first_paint(m),
        cold_python=m["gin:python-ready"],
        cold_playable=m["gin:playable"],
        cold_bytes=raw,
        cold_gzip=gz,
        cold_requests=n,
        cold_snapshot=1.0 if "gin:boot-snapshot" in m else 0.0,
    )
    wait_controller(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_timeout(300)
    out["sw_precache_bytes"] = COUNTER.reset()[0]
    # Warm: the service worker answers. Game and bare page alternate twice and the second
    # round counts, so neither profits from caches (e.g. compiled wasm) the other warmed.
    for _ in range(2):
        page.goto("./?speed=0")
        wait_attr(page, 'html[data-ready="1"]')
        m = marks(page)
        out.update(
            warm_paint=first_paint(m),
            warm_python=m["gin:python-ready"],
            warm_playable=m["gin:playable"],
            warm_moves=page.evaluate("window.__ginPlayableAt ?? NaN"),
            warm_bytes=COUNTER.reset()[0],
            # Drawn before the first paint, seen at it; drawn after, seen at the next frame.
            warm_saved_view=max(m.get("gin:saved-view", float("nan")), first_paint(m)),
            warm_snapshot=1.0 if "gin:boot-snapshot" in m else 0.0,
        )
        page.goto("./?speed=0&snapshot=0")
        wait_attr(page, 'html[data-ready="1"]')
        m = marks(page)
        out.update(fallback_python=m["gin:python-ready"], fallback_playable=m["gin:playable"])
        COUNTER.reset()
        page.goto("./bench/bare.html")
        wait_attr(page, "html[data-python-ready]")
        m = marks(page)
        out.update(
            bare_warm_paint=first_paint(m),
            bare_warm_python=m["gin:python-ready"],
        )
        COUNTER.reset()
    close(ctx)
    # The bare page, cold.
    ctx = profile(pw, url)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    COUNTER.reset()
    page.goto("./bench/bare.html")
    wait_attr(page, "html[data-python-ready]")
    m = marks(page)
    out.update(
        bare_cold_paint=first_paint(m),
        bare_cold_python=m["gin:python-ready"],
        bare_cold_bytes=COUNTER.reset()[0],
    )
    close(ctx)
    return out


def responsiveness(pw: Any, url: str) -> dict[str, Any]:
    """Main-thread gaps while a seeded match plays itself at full speed (autoplay hook): between
    the ticks of a 10 ms interval timer (a low-priority probe: the browser runs its messages and
    frames first), and the tasks of 50 ms or more that the Long Tasks API reports (what delays
    a key or a tap, which the browser handles before either)."""
    ctx = profile(pw, url)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto("./?seed=bench-input&speed=0&autoplay=1&sw=0")
    wait_attr(page, 'html[data-ready="1"]')
    result: dict[str, Any] = page.evaluate(
        """() => new Promise((resolve) => {
          // Per save (one per move): the whole wait before the move is shown (durable), and
          // its localStorage part (what a save cost before the journal); the extra is the
          // difference, move by move.
          const saveCosts = () => {
            const of = (name) => performance.getEntriesByName(name).map((e) => e.duration);
            const total = of("gin:save"), local = of("gin:save-local");
            return { total, local, extra: total.map((t, i) => t - local[i]) };
          };
          const answered = () => Object.values(window.__gin.engine.times)
            .reduce((n, times) => n + times.length, 0);
          const before = answered();
          const gaps = []; let last = performance.now();
          const timer = setInterval(() => {
            const now = performance.now(); gaps.push(now - last); last = now;
          }, 10);
          const longs = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) longs.push(entry.duration);
          });
          observer.observe({ type: "longtask" });
          setTimeout(() => {
            clearInterval(timer);
            observer.disconnect();
            gaps.sort((a, b) => a - b);
            resolve({
              max_gap: gaps[gaps.length - 1],
              p99_gap: gaps[Math.floor(gaps.length * 0.99)],
              samples: gaps.length,
              long_tasks: longs.length,
              longest_task: Math.max(0, ...longs),
              requests: answered() - before,
              hand: window.__gin.ui.view.hand_number,
              saves: saveCosts(),
            });
          }, 4000);
        })"""
    )
    close(ctx)
    return result


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def save_costs(resps: list[dict[str, Any]]) -> None:
    """The cost per move of the durable save (web/store/saving.js), over every move of the runs."""
    costs = {k: [x for r in resps for x in r["saves"][k]] for k in ("total", "local", "extra")}
    words = {
        "total": "whole wait before the move is shown",
        "local": "its localStorage part (the save before the journal)",
        "extra": "extra for the journal (IndexedDB, strict durability)",
    }
    print(f"cost per move of the save, {len(costs['total'])} moves while the match plays itself:")
    for key, text in words.items():
        print(
            f"  {text}: p50 {pct(costs[key], 0.5):.1f} ms, p95 {pct(costs[key], 0.95):.1f} ms, "
            f"max {max(costs[key], default=float('nan')):.1f} ms"
        )
    print("  (goal: extra under 5 ms p95; the journal waits for the disk's flush)")


def decision_times(pw: Any, url: str, least: int = 300) -> dict[str, Any]:
    """The worker's milliseconds per `bot` request over seeded self-playing matches (bench-bot-0,
    -1, …) until at least ``least`` decisions."""
    ctx = profile(pw, url)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    times: list[float] = []
    matches = 0
    while len(times) < least and matches < 20:
        page.goto(f"./?seed=bench-bot-{matches}&speed=0&autoplay=1&sw=0")
        wait_attr(page, 'html[data-ready="1"]')
        wait_attr(page, 'html[data-phase="match_over"]', timeout=600_000)
        times += page.evaluate("window.__gin.engine.times.bot || []")
        matches += 1
    opponent = page.evaluate("JSON.parse(localStorage.getItem('gin-rummy:save:v1')).opponent")
    close(ctx)
    times.sort()
    return {
        "opponent": opponent,
        "n": len(times),
        "matches": matches,
        "mean": statistics.fmean(times) if times else float("nan"),
        "p95": times[int(len(times) * 0.95)] if times else float("nan"),
        "max": times[-1] if times else float("nan"),
    }


def review_times(pw: Any, url: str, hands: int = 20) -> dict[str, Any]:
    """The game worker's milliseconds per hand reviewed (seat 0, all its slices) over the hands of
    seeded matches of the expert against the tactician (gin.bench.reviewed_matches, made here in
    CPython), each match reviewed hand after hand as the page does (web/coach/coach.js: a slice
    at a time; each slice's milliseconds, the longest a move can wait); the wall clock of each whole
    match; and the longest gap of the page's main thread meanwhile (10 ms timer ticks)."""
    from gin.bench import reviewed_matches
    from gin.save import dump

    saves = [dump(s.match) for s in reviewed_matches(hands, hands, seed="page-review")]
    ctx = profile(pw, url)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto("./?seed=bench-review&speed=0&sw=0")
    wait_attr(page, 'html[data-ready="1"]')
    result: dict[str, Any] = page.evaluate(
        """async (saves) => {
          const reviewer = window.__gin.reviewer;
          let t;
          // The same timer for 5 s with no review running: what the machine alone does to it.
          const idle = await new Promise((resolve) => {
            let most = 0; let prev = performance.now();
            const tick = setInterval(() => {
              const now = performance.now(); most = Math.max(most, now - prev); prev = now;
            }, 10);
            setTimeout(() => { clearInterval(tick); resolve(most); }, 5000);
          });
          const gaps = []; let last = performance.now();
          const timer = setInterval(() => {
            const now = performance.now(); gaps.push(now - last); last = now;
          }, 10);
          // The page's own long tasks: a gap without one is the machine's, not the page's.
          const longs = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) longs.push(entry.duration);
          });
          observer.observe({ type: "longtask" });
          const matches = [];
          const before = reviewer.times.length;
          for (const save of saves) {
            const hands = save.summary.hand_number;
            t = performance.now();
            for (let hand = 1; hand <= hands; hand++) {
              const reply = await reviewer.call({ op: "review", save, hand, seat: 0 });
              if (!reply.ok) throw new Error(reply.error);
            }
            matches.push(performance.now() - t);
          }
          clearInterval(timer);
          observer.disconnect();
          const hands = reviewer.times.slice(before);
          const slices = window.__gin.engine.times.review.slice(-5000);
          gaps.sort((a, b) => a - b);
          const p99_gap = gaps[Math.floor(gaps.length * 0.99)];
          const longest = Math.max(0, ...longs);
          const max_gap = gaps[gaps.length - 1];
          return { hands, matches, max_gap, p99_gap, longs: longs.length, longest, slices, idle };
        }""",
        saves,
    )
    close(ctx)
    return result


# When the hand's end opened and when its coach line (the Review button beside it) came: the
# milliseconds between, one entry a hand.
LINE_TIMES = """(() => {
  const times = (window.__lineTimes = []);
  let opened = null;
  new MutationObserver(() => {
    const dialog = document.getElementById("dlg-result");
    const review = document.getElementById("result-review");
    if (!dialog || !review) return;
    if (dialog.open && opened === null) opened = performance.now();
    if (opened !== null && opened !== Infinity && !review.hidden) {
      times.push(performance.now() - opened);
      opened = Infinity;
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["open", "hidden"] });
})()"""
PLAYED = 5_000  # ms of a hand at least, before the knock, as a player takes


def hand_end_lines(pw: Any, url: str, visits: int = 12) -> list[float]:
    """The hand's end's coach line, on the first hand of a visit: each visit a new profile (so
    the engine boots from scratch and keeps its snapshot meanwhile), a
    saved match whose next move is your knock (found in CPython against the expert), the knock
    played PLAYED ms after the table is playable; the milliseconds from the dialog opening to
    the line with its Review button."""
    from test_player import SAVE_KEY, mirror

    def knock(view: dict[str, Any]) -> str | None:
        acts = [a["action"] for a in view["legal_actions"]] if view["to_act"] == 0 else []
        return next((a for a in acts if a.startswith(("knock ", "gin "))), None)

    # A seed whose match the computer wins before the player may knock (bench-line-1: three hands
    # to 110) has no knock to play: the next seed takes its place.
    found: list[dict[str, Any]] = []
    for i in itertools.count():
        if len(found) == visits:
            break
        reply = mirror(f"bench-line-{i}", stop=lambda v: knock(v) is not None)
        if knock(reply["view"]) is not None:
            found.append(reply)
    times = []
    for reply in found:
        ctx = profile(pw, url)
        ctx.add_init_script(LINE_TIMES)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto("./help.html")
        save = json.dumps(json.dumps(reply["save"]))
        page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {save})")
        page.goto("./?speed=0&sw=0")
        wait_attr(page, 'html[data-ready="1"][data-busy="0"]')
        page.wait_for_timeout(PLAYED)
        page.evaluate("(a) => { window.__gin.act(a); }", knock(reply["view"]))
        for _ in range(1200):  # polled: the page's CSP refuses wait_for_function's eval
            if page.evaluate("window.__lineTimes.length"):
                break
            page.wait_for_timeout(100)
        times.append(page.evaluate("window.__lineTimes[0]"))
        close(ctx)
    return times


# A phone on a first visit (issue 53): a touch screen of 360x640, a new profile each visit.
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
SLOW = 300_000  # ms a visit may take on the slowest network


def first_visits(pw: Any, url: str) -> dict[str, Any]:
    """The game's first visit to playable (its welcome answered with Skip) and the bare page's to
    Python ready, each in a new profile; the milliseconds and the bytes the server sent by file."""
    ctx = profile(pw, url, **PHONE)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    COUNTER.reset()
    page.goto("./", wait_until="commit", timeout=SLOW)
    page.locator("#dlg-welcome[open] #welcome-skip").click(timeout=SLOW)
    playable = page.wait_for_function(PLAYABLE, polling="raf", timeout=SLOW).json_value()
    with COUNTER.lock:
        files = dict(COUNTER.files)
    # Playable may come before the engine: a first deal drawn while Python loads, its first move
    # held (web/store/resume.js). When the engine is in too, and the bytes sent by then.
    wait_attr(page, 'html[data-ready="1"]', timeout=SLOW)
    engine = marks(page)["gin:playable"]
    close(ctx)
    ctx = profile(pw, url, **PHONE)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    COUNTER.reset()
    page.goto("./bench/bare.html", wait_until="commit", timeout=SLOW)
    wait_attr(page, "html[data-python-ready]", timeout=SLOW)
    bare = marks(page)["gin:python-ready"]
    bare_bytes = COUNTER.reset()[0]
    close(ctx)
    return {
        "playable": playable,
        "files": files,
        "engine": engine,
        "bare": bare,
        "bare_bytes": bare_bytes,
    }


def network_table(network: str, compress: bool, visits: list[dict[str, Any]]) -> None:
    """The first visits' table: medians, the runs in brackets, and the bytes by file."""

    def cell(values: list[float], unit: float, digits: int) -> str:
        runs = ", ".join(f"{v / unit:.{digits}f}" for v in values)
        return f"{statistics.median(values) / unit:.{digits}f} [{runs}]"

    game = [v["playable"] for v in visits]
    bare = [v["bare"] for v in visits]
    sent = [sum(v["files"].values()) for v in visits]
    bits, rtt = build.NETWORKS[network]
    how = "gzip as a static host" if compress else "no compression"
    link = f"{bits / 1e6:g} Mbit/s shared, {rtt * 1000:.0f} ms round trip" if bits else "no limit"
    print(
        f"\nfirst visit, {network} ({link}, {how}), 360x640 touch, a new profile each visit; "
        f"median [the {len(visits)} runs]"
    )
    print(
        "| network | game playable (s) | bare Pyodide (s) | ratio | bytes before playable (MB) "
        "| engine in (s) | ratio |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    engine = [v["engine"] for v in visits]
    ratio = statistics.median(game) / statistics.median(bare)
    engine_ratio = statistics.median(engine) / statistics.median(bare)
    print(
        f"| {network} | {cell(game, 1000, 1)} | {cell(bare, 1000, 1)} | {ratio:.2f} "
        f"| {cell(sent, 1e6, 2)} | {cell(engine, 1000, 1)} | {engine_ratio:.2f} |"
    )
    print(f"bare page: {statistics.median(v['bare_bytes'] for v in visits) / 1e6:.2f} MB")
    names = {name for v in visits for name in v["files"]}
    sizes = {n: statistics.median(v["files"].get(n, 0) for v in visits) for n in names}
    on_disk = sum((build.DIST / (n.lstrip("/") or "index.html")).stat().st_size for n in names)
    print(
        f"bytes before playable by file (sent, median): {sum(sizes.values()) / 1e6:.2f} MB; "
        f"the same files uncompressed: {on_disk / 1e6:.2f} MB"
    )
    for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"  {size / 1e3:9.1f} kB  {name.lstrip('/') or 'index.html'}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")


def network_main(network: str, runs: int, compress: bool) -> int:
    bits, rtt = build.NETWORKS[network]
    server, url = start_server(build.Hosting(compress, build.Pipe(bits, rtt) if bits else None))
    visits: list[dict[str, Any]] = []
    with sync_playwright() as pw:
        close(profile(pw, url))  # warm the browser binary itself (disk cache of the OS)
        for i in range(runs):
            visits.append(first_visits(pw, url))
            print(f"run {i + 1}/{runs} done", flush=True)
    server.shutdown()
    network_table(network, compress, visits)
    return 0


def browser_pss(folder: str) -> float:
    """The proportional set size, in MB, of the browser whose profile is ``folder`` and of every
    process under it (renderers, workers' hosts, GPU, network), read from /proc."""
    children: dict[int, list[int]] = {}
    root = None
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_text()
        except OSError:
            continue  # gone meanwhile
        children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
        if folder in command and "--type=" not in command:
            root = int(entry)
    if root is None:
        raise RuntimeError(f"no browser runs with the profile {folder}")
    todo, kib = [root], 0
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
        except OSError:
            continue
        kib += sum(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
    return kib / 1024


def memory_main(runs: int) -> int:
    """The whole browser's memory: the game with a match reviewed against the bare page."""
    server, url = start_server()
    game, bare = [], []
    with sync_playwright() as pw:
        for i in range(runs):
            ctx = profile(pw, url, viewport={"width": 1280, "height": 800})
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(f"./?seed=memory-{i}&speed=0&autoplay=1&sw=0")
            wait_attr(page, 'html[data-phase="match_over"][data-ready="1"]', timeout=600_000)
            # The match's end reviews every hand of the match (web/coach/coach.js), then says
            # how accurate the play was: the most the coach ever holds at once.
            page.wait_for_function(
                "() => /%/.test(document.getElementById('match-coach').textContent)", timeout=SLOW
            )
            page.wait_for_timeout(3000)  # the heap settled
            game.append(browser_pss(ctx.folder))
            close(ctx)
            ctx = profile(pw, url, viewport={"width": 1280, "height": 800})
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto("./bench/bare.html")
            wait_attr(page, "html[data-python-ready]", timeout=SLOW)
            page.wait_for_timeout(3000)
            bare.append(browser_pss(ctx.folder))
            close(ctx)
            print(f"run {i + 1}/{runs}: game {game[-1]:.0f} MB, bare {bare[-1]:.0f} MB", flush=True)
    server.shutdown()
    mine, theirs = statistics.median(game), statistics.median(bare)
    print(
        f"memory, the whole browser (PSS), median of {runs}: the game with its match reviewed "
        f"{mine:.0f} MB, the bare page {theirs:.0f} MB: {mine / theirs:.2f} (goal: 1.3 at most)"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3, help="boot runs (0: decisions only)")
    parser.add_argument(
        "--network",
        choices=["none", *build.NETWORKS],
        default="none",
        help="a phone's first visit through this throttled network, against the bare page",
    )
    parser.add_argument(
        "--no-gzip", action="store_true", help="with --network: send files as they are"
    )
    parser.add_argument(
        "--memory", action="store_true", help="only the memory of the game and of the bare page"
    )
    args = parser.parse_args()
    if args.memory:
        return memory_main(max(1, args.runs))
    if args.network != "none":
        return network_main(args.network, args.runs, not args.no_gzip)
    server, url = start_server()
    runs: list[dict[str, float]] = []
    with sync_playwright() as pw:
        close(profile(pw, url))  # warm the browser binary itself (disk cache of the OS)
        for i in range(args.runs):
            runs.append(one_run(pw, url))
            print(f"run {i + 1}/{args.runs} done", flush=True)
        resps = [responsiveness(pw, url) for _ in range(max(1, args.runs))]
        bot = decision_times(pw, url)
        review = review_times(pw, url)
        lines = sorted(hand_end_lines(pw, url))
    server.shutdown()
    if runs:
        boot_tables(runs)
    for resp in resps:
        print(
            f"main thread while the match plays itself (4 s, {resp['requests']:.0f} requests "
            f"answered, reached hand {resp['hand']:.0f}): longest gap between 10 ms timer ticks "
            f"{resp['max_gap']:.0f} ms, 99th percentile {resp['p99_gap']:.0f} ms; "
            f"{resp['long_tasks']:.0f} tasks of 50 ms or more"
            + (f" (longest {resp['longest_task']:.0f} ms)" if resp["long_tasks"] else "")
        )
    print(
        f"main thread, median of {len(resps)} runs: longest gap "
        f"{statistics.median(r['max_gap'] for r in resps):.0f} ms, 99th percentile "
        f"{statistics.median(r['p99_gap'] for r in resps):.0f} ms "
        "(goal: under 50 ms on an idle machine)"
    )
    save_costs(resps)
    print(
        f"computer's decisions in Pyodide ({bot['opponent']}, {bot['n']} in {bot['matches']} "
        "seeded matches): "
        f"mean {bot['mean']:.1f} ms, 95th percentile {bot['p95']:.1f} ms, max {bot['max']:.0f} ms "
        "(goal: p95 150 ms, max 500 ms on an idle machine)"
    )
    times, whole = sorted(review["hands"]), sorted(review["matches"])
    slices = sorted(review["slices"])
    print(
        f"the coach's review in Pyodide (the review op in the game's worker, seat 0, "
        f"{len(times)} hands of "
        f"{len(whole)} seeded matches to 100): one hand median {statistics.median(times):.0f} ms, "
        f"95th percentile {times[int(len(times) * 0.95)]:.0f} ms, max {times[-1]:.0f} ms; "
        f"a whole match median {statistics.median(whole) / 1000:.1f} s, max "
        f"{whole[-1] / 1000:.1f} s; main thread's longest gap meanwhile "
        f"{review['max_gap']:.0f} ms, 99th percentile {review['p99_gap']:.0f} ms, "
        f"{review['longs']} tasks of 50 ms or more on it (longest {review['longest']:.0f} ms; "
        f"longest gap in 5 s with no review {review['idle']:.0f} ms) "
        "(goals: p95 1.5 s, a match 15 s, gaps under 50 ms); a move waits at most one slice: "
        f"{len(slices)} slices, 95th percentile {slices[int(len(slices) * 0.95)]:.0f} ms, max "
        f"{slices[-1]:.0f} ms; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"the hand's end's coach line in the page, first hand of {len(lines)} visits (new "
        f"profiles; the knock {PLAYED / 1000:.0f} s after playable): median "
        f"{statistics.median(lines) / 1000:.2f} s after the dialog opened, 95th percentile "
        f"{pct(lines, 0.95) / 1000:.2f} s, max {lines[-1] / 1000:.2f} s (goal: p95 1.5 s)"
    )
    return 0


def boot_tables(runs: list[dict[str, float]]) -> None:
    """The boot figures: medians over the runs."""

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print(f"\nmachine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
    print(f"median of {len(runs)} runs (ms from navigation start)")
    print(f"{'':28}{'cold':>10}{'warm (SW)':>12}")
    rows = [
        ("game: first paint", "cold_paint", "warm_paint"),
        ("game: Python ready", "cold_python", "warm_python"),
        ("game: first playable", "cold_playable", "warm_playable"),
        ("game: saved hand visible", "", "warm_saved_view"),
        ("game: a move can be made", "", "warm_moves"),
        ("game, ?snapshot=0: Python", "", "fallback_python"),
        ("game, ?snapshot=0: playable", "", "fallback_playable"),
        ("bare Pyodide: first paint", "bare_cold_paint", "bare_warm_paint"),
        ("bare Pyodide: Python ready", "bare_cold_python", "bare_warm_python"),
    ]
    for label, cold, warm in rows:
        cold_text = f"{med(cold):>10.0f}" if cold else f"{'-':>10}"
        print(f"{label:28}{cold_text}{med(warm):>12.0f}")
    for kind, goal in (("cold", 1.0), ("warm", 0.5)):
        playable, bare = med(f"{kind}_playable"), med(f"bare_{kind}_python")
        print(
            f"{kind}: playable / bare Python ready = {playable / bare:.2f} "
            f"({playable - bare:+.0f} ms; goal: {goal} at most)"
        )
    moves, bare = med("warm_moves"), med("bare_warm_python")
    print(
        f"warm: a move can be made (ten named cards, a move enabled) / bare Python ready = "
        f"{moves / bare:.2f} (goal: 0.15 at most)"
    )
    print(
        f"warm: saved hand visible {med('warm_saved_view'):.0f} ms after navigation (goal: 300 "
        f"at most); restored from the snapshot in {sum(r['cold_snapshot'] for r in runs):.0f} "
        f"cold and {sum(r['warm_snapshot'] for r in runs):.0f} warm loads of {len(runs)} runs"
    )
    snapshot = (build.DIST / "engine.snapshot").read_bytes()
    header = json.loads(snapshot[: snapshot.index(b"\n")])
    print(
        f"snapshot shipped with the build: {header['length'] / 1e6:.1f} MB raw, "
        f"{len(snapshot) / 1e6:.2f} MB packed by zstd"
    )
    print(
        f"bytes on a cold load (to playable): {med('cold_bytes') / 1e6:.2f} MB raw, "
        f"{med('cold_gzip') / 1e6:.2f} MB if gzipped "
        f"({med('cold_gzip') / TODAY_GZIP:.2f}x the {TODAY_GZIP / 1e6:.1f} MB before snapshots; "
        f"goal: 1.5x at most), {med('cold_requests'):.0f} requests; "
        f"bare page: {med('bare_cold_bytes') / 1e6:.2f} MB raw"
    )
    print(
        f"service worker precache after the first visit: {med('sw_precache_bytes') / 1e6:.2f} MB "
        f"on the wire; warm load: {med('warm_bytes') / 1e3:.1f} kB"
    )


if __name__ == "__main__":
    sys.exit(main())
