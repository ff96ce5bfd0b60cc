"""Reading a player's view (the plain dict of :mod:`gin.view`, see docs/view.md) into a
:class:`gin.ai.knowledge.tracking.Table`, refusing anything malformed with :class:`OpponentError`.

The view's history names its actions in the engine's notation; the cards taken from the pile
and the cards left on it when a player drew from the stock are recovered by replaying the
pile from the opening upcard. :func:`seat_table` takes the same table straight from a match,
for players that decide thousands of times a second inside playouts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from gin.actions import Action, ActionError
from gin.ai.base import OpponentError, View
from gin.ai.knowledge.tracking import Ending, Move, Table
from gin.cards import SUIT_SYMBOLS, Card, CardError, parse_card, parse_cards, to_mask
from gin.game import Phase
from gin.match import Match, legal_actions
from gin.rules import Rules, RulesError
from gin.scoresheet import FULL_STOCK, sheet

_PRETTY = re.compile(r"(10|[A2-9JQK])([" + SUIT_SYMBOLS + "])")


def _field(view: View, name: str) -> Any:
    if name not in view:
        raise OpponentError(f"the view has no {name!r} field")
    return view[name]


def _cards(value: Any, name: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise OpponentError(f"view field {name!r} must be a list of cards such as '7H'")
    try:
        return parse_cards(value)
    except CardError as error:
        raise OpponentError(f"view field {name!r}: {error}") from None


def _int(value: Any, name: str) -> int:
    if type(value) is not int or value < 0:
        raise OpponentError(f"view field {name!r} must be a whole number >= 0, not {value!r}")
    return value


def _card_in_text(text: str) -> Card | None:
    """The card a history line's words name (``took the upcard 7♥``), if any."""
    found = _PRETTY.search(text)
    if found is None:
        return None
    rank, symbol = found.groups()
    return parse_card(("T" if rank == "10" else rank) + "CDHS"[SUIT_SYMBOLS.index(symbol)])


def _moves(history: Any, pile: Sequence[Card]) -> tuple[Move, ...]:
    """The history as moves with the public card of each, replaying the pile."""
    if not isinstance(history, list):
        raise OpponentError("view field 'history' must be a list")
    parsed: list[tuple[int, Action, Mapping[str, Any]]] = []
    for entry in history:
        if not isinstance(entry, Mapping) or entry.get("seat") not in (0, 1):
            raise OpponentError("each history entry needs a seat (0 or 1) and an action")
        try:
            parsed.append((entry["seat"], Action.from_text(str(entry.get("action", ""))), entry))
        except ActionError as error:
            raise OpponentError(f"history: {error}") from None
    # The upcard stays at the bottom of the pile unless a player takes it at the opening.
    upcard: Card | None = pile[0] if pile else None
    for _, action, entry in parsed:
        if action.kind == "take":
            upcard = _public_card(entry)
        if action.kind != "pass":
            break
    return _replayed([(seat, action) for seat, action, _ in parsed], upcard)


def _replayed(events: Sequence[tuple[int, Action]], upcard: Card | None) -> tuple[Move, ...]:
    """``events`` as moves with the public card of each, replaying the pile from ``upcard``."""
    stack: list[Card | None] = [upcard]
    moves = []
    for seat, action in events:
        card = action.card
        if action.kind in ("pass", "draw"):
            card = stack[-1] if stack else None
        elif action.kind == "take":
            card = stack.pop() if stack else None
        elif action.kind == "discard":
            stack.append(card)
        moves.append(Move(seat, action.kind, card))
    return tuple(moves)


def _public_card(entry: Mapping[str, Any]) -> Card | None:
    card = entry.get("card")
    if isinstance(card, str):
        try:
            return parse_card(card)
        except CardError:
            return None
    return _card_in_text(str(entry.get("text", "")))


