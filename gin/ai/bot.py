"""The bot protocol: one JSON request per line in, one JSON reply per line out (see
docs/bot-protocol.md).

A request is an object with the player's ``view`` (as in docs/view.md) and an optional ``id``
echoed back; a bare view is accepted too. The reply is ``{"id": ..., "action": "discard 7H"}``
or, for anything wrong with the request, ``{"id": ..., "error": "..."}``; the bot keeps serving
either way. A blank line is ignored.

No line can end or stall the bot: a line is read only up to :data:`gin.limits.LINE_BYTES` and
parsed as strict JSON within :mod:`gin.limits`; the view is checked for sizes and for the 52
cards adding up before an opponent reads it; the action answered is always one of the view's
``legal_actions`` (or an error reply says the view contradicts itself); replies are ASCII JSON.

>>> import io
>>> import json
>>> from gin.match import new_match
>>> from gin.rules import Rules
>>> from gin.view import view
>>> m = new_match(Rules(), "demo")
>>> request = json.dumps({"id": 7, "view": view(m, m.hand.to_act)})
>>> out = io.StringIO()
>>> serve(io.StringIO(request + "\\n\\nnot json\\n"), out, "baseline")
>>> for line in out.getvalue().splitlines():
...     print(line[:60])
{"id": 7, "action": "pass"}
{"id": null, "error": "a request must be one JSON object per
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from gin import limits
from gin.actions import Action, ActionError
from gin.ai.base import Opponent, OpponentError, View, opponent
from gin.cards import CardError, parse_cards
from gin.melds import declarations

_PLAYING = {"opening": 10, "draw": 10, "discard": 11}
"""Cards in the hand of the player to act, by phase; the other hand holds 10."""
_STOCK = 31
"""Cards in the stock after the deal (52 - 2 x 10 - the upcard)."""
_LEGAL = 64
"""Entries of legal_actions: the engine lists at most 23 (big gin, a knock or gin for each of
eleven cards, eleven discards)."""
_POINTS = 2**53
"""Scores beyond this are not numbers JavaScript holds exactly, nor any a match reaches."""


def answer(player: Opponent, line: str) -> dict[str, Any]:
    """The reply to one request line."""
    try:
        request = limits.parse_json(line, limits.LINE_BYTES)
    except ValueError as error:
        return _error(None, f"a request must be one JSON object per line ({error})")
    if not isinstance(request, Mapping):
        return _error(None, "a request must be a JSON object")
    ident = request.get("id")
    view = request.get("view", request)
    try:
        legal = check_view(view)
        chosen = player.decide(view)
        return {"id": ident, "action": _listed(chosen, legal, view)}
    except (ValueError, LookupError, TypeError, AttributeError) as error:
        return _error(ident, str(error))
    except Exception as error:  # keep serving whatever an opponent meets
        return _error(ident, f"internal error: {type(error).__name__}: {error}")


def _error(ident: Any, message: str) -> dict[str, Any]:
    return {"id": ident, "error": limits.clip(message)}


def check_view(view: Any) -> list[Action]:
    """The view's ``legal_actions``, once the fields an opponent reads are within bounds and
    agree with each other; else :class:`OpponentError` saying what is wrong.

    In play, the hand to act holds 10 cards (11 in the discard phase), the other hand 10, and
    the hand, the other's count, the pile and the stock add up to 52 distinct cards."""
    if not isinstance(view, Mapping):
        raise OpponentError("the request's 'view' must be a JSON object")
    hand = _cards(view, "hand", 11)
    pile = _cards(view, "discard_pile", 52)
    other = view.get("opponent")
    if not isinstance(other, Mapping):
        raise OpponentError("view field 'opponent' must be an object with count and known")
    known = _cards(other, "known", 11, "opponent.known")
    count = _whole(other.get("count"), "opponent.count", len(known), 11)
    stock = _whole(view.get("stock_count"), "stock_count", 0, _STOCK)
    if "knock_limit" in view:
        _whole(view["knock_limit"], "knock_limit", 0, 10)
    if "hand_number" in view:
        _whole(view["hand_number"], "hand_number", 1, limits.MATCH_ACTIONS)
    _scores(view.get("scores", {}))
    seen = [*hand, *pile, *known]
    if len(set(seen)) != len(seen):
        raise OpponentError("the view shows a card twice (hand, discard_pile, opponent.known)")
    phase = view.get("phase")
    if phase in _PLAYING:
        if len(hand) != _PLAYING[phase] or count != 10:
            raise OpponentError(
                f"in the {phase} phase the hand to act holds {_PLAYING[phase]} cards and the "
                f"other 10, not {len(hand)} and {count}"
            )
        if len(hand) + count + len(pile) + stock != 52:
            raise OpponentError(
                f"the view's cards do not add up to 52: hand {len(hand)}, opponent {count}, "
                f"discard_pile {len(pile)}, stock {stock}"
            )
    if (
        view.get("taken") is not None
        and _cards({"taken": [view["taken"]]}, "taken", 1)[0] not in hand
    ):
        raise OpponentError("view field 'taken' must be null or a card of the hand")
    history = view.get("history")
    if isinstance(history, list) and len(history) > limits.VIEW_HISTORY:
        raise OpponentError(f"the view's history has more than {limits.VIEW_HISTORY:,} entries")
    return _legal(view.get("legal_actions"))


