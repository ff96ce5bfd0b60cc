"""Ratings on the Elo scale: the opponents' from arena results, a player's from their matches.

**Opponents.** A Bradley–Terry model fitted to pairwise match wins: opponent ``i`` beats
``j`` with probability ``1 / (1 + 10 ** ((r_j - r_i) / 400))``. The ratings ``r`` maximise the
likelihood of the observed wins (Newton's method on natural-log strengths), with one member
anchored (the baseline at 1500 by default: :data:`ANCHOR`, :data:`ANCHOR_RATING`) and a weak
normal prior (:data:`PRIOR_SD`) so that a member that won or lost every match still gets a
finite rating. The 95% intervals come from the Fisher information of the fit (the inverse of
the negated Hessian of the log-likelihood at its maximum): they are the uncertainty of each
rating *relative to the anchor*, whose own interval is therefore a single point.

**A player.** :func:`after_match` is Glicko's update (one rating period per match): a rating and
a deviation that starts wide (:data:`NEW_DEVIATION`) and shrinks with every match, so a player
with few matches shows a wide interval. The deviation never falls below :data:`LEAST_DEVIATION`,
so a rating keeps following a player who improves. Everything here is pure: numbers in,
numbers out, JSON-friendly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from gin.ai.ratings.fitted import RATINGS

ANCHOR = "baseline"
"""The member whose rating is fixed: the research challenge's simple player, the yardstick."""
ANCHOR_RATING = 1500.0
PRIOR_SD = 1500.0
"""Standard deviation, on the Elo scale, of the normal prior around the anchor's rating: weak
enough to leave any measured difference alone, strong enough to keep an unbeaten member finite."""
Z95 = 1.959964
_SCALE = 400 / math.log(10)
"""Elo points per unit of natural-log strength."""


class RatingError(ValueError):
    """Results that cannot be fitted (no anchor among them, a negative count, a bad score)."""


@dataclass(frozen=True)
class Result:
    """The matches two opponents played: how many each won."""

    first: str
    second: str
    first_wins: int
    second_wins: int


@dataclass(frozen=True)
class Rating:
    """One opponent's fitted rating and its 95% interval."""

    name: str
    rating: float
    low: float
    high: float
    matches: int

    def figures(self) -> dict[str, int]:
        """The rating, its interval (whole Elo points) and the matches it rests on."""
        return {
            "rating": round(self.rating),
            "low": round(self.low),
            "high": round(self.high),
            "matches": self.matches,
        }

    def as_json(self) -> dict[str, object]:
        """The rating as a JSON object: the name and :meth:`figures`."""
        return {"name": self.name, **self.figures()}


def expected(rating: float, other: float) -> float:
    """The chance that a player rated ``rating`` wins a match against one rated ``other``.

    >>> round(expected(1700, 1500), 3)
    0.76
    """
    return 1 / (1 + 10 ** ((other - rating) / 400))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting (small systems)."""
    n = len(vector)
    rows = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / head
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


@dataclass(frozen=True)
class _Fit:
    """A Bradley–Terry fit: each member's natural-log strength (the anchor's 0), the Fisher
    information of the free members' strengths, and their rows in it."""

    strength: dict[str, float]
    info: list[list[float]]
    index: dict[str, int]

    def variance(self, first: str, second: str) -> float:
        """The variance of the fitted strength difference of two members (natural-log units),
        from the inverse of the information."""
        unit = [0.0] * len(self.index)
        for name, sign in ((first, 1.0), (second, -1.0)):
            if name in self.index:
                unit[self.index[name]] += sign
        if not any(unit):
            return 0.0
        return sum(a * b for a, b in zip(unit, _solve(self.info, unit), strict=True))


def _fit(results: Sequence[Result], anchor: str) -> _Fit:
    """The maximum-likelihood strengths of every member of ``results`` (Newton's method) and
    their information at the maximum."""
    names = sorted({r.first for r in results} | {r.second for r in results})
    if anchor not in names:
        raise RatingError(f"the anchor {anchor!r} played none of these results")
    for r in results:
        if r.first_wins < 0 or r.second_wins < 0:
            raise RatingError(f"negative wins in {r.first} against {r.second}")
        if r.first == r.second:
            raise RatingError(f"{r.first} cannot be rated against itself")
    free = [n for n in names if n != anchor]
    index = {n: i for i, n in enumerate(free)}
    prior = (_SCALE / PRIOR_SD) ** 2
    theta = [0.0] * len(free)

    def strength(name: str) -> float:
        return 0.0 if name == anchor else theta[index[name]]

    info: list[list[float]] = []
    for _ in range(100):
        grad = [-prior * t for t in theta]
        info = [[prior if i == j else 0.0 for j in range(len(free))] for i in range(len(free))]
        for r in results:
            games = r.first_wins + r.second_wins
            p = 1 / (1 + math.exp(strength(r.second) - strength(r.first)))
            w = games * p * (1 - p)
            i, j = index.get(r.first), index.get(r.second)
            if i is not None:
                grad[i] += r.first_wins - games * p
                info[i][i] += w
            if j is not None:
                grad[j] -= r.first_wins - games * p
                info[j][j] += w
            if i is not None and j is not None:
                info[i][j] -= w
                info[j][i] -= w
        step = _solve(info, grad) if free else []
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    return _Fit({n: strength(n) for n in names}, info, index)


