"""The learned read of the other hand in the page: its shipped weights load in Pyodide and give
the numbers CPython gives, to the engine's last digit (the knock review's risk of each
declaration, and the hint's undercut and near-knock chances)."""

from __future__ import annotations

from typing import Any

from gintable import Table, engine_call, simple_choice
from playwright.sync_api import Page

FAST = "speed=0&sw=0"


def requests_to_a_knock(seed: str) -> list[dict[str, Any]] | None:
    """The requests that play a match against the expert, the person's seat by the simple
    policy, up to the first turn where the person may knock (None if the first hand ends
    before one)."""
    sent: list[dict[str, Any]] = [{"op": "new", "seed": seed, "opponent": "expert"}]
    reply = engine_call(sent[0])
    for _ in range(200):
        view = reply["view"]
        if view["phase"] in ("hand_over", "match_over"):
            return None
        if view["to_act"] == 1:
            request: dict[str, Any] = {"op": "bot"}
        else:
            choice = simple_choice(view, stop_at_knock=True)
            if choice is None:
                return sent
            request = {"op": "act", "action": choice}
        sent.append(request)
        reply = engine_call(request)
    return None


def test_the_read_gives_the_same_numbers_in_the_page_as_in_cpython(page: Page) -> None:
    sent = next(r for r in (requests_to_a_knock(f"read-{i}") for i in range(20)) if r)
    advice = engine_call({"op": "hint"})["hint"]
    card = advice["knock"]["card"]
    review = engine_call({"op": "declarations", "card": card})["declarations"]
    Table(page).open(f"./?{FAST}&seed=read-page")
    replies = page.evaluate(
        """async ([sent, card]) => {
            const engine = window.__gin.engine;
            for (const request of sent) await engine.call(request);
            const hint = await engine.call({ op: "hint" });
            return [hint, await engine.call({ op: "declarations", card })];
        }""",
        [sent, card],
    )
    assert replies[0]["hint"]["knock"] == advice["knock"]
    assert replies[1]["declarations"] == review
    risks = [d["undercut"] for d in review] + [advice["knock"]["undercut"], advice["knock"]["near"]]
    assert all(0 <= r <= 1 for r in risks)
