"""Is the undercut risk the hint states true? ``python -m gin calibration``.

``python -m gin calibration [OPPONENT ...] --matches 12 --seed S --rules standard --jobs J``

One seat follows the hint (:func:`gin.ai.coach.hint.hint`, its view naming the opponent as the
page's does) against each opponent. At every turn where a knock is legal, the risk the hint states
for its best knock (``knock.undercut``) is set beside the truth: that knock played on a copy of
the match, and whether the other player then undercut it. The report gives, per opponent, the
chances, the mean stated risk, the true share and the calibration error (:func:`ece`), then each
opponent's bins of stated risk with their true share.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from gin.actions import Action
from gin.ai.base import OpponentError, entries, opponent
from gin.ai.coach.hint import hint
from gin.ai.players.league import members
from gin.ai.research.cluster import executor, options, ordered
from gin.match import apply, new_match
from gin.rules import PRESETS, Rules
from gin.view import view

BINS = ((0.0, 0.1), (0.1, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 1.01))
"""The bins of stated risk the report shows."""

Chance = tuple[float, int]
"""A stated risk and whether the knock was undercut (1) or not (0)."""


def ece(stated: Sequence[float], truth: Sequence[int], bins: int = 10) -> float:
    """Expected calibration error: over ``bins`` equal-width bins of the stated chance, the
    share of cases in a bin times the distance between its mean stated chance and its true
    share (0 for a read that is right on average in every bin).

    >>> ece([0.1, 0.1, 0.9, 0.9], [0, 0, 1, 1])
    0.1
    >>> ece([0.5, 0.5], [0, 1]), ece([], [])
    (0.0, 0.0)
    """
    groups: dict[int, list[Chance]] = {}
    for p, y in zip(stated, truth, strict=True):
        groups.setdefault(min(int(p * bins), bins - 1), []).append((p, y))
    total = sum(len(g) for g in groups.values())
    error = sum(abs(sum(p for p, _ in g) - sum(y for _, y in g)) for g in groups.values())
    return round(error / total, 6) if total else 0.0


def match_chances(name: str, seed: str, rules: Rules) -> list[Chance]:
    """One match of the hint (seat 0) against ``name`` (seat 1): every stated risk and its
    truth."""
    other = opponent(name)
    match = new_match(rules, seed)
    found: list[Chance] = []
    while match.winner is None:
        hand = match.hand
        if hand.result is not None:
            match = apply(match, Action("next"))
            continue
        seat = hand.to_act
        assert seat is not None
        if seat == 1:
            match = apply(match, Action.from_text(other.decide(view(match, 1))))
            continue
        advice = hint(view(match, 0, None, name))
        knock = advice.get("knock")
        if knock is not None:
            result = apply(match, Action.from_text(knock["action"])).hand.result
            assert result is not None
            found.append((float(knock["undercut"]), int(result.kind == "undercut")))
        match = apply(match, Action.from_text(advice["action"]))
    return found


def chances(
    names: Sequence[str],
    matches: int,
    seed: str,
    rules: Rules,
    jobs: int = 1,
    dask: str | None = None,
) -> dict[str, list[Chance]]:
    """Every opponent's stated risks and truths over ``matches`` matches (seeds
    ``SEED-NAME-I``)."""
    tasks = [(name, f"{seed}-{name}-{i}") for name in names for i in range(matches)]
    found: dict[str, list[Chance]] = {name: [] for name in names}
    with executor(jobs, dask) as (pool, _):
        results = ordered(
            pool,
            match_chances,
            [t[0] for t in tasks],
            [t[1] for t in tasks],
            [rules] * len(tasks),
        )
        for done, (task, part) in enumerate(zip(tasks, results, strict=True), 1):
            found[task[0]].extend(part)
            sys.stderr.write(f"\r{done}/{len(tasks)} matches")
            sys.stderr.flush()
    sys.stderr.write("\n")
    return found


def report(found: dict[str, list[Chance]]) -> str:
    """The table of stated risk against the truth, per opponent, and the bins."""
    lines = [
        "| opponent | knock chances | mean stated | true share | calibration error (ECE) |",
        "|---|---|---|---|---|",
    ]
    for name, pairs in found.items():
        n = len(pairs)
        stated = [p for p, _ in pairs]
        truth = [y for _, y in pairs]
        mean = sum(stated) / n if n else 0.0
        share = sum(truth) / n if n else 0.0
        lines.append(f"| {name} | {n} | {mean:.2f} | {share:.2f} | {ece(stated, truth):.2f} |")
    lines += [
        "",
        "| opponent | stated risk | chances | mean stated | true share |",
        "|---|---|---|---|---|",
    ]
    for name, pairs in found.items():
        for low, high in BINS:
            part = [(p, y) for p, y in pairs if low <= p < high]
            if not part:
                continue
            mean = sum(p for p, _ in part) / len(part)
            share = sum(y for _, y in part) / len(part)
            label = f"{low:.0%}–{min(high, 1.0):.0%}"
            lines.append(f"| {name} | {label} | {len(part)} | {mean:.2f} | {share:.2f} |")
    return "\n".join(lines)


def arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m gin calibration``."""
    opponent_options(parser, "opponents to measure against", 12, "calibration")


def opponent_options(parser: argparse.ArgumentParser, who: str, matches: int, seed: str) -> None:
    """The options of a run over opponents (``who`` says what they are to it): their names
    (:func:`names_of`), the matches against each (``matches`` by default), the seed (``seed``),
    the rules and where the tasks run."""
    parser.add_argument(
        "opponents",
        nargs="*",
        metavar="OPPONENT",
        help=f"{who}; 'listed' (the default) for those a player can choose, 'league' for "
        "every league member",
    )
    parser.add_argument("--matches", type=int, default=matches, help="matches per opponent")
    parser.add_argument("--seed", default=seed, help="seed of the deals")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="standard")
    options(parser)


def names_of(words: Sequence[str]) -> list[str]:
    """The opponents ``words`` name (``listed``, ``league`` or names), in order, once each."""
    found: list[str] = []
    for word in words or ["listed"]:
        if word == "listed":
            group = [e.name for e in entries()]
        elif word == "league":
            group = list(members())
        else:
            opponent(word)
            group = [word]
        found += [n for n in group if n not in found]
    return found


def main(args: argparse.Namespace) -> int:
    """Run ``python -m gin calibration``."""
    try:
        names = names_of(args.opponents)
    except OpponentError as error:
        print(f"calibration: {error}", file=sys.stderr)
        return 2
    if args.matches < 1 or args.jobs < 1:
        print("calibration: --matches and --jobs must be at least 1", file=sys.stderr)
        return 2
    found = chances(names, args.matches, args.seed, PRESETS[args.rules], args.jobs, args.dask)
    print(report(found))
    return 0
