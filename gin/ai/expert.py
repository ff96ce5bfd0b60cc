"""The expert: counts every card, reads the opponent, and times its knock.

It tracks every card seen (the pile, what the opponent took, passed and threw), weighs the
unseen cards by what that says about the other hand, takes the discard when it improves the
hand more than a stock draw is expected to, throws cards the opponent is unlikely to meld,
knocks early and waits for gin only when the hand is late and close, and declares the melds
that leave the fewest expected layoffs.
"""

from __future__ import annotations

from gin.ai.base import register
from gin.ai.planner import Planner, Style


@register("expert", 3, "Expert", "Counts cards, reads your discards, knocks at the right moment.")
class Expert(Planner):
    """The strongest opponent."""

    style = Style(potential=1.5, caution=6.0, take_margin=1.0, race=5.0, layoffs=1.0)
