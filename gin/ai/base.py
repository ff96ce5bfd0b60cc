"""What a computer opponent is, and the registry of the named ones.

An opponent is anything with ``decide(view) -> str``: it reads one seat's view (the plain dict
of :mod:`gin.view`, exactly what a human in that seat may know) and answers one action in the
engine's notation, always one the rules allow now. Nothing here sees the other hand or the
stock, so every opponent is fair by construction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

View = Mapping[str, Any]


class OpponentError(ValueError):
    """An unknown opponent name, or a view an opponent cannot read."""


class Opponent(Protocol):
    """A player that chooses an action from its view alone."""

    def decide(self, view: View) -> str:
        """The action to play, in the engine's text notation."""
        ...


@dataclass(frozen=True)
class Entry:
    """A registered opponent: its name, the line the UI shows, and how to make one."""

    name: str
    rung: int
    title: str
    description: str
    make: Callable[[], Opponent]
    listed: bool = True
    """Offered to players; the arena's sparring partners (:mod:`gin.ai.players.league`) are not."""


_REGISTRY: dict[str, Entry] = {}
ALIASES = {"simple": "baseline"}
"""Other names accepted for an opponent ("simple" was the engine's first stand-in player)."""


def register(
    name: str, rung: int, title: str, description: str, listed: bool = True
) -> Callable[[type], type]:
    """Class decorator: list an opponent class under ``name`` at ``rung`` of the ladder (0 is
    the weakest) with its one-line description; ``listed=False`` keeps it out of the ladder
    offered to players (an arena-only sparring partner)."""

    def add(cls: type) -> type:
        _REGISTRY[name] = Entry(name, rung, title, description, cls, listed)
        return cls

    return add


def enlist(entry: Entry) -> None:
    """Register an entry built by hand (an opponent made from parameters, not a class)."""
    _REGISTRY[entry.name] = entry


def opponent(name: str) -> Opponent:
    """A fresh opponent by registered name (case-insensitive, ``-``/``_``/space alike)."""
    key = name.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    key = ALIASES.get(key, key)
    for entry in _REGISTRY.values():
        if entry.name.replace("-", "") == key:
            return entry.make()
    raise OpponentError(f"unknown opponent {name!r}: choose one of {', '.join(_REGISTRY)}")


def entries(everyone: bool = False) -> list[Entry]:
    """The registered opponents offered to players, weakest first (``everyone``: the arena's
    sparring partners too)."""
    chosen = [e for e in _REGISTRY.values() if everyone or e.listed]
    return sorted(chosen, key=lambda e: e.rung)
