"""The expert: the tactician's card sense, with every knock judged by search.

It draws and discards like the tactician (:mod:`gin.ai.tactician`): every card tracked, the
other player's takes, passes and throws read, the discard weighed by deadwood, prospects, the
danger of feeding a meld and sampled futures of its own hand. Whenever it may knock it asks
the search (:mod:`gin.ai.search`) instead of a rule of thumb: over hidden hands sampled from
what it has seen, is knocking now (scored against each sampled hand's best defence, layoffs
included) worth more than throwing its best card and playing on (scored by playouts, where the
other player may knock or go gin first and a later knock or gin may come)? So it knocks early
against a hand still full of deadwood, waits when an undercut looms, and goes for gin when gin
is likely enough to pay.
"""

from __future__ import annotations

from gin.ai.base import register
from gin.ai.evaluate import deadwood
from gin.ai.planner import Planner, Style
from gin.ai.search import Verdict, judge
from gin.ai.tracking import Table
from gin.cards import format_card, from_mask


@register(
    "expert",
    4,
    "Expert",
    "Counts cards, reads your discards, and weighs each knock against the hands you may hold.",
)
class Expert(Planner):
    """The strongest opponent."""

    style = Style(potential=1.5, caution=6.0, take_margin=1.0, race=5.0, layoffs=1.0)

    def discard(self, table: Table) -> str:
        """Gin when it may; a knock when the search prefers it to playing on; else a discard."""
        return self.choose(table)[0]

    def choose(self, table: Table) -> tuple[str, Verdict | None]:
        """The action for an eleven-card hand, and the search's verdict when a knock was
        possible (None when there was no knock to weigh, or gin)."""
        hand, limit = table.hand, table.knock_limit
        options = [c for c in from_mask(hand) if c != table.taken]
        left = {c: deadwood(hand & ~(1 << c)) for c in options}
        gins = [c for c in options if left[c] == 0 and f"gin {format_card(c)}" in table.legal]
        if gins:
            return f"gin {format_card(max(gins, key=lambda c: (c % 13, c)))}", None
        card = self.best_discard(table, options)
        knockable = [c for c in options if left[c] <= limit]
        if not knockable:
            return f"discard {format_card(card)}", None
        verdict = judge(table, knockable, card)
        if verdict.knocks:
            return verdict.knock.text(), verdict
        return f"discard {format_card(card)}", verdict
