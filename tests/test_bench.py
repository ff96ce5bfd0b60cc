"""The engine benchmark runs end to end and prints a positive figure on every line."""

from __future__ import annotations

import re

from gin import bench
from gin.melds import deadwood


def test_bench_prints_every_figure() -> None:
    lines: list[str] = []
    bench.run(200, out=lines.append)
    figures = [line for line in lines if "hands/s" in line]
    assert len(figures) >= 5
    for line in figures:
        number = re.search(r"([\d,]+) hands/s", line)
        assert number and int(number.group(1).replace(",", "")) > 0


def test_dense_hands_are_meld_dense() -> None:
    dense = bench.dense_hands(300, 10)
    spread = bench.random_hands(300, 10)
    assert all(h.bit_count() == 10 for h in dense + spread)
    assert sum(map(deadwood, dense)) < sum(map(deadwood, spread)) / 2
