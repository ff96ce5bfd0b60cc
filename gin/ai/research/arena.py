"""Opponent against opponent over mirrored deals, with the figures that compare them.

Every seed's decks are supplied to two matches with the seats swapped (duplicate play), so both
sides get the same cards and the luck of the deal cancels out. Each side decides from its own
view only (:func:`gin.view.view`).

Deals are independent and every opponent is deterministic, so they can be spread over worker
processes (``--jobs``) or a Dask cluster (``--dask``): each worker plays whole deals and the
tallies are added up in deal order, giving the same totals whatever the number of workers.
``league`` as the second opponent plays the first against the whole field of
:mod:`gin.ai.players.league`.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gin.actions import Action
from gin.ai.base import Opponent, OpponentError, entries, opponent
from gin.ai.players.league import members
from gin.ai.ratings.elo import Result
from gin.ai.research.cluster import executor, options, ordered
from gin.ai.research.results import record
from gin.game import HandResult
from gin.match import Deck, apply, new_match, seed_decks
from gin.rules import PRESETS, Rules
from gin.view import view

MIRRORED_DEALS = 40  # decks supplied to both tables of a pair; a match rarely needs 20


@dataclass
class Side:
    """The running figures of one side."""

    name: str
    matches: int = 0
    hands_won: int = 0
    points: int = 0
    knocks: int = 0
    gins: int = 0
    undercuts: int = 0
    times: list[float] = field(default_factory=list)

    def add(self, other: Side) -> None:
        """Count ``other``'s figures in this side's."""
        self.matches += other.matches
        self.hands_won += other.hands_won
        self.points += other.points
        self.knocks += other.knocks
        self.gins += other.gins
        self.undercuts += other.undercuts
        self.times.extend(other.times)


@dataclass
class Tally:
    """Both sides' figures, plus what belongs to neither."""

    sides: tuple[Side, Side]
    matches: int = 0
    hands: int = 0
    void: int = 0

    def add(self, other: Tally) -> None:
        """Count ``other``'s figures (the same two sides) in this tally's."""
        for mine, theirs in zip(self.sides, other.sides, strict=True):
            mine.add(theirs)
        self.matches += other.matches
        self.hands += other.hands
        self.void += other.void


def _count(result: HandResult, tally: Tally, order: tuple[int, int]) -> None:
    tally.hands += 1
    if result.kind == "void":
        tally.void += 1
        return
    assert result.knocker is not None
    knocker = tally.sides[order[result.knocker]]
    if result.kind in ("gin", "big_gin"):
        knocker.gins += 1
    else:
        knocker.knocks += 1
    if result.kind == "undercut":
        tally.sides[order[1 - result.knocker]].undercuts += 1
    if result.winner is not None:
        winner = tally.sides[order[result.winner]]
        winner.hands_won += 1
        winner.points += result.points


def play_match(
    players: tuple[Opponent, Opponent],
    rules: Rules,
    seed: str,
    tally: Tally,
    order: tuple[int, int],
    decks: tuple[Deck, ...] = (),
) -> None:
    """One match with ``players[i]`` in seat i, counted for side ``order[i]``, dealt from the
    supplied ``decks`` first, then from ``seed``."""
    match = new_match(rules, seed, decks)
    clock = time.perf_counter
    while match.winner is None:
        hand = match.hand
        if hand.result is not None:
            _count(hand.result, tally, order)
            match = apply(match, Action("next"))
            continue
        seat = hand.to_act
        assert seat is not None
        seen = view(match, seat)
        start = clock()
        text = players[seat].decide(seen)
        tally.sides[order[seat]].times.append(clock() - start)
        match = apply(match, Action.from_text(text))
    assert match.hand.result is not None
    _count(match.hand.result, tally, order)
    tally.sides[order[match.winner]].matches += 1
    tally.matches += 1


CHUNK = 5
"""Deals per task handed to a worker process."""


