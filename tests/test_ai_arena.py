"""A small league in the test suite: the top rung must beat three league members (a loose bound
on fixed seeds; the full strength figures come from ``python -m gin arena expert league``), the
arena's figures add up, and spreading it over processes changes no total."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

from gin.ai.research import arena
from gin.rules import PRESETS

SHORT = replace(PRESETS["research"], target=50)
"""Research rules to 50 points: half the hands of a match, the same play."""


MATCHES = 30
"""Short matches against each member: few enough for the suite."""


def test_expert_beats_three_league_members() -> None:
    """Loose on purpose: more than half of the short matches against each of three members
    (over 200 full matches the arena measured 63% to 75%), and more points."""
    field = ["baseline", "cautious", "baseline-k3"]
    tallies = arena.run_many([("expert", name) for name in field], MATCHES, "suite", SHORT, jobs=2)
    for tally in tallies:
        expert, other = tally.sides
        assert tally.matches == MATCHES == expert.matches + other.matches
        assert 2 * expert.matches > tally.matches, other.name
        assert expert.points > other.points, other.name


def test_jobs_change_no_total() -> None:
    pairs = [("beginner", "baseline"), ("baseline-k3", "cautious")]
    alone = arena.run_many(pairs, 12, "jobs", PRESETS["research"], jobs=1)
    spread = arena.run_many(pairs, 12, "jobs", PRESETS["research"], jobs=2)
    for one, two in zip(alone, spread, strict=True):
        assert (one.matches, one.hands, one.void) == (two.matches, two.hands, two.void)
        for a, b in zip(one.sides, two.sides, strict=True):
            assert replace(a, times=[]) == replace(b, times=[])
            assert len(a.times) == len(b.times)
    assert alone[0].matches == 12


def test_figures_add_up() -> None:
    tally = arena.run("beginner", "cautious", 4, "sums", PRESETS["standard"])
    a, b = tally.sides
    assert a.hands_won + b.hands_won + tally.void <= tally.hands
    assert a.knocks + b.knocks + a.gins + b.gins + tally.void == tally.hands
    assert len(a.times) > 0 and len(b.times) > 0
    text = arena.report(tally)
    assert "95% interval" in text and "p95 decision ms" in text


def arena_command(*args: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """``python -m gin arena ARGS`` in a child process, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "gin", "arena", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_command_line() -> None:
    run = arena_command(
        "beginner", "baseline", "--games", "2", "--seed", "cli", "--rules", "research", timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert "beginner wins" in run.stdout and "undercuts" in run.stdout
    league = arena_command("beginner", "league", "--games", "1", timeout=300)
    assert league.returncode == 0, league.stderr
    assert "baseline-k7" in league.stdout and "minimum:" in league.stdout
    bad = arena_command("nobody", "baseline", timeout=60)
    assert bad.returncode == 2 and "unknown opponent" in bad.stderr
