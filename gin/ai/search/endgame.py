"""The draw near the stock's end: take the upcard or draw from the stock, judged by playing the
few turns left out in the search's worlds (:mod:`gin.ai.search.worlds`).

In mid-hand a taken card is judged by what it does to the hand (its deadwood and what the next
draw may bring). Near the end only what happens before the stock runs out counts: a card that
lowers the deadwood but brings gin no nearer spends a turn that a stock card might have used, and
the hand is void when :data:`gin.game.VOID_STOCK` cards are left. Both choices are played out in
the same worlds by the fast policy (:func:`gin.ai.search.worlds.playout`): the taken card kept
with the throw that leaves the least deadwood, or the world's next stock card drawn and the same
throw made; this seat then ends the hand when its deadwood is within the best fixed threshold up to
``limit`` (:func:`gin.ai.search.worlds.waited`), the other player by its world's limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin.ai.knowledge.evaluate import keep_after
from gin.ai.knowledge.tracking import Table
from gin.ai.search.standing import worth
from gin.ai.search.worlds import World, Worth, playout, settle, table_worlds, waited
from gin.cards import Card
from gin.melds import best_melds
from gin.rules import Rules

STOCK = 8
"""Stock size at or below which the draw is judged by playing the hand out."""


def _turn(
    hand: int, card: Card, back: bool, world: World, limit: int, rules: Rules
) -> tuple[list[tuple[int, int]], int]:
    """This seat's turn with ``card`` added to ``hand`` (thrown back only if ``back``: a card
    drawn from the stock), the least-deadwood throw made, then the hand played out: the knocks
    this seat could make, this turn's first, and the points if it makes none."""
    left, kept = keep_after(hand, card, back=back)
    thrown = ((hand | 1 << card) & ~kept).bit_length() - 1
    now = [(left, settle(kept, best_melds(kept), world.other, rules))] if left <= limit else []
    options, end = playout(kept, thrown, world, rules.knock_limit, rules)
    return now + options, end


def draw_values(
    hand: int, top: Card, found: Sequence[World], limit: int, rules: Rules, value: Worth
) -> tuple[float, float]:
    """What taking ``top`` and what drawing from the stock are each worth to a seat holding
    ``hand`` that ends the hand with at most ``limit`` deadwood."""
    taken = [_turn(hand, top, False, w, rules.knock_limit, rules) for w in found]
    drawn = [
        _turn(hand, w.stock[0], True, World(w.other, w.stock[1:], w.limit), rules.knock_limit, rules)
        for w in found
    ]
    return waited(taken, limit, value)[0], waited(drawn, limit, value)[0]


def takes(table: Table, limit: int) -> bool:
    """Whether taking the upcard is worth more than drawing from the stock, played out in the
    table's worlds by a seat ending the hand with at most ``limit`` deadwood."""
    mine, theirs = table.scores[table.seat], table.scores[1 - table.seat]
    value = worth(mine, theirs, table.rules.target)
    take, draw = draw_values(
        table.hand, table.pile[-1], table_worlds(table), limit, table.rules, value
    )
    return take > draw
