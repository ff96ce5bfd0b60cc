"""The rated ladder: a round robin in the arena, Bradley–Terry ratings fitted on its match wins.

``python -m gin ladder A B C ... --games N --seed S --rules research --jobs J --json FILE``
plays every pair of the named opponents over the same mirrored deals (:mod:`gin.ai.arena`),
fits the ratings (:mod:`gin.ai.rating`), checks each pairing against a fit on all the others,
and prints both tables. ``--json`` writes the results and ratings; ``--from FILE ...`` fits the
results of earlier files (added up, pair by pair) instead of playing, so runs made at different
times add up to one table; ``--module`` writes the ratings into :mod:`gin.ai.ratings_table`,
which the page reads.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gin.ai import styles
from gin.ai.arena import Tally, progress_line, run_many
from gin.ai.base import OpponentError, opponent
from gin.ai.rating import (
    ANCHOR,
    Prediction,
    Rating,
    RatingError,
    Result,
    fit,
    held_out,
    table,
)
from gin.rules import PRESETS, Rules

FORMAT = "gin-ladder-1"
"""The ``format`` field of the JSON the ladder writes."""


def round_robin(
    names: Sequence[str], games: int, seed: str, rules: Rules, jobs: int = 1
) -> list[Result]:
    """``games`` matches for every pair of ``names`` on the same deals: each pair's wins."""
    pairs = list(itertools.combinations(names, 2))
    return wins(run_many(pairs, games, seed, rules, jobs, progress_line))


def wins(tallies: Sequence[Tally]) -> list[Result]:
    """The match wins of each pair the arena played."""
    return [
        Result(t.sides[0].name, t.sides[1].name, t.sides[0].matches, t.sides[1].matches)
        for t in tallies
    ]


def merge(results: Sequence[Result]) -> list[Result]:
    """The same pairings added up (either order), in first-seen order."""
    total: dict[frozenset[str], Result] = {}
    for r in results:
        key = frozenset((r.first, r.second))
        old = total.get(key)
        if old is None:
            total[key] = r
        elif old.first == r.first:
            total[key] = Result(
                r.first, r.second, old.first_wins + r.first_wins, old.second_wins + r.second_wins
            )
        else:
            total[key] = Result(
                old.first,
                old.second,
                old.first_wins + r.second_wins,
                old.second_wins + r.first_wins,
            )
    return list(total.values())


def read_results(text: str, source: str) -> tuple[list[Result], list[dict[str, Any]]]:
    """The results and runs of a file the ladder wrote; a clear error naming ``source``
    otherwise."""
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            raise RatingError(f"not a {FORMAT} file")
        results = [
            Result(str(r["first"]), str(r["second"]), int(r["first_wins"]), int(r["second_wins"]))
            for r in data["results"]
        ]
        return results, [dict(run) for run in data["runs"]]
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise RatingError(f"{source}: {error}") from None


def record(
    results: Sequence[Result],
    runs: Sequence[dict[str, Any]],
    ratings: Sequence[Rating] = (),
    predictions: Sequence[Prediction] = (),
    styled: Sequence[Prediction] = (),
) -> str:
    """The JSON text the ladder writes (and the arena's ``--results``): the runs its results come
    from, the results (match wins of each pairing), and when fitted the ratings and the
    held-out check, by the ratings alone and with styles (:mod:`gin.ai.styles`)."""
    data = {
        "format": FORMAT,
        "runs": list(runs),
        "anchor": ANCHOR,
        "results": [
            {
                "first": r.first,
                "second": r.second,
                "first_wins": r.first_wins,
                "second_wins": r.second_wins,
            }
            for r in results
        ],
        "ratings": [r.as_json() for r in ratings],
        "held_out": [_prediction_json(p) for p in predictions],
        "held_out_styles": [_prediction_json(p) for p in styled],
    }
    return json.dumps(data, indent=1) + "\n"


def _prediction_json(p: Prediction) -> dict[str, Any]:
    return {
        "first": p.first,
        "second": p.second,
        "matches": p.matches,
        "observed": round(p.observed, 4),
        "predicted": round(p.predicted, 4),
        "spread": None if p.spread is None else round(p.spread, 2),
    }


def describe(runs: Sequence[dict[str, Any]]) -> str:
    """The runs in words: each seed once, with its rules and matches a pair (runs that share a
    seed and rules, such as one arena run per opponent, are counted together).

    >>> print(describe([{"seed": "A", "rules": "research", "games": 100},
    ...                 {"seed": "B", "rules": "research", "games": 300},
    ...                 {"seed": "A", "rules": "research", "games": 200}]))
    ... # doctest: +NORMALIZE_WHITESPACE
    seed A (research rules, 2 runs of 100 to 200 matches a pair); seed B (research rules, 300
    matches a pair)
    """
    groups: dict[tuple[str, str], list[int]] = {}
    for r in runs:
        key = (str(r.get("seed")), str(r.get("rules")))
        groups.setdefault(key, []).append(int(r.get("games", 0)))
    parts = []
    for (seed, rules), games in groups.items():
        low, high = min(games), max(games)
        size = f"{low}" if low == high else f"{low} to {high}"
        count = f"{len(games)} runs of " if len(games) > 1 else ""
        parts.append(f"seed {seed} ({rules} rules, {count}{size} matches a pair)")
    return "; ".join(parts)


