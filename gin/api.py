"""The JSON-string face the web worker calls: ``handle(request_json) -> reply_json``.

The current match (the session) is the only state, kept here; the human is seat 0 and the
computer seat 1, except in a match between friends (opponent ``"friend"``): two people on one
device, each seat played by a person, and every reply's view is that of the seat to act.
Every reply is ``{"ok": true, ...}`` or ``{"ok": false, "error": message}``; ``handle`` never
raises. Operations (see docs/actions.md):

- ``{"op": "new", "seed": .., "rules": {..} | "preset": name, "opponent": name, "names": [..],
  "decks": ["9H 3H QS ..", ..], "script": ["draw", "discard 9C", ..]}`` (``decks``, optional:
  supplied deck orders for the first deals, for duplicate play, see docs/rules.md; with decks and
  no seed the seed comes from the decks; ``script``, optional: the computer's actions in the
  hand, played in order where legal, for the lessons: :mod:`gin.ai.players.scripted`)
- ``{"op": "load", "save": document}``
- ``{"op": "act", "action": "discard 7H"}``  (the human; between friends, the seat to act)
- ``{"op": "bot"}``  (the computer plays one action when it is its turn)
- ``{"op": "view"}`` and ``{"op": "opponents"}`` (each opponent's name, description and, when the
  ladder rated it, its rating with the 95% interval ``low`` to ``high``: docs/opponents.md)
- ``{"op": "rate", "player": {"rating": .., "deviation": .., "matches": ..} | null, "opponent":
  name, "score": 1 | 0.5 | 0}`` (the player's rating after a finished match, null for a new
  player: :func:`gin.ai.ratings.elo.after_match`, with its 95% interval and whether it is
  ``settled``, and ``suggest``, the opponent to play next: :func:`gin.ai.ratings.elo.suggest`; an
  opponent the ladder did not rate leaves the rating as it was, ``rated`` false)
- ``{"op": "suggest", "player": {..}, "opponent": name}`` (the same suggestion for a rating the
  page kept and the opponent it was last rated against, so a finished match shows it again after
  a reload)
- ``{"op": "hint"}`` (the expert's suggestion for the human, with a one-line reason as a message
  of :mod:`gin.i18n`, and where a knock is on offer the search's word on it, but in a lesson:
  see :mod:`gin.ai.coach.hint`)
- ``{"op": "declarations", "card": "7H"}`` (every knock the human may make discarding that card,
  for the knock review: action, melds, deadwood cards, deadwood and undercut risk, best first;
  in a lesson no risk: its computer hand is arranged, and a read of it would say nothing true)
- ``{"op": "replay", "save": document}`` (every state of a saved match, both hands face up) and
  ``{"op": "presets"}`` (the rules presets, for the settings panel)
- ``{"op": "review", "save": document, "hand": k, "seat": 0, "budget_ms": 30}`` (the coach's
  review of one hand of a saved match for one seat, docs/coach.md; with ``budget_ms`` a call
  judges decisions until that much time has gone and answers ``"more": true`` until the review
  is done: the page asks again, and a move it sends meanwhile waits for one slice, never for a
  hand's review)

>>> import json
>>> reply = json.loads(handle('{"op": "new", "seed": "demo"}'))
>>> reply["ok"], reply["view"]["phase"], reply["save"]["seed"]
(True, 'opening', 'demo')
>>> json.loads(handle('{"op": "act", "action": "discard 7H"}'))["ok"]
False
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from typing import Any

from gin import ai, limits, replay
from gin.actions import Action
from gin.ai.base import ALIASES
from gin.ai.coach.hint import hint, undercut_risks
from gin.ai.coach.review import HandReview, hand_count, reviewing
from gin.ai.players.scripted import Scripted
from gin.ai.ratings.elo import (
    SETTLED_DEVIATION,
    Z95,
    PlayerRating,
    after_match,
    opponent_rating,
    suggest,
)
from gin.cards import format_cards, from_mask, mask_value, parse_card
from gin.fairness import SALT_CHARS
from gin.game import knock_choices
from gin.limits import check_count, check_text
from gin.match import Match, apply, decks_seed, new_match, parse_decks, seed_text
from gin.rules import PRESETS, Rules, preset
from gin.save import Saved, check_names, check_seed, dump, load, loads
from gin.view import view

HUMAN, COMPUTER = 0, 1
DEFAULT_NAMES = ("You", "Computer")
FRIEND = "friend"  # the opponent of a match between two people on one device: no computer
DEFAULT_OPPONENT = "expert"  # the page's default too: the strongest of the ladder
OPPONENTS: dict[str, str] = {e.name: e.description for e in ai.entries()}


@dataclass(frozen=True)
class Session:
    """The match being played and who plays it."""

    match: Match
    names: tuple[str, str] = DEFAULT_NAMES
    opponent: str = DEFAULT_OPPONENT
    script: tuple[str, ...] = ()
    """The computer's moves of a lesson (:mod:`gin.ai.players.scripted`); empty in a match."""

    @property
    def friends(self) -> bool:
        """Two people play, one on each seat."""
        return self.opponent == FRIEND

    @property
    def seat(self) -> int:
        """The seat whose view the page shows: the human's, or between friends the seat to
        act; at a hand's end (nobody to act, both hands shown) the seat that ended it."""
        if not self.friends:
            return HUMAN
        hand = self.match.hand
        if hand.to_act is not None:
            return hand.to_act
        return hand.history[-1][0] if hand.history else HUMAN

    @property
    def arranged(self) -> bool:
        """A lesson: the computer's hand was arranged, not dealt, so the read of the other hand
        (its chance of an undercut) says nothing true of it; the lesson's undercut is certain."""
        return bool(self.script)

    def seen(self) -> dict[str, Any]:
        """The view of :attr:`seat`, naming the computer opponent it chose (a lesson's scripted
        player and a friend are not named: neither plays like a computer opponent)."""
        named = None if self.friends or self.script else self.opponent
        return view(self.match, self.seat, self.names, named)


