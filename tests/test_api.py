"""The JSON-string face: every op, every error as a reply, a whole match through it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin import api
from gin.ai.ratings.elo import opponent_rating


def call(**request: Any) -> dict[str, Any]:
    reply = json.loads(api.handle(json.dumps(request)))
    assert isinstance(reply, dict)
    return reply


def to_human(reply: dict[str, Any]) -> dict[str, Any]:
    """Let the computer play until it is the human's turn (or the hand is over)."""
    while reply["view"]["to_act"] == api.COMPUTER:
        reply = call(op="bot")
        assert reply["ok"], reply
    return reply


def test_new_match_replies_with_a_view_and_a_save() -> None:
    reply = call(op="new", seed="api-1", preset="research", names=["Ann", "Computer"])
    assert reply["ok"] and reply["view"]["seat"] == 0
    assert reply["view"]["names"] == ["Ann", "Computer"]
    assert reply["view"]["rules"]["box_bonus"] == 0
    assert reply["save"]["seed"] == "api-1" and reply["save"]["names"] == ["Ann", "Computer"]
    assert "seed" not in reply["view"]


def test_new_with_rules_and_without_seed() -> None:
    reply = call(op="new", rules={"target": 50, "big_gin": True})
    assert reply["ok"] and reply["view"]["scores"]["target"] == 50
    assert len(reply["save"]["seed"]) == 16


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"op": "fly"}, "unknown op 'fly'"),
        ({"seed": 1}, "unknown op None"),
        ({"op": "new", "preset": "nope"}, "unknown rules preset 'nope'"),
        ({"op": "new", "preset": "standard", "rules": {}}, "either 'rules' or 'preset'"),
        ({"op": "new", "rules": {"target": 0}}, "target must be 1..10000"),
        ({"op": "new", "opponent": "Kasparov"}, "unknown opponent 'Kasparov'"),
        ({"op": "new", "names": ["a"]}, "names must be a list of two names"),
        ({"op": "new", "seed": [1]}, "a seed is a string or a whole number"),
        ({"op": "new", "seed": ""}, "the seed must be a text of 1 to 200 characters"),
        ({"op": "new", "seed": "s" * 201}, "the seed must be a text of 1 to 200 characters"),
        ({"op": "new", "seed": 10**200}, "a whole number of more than 200 digits"),
        ({"op": "new", "seed": -(10**199)}, "the seed must be a text of 1 to 200 characters"),
        ({"op": "new", "seed": "\ud800"}, "the seed holds a lone surrogate"),
        ({"op": "new", "names": ["Ann", "x" * 41]}, "each name must be a text of 1 to 40"),
        ({"op": "new", "opponent": "expert" + " " * 40}, "the opponent must be a text of 1 to 40"),
        ({"op": "new", "rules": {"game_bonus": 10**6}}, "game_bonus must be 0..10000"),
        ({"op": "load", "save": {"format": "x"}}, "not a Gin Rummy match save"),
        ({"op": "load", "save": "{oops"}, "not readable JSON"),
        ({"op": "rate", "opponent": "expert", "score": 2}, "'score' is 1 for a win"),
        ({"op": "rate", "opponent": "expert", "score": "1"}, "'score' is 1 for a win"),
        ({"op": "rate", "opponent": "Kasparov", "score": 1}, "unknown opponent 'Kasparov'"),
        ({"op": "rate", "player": [1], "opponent": "expert", "score": 1}, "rating is an object"),
        ({"op": "rate", "player": {"rating": 1}, "opponent": "cautious", "score": 0}, "bad player"),
        (
            {
                "op": "rate",
                "player": {"rating": 1500, "deviation": 1e-300, "matches": 1},
                "opponent": "cautious",
                "score": 0,
            },
            "the deviation must be from 50 to 350",
        ),
        ({"op": "suggest"}, "a player rating is an object, not NoneType"),
    ],
)
def test_errors_are_replies(request_: dict[str, Any], message: str) -> None:
    reply = call(**request_)
    assert reply["ok"] is False and message in reply["error"]


def test_the_longest_seed_and_names_play_and_load() -> None:
    reply = call(op="new", seed=10**199, names=["é" * 40, "🂡" * 40], opponent="Gin_Hunter")
    assert reply["ok"] and reply["save"]["seed"] == str(10**199)
    assert call(op="load", save=json.dumps(reply["save"], ensure_ascii=False))["ok"]


def test_not_json_and_not_an_object() -> None:
    assert "not JSON" in json.loads(api.handle("{"))["error"]
    assert "JSON object" in json.loads(api.handle("[1]"))["error"]


