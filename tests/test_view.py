"""A player's view: what it holds, what it never leaks, and that docs/view.md covers it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gin.actions import Action
from gin.cards import format_card, from_mask, pretty_card
from gin.game import Phase, arranged_deck
from gin.i18n import catalogue, word
from gin.match import Match, apply, legal_actions, new_match
from gin.rules import Rules
from gin.view import view

DOC = Path(__file__).parent.parent / "docs" / "view.md"
SECRET_SEED = "seed-that-must-not-leak"


def hidden_from(match: Match, seat: int) -> list[int]:
    """Cards ``seat`` may not see: the stock, and the other hand less its known cards. At the
    hand's end both hands are shown, and the stock only in ``deal`` (checked apart)."""
    hand = match.hand
    if hand.phase is Phase.HAND_OVER:
        return list(hand.deck[hand.stock_next :])
    other = hand.hands[1 - seat] & ~hand.known[1 - seat]
    return [*from_mask(other), *hand.deck[hand.stock_next :]]


def outside_deal(data: dict[str, Any]) -> dict[str, Any]:
    """The view less ``deal``, which reveals the deck at the hand's end (gin.fairness)."""
    if data["deal"]["deck"] is not None:
        assert data["phase"] in ("hand_over", "match_over")
        return {k: v for k, v in data.items() if k != "deal"}
    return data


def leaks(data: dict[str, Any], cards: list[int]) -> list[str]:
    text = json.dumps(data, ensure_ascii=False)
    tokens = set(re.findall(r"\b[A2-9TJQK][CDHS]\b", text))
    tokens |= set(re.findall(r"(?:10|[A2-9JQK])[♣♦♥♠]", text))
    return [t for c in cards for t in (format_card(c), pretty_card(c)) if t in tokens]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_a_view_never_contains_a_hidden_card(seed: int) -> None:
    rng = random.Random(seed)
    match = new_match(Rules(target=25), SECRET_SEED)
    for _ in range(250):
        for seat in (0, 1):
            data = view(match, seat)
            assert leaks(outside_deal(data), hidden_from(match, seat)) == []
            assert (SECRET_SEED in json.dumps(data)) == (match.winner is not None)
            assert data["hand"] == [format_card(c) for c in from_mask(match.hand.hands[seat])]
        if match.winner is not None:
            break
        actions = legal_actions(match)
        endings = [a for a in actions if a.kind in ("knock", "gin", "next")]
        match = apply(match, rng.choice(endings) if endings else rng.choice(actions))


def test_legal_actions_only_for_the_seat_to_act() -> None:
    match = new_match(Rules(), "turns")
    seat = match.to_act
    assert seat is not None
    mine, theirs = view(match, seat), view(match, 1 - seat)
    assert mine["your_turn"] and not theirs["your_turn"]
    assert theirs["legal_actions"] == []
    assert [(a["action"], english(a["label"])) for a in mine["legal_actions"]] == [
        ("take", f"Take upcard {pretty_card(match.hand.discards[-1])}"),
        ("pass", "Pass"),
    ]


def test_eleven_cards_show_discard_options_and_the_drawn_card() -> None:
    match = new_match(Rules(), "draw")
    match = apply(apply(apply(match, Action("pass")), Action("pass")), Action("draw"))
    seat = match.to_act
    assert seat is not None
    mine, theirs = view(match, seat), view(match, 1 - seat)
    assert len(mine["discard_options"]) == 11 and theirs["discard_options"] == []
    assert mine["drawn"] == format_card(match.hand.drawn or 0) and theirs["drawn"] is None
    line = theirs["history"][-1]
    assert (line["seat"], line["action"], line["card"]) == (seat, "draw", None)
    assert english(line["text"]) == "Opponent drew from the stock"
    labels = [english(a["label"]) for a in mine["legal_actions"]]
    assert all(label.startswith(("Discard", "Knock", "Gin")) for label in labels)


def english(message: dict[str, Any]) -> str:
    """A message of the view in English words, as the page words it."""
    return word(catalogue("en"), message, "en")


