"""Sampled futures of one's own hand: how soon it can knock, drawing only from the stock.

Each future draws cards from the unseen cards (weighted by the chance each is in the stock)
and throws greedily the card that leaves the least deadwood. A hand is scored by the turn at
which it could first knock (or, failing that within the horizon, by the horizon plus a tenth
of its deadwood then). The same futures are used for every hand compared, so the comparison
is fair and steady, and they are seeded from the table, so the answer is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gin.ai.knowledge.evaluate import deadwood
from gin.cards import Card
from gin.melds import best_throw


def futures(
    weights: Sequence[tuple[Card, float]], count: int, horizon: int, seed: bytes
) -> list[list[Card]]:
    """``count`` sequences of ``horizon`` distinct cards drawn by weight (without putting back)."""
    rng = random.Random(seed)
    cards = [c for c, _ in weights]
    chances = [w for _, w in weights]
    sequences = []
    for _ in range(count):
        keys = sorted(range(len(cards)), key=lambda i: -(rng.random() ** (1.0 / chances[i])))
        sequences.append([cards[i] for i in keys[:horizon]])
    return sequences


def race(hand: int, sequences: Sequence[Sequence[Card]], limit: int, start: int = 1) -> float:
    """Mean score of a ten-card hand over the futures (lower is better): the number of draws
    until it may knock, counted from ``start``; past the horizon, the horizon plus one plus a
    tenth of the deadwood left."""
    total = 0.0
    for sequence in sequences:
        current = hand
        score = -1.0
        for turn, card in enumerate(sequence, start):
            held = current | 1 << card
            best, throw = best_throw(held)
            if best <= limit:
                score = turn
                break
            current = held & ~(1 << throw)
        if score < 0:
            score = len(sequence) + start + deadwood(current) / 10
        total += score
    return total / max(len(sequences), 1)
