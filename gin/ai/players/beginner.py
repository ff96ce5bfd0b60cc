"""The beginner: draws from the stock, keeps the melds it has, and knocks at once.

It never takes from the discard pile, throws its highest card that is in no meld of its best
arrangement (pairs and near-runs mean nothing to it), and knocks or goes gin the moment the
rules allow.
"""

from __future__ import annotations

from gin.ai.base import View, register
from gin.ai.knowledge.tracking import Table
from gin.ai.knowledge.views import read_view, simple_action
from gin.cards import VALUES, format_card, from_mask
from gin.melds import deadwood, deadwood_cards


@register(
    "beginner",
    0,
    "Beginner",
    "Draws from the stock, keeps the melds it has, throws its highest loose card, knocks at once.",
)
class Beginner:
    """A gentle first opponent."""

    def decide(self, view: View) -> str:
        """The action for the seat whose view this is."""
        table = read_view(view)
        return simple_action(table) or play(table)


def play(table: Table) -> str:
    """The beginner's action at a table that offers a choice."""
    if table.phase in ("opening", "draw"):
        return "pass" if "pass" in table.legal else "draw"
    loose = [c for c in from_mask(deadwood_cards(table.hand)) if c != table.taken]
    if not loose:
        loose = [c for c in from_mask(table.hand) if c != table.taken]
    card = max(loose, key=lambda c: (VALUES[c], c))
    left = deadwood(table.hand & ~(1 << card))
    if left == 0:
        return f"gin {format_card(card)}"
    if left <= table.knock_limit:
        return f"knock {format_card(card)}"
    return f"discard {format_card(card)}"
