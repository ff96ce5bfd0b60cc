"""The safe gin racer: a league member in the style of the strongest published gin players.

Read from how such a player wins (nearly all its hands won are gins, it knocks rarely and only
early, and it seldom feeds the other player's melds), not from anyone's code:

* **Gin or nothing after the opening.** It knocks with up to the limit only in its first
  :data:`OPEN_TURNS` turns, while the other hand is still loose; afterwards only gin ends a hand
  for it, even with the stock nearly gone (a late knock meets a tight hand and an undercut).
* **Draws for gin speed.** It takes the upcard only when the card joins a meld at once, and
  chooses each throw by the sampled futures of its hand racing to gin (how many draws gin takes),
  besides the deadwood kept and what the next draw may bring.
* **A danger model of its throws.** Every card seen is tracked (:mod:`gin.ai.knowledge.tracking`):
* the
  other player's pickups make their meld partners likely in its hand, its passes and throws make
  theirs unlikely, and cards seen in the pile or held make the melds through them impossible.
  A throw is charged for the chance that the other hand holds two cards melding with it
  (:func:`gin.ai.knowledge.evaluate.danger`), and the charge grows as the hand goes on: early the
  other hand is loose and a fed card matters little, late every fed card may be its gin.
"""

from __future__ import annotations

from gin.ai.base import register
from gin.ai.knowledge.tracking import Table
from gin.ai.players.planner import Planner, Style

OPEN_TURNS = 3
"""Own turns in which a knock with up to the knock limit is taken (then only gin)."""

CAUTION_START = 4.0
"""Deadwood points charged per unit of a throw's danger before the other player has drawn."""
CAUTION_STEP = 0.75
"""How much that charge grows with each of the other player's draws ..."""
CAUTION_MOST = 12.0
"""... up to this."""


@register(
    "safe-gin-racer",
    13,
    "Safe gin racer",
    "Races for gin, knocks only in its first turns, and keeps its throws away from your melds.",
    listed=False,
)
class SafeGinRacer(Planner):
    """Patient, fast to gin and careful with its throws."""

    style = Style(
        potential=1.5,
        race=5.0,
        race_own_limit=True,
        caution=CAUTION_START,
        melds_only=True,
        knock_at=(10,) * OPEN_TURNS + (0,),
        late_stock=0,
        layoffs=1.0,
    )

    def caution(self, table: Table) -> float:
        """The charge per unit of danger, growing with the other player's draws."""
        grown = CAUTION_START + CAUTION_STEP * table.knowledge.opponent_draws
        return min(grown, CAUTION_MOST)
