"""Search over the hidden cards: sample what the other hand and the stock may hold, consistent
with everything this seat has seen, and judge knocking now against playing on.

A :class:`World` is one sample: the other hand (its known cards plus hidden cards drawn by the
tracker's weights, :class:`gin.ai.tracking.Knowledge`), the stock in some order, and the most
deadwood the other player knocks with (its style is unknown, so the worlds spread over eager
and patient players).

* **Knocking now** is scored exactly in each world: the other hand's best defence (its own melds
  and layoffs) against each declaration, so undercut risk and layoff exposure are counted, not
  guessed.
* **Playing on** is scored by playouts with a fast policy: each player takes the upcard when it
  melds, else draws, and throws the card that leaves the least deadwood; the other player knocks
  by its world's limit; this seat records at each of its turns what knocking then would score
  (and takes gin when it comes). Playing on is worth what the best fixed knock threshold earns
  over all the worlds, so a wait for gin or a lower knock is weighed against the other player
  knocking, going gin or the stock running out first.

The same worlds serve every option compared, and they are seeded from the view, so the answer
is fair (it reads the view only) and deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from gin.actions import Action
from gin.ai.evaluate import best_keep, deadwood, melds_with
from gin.ai.tracking import Table
from gin.cards import Card, from_mask, mask_value, to_mask
from gin.game import VOID_STOCK, knock_score
from gin.melds import Meld, best_defence, best_melds, declarations
from gin.rules import Rules

WORLDS = 24
"""Worlds sampled per judgement: enough to rank knocking against playing on, few enough to stay
well inside the page's time budget."""
OTHER_LIMITS = (10, 7, 4, 1)
"""The knock limits the other player is given in turn across the worlds."""
TRIES = 3
"""Samples tried per world for an other hand that fits the world's knock limit (it has not
knocked yet)."""
TAKES = 8
"""Turn pairs beyond the stock's length after which a playout counts as void (players that
only trade discards)."""
DECLARATIONS = 3
"""Declarations compared per knocking discard (the least deadwood first)."""


@dataclass(frozen=True)
class World:
    """One way the hidden cards may lie."""

    other: int
    stock: tuple[Card, ...]
    limit: int


@dataclass(frozen=True)
class Verdict:
    """Knocking now against playing on, in expected points to this seat per hand."""

    knock: Action
    knock_value: float
    undercut: float
    """The share of worlds where the knock would be undercut."""
    play_on: Card
    play_value: float
    wait_for: int
    """The knock threshold that made playing on worth most (0: gin only)."""

    @property
    def knocks(self) -> bool:
        """Whether knocking now is worth more than playing on."""
        return self.knock_value >= self.play_value


def worlds(table: Table, count: int = WORLDS) -> list[World]:
    """``count`` samples of the other hand and the stock, consistent with this seat's view.

    The other hand is not a random handful: its owner has drawn and thrown for several turns,
    keeping its best cards. So its hidden cards are drawn by the tracker's weights and then
    improved as it would have improved them, one draw and one least-deadwood throw (a thrown
    card goes back among the unseen) for each of its draws so far this hand.
    """
    know = table.knowledge
    rng = random.Random(table.digest())
    unseen = from_mask(know.unseen)
    hidden = min(know.hidden, len(unseen))
    known = table.opponent_known
    weight = [1.0 / max(know.prob[c], 0.01) for c in range(52)]
    limit = table.knock_limit
    found = []
    for i in range(count):
        wanted = min(OTHER_LIMITS[i % len(OTHER_LIMITS)], limit)
        best, other = -1, 0
        for _ in range(TRIES):
            # Weighted sampling without replacement: the largest keys u ** (1 / weight) first.
            order = sorted(unseen, key=lambda c: rng.random() ** weight[c], reverse=True)
            hand = known | to_mask(order[:hidden])
            if hidden:
                for card in order[hidden : hidden + know.opponent_draws]:
                    hand = _improve(hand | 1 << card, known)
            left = deadwood(hand)
            if left > best:
                best, other = left, hand
            if left > wanted or not know.opponent_draws:
                break
        # It has not knocked: a hand it would have knocked with says it is more patient.
        patience = wanted if best > wanted or not know.opponent_draws else max(best - 1, 0)
        rest = from_mask(know.unseen & ~other)
        rng.shuffle(rest)
        found.append(World(other, tuple(rest), patience))
    return found


