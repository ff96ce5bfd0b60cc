"""The tactician (the previous expert): counts every card, reads the opponent, and times its
knock by the turn.

It tracks every card seen (the pile, what the opponent took, passed and threw), weighs the
unseen cards by what that says about the other hand, takes the discard when it improves the
hand more than a stock draw is expected to, throws cards the opponent is unlikely to meld, and
declares the melds that leave the fewest expected layoffs. It knocks at once only in its first
two turns (when the other hand is still full of deadwood) or once the stock runs low; in between
it ends a hand only with gin, since a knocker then often runs into an undercut and gin pays a
bonus.
"""

from __future__ import annotations

from gin.ai.base import register
from gin.ai.players.planner import Planner, Style


@register(
    "tactician",
    3,
    "Tactician",
    "Counts cards, reads your discards, waits for gin or your knock.",
)
class Tactician(Planner):
    """The previous expert: strong heuristics, a knock timed by the turn."""

    style = Style(
        potential=1.5,
        caution=6.0,
        take_margin=1.0,
        race=5.0,
        knock_at=(10, 10, 0),
        knock_late=10,
        late_stock=8,
        layoffs=1.0,
    )
