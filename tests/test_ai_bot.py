"""The bot protocol keeps serving through bad requests; the hint names a legal action."""

from __future__ import annotations

import json
import subprocess
import sys

from gin import api
from gin.actions import Action
from gin.ai.coach.hint import hint
from gin.i18n import catalogue, word
from gin.match import apply, new_match
from gin.rules import Rules
from gin.view import view


def test_bot_process_answers_and_survives_bad_lines() -> None:
    match = new_match(Rules(), "bot-test")
    seat = match.hand.to_act
    assert seat is not None
    good = json.dumps({"id": "a", "view": view(match, seat)})
    bare = json.dumps(view(match, seat))
    lines = [good, "{not json", "[1, 2]", json.dumps({"id": 3, "view": {"seat": 0}}), bare]
    run = subprocess.run(
        [sys.executable, "-m", "gin", "bot", "--opponent", "expert"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    replies = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(replies) == 5
    assert replies[0]["id"] == "a" and replies[0]["action"] in ("take", "pass")
    assert "error" in replies[1] and "error" in replies[2]
    assert replies[3]["id"] == 3 and "error" in replies[3]
    assert replies[4]["action"] == replies[0]["action"]


def test_hint_through_a_hand() -> None:
    match = new_match(Rules(), "hint-test")
    for _ in range(30):
        seat = match.hand.to_act
        if seat is None:
            break
        seen = view(match, seat, ["You", "Computer"])
        advice = hint(seen)
        legal = {(a["action"].split(" [")[0]) for a in seen["legal_actions"]}
        assert advice["action"].split(" [")[0] in legal | {
            a.replace("discard", "knock") for a in legal
        }
        said = word(catalogue("en"), advice["reason"], "en")
        assert said.endswith(".") and len(said) < 160
        match = apply(match, Action.from_text(advice["action"]))


def test_hint_op_of_the_page() -> None:
    reply = json.loads(api.handle(json.dumps({"op": "new", "seed": "hint-op"})))
    assert reply["ok"]
    if reply["view"]["your_turn"]:
        answer = json.loads(api.handle('{"op": "hint"}'))
        assert answer["ok"] and answer["hint"]["reason"]


def test_hint_weighs_a_knock_against_playing_on() -> None:
    """Wherever a knock is on offer, the hint says "Knock now" or "Play on", and why."""
    said = {"Knock now": 0, "Play on": 0}
    for n in range(40):
        match = new_match(Rules(), f"hint-knock-{n}")
        if min(said.values()) >= 2:
            break
        while match.hand.to_act is not None:
            seen = view(match, match.hand.to_act, ["You", "Computer"])
            advice = hint(seen)
            knockable = any(a["action"].startswith("knock ") for a in seen["legal_actions"])
            if knockable and not advice["action"].startswith("gin"):
                reason = word(catalogue("en"), advice["reason"], "en")
                verdict, why = reason.split(": ", 1)
                assert verdict.split(",")[0] in said, advice
                assert any(w in why for w in ("undercut", "gin", "knock")), advice  # says why
                assert len(reason) < 160
                said[verdict.split(",")[0]] += 1
            match = apply(match, Action.from_text(advice["action"]))
    assert said["Knock now"] and said["Play on"], said
