"""Fair by construction: an opponent's decision depends on what its seat may know, nothing else.

For many mid-hand states the hidden cards (the other hand's unknown cards and the stock) are
re-dealt in several ways consistent with the seat's knowledge; the seat's view and every
opponent's decision must stay exactly the same.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from gin.actions import Action
from gin.ai import entries, opponent
from gin.ai.knowledge.views import read_view
from gin.ai.search.otherhand import ends_next, table_position, undercut_risks
from gin.ai.search.worlds import table_worlds
from gin.cards import from_mask, to_mask
from gin.match import Match, apply, legal_actions, new_match
from gin.melds import declarations
from gin.rules import PRESETS
from gin.view import view

# Every opponent, with one of the baseline's knock variants standing for all ten (they differ
# from the baseline only in the deadwood they knock with).
NAMES = [
    e.name
    for e in entries(everyone=True)
    if not e.name.startswith("baseline-k") or e.name == "baseline-k4"
]


def test_every_league_member_is_checked() -> None:
    """The league's newest members are registered, so the re-deal test below covers them."""
    assert {"safe-gin-racer", "gin-waiter", "discard-aware", "expert"} <= set(NAMES)


def random_states(seed: int, matches: int, preset: str = "standard") -> Iterator[Match]:
    """Every state where a player must act, over ``matches`` matches of random legal play
    (knocks are taken half the time so hands run both short and long)."""
    rng = random.Random(seed)
    for number in range(matches):
        match = new_match(PRESETS[preset], f"states-{seed}-{number}")
        for _ in range(400):
            if match.winner is not None:
                break
            actions = legal_actions(match)
            if match.hand.result is None:
                yield match
            endings = [a for a in actions if a.kind in ("knock", "gin")]
            if endings and rng.random() < 0.5:
                match = apply(match, rng.choice(endings))
            else:
                plain = [a for a in actions if a.kind not in ("knock", "gin")]
                match = apply(match, rng.choice(plain or actions))


def redeal(match: Match, seat: int, rng: random.Random) -> Match:
    """The same match with the cards ``seat`` cannot see (the other hand's unknown cards and
    the stock) shuffled among themselves, consistently through the deck."""
    hand = match.hand
    other = 1 - seat
    stock = to_mask(hand.deck[hand.stock_next :])
    hidden = from_mask((hand.hands[other] & ~hand.known[other]) | stock)
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled, strict=True))
    deck = tuple(swap.get(c, c) for c in hand.deck)
    hands = list(hand.hands)
    hands[other] = to_mask(swap.get(c, c) for c in from_mask(hand.hands[other]))
    return replace(match, hand=replace(hand, deck=deck, hands=(hands[0], hands[1])))


def is_playable(match: Match, text: str) -> bool:
    """Whether the engine accepts ``text`` as the next action."""
    action = Action.from_text(text)
    apply(match, action)
    return any(a.kind == action.kind and a.card == action.card for a in legal_actions(match))


@pytest.mark.parametrize("preset", ["standard", "research"])
def test_decisions_ignore_hidden_cards(preset: str) -> None:
    rng = random.Random(4)
    checked = changed = 0
    for number, match in enumerate(random_states(11, 4, preset)):
        if number % 5:
            continue
        seat = match.hand.to_act
        assert seat is not None
        seen = view(match, seat)
        decisions = {name: opponent(name).decide(seen) for name in NAMES}
        for _ in range(3):
            other = redeal(match, seat, rng)
            changed += other.hand.hands[1 - seat] != match.hand.hands[1 - seat]
            again = view(other, seat)
            assert again == seen
            for name in reversed(NAMES):
                assert opponent(name).decide(again) == decisions[name], name
        checked += 1
    assert checked > 30
    assert changed > 2 * checked


def test_redeal_changes_what_the_other_seat_sees() -> None:
    """The re-deal really moves hidden cards (so the test above can fail)."""
    rng = random.Random(1)
    match = next(random_states(2, 1))
    seat = match.hand.to_act
    assert seat is not None
    other = redeal(match, seat, rng)
    assert view(other, 1 - seat)["hand"] != view(match, 1 - seat)["hand"]


def knock_states(matches: int) -> Iterator[Match]:
    """States where the player to act may knock, from matches the baseline plays against
    itself (random play seldom gets there)."""
    player = opponent("baseline")
    for number in range(matches):
        match = new_match(PRESETS["research"], f"knocks-{number}")
        while match.winner is None:
            if match.hand.result is not None:
                match = apply(match, Action("next"))
                continue
            if any(a.kind == "knock" for a in legal_actions(match)):
                yield match
            seat = match.hand.to_act
            assert seat is not None
            match = apply(match, Action.from_text(player.decide(view(match, seat))))


def test_the_read_of_the_other_hand_ignores_hidden_cards() -> None:
    """The learned read (:mod:`gin.ai.search.otherhand`) gives the same undercut risk for every
    declaration and the same chance of the other player's knock however the hidden cards lie
    (its sampled worlds drawn anew each time, not taken from the cache)."""
    rng = random.Random(8)
    checked = 0
    for match in knock_states(3):
        seat = match.hand.to_act
        assert seat is not None
        cards = match.hand.hands[seat]
        card = next(a.card for a in legal_actions(match) if a.kind == "knock")
        assert card is not None
        rest = cards & ~(1 << card)
        readings = []
        for state in [match, redeal(match, seat, rng), redeal(match, seat, rng)]:
            table_worlds.cache_clear()
            table_position.cache_clear()
            table = read_view(view(state, seat, None, "expert"))
            risks = undercut_risks(table, rest, declarations(rest, table.knock_limit))
            readings.append((risks, ends_next(table)))
        assert readings[0] == readings[1] == readings[2]
        checked += 1
    assert checked >= 5
