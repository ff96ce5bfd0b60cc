"""Match documents: round trips, complete validation, migration from version 0."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
        (lambda d: d.update(version=2), "version 2, from a newer game; this one reads up to 1"),
        (lambda d: d.update(version="1"), "version must be a whole number"),
        (lambda d: d.update(version=True), "version must be a whole number"),
        (lambda d: d.update(version=-1), "unknown save version -1"),
        (lambda d: d.update(extra=1), r"unknown field\(s\) in the save: extra"),
        (lambda d: d.update(rules={"target": -5}), "rules: rules option target"),
        (lambda d: d.update(rules={"colour": "red"}), r"rules: unknown rules option\(s\): colour"),
        (lambda d: d.update(rules=[]), "rules: rules must be an object"),
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
        (lambda d: d.update(opponent=3), "the opponent must be a name"),
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
    with pytest.raises(SaveError, match="never needs"):
        load({**document(), "actions": ["pass"] * 30_000})


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
