"""Replays: one frame per action from a save, both hands visible, through the JSON face too."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gin import api, replay
from gin.actions import Action
from gin.i18n import catalogue, word
from gin.match import Match, apply, new_match
from gin.rules import PRESETS, Rules
from gin.save import SaveError, dump
from gin.view import view


def english(message: dict[str, Any]) -> str:
    return word(catalogue("en"), message, "en")


def policy(seen: dict[str, Any]) -> str:
    """Knock or go gin when possible, else draw (or pass), else shed the card that leaves the
    least deadwood; both seats play it, so the replays need no computer opponent."""
    legal = [a["action"] for a in seen["legal_actions"]]
    for action in legal:
        if action.startswith(("gin", "knock", "big gin", "next")):
            return action
    for action in ("draw", "pass"):
        if action in legal:
            return action
    options = [f"discard {o['card']}" for o in seen["discard_options"]]
    return next(a for a in options if a in legal)


def played(seed: str, actions: int) -> Match:
    """A match after ``actions`` actions (or its end) of :func:`policy` for both seats."""
    match = new_match(Rules(), seed)
    for _ in range(actions):
        if match.winner is not None:
            break
        seen = view(match, match.to_act if match.to_act is not None else 0)
        match = apply(match, Action.from_text(policy(seen)))
    return match


def test_one_frame_for_the_deal_and_one_after_each_action() -> None:
    match = played("replay-1", 400)
    frames = replay.frames(dump(match, ["Ann", "Bob"]))
    assert len(frames) == len(match.actions) + 1
    deals = sum(1 for a in match.actions if a.kind == "next") + 1
    assert sum(1 for f in frames if english(f["text"]).startswith("Hand ")) == deals
    assert english(frames[0]["text"]).startswith("Hand 1: ")
    assert [f["action"] for f in frames if f["action"]] == [
        a.text() for a in match.actions if a.kind != "next"
    ]
    assert "Ann" in " ".join(english(f["text"]) for f in frames)


def test_both_hands_are_face_up_and_match_each_seats_view() -> None:
    match = played("replay-2", 25)
    last = replay.frames(dump(match))[-1]
    for seat in (0, 1):
        seen = view(match, seat)
        assert last["hands"][seat]["cards"] == seen["hand"]
        assert last["hands"][seat]["deadwood"] == seen["deadwood"]
    cards = last["hands"][0]["cards"] + last["hands"][1]["cards"] + last["discard_pile"]
    assert len(set(cards)) == len(cards)
    assert len(cards) + last["stock_count"] == 52


def test_a_stock_draw_names_its_card() -> None:
    match = played("replay-3", 12)
    frames = replay.frames(dump(match))
    draws = [f for f in frames if f["action"] == "draw"]
    assert draws
    for frame in draws:
        drawn = english(frame["text"]).split(" drew ")[1].split(" from")[0]
        assert drawn != "a card" and len(drawn) in (2, 3)


def test_the_last_frame_of_a_finished_match_has_the_totals() -> None:
    match = played("replay-4", 5000)
    assert match.winner is not None
    last = replay.frames(dump(match))[-1]
    assert last["final"]["winner"] == match.winner
    assert last["scores"]["points"] == list(match.points)


def test_a_damaged_save_is_refused() -> None:
    doc = dump(played("replay-5", 3))
    doc["actions"][1] = "discard ZZ"
    with pytest.raises(SaveError):
        replay.frames(doc)


def call(**request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return reply


def test_the_json_face_replays_and_lists_presets() -> None:
    doc = dump(played("replay-6", 6))
    reply = call(op="replay", save=doc)
    assert reply["ok"] and len(reply["frames"]) == 7
    refused = call(op="replay", save={"format": "other"})
    assert not refused["ok"] and "not a Gin Rummy match save" in refused["error"]
    presets = call(op="presets")["presets"]
    assert presets["classic"] == PRESETS["classic"].to_dict()
    assert set(presets) == {"standard", "research", "classic", "oklahoma"}


def test_the_last_frame_of_a_hand_shows_the_declaration_and_the_layoffs() -> None:
    # A match whose last hand ends with the defender laying off.
    for n in range(200):
        match = played(f"replay-lay-{n}", 400)
        result = match.hand.result if match.winner is None else match.results[-1]
        if result is not None and result.layoffs:
            break
    else:
        raise AssertionError("no seed with a layoff")
    frame = replay.frames(dump(match))[-1]
    seen = view(match, 0)["result"]
    knocker, defender = seen["knocker"], 1 - seen["knocker"]
    assert frame["hands"][knocker]["melds"] == seen["knocker_melds"]
    assert frame["hands"][knocker]["deadwood"] == seen["knocker_deadwood"]
    laid = frame["hands"][defender]
    assert laid["laid_off"] == [lay["card"] for lay in seen["layoffs"]] != []
    assert laid["deadwood"] == seen["defender_deadwood"] < seen["defender_deadwood_before"]
    shown = [c for m in laid["melds"] for c in m] + laid["laid_off"] + laid["deadwood_cards"]
    assert sorted(shown) == sorted(laid["cards"])
