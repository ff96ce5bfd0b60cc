"""What a hand's points are worth to the match: the chance of winning it from each score.

A match is won at the target, not by points, so the same points matter more or less with the
score: at 95 to 60 a knock for 5 ends the match and a gin for 40 does no more; at 30 to 96 any hand
the other player wins ends it. :func:`win_chance` is the chance of winning from a score between two
even players, every hand won by either side with the points of :data:`HANDS`; :func:`worth` turns a
hand's points into what they do to that chance, still counted in points (of the current score), so
that a search scoring hands in points can score them for the match instead. At an even start the
two agree to within a point or two on any hand up to 40 points; near the target they part.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

HANDS: tuple[tuple[int, float], ...] = (
    (2, 0.108),
    (5, 0.108),
    (8, 0.102),
    (13, 0.076),
    (18, 0.078),
    (26, 0.195),
    (30, 0.167),
    (36, 0.100),
    (49, 0.066),
)
"""The points a hand's winner scores and the share of won hands that score about that many, from
461 hands won in 60 matches of the expert against the baseline (research rules): knocks of 1 to
20 points about half, gins and undercuts of 25 and more the rest."""

SPAN = 15
"""The points either side of an even start over which :func:`worth` measures a point."""

REACH = 100
"""The most points the nearer player may still need for the chances to be worked out exactly
(the farther may need up to twice as many; more counts as that many). In a match to more than
100, scores further from the target count as the same lead nearer it, so early in a long match a
hand's points count as at the start of a match to 100."""


@lru_cache(maxsize=1)
def _table() -> tuple[tuple[float, ...], ...]:
    """``chance[n][m]``: the chance of winning when this seat still needs ``n`` points (0 to
    :data:`REACH`) and the other player ``m`` (0 to twice that), every hand won by either player
    at even odds with :data:`HANDS` points."""
    wide = 2 * REACH + 1
    # Needing nothing has won, unless the other player needs nothing either (never asked); every
    # row keeps that 0 at m = 0, the other player having won.
    rows: list[list[float]] = [[0.0] + [1.0] * (wide - 1)]
    for need in range(1, REACH + 1):
        # Half the chance comes from this hand won: rows of fewer points needed, filled already
        # (a hand that reaches the target wins) ...
        row = [0.0] * wide
        for points, share in HANDS:
            after = rows[max(need - points, 0)]
            row = [r + share * x for r, x in zip(row, after, strict=True)]
        # ... and half from it lost: this row where the other player needs fewer, filled first
        # (a hand that brings the other player to the target loses).
        for other in range(1, wide):
            lost = sum(share * row[other - points] for points, share in HANDS if other > points)
            row[other] = (row[other] + lost) / 2
        rows.append(row)
    return tuple(tuple(row) for row in rows)


def win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance of winning the match from ``mine`` points to ``theirs``.

    >>> win_chance(0, 0, 100), win_chance(100, 40, 100), win_chance(40, 100, 100)
    (0.5, 1.0, 0.0)
    >>> round(win_chance(95, 60, 100), 2), round(win_chance(60, 95, 100), 2)
    (0.78, 0.22)
    >>> win_chance(5030, 5000, 10000) == win_chance(30, 0, 130)
    True
    """
    need, other = target - mine, target - theirs
    if need <= 0 or other <= 0:
        return 1.0 if need <= 0 else 0.0
    if need > other:
        return 1.0 - win_chance(theirs, mine, target)
    beyond = max(need - REACH, 0)
    return _table()[need - beyond][min(other - beyond, 2 * REACH)]


def worth(mine: int, theirs: int, target: int) -> Callable[[int], float]:
    """From ``mine`` points to ``theirs``: a function of a hand's points to this seat (negative
    when the other player scores) giving what they do to the chance of winning the match, in
    points of this score: the change in the chance over the change a point makes here (averaged
    over :data:`SPAN` points either way). At an even start that is close to the points.

    >>> early = worth(0, 0, 100)
    >>> round(early(10), 1), round(early(-25), 1)
    (9.9, -25.3)
    >>> late = worth(95, 60, 100)
    >>> late(5) == late(40), round(late(5), 1), round(late(-40), 1)
    (True, 16.9, -61.5)
    >>> behind = worth(30, 96, 100)
    >>> behind(-4) == behind(-40), round(behind(5), 1), round(behind(40), 1)
    (True, 2.9, 45.1)
    """
    base = win_chance(mine, theirs, target)
    ahead, behind = win_chance(mine + SPAN, theirs, target), win_chance(mine, theirs + SPAN, target)
    scale = max(ahead - behind, 1e-9) / (2 * SPAN)

    def value(points: int) -> float:
        if points >= 0:
            after = win_chance(mine + points, theirs, target)
        else:
            after = win_chance(mine, theirs - points, target)
        return (after - base) / scale

    return value
