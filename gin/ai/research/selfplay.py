"""Positions from self-play with the hidden truth beside them: the data the read of the other
hand (:mod:`gin.ai.search.otherhand`) learns from.

``python -m gin selfplay DIR --pairs expert:league --matches N --seed S --jobs J [--dask ADDR]``

Pairs of opponents play mirrored deals as in the arena (:mod:`gin.ai.research.arena`), each
deciding from its own view. At every turn where a seat holds eleven cards and has a choice, a row
records what that seat may know, as the read's inputs (:data:`gin.ai.search.otherhand.POSITION`),
and the truth, known once the hand is over:

* ``knocks``: each knock it could make (each knocking discard and its leading declarations),
  with the inputs that declaration adds, and what the engine makes of it against the real other
  hand: ``undercut`` (0 or 1), the defender's ``deadwood`` after layoffs, the knocker's
  ``points`` (negative when undercut);
* ``other_deadwood``: the other hand's deadwood now;
* ``played``: the kind of action the seat then chose; ``ends_next``: whether, when it played on,
  the other player knocked or went gin at its very next turn; ``turns_to_end``: the other
  player's turns until the hand ended; ``end``: how it ended (knock, undercut, gin, big_gin,
  void).

A shard is a range of deals of one pair, written as JSON lines to its own file once complete
(write, then rename), so a run that stops resumes where it was: shards on disk are not played
again. Each deal's seed is ``SEED-PAIR-DEAL``, so the rows of a shard depend only on the seed and
the pair, never on the shard size, the number of processes or where they ran.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gin.actions import Action
from gin.ai.base import Opponent, OpponentError, opponent
from gin.ai.knowledge.tracking import Table
from gin.ai.knowledge.views import read_view
from gin.ai.players.league import members
from gin.ai.research.arena import MIRRORED_DEALS
from gin.ai.research.cluster import executor, options, ordered
from gin.ai.search.otherhand import declaration, position
from gin.ai.search.verdict import DECLARATIONS
from gin.ai.search.worlds import World, table_worlds
from gin.game import Phase
from gin.match import Deck, Match, apply, new_match, seed_decks
from gin.melds import deadwood, declarations
from gin.rules import PRESETS, Rules
from gin.view import view

SHARD = 4
"""Deals per shard (each played twice, seats swapped)."""

ENDS = ("knock", "gin")
"""Action kinds that end a hand at the player's own turn."""


def pairs_of(spec: str) -> list[tuple[str, str]]:
    """The pairs ``A:B,C:D`` names; ``league`` as B stands for every league member.

    >>> pairs_of("expert:baseline,tactician:beginner")
    [('expert', 'baseline'), ('tactician', 'beginner')]
    >>> len(pairs_of("expert:league")) == len(members())
    True
    """
    found: list[tuple[str, str]] = []
    for part in spec.split(","):
        first, colon, second = part.strip().partition(":")
        if not colon or not first or not second:
            raise ValueError(f"a pair is two opponents joined by ':', not {part!r}")
        for name in members() if second == "league" else (second,):
            opponent(first), opponent(name)
            found.append((first, name))
    return found


@dataclass
class _Pending:
    """A row waiting for its hand to end."""

    row: dict[str, Any]
    seat: int
    turn: int
    """The index of this decision among the hand's eleven-card decisions."""


def _knocks(match: Match, seat: int, table: Table, found: Sequence[World]) -> list[dict[str, Any]]:
    """Every knock the seat could make now, its inputs and the engine's truth."""
    hand = match.hand
    cards = hand.hands[seat]
    limit = hand.knock_limit
    rows = []
    for card in range(52):
        if not cards >> card & 1 or card == hand.taken:
            continue
        rest = cards & ~(1 << card)
        if deadwood(rest) > limit or deadwood(rest) == 0:
            continue
        for melds in declarations(rest, limit)[:DECLARATIONS]:
            action = Action("knock", card, melds)
            result = apply(match, action).hand.result
            assert result is not None
            won = result.winner == seat
            rows.append(
                {
                    "action": action.text(),
                    "x": declaration(table, found, rest, melds),
                    "undercut": int(result.kind == "undercut"),
                    "deadwood": result.defender_deadwood,
                    "points": result.points if won else -result.points,
                }
            )
    return rows


def _close(pending: list[_Pending], match: Match, decisions: list[int]) -> list[dict[str, Any]]:
    """The rows of a finished hand with its truth filled in. ``decisions`` are the seats of the
    hand's eleven-card decisions in order."""
    result = match.hand.result
    assert result is not None
    ender = result.knocker if result.kind != "void" else None
    rows = []
    for item in pending:
        other = 1 - item.seat
        later = decisions[item.turn + 1 :]
        turns = sum(1 for s in later if s == other)
        last = item.turn == len(decisions) - 1
        row = item.row
        if row["played"] in ENDS and last:
            row["ends_next"] = None
        else:
            first_other = next((i for i, s in enumerate(later) if s == other), None)
            row["ends_next"] = int(
                ender == other and first_other is not None and first_other == len(later) - 1
            )
        row["turns_to_end"] = turns
        row["end"] = result.kind
        rows.append(row)
    return rows


