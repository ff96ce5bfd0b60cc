"""The cautious player: sheds high cards early, avoids feeding the opponent, knocks at once.

It takes the face-up card only when it makes a meld, weighs no long-term plans, throws the
card that leaves the least deadwood (the higher one among near-equals) unless it looks like
a card the opponent wants, and knocks the first time it may.
"""

from __future__ import annotations

from gin.ai.base import register
from gin.ai.players.planner import Planner, Style


@register("cautious", 1, "Cautious", "Sheds high cards, keeps away from your melds, knocks early.")
class Cautious(Planner):
    """Safety first, no patience."""

    style = Style(potential=0.0, caution=4.0, high_cards=0.3, melds_only=True, layoffs=0.0)
