"""Search over the hidden cards: sample what the other hand and the stock may hold, consistent
with everything this seat has seen, and play the hand out in each sample.

A :class:`World` is one sample: the other hand (its known cards plus hidden cards drawn by the
tracker's weights, :class:`gin.ai.knowledge.tracking.Knowledge`, and weighed by how well its owner's
play this hand fits it, :mod:`gin.ai.knowledge.handread`), the stock in some order, and the most
deadwood the other player knocks with (its style is unknown, so the worlds spread over eager
and patient players).

* **A knock** is settled exactly in each world (:func:`settle`): the other hand's best defence,
  its own melds and layoffs, against the declaration.
* **Playing on** is scored by playouts with a fast policy (:func:`playout`): each player takes
  the upcard when it melds, else draws, and throws the card that leaves the least deadwood; the
  other player knocks by its world's limit; this seat records at each of its turns what knocking
  then would score (and takes gin when it comes). Playing on is worth what the best fixed knock
  threshold earns (:func:`waited`: chosen on half the worlds, scored on the other half), so a
  wait for gin or a lower knock is weighed against the other player knocking, going gin or the
  stock running out first.

:mod:`gin.ai.search.verdict` weighs the two, with the chance of an undercut taken from the
learned read of the other hand (:mod:`gin.ai.search.otherhand`) rather than from the worlds'
share, and each hand's points counted for what they do to the match
(:mod:`gin.ai.search.standing`).

The same worlds serve every option compared, and they are seeded from the view, so the answer
is fair (it reads the view only) and deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gin.ai.knowledge.evaluate import deadwood, defence_deadwood, keep_after, melds_with
from gin.ai.knowledge.handread import read
from gin.ai.knowledge.tracking import Ending, Table
from gin.cards import Card, from_mask, mask_value
from gin.game import VOID_STOCK, knock_score
from gin.melds import Meld, best_melds
from gin.rules import Rules
from gin.scoresheet import FULL_STOCK

WORLDS = 24
"""Worlds sampled per judgement: enough to rank knocking against playing on, few enough to stay
well inside the page's time budget."""
CANDIDATES = 3
"""Other hands drawn per world before the worlds are chosen among them by their weight (drawing
a hand is cheap next to playing a world out). Six won 766 of the 1,000 matches of seed ``S44b``
against the baseline, three 774."""
LIMITS = 11
"""The other player's possible knock limits: 0 (gin only) to 10."""
FITS = 0.05
"""The least share of the read's weight on candidate hands that fit the other player's not
having knocked (:func:`worlds`). Below it the sampled worlds came from a handful of
candidates: against a beginner that knocks at once, 50 of 72 candidates after its ninth draw
were gin and the rest so tight that the hint called an 8-deadwood knock undercut in all 24
worlds, while the true hand held 39. The expert's worlds fall below it in about 3 of 100
samplings against the baseline, 13 of 100 against the beginner, none of 57 against the racer
(patient: its low limits fit tight hands); against the baseline it won 775 of the 1,000
matches of seed ``S44b`` (774 without)."""
TAKES = 8
"""Turn pairs beyond the stock's length after which a playout counts as void (players that
only trade discards)."""


Worth = Callable[[int], float]
"""What a hand's points to this seat are worth to the match
(:func:`gin.ai.search.standing.worth`)."""


def knock_share(limit: int) -> float:
    """The rough share of its hands that a player knocking with at most ``limit`` ends by a
    knock rather than gin (arena counts: the baseline about 0.98, the gin hunter, knocking
    with 2, about 0.7; a gin-only player knocks only when the stock runs low)."""
    return 0.05 if limit == 0 else 1 - 0.5 * 0.7 ** (limit - 1)


LATE = 8
"""Stock size at or below which a knock says nothing of a player's patience in mid-hand (the gin
waiter and the tactician, gin-only before, knock there with up to 10)."""
SLIP = 0.05
"""The weight of a knock limit that an earlier hand contradicts (players do not all follow one
limit the whole hand through)."""


def ending_odds(end: Ending, limit: int) -> float:
    """How likely what an earlier hand showed is for a player knocking with at most ``limit``:

    * its gin: the share of hands such a player ends with gin rather than a knock;
    * its knock with ``d`` deadwood before the stock ran low: only a limit of ``d`` or more
      allows it, and an eager player ends most hands with a knock;
    * its hand laid face up when this seat ended the hand: it kept those ten cards after its
      last throw and did not knock, so its limit is below their deadwood (a strong sign of
      patience when that is 10 or less). No sign when no card was drawn: the other player may
      not have had a turn."""
    share = knock_share(limit)
    if end.kind == "gin":
        return 1 - share
    if end.kind == "knock":
        if end.stock <= LATE:
            return 1.0
        return share if limit >= end.deadwood else SLIP
    if end.stock >= FULL_STOCK:
        return 1.0
    return 1.0 if limit < end.deadwood else SLIP


def limit_prior(table: Table) -> list[float]:
    """The chance of each knock limit 0 .. 10 for the other player, from what the earlier hands
    of this match showed of it (:func:`ending_odds`; even odds before the first)."""
    prior = [1.0] * LIMITS
    for end in table.other_ends:
        for limit in range(LIMITS):
            prior[limit] *= ending_odds(end, limit)
    total = sum(prior)
    return [p / total for p in prior]


@dataclass(frozen=True)
class World:
    """One way the hidden cards may lie."""

    other: int
    stock: tuple[Card, ...]
    limit: int


