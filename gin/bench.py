"""Engine speed figures: minimum deadwood on random and meld-dense hands, random playouts.

A benchmark prints numbers; nothing here asserts a time. ``compare_rlcard`` times RLCard's
pure-Python melding on the very same hands when RLCard happens to be importable (it is never a
dependency of this project: install it in a scratch environment to compare).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from gin.cards import format_card, from_mask
from gin.game import Phase, apply, deal, legal_actions
from gin.match import shuffled_deck
from gin.melds import deadwood, discard_options
from gin.rules import Rules


def random_hands(count: int, size: int, seed: int = 1) -> list[int]:
    """Hands of ``size`` cards drawn uniformly from the deck."""
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(range(52), size)) for _ in range(count)]


def dense_hands(count: int, size: int, seed: int = 2) -> list[int]:
    """Hands drawn from three suits by five consecutive ranks: overlapping sets and runs."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        suits = rng.sample(range(4), 3)
        low = rng.randrange(0, 9)
        window = [s * 13 + r for s in suits for r in range(low, low + 5)]
        hands.append(sum(1 << c for c in rng.sample(window, size)))
    return hands


def rate(function: Callable[[int], object], hands: Sequence[int]) -> float:
    """Hands per second of ``function`` over ``hands`` (best of three passes)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for hand in hands:
            function(hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def compare_rlcard(hands: Sequence[int]) -> float | None:
    """RLCard's hands per second for the best meld clusters of the same 10-card hands."""
    try:
        from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-not-found]
    except ImportError:
        return None
    converted = [[utils.card_from_text(format_card(c)) for c in from_mask(h)] for h in hands]
    start = time.perf_counter()
    for hand in converted:
        melding.get_best_meld_clusters(hand)
    return len(converted) / (time.perf_counter() - start)


def run(count: int = 20_000, out: Callable[[str], None] = print) -> None:
    """Print every figure of the engine benchmark."""
    random10, dense10 = random_hands(count, 10), dense_hands(count, 10)
    figures = {
        "deadwood, random 10-card hands": rate(deadwood, random10),
        "deadwood, meld-dense 10-card hands": rate(deadwood, dense10),
        "best discard, random 11-card hands": rate(discard_options, random_hands(count // 4, 11)),
        "best discard, dense 11-card hands": rate(discard_options, dense_hands(count // 4, 11)),
    }
    for label, value in figures.items():
        out(f"{label:<42} {value:>12,.0f} hands/s")
    out(f"{'random playouts (whole hands)':<42} {playout_rate():>12,.0f} hands/s")
    for label, hands in (("random", random10[:5000]), ("meld-dense", dense10[:5000])):
        theirs = compare_rlcard(hands)
        if theirs is None:
            out("RLCard not importable: install it in a scratch environment to compare")
            break
        ours = rate(deadwood, hands)
        out(f"RLCard melding, {label:<26} {theirs:>12,.0f} hands/s  (ours {ours / theirs:.1f}x)")


def playout_rate(hands: int = 300, seed: int = 7) -> float:
    """Whole hands per second with both seats choosing uniformly among legal actions."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for number in range(hands):
        state = deal(Rules(), shuffled_deck(f"bench-{seed}", number), dealer=number % 2)
        while state.phase is not Phase.HAND_OVER:
            state = apply(state, rng.choice(legal_actions(state)))
    return hands / (time.perf_counter() - start)
