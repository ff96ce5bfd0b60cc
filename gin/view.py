"""A player's view: everything one seat may know, as plain JSON-ready data (see docs/view.md).

It is the only thing that leaves the engine for a player, human or computer: never the other
hand while the hand is played, never the stock, never the seed of an unfinished match, never a
hand's salt before that hand ends (only its fingerprint, :mod:`gin.fairness`).

>>> from gin.match import new_match
>>> from gin.rules import Rules
>>> v = view(new_match(Rules(), "demo"), 0)
>>> v["version"], v["phase"], len(v["hand"]), v["stock_count"], v["opponent"]["count"]
(1, 'opening', 10, 31, 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gin.actions import Action
from gin.cards import Card, format_card, from_mask, mask_value
from gin.fairness import hand_salt
from gin.game import Event, HandResult, Phase
from gin.i18n import Arg, Message, card_arg, msg
from gin.match import Match, final_totals, legal_actions
from gin.melds import Meld, best_melds, discard_options
from gin.rules import Rules
from gin.scoresheet import sheet

VERSION = 1

__all__ = ["NAME_MESSAGES", "VERSION", "name_arg", "view"]


def view(
    match: Match, seat: int, names: Sequence[str] | None = None, player: str | None = None
) -> dict[str, Any]:
    """What ``seat`` knows of ``match``. ``names`` are the seats' names for the words of the
    history and the result (default: "You" for ``seat``, "Opponent" for the other); ``player``
    names the computer opponent in the other seat when ``seat`` chose it (``opponent.player``)."""
    who = _names(seat, names)
    hand = match.hand
    cards = hand.hands[seat]
    phase = match.phase
    over = phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    acting = match.winner is None and (over or hand.to_act == seat)
    melds = best_melds(cards)
    melded = _union(melds)
    result = hand.result
    data: dict[str, Any] = {
        "version": VERSION,
        "seat": seat,
        "names": who,
        "phase": str(phase),
        "hand_number": match.hand_number,
        "dealer": hand.dealer,
        "to_act": hand.to_act,
        "your_turn": acting,
        "knock_limit": hand.knock_limit,
        "multiplier": hand.multiplier,
        "hand": _cards(cards),
        "melds": [_cards(m) for m in melds],
        "deadwood_cards": _cards(cards & ~melded),
        "deadwood": mask_value(cards & ~melded),
        "discard_options": _discard_options(cards),
        "taken": _own(hand.taken, hand.to_act == seat),
        "drawn": _own(hand.drawn, hand.to_act == seat),
        "discard_pile": [format_card(c) for c in hand.discards],
        "stock_count": hand.stock_count,
        "opponent": {
            "count": hand.hands[1 - seat].bit_count(),
            "known": _cards(hand.known[1 - seat]),
            **({} if player is None else {"player": player}),
        },
        "history": _history(hand.history, hand.deck[20], who, match.rules.knock_discard_face_up),
        "scores": {
            "points": list(match.points),
            "boxes": list(match.boxes),
            "target": match.rules.target,
        },
        "score_sheet": sheet(match),
        "legal_actions": _labelled(match) if acting else [],
        "rules": match.rules.to_dict(),
        "supplied_decks": len(match.decks),
        "deal": _deal(match, over),
        "result": _result(result, who, match.rules) if result is not None else None,
        "final": None,
    }
    if match.winner is not None:
        data["final"] = _final(match)
        data["seed"] = match.seed
    return data


def _deal(match: Match, over: bool) -> dict[str, Any]:
    """The hand's fingerprint, taken when it was dealt; once the hand is over, what proves it:
    the deck as dealt, the cards left in the stock (next first) and the hand's salt."""
    hand = match.hand
    return {
        "fingerprint": match.fingerprints[-1],
        "salt": hand_salt(match.salt, match.hand_number) if over else None,
        "deck": [format_card(c) for c in hand.deck] if over else None,
        "stock": [format_card(c) for c in hand.deck[hand.stock_next :]] if over else None,
    }


def _names(seat: int, names: Sequence[str] | None) -> list[str]:
    if names is None:
        return ["You", "Opponent"] if seat == 0 else ["Opponent", "You"]
    if len(names) != 2:
        raise ValueError("names: give one name for each seat")
    return [str(n) for n in names]


