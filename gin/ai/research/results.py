"""The results file of the arena and the ladder: the runs it comes from, each pairing's match
wins and, once fitted, the ratings and their held-out check (``python -m gin ladder --json``,
``python -m gin arena --results``). Runs made at different times add up pair by pair.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gin.ai.ratings.elo import ANCHOR, Prediction, Rating, RatingError, Result

FORMAT = "gin-ladder-1"
"""The ``format`` field of the JSON the ladder writes."""


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
    held-out check, by the ratings alone and with styles (:mod:`gin.ai.ratings.styles`)."""
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
