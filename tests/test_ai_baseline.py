"""The baseline follows the published simple policy, on constructed deals and random states."""

from __future__ import annotations

import random
from dataclasses import replace

from gin import game
from gin.actions import Action
from gin.ai import opponent
from gin.cards import from_mask, parse_card, parse_cards
from gin.match import Match, apply, legal_actions, new_match
from gin.melds import deadwood
from gin.rules import PRESETS, Rules
from gin.view import view


def dealt(first: str, second: str, upcard: str, stock: str = "") -> Match:
    """A match whose first hand gives ``first`` to seat 0 (the non-dealer, to act first) and
    ``second`` to seat 1, with ``upcard`` face up and ``stock`` on top of the stock."""
    ones, twos = parse_cards(first), parse_cards(second)
    deck = [c for pair in zip(ones, twos, strict=True) for c in pair]
    deck += [parse_card(upcard), *parse_cards(stock)]
    deck += [c for c in range(52) if c not in deck]
    match = new_match(Rules(), "baseline-test")
    return replace(match, hand=game.deal(Rules(), tuple(deck), dealer=1))


SEAT0 = "5H 6H 2C 9C KD QS 3S JD 8C 4D"
SEAT1 = "AC AD AS 2D 3D 4S 5S 6S 9H TH"


def decide(match: Match) -> str:
    seat = match.hand.to_act
    assert seat is not None
    return opponent("baseline").decide(view(match, seat))


def test_takes_an_upcard_that_melds() -> None:
    assert decide(dealt(SEAT0, SEAT1, "7H")) == "take"
    assert decide(dealt(SEAT0, SEAT1, "4H")) == "take"


def test_passes_an_upcard_that_only_lowers_deadwood() -> None:
    # AH would cut 9 points of deadwood (for the KD), but joins no meld.
    assert decide(dealt(SEAT0, SEAT1, "AH")) == "pass"
    assert decide(dealt(SEAT0, SEAT1, "8H")) == "pass"


def test_draws_when_the_top_discard_joins_no_meld() -> None:
    match = dealt(SEAT0, SEAT1, "KC")
    match = apply(apply(match, Action("pass")), Action("pass"))
    assert decide(match) == "draw"


def test_knocks_as_soon_as_it_may() -> None:
    # Seat 1 holds three aces, 2-3 of diamonds and 4-5-6 of spades: 4D leaves it 9H and TH.
    match = dealt(SEAT0, SEAT1, "KC", stock="7D")
    for text in ("pass", "pass", "draw", "discard 4D"):
        match = apply(match, Action.from_text(text))
    assert decide(match) == "take"
    match = apply(match, Action("take"))
    assert decide(match) == "knock TH"


def test_discards_leave_the_least_deadwood_and_knocks_at_once() -> None:
    rng = random.Random(7)
    player = opponent("baseline")
    checked = 0
    for number in range(40):
        match = new_match(PRESETS["research"], f"policy-{number}")
        for _ in range(60):
            if match.winner is not None or match.hand.result is not None:
                break
            seat = match.hand.to_act
            assert seat is not None
            if match.hand.phase.value == "discard":
                cards = match.hand.hands[seat]
                allowed = [c for c in from_mask(cards) if c != match.hand.taken]
                least = min(deadwood(cards & ~(1 << c)) for c in allowed)
                action = Action.from_text(player.decide(view(match, seat)))
                assert action.card != match.hand.taken
                assert action.card is not None
                assert deadwood(cards & ~(1 << action.card)) == least
                expected = "gin" if least == 0 else "knock" if least <= 10 else "discard"
                assert action.kind == expected
                checked += 1
            match = apply(match, rng.choice(legal_actions(match)))
    assert checked > 300


def test_ties_are_broken_the_same_way_for_the_same_view() -> None:
    match = dealt(SEAT0, SEAT1, "KC", stock="QC")
    for text in ("pass", "pass", "draw"):
        match = apply(match, Action.from_text(text))
    first = decide(match)
    assert first in ("discard KD", "discard QS", "discard QC", "discard JD")
    assert all(decide(match) == first for _ in range(3))