def knocked() -> Match:
    deck = arranged_deck(
        "AC 2C 3C 4D 5D 6D 6S 7S 8S 7H", "JD QD KD TH JH QH 9S 5H 6C 8C", "QS", "KC"
    )
    match = new_match(Rules(), "k", [deck])  # the seed "k" deals first from seat 1
    for text in ("pass", "pass", "draw", "knock KC"):
        match = apply(match, Action.from_text(text))
    return match


def test_hand_over_shows_the_result_in_words() -> None:
    match = knocked()
    result = view(match, 0)["result"]
    assert english(result["words"]) == (
        "You knocked with 7. Opponent had 19 after laying off 9♠: you score 12"
    )
    assert english(view(match, 1, ["Ann", "Computer"])["result"]["words"]) == (
        "Ann knocked with 7. Computer had 19 after laying off 9♠: Ann scores 12"
    )
    assert result["layoffs"] == [{"card": "9S", "meld": 2}]
    assert result["knocker_melds"][2] == ["6S", "7S", "8S"]
    assert result["hands"][1] == ["6C", "8C", "JD", "QD", "KD", "5H", "TH", "JH", "QH", "9S"]
    assert result["defender_deadwood_cards"] == ["6C", "8C", "5H"]
    assert (result["defender_deadwood_before"], result["defender_deadwood"]) == (28, 19)
    assert (result["kind"], result["winner"], result["box"], result["points"]) == (
        "knock",
        0,
        0,
        12,
    )
    for seat in (0, 1):
        data = view(match, seat)
        assert data["your_turn"] and data["legal_actions"] == [
            {"action": "next", "label": {"key": "view.action.next", "args": {}}}
        ]


def keys_of(data: dict[str, Any], prefix: str = "") -> set[str]:
    keys = set()
    for key, value in data.items():
        keys.add(prefix + key)
        message = isinstance(value, dict) and set(value) == {"key", "args"}
        if isinstance(value, dict) and key != "rules" and not message:
            keys |= keys_of(value, prefix + key + ".")
    return keys


def test_docs_describe_every_field() -> None:
    """Every key a view can hold is named in docs/view.md (as `key` or `parent.key`)."""
    match = new_match(Rules(target=10), "docs")
    seen: set[str] = set()
    rng = random.Random(4)
    while match.winner is None:
        for seat in (0, 1):
            data = view(match, seat)
            seen |= keys_of(data)
            if data["result"]:
                seen |= keys_of(data["result"], "result.")
                seen |= {
                    f"result.layoffs.{k}" for lay in data["result"].get("layoffs", []) for k in lay
                }
            seen |= {f"history.{k}" for entry in data["history"] for k in entry}
            seen |= {f"legal_actions.{k}" for entry in data["legal_actions"] for k in entry}
            seen |= {f"discard_options.{k}" for entry in data["discard_options"] for k in entry}
        actions = legal_actions(match)
        endings = [a for a in actions if a.kind in ("knock", "gin", "next")]
        match = apply(match, endings[0] if endings else rng.choice(actions))
    final = view(match, 0)
    seen |= keys_of(final)
    seen |= {f"final.totals.{k}" for t in final["final"]["totals"] for k in t}
    seen |= {f"score_sheet.{k}" for line in final["score_sheet"] for k in line}
    text = DOC.read_text(encoding="utf-8")
    missing = sorted(k for k in seen if f"`{k}`" not in text)
    assert missing == []


def test_views_are_cheap() -> None:
    import time

    match = knocked()
    start = time.perf_counter()
    for _ in range(200):
        view(match, 0)
    assert (time.perf_counter() - start) / 200 < 0.01


def test_history_names_the_face_up_card_of_each_pass_take_and_discard() -> None:
    match = new_match(Rules(), "history-cards")
    upcard = format_card(match.hand.discards[-1])
    match = apply(match, Action("pass"))
    match = apply(match, Action("take"))  # the dealer takes the upcard the other passed
    entries = view(match, 0)["history"]
    assert [(e["action"], e["card"]) for e in entries] == [("pass", upcard), ("take", upcard)]
    held = from_mask(match.hand.hands[match.hand.dealer])
    thrown = next(c for c in held if format_card(c) != upcard)
    match = apply(match, Action("discard", thrown))
    last = view(match, 1 - match.hand.dealer)["history"][-1]
    assert (last["action"], last["card"]) == (f"discard {format_card(thrown)}", format_card(thrown))
