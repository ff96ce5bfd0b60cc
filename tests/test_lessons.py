"""The lessons (web/coach/lessons.json): each deal is what its lesson says, each expected move is
legal where the lesson asks for it, and each hand ends as the lesson explains; the scripted opponent
plays its script where legal and the beginner's move otherwise."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gin import api
from gin.ai.players.scripted import Scripted
from gin.i18n import LANGUAGES, catalogue, word

ROOT = Path(__file__).resolve().parent.parent
LESSONS = json.loads((ROOT / "web" / "coach" / "lessons.json").read_text(encoding="utf-8"))[
    "lessons"
]
TOPICS = ["melds", "upcard", "pile", "discard", "knock", "layoff", "undercut", "gin", "match"]


def call(**request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def computer_moves(view: dict[str, Any]) -> dict[str, Any]:
    while view["to_act"] == 1 and view["phase"] in ("opening", "draw", "discard"):
        view = call(op="bot")["view"]
    return view


def matching(view: dict[str, Any], expected: str) -> str | None:
    """The legal action a lesson's expected text stands for ("knock 9D" for its declaration)."""
    for entry in view["legal_actions"]:
        action: str = entry["action"]
        if action == expected or action.startswith(expected + " "):
            return action
    return None


def least_deadwood(view: dict[str, Any]) -> str:
    options = view["discard_options"]
    low = min(o["deadwood"] for o in options)
    return "discard " + next(o["card"] for o in options if o["deadwood"] == low)


def test_every_topic_has_a_lesson() -> None:
    assert [lesson["id"] for lesson in LESSONS] == TOPICS


def test_the_decks_are_what_the_deals_say() -> None:
    tool = subprocess.run([sys.executable, "tools/lessons.py", "--check"], cwd=ROOT, check=False)
    assert tool.returncode == 0


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson["id"])
def test_a_lesson_plays_through_as_it_explains(lesson: dict[str, Any]) -> None:
    view = call(
        op="new",
        seed=lesson["seed"],
        decks=[lesson["deck"]],
        rules=lesson.get("rules", {}),
        opponent="beginner",
        script=lesson["script"],
    )["view"]
    assert view["dealer"] == 1 and sorted(view["hand"]) == sorted(lesson["deal"]["you"].split())
    assert view["discard_pile"] == [lesson["deal"]["upcard"]]
    for number, step in enumerate(lesson["steps"]):
        view = computer_moves(view)
        assert view["to_act"] == 0, f"step {number}: not your turn"
        if step["expect"] == "least_deadwood":
            action = least_deadwood(view)
        else:
            found = [matching(view, text) for text in step["expect"]]
            assert all(found), f"step {number}: {step['expect']} not all legal"
            action = found[0] or ""
        view = call(op="act", action=action)["view"]
    view = computer_moves(view)
    if "outcome" in lesson:
        assert view["result"]["kind"] == lesson["outcome"]


def test_the_script_is_played_where_legal_else_the_beginners_move() -> None:
    from gin.view import view as seat_view

    call(op="new", seed="s")
    match = api._current().match
    seen = seat_view(match, 1 - match.hand.dealer, api.DEFAULT_NAMES)  # the non-dealer, to act
    assert Scripted(["take"]).decide(seen) == "take"
    assert Scripted(["draw"]).decide(seen) == "pass"  # "draw" is not legal yet: the beginner passes


def test_a_bad_script_is_refused() -> None:
    reply = json.loads(api.handle(json.dumps({"op": "new", "seed": "s", "script": ["fly away"]})))
    assert not reply["ok"] and "action" in reply["error"].lower()
    reply = json.loads(api.handle(json.dumps({"op": "new", "seed": "s", "script": "draw"})))
    assert not reply["ok"] and "script" in reply["error"]


def lesson_messages(lesson: dict[str, Any]) -> list[Any]:
    texts = [lesson[f] for f in ("title", "intro", "end")]
    return texts + [step[f] for step in lesson["steps"] for f in ("do", "right", "wrong")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_text_is_a_message_each_language_words(language: str) -> None:
    """lessons.json holds keys, not sentences; each language has every one, cards in its own
    letters (a German lesson shows the queen of clubs as D♣)."""
    cat = catalogue(language)
    for lesson in LESSONS:
        for message in lesson_messages(lesson):
            assert set(message) == {"key", "args"} and message["key"].startswith("lessons.")
            text = word(cat, message, language)
            assert text and "{" not in text, message
    intro = word(cat, LESSONS[0]["intro"], language)
    queen = word({"q": "{c}"} | cat, {"key": "q", "args": {"c": {"card": "QC"}}}, language)
    assert queen in intro


def test_the_tool_finds_a_lesson_text_a_language_lacks(tmp_path: Path) -> None:
    """The --check above fails when a catalogue lacks a lesson's text (here French, in a copy)."""
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "gin", copy / "gin")
    shutil.copytree(ROOT / "tools", copy / "tools")
    (copy / "web" / "coach").mkdir(parents=True)
    shutil.copy(ROOT / "web" / "coach" / "lessons.json", copy / "web" / "coach" / "lessons.json")
    french = copy / "gin" / "locales" / "fr" / "lessons.json"
    texts = json.loads(french.read_text(encoding="utf-8"))
    del texts["lessons.gin.2.wrong"]
    french.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    tool = subprocess.run(
        [sys.executable, "tools/lessons.py", "--check"],
        cwd=copy, check=False, capture_output=True, text=True,
    )  # fmt: skip
    assert tool.returncode == 1 and "fr: " in tool.stdout and "lessons.gin.2.wrong" in tool.stdout
