"""Does the quick review class moves as the deep reference does? ``python -m gin coachcheck``.

``python -m gin coachcheck [OPPONENT ...] --matches 4 --hands 2 --seed S --jobs J``

Each opponent (seat 0) plays the expert; every decision of the opponent's with a choice is
judged twice: by the review the page shows (:func:`gin.ai.coach.review.judge`, a dozen worlds
played out by the fast policy) and by the deep reference (:mod:`gin.ai.coach.deep`, hundreds of
worlds played out by full players). A move that is the hint's is the best move in both, with no
playout. The report counts each pair of classes, and the shares classed alike and within one
class, over every decision and over those that were not the hint's move.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

from gin.actions import Action
from gin.ai.base import OpponentError, opponent
from gin.ai.coach.review import CLASSES, judge
from gin.ai.research.calibration import names_of, opponent_options
from gin.ai.research.cluster import executor, ordered
from gin.match import apply, new_match
from gin.rules import PRESETS, Rules
from gin.view import view

NAMES = ("best", *(name for name, _ in CLASSES))
"""The classes in order of seriousness: one class apart is one step along it."""

Pair = tuple[str, str]
"""A decision's class by the quick review and by the deep reference."""


def match_pairs(name: str, seed: str, rules: Rules, hands: int) -> list[Pair]:
    """``name`` (seat 0) against the expert over the first ``hands`` hands of a match: each of
    its decisions classed by the quick review and by the deep reference."""
    players = (opponent(name), opponent("expert"))
    names = ["You", "Computer"]
    match = new_match(rules, seed)
    found: list[Pair] = []
    while match.winner is None and match.hand_number <= hands:
        if match.hand.result is not None:
            if match.hand_number == hands:
                break
            match = apply(match, Action("next"))
            continue
        seat = match.hand.to_act
        assert seat is not None
        played = Action.from_text(players[seat].decide(view(match, seat)))
        seen = view(match, 0, names, "expert")
        if seat == 0 and len(seen["legal_actions"]) > 1:
            at = (match.hand_number, len(match.actions))
            quick = judge(seen, played, *at)
            deep = quick if quick.grade == "best" else judge(seen, played, *at, deep=match)
            found.append((quick.grade, deep.grade))
        match = apply(match, played)
    return found


def pairs(
    names: Sequence[str],
    matches: int,
    hands: int,
    seed: str,
    rules: Rules,
    jobs: int = 1,
    dask: str | None = None,
) -> list[Pair]:
    """Every judged decision over ``matches`` matches per opponent (seeds ``SEED-NAME-I``)."""
    tasks = [(name, f"{seed}-{name}-{i}") for name in names for i in range(matches)]
    found: list[Pair] = []
    with executor(jobs, dask) as (pool, _):
        results = ordered(
            pool,
            match_pairs,
            [t[0] for t in tasks],
            [t[1] for t in tasks],
            [rules] * len(tasks),
            [hands] * len(tasks),
        )
        for done, part in enumerate(results, 1):
            found.extend(part)
            sys.stderr.write(f"\r{done}/{len(tasks)} matches, {len(found)} decisions")
            sys.stderr.flush()
    sys.stderr.write("\n")
    return found


def report(found: Sequence[Pair]) -> str:
    """The counts of each pair of classes, and the shares alike and within one class."""
    counts = Counter(found)
    lines = [
        "| quick \\ deep | " + " | ".join(NAMES) + " |",
        "|---|" + "---|" * len(NAMES),
    ]
    for quick in NAMES:
        lines.append(f"| {quick} | " + " | ".join(str(counts[quick, d]) for d in NAMES) + " |")
    lines.append("")
    for label, part in (
        ("every decision", list(found)),
        ("not the hint's move", [p for p in found if p[0] != "best"]),
    ):
        n = len(part)
        same = sum(q == d for q, d in part)
        near = sum(abs(NAMES.index(q) - NAMES.index(d)) <= 1 for q, d in part)
        lines.append(
            f"{label}: {n} decisions, the same class {same / max(n, 1):.1%}, "
            f"within one class {near / max(n, 1):.1%}"
        )
    return "\n".join(lines)


def arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m gin coachcheck``."""
    opponent_options(parser, "whose decisions are judged", 4, "coachcheck")
    parser.add_argument("--hands", type=int, default=2, help="hands of each match judged")


def main(args: argparse.Namespace) -> int:
    """Run ``python -m gin coachcheck``."""
    try:
        names = [n for n in names_of(args.opponents) if n != "expert"]
    except OpponentError as error:
        print(f"coachcheck: {error}", file=sys.stderr)
        return 2
    if min(args.matches, args.hands, args.jobs) < 1:
        print("coachcheck: --matches, --hands and --jobs must be at least 1", file=sys.stderr)
        return 2
    rules = PRESETS[args.rules]
    found = pairs(names, args.matches, args.hands, args.seed, rules, args.jobs, args.dask)
    print(report(found))
    return 0
