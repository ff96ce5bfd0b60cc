"""Knock now or play on: the verdict that the expert, the hint and the coach share.

A knock is scored exactly in each sampled world (:mod:`gin.ai.search.worlds`): the other hand's
best defence, its own melds and layoffs, against each declaration; those points say what an
undercut and a won knock are each worth, and the learned read of the other hand
(:mod:`gin.ai.search.otherhand`) how likely each is (:func:`knock_worth`). Playing on is scored
by the worlds' playouts. Both count each hand's points for what they do to the match
(:func:`gin.ai.search.standing.worth`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin.actions import Action
from gin.ai.knowledge.tracking import Table
from gin.ai.search.otherhand import undercut_risks
from gin.ai.search.standing import worth
from gin.ai.search.worlds import World, Worth, play_on_value, settle, table_worlds
from gin.cards import Card
from gin.melds import declarations
from gin.rules import Rules

DECLARATIONS = 3
"""Declarations compared per knocking discard (the least deadwood first)."""
MARGIN = 2.0
"""Points by which knocking now must beat playing on after this seat's first :data:`OPEN_DRAWS`
draws. It was 4 when the undercut risk was the worlds' share: that share is noisy and the search
knocked exactly where the noise flattered a knock (against patient players, knocks judged 0 to 4
points better scored about -10 on average, knocks judged 4 to 8 better about +19). With the
read's calibrated chance (:func:`knock_worth`), on the same 200 mirrored matches each (research
rules): margin 4 won 111 against the safe gin racer (seed ``i50-R``) and 149 against the
baseline (``i50-A``), margin 2 115 and 151, margin 0 118 and 149."""
OPEN_DRAWS = 4
"""Draws of this seat's hand in which knocking needs only to beat playing on (no margin): the
other hand is still loose, and an undercut rare. Scored against the baseline's real hands (300
matches, seed F2), the knocks judged 0 to 4 points better that the margin declined would have
earned 8.3 points more (± 5.0, 51 knocks) than their hands went on to earn in the first four
draws, 4.2 less (± 5.7, 32) in the fifth."""


@dataclass(frozen=True)
class Verdict:
    """Knocking now against playing on, in what each is expected to be worth to this seat's
    match, in points (:func:`gin.ai.search.standing.worth`)."""

    knock: Action
    knock_value: float
    undercut: float
    """The chance that the knock is undercut (:mod:`gin.ai.search.otherhand`)."""
    play_on: Card
    play_value: float
    wait_for: int
    """The knock threshold that made playing on worth most (0: gin only)."""
    margin: float
    """By how much knocking must beat playing on (:data:`MARGIN`, :data:`OPEN_DRAWS`)."""

    @property
    def knocks(self) -> bool:
        """Whether knocking now is worth more than playing on by the margin."""
        return self.knock_value >= self.play_value + self.margin


UNSEEN_UNDERCUT = 27
"""Points lost to an undercut that no sampled world shows (the read gives it a chance all the
same): in self-play such undercuts cost 27.4 points on average (1,412 knocks; 28.7 where some
world showed one)."""
UNSEEN_WIN = 6
"""Points won by a knock that every sampled world undercuts (the read says some hands would
not): in self-play such knocks, when not undercut, won 6.3 points on average (1,762 knocks; 9.7
where some world did not undercut)."""


def knock_worth(points: Sequence[int], risk: float, value: Worth) -> float:
    """What a knock scoring ``points`` in the sampled worlds is worth when it is undercut with
    the chance ``risk``: the worlds' mean worth when undercut and when not, weighed by that
    chance rather than by their own share.

    >>> knock_worth([10, 20, -30], 0.5, float)
    -7.5
    >>> knock_worth([10, 20], 0.25, float)
    4.5
    """
    lost = [value(p) for p in points if p < 0] or [value(-UNSEEN_UNDERCUT)]
    won = [value(p) for p in points if p >= 0] or [value(UNSEEN_WIN)]
    return risk * sum(lost) / len(lost) + (1 - risk) * sum(won) / len(won)


def knock_value(
    table: Table, found: Sequence[World], knockable: Sequence[Card], rules: Rules, value: Worth
) -> tuple[float, float, Action]:
    """The best knock among the discards ``knockable`` and their leading declarations: its
    expected worth and its chance of being undercut.

    The chance is the read's (:func:`gin.ai.search.otherhand.undercut_risks`), not the worlds'
    share: the worlds give what an undercut and a won knock are each worth (their mean points
    when undercut and when not), the read how likely each is."""
    best: tuple[float, float, Action] | None = None
    for card in knockable:
        rest = table.hand & ~(1 << card)
        choices = declarations(rest, table.knock_limit)[:DECLARATIONS]
        risks = undercut_risks(table, rest, choices)
        for melds, risk in zip(choices, risks, strict=True):
            points = [settle(rest, melds, world.other, rules) for world in found]
            mean = knock_worth(points, risk, value)
            if best is None or mean > best[0] + 1e-9:
                best = (mean, risk, Action("knock", card, melds))
    assert best is not None
    return best


def judge(table: Table, knockable: Sequence[Card], play_on: Card) -> Verdict:
    """Knock now (the best of ``knockable``) or throw ``play_on`` and play on, each hand's
    points weighed by what they do to the match from the current score."""
    found = table_worlds(table)
    rules = table.rules
    mine, theirs = table.scores[table.seat], table.scores[1 - table.seat]
    value_of = worth(mine, theirs, rules.target)
    value, undercut, knock = knock_value(table, found, knockable, rules, value_of)
    later, wait = play_on_value(table, found, play_on, rules, value_of)
    margin = 0.0 if table.knowledge.draws <= OPEN_DRAWS else MARGIN
    return Verdict(knock, value, undercut, play_on, later, wait, margin)
