"""A finished (or unfinished) match, step by step with both hands face up, from its save.

The page steps through these frames after a match. Each frame is built from the two seats'
views of the match at that point, so the words, melds and deadwood are exactly what each player
saw; the replay only puts them side by side. Nothing here is hidden any more: a replay is for
a match whose document the player already holds.

>>> from gin.match import new_match, apply
>>> from gin.rules import Rules
>>> from gin.save import dump
>>> from gin.actions import Action
>>> doc = dump(apply(new_match(Rules(), "demo"), Action("pass")), ["You", "Computer"])
>>> [f["text"] for f in frames(doc)]
['Hand 1: Computer deals', 'You passed on the upcard 4♦']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gin.cards import parse_card, pretty_card
from gin.match import Match, apply, new_match
from gin.save import load
from gin.view import view

DEFAULT_NAMES = ("You", "Computer")


def frames(doc: Any, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Every state of the saved match: the first deal, then one frame after each action.

    ``doc`` is a match document (docs/save.md), validated in full; ``names`` default to the
    document's own, else "You" and "Computer"."""
    saved = load(doc)
    who = list(names or saved.names or DEFAULT_NAMES)
    match = new_match(saved.match.rules, saved.match.seed, saved.match.decks)
    shown = [_frame(match, who, None, f"Hand 1: {who[match.hand.dealer]} deals")]
    for action in saved.match.actions:
        seat = match.to_act
        match = apply(match, action)
        if action.kind == "next":
            text = f"Hand {match.hand_number}: {who[match.hand.dealer]} deals"
            shown.append(_frame(match, who, None, text))
            continue
        line = view(match, 0, who)["history"][-1]
        text = line["text"]
        if action.kind == "draw":
            # Face up for both: name the card the history keeps private.
            drawn = view(match, line["seat"], who)["drawn"]
            text = f"{who[line['seat']]} drew {pretty_card(parse_card(drawn))} from the stock"
        shown.append(_frame(match, who, seat, text, action.text()))
    return shown


def _frame(
    match: Match, who: list[str], seat: int | None, text: str, action: str | None = None
) -> dict[str, Any]:
    views = [view(match, s, who) for s in (0, 1)]
    first = views[0]
    return {
        "hand_number": match.hand_number,
        "dealer": match.hand.dealer,
        "seat": seat,
        "action": action,
        "text": text,
        "to_act": match.to_act,
        "hands": [
            {
                "cards": v["hand"],
                "melds": v["melds"],
                "deadwood_cards": v["deadwood_cards"],
                "deadwood": v["deadwood"],
            }
            for v in views
        ],
        "discard_pile": first["discard_pile"],
        "stock_count": first["stock_count"],
        "scores": first["scores"],
        "result": first["result"],
        "final": first["final"],
    }
