"""The thinking player that the cautious, gin-hunting and expert opponents share, tuned by a
:class:`Style`.

Each decision compares concrete outcomes:

* **Drawing.** Taking the top discard is worth the best ten-card hand it allows (never throwing
  that card back); drawing from the stock is worth the current hand's expected improvement
  from one unseen card. Take when it is better by the style's margin.
* **Discarding.** Each ten-card hand that could be kept is scored as its deadwood, minus the
  style's weight on what the next draw is expected to bring, plus the style's weight on the
  danger of the thrown card (the chance the opponent melds it).
* **Knocking.** Knock (or go gin) when the deadwood is within the style's limit for this stage
  of the hand; declare the melds that leave the fewest expected layoffs.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin.actions import Action
from gin.ai.base import View
from gin.ai.knowledge.evaluate import (
    Outlook,
    danger,
    deadwood,
    draw_weights,
    keep_after,
    layoff_exposure,
    melds_with,
)
from gin.ai.knowledge.tracking import Table
from gin.ai.knowledge.views import read_view, simple_action
from gin.ai.search.rollout import futures, race
from gin.cards import VALUES, Card, format_card, from_mask
from gin.melds import declarations


@dataclass(frozen=True)
class Style:
    """The weights and limits that make one opponent's character."""

    potential: float = 1.0
    """Deadwood points credited per point of expected improvement from the next draw."""
    reach: float = 0.0
    """Deadwood points credited per unit of probability that the next draw allows a knock."""
    race: float = 0.0
    """Deadwood points charged per draw that sampled futures need before a knock (0: none)."""
    race_top: int = 3
    """How many of the best-scored discards the sampled futures compare."""
    race_futures: int = 16
    """Sampled futures per comparison."""
    race_horizon: int = 5
    """Draws per sampled future."""
    race_own_limit: bool = False
    """Race to this style's own knock limit rather than the rules' (a hand already within the
    rules' limit gains nothing from a race to it: every throw reaches it at the first draw)."""
    fade_from: int = 99
    """Opponent draws after which the weight on potential starts to fade (the hand grows late
    and deadwood left in hand, for an undercut or a smaller loss, matters more)."""
    fade_to: float = 1.0
    """The fraction of ``potential`` left six draws after ``fade_from``."""
    caution: float = 0.0
    """Deadwood points charged per unit of probability that a discard feeds a meld."""
    high_cards: float = 0.0
    """Deadwood points credited per point of value thrown (eagerness to shed high cards)."""
    take_margin: float = 0.0
    """How much better (in points) taking the discard must look than drawing."""
    melds_only: bool = False
    """Take the discard only when it joins a meld at once."""
    must_lower: bool = False
    """Take the discard only when keeping it (and throwing another card) lowers the deadwood:
    then at once if it melds, else when it beats a stock draw. (False: whenever two cards of the
    hand meld with it, even cards that are better melded otherwise; any other card when it beats
    a stock draw, even if the hand's deadwood does not fall.)"""
    knock_at: tuple[int, ...] = (10,)
    """Most deadwood to knock with, by own draws so far this hand (the last entry repeats)."""
    knock_late: int = 10
    """Most deadwood to knock with once the stock is nearly gone."""
    late_stock: int = 0
    """Stock size at or below which ``knock_late`` applies."""
    layoffs: float = 1.0
    """Weight of the opponent's expected layoffs when choosing a declaration."""