def _improve(held: int, known: int) -> int:
    """``held`` less the card (not a known one) whose throw leaves the least deadwood."""
    best, keep = 1000, held
    for card in from_mask(held & ~known):
        rest = held & ~(1 << card)
        left = deadwood(rest)
        if left < best:
            best, keep = left, rest
    return keep


def settle(knocker: int, melds: Sequence[Meld], defender: int, rules: Rules) -> int:
    """Points to the knocker (negative when the defender scores) for a knock or gin declaring
    ``melds`` from the ten cards ``knocker`` against the ten cards ``defender``."""
    declared = 0
    for meld in melds:
        declared |= meld
    own = mask_value(knocker & ~declared)
    if own == 0:
        return rules.gin_bonus + deadwood(defender)
    left = best_defence(defender, melds).deadwood
    _, points, wins = knock_score(own, left, rules)
    return points if wins else -points if wins is False else 0


def _turn(hand: int, top: Card, stock: Sequence[Card], drawn: int) -> tuple[int, int, Card, int]:
    """The fast policy's turn: (deadwood, ten cards kept, card thrown, stock cards drawn)."""
    if melds_with(top, hand):
        left, throw = best_keep(hand | 1 << top, top)
        return left, (hand | 1 << top) & ~(1 << throw), throw, drawn
    card = stock[drawn]
    left, throw = best_keep(hand | 1 << card)
    return left, (hand | 1 << card) & ~(1 << throw), throw, drawn + 1


def playout(
    mine: int, top: Card, world: World, limit: int, rules: Rules
) -> tuple[list[tuple[int, int]], int]:
    """Play on from just after this seat threw ``top`` (keeping ``mine``), the other player to
    move. Returns the knocks this seat could make at each of its later turns, as (deadwood,
    points), and the points if it never knocks (its gin, the other player's knock or gin, or 0
    for a void hand)."""
    other, stock = world.other, world.stock
    other_limit = min(world.limit, limit)
    drawn = 0
    options: list[tuple[int, int]] = []
    # Both players may keep taking each other's discards without drawing; such a loop counts as
    # a hand that runs out (a void), so every playout ends.
    for _ in range(len(stock) + TAKES):
        if len(stock) - drawn <= VOID_STOCK:
            break
        left, other, top, drawn = _turn(other, top, stock, drawn)
        if left <= other_limit:
            return options, -settle(other, best_melds(other), mine, rules)
        if len(stock) - drawn <= VOID_STOCK:
            break
        left, mine, top, drawn = _turn(mine, top, stock, drawn)
        if left <= limit:
            points = settle(mine, best_melds(mine), other, rules)
            options.append((left, points))
            if left == 0:
                return options, points
    return options, 0


def play_on_value(
    table: Table, found: Sequence[World], card: Card, rules: Rules
) -> tuple[float, int]:
    """Expected points of throwing ``card`` without knocking, and the best knock threshold to
    play on with."""
    mine = table.hand & ~(1 << card)
    limit = table.knock_limit
    results = [playout(mine, card, world, limit, rules) for world in found]
    best, threshold = -1e9, 0
    for wait in range(limit + 1):
        total = 0
        for options, end in results:
            total += next((p for left, p in options if left <= wait), end)
        if total > best:
            best, threshold = total, wait
    return best / max(len(found), 1), threshold


def knock_value(
    table: Table, found: Sequence[World], knockable: Sequence[Card], rules: Rules
) -> tuple[float, float, Action]:
    """The best knock among the discards ``knockable`` and their leading declarations: its
    expected points and the share of worlds where it is undercut."""
    best: tuple[float, float, Action] | None = None
    for card in knockable:
        rest = table.hand & ~(1 << card)
        for melds in declarations(rest, table.knock_limit)[:DECLARATIONS]:
            points = [settle(rest, melds, world.other, rules) for world in found]
            value = sum(points) / len(points)
            if best is None or value > best[0] + 1e-9:
                undercut = sum(1 for p in points if p < 0) / len(points)
                best = (value, undercut, Action("knock", card, melds))
    assert best is not None
    return best


def judge(table: Table, knockable: Sequence[Card], play_on: Card) -> Verdict:
    """Knock now (the best of ``knockable``) or throw ``play_on`` and play on."""
    found = worlds(table)
    rules = table.rules
    value, undercut, knock = knock_value(table, found, knockable, rules)
    later, wait = play_on_value(table, found, play_on, rules)
    return Verdict(knock, value, undercut, play_on, later, wait)
