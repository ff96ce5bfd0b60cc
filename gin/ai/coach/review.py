"""The coach: a review of one seat's decisions in a saved match, and of its luck (docs/coach.md).

Each decision is judged from that seat's view at that moment (:func:`gin.view.view`), never the
hidden cards:

* **best** is the hint's move (:func:`gin.ai.coach.hint.hint`, the expert's choice): the one
  function both call, so on the same view the hint and the review cannot disagree;
* **values** of the move played and the best move are the expected worth of each to this seat,
  in points counted for what they do to the match (:func:`gin.ai.search.standing.worth`), over
  hidden hands and stocks sampled from the view (:func:`gin.ai.search.worlds.worlds`, seeded by the
  view's digest: the match's seed and the decision's place) and played out by the search's fast
  policy;
* **cost** is how much less the move played is worth than the best (never below 0: where the
  playouts rate another move above the expert's, the difference is within their noise);
* **luck** (GNU Backgammon's split): what changed this seat's expected result between its
  decisions, things it did not choose: the deal, its own draws from the stock, the other
  player's turns and, at the end, the hidden cards laid down. With the costs it adds up exactly
  to what the hand was worth to the seat.

>>> from gin.match import new_match, apply
>>> from gin.rules import Rules
>>> from gin.actions import Action
>>> from gin.save import dump, load
>>> doc = dump(apply(new_match(Rules(), "demo"), Action("pass")), ["You", "Computer"])
>>> review = review_hand(load(doc), 1, 0)
>>> [(d.played, d.best, d.grade) for d in review.decisions]
[('pass', 'take', 'good')]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gin.actions import Action
from gin.ai.base import entries
from gin.ai.coach.deep import deep_values
from gin.ai.coach.hint import hint, knock_risk, other_name
from gin.ai.coach.reason import about_equal, why
from gin.ai.knowledge.evaluate import keep_after
from gin.ai.knowledge.tracking import Table
from gin.ai.knowledge.views import read_view
from gin.ai.search.standing import worth
from gin.ai.search.verdict import knock_worth
from gin.ai.search.worlds import World, Worth, playout, settle, worlds
from gin.cards import Card
from gin.i18n import Catalogue, Message, msg, word
from gin.match import Match, apply, new_match
from gin.melds import best_melds
from gin.save import Saved
from gin.view import view

REVIEW_WORLDS = 12
"""Sampled worlds per decision (the expert's knock search takes 24): what keeps a hand's review
within the page's time budget. Both moves compared are played out in the same worlds, so much of
the noise cancels; docs/coach.md gives what remains."""

CONFIRM_WORLDS = 96
"""Sampled worlds that judge anew a move other than the best that the first :data:`REVIEW_WORLDS`
find worse than good, or that keeps fewer cards in melds than the best: only a class beyond good
is told, and it is told from eight times the worlds."""

SETTLE_WORLDS = 384
"""Sampled worlds that judge a move once more when the :data:`CONFIRM_WORLDS` put its cost
within :data:`NEAR_A_LINE` of a line between two classes: there 96 worlds' noise (a standard
error of about 2 points for a broken meld) decides the class. Of 47 planted throws out of a made
meld, 15 or more deadwood above the best throw, 96 worlds classed 3 an inaccuracy that the deep
reference's 400 found a mistake (5.8 to 7.0 points); 384 worlds agreed with it on all three
(docs/coach.md)."""

NEAR_A_LINE = 1.5
"""How near (in points) a cost on :data:`CONFIRM_WORLDS` may come to a class's line before
:data:`SETTLE_WORLDS` decide."""

CLASSES = (("good", 2.0), ("inaccuracy", 5.0), ("mistake", 10.0), ("blunder", float("inf")))
"""A move other than the best is classed by its cost in points: below 2 good, below 5 an
inaccuracy, below 10 a mistake, else a blunder (docs/coach.md says why)."""

DEFAULT_NAMES = ("You", "Computer")

JUDGED_KEPT = 128
"""Decisions judged that are kept, the oldest dropped first: the page reviews a hand while it is
played (on each of its player's turns), and its end then judges only the decisions since
(:func:`judging_once`). A hand has at most a few dozen decisions of one seat."""


class ReviewError(ValueError):
    """A review asked of a hand or a seat the match does not have."""


@dataclass(frozen=True)
class Decision:
    """One decision of the seat reviewed, with what the best move and the one played are worth
    (``best_value``, ``played_value``, in points of the hand's starting score)."""

    hand: int
    action_index: int
    seat: int
    played: str
    best: str
    cost: float
    grade: str
    reason: Message
    best_value: float
    played_value: float

    def to_json(self) -> dict[str, Any]:
        """The decision as docs/coach.md gives it (``class`` is :attr:`grade`)."""
        return {
            "hand": self.hand,
            "action_index": self.action_index,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "cost": round(self.cost, 1),
            "class": self.grade,
            "reason": self.reason.to_json(),
        }


@dataclass(frozen=True)
class Luck:
    """One stretch of the hand the seat did not choose, and what it did to its expected result:
    ``kind`` is ``deal``, ``draw`` (its own card from the stock), ``turn`` (the other player's
    turn) or ``end`` (the hand laid down). ``action_index`` is the action that began it (None
    for the deal)."""

    kind: str
    action_index: int | None
    luck: float

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {"kind": self.kind, "action_index": self.action_index, "luck": round(self.luck, 1)}


@dataclass(frozen=True)
class HandReview:
    """One hand of one seat: its decisions, its luck, and what the hand was worth to it."""

    hand: int
    seat: int
    decisions: tuple[Decision, ...]
    events: tuple[Luck, ...]
    result: float
    finished: bool

    @property
    def skill(self) -> float:
        """Points the seat's play cost it (0 or more)."""
        return sum(d.cost for d in self.decisions)

    @property
    def luck(self) -> float:
        """Points luck brought the seat (negative when it cost)."""
        return sum(e.luck for e in self.events)

    def to_json(self) -> dict[str, Any]:
        """The hand's summary: ``{"hand", "skill", "luck"}`` (docs/coach.md)."""
        return {"hand": self.hand, "skill": round(self.skill, 1), "luck": round(self.luck, 1)}

    def details(self) -> dict[str, Any]:
        """Everything: the summary, what the hand was worth, its decisions and its luck."""
        return {
            **self.to_json(),
            "seat": self.seat,
            "result": round(self.result, 1),
            "finished": self.finished,
            "decisions": [d.to_json() for d in self.decisions],
            "events": [e.to_json() for e in self.events],
        }


# ----------------------------------------------------------------------- values


Outcomes = list[tuple[list[tuple[int, int]], int]]
"""Playouts of one move, one a world (:func:`gin.ai.search.worlds.playout`'s results)."""


def outcomes(table: Table, action: Action, found: Sequence[World]) -> Outcomes:
    """How ``action`` turns out in each of the worlds ``found``, from the seat of ``table``:
    a knock or gin is scored against each world's other hand (no later turn to knock in), any
    other move played out by the search's fast policy."""
    rules, limit, hand = table.rules, table.knock_limit, table.hand
    if action.kind in ("knock", "gin", "big gin"):
        card = action.card
        rest = hand if card is None else hand & ~(1 << card)
        melds = action.melds or best_melds(rest)
        return [([], settle(rest, melds, w.other, rules)) for w in found]
    if action.kind == "discard":
        assert action.card is not None
        return [playout(hand & ~(1 << action.card), action.card, w, limit, rules) for w in found]
    if action.kind == "pass":
        # The upcard is left to the other player, who moves next.
        return [playout(hand, table.pile[-1], w, limit, rules) for w in found]
    if action.kind == "take":
        return [_after_draw(hand, table.pile[-1], w, False, table) for w in found]
    return [
        _after_draw(hand, w.stock[0], World(w.other, w.stock[1:], w.limit), True, table)
        for w in found
    ]


def values(table: Table, moves: Sequence[Action], found: Sequence[World], of: Worth) -> list[float]:
    """What each of ``moves`` is expected to be worth to the seat, over the worlds ``found``.

    After a move that plays on, both players knock at their first turn within the knock limit
    (the worlds' own patience set aside): the timing the deep reference's full players keep
    (:mod:`gin.ai.coach.deep`). With the worlds' patience, drawn over limits of 0 to 10 before
    the other player's style is known, the review let a broken meld be made up again at leisure:
    it rated 5 of 24 planted throws out of a made meld, 15 or more deadwood above the best throw,
    good or an inaccuracy where the deep reference found 5.9 to 14.6 points (2 of 24 this way), and
    gave moves other than the hint's the deep reference's class 64% of the time (77% this way;
    docs/coach.md)."""
    eager = [replace(w, limit=table.knock_limit) for w in found]
    worths = []
    for move in moves:
        results = outcomes(table, move, eager)
        risk = knock_risk(table, move)
        if risk is not None:
            worths.append(knock_worth([end for _, end in results], risk, of))
        else:
            first = [of(options[0][1]) if options else of(end) for options, end in results]
            worths.append(sum(first) / len(first))
    return worths


def _after_draw(
    hand: int, card: Card, world: World, back: bool, table: Table
) -> tuple[list[tuple[int, int]], int]:
    """The playout of drawing ``card`` into ``hand`` and throwing what leaves the least deadwood
    (``card`` itself only when ``back``): a knock on this turn counts as the first option."""
    rules, limit = table.rules, table.knock_limit
    left, kept = keep_after(hand, card, back=back)
    thrown = ((hand | 1 << card) & ~kept).bit_length() - 1
    now = [(left, settle(kept, best_melds(kept), world.other, rules))] if left <= limit else []
    options, end = playout(kept, thrown, world, limit, rules)
    return now + options, end


# ----------------------------------------------------------------------- decisions


def grade(cost: float) -> str:
    """The class of a move other than the best that costs ``cost`` points (:data:`CLASSES`)."""
    return next(name for name, below in CLASSES if cost < below)


def reason_of(advice: dict[str, Any]) -> Message:
    """The hint's reason (sent as JSON) as a message again, to nest in the coach's remark."""
    data = advice["reason"]
    return Message(data["key"], {k: _arg(v) for k, v in data["args"].items()})


def _arg(value: Any) -> Any:
    if isinstance(value, dict) and "msg" in value:
        return reason_of({"reason": value["msg"]})
    return value


def judge(
    seen: dict[str, Any], played: Action, hand: int, index: int, deep: Match | None = None
) -> Decision:
    """The review of playing ``played`` from the view ``seen``; with ``deep`` (the match the view
    was taken from) the moves' values are the deep reference's (:mod:`gin.ai.coach.deep`)."""
    return _finish(judging(seen, played, hand, index, deep))


def judging(
    seen: dict[str, Any], played: Action, hand: int, index: int, deep: Match | None = None
) -> Generator[None, None, Decision]:
    """:func:`judge` a step at a time: it pauses after the hint, after each sampling of worlds
    and after each move's value, so that the page's worker answers a move within a step, never
    a decision judged on :data:`SETTLE_WORLDS` whole."""
    table = read_view(seen)
    advice = hint(seen)
    best = Action.from_text(advice["action"])
    best_reason = reason_of(advice)
    of = worth(table.scores[table.seat], table.scores[1 - table.seat], table.rules.target)
    yield

    def judged(moves: list[Action], count: int) -> Generator[None, None, list[float]]:
        if deep is not None:
            return deep_values(deep, table, moves, of)
        found = worlds(table, count)
        worths = []
        for move in moves:
            yield
            worths += values(table, [move], found, of)
        return worths

    if played.text() == best.text():
        [best_value] = yield from judged([best], REVIEW_WORLDS)
        return Decision(
            hand, index, table.seat, played.text(), best.text(), 0.0, "best",
            best_reason, best_value, best_value,
        )  # fmt: skip
    best_value, played_value = yield from judged([best, played], REVIEW_WORLDS)
    if deep is None and (
        best_value - played_value >= CLASSES[0][1] or _gives_up_melds(table, played, best)
    ):
        best_value, played_value = yield from judged([best, played], CONFIRM_WORLDS)
        if _near_a_line(best_value - played_value):
            best_value, played_value = yield from judged([best, played], SETTLE_WORLDS)
    played_value = min(played_value, best_value)
    cost = best_value - played_value
    other = other_name(seen["names"], table.seat)  # as the hint names them
    graded = grade(cost)
    reason = about_equal() if graded == "good" else why(table, played, best, best_reason, other)
    return Decision(
        hand, index, table.seat, played.text(), best.text(), cost, graded, reason,
        best_value, played_value,
    )  # fmt: skip


def _finish(steps: Generator[None, None, Decision]) -> Decision:
    """What a generator of :func:`judging` returns, run to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            decision: Decision = done.value
            return decision


_judged: dict[str, Decision] = {}
"""The decisions :func:`judging_once` judged, by their view and move."""


def judging_once(
    seen: dict[str, Any], played: Action, hand: int, index: int
) -> Generator[None, None, Decision]:
    """:func:`judging`, kept: a decision is a function of the view and the move, so one judged
    while its hand was played (the review of the hand so far) serves the hand's end too."""
    key = json.dumps([seen, played.text(), hand, index], sort_keys=True)
    found = _judged.get(key)
    if found is None:
        found = _judged[key] = yield from judging(seen, played, hand, index)
        while len(_judged) > JUDGED_KEPT:
            del _judged[next(iter(_judged))]
    return found


def _near_a_line(cost: float) -> bool:
    """Whether ``cost`` lies within :data:`NEAR_A_LINE` of a line between two classes."""
    return any(abs(cost - line) < NEAR_A_LINE for _, line in CLASSES[:-1])


def _gives_up_melds(table: Table, played: Action, best: Action) -> bool:
    """Whether ``played`` keeps fewer cards in melds than ``best`` (a meld broken, or one the
    upcard completed left to the other player): a cost the first worlds may hide in their noise
    (a set broken with 28 more deadwood came out at 0.1 points on 12 worlds, 7.9 on 48)."""
    mine, theirs = _melded_after(table, played), _melded_after(table, best)
    return mine is not None and theirs is not None and mine < theirs


def _melded_after(table: Table, action: Action) -> int | None:
    """How many of the ten cards kept after ``action`` are in melds (after a draw from the
    stock or a pass: the ten held), or None for a knock or gin."""
    hand, card = table.hand, action.card
    if action.kind == "discard" and card is not None:
        kept = hand & ~(1 << card)
    elif action.kind == "take":
        kept = keep_after(hand, table.pile[-1], back=False)[1]
    elif action.kind in ("draw", "pass"):
        kept = hand
    else:
        return None
    return sum(meld.bit_count() for meld in best_melds(kept))


# ----------------------------------------------------------------------- the match


@dataclass(frozen=True)
class Step:
    """One action of the match with the state before it."""

    index: int
    before: Match
    action: Action
    after: Match


def steps(saved: Saved) -> Iterator[Step]:
    """Every action of the saved match with the states around it."""
    match = new_match(saved.match.rules, saved.match.seed, saved.match.decks)
    for index, action in enumerate(saved.match.actions):
        after = apply(match, action)
        yield Step(index, match, action, after)
        match = after


def hand_count(saved: Saved) -> int:
    """How many hands the saved match has dealt."""
    return saved.match.hand_number


def review_hand(saved: Saved, number: int, seat: int, deep: bool = False) -> HandReview:
    """The review of hand ``number`` (from 1) for ``seat`` (0 or 1); ``deep``: by the deep
    reference (:mod:`gin.ai.coach.deep`), minutes a hand."""
    run = reviewing(saved, number, seat, deep)
    while True:
        try:
            next(run)
        except StopIteration as done:
            review: HandReview = done.value
            return review


def reviewing(
    saved: Saved, number: int, seat: int, deep: bool = False
) -> Generator[None, None, HandReview]:
    """:func:`review_hand` a decision at a time: the generator pauses after each decision it
    judges and returns the review, so that the page's worker can answer a move between two
    (:mod:`gin.api`, ``budget_ms``). A hand or seat the match lacks is said at the first step."""
    if seat not in (0, 1):
        raise ReviewError(f"the seat must be 0 or 1, not {seat!r}")
    if not 1 <= number <= hand_count(saved):
        raise ReviewError(f"hand {number!r}: this match has hands 1 to {hand_count(saved)}")
    names = list(saved.names or DEFAULT_NAMES)
    # The seat facing a computer opponent chose it: its view names it, as the page's hint's does.
    known = {e.name for e in entries(everyone=True)}
    player = saved.opponent if seat == 0 and saved.opponent in known else None
    if names[1 - seat] == "You":
        # Reviewing the computer's seat: the hint's words then say "your opponent".
        names[1 - seat] = "Opponent"
    decisions: list[Decision] = []
    events: list[Luck] = []
    expected = 0.0  # before the deal: an even game
    since: tuple[str, int | None] = ("deal", None)
    result, finished = 0.0, False
    for step in steps(saved):
        if step.before.hand_number != number:
            if step.before.hand_number > number:
                break
            continue
        before, action = step.before, step.action
        if before.to_act == seat and action.kind != "next":
            seen = view(before, seat, names, player)
            if len(seen["legal_actions"]) > 1:
                decision = yield from (
                    judging(seen, action, number, step.index, before)
                    if deep
                    else judging_once(seen, action, number, step.index)
                )
                events.append(Luck(since[0], since[1], decision.best_value - expected))
                decisions.append(decision)
                expected = decision.played_value
                since = ("draw" if action.kind == "draw" else "turn", step.index)
                yield
        outcome = step.after.hand.result
        if outcome is not None and before.hand.result is None:
            mine, theirs = before.points[seat], before.points[1 - seat]
            points = outcome.points if outcome.winner == seat else -outcome.points
            result = worth(mine, theirs, before.rules.target)(
                0 if outcome.winner is None else points
            )
            finished = True
            events.append(Luck("end" if decisions else since[0], step.index, result - expected))
    return HandReview(number, seat, tuple(decisions), tuple(events), result, finished)


def review_match(
    saved: Saved,
    seat: int,
    progress: Callable[[int, int], None] | None = None,
    deep: bool = False,
) -> list[HandReview]:
    """The review of every hand of the saved match for ``seat``; ``progress(hand, count)`` is
    told of each hand before it is reviewed (a long match takes minutes)."""
    count = hand_count(saved)
    reviews = []
    for number in range(1, count + 1):
        if progress is not None:
            progress(number, count)
        reviews.append(review_hand(saved, number, seat, deep))
    return reviews


def as_json(hands: Sequence[HandReview]) -> dict[str, Any]:
    """A match's review as ``python -m gin review --json`` prints it (docs/coach.md)."""
    return {
        "decisions": [d.to_json() for h in hands for d in h.decisions],
        "hands": [h.to_json() for h in hands],
    }


def as_text(hands: Sequence[HandReview], cat: Catalogue, language: str = "en") -> str:
    """A match's review for reading, in the words of ``cat`` (a language's catalogue): each
    hand's summary, then each decision that was not the best move."""

    def say(key: str, **args: Any) -> str:
        return word(cat, msg(key, **args), language)

    def points(value: float, sign: str = "") -> str:
        text = f"{value:{sign}.1f}"
        return text if language == "en" else text.replace(".", ",")  # the others write 7,5

    lines = []
    for review in hands:
        key = "coach.cli.hand" if review.finished else "coach.cli.hand_unfinished"
        lines.append(
            say(key, hand=review.hand, skill=points(review.skill),
                luck=points(review.luck, "+"), result=points(review.result, "+"))
        )  # fmt: skip
        best = sum(d.grade == "best" for d in review.decisions)
        lines.append("  " + say("coach.cli.best", best=best, n=len(review.decisions)))
        for d in review.decisions:
            if d.grade != "best":
                lines.append(
                    "  "
                    + say(
                        "coach.cli.decision", index=d.action_index, played=d.played,
                        grade=msg(f"coach.class.{d.grade}"), cost=points(d.cost), best=d.best,
                        reason=d.reason,
                    )
                )  # fmt: skip
    return "".join(line + "\n" for line in lines)
