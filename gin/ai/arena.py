"""Opponent against opponent over mirrored deals, with the figures that compare them.

Every seed's decks are supplied to two matches with the seats swapped (duplicate play), so both
sides get the same cards and the luck of the deal cancels out. Each side decides from its own
view only (:func:`gin.view.view`).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from gin.actions import Action
from gin.ai.base import Opponent, OpponentError, entries, opponent
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


@dataclass
class Tally:
    """Both sides' figures, plus what belongs to neither."""

    sides: tuple[Side, Side]
    matches: int = 0
    hands: int = 0
    void: int = 0


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


def run(
    first: str,
    second: str,
    games: int,
    seed: str,
    rules: Rules,
    progress: Callable[[Tally], None] | None = None,
) -> Tally:
    """``games`` matches between two named opponents: ``games // 2`` deals each played twice
    with the seats swapped (one more unmirrored match when ``games`` is odd)."""
    a, b = opponent(first), opponent(second)
    tally = Tally((Side(first), Side(second)))
    for i in range((games + 1) // 2):
        deal_seed = f"{seed}-{i}"
        decks = seed_decks(deal_seed, MIRRORED_DEALS)
        play_match((a, b), rules, deal_seed, tally, (0, 1), decks)
        if 2 * i + 1 < games:
            play_match((b, a), rules, deal_seed, tally, (1, 0), decks)
        if progress is not None:
            progress(tally)
    return tally


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
    lines = [
        f"{a.name} vs {b.name}: {tally.matches} matches, {tally.hands} hands ({tally.void} void)",
        f"{a.name} wins {a.matches}/{tally.matches} matches = "
        f"{a.matches / max(tally.matches, 1):.1%} (95% interval {low:.1%} to {high:.1%})",
        f"{'':<22}{a.name:>14}{b.name:>14}",
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
        lines.append(f"{label:<22}{left:>14}{right:>14}")
    return "\n".join(lines)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m gin arena``."""
    names = [e.name for e in entries()]
    parser.add_argument("first", metavar="A", help=f"an opponent: {', '.join(names)}")
    parser.add_argument("second", metavar="B", help="the other opponent")
    parser.add_argument("--games", type=int, default=200, help="matches (each deal twice)")
    parser.add_argument("--seed", default="arena", help="seed of the deals")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="standard")


def main(args: argparse.Namespace) -> int:
    """Run the arena from parsed options and print the table; status 2 for a bad option."""
    try:
        opponent(args.first)
        opponent(args.second)
    except OpponentError as error:
        sys.stderr.write(f"{error}\n")
        return 2
    if args.games < 1:
        sys.stderr.write("--games must be at least 1\n")
        return 2
    tally = run(args.first, args.second, args.games, args.seed, PRESETS[args.rules])
    print(f"rules: {args.rules}, seed: {args.seed}")
    print(report(tally))
    return 0
