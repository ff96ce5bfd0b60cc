"""Hostile and mutated requests to the page's JSON face (gin.api.handle): every reply is strict
JSON within a time bound, a refused request changes nothing, every move made is legal, and every
save replied loads again."""

from __future__ import annotations

import copy
import json
import random
import time
from typing import Any

from gin import api, limits
from gin.actions import Action
from gin.cards import format_card
from gin.match import legal_actions
from gin.save import load, loads

BOUND = 5.0
"""Seconds one request may take on a busy CI machine; a sound one takes well under a second."""
DECK = [format_card(c) for c in range(52)]


def strict(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in a reply: {text[:80]}")

    return json.loads(text, parse_constant=refuse)


def handle(request: str) -> dict[str, Any]:
    start = time.perf_counter()
    text = api.handle(request)
    assert time.perf_counter() - start < BOUND, request[:200]
    reply = strict(text)
    assert isinstance(reply, dict) and reply["ok"] in (True, False)
    if not reply["ok"]:
        assert isinstance(reply["error"], str)
        assert 0 < len(reply["error"]) <= limits.MESSAGE_LENGTH
    text.encode("utf-8")  # what crosses into JavaScript
    return reply


HOSTILE = [
    "[" * 100_000,
    '{"op": "new", "seed": ' + "[" * 50_000 + "]" * 50_000 + "}",
    '{"op": "new", "seed": 1e999}',
    '{"op": "new", "rules": {"target": Infinity}}',
    '{"op": "new", "seed": NaN}',
    '{"op": "new", "seed": ' + "9" * 4301 + "}",
    '{"op": "new", "seed": ' + "9" * 201 + "}",
    '{"op": "new", "seed": ""}',
    '{"op": "new", "seed": "' + "s" * 201 + '"}',
    '{"op": "new", "seed": "\\ud800"}',
    '{"op": "new", "names": ["\\udfff", "B"]}',
    '{"op": "new", "opponent": "\\ud800"}',
    '{"op": "new", "opponent": "expert' + " " * 50 + '"}',
    '{"op": "new", "rules": {"gin_bonus": 1e300}}',
    '{"op": "new", "rules": {"box_bonus": 10001}}',
    '{"op": "new", "rules": {"target": 10001}}',
    '{"op": "act", "action": "' + "discard " * 100_000 + '"}',
    '{"op": "act", "action": "\\ud800"}',
    '{"op": "' + "x" * 1_000_000 + '"}',
    '{"op": "load", "save": "' + "[" * 1000 + '"}',
    '{"op": "load", "save": {"format": "gin-match", "version": 1, "seed": "x", "rules": {}, '
    '"actions": ' + json.dumps(["pass"] * (limits.MATCH_ACTIONS + 1)) + "}}",
    '{"op": "replay", "save": "{\\"version\\": NaN}"}',
    '{"op": "declarations", "card": "' + "Z" * 10_000 + '"}',
    "x" * (limits.REQUEST_CHARS + 1),
    "\x00",
    "",
]


def test_hostile_requests_get_an_error_and_change_nothing() -> None:
    before = handle('{"op": "new", "seed": "hostile", "opponent": "baseline"}')
    assert before["ok"]
    for request in HOSTILE:
        reply = handle(request)
        assert reply["ok"] is False, (request[:80], reply)
    for junk in (None, b"{}", 7):
        assert strict(api.handle(junk))["ok"] is False  # type: ignore[arg-type]
    assert handle('{"op": "view"}')["save"] == before["save"]


def _mutated_save(save: dict[str, Any], rng: random.Random) -> Any:
    doc = copy.deepcopy(save)
    field = rng.choice([*doc, "action"])
    value = rng.choice(VALUES)
    if field == "action" and doc["actions"]:
        doc["actions"][rng.randrange(len(doc["actions"]))] = value
    elif rng.random() < 0.2:
        doc.pop(field, None)
    else:
        doc[field] = value
    return json.dumps(doc) if rng.random() < 0.3 else doc


VALUES: list[Any] = [
    None,
    False,
    -1,
    0,
    10_001,
    2**63,
    1.5,
    1e308,
    "",
    "x" * 300,
    "\ud800",
    "draw",
    "discard 7H",
    "knock 7H [AC 2C 3C]",
    [],
    {},
    DECK,
    [[[["deep"]]]],
    {"target": 5, "big_gin": True},
    {"gin_bonus": -5},
]


def test_mutated_requests_keep_every_reply_json_every_move_legal_every_save_loadable() -> None:
    rng = random.Random(12)
    reply = handle('{"op": "new", "seed": "fuzz-api", "opponent": "baseline"}')
    save, match = reply["save"], load(reply["save"]).match
    done = refused = 0
    for number in range(250):
        op = rng.choice(["act", "act", "act", "bot", "new", "load", "declarations", "view"])
        request: dict[str, Any] = {"op": "hint" if number % 50 == 0 else op}
        if op == "act":
            choices = [a.text() for a in legal_actions(match)] or ["next"]
            request["action"] = rng.choice(
                [*choices, rng.choice(VALUES), f"discard {rng.choice(DECK)}"]
            )
        elif op == "new":
            for field in rng.sample(["seed", "rules", "names", "opponent", "preset"], 2):
                request[field] = rng.choice([*VALUES, "standard", ["A", "B"], "beginner"])
        elif op == "load":
            request["save"] = _mutated_save(save, rng) if rng.random() < 0.8 else save
        elif op == "declarations":
            request["card"] = rng.choice(DECK + VALUES)
        reply = handle(json.dumps(request))
        if not reply["ok"]:
            refused += 1
            assert handle('{"op": "view"}')["save"] == save  # a refused request changes nothing
            continue
        done += 1
        if "save" not in reply or reply["save"] == save:
            continue
        if reply.get("played"):
            played = Action.from_text(reply["played"]["action"])
            legal = legal_actions(match)
            assert played in legal or any(
                a.kind == "knock" and a.card == played.card for a in legal
            )
        save = reply["save"]
        match = loads(json.dumps(save)).match  # every save replied loads again
        assert load(save).match == match
    print(f"{done} done, {refused} refused")
    assert done > 60 and refused > 60