def test_turns_are_enforced() -> None:
    reply = to_human(call(op="new", seed="turns"))
    assert call(op="act", action="jump")["error"].startswith("unknown action 'jump'")
    bot = call(op="bot")
    assert bot["ok"] is False and "not Computer's turn" in bot["error"]
    assert call(op="act")["ok"] is False
    first = reply["view"]["legal_actions"][0]["action"]
    reply = call(op="act", action=first)
    assert reply["ok"] and reply["played"]["seat"] == 0
    if reply["view"]["to_act"] == api.COMPUTER:
        refused = call(op="act", action="draw")
        assert refused["ok"] is False and "It is Computer's turn" in refused["error"]


def test_an_illegal_move_keeps_the_match() -> None:
    reply = to_human(call(op="new", seed="keep"))
    before = reply["save"]
    refused = call(op="act", action="discard KS" if "KS" not in reply["view"]["hand"] else "draw")
    assert refused["ok"] is False
    assert call(op="view")["save"] == before


def test_a_whole_match_through_the_api_then_load() -> None:
    reply = call(op="new", seed="whole", rules={"target": 60})
    while reply["view"]["phase"] != "match_over":
        if reply["view"]["to_act"] == api.COMPUTER:
            reply = call(op="bot")
        else:
            reply = call(op="act", action=api.choose_action(reply["view"], "simple"))
        assert reply["ok"], reply
    view = reply["view"]
    assert view["final"]["winner"] in (0, 1) and view["seed"] == "whole"
    loaded = call(op="load", save=reply["save"])
    assert loaded["ok"] and loaded["view"] == view
    again = call(op="load", save=json.dumps(reply["save"]))
    assert again["view"] == view
    assert call(op="act", action="next")["error"] == "The match is over; start a new match."


def test_opponents() -> None:
    reply = call(op="opponents")
    assert reply["ok"] and {"name", "description"} <= set(reply["opponents"][0])


def test_opponents_carry_the_ladders_ratings() -> None:
    listed = call(op="opponents")["opponents"]
    rated = [o for o in listed if opponent_rating(o["name"]) is not None]
    assert rated, "the ladder rates at least one opponent the page offers"
    for o in rated:
        assert {k: o[k] for k in ("rating", "low", "high", "matches")} == opponent_rating(o["name"])
        assert o["low"] <= o["rating"] <= o["high"]


def rate(player: Any, score: float, opponent: str = "expert") -> dict[str, Any]:
    reply = call(op="rate", player=player, opponent=opponent, score=score)
    assert reply["ok"] and reply["rated"], reply
    return reply


def test_the_players_rating_moves_up_after_a_win_and_down_after_a_loss() -> None:
    first = rate(None, 1)["player"]  # a new player, then the rating kept by the page
    assert first["matches"] == 1 and first["rating"] > 1500
    for opponent in ("expert", "beginner"):
        won, lost = rate(first, 1, opponent)["player"], rate(first, 0, opponent)["player"]
        assert lost["rating"] < first["rating"] < won["rating"]
        for after in (won, lost):
            assert after["matches"] == 2 and after["deviation"] < first["deviation"]
            assert after["low"] < after["rating"] < after["high"]


def test_a_rating_suggests_one_level_at_a_time_until_it_settles() -> None:
    """While the rating is wide, the next opponent is one level up or down the ladder from the
    one played (one win against the beginner leads to the cautious player, not past it); once
    settled, the one rated nearest it."""
    listed = call(op="opponents")["opponents"]
    rated = {o["name"]: o["rating"] for o in listed if "rating" in o}
    ladder = sorted(rated, key=rated.__getitem__)
    first = rate(None, 1, "beginner")
    assert first["suggest"] == ladder[1] == "cautious" and not first["player"]["settled"]
    assert call(op="suggest", player=first["player"], opponent="beginner")["suggest"] == "cautious"
    player: Any = None
    for score in (0, 0, 0, 1, 1, 1, 1, 1) * 3:
        reply = rate(player, score, "gin-hunter")
        player = reply["player"]
        nearest = min(rated, key=lambda n: (abs(rated[n] - player["rating"]), n))
        step = ladder.index(nearest) - ladder.index("gin-hunter")
        one = ladder[ladder.index("gin-hunter") + (step > 0) - (step < 0)]
        assert player["settled"] == (player["deviation"] < 100)
        assert reply["suggest"] == (nearest if player["settled"] else one)
        # A rating the page kept asks for the same suggestion again (after a reload).
        again = call(op="suggest", player=player, opponent="gin-hunter")["suggest"]
        assert again == reply["suggest"]
    assert player["settled"]