def worlds(table: Table, count: int = WORLDS) -> list[World]:
    """``count`` samples of the other hand and the stock, consistent with this seat's view.

    The other hand is not a random handful: its owner has drawn and thrown for several turns,
    keeping its best cards. So its hidden cards are drawn by the tracker's weights and then
    improved as it would have improved them, one draw and one least-deadwood throw (a thrown
    card goes back among the unseen) for each of its draws so far this hand; and each such
    candidate is weighed by how likely its owner's moves of this hand were for it
    (:func:`gin.ai.knowledge.handread.read`: a throw from a meld, a melding upcard passed or a loose
    card taken make it unlikely).

    It has not knocked, which says something about its hand and its patience together: a hand
    with ``d`` deadwood fits every knock limit below ``d``. Each candidate hand is weighed also by
    the chance (:func:`limit_prior`) of the limits it fits, the worlds are drawn from the candidates
    by that weight, and each world's limit is drawn among the limits its hand fits. Late in a
    hand against an eager player few hands fit, and those few are loose; against a patient one
    the low limits keep the many good hands in play. When hardly any candidate fits
    (:data:`FITS`), the improvement overshot (after many draws from few unseen cards most are
    gin, which it would have declared), and the candidates are drawn again with half as many
    improving draws.
    """
    know = table.knowledge
    rng = random.Random(table.digest())
    top = min(LIMITS - 1, table.knock_limit)
    prior = limit_prior(table)
    chance = [*prior[:top], sum(prior[top:])]
    improve = know.opponent_draws
    while True:
        found_read = read(table, count * CANDIDATES, improve)
        candidates: list[tuple[int, float]] = []
        for hand, odds in zip(found_read.hands, found_read.weights, strict=True):
            fits = deadwood(hand) if know.opponent_draws else LIMITS
            candidates.append((hand, odds * sum(chance[:fits])))
        if not improve or sum(w for _, w in candidates) >= FITS:
            break
        improve //= 2
    if not any(w for _, w in candidates):
        candidates = [(hand, 1.0) for hand, _ in candidates]
    total = sum(w for _, w in candidates)
    found = []
    # Systematic resampling: evenly spaced picks through the candidates' cumulative weights.
    step = total / count
    point, index, reached = rng.random() * step, 0, candidates[0][1]
    for _ in range(count):
        while reached < point and index + 1 < len(candidates):
            index += 1
            reached += candidates[index][1]
        other = candidates[index][0]
        fits = deadwood(other) if know.opponent_draws else LIMITS
        limits = range(min(fits, top + 1)) or range(1)
        shares = [chance[i] for i in limits]
        patience = rng.choices(limits, shares if sum(shares) else None)[0]
        rest = from_mask(know.unseen & ~other)
        rng.shuffle(rest)
        found.append(World(other, tuple(rest), patience))
        point += step
    return found


@lru_cache(maxsize=1)
def table_worlds(table: Table) -> tuple[World, ...]:
    """The :data:`WORLDS` worlds of ``table``, sampled once however many judgements of one
    decision read them (the knock's, and the expert's reading of how near the other player's
    knock is)."""
    return tuple(worlds(table))


def settle(knocker: int, melds: Sequence[Meld], defender: int, rules: Rules) -> int:
    """Points to the knocker (negative when the defender scores) for a knock or gin declaring
    ``melds`` from the ten cards ``knocker`` against the ten cards ``defender``."""
    declared = 0
    for meld in melds:
        declared |= meld
    own = mask_value(knocker & ~declared)
    if own == 0:
        return rules.gin_bonus + deadwood(defender)
    left = defence_deadwood(defender, melds)
    _, points, wins = knock_score(own, left, rules)
    return points if wins else -points if wins is False else 0


def _turn(hand: int, top: Card, stock: Sequence[Card], drawn: int) -> tuple[int, int, Card, int]:
    """The fast policy's turn: (deadwood, ten cards kept, card thrown, stock cards drawn)."""
    if melds_with(top, hand):
        card, back = top, False
    else:
        card, back, drawn = stock[drawn], True, drawn + 1
    left, kept = keep_after(hand, card, back=back)
    thrown = ((hand | 1 << card) & ~kept).bit_length() - 1
    return left, kept, thrown, drawn


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
    table: Table, found: Sequence[World], card: Card, rules: Rules, value: Worth
) -> tuple[float, int]:
    """Expected worth of throwing ``card`` without knocking, and the best knock threshold to
    play on with.

    The threshold is chosen on one half of the worlds and scored on the other (both ways): the
    best of eleven thresholds scored on the worlds that chose it flatters playing on by several
    points (the arena found about 6 against a gin-only player), and a flattered wait is a
    knock not made while the other hand was still loose."""
    mine = table.hand & ~(1 << card)
    limit = table.knock_limit
    return waited([playout(mine, card, world, limit, rules) for world in found], limit, value)


def waited(
    results: Sequence[tuple[list[tuple[int, int]], int]], limit: int, value: Worth
) -> tuple[float, int]:
    """Expected worth of playouts (:func:`playout`'s results, one a world) when this seat knocks
    at the first turn its deadwood is within the best fixed threshold, and that threshold
    (chosen on one half of the worlds and scored on the other, both ways)."""
    worths = [([(left, value(p)) for left, p in options], value(end)) for options, end in results]

    def scores(part: Sequence[tuple[list[tuple[int, float]], float]]) -> list[float]:
        return [
            sum(next((p for left, p in options if left <= wait), end) for options, end in part)
            for wait in range(limit + 1)
        ]

    halves = worths[0::2], worths[1::2]
    even, odd = scores(halves[0]), scores(halves[1])
    crossed = odd[even.index(max(even))] + even[odd.index(max(odd))]
    both = [a + b for a, b in zip(even, odd, strict=True)]
    return crossed / max(len(results), 1), both.index(max(both))