def _cards(data: Mapping[str, Any], name: str, most: int, label: str = "") -> list[int]:
    value = data.get(name, [])
    label = label or name
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise OpponentError(f"view field {label!r} must be a list of cards such as '7H'")
    if len(value) > most:
        raise OpponentError(f"view field {label!r} holds {len(value)} cards; at most {most}")
    try:
        return parse_cards(value)
    except CardError as error:
        raise OpponentError(f"view field {label!r}: {error}") from None


def _whole(value: Any, name: str, low: int, high: int) -> int:
    try:
        return limits.check_count(value, f"view field {name!r}", low, high)
    except limits.LimitError as error:
        raise OpponentError(str(error)) from None


def _scores(scores: Any) -> None:
    if not isinstance(scores, Mapping):
        raise OpponentError("view field 'scores' must be an object")
    points = scores.get("points", [0, 0])
    if not isinstance(points, list) or len(points) != 2:
        raise OpponentError("view field 'scores.points' must be a list of two numbers")
    for value in points:
        _whole(value, "scores.points", 0, _POINTS)


def _legal(legal: Any) -> list[Action]:
    if not isinstance(legal, list) or len(legal) > _LEGAL:
        raise OpponentError(f"view field 'legal_actions' must be a list of at most {_LEGAL}")
    actions = []
    for entry in legal:
        text = entry.get("action") if isinstance(entry, Mapping) else entry
        if not isinstance(text, str) or len(text) > limits.ACTION_LENGTH:
            raise OpponentError("each of legal_actions must be an action's text")
        try:
            actions.append(Action.from_text(text))
        except ActionError as error:
            raise OpponentError(f"legal_actions: {error}") from None
    return actions


def _listed(text: str, legal: list[Action], view: View) -> str:
    """``text`` when it is one of ``legal``: the same action, or a knock discarding a card
    listed for a knock with another declaration of the hand within the knock limit."""
    action = Action.from_text(text)
    if action in legal or (
        action.kind == "knock"
        and action.card is not None
        and any(a.kind == "knock" and a.card == action.card for a in legal)
        and _declares(action, view)
    ):
        return text
    raise OpponentError(
        f"the view contradicts itself: its cards allow {text!r}, which its legal_actions "
        "do not list"
    )


def _declares(knock: Action, view: View) -> bool:
    """Whether the knock's melds are a declaration of the hand within the knock limit."""
    assert knock.card is not None
    left = sum(1 << c for c in parse_cards(view["hand"])) & ~(1 << knock.card)
    limit = view.get("knock_limit", 10)
    return any(set(melds) == set(knock.melds or ()) for melds in declarations(left, limit))


def serve(source: IO[bytes] | IO[str], sink: IO[str], name: str) -> None:
    """Answer each request line of ``source`` on ``sink`` until the input ends."""
    player = opponent(name)
    for line in limits.bounded_lines(source):
        if isinstance(line, limits.LimitError):
            reply = _error(None, f"a request must be one JSON object per line ({line})")
        elif not line.strip():
            continue
        else:
            reply = answer(player, line)
        sink.write(limits.dump_json(reply, ascii_only=True) + "\n")
        sink.flush()