def test_an_old_saves_opponent_name_is_rated_as_its_new_name() -> None:
    assert rate(None, 1, "simple")["player"] == rate(None, 1, "baseline")["player"]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_handle_never_raises(text: str) -> None:
    reply = json.loads(api.handle(text))
    assert reply["ok"] in (True, False)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["act", "bot", "view", "load", "new"]), st.text(max_size=20))
def test_ops_with_junk_never_raise(op: str, junk: str) -> None:
    for request in ({"op": op, "action": junk}, {"op": op, "save": junk}, {"op": op, "seed": junk}):
        reply = json.loads(api.handle(json.dumps(request)))
        assert reply["ok"] in (True, False)


def _until_human_can_knock(seed: str) -> tuple[dict[str, Any], str] | None:
    """Play the human by 'draw, then the best discard' until a knock is legal."""
    reply = to_human(call(op="new", seed=seed))
    for _ in range(60):
        view = reply["view"]
        if view["phase"] != "discard":
            if view["phase"] not in ("opening", "draw"):
                return None
            legal = [a["action"] for a in view["legal_actions"]]
            reply = to_human(call(op="act", action="draw" if "draw" in legal else "pass"))
            continue
        knocks = [a["action"] for a in view["legal_actions"] if a["action"].startswith("knock")]
        if knocks:
            return reply, knocks[0]
        reply = to_human(call(op="act", action=f"discard {view['discard_options'][0]['card']}"))
    return None


def test_declarations_list_every_knock_and_any_one_may_be_played() -> None:
    found = next(f for f in map(_until_human_can_knock, (f"decl-{i}" for i in range(40))) if f)
    reply, best = found
    card = best.split()[1]
    listed = call(op="declarations", card=card)
    assert listed["ok"], listed
    choices = listed["declarations"]
    assert choices[0]["action"] == best
    limit = reply["view"]["knock_limit"]
    assert all(0 < c["deadwood"] <= limit for c in choices)
    assert [c["deadwood"] for c in choices] == sorted(c["deadwood"] for c in choices)
    for choice in choices:
        held = {*choice["deadwood_cards"], *(c for meld in choice["melds"] for c in meld), card}
        assert held == set(reply["view"]["hand"])
    last = choices[-1]
    done = call(op="act", action=last["action"])
    assert done["ok"], done
    assert done["view"]["result"]["knocker_deadwood"] == last["deadwood"]
    assert call(op="declarations", card=card)["ok"] is False


def test_the_hint_and_the_knock_review_agree_on_the_undercut_risk() -> None:
    """Where a knock is on offer the hint names the search's best knock and its undercut risk,
    and the declarations list gives that same risk for that declaration (one voice)."""
    risks = []
    for seed in (f"risk-{i}" for i in range(12)):
        if _until_human_can_knock(seed) is None:
            continue
        advice = call(op="hint")["hint"]
        if advice["action"].startswith("gin"):
            continue  # gin beats any knock: no figures
        figures = advice["knock"]
        choices = call(op="declarations", card=figures["card"])["declarations"]
        same = [c for c in choices if c["action"] == figures["action"]]
        assert same, (figures, choices)
        assert same[0]["undercut"] == figures["undercut"]
        assert same[0]["deadwood"] == figures["deadwood"]
        risks += [c["undercut"] for c in choices]
    assert len(risks) > 5 and all(0 <= r <= 1 for r in risks)
    assert any(r > 0 for r in risks) and any(r < 1 for r in risks)


def test_the_view_names_the_computer_opponent_the_person_chose() -> None:
    """The person's view names the computer opponent (the read of the other hand states its
    risks for it); a match between friends names nobody."""
    chosen = call(op="new", seed="named", opponent="beginner")["view"]
    assert chosen["opponent"]["player"] == "beginner"
    friends = call(op="new", seed="named", opponent="friend", names=["Ana", "Ben"])["view"]
    assert "player" not in friends["opponent"]


def test_a_lessons_knock_names_no_undercut_risk() -> None:
    """A lesson's computer hand is arranged: the read's chance of an undercut says nothing true of
    it (the undercut lesson read 0% and undercut one tap later), so neither the knock review nor
    the hint names one there."""
    lessons = json.loads((Path(__file__).parent.parent / "web/coach/lessons.json").read_text())
    lesson = next(x for x in lessons["lessons"] if x["id"] == "undercut")
    call(op="new", seed=lesson["seed"], decks=[lesson["deck"]], script=lesson["script"])
    to_human(call(op="act", action="pass"))
    to_human(call(op="act", action="draw"))
    choices = call(op="declarations", card="8D")["declarations"]
    assert choices and all("undercut" not in c for c in choices)
    assert "knock" not in call(op="hint")["hint"]
    assert call(op="act", action=choices[0]["action"])["view"]["result"]["kind"] == "undercut"