_session: Session | None = None


def handle(request_json: str) -> str:
    """Answer one request (a JSON string) with a JSON string; never raises."""
    try:
        request = _parse(request_json)
        if not isinstance(request, dict):
            raise ValueError("a request must be a JSON object with an 'op'")
        op = request.get("op")
        if op not in _OPS:
            raise ValueError(f"unknown op {op!r}: use one of {', '.join(_OPS)}")
        reply = _OPS[op](request)
        return limits.dump_json(reply)
    except ValueError as error:
        failure = str(error)
    except Exception as error:  # the page must always get an answer
        failure = f"internal error: {type(error).__name__}: {error}"
    return limits.dump_json({"ok": False, "error": limits.clip(failure)})


def _parse(request_json: str) -> Any:
    if not isinstance(request_json, str):
        raise ValueError(f"a request is JSON text, not {type(request_json).__name__}")
    try:
        return limits.parse_json(request_json)
    except ValueError as error:
        raise ValueError(f"the request is not JSON within the limits ({error})") from None


def choose_action(player_view: dict[str, Any], opponent_name: str) -> str:
    """The computer's action from its view alone, by the named opponent of :mod:`gin.ai`."""
    return ai.opponent(opponent_name).decide(player_view)


def _reply(session: Session, **extra: Any) -> dict[str, Any]:
    return {
        "ok": True,
        "view": session.seen(),
        "save": dump(session.match, session.names, session.opponent),
        **extra,
    }


def _current() -> Session:
    if _session is None:
        raise ValueError("no match yet: start one with the 'new' op")
    return _session


def _start(session: Session) -> dict[str, Any]:
    global _session
    _session = session
    return _reply(session)


