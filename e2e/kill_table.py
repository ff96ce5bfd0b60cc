"""How many acknowledged moves survive a SIGKILL of the browser (prints a table; not a test).

One browser profile; each round opens the page, plays one move of the human (the simple policy,
by the mouse), waits until it is acknowledged (the view shows it and the save in localStorage
holds it), waits the delay, SIGKILLs the browser process, starts it again on the same profile and
reads the save the page has when it is ready. A move is lost when the actions acknowledged are
not all there.

    .venv/bin/python e2e/kill_table.py --delays 0,1,3 --kills 7 [--dist DIR]

(`--dist` serves another build, e.g. a copy of an older dist/, for a "before" table.)
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

from gintable import BOOT_TIMEOUT, IDLE, Table, simple_choice  # noqa: E402
from killable import KillableBrowser  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402

SAVE_KEY = "gin-rummy:save:v1"
READY = 'html[data-ready="1"]'


def saved_actions(page: Any) -> list[str]:
    text = page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")
    return list(json.loads(text)["actions"]) if text else []


def open_table(ctx: Any, url: str) -> tuple[Any, Table]:
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.set_default_timeout(BOOT_TIMEOUT)
    page.goto(url)
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT_TIMEOUT)
    return page, Table(page)


def acknowledged_move(page: Any, table: Table) -> list[str]:
    """Play the human's next move; the save's actions once the move is acknowledged."""
    view = page.evaluate("window.__gin.ui.view")
    if view["phase"] in ("hand_over",):
        page.locator("#result-next").click()
        page.wait_for_selector(IDLE, state="attached")
        view = page.evaluate("window.__gin.ui.view")
    action = simple_choice(view)
    assert action is not None
    before = len(view["history"])
    table.play_by_mouse(action)
    while True:  # shown, and readable back from localStorage
        shown = page.evaluate("window.__gin.ui.view.history.length")
        actions = saved_actions(page)
        if shown > before and actions and action in actions[-4:]:
            return actions
        time.sleep(0.005)


def measure(base: str, delays: list[float], kills: int) -> dict[float, tuple[int, int]]:
    out: dict[float, tuple[int, int]] = {}
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="gin-kill-") as tmp:
        browser = KillableBrowser(pw, Path(tmp) / "profile")
        try:
            measure_with(browser, base, delays, kills, out)
        finally:
            browser.close()
    return out


def measure_with(
    browser: KillableBrowser,
    base: str,
    delays: list[float],
    kills: int,
    out: dict[float, tuple[int, int]],
) -> None:
    ctx = browser.start()
    page, table = open_table(ctx, f"{base}?seed=kill-table&speed=0&sw=0")
    for delay in delays:
        lost = 0
        for _ in range(kills):
            acked = acknowledged_move(page, table)
            time.sleep(delay)
            browser.kill()
            ctx = browser.start()
            page, table = open_table(ctx, f"{base}?speed=0&sw=0")
            now = saved_actions(page)
            if now[: len(acked)] != acked:
                lost += 1
            print(
                f"kill {delay:g} s after the move: {len(acked)} actions acknowledged, "
                f"{len(now)} after reopening{'' if now[: len(acked)] == acked else ' LOST'}",
                flush=True,
            )
        out[delay] = (lost, kills)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--delays", default="0,1,3")
    parser.add_argument("--kills", type=int, default=7)
    parser.add_argument("--dist", type=Path, default=build.DIST)
    args = parser.parse_args()
    server = build.make_server(0, args.dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    table = measure(base, [float(d) for d in args.delays.split(",")], args.kills)
    server.shutdown()
    print(f"\nserved: {args.dist}\n| kill after the move | lost |\n|---|---|")
    for delay, (lost, kills) in table.items():
        print(f"| {delay:g} s | {lost}/{kills} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
