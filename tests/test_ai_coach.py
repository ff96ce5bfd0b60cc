"""The coach's review (gin.ai.coach.review): planted decisions rated as they deserve, judged from
the seat's view alone, luck and skill adding up to the hand, and the api's review op."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gin import api
from gin.__main__ import main as cli
from gin.actions import Action
from gin.ai import opponent
from gin.ai.coach import review as review_module
from gin.ai.coach.deep import deep_values, in_world, played_out
from gin.ai.coach.hint import hint
from gin.ai.coach.reason import why
from gin.ai.coach.review import CLASSES, as_json, grade, review_hand, review_match
from gin.ai.knowledge.views import read_view, seat_table
from gin.ai.players.baseline import choose
from gin.ai.research.coachcheck import report
from gin.ai.search.worlds import worlds
from gin.cards import parse_card
from gin.game import arranged_deck
from gin.i18n import card_arg, msg
from gin.match import Match, apply, first_dealer, new_match
from gin.rules import Rules
from gin.save import Saved, dump, load
from gin.view import view

SEED = "a"
"""A seed whose first dealer is seat 1, so seat 0 is the first to act in the arranged deals."""

MADE = "3H 4H 5H 7C 7D 7S 9D TD JD KS"
"""Three made melds and a lone king."""
THEIRS = "AC 2D 4S 6C 8H JC QD KH 5C 2S"


def arranged(mine: str, theirs: str, stock: str, actions: list[str]) -> Saved:
    """A saved match dealt ``mine`` to seat 0 and ``theirs`` to seat 1 (the upcard the queen
    of clubs, which helps neither), then ``actions``."""
    assert first_dealer(SEED) == 1
    match = new_match(Rules(), SEED, [arranged_deck(mine, theirs, "QC", stock)])
    for text in actions:
        match = apply(match, Action.from_text(text))
    return load(dump(match, ["You", "Computer"]))


def decision(saved: Saved, index: int) -> dict[str, Any]:
    """The review of the action at ``index`` (seat 0, hand 1)."""
    found = [d for d in review_hand(saved, 1, 0).decisions if d.action_index == index]
    assert len(found) == 1
    return found[0].to_json()


def test_throwing_a_card_out_of_a_made_meld_is_a_blunder_that_names_the_lone_king() -> None:
    saved = arranged(MADE, THEIRS, "QH", ["pass", "pass", "draw", "discard 7S"])
    judged = decision(saved, 3)
    assert judged["class"] == "blunder"
    assert judged["best"] in ("discard KS", "discard QH")
    assert (
        judged["reason"]
        == msg(
            "coach.why.breaks_set",
            card=card_arg(parse_card("7S")),
            n=3,
            instead=card_arg(parse_card(judged["best"].split()[1])),
        ).to_json()
    )


def test_a_good_knock_is_rated_best() -> None:
    saved = arranged(
        "7C 7D 7H 7S 9S TS JS QS KS AD", THEIRS, "3C", ["pass", "pass", "draw", "knock 3C"]
    )
    judged = decision(saved, 3)
    assert judged["played"].startswith("knock 3C")
    assert (judged["class"], judged["cost"]) == ("best", 0.0)


def test_cards_the_player_could_not_see_change_nothing_in_the_review() -> None:
    actions = ["pass", "pass", "draw", "discard 7S"]
    seen = arranged(MADE, THEIRS, "QH", actions)
    other = arranged(MADE, "AD 3C 4D 6S 8C JS QS KC 5D 2H", "QH 8D 2C", actions)
    assert seen.match.hand.hands[1] != other.match.hand.hands[1]
    assert (
        as_json(review_match(seen, 0))["decisions"] == as_json(review_match(other, 0))["decisions"]
    )


def test_a_card_the_player_could_see_does_change_the_review() -> None:
    # The control of the test above: the same decisions with another card drawn are judged
    # otherwise, so the equality there is not an accident of a review that reads nothing.
    actions = ["pass", "pass", "draw", "discard 7S"]
    seen = as_json(review_match(arranged(MADE, THEIRS, "QH", actions), 0))
    drawn = as_json(review_match(arranged(MADE, THEIRS, "2C", actions), 0))
    assert seen["decisions"][-1] != drawn["decisions"][-1]


def played_match(seed: str, hands: int) -> Match:
    """``hands`` hands of the beginner (seat 0) against the expert."""
    players = (opponent("beginner"), opponent("expert"))
    match = new_match(Rules(), seed)
    while match.winner is None and (match.hand.result is None or match.hand_number < hands):
        if match.hand.result is not None:
            match = apply(match, Action("next"))
            continue
        seat = match.hand.to_act
        assert seat is not None
        match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))
    return match


@pytest.fixture(scope="module")
def beginner() -> Saved:
    return load(dump(played_match("coach-1", 1), ["You", "Computer"]))


def test_skill_and_luck_add_up_to_what_the_hand_was_worth(beginner: Saved) -> None:
    for seat in (0, 1):
        review = review_hand(beginner, 1, seat)
        assert review.finished and review.decisions
        assert review.luck - review.skill == pytest.approx(review.result)
        assert all(d.cost >= 0 for d in review.decisions)


def test_the_best_move_is_the_hint_and_the_expert_never_errs_against_itself(
    beginner: Saved,
) -> None:
    match = new_match(beginner.match.rules, beginner.match.seed)
    reviews = {seat: review_hand(beginner, 1, seat) for seat in (0, 1)}
    judged = {d.action_index: d for r in reviews.values() for d in r.decisions}
    for index, action in enumerate(beginner.match.actions):
        if index in judged:
            seat = match.to_act
            assert seat is not None
            assert judged[index].best == hint(view(match, seat, ["You", "Computer"]))["action"]
        match = apply(match, action)
    assert reviews[1].skill == 0
    assert reviews[0].skill > 0


@pytest.mark.parametrize(
    ("cost", "name"),
    [(0.0, "good"), (1.9, "good"), (2.0, "inaccuracy"), (5.0, "mistake"), (10.0, "blunder")],
)
def test_classes_follow_the_thresholds(cost: float, name: str) -> None:
    assert grade(cost) == name
    assert [n for n, _ in CLASSES] == ["good", "inaccuracy", "mistake", "blunder"]


def call(**request: Any) -> dict[str, Any]:
    reply = json.loads(api.handle(json.dumps(request)))
    assert isinstance(reply, dict)
    return reply


def test_the_review_op_reviews_one_hand_at_a_time(beginner: Saved) -> None:
    doc = dump(beginner.match, ["You", "Computer"])
    reply = call(op="review", save=doc, hand=1, seat=0)
    assert reply["ok"] and reply["hands"] == 1
    review = reply["review"]
    assert set(review) == {
        "hand", "seat", "skill", "luck", "result", "finished", "decisions", "events",
    }  # fmt: skip
    assert review["decisions"] == as_json([review_hand(beginner, 1, 0)])["decisions"]
    assert {e["kind"] for e in review["events"]} <= {"deal", "draw", "turn", "end"}
    assert review["events"][0]["kind"] == "deal"
    assert len(api.handle(json.dumps({"op": "review", "save": doc, "hand": 1}))) < 100_000


def test_the_review_op_in_slices_gives_the_same_review(
    beginner: Saved, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``budget_ms`` each call judges a slice and says there is more; the slices add up to
    the review of the whole hand at once, and a slice asked anew after the last starts over."""
    doc = dump(beginner.match, ["You", "Computer"])
    whole = call(op="review", save=doc, hand=1, seat=0)
    monkeypatch.setattr(review_module, "_judged", {})  # every decision judged anew, in steps
    replies = [call(op="review", save=doc, hand=1, seat=0, budget_ms=1)]
    while replies[-1].get("more"):
        replies.append(call(op="review", save=doc, hand=1, seat=0, budget_ms=1))
    decisions = len(whole["review"]["decisions"])
    assert decisions > 1 and len(replies) > decisions  # a decision takes a slice or more
    assert all(r == {"ok": True, "hands": 1, "more": True} for r in replies[:-1])
    assert replies[-1] == whole
    again = call(op="review", save=doc, hand=1, seat=0, budget_ms=1)
    assert again.get("more"), again


