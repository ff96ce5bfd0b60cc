"""Match documents: a versioned JSON object that is the rules, the seed, the salt and the actions.

Loading replays every action from the first deal, so a document that loads is a legal match
with all 52 cards accounted for; anything else is refused with a :class:`SaveError` that says
what is wrong (see docs/save.md). Version 0 and 1 documents migrate on load.

>>> from gin.match import new_match, apply
>>> from gin.actions import Action
>>> doc = dump(apply(new_match(Rules(), "demo"), Action("pass")))
>>> doc["format"], doc["version"], doc["actions"]
('gin-match', 2, ['pass'])
>>> load(doc).match.actions == (Action("pass"),)
True
>>> load({**doc, "actions": ["draw"]})
Traceback (most recent call last):
...
gin.save.SaveError: action 1 ('draw') is not legal: First take the upcard 4♦ or pass.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gin import fairness, limits
from gin.actions import Action
from gin.game import cards_accounted
from gin.limits import ACTION_LENGTH, NAME_LENGTH, SEED_LENGTH, LimitError, check_text
from gin.match import Deck, Match, apply, format_decks, new_match, parse_decks
from gin.rules import Rules, preset

FORMAT = "gin-match"
VERSION = 2
_KEYS = {
    "format",
    "version",
    "rules",
    "seed",
    "salt",
    "decks",
    "actions",
    "fingerprints",
    "names",
    "opponent",
    "summary",
}
_V0_MOVES = {"stock": "draw", "pile": "take", "deal": "next"}


class SaveError(ValueError):
    """A match document that cannot be loaded; the message says why."""


@dataclass(frozen=True)
class Saved:
    """A loaded document: the match and the players' details stored beside it."""

    match: Match
    names: tuple[str, str] | None = None
    opponent: str | None = None


def dump(
    match: Match, names: Sequence[str] | None = None, opponent: str | None = None
) -> dict[str, Any]:
    """The document of a match (plain JSON-ready data)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "salt": match.salt,
        "actions": [a.text() for a in match.actions],
        "fingerprints": list(match.fingerprints),
        "summary": _summary(match),
    }
    if match.decks:
        doc["decks"] = format_decks(match.decks)
    if names is not None:
        doc["names"] = list(names)
    if opponent is not None:
        doc["opponent"] = opponent
    return doc


def dumps(match: Match, names: Sequence[str] | None = None, opponent: str | None = None) -> str:
    """The document as a JSON string."""
    return json.dumps(dump(match, names, opponent), ensure_ascii=False)


def _summary(match: Match) -> dict[str, Any]:
    return {
        "hand_number": match.hand_number,
        "phase": str(match.phase),
        "points": list(match.points),
        "boxes": list(match.boxes),
    }


def loads(text: str) -> Saved:
    """Load a document from its JSON text."""
    try:
        doc = limits.parse_json(text)
    except ValueError as error:
        raise SaveError(f"the save is not readable JSON ({error})") from None
    return load(doc)


def load(doc: Any) -> Saved:
    """Validate a document completely and rebuild its match, or raise :class:`SaveError`."""
    if not isinstance(doc, dict):
        raise SaveError(f"a save must be a JSON object, not {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise SaveError(f"this is not a Gin Rummy match save (format {doc.get('format')!r})")
    version = doc.get("version")
    if type(version) is not int:
        raise SaveError(f"the save's version must be a whole number, not {version!r}")
    elif version > VERSION:
        raise SaveError(
            f"this save is version {version}, from a newer game; this one reads up to {VERSION}"
        )
    elif version == 0:
        doc = migrate_v1(migrate_v0(doc))
    elif version == 1:
        doc = migrate_v1(doc)
    elif version != VERSION:
        raise SaveError(f"unknown save version {version}")
    unknown = sorted(set(doc) - _KEYS)
    if unknown:
        raise SaveError(f"unknown field(s) in the save: {', '.join(map(str, unknown))}")
    decks = _decks(doc.get("decks", []))
    match = _replay(
        _rules(doc.get("rules")),
        check_seed(doc.get("seed")),
        decks,
        _salt(doc.get("salt")),
        doc.get("actions"),
    )
    if "summary" in doc and doc["summary"] != _summary(match):
        raise SaveError(
            f"the save's summary {doc['summary']!r} does not match its actions, which give "
            f"{_summary(match)!r}"
        )
    if "fingerprints" in doc:
        wrong = fairness.first_mismatch(match.fingerprints, doc["fingerprints"])
        if wrong is not None:
            raise SaveError(wrong)
    return Saved(match, check_names(doc.get("names")), _opponent(doc.get("opponent")))


def migrate_v0(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 0 to 1. Version 0 stored a preset name instead of rules, an int seed and
    ``moves`` in an older words (``stock`` = draw, ``pile`` = take, ``deal`` = next)."""
    unknown = sorted(set(doc) - {"format", "version", "preset", "seed", "moves"})
    if unknown:
        raise SaveError(f"unknown field(s) in the version 0 save: {', '.join(unknown)}")
    name = doc.get("preset", "standard")
    if not isinstance(name, str):
        raise SaveError(f"the version 0 save's preset must be a name, not {name!r}")
    try:
        rules = preset(name).to_dict()
    except ValueError as error:
        raise SaveError(f"rules: {error}") from None
    moves = doc.get("moves")
    if not isinstance(moves, list):
        raise SaveError("the version 0 save has no list of moves")
    seed = doc.get("seed")
    return {
        "format": FORMAT,
        "version": 1,
        "rules": rules,
        "seed": str(seed) if type(seed) is int else seed,
        "actions": [_V0_MOVES.get(m, m) if isinstance(m, str) else m for m in moves],
    }


