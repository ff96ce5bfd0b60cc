"""The score sheet's lines against the match history, hand by hand, and after a reload."""

from __future__ import annotations

from gin.actions import Action
from gin.game import VOID_STOCK
from gin.match import Match, apply, final_totals, new_match
from gin.rules import Rules
from gin.save import dump, load
from gin.scoresheet import sheet
from gin.view import view


def ending_first(match: Match) -> Action:
    """Both seats end a hand as soon as they may (big gin, gin, knock), else draw or pass and
    shed the card that leaves the least deadwood: short hands of every kind."""
    seat = match.to_act if match.to_act is not None else 0
    seen = view(match, seat)
    legal = [a["action"] for a in seen["legal_actions"]]
    for prefix in ("big gin", "gin", "knock", "next", "draw", "pass"):
        for action in legal:
            if action.startswith(prefix):
                return Action.from_text(action)
    options = sorted(seen["discard_options"], key=lambda o: o["deadwood"])
    return Action.from_text(next(f"discard {o['card']}" for o in options))


def test_each_line_is_the_hand_as_it_was_played() -> None:
    rules = Rules(target=60)
    for seed in ("sheet-1", "sheet-2"):
        match = new_match(rules, seed)
        # (dealer, kind, knocker, winner, points, totals, boxes, knocker's deadwood, defender's
        # deadwood before layoffs, stock left) when each hand ends
        expected = []
        while match.winner is None:
            dealer = match.hand.dealer
            match = apply(match, ending_first(match))
            if match.hand.result is not None and len(expected) < len(match.results):
                r = match.results[-1]
                shown = r.kind != "void"
                expected.append(
                    (dealer, r.kind, r.knocker, r.winner, r.points, list(match.points),
                     list(match.boxes), r.knocker_deadwood if shown else None,
                     r.defender_deadwood_before if shown else None, match.hand.stock_count)
                )  # fmt: skip
        lines = view(match, 0)["score_sheet"]
        assert len(lines) == len(match.results) >= 2
        got = [
            (
                x["dealer"],
                x["kind"],
                x["knocker"],
                x["winner"],
                x["points"],
                x["totals"],
                x["boxes"],
                x["knocker_deadwood"],
                x["defender_deadwood_before"],
                x["stock_count"],
            )
            for x in lines
        ]
        assert got == expected
        assert [x["deal"] for x in lines] == list(range(1, len(lines) + 1))
        assert lines[-1]["totals"] == list(match.points)
        assert lines[-1]["totals"][match.winner] >= rules.target
        # The final totals add the bonuses to the last line's points and boxes.
        final = final_totals(rules, match.points, match.boxes, match.winner)
        assert [t.points for t in final] == lines[-1]["totals"]
        assert [t.boxes for t in final] == lines[-1]["boxes"]
        # Saved with the match: the document is the action list, and the sheet comes back whole.
        assert sheet(load(dump(match)).match) == lines


def test_a_void_hand_keeps_the_dealer_and_scores_nothing() -> None:
    match = new_match(Rules(), "sheet-void")
    while match.winner is None and not any(r.kind == "void" for r in match.results):
        seat = match.to_act if match.to_act is not None else 0
        legal = [a["action"] for a in view(match, seat)["legal_actions"]]
        # Nobody knocks: draw and throw back what was drawn, until the stock runs out.
        drawn = view(match, seat)["drawn"]
        pick = next(
            (a for a in ("next", "draw", "pass") if a in legal),
            f"discard {drawn}" if drawn and f"discard {drawn}" in legal else None,
        )
        pick = pick or next(a for a in legal if a.startswith("discard "))
        match = apply(match, Action.from_text(pick))
    lines = sheet(match)
    void = next(i for i, x in enumerate(lines) if x["kind"] == "void")
    assert lines[void]["winner"] is None and lines[void]["points"] == 0
    assert lines[void]["stock_count"] == VOID_STOCK
    assert lines[void]["knocker_deadwood"] is None is lines[void]["defender_deadwood_before"]
    before = lines[void - 1]["totals"] if void else [0, 0]
    assert lines[void]["totals"] == before
    match = apply(match, Action.from_text("next"))
    assert match.hand.dealer == lines[void]["dealer"]