def test_a_hand_reviewed_while_played_judges_at_its_end_only_the_decisions_since(
    beginner: Saved, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page reviews the hand so far on its player's turns; at the hand's end the decisions
    already judged are not judged again, and the review is the one judged all at once."""
    monkeypatch.setattr(review_module, "_judged", {})
    judged: list[int] = []
    judging = review_module.judging

    def counted(*args: Any, **kwargs: Any) -> Any:
        judged.append(args[3])  # the decision's action index
        return judging(*args, **kwargs)

    monkeypatch.setattr(review_module, "judging", counted)
    actions = beginner.match.actions
    half = new_match(Rules(), beginner.match.seed)
    for action in actions[: len(actions) // 2]:
        half = apply(half, action)
    so_far = review_hand(load(dump(half, ["You", "Computer"])), 1, 0)
    assert so_far.decisions and not so_far.finished
    first = list(judged)
    whole = review_hand(beginner, 1, 0)
    assert judged[: len(first)] == first and len(first) < len(judged)
    assert all(index >= len(half.actions) for index in judged[len(first) :])
    assert whole.decisions[: len(so_far.decisions)] == so_far.decisions
    monkeypatch.setattr(review_module, "_judged", {})
    assert review_hand(beginner, 1, 0) == whole


def test_the_review_op_refuses_a_budget_that_is_not_a_count(beginner: Saved) -> None:
    reply = call(op="review", save=dump(beginner.match), hand=1, budget_ms=0)
    assert not reply["ok"] and "'budget_ms' must be a whole number 1..60000" in reply["error"]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"hand": 2}, "'hand' must be a whole number 1..1"),
        ({"hand": 1, "seat": 2}, "'seat' must be a whole number 0..1"),
        ({"hand": 1, "save": {"format": "chess"}}, "not a Gin Rummy match save"),
    ],
)
def test_the_review_op_refuses_what_the_match_does_not_have(
    beginner: Saved, request_: dict[str, Any], message: str
) -> None:
    doc = dump(beginner.match)
    reply = call(op="review", **{"save": doc, **request_})
    assert not reply["ok"] and message in reply["error"]


def test_a_move_within_the_noise_is_about_equal_and_nothing_recommends_the_other(
    beginner: Saved,
) -> None:
    """A "good" verdict (the move cost less than the noise) never comes with a reason that
    argues for the best move: "Good … Take 6♥: it completes a meld" praised and blamed at once."""
    judged = review_hand(beginner, 1, 0).decisions
    good = [d for d in judged if d.grade == "good"]
    assert good
    assert all(d.reason == msg("coach.why.about_equal") for d in good)
    assert all(d.reason != msg("coach.why.about_equal") for d in judged if d.grade != "good")


KNOCK_INTO_UNDERCUT = (
    "pass,pass,draw,discard KS,take,discard JH,draw,discard QS,draw,discard JC,draw,discard TH,"
    "take,discard 8C,draw,discard KC,take,knock 6H [KC KD KH KS] [TD TH TS],next,pass,pass,draw,"
    "discard 9S,draw,discard JH,draw,discard QD,draw,discard TD,take,discard KD,draw,discard KC,"
    "draw,discard KH,draw,discard QC,draw,discard QH,draw,discard 9H,draw,discard 8H,draw,"
    "discard JC,draw,discard 8C,draw,discard 9D,draw,discard 7H,draw,discard 8D,draw,discard 6D,"
    "draw,discard 6S,draw,discard 4H,draw,discard 6C,take,discard 5S,draw,discard 9C,draw,"
    "discard KS,draw,knock 5H [AC 2C 3C] [2D 2H 2S]"
)
"""The beginner against the expert (seed ``coach-knock-4``): in hand 2, with the stock at 8 and
the expert having taken the 6♣, the beginner knocks with 10 (A♦ 4♦ A♠ 4♠)."""


def test_a_knock_into_a_likely_undercut_is_told_as_one() -> None:
    """The reason says not to knock, which card to throw instead, and the undercut's chance as
    the read states it; not "Better: throw 5♥" alone, the card the knock threw."""
    match = new_match(Rules(), "coach-knock-4")
    for text in KNOCK_INTO_UNDERCUT.split(","):
        match = apply(match, Action.from_text(text))
    saved = load(dump(match, ["You", "Computer"]))
    [judged] = [d for d in review_hand(saved, 2, 0).decisions if d.played.startswith("knock")]
    assert judged.grade in ("mistake", "blunder") and judged.best == "discard 5H"
    assert judged.reason.key == "coach.why.undercut"
    assert judged.reason.args["card"] == card_arg(parse_card("5H"))
    assert judged.reason.args["risk"]["percent"] >= 0.25


def test_a_knock_with_the_higher_of_two_declarations_names_the_lower() -> None:
    """Knocking with 10 deadwood where the same discard could declare 1: the reason says so,
    not "a knock with 1" in the hint's words for the other knock."""
    knock = "knock KD [3C 3D 3H 3S] [9S TS JS]"
    saved = arranged("3C 3D 3S 3H 4H 5H 9S TS JS KD", THEIRS, "AH", ["pass", "pass", "draw"])
    table = read_view(view(saved.match, 0, ["You", "Computer"]))
    best = Action.from_text("knock KD [3C 3D 3S] [3H 4H 5H] [9S TS JS]")
    said = why(table, Action.from_text(knock), best, msg("hint.knock"), "Computer")
    assert said == msg("coach.why.lower_declaration", least=1, left=10)


def test_the_deep_reference_reads_nothing_hidden() -> None:
    """The deep reference puts sampled worlds in place of the other hand and the stock: two
    matches that differ only there get the same values, and a card the seat drew does not."""

    def deep(mine: str, theirs: str, stock: str) -> list[float]:
        match = arranged(mine, theirs, stock, ["pass", "pass", "draw"]).match
        table = read_view(view(match, 0, ["You", "Computer"]))
        moves = [Action.from_text(t) for t in ("discard KS", "discard 7S")]
        return deep_values(match, table, moves, float, 16)

    seen = deep(MADE, THEIRS, "QH 8D")
    assert seen == deep(MADE, "AD 3C 4D 6S 8C JS QS KC 5D 2H", "QH 2C")
    assert seen != deep(MADE, THEIRS, "2C 8D")
    assert seen[0] > seen[1]


@pytest.mark.parametrize(
    "rules", [Rules(target=60), Rules(target=40, oklahoma=True, knock_discard_face_up=True)]
)
def test_the_deep_references_players_read_from_the_match_what_the_view_shows(rules: Rules) -> None:
    """The deep reference's players decide from tables taken from the match, not from views:
    at every step of whole matches (the upcard taken or not, knocks, hands over, the match over)
    each seat's table is the one its view reads, and the baseline's move from it the same."""
    players = (opponent("beginner"), opponent("baseline"))
    for seed in ("deep-table-1", "deep-table-2"):
        match = new_match(rules, seed)
        while True:
            for seat in (0, 1):
                seen = view(match, seat)
                assert seat_table(match, seat) == read_view(seen), (seed, len(match.actions))
                if match.hand.to_act == seat:
                    assert choose(seat_table(match, seat)) == players[1].decide(seen)
            if match.winner is not None:
                break
            seat = match.hand.to_act or 0  # either seat may start the next hand
            match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))


