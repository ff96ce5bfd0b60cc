"""Browser-test helpers: the engine mirrored in CPython; a Table driven like a person."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

# --------------------------------------------------------------------------- the engine, mirrored
# The same engine the page runs, imported here in CPython: it finds seeds for a situation and
# predicts what the page must show. The page is driven only through its own controls.


def engine_call(request: dict[str, Any]) -> dict[str, Any]:
    import json

    from gin import api

    reply: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return reply


def simple_choice(view: dict[str, Any], stop_at_knock: bool = False) -> str | None:
    """The human's simple policy (the same as the page's autoplay hook): pass on the upcard,
    draw from the stock, discard the card leaving the least deadwood; None where a knock is
    possible and ``stop_at_knock``."""
    acts = [a["action"] for a in view["legal_actions"]]
    if stop_at_knock and any(a.startswith(("knock ", "gin ")) for a in acts):
        return None
    for first in ("pass", "draw"):
        if first in acts:
            return first
    options = sorted(
        (o for o in view["discard_options"] if f"discard {o['card']}" in acts),
        key=lambda o: o["deadwood"],
    )
    return f"discard {options[0]['card']}" if options else acts[0]


def service_worker_controls(page: Any) -> bool:
    """Whether the service worker controls ``page`` within 20 s (polled from Python:
    wait_for_function evaluates a string, which the page's CSP forbids)."""
    for _ in range(100):
        if page.evaluate("!!navigator.serviceWorker.controller"):
            return True
        page.wait_for_timeout(200)
    return False


def human_first(seed: str) -> bool:
    """Whether the human has the first word on the opening upcard for ``seed``."""
    view = engine_call({"op": "new", "seed": seed, "names": ["You", "Computer"]})["view"]
    return bool(view["to_act"] == 0)


def seed_where(prefix: str, test: Any, tries: int = 400) -> str:
    for i in range(tries):
        seed = f"{prefix}-{i}"
        if test(seed):
            return seed
    raise AssertionError(f"no seed {prefix}-0..{tries - 1} fits")


class Plan:
    """The human's actions from a new match with ``seed`` up to a point, bot moves simulated."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.actions: list[str] = []
        self.view = engine_call({"op": "new", "seed": seed, "names": ["You", "Computer"]})["view"]
        self._computer()

    def _computer(self) -> None:
        """The computer answers at once, as the page does."""
        while self.view["to_act"] == 1 and self.view["phase"] in ("opening", "draw", "discard"):
            self.view = engine_call({"op": "bot"})["view"]

    def run(self, choose: Any, limit: int = 400) -> bool:
        """Play the human with ``choose(view) -> action | None`` (None stops); False if the hand
        ended first."""
        for _ in range(limit):
            view = self.view
            if view["phase"] in ("hand_over", "match_over"):
                return False
            if view["to_act"] == 1:
                self.view = engine_call({"op": "bot"})["view"]
                continue
            action = choose(view)
            if action is None:
                return True
            self.play(action)
        return False

    def play(self, action: str) -> dict[str, Any]:
        reply = engine_call({"op": "act", "action": action})
        assert reply["ok"], reply
        self.actions.append(action)
        self.view = reply["view"]
        self._computer()
        return self.view


# --------------------------------------------------------------------------- page helpers

# The build's snapshot fetched and kept where the worker looks for it, packed, as the service
# worker's precache keeps it. The first start unpacks it and hands the bytes to the page's keeper,
# which keeps them unpacked (web/boot/keeper.mjs); planting the unpacked copy here instead took
# longer than that.
KEEP_SNAPSHOT = """async () => {
  const config = (await import("./config.mjs")).default;
  const url = new URL(config.snapshot, location.href).href;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`no snapshot (HTTP ${response.status})`);
  await (await caches.open(`gin-${config.build}`)).put(url, response);
}"""


# (Asked for by POST, which the service worker leaves to the page, so that page.route answers.)
PLANT_SNAPSHOT = """async () => {
  const copy = await (await fetch("planted.snapshot", { method: "POST" })).arrayBuffer();
  const cache = await caches.open(`gin-${document.documentElement.dataset.build}`);
  await cache.put(new URL("engine.snapshot", location.href).href, new Response(copy));
  await cache.delete(new URL("engine.snapshot.unpacked", location.href).href);
}"""


def plant_snapshot(page: Any, data: bytes) -> None:
    """Keep ``data`` in this browser as the build's packed snapshot (as the precache keeps it),
    and drop the copy kept unpacked, which a start would take first (web/boot/snapshot.mjs)."""
    page.route("**/planted.snapshot", lambda route: route.fulfill(body=data))
    page.evaluate(PLANT_SNAPSHOT)
    page.unroute("**/planted.snapshot")


def visited(context: Any) -> Any:
    """``context`` as a browser that has visited before: it keeps the engine's snapshot, so its
    pages start in about a second instead of booting Python from scratch (3 to 5 s, more on a
    loaded machine). The tests of a first visit are marked first_visit (conftest.py)."""
    page = context.new_page()
    page.goto("./config.mjs")
    page.evaluate(KEEP_SNAPSHOT)
    page.close()
    return context


IDLE = 'html[data-ready="1"][data-busy="0"]:not([data-turn="opp"])'
MY_TURN = 'html[data-ready="1"][data-busy="0"][data-turn="me"]'
BOOT_TIMEOUT = 60_000


class Table:
    """Drives the page like a person: by its visible controls, with keys or the mouse."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def open(self, query: str = "") -> Table:
        self.page.goto(query or "./")
        self.idle(BOOT_TIMEOUT)
        return self

    def idle(self, timeout: float = 20_000) -> None:
        self.page.wait_for_selector(IDLE, state="attached", timeout=timeout)

    def hand(self) -> list[str]:
        codes: list[str] = self.page.locator("#hand button.card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        return codes

    def top(self) -> str | None:
        code: str | None = self.page.locator("#discard-card").get_attribute("data-card")
        return code

    def card(self, code: str) -> Any:
        return self.page.get_by_role("group", name="Your hand").get_by_role(
            "button", name=card_name(code), exact=True
        )

    def log(self) -> list[str]:
        lines: list[str] = self.page.locator("#log li").all_inner_texts()
        return lines

    # keyboard ---------------------------------------------------------------
    def focus_hand_by_tab(self) -> None:
        for _ in range(30):
            inside = self.page.evaluate(
                "document.getElementById('hand').contains(document.activeElement)"
            )
            if inside:
                return
            self.page.keyboard.press("Tab")
        raise AssertionError("Tab never reached the hand")

    def focused_card(self) -> str | None:
        code: str | None = self.page.evaluate("document.activeElement.dataset.card || null")
        return code

    def key_to_card(self, code: str) -> None:
        self.focus_hand_by_tab()
        order = self.hand()
        for _ in range(2 * len(order) + 2):
            now = self.focused_card()
            if now == code:
                return
            assert now is not None, "focus left the hand"
            key = "ArrowRight" if order.index(now) < order.index(code) else "ArrowLeft"
            self.page.keyboard.press(key)
        raise AssertionError(f"arrows never reached {code}")

    def play_by_keys(self, action: str) -> None:
        words = action.split()
        if action in ("pass", "take", "draw"):
            self.page.keyboard.press({"pass": "p", "take": "t", "draw": "s"}[action])
        elif words[0] == "discard":
            self.key_to_card(words[1])
            self.page.keyboard.press("Enter")  # select (a preview)
            self.page.keyboard.press("Enter")  # confirm the discard
        else:
            raise AssertionError(f"no key plan for {action}")
        self.idle()

    # mouse ------------------------------------------------------------------
    def play_by_mouse(self, action: str) -> None:
        words = action.split()
        if action == "pass":
            self.page.get_by_role("button", name="Pass", exact=True).click()
        elif action == "take":
            self.page.get_by_role("button", name="Take upcard", exact=True).click()
        elif action == "draw":
            self.page.get_by_role("button", name="Stock", exact=True).click()
        elif words[0] == "discard":
            self.card(words[1]).click()
            self.card(words[1]).click()
        else:
            raise AssertionError(f"no mouse plan for {action}")
        self.idle()


RANK_NAMES = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


def english(message: dict[str, Any]) -> str:
    """A message of the engine's (a view's words) in English, as the page words it."""
    from gin.i18n import catalogue, word

    return word(catalogue("en"), message, "en")


def medium_date(day: datetime.date) -> str:
    """A day as the English page shows it (Intl's medium date): "Dec 5, 2026"."""
    return day.strftime("%b %-d, %Y")


SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_name(code: str) -> str:
    return f"{RANK_NAMES.get(code[0], code[0])} of {SUIT_NAMES[code[1]]}"


# --------------------------------------------------------------------------- the boot


class HeldEngine:
    """Pyodide's own script (which its loader imports first) held back (not served) from now
    until ``release()``: the page as it stands before any Python runs, its own scripts running
    (web/boot/boot.js lets them in once it has started the worker)."""

    PATTERN = "**/pyodide.asm.mjs"

    def __init__(self, page: Any) -> None:
        self.page = page
        self.routes: list[Any] = []
        page.route(self.PATTERN, lambda route: self.routes.append(route))

    def requested(self, timeout_ms: int = 10_000) -> bool:
        """Whether Pyodide's script has been asked for, within ``timeout_ms``: the page's own
        scripts may draw before the worker asks (web/boot/boot.js lets them in at once)."""
        for _ in range(timeout_ms // 50):
            if self.routes:
                return True
            self.page.wait_for_timeout(50)
        return bool(self.routes)

    def release(self) -> None:
        """Serve the held request, and every later one at once (a later load is not held)."""
        self.routes[0].continue_()
        self.page.unroute(self.PATTERN)


def with_snapshot_key(data: bytes, change: Callable[[str], str]) -> bytes:
    """The engine's snapshot file (a JSON header line, then the packed snapshot) with the key in
    its header changed by ``change``."""
    end = data.index(b"\n")
    header = json.loads(data[:end])
    header["key"] = change(header["key"])
    return json.dumps(header).encode() + data[end:]
