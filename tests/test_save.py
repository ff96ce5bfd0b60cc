"""Match documents: round trips, complete validation, migration from version 0."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from gin import api, limits
from gin.match import Match, apply, legal_actions, new_match
from gin.rules import Rules
from gin.save import SaveError, dump, dumps, load, loads


def random_match(seed: int, steps: int, rules: Rules | None = None) -> list[Match]:
    rng = random.Random(seed)
    match = new_match(rules or Rules(target=30), seed)
    states = [match]
    for _ in range(steps):
        if match.winner is not None:
            break
        actions = legal_actions(match)
        endings = [a for a in actions if a.kind in ("knock", "gin", "next")]
        match = apply(
            match, rng.choice(endings) if endings and rng.random() < 0.7 else rng.choice(actions)
        )
        states.append(match)
    return states


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_round_trip_at_every_step(seed: int, big_gin: bool) -> None:
    for match in random_match(seed, 90, Rules(target=30, big_gin=big_gin)):
        text = dumps(match, ["Ann", "Bob"], "simple")
        saved = loads(text)
        assert saved.match == match
        assert saved.names == ("Ann", "Bob") and saved.opponent == "simple"


def test_a_finished_match_round_trips() -> None:
    states = random_match(3, 5000, Rules(target=15))
    assert states[-1].winner is not None
    assert load(json.loads(json.dumps(dump(states[-1])))).match == states[-1]


def document() -> dict[str, Any]:
    return dump(random_match(1, 40)[-1])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="chess"), "not a Gin Rummy match save"),
        (lambda d: d.update(version=3), "version 3, from a newer game; this one reads up to 2"),
        (lambda d: d.update(version="1"), "version must be a whole number"),
        (lambda d: d.update(version=True), "version must be a whole number"),
        (lambda d: d.update(version=-1), "unknown save version -1"),
        (lambda d: d.update(extra=1), r"unknown field\(s\) in the save: extra"),
        (lambda d: d.update(rules={"target": -5}), "rules: rules option target"),
        (lambda d: d.update(rules={"colour": "red"}), r"rules: unknown rules option\(s\): colour"),
        (lambda d: d.update(rules=[]), "rules: rules must be an object"),
        (lambda d: d.update(rules={"target": 10_001}), "target must be 1..10000, not 10001"),
        (lambda d: d.update(rules={"gin_bonus": 10_001}), "gin_bonus must be 0..10000"),
        (lambda d: d.update(seed="x" * 201), "the seed must be a text of 1 to 200"),
        (lambda d: d.update(seed="\ud800"), "the seed holds a lone surrogate"),
        (lambda d: d.update(opponent="x" * 41), "the opponent must be a text of 1 to 40"),
        (lambda d: d.update(seed=12), "the seed must be a text"),
        (lambda d: d.update(seed=""), "the seed must be a text"),
        (lambda d: d.pop("actions"), "no list of actions"),
        (lambda d: d["actions"].insert(0, "draw"), r"action 1 \('draw'\) is not legal"),
        (lambda d: d["actions"].__setitem__(3, "discard ZZ"), r"action 4 \('discard ZZ'\)"),
        (lambda d: d["actions"].__setitem__(2, 7), "action 3 must be a short text"),
        (lambda d: d["actions"].append("next"), "is not legal"),
        (lambda d: d["summary"].update(points=[99, 0]), "summary .* does not match its actions"),
        (lambda d: d.update(names=["only one"]), "names must be a list of two names"),
        (lambda d: d.update(names=["", "x"]), "each name must be a text"),
        (lambda d: d.update(opponent=3), "the opponent must be a text of 1 to 40"),
    ],
)
def test_damaged_documents_are_refused(change: Any, message: str) -> None:
    doc = document()
    change(doc)
    with pytest.raises(SaveError, match=message):
        load(doc)


def test_other_inputs_are_refused() -> None:
    with pytest.raises(SaveError, match="not readable JSON"):
        loads("{not json")
    with pytest.raises(SaveError, match="must be a JSON object, not list"):
        load([1, 2])
    with pytest.raises(SaveError, match=f"a match holds at most {limits.MATCH_ACTIONS:,}"):
        load({**document(), "actions": ["pass"] * (limits.MATCH_ACTIONS + 1)})


def test_the_summary_is_optional() -> None:
    doc = document()
    match = load(doc).match
    del doc["summary"]
    assert load(doc).match == match


def test_version_0_migrates() -> None:
    match = random_match(5, 60, Rules())[-1]
    old_words = {"draw": "stock", "take": "pile", "next": "deal"}
    old = {
        "format": "gin-match",
        "version": 0,
        "preset": "standard",
        "seed": 5,
        "moves": [old_words.get(a.text(), a.text()) for a in match.actions],
    }
    assert load(old).match == match


def test_version_0_errors() -> None:
    base = {"format": "gin-match", "version": 0, "seed": 1, "moves": []}
    assert load(base).match == new_match(Rules(), "1")
    with pytest.raises(SaveError, match="unknown rules preset 'fancy'"):
        load({**base, "preset": "fancy"})
    with pytest.raises(SaveError, match="has no list of moves"):
        load({**base, "moves": "pass"})
    with pytest.raises(SaveError, match=r"unknown field\(s\) in the version 0 save: actions"):
        load({**base, "actions": []})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(json_values, json_values, json_values)
def test_fuzzed_documents_only_ever_raise_save_error(rules: Any, seed: Any, actions: Any) -> None:
    for doc in (
        rules,
        {"format": "gin-match", "version": 1, "rules": rules, "seed": seed, "actions": actions},
        {"format": "gin-match", "version": 0, "preset": seed, "seed": rules, "moves": actions},
    ):
        with contextlib.suppress(SaveError):
            load(doc)


# ------------------------------------------------- every save the game writes loads again
# The game writes saves through gin.api (the page's worker): whatever `new` accepts, at and
# around every limit of gin.limits, and whatever is played after it, must load to the same match.


def _around(low: int, high: int) -> st.SearchStrategy[int]:
    """Whole numbers in ``low..high``, its ends most often, and now and then just outside."""
    return (
        st.integers(low, high)
        | st.sampled_from([low, high])
        | st.sampled_from([low, high])
        | st.sampled_from([low - 1, high + 1])
    )


_seeds = (
    st.none()
    | st.text(st.characters(codec=None), min_size=1, max_size=limits.SEED_LENGTH)
    | st.text(st.sampled_from("a☃🂡"), min_size=limits.SEED_LENGTH, max_size=limits.SEED_LENGTH)
    | st.integers(10 ** (limits.SEED_LENGTH - 2), 10**limits.SEED_LENGTH - 1)
    | st.integers(-(10 ** (limits.SEED_LENGTH - 1)) + 1, 0)
    | st.sampled_from(["", "s" * (limits.SEED_LENGTH + 1), "a\ud800", 10**limits.SEED_LENGTH])
)
_name = st.text(st.characters(codec=None), min_size=1, max_size=limits.NAME_LENGTH)
_names = st.none() | st.lists(
    _name | _name | st.sampled_from(["é" * 40, "🂡" * 40, "x" * 41, "\udc00", ""]),
    min_size=2,
    max_size=2,
)
_bonus = st.integers(0, limits.BONUS_MAX) | st.sampled_from([0, limits.BONUS_MAX])
_rules = st.fixed_dictionaries(
    {},
    optional={
        "target": _around(1, limits.TARGET_MAX),
        "knock_limit": st.integers(0, 10),
        "gin_bonus": _around(0, limits.BONUS_MAX),
        "undercut_bonus": _bonus,
        "box_bonus": _bonus,
        "game_bonus": _bonus,
        "big_gin_bonus": _bonus,
        "big_gin": st.booleans(),
        "shutout": st.booleans(),
        "oklahoma": st.booleans(),
        "oklahoma_spades_double": st.booleans(),
    },
)
_opponents = st.sampled_from(
    ["beginner", "baseline", "Simple", " gin_hunter ", "CAUTIOUS", "expert", "nobody", "\ud800"]
)


def _reloads(reply: dict[str, Any]) -> None:
    """The save of a reply, stored as the page stores it (JSON text), loads to the same
    match, with every number exact in JavaScript."""
    text = json.dumps(reply["save"], ensure_ascii=False)
    saved = loads(text)
    assert dump(saved.match, saved.names, saved.opponent) == reply["save"]
    assert all(abs(n) < 2**53 for n in (*reply["save"]["summary"]["points"],))
    loaded = json.loads(api.handle(json.dumps({"op": "load", "save": text})))
    assert loaded["ok"], loaded
    assert loaded["save"] == reply["save"]


@settings(max_examples=60, deadline=None)
@given(_seeds, _names, _rules, _opponents, st.integers(0, 2**32))
def test_every_save_the_game_writes_loads_again(
    seed: Any, names: Any, rules: Any, opponent: Any, play: int
) -> None:
    request: dict[str, Any] = {"op": "new", "rules": rules, "opponent": opponent}
    if seed is not None:
        request["seed"] = seed
    if names is not None:
        request["names"] = names
    reply = json.loads(api.handle(json.dumps(request)))
    event("new refused" if not reply["ok"] else "new accepted")
    if not reply["ok"]:
        assert reply["error"] and len(reply["error"]) <= limits.MESSAGE_LENGTH
        return
    _reloads(reply)
    rng = random.Random(play)
    for _ in range(rng.randrange(12)):
        view = reply["view"]
        if view["phase"] == "match_over":
            break
        if view["to_act"] == api.COMPUTER:
            reply = json.loads(api.handle('{"op": "bot"}'))
        else:
            move = rng.choice(view["legal_actions"])["action"]
            reply = json.loads(api.handle(json.dumps({"op": "act", "action": move})))
        assert reply["ok"], reply
    _reloads(reply)


def test_the_game_refuses_the_action_past_the_limit_and_its_save_loads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(limits, "MATCH_ACTIONS", 9)
    reply = json.loads(api.handle('{"op": "new", "seed": "long", "opponent": "baseline"}'))
    while reply["ok"]:
        last = reply
        view = reply["view"]
        if view["to_act"] == api.COMPUTER:
            reply = json.loads(api.handle('{"op": "bot"}'))
        else:
            move = view["legal_actions"][0]["action"]
            reply = json.loads(api.handle(json.dumps({"op": "act", "action": move})))
    assert "reached 9 actions, the most a save holds" in reply["error"]
    assert len(last["save"]["actions"]) == 9
    assert loads(json.dumps(last["save"])).match.actions == load(last["save"]).match.actions
    with pytest.raises(SaveError, match="a match holds at most 9"):
        load({**last["save"], "actions": [*last["save"]["actions"], "draw"]})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "gin-match", "seed": NaN}', "NaN is not a JSON number"),
        ('{"format": "gin-match", "version": 1e999}', "the number 1e999 is too large"),
        ('{"version": ' + "9" * 4301 + "}", "more than 200 digits"),
        ("[" * 100_000, "nested more than 32 deep"),
    ],
)
def test_hostile_save_text_is_refused(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        loads(text)
