"""Every opponent plays only legal actions, and plays them deterministically."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator

import pytest

from gin.actions import Action
from gin.ai import entries, opponent
from gin.match import Match, apply, legal_actions, new_match
from gin.rules import PRESETS
from gin.view import view

EVERYONE = [e.name for e in entries(everyone=True)]
FAST = ["beginner", "baseline", "baseline-k0", "baseline-k4"]
THINKING = [name for name in EVERYONE if not name.startswith(("beginner", "baseline"))]


def random_play(seed: int, hands: int, preset: str) -> Iterator[Match]:
    """Each state where a player must act, over ``hands`` hands of random legal play that
    knocks whenever it may half the time (so hands end both early and late)."""
    rng = random.Random(seed)
    match = new_match(PRESETS[preset], f"legal-{seed}")
    played = 0
    while played < hands:
        if match.winner is not None:
            match = new_match(PRESETS[preset], f"legal-{seed}-{played}")
        actions = legal_actions(match)
        if match.hand.result is not None:
            played += 1
        else:
            yield match
        endings = [a for a in actions if a.kind in ("knock", "gin", "big gin")]
        plain = [a for a in actions if a not in endings]
        if endings and (rng.random() < 0.5 or not plain):
            match = apply(match, rng.choice(endings))
        else:
            match = apply(match, rng.choice(plain))


def check(match: Match, text: str) -> None:
    """The engine accepts ``text``; a knock or gin names a card the engine offers for it."""
    action = Action.from_text(text)
    apply(match, action)
    offered = {(a.kind, a.card) for a in legal_actions(match)}
    assert (action.kind, action.card) in offered, text


@pytest.mark.parametrize("preset", ["standard", "research", "oklahoma"])
def test_fast_opponents_always_legal(preset: str) -> None:
    states = 0
    for match in random_play(3, 30, preset):
        seat = match.hand.to_act
        assert seat is not None
        seen = view(match, seat)
        for name in FAST:
            check(match, opponent(name).decide(seen))
        states += 1
    assert states > 350


@pytest.mark.parametrize("name", THINKING)
def test_thinking_opponents_always_legal(name: str) -> None:
    player = opponent(name)
    for number, match in enumerate(random_play(5, 24, "standard")):
        if number % 3 == 0:
            seat = match.hand.to_act
            assert seat is not None
            check(match, player.decide(view(match, seat)))


@pytest.mark.parametrize("name", EVERYONE)
def test_same_view_same_decision(name: str) -> None:
    for number, match in enumerate(random_play(8, 10, "research")):
        if number % 4 == 0:
            seat = match.hand.to_act
            assert seat is not None
            seen = view(match, seat)
            first = opponent(name).decide(seen)
            assert opponent(name).decide(json.loads(json.dumps(seen))) == first
            assert opponent(name).decide(copy.deepcopy(seen)) == first


def test_opponents_play_whole_matches_against_each_other() -> None:
    names = [e.name for e in entries()]
    for i, first in enumerate(names):
        second = names[(i + 1) % len(names)]
        players = (opponent(first), opponent(second))
        match = new_match(PRESETS["research"], f"whole-{i}")
        while match.winner is None:
            seat = match.hand.to_act
            actor = players[seat if seat is not None else 0]
            seen = view(match, seat if seat is not None else 0)
            match = apply(match, Action.from_text(actor.decide(seen)))
        assert match.winner in (0, 1)
