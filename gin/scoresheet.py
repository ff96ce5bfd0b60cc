"""The score sheet of a match, as on a paper gin pad: one line per finished hand.

Each line says who dealt, how the hand ended, who scored and how much, and the running points
and boxes of both seats after it. Everything is derived from the match itself (its rules, seed
and results: the dealer of each hand follows from the first dealer and the results), so a saved
match, which is its list of actions, carries its sheet with it. The box and game bonuses of a
finished match are :func:`gin.match.final_totals` (the view's ``final``).

>>> from gin.game import HandResult
>>> from gin.rules import Rules
>>> results = (HandResult("void"), HandResult("gin", knocker=1, winner=1, points=31),
...            HandResult("undercut", knocker=1, winner=0, points=27))
>>> for line in lines(Rules(), 0, results):
...     print(line["deal"], line["dealer"], line["kind"], line["winner"], line["points"],
...           line["totals"], line["boxes"])
1 0 void None 0 [0, 0] [0, 0]
2 0 gin 1 31 [0, 31] [0, 1]
3 1 undercut 0 27 [27, 31] [1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gin.game import HandResult
from gin.match import Match, first_dealer, next_dealer
from gin.rules import Rules

__all__ = ["lines", "sheet"]


def lines(rules: Rules, dealer: int, results: Sequence[HandResult]) -> list[dict[str, Any]]:
    """One line per result, in order: ``deal`` (the hand number, void hands included),
    ``dealer``, ``kind``, ``knocker``, ``winner`` (None for a void hand or an unscored tie),
    ``points`` (what the winner scored), and ``totals`` and ``boxes`` of both seats after it.
    ``dealer`` is the first hand's dealer."""
    totals, boxes = [0, 0], [0, 0]
    out = []
    for number, result in enumerate(results, 1):
        if result.winner is not None:
            totals[result.winner] += result.points
            boxes[result.winner] += 1
        out.append(
            {
                "deal": number,
                "dealer": dealer,
                "kind": result.kind,
                "knocker": result.knocker,
                "winner": result.winner,
                "points": result.points,
                "totals": list(totals),
                "boxes": list(boxes),
            }
        )
        dealer = next_dealer(rules, dealer, result)
    return out


def sheet(match: Match) -> list[dict[str, Any]]:
    """The lines of ``match`` so far (see :func:`lines`)."""
    return lines(match.rules, first_dealer(match.seed), match.results)