def _new(request: dict[str, Any]) -> dict[str, Any]:
    decks = parse_decks(request.get("decks", []))
    seed = request.get("seed")
    if seed is None:
        seed = decks_seed(decks) if decks else secrets.token_hex(8)
    else:
        seed = check_seed(seed_text(seed))
    if "rules" in request and "preset" in request:
        raise ValueError("give either 'rules' or 'preset', not both")
    rules = Rules.from_dict(request["rules"]) if "rules" in request else Rules()
    if "preset" in request:
        rules = preset(str(request["preset"]))
    opponent = _check_opponent(request.get("opponent", DEFAULT_OPPONENT))
    names = check_names(request.get("names")) or DEFAULT_NAMES
    if opponent == FRIEND:
        names = _friend_names(request.get("names"))
    # The salt is drawn here, outside the engine, like a seed nobody gave: a secret of the
    # match that the save keeps (gin.fairness).
    salt = secrets.token_hex(SALT_CHARS // 2)
    script = _check_script(request.get("script", []))
    return _start(Session(new_match(rules, seed, decks, salt), names, opponent, script))


def _friend_names(data: Any) -> tuple[str, str]:
    """The two friends' names: given, each 1 to ``NAME_LENGTH`` characters without spaces at
    either end, and different, so that "Pass to Ana" names one person."""
    if data is None:
        raise ValueError('a match between friends needs their two names, e.g. ["Ana", "Ben"]')
    names = check_names(data)
    assert names is not None
    for name in names:
        if name != name.strip():
            raise ValueError(f"a name must not start or end with a space: {name!r}")
    if names[0].casefold() == names[1].casefold():
        raise ValueError(f"the two friends need different names, not {names[0]!r} twice")
    return names


def _check_script(data: Any) -> tuple[str, ...]:
    """A lesson's script: a list of at most 200 action texts, each one the engine can read."""
    if not isinstance(data, list) or len(data) > 200:
        raise ValueError("'script' must be a list of at most 200 actions, e.g. [\"draw\"]")
    texts = tuple(check_text(item, "a script action", limits.ACTION_LENGTH) for item in data)
    for text in texts:
        Action.from_text(text)
    return texts


def _load(request: dict[str, Any]) -> dict[str, Any]:
    doc = request.get("save")
    saved: Saved = loads(doc) if isinstance(doc, str) else load(doc)
    opponent = _check_opponent(saved.opponent or DEFAULT_OPPONENT)
    return _start(Session(saved.match, saved.names or DEFAULT_NAMES, opponent))


def _act(request: dict[str, Any]) -> dict[str, Any]:
    session = _current()
    text = request.get("action")
    if not isinstance(text, str):
        raise ValueError('\'act\' needs an action, e.g. {"op": "act", "action": "draw"}')
    action = Action.from_text(text)
    if session.match.to_act == COMPUTER and not session.friends:
        raise ValueError(f"It is {session.names[COMPUTER]}'s turn; wait for its move.")
    return _play(session, action)


def _bot(request: dict[str, Any]) -> dict[str, Any]:
    session = _current()
    if session.friends:
        raise ValueError("Two friends play this match: there is no computer to move.")
    if session.match.to_act != COMPUTER:
        raise ValueError(f"It is not {session.names[COMPUTER]}'s turn.")
    seen = view(session.match, COMPUTER, session.names)
    player = Scripted(session.script) if session.script else ai.opponent(session.opponent)
    action = Action.from_text(player.decide(seen))
    return _play(session, action)


def _play(session: Session, action: Action) -> dict[str, Any]:
    global _session
    if len(session.match.actions) >= limits.MATCH_ACTIONS:
        # Refused here so that every save the game writes loads again (gin.limits).
        raise ValueError(
            f"This match has reached {limits.MATCH_ACTIONS:,} actions, the most a save holds, "
            "and cannot go on; start a new match."
        )
    played = replace(session, match=apply(session.match, action))
    _session = played
    reply = _reply(played)
    history = reply["view"]["history"]
    done = history[-1] if history and action.kind != "next" else None
    reply["played"] = done
    return reply


def _view(request: dict[str, Any]) -> dict[str, Any]:
    return _reply(_current())


def _opponents(request: dict[str, Any]) -> dict[str, Any]:
    return {
        "ok": True,
        "opponents": [
            {"name": name, "description": text, **(opponent_rating(name) or {})}
            for name, text in OPPONENTS.items()
        ],
    }


def _rate(request: dict[str, Any]) -> dict[str, Any]:
    given = request.get("player")
    player = PlayerRating() if given is None else PlayerRating.from_json(given)
    opponent = _check_opponent(request.get("opponent"))
    if opponent == FRIEND:
        raise ValueError("a match between friends is not rated")
    score = request.get("score")
    if score not in (0, 0.5, 1) or isinstance(score, bool):
        raise ValueError(f"'score' is 1 for a win, 0.5 for a draw or 0 for a loss, not {score!r}")
    rated = opponent_rating(ALIASES.get(opponent, opponent))
    if rated is not None:
        # The opponent's interval, as one standard deviation, for Glicko's weighting.
        spread = (rated["high"] - rated["low"]) / (2 * Z95)
        player = after_match(player, rated["rating"], score, spread)
    low, high = player.interval()
    settled = player.deviation < SETTLED_DEVIATION
    return {
        "ok": True,
        "rated": rated is not None,
        "player": {**player.as_json(), "low": low, "high": high, "settled": settled},
        "suggest": suggest(player, OPPONENTS, ALIASES.get(opponent, opponent)),
    }


def _suggest(request: dict[str, Any]) -> dict[str, Any]:
    player = PlayerRating.from_json(request.get("player"))
    played = request.get("opponent")
    if played is not None:
        played = ALIASES.get(_check_opponent(played), played)
    return {"ok": True, "suggest": suggest(player, OPPONENTS, played)}


def _replay(request: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, "frames": replay.frames(request.get("save"))}


REVIEWS_UNDER_WAY = 4
"""Reviews paused between slices that are kept, the oldest dropped first (asked again, it starts
over): the page asks for one at a time, the match's end for a few in turn."""

_under_way: dict[str, tuple[int, Generator[None, None, HandReview]]] = {}
"""A review paused between slices, with the match's count of hands, by its request's text."""


def _review(request: dict[str, Any]) -> dict[str, Any]:
    budget = request.get("budget_ms")
    if budget is not None:
        budget = check_count(budget, "'budget_ms'", 1, 60_000)
    key = limits.dump_json([request.get(k) for k in ("save", "hand", "seat")])
    hands, run = _under_way.pop(key) if key in _under_way else _start_review(request)
    # The clock decides only where a slice ends, never what the review says.
    end = time.perf_counter() + budget / 1000 if budget is not None else float("inf")
    try:
        while True:
            next(run)
            if time.perf_counter() >= end:
                break
    except StopIteration as done:
        review: HandReview = done.value
        return {"ok": True, "hands": hands, "review": review.details()}
    _under_way[key] = (hands, run)
    while len(_under_way) > REVIEWS_UNDER_WAY:
        del _under_way[next(iter(_under_way))]
    return {"ok": True, "hands": hands, "more": True}


def _start_review(request: dict[str, Any]) -> tuple[int, Generator[None, None, HandReview]]:
    doc = request.get("save")
    saved = loads(doc) if isinstance(doc, str) else load(doc)
    hands = hand_count(saved)
    number = check_count(request.get("hand"), "'hand'", 1, hands)
    seat = check_count(request.get("seat", HUMAN), "'seat'", 0, 1)
    return hands, reviewing(saved, number, seat)


def _presets(request: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, "presets": {name: rules.to_dict() for name, rules in PRESETS.items()}}


def _declarations(request: dict[str, Any]) -> dict[str, Any]:
    session = _current()
    seat = session.seat
    if session.match.to_act != seat:
        raise ValueError("You can knock only on your own turn.")
    card = parse_card(str(request.get("card", "")))
    actions = knock_choices(session.match.hand, card)
    melded = [a.melds or () for a in actions]
    risks: list[float | None] = [None] * len(actions)
    if not session.arranged:
        risks = list(undercut_risks(session.seen(), card, melded))
    choices = []
    for action, melds, risk in zip(actions, melded, risks, strict=True):
        left = session.match.hand.hands[seat] & ~(1 << card) & ~sum(melds)
        choice: dict[str, Any] = {
            "action": action.text(),
            "melds": [format_cards(from_mask(m)).split() for m in melds],
            "deadwood_cards": format_cards(from_mask(left)).split(),
            "deadwood": mask_value(left),
        }
        if risk is not None:
            choice["undercut"] = risk
        choices.append(choice)
    return {"ok": True, "declarations": choices}


def _check_opponent(name: Any) -> str:
    """The opponent's name as given, when it names one of :mod:`gin.ai` (or is ``"friend"``)
    and a save holds it."""
    text = check_text(name, "the opponent", limits.NAME_LENGTH)
    if text != FRIEND:
        ai.opponent(text)
    return text


def _hint(request: dict[str, Any]) -> dict[str, Any]:
    session = _current()
    if session.match.to_act not in (None, session.seat):
        raise ValueError(f"It is {session.names[COMPUTER]}'s turn; a hint is for your own.")
    advice = hint(session.seen())
    if session.arranged:
        advice.pop("knock", None)  # its undercut risk is the read's, not the arranged hand's
    return {"ok": True, "hint": advice}


_OPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "new": _new,
    "load": _load,
    "act": _act,
    "bot": _bot,
    "view": _view,
    "opponents": _opponents,
    "rate": _rate,
    "suggest": _suggest,
    "replay": _replay,
    "review": _review,
    "presets": _presets,
    "hint": _hint,
    "declarations": _declarations,
}
