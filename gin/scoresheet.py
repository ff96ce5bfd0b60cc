"""The score sheet of a match, as on a paper gin pad: one line per finished hand.

Each line says who dealt, how the hand ended, who scored and how much, and the running points
and boxes of both seats after it; and what the end of the hand showed on the table: the
knocker's deadwood, the defender's deadwood before layoffs (both hands are laid face up) and how
many cards were left in the stock. Everything is derived from the match itself (its rules, seed
and results: the dealer of each hand follows from the first dealer and the results), so a saved
match, which is its list of actions, carries its sheet with it. The box and game bonuses of a
finished match are :func:`gin.match.final_totals` (the view's ``final``).

>>> from gin.game import HandResult
>>> from gin.rules import Rules
>>> results = (HandResult("void"), HandResult("gin", knocker=1, winner=1, points=31),
...            HandResult("undercut", knocker=1, winner=0, points=27))
>>> for line in lines(Rules(), 0, results, (2, 17, 9)):
...     print(line["deal"], line["dealer"], line["kind"], line["winner"], line["points"],
...           line["totals"], line["boxes"], line["stock_count"])
1 0 void None 0 [0, 0] [0, 0] 2
2 0 gin 1 31 [0, 31] [0, 1] 17
3 1 undercut 0 27 [27, 31] [1, 1] 9
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gin.game import HandResult
from gin.match import Match, first_dealer, next_dealer
from gin.rules import Rules

__all__ = ["lines", "sheet"]

FULL_STOCK = 31
"""The stock after the deal: 52 cards less two hands of ten and the upcard."""


def lines(
    rules: Rules, dealer: int, results: Sequence[HandResult], stocks: Sequence[int]
) -> list[dict[str, Any]]:
    """One line per result, in order: ``deal`` (the hand number, void hands included),
    ``dealer``, ``kind``, ``knocker``, ``winner`` (None for a void hand or an unscored tie),
    ``points`` (what the winner scored), ``totals`` and ``boxes`` of both seats after it,
    ``knocker_deadwood`` and ``defender_deadwood_before`` (None for a void hand)
    and ``stock_count``, the cards left in the stock when it ended (``stocks``, one per result).
    ``dealer`` is the first hand's dealer."""
    totals, boxes = [0, 0], [0, 0]
    out = []
    for number, (result, stock) in enumerate(zip(results, stocks, strict=True), 1):
        shown = result.kind != "void"
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
                "knocker_deadwood": result.knocker_deadwood if shown else None,
                "defender_deadwood_before": result.defender_deadwood_before if shown else None,
                "stock_count": stock,
            }
        )
        dealer = next_dealer(rules, dealer, result)
    return out


def sheet(match: Match) -> list[dict[str, Any]]:
    """The lines of ``match`` so far (see :func:`lines`)."""
    return lines(match.rules, first_dealer(match.seed), match.results, _stocks_left(match))


def _stocks_left(match: Match) -> list[int]:
    """The cards left in the stock at the end of each finished hand: a full stock less the
    hand's draws from it (the match's actions, hand after hand, separated by ``next``)."""
    draws = [0]
    for action in match.actions:
        if action.kind == "next":
            draws.append(0)
        elif action.kind == "draw":
            draws[-1] += 1
    return [FULL_STOCK - n for n in draws[: len(match.results)]]
