"""The gin hunter: builds towards gin and will not settle for a small knock.

It weighs what the next cards may bring like the expert, but takes the upcard only when it
makes a meld, pays no attention to what the other player collects, and knocks only with very
little deadwood until the stock runs low, chasing the gin bonus.
"""

from __future__ import annotations

from gin.ai.base import register
from gin.ai.players.planner import Planner, Style


@register(
    "gin-hunter", 2, "Gin hunter", "Plays for gin and its bonus; knocks only when almost there."
)
class GinHunter(Planner):
    """Patient and greedy."""

    style = Style(potential=1.5, melds_only=True, knock_at=(2,), knock_late=10, late_stock=8)
