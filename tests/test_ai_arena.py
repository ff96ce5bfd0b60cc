"""A small arena in the test suite: the expert must beat the baseline (a loose bound; the full
strength figures come from ``python -m gin arena``), and the arena's figures add up."""

from __future__ import annotations

import subprocess
import sys

from gin.ai import arena
from gin.rules import PRESETS


def test_expert_beats_baseline_in_a_small_arena() -> None:
    tally = arena.run("expert", "baseline", 16, "suite", PRESETS["research"])
    expert, baseline = tally.sides
    assert tally.matches == 16 == expert.matches + baseline.matches
    # Loose on purpose: 16 matches are few; the expert must score more and not trail in wins.
    assert expert.points > baseline.points
    assert expert.matches >= 8
    assert max(expert.times) < 2.0


def test_figures_add_up() -> None:
    tally = arena.run("beginner", "cautious", 4, "sums", PRESETS["standard"])
    a, b = tally.sides
    assert a.hands_won + b.hands_won + tally.void <= tally.hands
    assert a.knocks + b.knocks + a.gins + b.gins + tally.void == tally.hands
    assert len(a.times) > 0 and len(b.times) > 0
    text = arena.report(tally)
    assert "95% interval" in text and "p95 decision ms" in text


def test_command_line() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "gin",
            "arena",
            "beginner",
            "baseline",
            "--games",
            "2",
            "--seed",
            "cli",
            "--rules",
            "research",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "beginner wins" in run.stdout and "undercuts" in run.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "gin", "arena", "nobody", "baseline"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2 and "unknown opponent" in bad.stderr
