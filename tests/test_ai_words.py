"""The hint's reasons and the coach's remarks are messages every language can word: driven over
seeded hands and reviews, each one they give is worded by each catalogue (gin.i18n.word, which
fails on a key or an argument a catalogue lacks), and every key the code names is in each."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gin.actions import Action
from gin.ai import opponent
from gin.ai.coach.hint import hint
from gin.ai.coach.review import CLASSES, as_text, review_hand
from gin.i18n import LANGUAGES, catalogue, word
from gin.match import Match, apply, new_match
from gin.rules import Rules
from gin.save import Saved, dump, load
from gin.view import view

SOURCES = ("gin/ai/coach/hint.py", "gin/ai/coach/reason.py", "gin/ai/coach/review.py")
ROOT = Path(__file__).resolve().parent.parent


def keys_in(message: dict[str, Any]) -> set[str]:
    """The keys of a message and of the messages nested in its arguments."""
    nested = [v["msg"] for v in message["args"].values() if isinstance(v, dict) and "msg" in v]
    return {message["key"]}.union(*(keys_in(m) for m in nested))


def hinted(seeds: range, names: list[str]) -> list[dict[str, Any]]:
    """The hint's reason at every decision of seeded hands where the expert plays both seats."""
    said = []
    expert = opponent("expert")
    for n in seeds:
        match = new_match(Rules(), f"words-{n}")
        while match.hand.to_act is not None:
            seat = match.hand.to_act
            advice = hint(view(match, seat, names))
            said.append(advice["reason"])
            match = apply(match, Action.from_text(expert.decide(view(match, seat))))
    return said


def played(seed: str) -> Saved:
    """One hand of the beginner (seat 0) against the expert, saved."""
    players = (opponent("beginner"), opponent("expert"))
    match: Match = new_match(Rules(), seed)
    while match.hand.to_act is not None:
        seat = match.hand.to_act
        match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))
    return load(dump(match, ["Ana", "Computer"]))


@pytest.fixture(scope="module")
def reasons() -> list[dict[str, Any]]:
    return hinted(range(6), ["You", "Computer"]) + hinted(range(6, 8), ["Opponent", "You"])


@pytest.fixture(scope="module")
def reviews() -> list[Any]:
    return [review_hand(played(f"words-review-{n}"), 1, seat) for n in range(3) for seat in (0, 1)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_hint_reason_is_worded_in_every_language(
    reasons: list[dict[str, Any]], language: str
) -> None:
    cat = catalogue(language)
    keys = set().union(*(keys_in(r) for r in reasons))
    assert len(keys) >= 8, keys  # the hands drove the hint through many kinds of reason
    for reason in reasons:
        text = word(cat, reason, language)
        assert text and "{" not in text, (reason, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_coach_remark_and_review_is_worded_in_every_language(
    reviews: list[Any], language: str
) -> None:
    cat = catalogue(language)
    remarks = [d.reason.to_json() for r in reviews for d in r.decisions]
    assert any(k.startswith("coach.why.") for r in remarks for k in keys_in(r))
    for remark in remarks:
        assert "{" not in word(cat, remark, language), remark
    text = as_text(reviews, cat, language)
    assert text.count("\n") > len(reviews) and "{" not in text


def test_the_review_speaks_the_language_asked() -> None:
    review = [review_hand(played("words-review-0"), 1, 0)]
    english = as_text(review, catalogue("en"), "en")
    german = as_text(review, catalogue("de"), "de")
    assert english.startswith("Hand 1:") and german.startswith("Runde 1:")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_code_names_is_in_every_catalogue(language: str) -> None:
    named = {f"coach.class.{name}" for name, _ in CLASSES} | {"coach.class.best"}
    for source in SOURCES:
        named |= set(re.findall(r'"((?:hint|coach)\.[a-z_.]+[a-z])"', (ROOT / source).read_text()))
    assert len(named) > 30
    missing = sorted(named - set(catalogue(language)))
    assert not missing, f"{language} lacks {missing}"
