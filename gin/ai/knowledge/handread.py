"""A read of the other hand that its owner's whole visible history this hand could have produced.

The tracker (:mod:`gin.ai.knowledge.tracking`) gives each unseen card its own odds, as if the cards
of the other hand were independent. But a hand is played as a whole: a card thrown from a meld, an
upcard passed that would have joined a meld, a card taken that joins none, are each unlikely
for the hand that did it. So the read draws candidate hands (:func:`proposals`) and weighs each
by how likely its owner's moves of this hand were, had it held that hand (:func:`likelihood`).
The search's worlds (:func:`gin.ai.search.worlds.worlds`) draw the other hand from these weighted
candidates.

The moves are walked backwards from the candidate: before its last throw it held the ten cards
plus the card thrown; before a take, those less the card taken; before a stock draw, those less
the card drawn, unknown to this seat: one of its cards the public had not seen. Each move is
scored by a soft rule that the thinking players of the league (and the strongest published
ones) follow, soft because players differ:

* a card thrown that would have made a meld with two other cards of the eleven is unlikely
  (:data:`THROW_MELD`);
* an upcard passed, or left on the pile for a stock draw, that would have made a meld with two
  cards of the hand then is unlikely (:data:`PASS_MELD`);
* a card taken that makes no meld with the hand then is unlikely (:data:`TAKE_LOOSE`).

The card drawn at each stock draw is not sampled blindly (most blind picks would leave in the
earlier hand a card drawn later, and blame the wrong hands): it is picked by how well the hand
before the draw fits the upcard left and the card thrown the turn before, and the candidate is
weighed by the mean fit over every card it may have drawn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from gin.ai.knowledge.evaluate import PAIR_MASKS, keep_after, melds_with
from gin.ai.knowledge.tracking import Table
from gin.cards import Card, from_mask, to_mask

THROW_MELD = 0.2
"""The odds of throwing a card that makes a meld with two other cards of the eleven."""
PASS_MELD = 0.2
"""The odds of passing (or leaving for a stock draw) an upcard that melds with the hand then."""
TAKE_LOOSE = 0.25
"""The odds of taking an upcard that joins no meld of the hand then.

The three odds sit on a plateau: against the baseline, on the 1,000 matches of seed ``S44b``
(774 won with these), sharper odds (0.1, 0.1, 0.15) won 778, and a fourth rule (a throw that
keeps more deadwood than the least of the eleven 0.3 as likely, as the baseline never does)
776; that rule won 594 against the racer on ``i44-F1`` (595 without)."""


@dataclass(frozen=True)
class Step:
    """One move of the other player this hand: ``kind`` is pass, take, draw or discard, ``card``
    the public card (the upcard passed or left, the card taken or thrown), ``seen`` every card
    the public had seen before the move (a card drawn from the stock cannot be one of them)."""

    kind: str
    card: Card | None
    seen: int


@dataclass(frozen=True)
class Read:
    """Candidate hands of the other player with their weights (summing to 1)."""

    hands: tuple[int, ...]
    weights: tuple[float, ...]


def steps(table: Table) -> tuple[Step, ...]:
    """The other player's moves of this hand, in order, with what had been seen before each."""
    other = 1 - table.seat
    seen = 0
    found = []
    for move in table.moves:
        if move.seat == other and move.kind in ("pass", "take", "draw", "discard"):
            found.append(Step(move.kind, move.card, seen))
        if move.card is not None:
            seen |= 1 << move.card
    return tuple(found)


