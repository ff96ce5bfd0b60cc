"""The arena's league: sparring partners that are not offered to players, and the field the
top rung is measured against.

Built from the rules, each one a plain idea a person might play by:

* ``baseline-k0`` ... ``baseline-k9``: the research baseline, knocking only with at most that
  much deadwood (``baseline`` itself knocks with up to 10; ``baseline-k0`` only with gin);
* ``gin-waiter``: draws and discards like the gin hunter but ends a hand only with gin until
  the stock is nearly gone;
* ``discard-aware``: the baseline's draws and knocks, but throws the card that leaves little
  deadwood *and* is unlikely to join the other player's melds;
* ``safe-gin-racer``: the style of the strongest published players, races for gin with safe
  throws and knocks only early (:mod:`gin.ai.players.racer`).
"""

from __future__ import annotations

from gin.ai.base import Entry, View, enlist, entries, register
from gin.ai.knowledge.views import read_view, simple_action
from gin.ai.players.baseline import play
from gin.ai.players.planner import Planner, Style


class KnockAt:
    """The baseline knocking only with at most ``limit`` deadwood."""

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def decide(self, view: View) -> str:
        """The action for the seat whose view this is."""
        table = read_view(view)
        return simple_action(table) or play(table, self.limit)


def _variant(limit: int) -> Entry:
    return Entry(
        f"baseline-k{limit}",
        10,
        f"Baseline, knocks at {limit}",
        f"The baseline, knocking only with {limit} deadwood or less.",
        lambda: KnockAt(limit),
        listed=False,
    )


for _limit in range(10):
    enlist(_variant(_limit))


@register(
    "gin-waiter",
    11,
    "Gin waiter",
    "Builds like the gin hunter; ends a hand only with gin until the stock is nearly gone.",
    listed=False,
)
class GinWaiter(Planner):
    """Gin or nothing, until the stock runs low."""

    style = Style(potential=1.5, melds_only=True, knock_at=(0,), knock_late=10, late_stock=6)


@register(
    "discard-aware",
    12,
    "Discard-aware",
    "The baseline's draws and knocks, but never feeds the other player's melds if it can help it.",
    listed=False,
)
class DiscardAware(Planner):
    """Least deadwood, but safe."""

    style = Style(potential=0.0, caution=8.0, melds_only=True, layoffs=0.0)


def members(top: str = "expert") -> tuple[str, ...]:
    """The field for ``top``: baseline, its knock variants, the gin waiter, the discard-aware
    player, the safe gin racer and every other rung of the ladder (the previous expert among
    them)."""
    ladder = [e.name for e in entries() if e.name not in (top, "baseline")]
    variants = [f"baseline-k{k}" for k in range(10)]
    sparring = [n for n in ("gin-waiter", "discard-aware", "safe-gin-racer") if n != top]
    return ("baseline", *variants, *sparring, *ladder)