class Planner:
    """An opponent playing by a :class:`Style`."""

    style = Style()

    def decide(self, view: View) -> str:
        """The action for the seat whose view this is."""
        table = read_view(view)
        return simple_action(table) or self.play(table)

    def play(self, table: Table) -> str:
        """Choose among the legal actions of a table that asks for a real decision."""
        if table.phase in ("opening", "draw"):
            choice = "take" if self.wants_upcard(table) else None
            if choice in table.legal:
                return choice
            return "pass" if "pass" in table.legal else "draw"
        return self.discard(table)

    # ----------------------------------------------------------------- drawing

    def wants_upcard(self, table: Table) -> bool:
        """Whether to take the top card of the discard pile."""
        if not table.pile:
            return False
        top = table.pile[-1]
        # Never take back a card thrown this hand: two players who both want the same few cards
        # would otherwise trade them for ever while the stock stands still.
        if any(m.seat == table.seat and m.kind == "discard" and m.card == top for m in table.moves):
            return False
        hand = table.hand
        if self.style.must_lower and keep_after(hand, top, back=False)[0] >= deadwood(hand):
            return False
        if melds_with(top, hand):
            return True
        if self.style.melds_only:
            return False
        know = table.knowledge
        weights = draw_weights(know.unseen, know.prob)
        limit = table.knock_limit
        now = Outlook(hand)
        gain, reach = now.prospects(weights, limit)
        potential = self.potential(table)
        drawn = now.deadwood - gain - potential * gain - self.style.reach * reach
        kept = [Outlook((hand | 1 << top) & ~(1 << card)) for card in from_mask(hand)]
        if min(k.deadwood for k in kept) <= self.knock_limit(table):
            return True
        taken = min(self._value(k, weights, potential, limit) for k in kept)
        return taken < drawn - self.style.take_margin

    def _value(
        self, outlook: Outlook, weights: list[tuple[Card, float]], potential: float, limit: int
    ) -> float:
        """A ten-card hand's score: deadwood less the weighted prospects of the next draw."""
        if potential == 0 and self.style.reach == 0:
            return outlook.deadwood
        gain, reach = outlook.prospects(weights, limit)
        return outlook.deadwood - potential * gain - self.style.reach * reach

    def potential(self, table: Table) -> float:
        """The weight on what the next draw may bring, at this stage of the hand."""
        style = self.style
        late = table.knowledge.opponent_draws - style.fade_from
        if late <= 0:
            return style.potential
        return style.potential * (1 - min(late / 6, 1.0) * (1 - style.fade_to))

    def caution(self, table: Table) -> float:
        """The weight on the danger of feeding the other player's melds, at this table."""
        return self.style.caution

    # ----------------------------------------------------------------- discarding

    def discard(self, table: Table) -> str:
        """Gin, knock or discard, for a hand of eleven cards."""
        hand, limit = table.hand, table.knock_limit
        options = [c for c in from_mask(hand) if c != table.taken]
        left = {c: deadwood(hand & ~(1 << c)) for c in options}
        for card in sorted(options, key=lambda c: -VALUES[c]):
            if left[card] == 0 and f"gin {format_card(card)}" in table.legal:
                return f"gin {format_card(card)}"
        knockable = [c for c in options if left[c] <= limit]
        if knockable and min(left[c] for c in knockable) <= self.knock_limit(table):
            return self.knock(table, knockable)
        return f"discard {format_card(self.best_discard(table, options))}"

    def best_discard(self, table: Table, options: list[Card]) -> Card:
        """The card whose throw leaves the best-scored ten cards."""
        know = table.knowledge
        style = self.style
        potential = self.potential(table)
        caution = self.caution(table)
        weights = draw_weights(know.unseen, know.prob) if potential or style.reach else []
        scored = []
        for card in options:
            score = self._value(
                Outlook(table.hand & ~(1 << card)), weights, potential, table.knock_limit
            )
            if caution:
                score += caution * danger(card, know.prob, know.ruled_out)
            score -= style.high_cards * VALUES[card]
            scored.append((score, card))
        scored.sort()
        if style.race and len(scored) > 1 and weights:
            sequences = futures(weights, style.race_futures, style.race_horizon, table.digest())
            scored = sorted(
                (
                    score
                    + style.race * race(table.hand & ~(1 << card), sequences, self.race_to(table)),
                    card,
                )
                for score, card in scored[: style.race_top]
            )
        return scored[0][1]

    def race_to(self, table: Table) -> int:
        """The deadwood the sampled futures race to: the rules' knock limit, or with
        ``race_own_limit`` the most this style knocks with now (gin, in mid-hand for a player
        that waits for it)."""
        return self.knock_limit(table) if self.style.race_own_limit else table.knock_limit

    def knock_limit(self, table: Table) -> int:
        """The most deadwood this style knocks with now."""
        style = self.style
        if table.stock <= style.late_stock:
            return min(style.knock_late, table.knock_limit)
        draws = table.knowledge.draws
        index = min(max(draws - 1, 0), len(style.knock_at) - 1)
        return min(style.knock_at[index], table.knock_limit)

    def knock(self, table: Table, knockable: list[Card]) -> str:
        """The knock whose discard and declaration leave the least deadwood plus expected
        layoffs."""
        prob = table.knowledge.prob
        best: tuple[float, Action] | None = None
        for card in knockable:
            rest = table.hand & ~(1 << card)
            for melds in declarations(rest, table.knock_limit):
                declared = 0
                for meld in melds:
                    declared |= meld
                own = sum(VALUES[c] for c in from_mask(rest & ~declared))
                score = own + self.style.layoffs * layoff_exposure(melds, prob, rest)
                if best is None or score < best[0] - 1e-9:
                    best = (score, Action("knock", card, melds))
        assert best is not None
        return best[1].text()
