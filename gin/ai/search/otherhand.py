"""The read of the other hand, learned from play: how likely a knock is to be undercut, and how
near the other player is to ending the hand.

The sampled worlds (:mod:`gin.ai.search.worlds`) guess the other hand from this seat's view, and
their share of undercuts is not the true risk: against the expert a stated 2% was undercut a
third of the time, against the beginner a stated 94% one time in eight. What the worlds see
(that share, the deadwood they give the other hand) is one input among others a seat may know:
the stock left, the other player's draws and takes this hand, what its earlier hands showed of
its patience, the exposure of one's melds to layoffs, and whom one plays when one knows it.
Models fitted to self-play, where the hidden hand is known after the fact
(``python -m gin selfplay``, ``gin.ai.research.train``), turn those into the risk; they are
shipped as data (``otherhand.json``, boosted trees) and evaluated here in plain Python.

Every input comes from :class:`gin.ai.knowledge.tracking.Table` and its worlds, which read the
view alone: re-dealing the hidden cards changes no prediction.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gin.ai.knowledge.evaluate import deadwood, defence_deadwood, layoff_exposure
from gin.ai.knowledge.tracking import Table
from gin.ai.search.worlds import World, limit_prior, table_worlds
from gin.cards import mask_value
from gin.game import knock_score
from gin.melds import Meld, layoff_candidates
from gin.rules import Rules

POSITION = (
    "stock",
    "draws",
    "other_draws",
    "other_takes",
    "other_known",
    "eager",
    "patient",
    "hands_seen",
    "worlds_deadwood",
    "worlds_knock_ready",
    "worlds_tight",
    "knock_limit",
)
"""What a position says, one number each (:func:`position`)."""

DECLARATION = (
    "deadwood",
    "worlds_undercut",
    "worlds_margin",
    "layoff_spots",
    "layoff_exposure",
    "deadwood_cards",
)
"""What one declaration adds (:func:`declaration`)."""

TIGHT = 4
"""Deadwood at or below which a sampled other hand counts as one card or so from gin."""


@lru_cache(maxsize=1)
def table_position(table: Table) -> tuple[float, ...]:
    """:func:`position` over the table's own worlds, once however many declarations a decision
    reads (tables that differ only in whom they play share it: it does not depend on that)."""
    return tuple(position(table, table_worlds(table)))


def position(table: Table, found: Sequence[World]) -> list[float]:
    """The numbers of :data:`POSITION` for this seat's view and its sampled worlds."""
    know = table.knowledge
    prior = limit_prior(table)
    other = 1 - table.seat
    takes = sum(1 for m in table.moves if m.seat == other and m.kind == "take")
    dead = [deadwood(w.other) for w in found]
    count = max(len(dead), 1)
    return [
        float(table.stock),
        float(know.draws),
        float(know.opponent_draws),
        float(takes),
        float(table.opponent_known.bit_count()),
        sum(prior[8:]),
        sum(prior[:3]),
        float(len(table.other_ends)),
        sum(dead) / count,
        sum(1 for d in dead if d <= table.knock_limit) / count,
        sum(1 for d in dead if d <= TIGHT) / count,
        float(table.knock_limit),
    ]


def declaration(
    table: Table, found: Sequence[World], rest: int, melds: Sequence[Meld]
) -> list[float]:
    """The numbers of :data:`DECLARATION` for knocking with the ten cards ``rest`` declaring
    ``melds``: its deadwood, the share of worlds that undercut it and how far the worlds'
    other hands end from it on average (their deadwood after layoffs less the knocker's), the
    unseen cards that could be laid off on its melds and their expected points."""
    declared = 0
    for meld in melds:
        declared |= meld
    left = rest & ~declared
    own = mask_value(left)
    rules = table.rules
    count = max(len(found), 1)
    defences = [defence_deadwood(w.other, melds) for w in found]
    # Undercut where the knock scores below 0 (:func:`gin.ai.search.worlds.settle`, which a
    # knock with no deadwood, gin, never does).
    undercut = sum(1 for d in defences if own and _lost(own, d, rules)) / count
    margin = sum(d - own for d in defences) / count
    know = table.knowledge
    spots = layoff_candidates(know.unseen, melds).bit_count()
    return [
        float(own),
        undercut,
        margin,
        float(spots),
        layoff_exposure(melds, know.prob, rest),
        float(left.bit_count()),
    ]


