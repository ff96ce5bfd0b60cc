"""The deep reference of the coach's review: what a move is worth when each sampled world is
played to the hand's end by full players, not by the search's fast policy (docs/coach.md).

The quick review (:mod:`gin.ai.coach.review`) plays each world out with one-line rules (draw,
throw the card that leaves the least deadwood, knock at a fixed threshold), a dozen worlds a move,
so that a hand's review fits the page's time. The deep one samples the same kind of worlds from
the seat's view, :data:`DEEP_WORLDS` of them, puts each into the match in place of the cards the
seat cannot see (the other hand and the stock), and has :data:`POLICY` play both seats to the
end of the hand from every move compared: the same worlds for every move, so that their
difference is not the worlds' luck; a knock's undercuts are weighed by the read's chance, as in
the quick review and the expert. It reads nothing hidden: the hidden cards of the match are
replaced before anyone moves, and the players see only what their views show. It takes seconds
a decision, so it serves the command line (``python -m gin review --deep``) and the measure of
the quick review (``python -m gin coachcheck``), never the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gin.actions import Action
from gin.ai.coach.hint import knock_risk
from gin.ai.knowledge.tracking import Table
from gin.ai.knowledge.views import seat_table
from gin.ai.players.baseline import choose
from gin.ai.search.verdict import knock_worth
from gin.ai.search.worlds import TAKES, World, Worth, worlds
from gin.match import Match, apply

DEEP_WORLDS = 400
"""Worlds a move in the deep reference: the difference of two moves then has a standard error
of about a point (breaking a made set early in a hand, measured over 1,000 worlds: 5.4 points,
standard error 0.6)."""

POLICY = choose
"""Who plays both seats in the deep reference's worlds: the baseline
(:mod:`gin.ai.players.baseline`), a full player, its own draws, discards and knocks, deciding
from each seat's table taken from the match (:func:`gin.ai.knowledge.views.seat_table`, what
the seat's view shows, without building the view). The expert's search in every world would
take a minute a decision."""


def in_world(match: Match, seat: int, world: World) -> Match:
    """``match`` with what ``seat`` cannot see replaced by ``world``: the other hand and the
    stock's order (the cards dealt before the stock stay where they were; no one reads them)."""
    hand = match.hand
    hands = (hand.hands[0], world.other) if seat == 0 else (world.other, hand.hands[1])
    deck = hand.deck[: hand.stock_next] + world.stock
    return replace(match, hand=replace(hand, hands=hands, deck=deck))


def hand_points(match: Match, seat: int) -> int:
    """What ``match``'s hand, over, scored for ``seat`` (negative when the other seat scored)."""
    result = match.hand.result
    assert result is not None
    if result.winner is None:
        return 0
    return result.points if result.winner == seat else -result.points


def played_out(match: Match, seat: int, move: Action) -> int:
    """The points of the hand to ``seat`` when it plays ``move`` and :data:`POLICY` plays both
    seats from there to the hand's end, each from its seat's table (what its view shows).

    Two baselines may trade discards for ever (6♥, 6♠, 6♦ taken and thrown in turn, the stock
    never drawn: the rules end no such hand); after :data:`TAKES` turns each of taking from the
    pile without a draw from the stock the hand counts as one that ran out, 0 points, as in the
    quick review's playouts."""
    match = apply(match, move)
    takes = 0  # takes from the pile since the stock was last drawn
    while match.hand.result is None:
        if takes > 2 * TAKES:
            return 0
        to_act = match.hand.to_act
        assert to_act is not None
        action = Action.from_text(POLICY(seat_table(match, to_act)))
        takes = takes + 1 if action.kind == "take" else 0 if action.kind == "draw" else takes
        match = apply(match, action)
    return hand_points(match, seat)


def deep_values(
    match: Match, table: Table, moves: Sequence[Action], of: Worth, count: int = DEEP_WORLDS
) -> list[float]:
    """What each of ``moves`` is worth to the seat of ``table`` (its view of ``match``), over
    ``count`` worlds each played out by full players: the mean of ``of`` of the hand's points."""
    found = [in_world(match, table.seat, w) for w in worlds(table, count)]
    values = []
    for move in moves:
        points = [played_out(m, table.seat, move) for m in found]
        risk = knock_risk(table, move)
        # A knock is undercut as often as the read says, not as often as the worlds' hands do
        # (their share misses the truth by 9 to 27 points: docs/otherhand.md), as in the quick
        # review and the expert.
        values.append(
            sum(map(of, points)) / len(points) if risk is None else knock_worth(points, risk, of)
        )
    return values
