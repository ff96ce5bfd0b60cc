"""Self-play data, the learned read of the other hand and its calibration report.

The rows are the same wherever they are made (one process, a local pool, a local Dask cluster),
a run resumes, the truth in a row is the engine's, and the shipped read is calibrated where a
planted wrong one is not.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from gin.actions import Action
from gin.ai.base import opponent
from gin.ai.research import calibration, selfplay
from gin.ai.search import otherhand
from gin.match import apply, new_match, seed_decks
from gin.melds import deadwood
from gin.rules import PRESETS
from gin.view import view

RULES = PRESETS["research"]
PAIRS = [("cautious", "baseline")]  # quick players that knock often: rows with knocks


def shards(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(folder.glob("*.jsonl"))}


def test_the_same_seeds_give_the_same_rows_on_a_pool_and_on_a_local_cluster_and_a_run_resumes(
    tmp_path: Path,
) -> None:
    pool = selfplay.run(tmp_path / "pool", PAIRS, 2, "rows", RULES, jobs=2, shard=1)
    cluster = selfplay.run(tmp_path / "dask", PAIRS, 2, "rows", RULES, jobs=2, dask="local")
    assert (pool[0], cluster[0]) == (2, 1)  # two shards of one deal, or one of two
    assert pool[1] == cluster[1] > 50
    made = "".join(shards(tmp_path / "pool").values())
    assert "".join(shards(tmp_path / "dask").values()) == made  # the same rows, in deal order
    rows = [json.loads(line) for line in made.splitlines()]
    assert any(row["knocks"] for row in rows)
    assert {row["player"] for row in rows} == {"cautious", "baseline"}
    # A run that stopped resumes: only the missing shard is played, and it comes out the same.
    before = shards(tmp_path / "pool")
    (tmp_path / "pool" / min(before)).unlink()
    again = selfplay.run(tmp_path / "pool", PAIRS, 2, "rows", RULES, shard=1)
    assert again[0] == 1
    assert shards(tmp_path / "pool") == before


def test_a_rows_truth_is_the_engines() -> None:
    """Each knock's label is what the engine makes of it against the hidden hand, and the other
    hand's deadwood is the real one's (the same deterministic players replayed beside the
    rows)."""
    deal = "truth-0"
    decks = seed_decks(deal, 40)
    players = (opponent("cautious"), opponent("baseline"))
    rows = selfplay.match_rows(players, ("cautious", "baseline"), RULES, deal, decks)
    by_step = {row["step"]: row for row in rows}
    match = new_match(RULES, deal, decks)
    checked = undercuts = 0
    while match.winner is None:
        hand = match.hand
        if hand.result is not None:
            match = apply(match, Action("next"))
            continue
        seat = hand.to_act
        assert seat is not None
        row = by_step.pop(len(match.actions), None)
        if row is not None:
            assert row["seat"] == seat
            assert row["other_deadwood"] == deadwood(hand.hands[1 - seat])
            for knock in row["knocks"]:
                result = apply(match, Action.from_text(knock["action"])).hand.result
                assert result is not None
                assert knock["undercut"] == int(result.kind == "undercut")
                checked += 1
                undercuts += knock["undercut"]
        match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))
    assert not by_step
    assert checked > 5 and 0 < undercuts < checked


def test_a_planted_miscalibrated_read_fails_the_calibration_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint against the beginner, eight matches: the shipped read's stated risks are near
    the truth; a read planted upside down (its log-odds negated: a likely undercut stated
    unlikely and the other way round) is far from it."""

    def error(found: list[calibration.Chance]) -> float:
        return calibration.ece([p for p, _ in found], [y for _, y in found])

    shipped = calibration.chances(["beginner"], 8, "check", PRESETS["standard"])["beginner"]
    model = otherhand.model()
    turned = {who: (-slope, -shift) for who, (slope, shift) in model.undercut.scale.items()}
    planted = replace(model, undercut=replace(model.undercut, scale=turned))
    monkeypatch.setattr(otherhand, "model", lambda: planted)
    wrong = calibration.chances(["beginner"], 8, "check", PRESETS["standard"])["beginner"]
    assert len(shipped) >= 20 and len(wrong) >= 20
    assert error(shipped) <= 0.15
    assert error(wrong) >= 0.5