def _cards(mask: int) -> list[str]:
    return [format_card(c) for c in from_mask(mask)]


def _union(melds: Sequence[Meld]) -> int:
    union = 0
    for meld in melds:
        union |= meld
    return union


def _own(card: Card | None, mine: bool) -> str | None:
    return format_card(card) if card is not None and mine else None


def _discard_options(cards: int) -> list[dict[str, Any]]:
    if cards.bit_count() != 11:
        return []
    return [{"card": format_card(c), "deadwood": d} for c, d in discard_options(cards)]


# ----------------------------------------------------------------------------- names

#: The names the page and the command line give by default, worded in each language: any other
#: name (a friend's) is a plain string argument.
NAME_MESSAGES = {
    "You": "view.name.you",
    "Computer": "view.name.computer",
    "Opponent": "view.name.opponent",
}


def name_arg(name: str) -> Arg:
    """A seat's name as a message argument: a default name as its message, else the name."""
    key = NAME_MESSAGES.get(name)
    return msg(key) if key is not None else name


def _you(name: str) -> bool:
    """Whether the words address this seat as "you" (the player's own default name)."""
    return name == "You"


# ----------------------------------------------------------------------------- history


def _history(
    events: Sequence[Event], upcard: Card, who: list[str], face_up: bool
) -> list[dict[str, Any]]:
    """Each event with its public text as a message; replays the pile to name taken cards.
    ``face_up``: the knock or gin discard goes on the pile (``rules.knock_discard_face_up``)."""
    pile = [upcard]
    lines = []
    opening = True  # only passes so far
    for seat, action in events:
        kind = action.kind
        card: Card | None = None  # the face-up card the action moved or declined, if any
        shown: Card | None = None  # the card the words name
        if kind == "pass":
            card = shown = pile[-1]
            key = "view.history.pass"
        elif kind == "take":
            card = shown = pile.pop()
            key = "view.history.take_upcard" if opening else "view.history.take"
        elif kind == "draw":
            key = "view.history.draw"
        elif kind == "discard":
            card = shown = action.card
            assert card is not None
            pile.append(card)
            key = "view.history.discard"
        elif kind == "knock":
            card = action.card if face_up else None
            shown = action.card
            key = "view.history.knock" if face_up else "view.history.knock_down"
        elif kind == "gin":
            card = action.card if face_up else None
            shown = action.card
            key = "view.history.gin"
        else:
            key = "view.history.big_gin"
        opening = opening and kind == "pass"
        words = msg(key, name=name_arg(who[seat]))
        if shown is not None:
            words = msg(key, name=name_arg(who[seat]), card=card_arg(shown))
        lines.append(
            {
                "seat": seat,
                "action": action.text(),
                "card": None if card is None else format_card(card),
                "text": words.to_json(),
            }
        )
    return lines


# ----------------------------------------------------------------------------- legal actions


def _labelled(match: Match) -> list[dict[str, Any]]:
    hand = match.hand
    top = hand.discards[-1] if hand.discards else None
    opening = hand.phase is Phase.OPENING
    held = hand.hands[hand.to_act] if hand.to_act is not None else 0
    return [
        {"action": a.text(), "label": _label(a, top, opening, held).to_json()}
        for a in legal_actions(match)
    ]


def _label(action: Action, top: Card | None, opening: bool, held: int) -> Message:
    kind = action.kind
    if kind == "take":
        assert top is not None
        return msg("view.action.take_upcard" if opening else "view.action.take", card=card_arg(top))
    if kind in ("discard", "gin"):
        assert action.card is not None
        return msg(f"view.action.{kind}", card=card_arg(action.card))
    if kind == "knock":
        assert action.card is not None
        dead = mask_value(held & ~(1 << action.card) & ~_union(action.melds or ()))
        return msg("view.action.knock", card=card_arg(action.card), deadwood=dead)
    return msg(f"view.action.{kind.replace(' ', '_')}")


# ----------------------------------------------------------------------------- results


