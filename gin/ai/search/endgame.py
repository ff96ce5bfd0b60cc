"""The draw near the stock's end: take the upcard or draw from the stock, judged by playing the
few turns left out in the search's worlds (:mod:`gin.ai.search.worlds`).

In mid-hand a taken card is judged by what it does to the hand (its deadwood and what the next
draw may bring). Near the end only what happens before the stock runs out counts (the hand is
void when :data:`gin.game.VOID_STOCK` cards are left): a card that lowers the deadwood but brings
neither gin nor a knock the player would make spends a throw from the hand, where a stock card
that does not fit is thrown back. Both choices are played out in the same worlds by the fast
policy (:func:`gin.ai.search.worlds.drawn`, the quick review's playouts of a draw): the card kept
with the throw that leaves the least deadwood, then each player on by turns; this seat ends the
hand at the best fixed threshold up to the deadwood it knocks with now
(:func:`gin.ai.search.worlds.waited`), the other player by its world's limit.
"""

from __future__ import annotations

from gin.ai.knowledge.tracking import Table
from gin.ai.search.standing import worth
from gin.ai.search.worlds import drawn, table_worlds, waited

STOCK = 8
"""Stock size at or below which the draw is judged by playing the hand out."""


def takes(table: Table, limit: int) -> bool:
    """Whether taking the upcard is worth more than drawing from the stock, played out in the
    table's worlds by a seat that ends the hand with at most ``limit`` deadwood."""
    mine, theirs = table.scores[table.seat], table.scores[1 - table.seat]
    value = worth(mine, theirs, table.rules.target)
    found, top, rules = table_worlds(table), table.pile[-1], table.rules
    take, draw = (
        waited(drawn(table.hand, top, found, take, table.knock_limit, rules), limit, value)[0]
        for take in (True, False)
    )
    return take > draw
