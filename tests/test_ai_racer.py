"""The safe gin racer's character: knocks only in its first turns, more careful as a hand goes."""

from __future__ import annotations

from gin.ai.knowledge.tracking import Move, Table
from gin.ai.players.racer import CAUTION_MOST, CAUTION_START, OPEN_TURNS, SafeGinRacer
from gin.rules import PRESETS


def table(own_draws: int, other_draws: int, stock: int = 20) -> Table:
    """A discard-phase table after the given numbers of draws by each seat."""
    moves = tuple(Move(0, "draw") for _ in range(own_draws)) + tuple(
        Move(1, "draw") for _ in range(other_draws)
    )
    return Table(0, "discard", 0, (), stock, 10, 0, moves, (), PRESETS["research"], 10)


def test_knocks_only_in_its_first_turns() -> None:
    racer = SafeGinRacer()
    limits = [racer.knock_limit(table(n, n)) for n in range(1, 12)]
    assert limits == [10] * OPEN_TURNS + [0] * (11 - OPEN_TURNS)
    assert racer.knock_limit(table(12, 12, stock=3)) == 0  # not even with the stock nearly gone


def test_caution_grows_with_the_other_players_draws() -> None:
    racer = SafeGinRacer()
    charges = [racer.caution(table(0, n)) for n in range(0, 20)]
    assert charges[0] == CAUTION_START
    assert all(a <= b for a, b in zip(charges, charges[1:], strict=False))
    assert charges[5] > CAUTION_START and charges[-1] == CAUTION_MOST