TRADING = (
    "take,discard KC,take,discard JD,draw,discard JS,draw,discard KS,draw,discard QH,draw,"
    "discard JH,draw,discard QD,draw,discard TS,draw,discard 8D,draw,discard 9H,draw,discard 8C,"
    "draw,discard 9D,draw,discard TH,draw,knock 8H [5C 5D 5H 5S] [JC QC KC],next,pass,pass,draw"
)
"""The baseline against the expert (seed ``fresh-2026-12-07-baseline-1``) until seat 0 is to
throw in hand 2: in the deep reference's world 151 of 400, after K♠ is thrown, the two
baselines take and throw 6♥, 6♠ and 6♦ in turn and never draw from the stock."""


def test_a_deep_playout_where_both_players_only_trade_discards_ends() -> None:
    """Such a hand never ends by the rules; the deep reference counts it as one that ran out (it
    ran for ever before, and stopped ``python -m gin coachcheck``)."""
    match = new_match(Rules(), "fresh-2026-12-07-baseline-1")
    for text in TRADING.split(","):
        match = apply(match, Action.from_text(text))
    world = worlds(read_view(view(match, 0)), 400)[151]
    assert played_out(in_world(match, 0, world), 0, Action.from_text("discard KS")) == 0


def test_review_deep_judges_by_the_deep_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m gin review --deep``: the same decisions, the meld broken still a blunder, its
    cost the deep reference's (which the quick review's differs from)."""
    saved = arranged(MADE, THEIRS, "QH", ["pass", "pass", "draw", "discard 7S"])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(dump(saved.match, ["You", "Computer"])), encoding="utf-8")
    assert cli(["review", str(path), "--json", "--deep"]) == 0
    deep = json.loads(capsys.readouterr().out)["decisions"]
    quick = as_json(review_match(saved, 0))["decisions"]
    assert [d["played"] for d in deep] == [d["played"] for d in quick]
    assert deep[-1]["class"] == "blunder" and deep[-1]["cost"] != quick[-1]["cost"]


MELD_BREAKS = {
    "coach-check-4": "pass,pass,draw,discard KD,draw,discard 9C",
    "planted-0": "pass,pass,draw,discard QH,draw,discard 4D",
    "planted-5": "pass,pass,draw,discard TS,draw,discard 6S",
    "planted-8": "take,discard JS,draw,discard 9D",
    "planted-11": "pass,pass,draw,discard JH,draw,discard KD,draw,discard KH,draw,discard KC,"
    "draw,discard QD,draw,discard QC,draw,discard JC,draw,discard QS,draw,discard 9S,take,"
    "discard TC,draw,discard 5C",
    "plant52-4": "pass,take,discard 9S,draw,discard 5D",
    "plant52-22": "pass,take,discard QC,draw,discard 8C",
    "plant52-25": "pass,pass,draw,discard QH,draw,discard QS,draw,discard 9D",
}
"""Matches whose last action throws a card out of a made meld, leaving 15 to 28 more deadwood
than the best throw: the first is the case of the review that called 9♣ thrown out of 9♣ 9♦ 9♥
"good" (with 10♦ loose), the others a beginner's seat against the expert where such a throw
was planted (docs/coach.md gives how many of them the review classes rightly). The last three
cost 3.3 to 5.0 points on 96 worlds, an inaccuracy, and 5.8 to 7.0 by the deep reference: the
worlds that settle a cost near a class's line (``SETTLE_WORLDS``) make them mistakes."""