def module_text(ratings: Sequence[Rating], runs: Sequence[dict[str, Any]]) -> str:
    """The source of :mod:`gin.ai.ratings_table` holding these ratings."""
    about = textwrap.fill(
        f"The opponents' fitted ratings, generated by ``python -m gin ladder`` from "
        f"{describe(runs)}, anchored at {ANCHOR} = 1500. Read them through "
        ":func:`gin.ai.rating.opponent_rating`; regenerate rather than edit.",
        96,
    )
    rows = "\n".join(f"    {json.dumps(r.name)}: {json.dumps(r.figures())}," for r in ratings)
    return f'"""{about}\n"""\n\nRATINGS: dict[str, dict[str, int]] = {{\n{rows}\n}}\n'


def prediction_report(
    predictions: Sequence[Prediction],
    heading: str = "held-out pairings (each predicted by a fit on all the others)",
) -> str:
    """Each held-out pairing: observed and predicted win rate, the error, the prediction's own
    spread (where worked out) and the observation's noise."""
    lines = [
        f"{heading}, win rate of the first:",
        f"{'pairing':<36}{'matches':>8}{'observed':>10}{'predicted':>10}{'error':>8}"
        f"{'spread':>8}{'noise':>8}",
    ]
    for p in predictions:
        spread = "-" if p.spread is None else f"{p.spread:.1f}"
        lines.append(
            f"{p.first + ' - ' + p.second:<36}{p.matches:>8}{p.observed:>10.1%}"
            f"{p.predicted:>10.1%}{p.error:>+8.1f}{spread:>8}{p.noise:>8.1f}"
        )
    if predictions:
        errors = [abs(p.error) for p in predictions]
        noise = [p.noise for p in predictions]
        spreads = [p.spread for p in predictions if p.spread is not None]
        wide = sum(abs(p.error) > 2 * p.expected_error for p in predictions)
        spread = f"{sum(spreads) / len(spreads):.1f}" if spreads else "not worked out"
        lines.append(
            f"mean |error| {sum(errors) / len(errors):.1f} points, largest {max(errors):.1f}; "
            f"within 3 points: {sum(e <= 3 for e in errors)} of {len(errors)}; "
            f"mean noise of the observed rates {sum(noise) / len(noise):.1f} points, "
            f"mean spread of the predictions {spread}; "
            f"beyond twice both together: {wide} of {len(errors)}"
        )
    return "\n".join(lines)


def arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m gin ladder``."""
    parser.add_argument("names", nargs="*", metavar="NAME", help="opponents of the round robin")
    parser.add_argument("--games", type=int, default=40, help="matches per pair (each deal twice)")
    parser.add_argument("--seed", default="ladder", help="seed of the deals")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="research")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--from",
        dest="sources",
        nargs="+",
        default=[],
        metavar="FILE",
        help="fit the results of these ladder files instead of playing",
    )
    parser.add_argument("--json", metavar="FILE", help="write results and ratings here")
    parser.add_argument("--module", metavar="FILE", help="write the ratings as a Python module")


def main(args: argparse.Namespace) -> int:
    """Play (or read) the results, fit, print; status 2 for a bad option or file."""
    try:
        if args.sources:
            results, runs = [], []
            for source in args.sources:
                more, ran = read_results(Path(source).read_text(), source)
                results += more
                runs += ran
            results = merge(results)
        else:
            if len(args.names) < 2 or args.games < 1 or args.jobs < 1:
                raise RatingError("name at least two opponents; --games and --jobs at least 1")
            for name in args.names:
                opponent(name)
            if ANCHOR not in args.names:
                # Checked before playing: the fit needs it, and hours of matches without it
                # would be thrown away.
                raise RatingError(f"the round robin must include the anchor {ANCHOR!r}")
            results = round_robin(args.names, args.games, args.seed, PRESETS[args.rules], args.jobs)
            runs = [
                {"rules": args.rules, "seed": args.seed, "games": args.games, "names": args.names}
            ]
        ratings = fit(results)
    except (OSError, OpponentError, RatingError) as error:
        sys.stderr.write(f"python -m gin ladder: {error}\n")
        return 2
    predictions = held_out(results)
    print(describe(runs))
    print(table(ratings))
    print(prediction_report(predictions))
    styled = styles.held_out(results)
    print(prediction_report(styled, "held-out pairings by ratings and styles (gin.ai.styles)"))
    if args.json:
        Path(args.json).write_text(record(results, runs, ratings, predictions, styled))
    if args.module:
        Path(args.module).write_text(module_text(ratings, runs))
    return 0
