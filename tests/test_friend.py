"""Two people on one device: a match with opponent "friend" through the api, each reply the view
of the seat to act, saved and loaded like any other, never rated, no computer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gin import api
from gin.cards import parse_card
from gin.match import new_match
from gin.rules import Rules

NAMES = ["Ana", "Ben"]


def call(**request: Any) -> dict[str, Any]:
    reply = json.loads(api.handle(json.dumps(request)))
    assert isinstance(reply, dict)
    return reply


def start(**extra: Any) -> dict[str, Any]:
    reply = call(op="new", seed="friends", opponent="friend", names=NAMES, **extra)
    assert reply["ok"], reply
    return reply


def test_each_reply_is_the_view_of_the_seat_to_act_and_hides_the_other_hand() -> None:
    reply = start()
    dealt = new_match(Rules(), "friends").hand
    seats = set()
    for _ in range(12):
        view = reply["view"]
        seat = view["seat"]
        seats.add(seat)
        assert view["to_act"] == seat and view["your_turn"] and view["legal_actions"]
        assert view["names"] == NAMES
        assert reply["save"]["opponent"] == "friend" and reply["save"]["names"] == NAMES
        # The seat's own cards, never the other's: the dealt hands tell them apart.
        if view["hand_number"] == 1 and len(reply["save"]["actions"]) == 0:
            own = {parse_card(c) for c in view["hand"]}
            assert own == {c for c in range(52) if dealt.hands[seat] >> c & 1}
        reply = call(op="act", action=view["legal_actions"][0]["action"])
        assert reply["ok"], reply
    assert seats == {0, 1}


def test_a_whole_friend_match_plays_saves_and_loads_at_every_turn() -> None:
    reply = start(rules={"target": 25})
    turns = 0
    while reply["view"]["phase"] != "match_over":
        view = reply["view"]
        if view["phase"] == "hand_over":
            # Nobody to act: the view is of the seat that ended the hand, with both hands shown.
            assert view["to_act"] is None and view["result"]["hands"]
            action = "next"
        else:
            assert view["to_act"] == view["seat"]
            action = api.choose_action(view, "simple")
        if turns % 7 == 0:  # a reload mid-match gives back the same view, the same seat's
            loaded = call(op="load", save=reply["save"])
            assert loaded["ok"] and loaded["view"] == view
        reply = call(op="act", action=action)
        assert reply["ok"], reply
        turns += 1
    final = reply["view"]["final"]
    assert final["winner"] in (0, 1) and reply["view"]["names"] == NAMES
    assert call(op="act", action="next")["ok"] is False


def test_no_computer_moves_in_a_friend_match() -> None:
    start()
    assert call(op="bot")["error"] == "Two friends play this match: there is no computer to move."


def test_a_friend_match_is_not_rated() -> None:
    reply = call(op="rate", player=None, opponent="friend", score=1)
    assert reply == {"ok": False, "error": "a match between friends is not rated"}


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (None, "a match between friends needs their two names"),
        (["Ana"], "names must be a list of two names"),
        (["Ana", ""], "each name must be a text of 1 to 40 characters"),
        (["Ana", "B" * 41], "each name must be a text of 1 to 40 characters, not 41 characters"),
        (["Ana ", "Ben"], "a name must not start or end with a space: 'Ana '"),
        (["Ana", "ana"], "the two friends need different names, not 'Ana' twice"),
    ],
)
def test_friends_names_are_checked(names: Any, message: str) -> None:
    request: dict[str, Any] = {"op": "new", "seed": "x", "opponent": "friend"}
    if names is not None:
        request["names"] = names
    reply = call(**request)
    assert reply["ok"] is False and reply["error"].startswith(message), reply


def test_the_hint_and_the_knock_review_are_for_the_seat_to_act() -> None:
    reply = start()
    hinted = call(op="hint")
    assert hinted["ok"], hinted
    # Play on until a knock is on offer, to whichever seat.
    while not any(a["action"].startswith("knock") for a in reply["view"]["legal_actions"]):
        view = reply["view"]
        action = "next" if view["phase"] == "hand_over" else api.choose_action(view, "simple")
        reply = call(op="act", action=action)
        assert reply["ok"], reply
    knock = next(
        a["action"] for a in reply["view"]["legal_actions"] if a["action"].startswith("knock")
    )
    review = call(op="declarations", card=knock.split()[1])
    assert review["ok"], review
    # Every knock listed leaves only the acting seat's own cards as deadwood.
    held = set(reply["view"]["hand"])
    assert review["declarations"] and all(
        set(c["deadwood_cards"]) <= held for c in review["declarations"]
    )


def test_a_computer_match_still_shows_the_human_seat_only() -> None:
    reply = call(op="new", seed="friends", opponent="simple")
    assert reply["view"]["seat"] == api.HUMAN
    if reply["view"]["to_act"] == api.COMPUTER:
        assert call(op="act", action="pass")["ok"] is False