def proposals(table: Table, count: int, rng: random.Random, improve: int) -> list[int]:
    """``count`` candidate other hands: its known cards, and hidden cards drawn by the tracker's
    weights, then improved as its owner would have improved them, one draw and one
    least-deadwood throw for each of ``improve`` draws (:func:`read`: each of its draws so far
    this hand, unless that leaves no hand that fits its not having knocked).

    That makes them tighter than the real hands: at the expert's throws the search's worlds held
    4.9 deadwood less than the baseline's true hand on average, 6.2 less than the racer's.
    Replaying half the draws took the bias away, but won 763 of the 1,000 matches of seed
    ``S44b`` against the baseline, not 774: the search's margin and the hazard's weight were
    tuned on these tighter hands."""
    know = table.knowledge
    unseen = from_mask(know.unseen)
    hidden = min(know.hidden, len(unseen))
    known = table.opponent_known
    weight = [1.0 / max(know.prob[c], 0.01) for c in range(52)]
    hands = []
    for _ in range(count):
        # Weighted sampling without replacement: the largest keys u ** (1 / weight) first.
        order = sorted(unseen, key=lambda c: rng.random() ** weight[c], reverse=True)
        hand = known | to_mask(order[:hidden])
        if hidden:
            for card in order[hidden : hidden + improve]:
                hand = keep_after(hand, card, known)[1]
        hands.append(hand)
    return hands


def throw_odds(eleven: int, card: Card) -> float:
    """How likely a player holding ``eleven`` throws ``card`` (:data:`THROW_MELD`)."""
    return THROW_MELD if melds_with(card, eleven & ~(1 << card)) else 1.0


def likelihood(hand: int, history: tuple[Step, ...], rng: random.Random) -> float:
    """How likely the moves ``history`` were for a player holding ``hand`` after them, along one
    sampled sequence of its stock draws (0 when no sequence fits)."""
    odds = 1.0
    counted = False
    before = (None, *history)[: len(history)]
    for step, earlier in zip(reversed(history), reversed(before), strict=True):
        card = step.card
        if step.kind == "discard":
            assert card is not None
            hand |= 1 << card
            if not counted:
                odds *= throw_odds(hand, card)
            counted = False
            continue
        if step.kind == "take":
            if card is None or not hand >> card & 1:
                return 0.0
            hand &= ~(1 << card)
            if not melds_with(card, hand):
                odds *= TAKE_LOOSE
            continue
        if step.kind == "draw":
            drawable = from_mask(hand & ~step.seen)
            if not drawable:
                return 0.0
            thrown = None
            if earlier is not None and earlier.kind == "discard":
                thrown = earlier.card
                counted = True
            # The card drawn: see the module's docstring. The fit covers the throw before.
            left = _pairs_held(card, hand)
            threw = _pairs_held(thrown, hand)
            if not left and not threw:
                hand &= ~(1 << rng.choice(drawable))
                continue
            fit = [_fit(left, threw, 1 << d) for d in drawable]
            odds *= sum(fit) / len(fit)
            hand &= ~(1 << rng.choices(drawable, fit)[0])
            continue
        if card is not None and melds_with(card, hand):
            odds *= PASS_MELD
    return odds


@lru_cache(maxsize=2)
def read(table: Table, count: int, improve: int | None = None) -> Read:
    """The read of ``table``'s other hand: ``count`` candidates (:func:`proposals`, improved by
    ``improve`` draws, by default one for each of the other player's draws this hand), weighed
    by their history (all alike when none fits)."""
    rng = random.Random(table.digest() + b"read")
    if improve is None:
        improve = table.knowledge.opponent_draws
    hands = proposals(table, count, rng, improve)
    history = steps(table)
    odds = [likelihood(hand, history, rng) for hand in hands]
    total = sum(odds)
    if total <= 0:
        return Read(tuple(hands), (1.0 / len(hands),) * len(hands))
    return Read(tuple(hands), tuple(o / total for o in odds))


def _pairs_held(card: Card | None, hand: int) -> list[int]:
    """The pairs of ``hand`` that would meld with ``card`` (as two-card masks)."""
    if card is None:
        return []
    return [pair for pair in PAIR_MASKS[card] if hand & pair == pair]


def _fit(left: list[int], threw: list[int], drawn: int) -> float:
    """The odds of leaving the upcard and throwing the earlier card for the hand that held the
    pairs ``left`` and ``threw`` before drawing ``drawn`` (a pair holding it was not there)."""
    odds = PASS_MELD if any(not pair & drawn for pair in left) else 1.0
    return odds * THROW_MELD if any(not pair & drawn for pair in threw) else odds