def fit(
    results: Sequence[Result], anchor: str = ANCHOR, anchor_rating: float = ANCHOR_RATING
) -> list[Rating]:
    """Bradley–Terry ratings of every opponent in ``results``, strongest first."""
    found = _fit(results, anchor)
    played = dict.fromkeys(found.strength, 0)
    for r in results:
        played[r.first] += r.first_wins + r.second_wins
        played[r.second] += r.first_wins + r.second_wins
    ratings = []
    for name, strength in found.strength.items():
        rating = anchor_rating + _SCALE * strength
        spread = Z95 * _SCALE * math.sqrt(found.variance(name, anchor))
        ratings.append(Rating(name, rating, rating - spread, rating + spread, played[name]))
    return sorted(ratings, key=lambda r: -r.rating)


@dataclass(frozen=True)
class Prediction:
    """A pairing left out of the fit: its observed and predicted win rate of ``first``."""

    first: str
    second: str
    matches: int
    observed: float
    predicted: float
    spread: float | None
    """The predicted rate's own standard error, in points: how far the fit on the other
    pairings is unsure of it (their matches are finite too); None where it is not worked out."""

    @property
    def error(self) -> float:
        """Predicted minus observed, in points of match-win percentage."""
        return 100 * (self.predicted - self.observed)

    @property
    def noise(self) -> float:
        """The observed rate's own standard error, in points: the error a perfect model would
        still show on this many matches."""
        p = self.observed
        return 100 * math.sqrt(max(p * (1 - p), 0.0) / max(self.matches, 1))

    @property
    def expected_error(self) -> float:
        """The error's own standard deviation, in points: the prediction's spread and the
        observation's noise together. A model that holds misses by more than twice this on
        about one pairing in twenty."""
        return math.hypot(self.spread or 0.0, self.noise)


Predictor = Callable[[Sequence[Result], Result], tuple[float, float | None] | None]
"""Given the other pairings and one left out: the left-out pairing's predicted win rate of its
first member and that prediction's spread (None where not worked out), or None when the others
say nothing about it."""


def leave_one_out(results: Sequence[Result], predict: Predictor) -> list[Prediction]:
    """Each pairing predicted by ``predict`` from all the others."""
    predictions = []
    for k, left in enumerate(results):
        found = predict([r for i, r in enumerate(results) if i != k], left)
        if found is None:
            continue
        games = left.first_wins + left.second_wins
        predictions.append(
            Prediction(left.first, left.second, games, left.first_wins / max(games, 1), *found)
        )
    return predictions


def held_out(results: Sequence[Result], anchor: str = ANCHOR) -> list[Prediction]:
    """Each pairing predicted by a Bradley–Terry fit on all the others (leave one pairing
    out)."""

    def predict(rest: Sequence[Result], left: Result) -> tuple[float, float | None] | None:
        names = {r.first for r in rest} | {r.second for r in rest}
        if not {anchor, left.first, left.second} <= names:
            return None  # the others say nothing about this pairing
        found = _fit(rest, anchor)
        gap = found.strength[left.first] - found.strength[left.second]
        predicted = 1 / (1 + math.exp(-gap))
        # The delta method: the rate moves by p(1 - p) per unit of strength difference.
        spread = predicted * (1 - predicted) * math.sqrt(found.variance(left.first, left.second))
        return predicted, 100 * spread

    return leave_one_out(results, predict)


def table(ratings: Sequence[Rating]) -> str:
    """The ratings as a Markdown table."""
    lines = ["| opponent | rating | 95% interval | matches |", "|---|---|---|---|"]
    for r in ratings:
        span = "anchor" if r.low == r.high else f"{r.low:.0f} to {r.high:.0f}"
        lines.append(f"| `{r.name}` | {r.rating:.0f} | {span} | {r.matches} |")
    return "\n".join(lines)


def opponent_rating(name: str) -> dict[str, int] | None:
    """The fitted rating of a registered opponent as JSON (``rating``, the 95% interval ``low``
    to ``high``, ``matches``), from the last ladder written into :mod:`gin.ai.ratings.fitted`;
    None for an opponent the ladder did not rate."""
    entry = RATINGS.get(name)
    return dict(entry) if entry is not None else None