def match_rows(
    players: tuple[Opponent, Opponent],
    names: tuple[str, str],
    rules: Rules,
    seed: str,
    decks: Sequence[Deck],
) -> list[dict[str, Any]]:
    """Every row of one match with ``players[i]`` in seat i."""
    match = new_match(rules, seed, tuple(decks))
    rows: list[dict[str, Any]] = []
    pending: list[_Pending] = []
    decisions: list[int] = []
    while True:
        hand = match.hand
        if hand.result is not None:
            rows += _close(pending, match, decisions)
            pending, decisions = [], []
            if match.winner is not None:
                return rows
            match = apply(match, Action("next"))
            continue
        seat = hand.to_act
        assert seat is not None
        seen = view(match, seat)
        text = players[seat].decide(seen)
        if hand.phase == Phase.DISCARD and len(seen["legal_actions"]) > 1:
            table = read_view({**seen, "opponent": {**seen["opponent"], "player": names[1 - seat]}})
            found = table_worlds(table)
            row = {
                "deal": seed,
                "step": len(match.actions),
                "seat": seat,
                "player": names[seat],
                "other": names[1 - seat],
                "x": position(table, found),
                "knocks": _knocks(match, seat, table, found),
                "other_deadwood": deadwood(hand.hands[1 - seat]),
                "played": Action.from_text(text).kind,
            }
            pending.append(_Pending(row, seat, len(decisions)))
            decisions.append(seat)
        match = apply(match, Action.from_text(text))


def shard_rows(first: str, second: str, seed: str, rules: Rules, start: int, stop: int) -> str:
    """The rows of deals ``start`` to ``stop - 1`` of the pair, as JSON lines."""
    a, b = opponent(first), opponent(second)
    lines = []
    for i in range(start, stop):
        deal_seed = f"{seed}-{first}-{second}-{i}"
        decks = seed_decks(deal_seed, MIRRORED_DEALS)
        for players, names in (((a, b), (first, second)), ((b, a), (second, first))):
            for row in match_rows(players, names, rules, deal_seed, decks):
                lines.append(json.dumps(row, separators=(",", ":")))
    return "".join(line + "\n" for line in lines)


def shard_name(first: str, second: str, start: int, stop: int) -> str:
    """The file of a shard: the pair and its deals."""
    return f"{first}_{second}_{start:06d}-{stop:06d}.jsonl"


def run(
    out: Path,
    pairs: Sequence[tuple[str, str]],
    deals: int,
    seed: str,
    rules: Rules,
    jobs: int = 1,
    dask: str | None = None,
    shard: int = SHARD,
) -> tuple[int, int, float, int]:
    """Write the shards (``shard`` deals each) of ``deals`` deals of every pair not yet in
    ``out``: (shards written, rows, seconds, processes)."""
    out.mkdir(parents=True, exist_ok=True)
    tasks = [
        (first, second, lo, min(lo + shard, deals))
        for lo in range(0, deals, shard)
        for first, second in pairs
        if not (out / shard_name(first, second, lo, min(lo + shard, deals))).exists()
    ]
    start = time.perf_counter()
    rows = 0
    with executor(jobs, dask) as (pool, cores):
        columns = list(zip(*tasks, strict=True)) if tasks else [(), (), (), ()]
        found = ordered(
            pool,
            shard_rows,
            columns[0],
            columns[1],
            [seed] * len(tasks),
            [rules] * len(tasks),
            columns[2],
            columns[3],
        )
        for done, (task, text) in enumerate(zip(tasks, found, strict=True), 1):
            path = out / shard_name(*task)
            part = path.with_suffix(".part")
            part.write_text(text, encoding="utf-8")
            part.replace(path)
            rows += text.count("\n")
            sys.stderr.write(f"\r{done}/{len(tasks)} shards, {rows} rows")
            sys.stderr.flush()
    if tasks:
        sys.stderr.write("\n")
    return len(tasks), rows, time.perf_counter() - start, cores


def arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m gin selfplay``."""
    parser.add_argument("out", metavar="DIR", help="folder of the shards (created; resumed)")
    parser.add_argument(
        "--pairs",
        default="expert:league,expert:expert",
        help="pairs A:B, comma separated; B 'league' for every league member "
        "(default: the expert against the league and itself)",
    )
    parser.add_argument("--matches", type=int, default=40, help="matches per pair (even)")
    parser.add_argument("--seed", default="selfplay", help="seed of the deals")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="research")
    options(parser)


def main(args: argparse.Namespace) -> int:
    """Run ``python -m gin selfplay``."""
    try:
        pairs = pairs_of(args.pairs)
    except (ValueError, OpponentError) as error:
        print(f"selfplay: {error}", file=sys.stderr)
        return 2
    if args.matches < 1 or args.jobs < 1:
        print("selfplay: --matches and --jobs must be at least 1", file=sys.stderr)
        return 2
    deals = (args.matches + 1) // 2
    written, rows, seconds, cores = run(
        Path(args.out), pairs, deals, args.seed, PRESETS[args.rules], args.jobs, args.dask
    )
    rate = rows / seconds / cores if seconds and rows else 0.0
    print(
        f"{written} shards, {rows} positions in {seconds:.1f} s on {cores} processes: "
        f"{rate:.0f} positions per second per process"
    )
    return 0
