"""Hostile and mutated input to the bot (`python -m gin bot`) and to the page's JSON face
(`gin.api.handle`). The bot never exits or hangs, replies one JSON line to each line, and answers
only actions its view's legal_actions list; the api replies strict JSON within a time bound, a
refused request changes nothing, every move made is legal and every save replied loads again."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
import time
from typing import Any

from gin import api, limits
from gin.actions import Action
from gin.ai.base import opponent
from gin.ai.bot import answer
from gin.cards import format_card
from gin.match import Match, apply, legal_actions, new_match
from gin.melds import is_meld
from gin.rules import Rules
from gin.save import load, loads
from gin.view import view

BOUND = 5.0
"""Seconds one answer may take on a busy CI machine; a sound one takes well under a second."""
DECK = [format_card(c) for c in range(52)]


def strict(text: str) -> Any:
    """JSON as the standard defines it: no NaN or Infinity."""

    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in a reply: {text[:80]}")

    return json.loads(text, parse_constant=refuse)


def listed(text: str, seen: dict[str, Any]) -> bool:
    """Whether an answer is one of the view's legal_actions: the same action, or a knock with
    the same discard declaring disjoint melds of the hand."""
    action = Action.from_text(text)
    legal = [
        Action.from_text(a["action"] if isinstance(a, dict) else a) for a in seen["legal_actions"]
    ]
    if action in legal:
        return True
    if action.kind != "knock" or action.card is None:
        return False
    hand = sum(1 << DECK.index(c.upper()) for c in seen["hand"]) & ~(1 << action.card)
    melds = action.melds or ()
    return (
        any(a.kind == "knock" and a.card == action.card for a in legal)
        and all(is_meld(m) and m & hand == m for m in melds)
        and sum(m.bit_count() for m in melds) == (sum(melds) & hand).bit_count()
    )


def decision_views(seed: str, count: int) -> list[dict[str, Any]]:
    """Views of the player to act over random play, every phase included."""
    rng = random.Random(seed)
    match: Match = new_match(Rules(), seed)
    views = []
    while len(views) < count and match.winner is None:
        seat = match.to_act
        choices = legal_actions(match)
        if seat is not None:
            views.append(view(match, seat))
        endings = [a for a in choices if a.kind in ("knock", "gin", "next")]
        match = apply(match, rng.choice(endings if endings and rng.random() < 0.3 else choices))
    return views


VALUES: list[Any] = [
    None,
    True,
    -1,
    10_001,
    2**63,
    1.5,
    1e308,
    "",
    "7H",
    "draw",
    "discard 7H",
    "knock 7H [AC 2C 3C]",
    "x" * 5000,
    "\ud800",
    [],
    {},
    ["7H"] * 3,
    DECK,
    DECK[:30],
    [[[[["deep"]]]]],
    {"count": 52, "known": DECK},
    {"target": 5, "big_gin": True},
    {"gin_bonus": -5},
    [{"seat": 0, "action": "take", "card": "ZZ"}] * 50,
    ["discard 2C", "knock AS [2C 3C 4C]", "gin KH", "big gin", "next", "fly"],
]
"""Values a mutation puts in a field: of every JSON type, in and out of every bound."""


def mutate(seen: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three random changes to a view: a field set to a hostile value or removed,
    cards swapped for others (duplicates too), legal_actions cut or padded."""
    mutated = copy.deepcopy(seen)
    for _ in range(rng.randint(1, 3)):
        field = rng.choice([*mutated, "opponent.count", "opponent.known", "legal", "card"])
        roll = rng.random()
        if field == "legal":
            legal = mutated.get("legal_actions")
            if isinstance(legal, list):
                rng.shuffle(legal)
                extra = [
                    {"action": f"discard {rng.choice(DECK)}"} for _ in range(rng.randint(0, 3))
                ]
                mutated["legal_actions"] = legal[: rng.randint(0, len(legal))] + extra
        elif field == "card":
            hand = mutated.get("hand")
            if isinstance(hand, list) and hand:
                hand[rng.randrange(len(hand))] = rng.choice(DECK)
        elif field.startswith("opponent."):
            if isinstance(mutated.get("opponent"), dict):
                mutated["opponent"][field.split(".")[1]] = rng.choice(VALUES)
        elif roll < 0.2:
            del mutated[field]
        else:
            mutated[field] = rng.choice(VALUES)
    return mutated