def read_view(view: View) -> Table:
    """The table a view describes; raises :class:`OpponentError` when it is not a view."""
    if not isinstance(view, Mapping):
        raise OpponentError("a view must be a JSON object")
    version = view.get("version", 1)
    if version != 1:
        raise OpponentError(f"view version {version!r} is not known here (this reads version 1)")
    seat = _field(view, "seat")
    if seat not in (0, 1):
        raise OpponentError(f"view field 'seat' must be 0 or 1, not {seat!r}")
    phase = _field(view, "phase")
    if phase not in ("opening", "draw", "discard", "hand_over", "match_over"):
        raise OpponentError(f"view field 'phase' is not a phase: {phase!r}")
    pile = _cards(_field(view, "discard_pile"), "discard_pile")
    opponent = _field(view, "opponent")
    if not isinstance(opponent, Mapping):
        raise OpponentError("view field 'opponent' must be an object with count and known")
    legal = _field(view, "legal_actions")
    if not isinstance(legal, list):
        raise OpponentError("view field 'legal_actions' must be a list")
    texts = tuple(str(a.get("action")) if isinstance(a, Mapping) else str(a) for a in legal)
    try:
        rules = Rules.from_dict(view.get("rules", {}))
    except (RulesError, TypeError) as error:
        raise OpponentError(f"view field 'rules': {error}") from None
    taken = view.get("taken")
    scores = view.get("scores", {})
    points = scores.get("points", [0, 0]) if isinstance(scores, Mapping) else [0, 0]
    return Table(
        seat=seat,
        phase=phase,
        hand=to_mask(_cards(_field(view, "hand"), "hand")),
        pile=tuple(pile),
        stock=_int(_field(view, "stock_count"), "stock_count"),
        opponent_count=_int(opponent.get("count"), "opponent.count"),
        opponent_known=to_mask(_cards(opponent.get("known", []), "opponent.known")),
        moves=_moves(_field(view, "history"), pile),
        legal=texts,
        rules=rules,
        knock_limit=_int(view.get("knock_limit", rules.knock_limit), "knock_limit"),
        taken=_cards([taken], "taken")[0] if isinstance(taken, str) else None,
        seed=str(view.get("opponent_seed", "")),
        scores=(int(points[0]), int(points[1])) if len(points) == 2 else (0, 0),
        hand_number=int(view.get("hand_number", 1)),
        other_ends=_endings(view.get("score_sheet", []), seat),
        other_player=_player(opponent.get("player")),
    )


def seat_table(match: Match, seat: int) -> Table:
    """The table ``read_view(view(match, seat))`` reads, taken from the match without building
    the view: about ten times cheaper, for players deciding at every move of hundreds of
    playouts (:mod:`gin.ai.coach.deep`). It reads only what the view shows ``seat``: its own
    hand, the pile, how many cards the other hand and the stock hold and which of the other's
    were taken from the pile, the public history and the score sheet (a test checks that the
    two tables are equal)."""
    hand = match.hand
    over = match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    acting = match.winner is None and (over or hand.to_act == seat)
    return Table(
        seat=seat,
        phase=str(match.phase),
        hand=hand.hands[seat],
        pile=hand.discards,
        stock=hand.stock_count,
        opponent_count=hand.hands[1 - seat].bit_count(),
        opponent_known=hand.known[1 - seat],
        # The pile's first card is the upcard, as the view's history replays it.
        moves=_replayed(hand.history, hand.deck[20]),
        legal=tuple(a.text() for a in legal_actions(match)) if acting else (),
        rules=match.rules,
        knock_limit=hand.knock_limit,
        taken=hand.taken if hand.to_act == seat else None,
        scores=match.points,
        hand_number=match.hand_number,
        other_ends=_endings(sheet(match), seat),
    )


def _player(name: Any) -> str | None:
    """The other player's name as the view gives it (``opponent.player``), or None."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise OpponentError(f"view field 'opponent.player' must be a name, not {name!r}")
    return name


def _endings(sheet: Any, seat: int) -> tuple[Ending, ...]:
    """What the earlier hands showed of the other seat: its knocks (a knock it won or tied, or
    an undercut this seat won), its gins, and its hand laid face up when this seat knocked or
    went gin (void hands show nothing)."""
    if not isinstance(sheet, list):
        raise OpponentError("view field 'score_sheet' must be a list")
    ends = []
    for line in sheet:
        if not isinstance(line, Mapping):
            raise OpponentError("each score sheet line must be an object")
        kind, knocker = line.get("kind"), line.get("knocker")
        if kind == "void" or knocker not in (0, 1):
            continue
        # A sheet without the figures of the hand's end (an older producer) shows nothing more
        # than how the hand ended: these defaults constrain no knock limit.
        stock = _int(line.get("stock_count", FULL_STOCK), "score_sheet.stock_count")
        if knocker == seat:
            dead = _int(
                line.get("defender_deadwood_before", 99), "score_sheet.defender_deadwood_before"
            )
            ends.append(Ending("shown", dead, stock))
        else:
            dead = _int(line.get("knocker_deadwood", 0), "score_sheet.knocker_deadwood")
            ends.append(Ending("gin" if kind in ("gin", "big_gin") else "knock", dead, stock))
    return tuple(ends)


def simple_action(table: Table) -> str | None:
    """The action when there is no real choice (``next``, a forced draw), else None."""
    if not table.legal:
        raise OpponentError(f"seat {table.seat} has nothing to decide now ({table.phase})")
    if len(table.legal) == 1:
        return table.legal[0]
    return None