def deals(
    first: str, second: str, games: int, seed: str, rules: Rules, start: int, stop: int
) -> Tally:
    """Deals ``start`` to ``stop - 1`` of a run of ``games`` matches: each deal is played twice
    with the seats swapped (once only for an odd last match)."""
    a, b = opponent(first), opponent(second)
    tally = Tally((Side(first), Side(second)))
    for i in range(start, stop):
        deal_seed = f"{seed}-{i}"
        decks = seed_decks(deal_seed, MIRRORED_DEALS)
        play_match((a, b), rules, deal_seed, tally, (0, 1), decks)
        if 2 * i + 1 < games:
            play_match((b, a), rules, deal_seed, tally, (1, 0), decks)
    return tally


def _tasks(pairs: Sequence[tuple[str, str]], games: int) -> Iterator[tuple[int, int, int]]:
    """(pair, first deal, end deal) for every chunk of deals of every pair, the pairs taking
    turns so that all of them advance together."""
    deals_ = (games + 1) // 2
    for start in range(0, deals_, CHUNK):
        for index in range(len(pairs)):
            yield index, start, min(start + CHUNK, deals_)


def run_many(
    pairs: Sequence[tuple[str, str]],
    games: int,
    seed: str,
    rules: Rules,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    dask: str | None = None,
) -> list[Tally]:
    """``games`` matches for each pair of named opponents, on the same deals, spread over
    ``jobs`` processes or a Dask cluster (:mod:`gin.ai.research.cluster`); ``progress(done,
    total)`` is told of each finished chunk of deals."""
    tallies = [Tally((Side(a), Side(b))) for a, b in pairs]
    tasks = list(_tasks(pairs, games))
    columns: list[list[Any]] = [
        [pairs[i][0] for i, _, _ in tasks],
        [pairs[i][1] for i, _, _ in tasks],
        [games] * len(tasks),
        [seed] * len(tasks),
        [rules] * len(tasks),
        [lo for _, lo, _ in tasks],
        [hi for _, _, hi in tasks],
    ]
    with executor(jobs, dask) as (pool, _):
        results = ordered(pool, deals, *columns)
        for done, (task, result) in enumerate(zip(tasks, results, strict=True), 1):
            tallies[task[0]].add(result)
            if progress is not None:
                progress(done, len(tasks))
    return tallies


def run(first: str, second: str, games: int, seed: str, rules: Rules, jobs: int = 1) -> Tally:
    """``games`` matches between two named opponents: ``games // 2`` deals each played twice
    with the seats swapped (one more unmirrored match when ``games`` is odd)."""
    return run_many([(first, second)], games, seed, rules, jobs)[0]


def interval(wins: int, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in interval(70, 100)]
    [0.604, 0.781]
    """
    if total == 0:
        return 0.0, 1.0
    z = 1.959964
    p = wins / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    scale = 1 + z * z / total
    return (centre - spread) / scale, (centre + spread) / scale


def _p95(times: list[float]) -> float:
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def report(tally: Tally) -> str:
    """The arena's table as text."""
    a, b = tally.sides
    low, high = interval(a.matches, tally.matches)
    scored = max(tally.hands - tally.void, 1)
    hands = max(tally.hands, 1)
    width = max(14, len(a.name) + 2, len(b.name) + 2)  # columns as wide as the longer name
    lines = [
        f"{a.name} vs {b.name}: {tally.matches} matches, {tally.hands} hands ({tally.void} void)",
        f"{a.name} wins {a.matches}/{tally.matches} matches = "
        f"{a.matches / max(tally.matches, 1):.1%} (95% interval {low:.1%} to {high:.1%})",
        f"{'':<22}{a.name:>{width}}{b.name:>{width}}",
    ]
    rows: list[tuple[str, str, str]] = [
        ("matches won", str(a.matches), str(b.matches)),
        ("hands won", f"{a.hands_won / scored:.1%}", f"{b.hands_won / scored:.1%}"),
        ("points per hand", f"{a.points / hands:.2f}", f"{b.points / hands:.2f}"),
        ("knocks", str(a.knocks), str(b.knocks)),
        ("gins", str(a.gins), str(b.gins)),
        ("undercuts won", str(a.undercuts), str(b.undercuts)),
        ("decisions", str(len(a.times)), str(len(b.times))),
        (
            "mean decision ms",
            _ms(sum(a.times) / max(len(a.times), 1)),
            _ms(sum(b.times) / max(len(b.times), 1)),
        ),
        ("p95 decision ms", _ms(_p95(a.times)), _ms(_p95(b.times))),
    ]
    for label, left, right in rows:
        lines.append(f"{label:<22}{left:>{width}}{right:>{width}}")
    return "\n".join(lines)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def league_report(tallies: Sequence[Tally]) -> str:
    """One line per league member (the first side's wins against it), then the minimum."""
    top = tallies[0].sides[0].name
    lines = [
        f"{top} against the league: matches won with 95% interval, points per match and per hand "
        "(both sides), p95 decision ms",
        f"{'opponent':<15}{'matches':>8}{'wins':>7}{'95% interval':>17}"
        f"{'pts/match':>15}{'pts/hand':>15}{'p95 ms':>8}",
    ]
    for tally in tallies:
        a, b = tally.sides
        low, high = interval(a.matches, tally.matches)
        games, hands = max(tally.matches, 1), max(tally.hands, 1)
        lines.append(
            f"{b.name:<15}{tally.matches:>8}{a.matches / games:>7.1%}"
            f"{f'{low:.1%}-{high:.1%}':>17}"
            f"{f'{a.points / games:.1f} / {b.points / games:.1f}':>15}"
            f"{f'{a.points / hands:.2f} / {b.points / hands:.2f}':>15}{_ms(_p95(a.times)):>8}"
        )
    worst = min(tallies, key=lambda t: t.sides[0].matches / max(t.matches, 1))
    low, high = interval(worst.sides[0].matches, worst.matches)
    rate = worst.sides[0].matches / max(worst.matches, 1)
    lines.append(
        f"minimum: {rate:.1%} (95% interval {low:.1%} to {high:.1%}) against {worst.sides[1].name}"
    )
    return "\n".join(lines)


def arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m gin arena``."""
    names = [e.name for e in entries()]
    parser.add_argument("first", metavar="A", help=f"an opponent: {', '.join(names)}")
    parser.add_argument(
        "second",
        metavar="B",
        help="the other opponent, or 'league' for the whole field (see docs/opponents.md)",
    )
    parser.add_argument("--games", type=int, default=200, help="matches (each deal twice)")
    parser.add_argument("--seed", default="arena", help="seed of the deals")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="standard")
    options(parser)
    parser.add_argument(
        "--results",
        metavar="FILE",
        help="also write the match wins as a ladder file (fit with python -m gin ladder --from)",
    )


def progress_line(done: int, total: int) -> None:
    """A progress line on stderr: rewritten in place on a terminal, every tenth otherwise."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\r{done}/{total} chunks of {CHUNK} deals")
        if done == total:
            sys.stderr.write("\n")
    elif done == total or done % max(total // 10, 1) == 0:
        sys.stderr.write(f"{done}/{total} chunks of {CHUNK} deals\n")
    sys.stderr.flush()


def wins(tallies: Sequence[Tally]) -> list[Result]:
    """The match wins of each pair the arena played."""
    return [
        Result(t.sides[0].name, t.sides[1].name, t.sides[0].matches, t.sides[1].matches)
        for t in tallies
    ]


def main(args: argparse.Namespace) -> int:
    """Run the arena from parsed options and print the table; status 2 for a bad option."""
    league = args.second.strip().lower() == "league"
    try:
        opponent(args.first)
        if not league:
            opponent(args.second)
    except OpponentError as error:
        sys.stderr.write(f"{error}\n")
        return 2
    if args.games < 1:
        sys.stderr.write("--games must be at least 1\n")
        return 2
    if args.jobs < 1:
        sys.stderr.write("--jobs must be at least 1\n")
        return 2
    field_ = members(args.first) if league else (args.second,)
    pairs = [(args.first, other) for other in field_]
    long_run = args.games * len(pairs) >= 40
    tallies = run_many(
        pairs,
        args.games,
        args.seed,
        PRESETS[args.rules],
        args.jobs,
        progress_line if long_run else None,
        args.dask,
    )
    print(f"rules: {args.rules}, seed: {args.seed}")
    print(league_report(tallies) if league else report(tallies[0]))
    if args.results:
        run = {
            "rules": args.rules,
            "seed": args.seed,
            "games": args.games,
            "names": [args.first, *field_],
        }
        Path(args.results).write_text(record(wins(tallies), [run]))
    return 0