def suggest(player: PlayerRating, names: Iterable[str], played: str | None = None) -> str | None:
    """Of the rated opponents among ``names``, the one to play next (None when none is rated):
    the one whose rating is nearest the player's once the rating is settled
    (:data:`SETTLED_DEVIATION`); until then one step toward that one, on the ladder of ``names``
    by rating, from ``played``, the opponent just played (one win against the beginner says
    little: it leads to the next level, not past it).

    >>> ladder = ["beginner", "cautious", "gin-hunter", "expert"]
    >>> suggest(PlayerRating(1548, 303), ladder, "beginner")
    'cautious'
    >>> settled = PlayerRating(1548, 90)
    >>> suggest(PlayerRating(1548, 303), ladder), suggest(settled, ladder, "beginner")
    ('gin-hunter', 'gin-hunter')
    """
    ladder = [n for _, n in sorted((RATINGS[n]["rating"], n) for n in names if n in RATINGS)]
    if not ladder:
        return None
    nearest = min((abs(RATINGS[n]["rating"] - player.rating), n) for n in ladder)[1]
    if player.deviation < SETTLED_DEVIATION or played not in ladder:
        return nearest
    here, there = ladder.index(played), ladder.index(nearest)
    return ladder[here + (there > here) - (there < here)]


# ----------------------------------------------------------------- a player's rating

NEW_DEVIATION = 350.0
"""A new player's deviation: their true rating is within about ±700 of 1500."""
LEAST_DEVIATION = 50.0
SETTLED_DEVIATION = 100.0
"""Below this deviation a rating is settled: its 95% interval lies within about 200 of it, which
about a dozen matches bring. Until then the suggestion moves one opponent at a time
(:func:`suggest`) and the page words the rating as still settling (the reply's ``settled``)."""
MOST_RATING = 4000
"""The highest rating a stored one may claim (the ladder's range is about 1000 to 2000; far
beyond, the expected score of a match overflows)."""
_Q = math.log(10) / 400


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating, its deviation (one standard deviation, Elo points) and matches rated."""

    rating: float = ANCHOR_RATING
    deviation: float = NEW_DEVIATION
    matches: int = 0

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the rating."""
        return self.rating - Z95 * self.deviation, self.rating + Z95 * self.deviation

    def as_json(self) -> dict[str, float | int]:
        """The rating as a JSON object."""
        return {"rating": self.rating, "deviation": self.deviation, "matches": self.matches}

    @classmethod
    def from_json(cls, data: object) -> PlayerRating:
        """Read :meth:`as_json`'s object back; a clear error for anything else."""
        if not isinstance(data, dict):
            raise RatingError(f"a player rating is an object, not {type(data).__name__}")
        try:
            rating, deviation = float(data["rating"]), float(data["deviation"])
            matches = int(data["matches"])
        except (KeyError, TypeError, ValueError) as error:
            raise RatingError(f"bad player rating {data!r}: {error}") from None
        if not (math.isfinite(rating) and math.isfinite(deviation)):
            raise RatingError(f"bad player rating {data!r}: rating and deviation must be finite")
        if not LEAST_DEVIATION <= deviation <= NEW_DEVIATION:
            # Every rating this module makes lies there; outside, a deviation of 1e-300 divides
            # by zero and one of 1e300 swamps every match.
            raise RatingError(
                f"bad player rating {data!r}: the deviation must be from {LEAST_DEVIATION:g} "
                f"to {NEW_DEVIATION:g}"
            )
        if not 0 <= rating <= MOST_RATING:
            raise RatingError(
                f"bad player rating {data!r}: the rating must be from 0 to {MOST_RATING}"
            )
        if matches < 0:
            raise RatingError(f"bad player rating {data!r}: negative matches")
        return cls(rating, deviation, matches)


def _g(deviation: float) -> float:
    return 1 / math.sqrt(1 + 3 * (_Q * deviation) ** 2 / math.pi**2)


def after_match(
    player: PlayerRating, opponent: float, score: float, opponent_deviation: float = 0.0
) -> PlayerRating:
    """The player's rating after one match against an opponent rated ``opponent`` (give its
    deviation if it is uncertain): ``score`` 1 for a win, 0 for a loss (0.5 counts as a draw).

    >>> new = PlayerRating()
    >>> won, lost = after_match(new, 1500, 1), after_match(new, 1500, 0)
    >>> round(won.rating), round(lost.rating), round(won.deviation)
    (1675, 1325, 247)
    """
    if not 0 <= score <= 1:
        raise RatingError(f"a match score is between 0 and 1, not {score!r}")
    g = _g(opponent_deviation)
    e = 1 / (1 + 10 ** (-g * (player.rating - opponent) / 400))
    d2 = 1 / (_Q**2 * g**2 * e * (1 - e))
    precision = 1 / player.deviation**2 + 1 / d2
    rating = player.rating + _Q / precision * g * (score - e)
    deviation = max(math.sqrt(1 / precision), LEAST_DEVIATION)
    return PlayerRating(rating, deviation, player.matches + 1)
