"""Match-ups that one rating cannot tell: a rating and a style for each opponent.

One Elo rating per opponent orders the league, but some pairings it cannot predict. The
tactician waits for gin or for the other player's knock to undercut it: that beats players who
knock as soon as they may (74% of matches against the baseline) and loses to players who wait
for gin themselves (35% against ``baseline-k0`` and the gin waiter). No single number can sit
both above the baseline by that much and below the gin waiter by that much, since the gin waiter
wins only 67% against the baseline: the league has cycles.

So, for predicting a pairing, each opponent also gets a *style*: :data:`DIMENSIONS` pairs of
coordinates ``(u, v)``, and opponent ``i`` beats ``j`` with probability ``σ(x)``, where
``x = s_i − s_j + Σ (u_i·v_j − v_i·u_j)`` (σ the logistic function, ``s`` a strength on the
natural-log scale). The style term is antisymmetric, so the two players' chances still add up
to one and a player meets itself at even odds, and it can hold a cycle (A over B over C over A)
that the strengths alone cannot. This is the multidimensional Elo of Balduzzi et al.,
"Re-evaluating evaluation" (2018). The ratings the page shows stay the Bradley–Terry ones of
:mod:`gin.ai.ratings.elo`; the styles serve the held-out check (:func:`held_out`), how well the
arena's results predict a pairing they did not see.

The fit maximises the likelihood of the match wins, each pairing weighted by its matches, with
a small penalty (:data:`PENALTY`) on the style coordinates, by a fixed number of Adam steps from
a seeded start: the same results always give the same fit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from gin.ai.ratings.elo import Prediction, Result, leave_one_out

DIMENSIONS = 2
"""Pairs of style coordinates per opponent. On the league's results (seeds ``ladder-L3`` to
``ladder-L5``, 45 pairings of 300 to 900 matches), held out one pairing at a time: none, mean
error 3.5 points; one pair, 3.4 (penalty 0.1) to 4.6 (0.001); two pairs, 2.5."""
PENALTY = 0.01
"""Weight of the squared style coordinates against the mean log-likelihood of a pairing: with
none, a pairing left out is predicted from coordinates fitted to the noise of the others."""
STEPS = 3000
"""Adam steps of the fit: on the league's results (``docs/ladder/``) the fitted chances move by
less than 0.1 point between 1,500 and 6,000 steps."""
RATE = 0.05
"""Adam's step size."""


@dataclass(frozen=True)
class Styles:
    """A fit: each opponent's strength and style coordinates."""

    strength: dict[str, float]
    style: dict[str, tuple[tuple[float, float], ...]]

    def chance(self, first: str, second: str) -> float:
        """The chance that ``first`` beats ``second``."""
        x = self.strength[first] - self.strength[second]
        for (u1, v1), (u2, v2) in zip(self.style[first], self.style[second], strict=True):
            x += u1 * v2 - v1 * u2
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def fit(results: Sequence[Result], dimensions: int = DIMENSIONS) -> Styles:
    """The strengths and styles that best explain ``results`` (see the module's docstring).

    >>> cycle = [Result("a", "b", 80, 20), Result("b", "c", 80, 20), Result("c", "a", 80, 20)]
    >>> found = fit(cycle)
    >>> [round(found.chance(x, y), 1) for x, y in (("a", "b"), ("b", "c"), ("c", "a"))]
    [0.8, 0.8, 0.8]
    """
    names = sorted({r.first for r in results} | {r.second for r in results})
    index = {n: i for i, n in enumerate(names)}
    n = len(names)
    rng = random.Random(7)
    # One flat vector: strengths, then for each dimension the u of every opponent, then its v.
    theta = [0.0] * n + [rng.gauss(0, 0.3) for _ in range(2 * n * dimensions)]
    first_moment = [0.0] * len(theta)
    second_moment = [0.0] * len(theta)
    total = sum(r.first_wins + r.second_wins for r in results) or 1
    scale = len(results) / total  # the gradient of the mean log-likelihood of a pairing
    columns = [(n + 2 * n * d, n + 2 * n * d + n) for d in range(dimensions)]  # u's and v's
    for step in range(1, STEPS + 1):
        grad = [0.0] * n + [-PENALTY * t for t in theta[n:]]
        for r in results:
            i, j = index[r.first], index[r.second]
            x = theta[i] - theta[j]
            for u, v in columns:
                x += theta[u + i] * theta[v + j] - theta[v + i] * theta[u + j]
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))
            g = (r.first_wins - (r.first_wins + r.second_wins) * p) * scale
            grad[i] += g
            grad[j] -= g
            for u, v in columns:
                grad[u + i] += g * theta[v + j]
                grad[v + j] += g * theta[u + i]
                grad[v + i] -= g * theta[u + j]
                grad[u + j] -= g * theta[v + i]
        for k, g in enumerate(grad):
            first_moment[k] = 0.9 * first_moment[k] + 0.1 * g
            second_moment[k] = 0.999 * second_moment[k] + 0.001 * g * g
            mean = first_moment[k] / (1 - 0.9**step)
            spread = math.sqrt(second_moment[k] / (1 - 0.999**step))
            theta[k] += RATE * mean / (spread + 1e-8)
    return Styles(
        {name: theta[index[name]] for name in names},
        {
            name: tuple((theta[u + index[name]], theta[v + index[name]]) for u, v in columns)
            for name in names
        },
    )


def held_out(results: Sequence[Result], dimensions: int = DIMENSIONS) -> list[Prediction]:
    """Each pairing predicted by a fit of strengths and styles on all the others (leave one
    pairing out); pairings with a member the others never saw are skipped. Their ``spread`` is
    not worked out (None)."""

    def predict(rest: Sequence[Result], left: Result) -> tuple[float, float | None] | None:
        seen = {r.first for r in rest} | {r.second for r in rest}
        if not {left.first, left.second} <= seen:
            return None
        return fit(rest, dimensions).chance(left.first, left.second), None

    return leave_one_out(results, predict)