def _lost(own: int, defence: int, rules: Rules) -> bool:
    """Whether a knock with ``own`` deadwood against ``defence`` scores below 0."""
    _, points, wins = knock_score(own, defence, rules)
    return wins is False and points > 0


Node = tuple[
    tuple[int, ...], tuple[float, ...], tuple[int, ...], tuple[int, ...], tuple[float, ...]
]
"""One tree as five parallel lists: feature, threshold, left, right, value. A node whose left
is -1 is a leaf; a sample goes left when its feature is at most the threshold."""


@dataclass(frozen=True)
class Trees:
    """Boosted regression trees for one binary outcome: the log-odds are ``base`` plus the sum
    of each tree's leaf, then scaled for the opponent named (``scale``: slope and shift of the
    log-odds for each opponent the model knows, ``""`` for an unknown one)."""

    base: float
    trees: tuple[Node, ...]
    scale: dict[str, tuple[float, float]]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Trees:
        """The trees as :mod:`gin.ai.research.train` writes them."""
        trees = tuple(
            (
                tuple(int(f) for f in t["feature"]),
                tuple(float(x) for x in t["threshold"]),
                tuple(int(n) for n in t["left"]),
                tuple(int(n) for n in t["right"]),
                tuple(float(v) for v in t["value"]),
            )
            for t in data["trees"]
        )
        scale = {k: (float(v[0]), float(v[1])) for k, v in data.get("scale", {}).items()}
        return cls(float(data["base"]), trees, scale)

    def raw(self, x: Sequence[float]) -> float:
        """The unscaled log-odds for the inputs ``x``: one tree splitting on input 0 at 1.0 (a
        value equal to the threshold goes left), leaves -1 and 2, over a base of 0.5:

        >>> one = ((0, 0, 0), (1.0, 0.0, 0.0), (1, -1, -1), (2, -1, -1), (0.0, -1.0, 2.0))
        >>> trees = Trees(0.5, (one,), {"": (2.0, 0.0)})
        >>> trees.raw([1.0]), trees.raw([1.5]), round(trees.chance([1.0], None), 3)
        (-0.5, 2.5, 0.269)
        """
        total = self.base
        for feature, threshold, left, right, value in self.trees:
            node = 0
            while left[node] >= 0:
                node = left[node] if x[feature[node]] <= threshold[node] else right[node]
            total += value[node]
        return total

    def chance(self, x: Sequence[float], who: str | None) -> float:
        """The modelled probability of the outcome for the inputs ``x`` against ``who``."""
        slope, shift = self.scale.get(who or "", self.scale.get("", (1.0, 0.0)))
        return 1.0 / (1.0 + math.exp(-(slope * self.raw(x) + shift)))


@dataclass(frozen=True)
class Model:
    """The shipped models and the order of their inputs."""

    opponents: tuple[str, ...]
    """The players the models know by name; any other (or none named) reads as unknown."""
    undercut: Trees
    ends_next: Trees

    def known(self, name: str | None) -> str | None:
        """``name`` if the models know it, else None (an unknown player)."""
        return name if name in self.opponents else None

    def who(self, name: str | None) -> list[float]:
        """One input per known opponent, 1 for the one named."""
        return [1.0 if name == known else 0.0 for known in self.opponents]


def _load() -> Model:
    """The models shipped in ``otherhand.json`` beside this module."""
    with open(os.path.join(os.path.dirname(__file__), "otherhand.json"), encoding="utf-8") as f:
        data = json.load(f)
    return Model(
        tuple(data["opponents"]),
        Trees.from_json(data["undercut"]),
        Trees.from_json(data["ends_next"]),
    )


_MODEL = _load()
"""Read when the module is imported: the page's fast start is a memory snapshot taken after the
engine is imported, and it keeps modules and their data but not the files they came from."""


def model() -> Model:
    """The shipped models."""
    return _MODEL


def undercut_risks(table: Table, rest: int, choices: Sequence[Sequence[Meld]]) -> list[float]:
    """For each declaration of ``choices`` (a knock keeping the ten cards ``rest``), the chance
    that the other player undercuts it."""
    found = table_worlds(table)
    read = model()
    who = read.known(table.other_player)
    shared = [*table_position(table), *read.who(who)]
    return [read.undercut.chance(shared + declaration(table, found, rest, m), who) for m in choices]


def ends_next(table: Table) -> float:
    """The chance that the other player knocks or goes gin at its next turn if this seat
    plays on."""
    read = model()
    who = read.known(table.other_player)
    return read.ends_next.chance([*table_position(table), *read.who(who)], who)
