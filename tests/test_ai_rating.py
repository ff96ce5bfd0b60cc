"""The rating fit recovers known strengths, and a player's rating moves the right way."""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest

from gin.__main__ import main
from gin.ai.ratings import styles
from gin.ai.ratings.elo import (
    PlayerRating,
    Prediction,
    RatingError,
    Result,
    after_match,
    expected,
    fit,
    held_out,
    opponent_rating,
    suggest,
)
from gin.ai.ratings.fitted import RATINGS
from gin.ai.research.ladder import merge

TRUE = {"baseline": 1500, "weak": 1320, "fair": 1580, "good": 1700, "strong": 1880}
"""Known ratings of a synthetic field (the baseline is the anchor, as in the arena)."""


def tournament(seed: int, matches: int) -> list[Result]:
    """A round robin whose match wins are drawn from :data:`TRUE` with a seeded generator."""
    rng = random.Random(seed)
    names = list(TRUE)
    results = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            wins = sum(rng.random() < expected(TRUE[a], TRUE[b]) for _ in range(matches))
            results.append(Result(a, b, wins, matches - wins))
    return results


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fit_recovers_known_ratings(seed: int) -> None:
    ratings = fit(tournament(seed, 300))
    assert [r.name for r in ratings] == sorted(TRUE, key=lambda n: -TRUE[n])
    for r in ratings:
        assert abs(r.rating - TRUE[r.name]) < 40, r
        assert r.low <= TRUE[r.name] <= r.high, r
        assert r.matches == 4 * 300


def test_intervals_cover_about_95_percent() -> None:
    """Over many synthetic tournaments the intervals hold the true rating about 95% of the time
    (not 100%: an interval far too wide would pass every single check above)."""
    covered = total = 0
    for seed in range(40):
        for r in fit(tournament(100 + seed, 60)):
            if r.name != "baseline":
                covered += r.low <= TRUE[r.name] <= r.high
                total += 1
    assert 0.88 <= covered / total <= 0.99


def test_held_out_pairings_are_predicted() -> None:
    predictions = held_out(tournament(7, 400))
    assert len(predictions) == 10
    for p in predictions:
        assert abs(p.error) < 4 * p.noise + 1, p


def test_held_out_errors_stay_within_their_own_spread() -> None:
    """The error of a held-out pairing is the prediction's spread and the observation's noise
    together: about 95% of them stay within twice that, and the spread halves when the other
    pairings have four times the matches."""
    within = total = 0
    for seed in range(12):
        for p in held_out(tournament(seed, 100)):
            within += abs(p.error) <= 1.96 * p.expected_error
            total += 1
    assert 0.88 <= within / total <= 0.99
    results = tournament(5, 100)
    fourfold = [Result(r.first, r.second, 4 * r.first_wins, 4 * r.second_wins) for r in results]
    for few, many in zip(held_out(results), held_out(fourfold), strict=True):
        assert few.spread == pytest.approx(2 * many.spread, rel=0.01)


def test_an_unbeaten_member_stays_finite() -> None:
    ratings = {r.name: r for r in fit([Result("baseline", "top", 0, 30)])}
    assert 1800 < ratings["top"].rating < 4000
    assert ratings["top"].low < ratings["top"].rating < ratings["top"].high


def test_fit_needs_the_anchor() -> None:
    with pytest.raises(RatingError, match="anchor"):
        fit([Result("a", "b", 3, 4)])


def test_player_rating_moves_with_results() -> None:
    player = PlayerRating()
    won = after_match(player, 1500, 1)
    lost = after_match(player, 1500, 0)
    assert won.rating > player.rating > lost.rating
    assert won.deviation < player.deviation and won.matches == 1
    # Beating a much weaker opponent earns less than beating an equal one.
    assert after_match(player, 1100, 1).rating < won.rating
    # The interval narrows with matches, and a settled rating moves less.
    for _ in range(30):
        player = after_match(player, 1600, 0.5)
    low, high = player.interval()
    assert high - low < PlayerRating().interval()[1] - PlayerRating().interval()[0]
    assert after_match(player, 1600, 1).rating - player.rating < won.rating - 1500
    assert after_match(player, 1600, 0).rating < player.rating


