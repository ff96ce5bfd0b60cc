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
>>> from gin.i18n import catalogue, word
>>> [word(catalogue("en"), f["text"], "en") for f in frames(doc)]
['Hand 1: Computer deals', 'You passed on the upcard 4♦']
>>> frames(dump(new_match(Rules(), "demo"), ["You", "Ann"]), ["Ann", "You"])[0]["text"]
{'key': 'replay.you_deal', 'args': {'hand': 1}}

At a hand's end each hand is shown as it was laid down, not as its best melds: the knocker's
declaration as knocked, the defender's melds, the cards it laid off (``laid_off``) and the
deadwood left after them, the numbers the result's words give.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gin.cards import parse_card
from gin.i18n import card_arg, msg
from gin.match import Match, apply, new_match
from gin.save import load
from gin.view import name_arg, view

DEFAULT_NAMES = ("You", "Computer")


def frames(doc: Any, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Every state of the saved match: the first deal, then one frame after each action.

    ``doc`` is a match document (docs/save.md), validated in full; ``names`` default to the
    document's own, else "You" and "Computer"."""
    saved = load(doc)
    who = list(names or saved.names or DEFAULT_NAMES)
    match = new_match(saved.match.rules, saved.match.seed, saved.match.decks)
    shown = [_frame(match, who, None, _deals(match, who))]
    for action in saved.match.actions:
        seat = match.to_act
        match = apply(match, action)
        if action.kind == "next":
            shown.append(_frame(match, who, None, _deals(match, who)))
            continue
        line = view(match, 0, who)["history"][-1]
        text = line["text"]
        if action.kind == "draw":
            # Face up for both: name the card the history keeps private.
            drawn = parse_card(view(match, line["seat"], who)["drawn"])
            name = name_arg(who[line["seat"]])
            text = msg("replay.drew", name=name, card=card_arg(drawn)).to_json()
        shown.append(_frame(match, who, seat, text, action.text()))
    return shown


def _deals(match: Match, who: list[str]) -> dict[str, Any]:
    name = who[match.hand.dealer]
    if name == "You":
        return msg("replay.you_deal", hand=match.hand_number).to_json()
    return msg("replay.deals", hand=match.hand_number, name=name_arg(name)).to_json()


def _frame(
    match: Match, who: list[str], seat: int | None, text: dict[str, Any], action: str | None = None
) -> dict[str, Any]:
    views = [view(match, s, who) for s in (0, 1)]
    first = views[0]
    result = first["result"]
    hands = [
        {
            "cards": v["hand"],
            "melds": v["melds"],
            "laid_off": [],
            "deadwood_cards": v["deadwood_cards"],
            "deadwood": v["deadwood"],
        }
        for v in views
    ]
    if result is not None and result["kind"] != "void":
        hands = _laid_down(result)
    return {
        "hand_number": match.hand_number,
        "dealer": match.hand.dealer,
        "seat": seat,
        "action": action,
        "text": text,
        "to_act": match.to_act,
        "hands": hands,
        "discard_pile": first["discard_pile"],
        "stock_count": first["stock_count"],
        "scores": first["scores"],
        "result": first["result"],
        "final": first["final"],
    }


def _laid_down(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Both hands as the view's result lays them down (see :func:`gin.view.view`)."""
    knocker = result["knocker"]
    hands: list[dict[str, Any]] = [{}, {}]
    hands[knocker] = {
        "cards": result["hands"][knocker],
        "melds": result["knocker_melds"],
        "laid_off": [],
        "deadwood_cards": result["knocker_deadwood_cards"],
        "deadwood": result["knocker_deadwood"],
    }
    hands[1 - knocker] = {
        "cards": result["hands"][1 - knocker],
        "melds": result["defender_melds"],
        "laid_off": [lay["card"] for lay in result["layoffs"]],
        "deadwood_cards": result["defender_deadwood_cards"],
        "deadwood": result["defender_deadwood"],
    }
    return hands
