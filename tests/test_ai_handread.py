"""The read of the other hand from its whole history this hand: hands that could not have played
its moves lose weight, and every hand read agrees with the view and fits the real history."""

from __future__ import annotations

import random
from itertools import islice

from gin.actions import Action
from gin.ai import opponent
from gin.ai.knowledge.evaluate import melds_with
from gin.ai.knowledge.handread import Step, likelihood, read, steps
from gin.ai.knowledge.views import read_view
from gin.cards import mask_from_text as cards
from gin.cards import parse_card
from gin.match import apply, new_match
from gin.rules import PRESETS
from gin.view import view


def odds(hand: str, history: list[Step]) -> float:
    """The mean likelihood over many sampled draw sequences (the draws are picked at random)."""
    rng = random.Random(1)
    return sum(likelihood(cards(hand), tuple(history), rng) for _ in range(200)) / 200


def test_a_card_thrown_from_a_meld_makes_that_meld_unlikely() -> None:
    thrown = parse_card("7H")
    history = [Step("discard", thrown, 0)]
    melded = "5H 6H KS KD 2C 3D 9S JC 4D QH"
    loose = "5C 6D KS KD 2C 3D 9S JC 4D QH"
    assert melds_with(thrown, cards(melded))
    assert odds(melded, history) < 0.5 * odds(loose, history)


def test_an_upcard_left_for_the_stock_makes_a_hand_that_melds_it_unlikely() -> None:
    # It left 7H on the pile, drew a card the public never saw, and threw 2C.
    left, thrown = parse_card("7H"), parse_card("2C")
    seen = 1 << left | 1 << thrown
    history = [Step("draw", left, 1 << left), Step("discard", thrown, seen)]
    melds = "7S 7D KS KD 3C 4D 9S JC 5D QH"
    fits = "7S 8D KS KD 3C 4D 9S JC 5D QH"
    assert odds(melds, history) < 0.5 * odds(fits, history)


def test_a_card_taken_that_joins_no_meld_makes_that_hand_unlikely() -> None:
    taken, thrown = parse_card("9S"), parse_card("2C")
    history = [Step("take", taken, 1 << taken), Step("discard", thrown, 1 << taken)]
    joins = "9S 9D 9H KS KD 4D 5C JC 6D QH"
    alone = "9S 3D 8H KS KD 4D 5C JC 6D QH"
    assert odds(alone, history) < 0.5 * odds(joins, history)


def test_the_read_agrees_with_the_view_and_its_history() -> None:
    players = (opponent("expert"), opponent("safe-gin-racer"))
    checked = 0
    for number in range(2):
        match = new_match(PRESETS["research"], f"handread-{number}")
        for _ in islice(iter(int, 1), 400):
            if match.winner is not None:
                break
            seat = match.hand.to_act
            if seat is None:
                match = apply(match, Action("next"))
                continue
            table = read_view(view(match, seat))
            if table.phase == "discard" and table.knowledge.opponent_draws >= 2:
                found = read(table, 40)
                known = match.hand.known[1 - seat]
                unseen = table.knowledge.unseen
                assert len(found.hands) == 40
                assert abs(sum(found.weights) - 1) < 1e-9
                for hand in found.hands:
                    assert hand & known == known
                    assert (hand & ~known) & ~unseen == 0
                    assert hand.bit_count() == match.hand.hands[1 - seat].bit_count()
                # The other player's real hand has played its real moves: it fits them.
                rng = random.Random(0)
                real = match.hand.hands[1 - seat]
                assert likelihood(real, steps(table), rng) > 0
                checked += 1
            match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))
    assert checked > 10