def test_player_rating_round_trips_through_json() -> None:
    player = after_match(PlayerRating(), 1620, 1)
    assert PlayerRating.from_json(player.as_json()) == player
    for bad in (
        [],
        {"rating": 1500},
        {"rating": "x", "deviation": 1, "matches": 0},
        {"rating": 1500, "deviation": 1e-300, "matches": 1},  # divided by zero once
        {"rating": 1500, "deviation": 1e300, "matches": 1},
        {"rating": -1e300, "deviation": 100, "matches": 1},  # overflowed once
    ):
        with pytest.raises(RatingError):
            PlayerRating.from_json(bad)
    with pytest.raises(RatingError):
        after_match(player, 1500, 2)


def test_ladder_merges_pairings_in_either_order() -> None:
    merged = merge([Result("a", "b", 3, 1), Result("b", "a", 2, 5), Result("a", "c", 1, 1)])
    assert merged == [Result("a", "b", 8, 3), Result("a", "c", 1, 1)]


def test_ladder_writes_a_file_it_can_refit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tmp_path / "one.json"
    assert main(["ladder", "beginner", "baseline", "--games", "2", "--json", str(first)]) == 0
    data = json.loads(first.read_text())
    assert sum(r["first_wins"] + r["second_wins"] for r in data["results"]) == 2
    module = tmp_path / "table.py"
    assert main(["ladder", "--from", str(first), str(first), "--module", str(module)]) == 0
    assert "| `baseline` | 1500 | anchor | 4 |" in capsys.readouterr().out
    text = module.read_text()
    assert '"baseline": {"rating": 1500, "low": 1500, "high": 1500, "matches": 4},' in text
    assert "seed ladder (research rules, 2 runs of 2 matches a pair)" in " ".join(text.split())
    assert main(["ladder", "beginner", "cautious", "--games", "2"]) == 2
    assert "must include the anchor 'baseline'" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text('{"format": "other"}')
    assert main(["ladder", "--from", str(tmp_path / "bad.json")]) == 2
    assert "not a gin-ladder-1 file" in capsys.readouterr().err


def test_suggestion_is_the_nearest_rated_opponent() -> None:
    rated = sorted(RATINGS, key=lambda n: RATINGS[n]["rating"])
    assert len(rated) >= 3
    for low, high in itertools.pairwise(rated):
        below, above = RATINGS[low]["rating"], RATINGS[high]["rating"]
        if below == above:
            continue  # either is as near
        between = (below + above) / 2
        for player, nearest in ((between - 1, below), (between + 1, above)):
            chosen = suggest(PlayerRating(player), rated)
            assert chosen is not None and RATINGS[chosen]["rating"] == nearest
    assert suggest(PlayerRating(), ["nobody"]) is None
    assert opponent_rating(rated[0]) == RATINGS[rated[0]]
    assert opponent_rating("nobody") is None


def test_arena_results_add_up_in_the_ladder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert main(["arena", "beginner", "baseline", "--games", "2", "--results", str(one)]) == 0
    assert main(["arena", "baseline", "beginner", "--games", "1", "--results", str(two)]) == 0
    capsys.readouterr()
    assert main(["ladder", "--from", str(one), str(two)]) == 0
    out = capsys.readouterr().out
    assert "seed arena (standard rules, 2 runs of 1 to 2 matches a pair)" in out
    assert "| `baseline` | 1500 | anchor | 3 |" in out


def cyclic_tournament(seed: int, matches: int) -> list[Result]:
    """A round robin where strength alone cannot predict: each member also has a style (an
    angle), and the one whose angle is ahead by less than half a turn gains up to a logit of 1
    (about 23 points), so every three members 120 degrees apart form a cycle."""
    rng = random.Random(seed)
    names = ["baseline", "a", "b", "c", "d", "e", "f"]
    results = []
    for i, a in enumerate(names):
        for j, b in enumerate(names[i + 1 :], i + 1):
            logit = 0.4 * (i - j) / 6 + math.sin((j - i) * math.pi / 3)
            wins = sum(rng.random() < 1 / (1 + math.exp(-logit)) for _ in range(matches))
            results.append(Result(a, b, wins, matches - wins))
    return results


def mean_error(predictions: list[Prediction]) -> float:
    return sum(abs(p.error) for p in predictions) / len(predictions)


def test_styles_predict_the_pairings_of_a_league_with_cycles() -> None:
    results = cyclic_tournament(1, 1000)
    rated, styled = held_out(results), styles.held_out(results)
    assert len(styled) == len(rated) == 21
    assert mean_error(rated) > 15  # one number per member cannot hold the cycles
    assert mean_error(styled) < 4


def test_styles_cost_little_where_strength_alone_predicts() -> None:
    results = tournament(2, 400)
    assert mean_error(styles.held_out(results)) < mean_error(held_out(results)) + 1
