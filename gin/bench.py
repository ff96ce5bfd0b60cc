"""Engine speed figures: minimum deadwood on random and meld-dense hands, random playouts; and
the coach's review: its self-consistency and its time per hand and per match.

A benchmark prints numbers; nothing here asserts a time. ``compare_rlcard`` times RLCard's
pure-Python melding on the very same hands when RLCard happens to be importable (it is never a
dependency of this project: install it in a scratch environment to compare).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence

from gin.actions import Action
from gin.ai import opponent
from gin.ai.coach.hint import hint
from gin.ai.coach.review import review_hand
from gin.cards import format_card, from_mask
from gin.game import Phase, apply, deal, legal_actions
from gin.match import apply as apply_action
from gin.match import new_match, shuffled_deck
from gin.melds import deadwood, discard_options
from gin.rules import Rules
from gin.save import Saved, dump, load
from gin.view import view


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


# ----------------------------------------------------------------------- the coach's review


def reviewed_matches(count: int, hands: int, seed: str = "review") -> Iterator[Saved]:
    """Seeded matches of the expert (seat 0) against the tactician (seat 1), as their saves,
    one at a time until ``hands`` hands are played (at most ``count`` matches)."""
    players = (opponent("expert"), opponent("tactician"))
    played = 0
    for number in range(count):
        match = new_match(Rules(), f"{seed}-{number}")
        while match.winner is None:
            if match.hand.result is not None:
                match = apply_action(match, Action("next"))
                continue
            seat = match.hand.to_act
            assert seat is not None
            text = players[seat].decide(view(match, seat))
            match = apply_action(match, Action.from_text(text))
        yield load(dump(match, ["You", "Computer"]))
        played += match.hand_number
        if played >= hands:
            return


def review_figures(hands: int = 200, out: Callable[[str], None] = print) -> None:
    """Print the review's self-consistency (the expert's own decisions, reviewed; the review's
    best against the hint's move, asked anew on each view), what it finds in the tactician's
    play, and its CPU time per hand and per match in this Python."""
    per_hand: list[float] = []
    per_match: list[float] = []
    cost = {0: 0.0, 1: 0.0}
    count = {0: 0, 1: 0}
    grades: dict[int, dict[str, int]] = {0: {}, 1: {}}
    same = compared = 0
    for saved in reviewed_matches(10 * hands, hands):
        whole = 0.0
        for seat in (0, 1):
            for number in range(1, saved.match.hand_number + 1):
                # CPU time: on a shared machine the wall clock measures the neighbours too.
                start = time.process_time()
                review = review_hand(saved, number, seat)
                spent = time.process_time() - start
                per_hand.append(spent)
                whole += spent
                cost[seat] += review.skill
                count[seat] += 1
                for d in review.decisions:
                    grades[seat][d.grade] = grades[seat].get(d.grade, 0) + 1
                asked = _hints(saved, {d.action_index: d.best for d in review.decisions})
                same += asked
                compared += len(review.decisions)
        per_match.append(whole / 2)
        out(
            f"  match {len(per_match)}: {sum(count.values()) // 2} hands so far, cost per hand "
            f"expert {cost[0] / count[0]:.2f}, tactician {cost[1] / count[1]:.2f}; "
            f"best = hint {same}/{compared}"
        )
    out(f"review: {len(per_match)} matches, {count[0]} hands, expert (seat 0) v tactician (seat 1)")
    for seat, name in ((0, "expert"), (1, "tactician")):
        shown = ", ".join(f"{g} {n}" for g, n in sorted(grades[seat].items()))
        out(f"  {name:<10} cost {cost[seat] / max(count[seat], 1):5.2f} points per hand ({shown})")
    out(f"  the review's best is the hint's move on {same} of {compared} views")
    per_hand.sort()
    median, p95 = per_hand[len(per_hand) // 2], per_hand[int(0.95 * (len(per_hand) - 1))]
    out(f"  CPU time to review one hand, one seat: median {median:.2f} s, p95 {p95:.2f} s")
    per_match.sort()
    out(
        f"  CPU time to review a whole match to 100, one seat: "
        f"median {per_match[len(per_match) // 2]:.1f} s, max {per_match[-1]:.1f} s"
    )


def _hints(saved: Saved, best: dict[int, str]) -> int:
    """How many of the review's best moves (by action index) the hint gives on the same view."""
    match = new_match(saved.match.rules, saved.match.seed, saved.match.decks)
    agree = 0
    for index, action in enumerate(saved.match.actions):
        if index in best:
            seat = match.to_act
            assert seat is not None
            agree += hint(view(match, seat, ["You", "Computer"]))["action"] == best[index]
        match = apply_action(match, action)
    return agree