def _result(result: HandResult, who: list[str], rules: Rules) -> dict[str, Any]:
    """The hand's end, both hands revealed, with the score worked out in words."""
    if result.kind == "void":
        return {
            "kind": "void",
            "knocker": None,
            "winner": None,
            "points": 0,
            "hands": [_cards(h) for h in result.hands],
            "words": msg(f"view.result.void_{rules.dealer_after_void}").to_json(),
        }
    assert result.knocker is not None
    knocker = result.knocker
    defender = 1 - knocker
    declared = _union(result.knocker_melds)
    laid = sum(1 << lay.card for lay in result.layoffs)
    defended = _union(result.defender_melds) | laid
    return {
        "kind": result.kind,
        "knocker": knocker,
        "winner": result.winner,
        "box": result.winner,
        "points": result.points,
        "multiplier": result.multiplier,
        "discard": format_card(result.discard) if result.discard is not None else None,
        "hands": [_cards(h) for h in result.hands],
        "knocker_melds": [_cards(m) for m in result.knocker_melds],
        "knocker_deadwood_cards": _cards(result.hands[knocker] & ~declared),
        "knocker_deadwood": result.knocker_deadwood,
        "defender_melds": [_cards(m) for m in result.defender_melds],
        "layoffs": [{"card": format_card(lay.card), "meld": lay.meld} for lay in result.layoffs],
        "defender_deadwood_cards": _cards(result.hands[defender] & ~defended),
        "defender_deadwood_before": result.defender_deadwood_before,
        "defender_deadwood": result.defender_deadwood,
        "words": _words(result, who).to_json(),
    }


def _scores(name: str, points: Arg, undercut: bool = False) -> Message:
    key = "view.outcome.undercut" if undercut else "view.outcome.score"
    if _you(name):
        return msg(key + "_you", points=points)
    return msg(key, name=name_arg(name), points=points)


def _words(result: HandResult, who: list[str]) -> Message:
    """e.g. "You knocked with 7; Opponent had 19 after laying off 9♠: you score 12"."""
    assert result.knocker is not None
    knocker, defender = who[result.knocker], who[1 - result.knocker]
    names = {"knocker": name_arg(knocker), "defender": name_arg(defender)}
    against = result.defender_deadwood
    if result.kind in ("gin", "big_gin"):
        bonus = result.points // result.multiplier - against
        total = msg("view.points.sum", bonus=bonus, base=against, total=bonus + against)
        outcome = _scores(knocker, _doubled(total, result))
        return msg(f"view.result.{result.kind}", **names, deadwood=against, outcome=outcome)
    laid = [card_arg(lay.card) for lay in result.layoffs]
    base = result.points // result.multiplier
    if result.winner is None:
        outcome = msg("view.outcome.tie")
    elif result.kind == "undercut":
        bonus = base - (result.knocker_deadwood - against)
        total = msg("view.points.sum", bonus=bonus, base=base - bonus, total=base)
        outcome = _scores(defender, _doubled(total, result), undercut=True)
    else:
        outcome = _scores(knocker, _doubled(base, result))
    said = {**names, "knocked": result.knocker_deadwood, "deadwood": against, "outcome": outcome}
    if laid:
        return msg("view.result.knock_laid", **said, cards=_and(laid))
    return msg("view.result.knock", **said)


def _doubled(points: Arg, result: HandResult) -> Arg:
    if result.multiplier == 1:
        return points
    return msg("view.points.doubled", points=points, total=result.points)


def _and(items: Sequence[Arg]) -> Arg:
    """A list in words: "9♠", "9♠ and 8♠", "7♠, 9♠ and 8♠"."""
    if len(items) == 1:
        return items[0]
    first = items[0]
    for item in items[1:-1]:
        first = msg("view.list.comma", first=first, next=item)
    return msg("view.list.and", first=first, last=items[-1])


def _final(match: Match) -> dict[str, Any]:
    assert match.winner is not None
    totals = final_totals(match.rules, match.points, match.boxes, match.winner)
    return {
        "winner": match.winner,
        "totals": [
            {
                "points": t.points,
                "boxes": t.boxes,
                "box_points": t.box_points,
                "game_bonus": t.game_bonus,
                "shutout": t.shutout,
                "total": t.total,
            }
            for t in totals
        ],
    }