def check_reply(reply: dict[str, Any], ident: Any, seen: Any, took: float) -> None:
    assert took < BOUND, f"{took:.1f} s for one answer"
    assert strict(json.dumps(reply, ensure_ascii=True, allow_nan=False)) == reply
    assert reply["id"] == ident and set(reply) in ({"id", "action"}, {"id", "error"})
    if "action" in reply:
        assert listed(reply["action"], seen), (reply, seen.get("legal_actions"))
    else:
        assert isinstance(reply["error"], str) and 0 < len(reply["error"]) <= 300


def test_real_and_mutated_views_get_a_legal_action_or_an_error() -> None:
    rng = random.Random(12)
    players = {name: opponent(name) for name in ("baseline", "beginner", "expert")}
    answered = errors = 0
    for number, seen in enumerate(decision_views("fuzz-bot", 40) + decision_views("fuzz-2", 20)):
        name = "expert" if number % 6 == 0 else rng.choice(["baseline", "beginner"])
        for request in [seen] + [mutate(seen, rng) for _ in range(4)]:
            ident = rng.choice([number, "a\ud800b", None, [1, {"x": 2}]])
            line = json.dumps({"id": ident, "view": request})
            start = time.perf_counter()
            reply = answer(players[name], line)
            check_reply(reply, ident, request, time.perf_counter() - start)
            if request is seen:
                assert "action" in reply, reply
            answered += "action" in reply
            errors += "error" in reply
    # The mutations reach both sides: some still answerable, most refused.
    assert answered > 60 and errors > 100


def test_self_contradicting_views_are_never_answered_outside_legal_actions() -> None:
    seen = next(v for v in decision_views("contradict", 40) if v["phase"] == "discard")
    held = set(seen["hand"])
    others = [c for c in DECK if c not in held and c not in seen["discard_pile"]]
    cases = [
        # legal_actions of another hand: discards of cards this hand does not hold
        [{"action": f"discard {c}"} for c in others[:5]],
        # the draw phase's actions in the discard phase
        [{"action": "draw"}, {"action": "take"}],
        # a knock listed for a card whose remaining cards cannot be declared
        [{"action": f"knock {seen['hand'][0]}"}, {"action": f"discard {seen['hand'][1]}"}],
    ]
    for legal in cases:
        request = {**seen, "legal_actions": legal}
        for name in ("baseline", "beginner", "cautious", "gin-hunter", "expert"):
            reply = answer(opponent(name), json.dumps({"id": 1, "view": request}))
            check_reply(reply, 1, request, 0.0)


def _view_line(ident: int, changes: dict[str, Any]) -> bytes:
    seen = decision_views("process", 8)[-1]
    return json.dumps({"id": ident, "view": {**seen, **changes}}).encode()


def test_hostile_lines_never_end_the_bot_process() -> None:
    good = json.dumps({"id": "last", "view": decision_views("process", 8)[-1]}).encode()
    hostile = [
        b"[" * 100_000,
        b'{"id": 1, "view": ' + b"[" * 100_000,
        b'{"id": 1e999, "view": {}}',
        b'{"id": Infinity}',
        b'{"id": -Infinity}',
        b'{"id": ' + b"9" * 4301 + b"}",
        b'{"id": "\\ud800", "view": {}}',
        b'{"id": "\xed\xa0\x80"}',
        b"\xff\xfe not utf-8",
        b'{"id": NaN, "view": {}}',
        _view_line(30, {"hand": [format_card(c) for c in range(30)]}),
        _view_line(52, {"hand": [format_card(c) for c in range(52)]}),
        _view_line(7, {"legal_actions": [{"action": "discard ZZ"}]}),
        b"x" * 3_000_000,
        b"\x00\x00",
        b'"a string"',
        b"null",
        b"{}",
        b"\t \r",
    ]
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "gin", "bot", "--opponent", "baseline"],
        input=b"\n".join([*hostile, good]) + b"\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    took = time.perf_counter() - start
    assert run.returncode == 0 and run.stderr == b"", run.stderr[-2000:]
    lines = run.stdout.decode("ascii").splitlines()
    replies = [strict(line) for line in lines]
    assert len(replies) == len(hostile)  # the blank-ish last hostile line gets no reply
    assert all("error" in r and len(r["error"]) <= 300 for r in replies[:-1])
    assert replies[6]["id"] == "\ud800" and replies[10]["id"] == 30 and replies[11]["id"] == 52
    assert replies[-1]["id"] == "last" and "action" in replies[-1]
    assert took < 20 * BOUND


# ---------------------------------------- the api (the page's worker)


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
    '{"op": "review", "save": "{\\"version\\": NaN}", "hand": 1}',
    '{"op": "review", "hand": 1}',
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
    assert done > 60 and refused > 60