@pytest.mark.parametrize("seed", sorted(MELD_BREAKS))
def test_a_card_thrown_out_of_a_made_meld_is_a_mistake_at_least(seed: str) -> None:
    match = new_match(Rules(), seed)
    for text in MELD_BREAKS[seed].split(","):
        match = apply(match, Action.from_text(text))
    saved = load(dump(match, ["You", "Computer"]))
    judged = review_hand(saved, 1, 0).decisions[-1]
    assert judged.action_index == len(match.actions) - 1
    assert judged.grade in ("mistake", "blunder"), (judged.played, judged.best, judged.cost)


def test_coachcheck_counts_pairs_of_classes_and_steps_between_them() -> None:
    """The report's shares: the same class, and one step or less along best, good, inaccuracy,
    mistake, blunder; over every decision and over those that were not the hint's move."""
    found = [("best", "best"), ("good", "inaccuracy"), ("good", "blunder"), ("mistake", "mistake")]
    text = report(found)
    assert "| good | 0 | 0 | 1 | 0 | 1 |" in text
    assert "every decision: 4 decisions, the same class 50.0%, within one class 75.0%" in text
    assert "not the hint's move: 3 decisions, the same class 33.3%, within one class 66.7%" in text
    assert cli(["coachcheck", "--matches", "0"]) == 2
