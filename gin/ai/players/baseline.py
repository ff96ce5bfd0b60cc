"""The yardstick: the simple player of the 2021 Gin Rummy research challenge (EAAI).

Its whole policy:

* take the face-up card only if it would then belong to a meld; otherwise draw from the stock;
* discard one of the cards whose throw leaves the least deadwood, never the card just taken
  from the pile; among equals it picks at random (seeded here from the view, so the same view
  always gets the same answer);
* knock as soon as the deadwood allows it, with a best declaration (gin when it is zero).
"""

from __future__ import annotations

import random

from gin.ai.base import View, register
from gin.ai.knowledge.evaluate import melds_with
from gin.ai.knowledge.tracking import Table
from gin.ai.knowledge.views import read_view, simple_action
from gin.cards import format_card, from_mask
from gin.melds import deadwood


@register(
    "baseline",
    9,
    "Baseline",
    "Plays by simple fixed rules and knocks as soon as it can: the yardstick every rating is "
    "measured from.",
)
class Baseline:
    """The published simple policy."""

    def decide(self, view: View) -> str:
        """The action for the seat whose view this is."""
        return choose(read_view(view))


def choose(table: Table) -> str:
    """The action at ``table``, one seat's view read (:meth:`Baseline.decide`; the deep
    reference asks it of tables taken from the match, :func:`gin.ai.knowledge.views.seat_table`)."""
    return simple_action(table) or play(table)


def play(table: Table, knock_at: int = 10) -> str:
    """The simple policy's action at a table that offers a choice; it knocks with at most
    ``knock_at`` deadwood (and the table's limit), the published player with 10."""
    if table.phase in ("opening", "draw"):
        if table.pile and melds_with(table.pile[-1], table.hand) and "take" in table.legal:
            return "take"
        return "pass" if "pass" in table.legal else "draw"
    options = [c for c in from_mask(table.hand) if c != table.taken]
    left = {c: deadwood(table.hand & ~(1 << c)) for c in options}
    least = min(left.values())
    ties = [c for c in options if left[c] == least]
    card = random.Random(table.digest()).choice(ties)
    if least == 0:
        return f"gin {format_card(card)}"
    if least <= min(knock_at, table.knock_limit):
        return f"knock {format_card(card)}"
    return f"discard {format_card(card)}"
