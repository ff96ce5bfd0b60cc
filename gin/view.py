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
from gin.cards import Card, format_card, from_mask, mask_value, pretty_card
from gin.fairness import hand_salt
from gin.game import Event, HandResult, Phase
from gin.match import Match, final_totals, legal_actions
from gin.melds import Meld, best_melds, discard_options
from gin.rules import Rules
from gin.scoresheet import sheet

VERSION = 1

__all__ = ["VERSION", "view"]


def view(match: Match, seat: int, names: Sequence[str] | None = None) -> dict[str, Any]:
    """What ``seat`` knows of ``match``. ``names`` are the seats' names for the words of the
    history and the result (default: "You" for ``seat``, "Opponent" for the other)."""
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


# ----------------------------------------------------------------------------- history


def _history(
    events: Sequence[Event], upcard: Card, who: list[str], face_up: bool
) -> list[dict[str, Any]]:
    """Each event with its public text and words; replays the pile to name taken cards.
    ``face_up``: the knock or gin discard goes on the pile (``rules.knock_discard_face_up``)."""
    pile = [upcard]
    lines = []
    opening = True  # only passes so far
    for seat, action in events:
        name = who[seat]
        kind = action.kind
        card: Card | None = None  # the face-up card the action moved or declined, if any
        if kind == "pass":
            card = pile[-1]
            words = f"{name} passed on the upcard {pretty_card(card)}"
        elif kind == "take":
            card = pile.pop()
            words = (
                f"{name} took the upcard {pretty_card(card)}"
                if opening
                else f"{name} took {pretty_card(card)} from the discard pile"
            )
        elif kind == "draw":
            words = f"{name} drew from the stock"
        elif kind == "discard":
            card = action.card
            assert card is not None
            pile.append(card)
            words = f"{name} discarded {pretty_card(card)}"
        elif kind == "knock":
            card = action.card if face_up else None
            how = "" if face_up else " face down"
            words = f"{name} knocked, discarding {_pretty(action.card)}{how}"
        elif kind == "gin":
            card = action.card if face_up else None
            words = f"{name} went gin, discarding {_pretty(action.card)}"
        else:
            words = f"{name} went big gin"
        opening = opening and kind == "pass"
        lines.append(
            {
                "seat": seat,
                "action": action.text(),
                "card": None if card is None else format_card(card),
                "text": words,
            }
        )
    return lines


def _pretty(card: Card | None) -> str:
    return pretty_card(card) if card is not None else ""


# ----------------------------------------------------------------------------- legal actions


def _labelled(match: Match) -> list[dict[str, str]]:
    hand = match.hand
    top = hand.discards[-1] if hand.discards else None
    opening = hand.phase is Phase.OPENING
    held = hand.hands[hand.to_act] if hand.to_act is not None else 0
    return [
        {"action": a.text(), "label": _label(a, top, opening, held)} for a in legal_actions(match)
    ]


def _label(action: Action, top: Card | None, opening: bool, held: int) -> str:
    kind = action.kind
    if kind == "take":
        return f"Take upcard {_pretty(top)}" if opening else f"Take {_pretty(top)}"
    if kind == "discard":
        return f"Discard {_pretty(action.card)}"
    if kind == "knock" and action.card is not None:
        dead = mask_value(held & ~(1 << action.card) & ~_union(action.melds or ()))
        return f"Knock, discarding {_pretty(action.card)} ({dead} deadwood)"
    if kind == "gin":
        return f"Gin, discarding {_pretty(action.card)}"
    return {
        "pass": "Pass",
        "draw": "Draw from the stock",
        "big gin": "Big gin",
        "next": "Next hand",
    }[kind]


# ----------------------------------------------------------------------------- results


def _result(result: HandResult, who: list[str], rules: Rules) -> dict[str, Any]:
    """The hand's end, both hands revealed, with the score worked out in words."""
    if result.kind == "void":
        redeal = (
            "the same dealer deals again"
            if rules.dealer_after_void == "same"
            else "the deal passes to the other player"
        )
        return {
            "kind": "void",
            "knocker": None,
            "winner": None,
            "points": 0,
            "hands": [_cards(h) for h in result.hands],
            "words": f"Only two stock cards are left: the hand is void, and {redeal}",
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
        "words": _words(result, who),
    }


def _scores(name: str, points: str) -> str:
    return f"you score {points}" if name == "You" else f"{name} scores {points}"


def _words(result: HandResult, who: list[str]) -> str:
    """e.g. "You knocked with 7; Opponent had 19 after laying off 9♠: you score 12"."""
    assert result.knocker is not None
    knocker, defender = who[result.knocker], who[1 - result.knocker]
    against = result.defender_deadwood
    if result.kind in ("gin", "big_gin"):
        what = "went gin" if result.kind == "gin" else "went big gin"
        bonus = result.points // result.multiplier - against
        sum_text = f"{bonus} + {against} = {bonus + against}"
        return f"{knocker} {what}; {defender} had {against}: " + _scores(
            knocker, _doubled(sum_text, result)
        )
    laid = [pretty_card(lay.card) for lay in result.layoffs]
    had = f"{defender} had {against}"
    if laid:
        had += " after laying off " + _and(laid)
    head = f"{knocker} knocked with {result.knocker_deadwood}; {had}: "
    if result.winner is None:
        return head + "a tie, and nobody scores"
    base = result.points // result.multiplier
    if result.kind == "undercut":
        bonus = base - (result.knocker_deadwood - against)
        text = f"{bonus} + {base - bonus} = {base}"
        return head + "undercut! " + _scores(defender, _doubled(text, result))
    return head + _scores(knocker, _doubled(str(base), result))


def _doubled(points: str, result: HandResult) -> str:
    if result.multiplier == 1:
        return points
    return f"{points}, doubled for the spade upcard: {result.points}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


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