def migrate_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2. Version 1 had no salt and no fingerprints: the salt is the one the
    seed gives (:func:`gin.fairness.seed_salt`), so the match reloads the same every time; its
    fingerprints are computed on load and written with the next save."""
    newer = sorted({"salt", "fingerprints"} & set(doc))
    if newer:
        raise SaveError(f"unknown field(s) in the version 1 save: {', '.join(newer)}")
    return {**doc, "version": 2, "salt": fairness.seed_salt(str(doc.get("seed")))}


def _rules(data: Any) -> Rules:
    try:
        return Rules.from_dict(data)
    except (ValueError, TypeError) as error:
        raise SaveError(f"rules: {error}") from None


def check_seed(seed: Any) -> str:
    """A seed of 1 to ``SEED_LENGTH`` characters (the one check of :func:`gin.api.handle`'s
    ``new`` and of loading), or :class:`SaveError`."""
    return _text(seed, "the seed", SEED_LENGTH)


def _text(value: Any, what: str, longest: int) -> str:
    try:
        return check_text(value, what, longest)
    except LimitError as error:
        raise SaveError(str(error)) from None


def _salt(salt: Any) -> str:
    try:
        return fairness.check_salt(salt)
    except ValueError as error:
        raise SaveError(str(error)) from None


def _decks(data: Any) -> tuple[Deck, ...]:
    try:
        return parse_decks(data)
    except ValueError as error:
        raise SaveError(f"decks: {error}") from None


def _replay(rules: Rules, seed: str, decks: tuple[Deck, ...], salt: str, actions: Any) -> Match:
    if not isinstance(actions, list):
        raise SaveError("the save has no list of actions")
    if len(actions) > limits.MATCH_ACTIONS:
        raise SaveError(
            f"the save has {len(actions):,} actions; a match holds at most {limits.MATCH_ACTIONS:,}"
        )
    match = new_match(rules, seed, decks, salt)
    played: list[Action] = []
    for number, text in enumerate(actions, 1):
        if not isinstance(text, str) or len(text) > ACTION_LENGTH:
            raise SaveError(limits.clip(f"action {number} must be a short text, not {text!r}"))
        try:
            match = apply(match, Action.from_text(text))
        except ValueError as error:
            raise SaveError(
                limits.clip(f"action {number} ({text!r}) is not legal: {error}")
            ) from None
        if not cards_accounted(match.hand):
            raise SaveError(f"after action {number} the 52 cards are not all accounted for")
        # The actions are gathered here and set once at the end: ``apply`` copies the match's
        # tuple of actions, which over a long save would make the replay quadratic.
        played.append(match.actions[-1])
        match = replace(match, actions=())
    return replace(match, actions=tuple(played))


def check_names(names: Any) -> tuple[str, str] | None:
    """Two seat names of 1 to ``NAME_LENGTH`` characters, or None when absent."""
    if names is None:
        return None
    if not isinstance(names, list) or len(names) != 2:
        raise SaveError("names must be a list of two names")
    first, second = (_text(n, "each name", NAME_LENGTH) for n in names)
    return (first, second)


def _opponent(name: Any) -> str | None:
    return None if name is None else _text(name, "the opponent", NAME_LENGTH)
