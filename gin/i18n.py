"""Messages for a player, as catalogue keys with arguments, and the catalogues that word them.

The engine never words a sentence itself: where a player is told something (a hint's reason, a
coach's remark, the end of a hand) it gives a :class:`Message`, a key into the message catalogues
and the arguments it names. The page words it in the player's language (``web/words/i18n.js``); the
command line words it here. Both read the same catalogues: ``gin/locales/<language>/<part>.json``,
plain JSON objects of one key per message (see docs/languages.md).

A message's text names its arguments in braces: ``"Take {card}: it completes a meld."``. A
message whose words depend on a count is an object of plural categories chosen by its argument
``n`` (``{"one": "{n} card", "other": "{n} cards"}``): ``Intl.PluralRules`` in the page, the few
rules of :data:`PLURAL_ONE` here. An argument is a number, a plain string (a player's name), or
an object saying what it is so that each language can word it: ``{"card": "QH"}``,
``{"suit": "H"}``, ``{"rank": "Q"}``, ``{"percent": 0.46}`` or ``{"msg": <message>}``.

>>> m = msg("hint.take", card=card_arg(parse_card("QH")), n=3)
>>> m.to_json()
{'key': 'hint.take', 'args': {'card': {'card': 'QH'}, 'n': 3}}
>>> word({"greet": "Hello {who}, {n} left"}, msg("greet", who="Ana", n=2), "en")
'Hello Ana, 2 left'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, TypeAlias

from gin.cards import RANKS, SUITS, Card, parse_card

#: The languages the game speaks, English first (the fallback for a missing message).
LANGUAGES = ("en", "es", "de", "fr", "pt-BR")

#: Where a count of one (or, in French and Portuguese, zero or one) takes the singular.
PLURAL_ONE: Mapping[str, tuple[int, ...]] = {
    "en": (1,),
    "es": (1,),
    "de": (1,),
    "fr": (0, 1),
    "pt-BR": (0, 1),
}

Arg: TypeAlias = "int | float | str | Mapping[str, Any] | Message"
Catalogue: TypeAlias = Mapping[str, "str | Mapping[str, str]"]

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


class MessageError(ValueError):
    """A message that a catalogue cannot word: an unknown key or a missing argument."""


@dataclass(frozen=True)
class Message:
    """A catalogue key and the arguments its text names."""

    key: str
    args: Mapping[str, Arg] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The message as plain JSON data, nested messages included."""
        return {"key": self.key, "args": {k: _arg_json(v) for k, v in self.args.items()}}


def msg(key: str, **args: Arg) -> Message:
    """A message: ``msg("hint.take", card=card_arg(c))``."""
    return Message(key, args)


def card_arg(card: Card) -> dict[str, str]:
    """A card as an argument, worded by each language's card names ("Q♥", "D♥", …)."""
    return {"card": RANKS[card % 13] + SUITS[card // 13]}


def suit_arg(suit: int) -> dict[str, str]:
    """A suit (0..3, clubs first) as an argument: "hearts", "Herz", …"""
    return {"suit": SUITS[suit]}


def rank_arg(rank: int) -> dict[str, str]:
    """A rank (0 = ace .. 12 = king) as an argument: "queen", "Dame", …"""
    return {"rank": RANKS[rank]}


def percent_arg(share: float) -> dict[str, float]:
    """A share (0..1) as an argument, worded as a whole percentage in the reader's language."""
    return {"percent": share}


def _arg_json(value: Arg) -> Any:
    if isinstance(value, Message):
        return {"msg": value.to_json()}
    return value


def placeholders(text: str) -> set[str]:
    """The argument names a message's text uses.

    >>> sorted(placeholders("{card} leaves {n} deadwood"))
    ['card', 'n']
    """
    return set(_PLACEHOLDER.findall(text))


@cache
def catalogue(language: str) -> dict[str, str | dict[str, str]]:
    """Every message of one language, all parts merged (read from the package's data)."""
    if language not in LANGUAGES:
        raise MessageError(f"no catalogue for the language {language!r} (known: {LANGUAGES})")
    merged: dict[str, str | dict[str, str]] = {}
    folder = resources.files("gin") / "locales" / language
    for part in sorted(folder.iterdir(), key=lambda p: p.name):
        if part.name.endswith(".json"):
            merged.update(json.loads(part.read_text(encoding="utf-8")))
    return merged


def word(cat: Catalogue, message: Message | Mapping[str, Any], language: str) -> str:
    """A message in words, from a catalogue; numbers plainly, cards by the catalogue's names.

    Used by the command line and the tests; the page words messages in ``web/words/i18n.js`` with
    ``Intl`` for numbers, by the same catalogues and the same argument kinds.
    """
    data = message.to_json() if isinstance(message, Message) else message
    key, args = data["key"], data.get("args", {})
    entry = cat.get(key)
    if entry is None:
        raise MessageError(f"the catalogue has no message {key!r}")
    if isinstance(entry, Mapping):
        count = args.get("n")
        if not isinstance(count, int):
            raise MessageError(f"the message {key!r} has plural forms but no whole number 'n'")
        one = count in PLURAL_ONE.get(language, (1,))
        entry = entry["one"] if one and "one" in entry else entry["other"]

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in args:
            raise MessageError(f"the message {key!r} needs the argument {name!r}")
        return _word_arg(cat, args[name], language)

    return _PLACEHOLDER.sub(fill, entry)


def _word_arg(cat: Catalogue, value: Any, language: str) -> str:
    if isinstance(value, Mapping):
        if "msg" in value:
            return word(cat, value["msg"], language)
        if "card" in value:
            card = parse_card(value["card"])
            rank = _text(cat, f"card.rank.short.{RANKS[card % 13]}")
            return rank + "♣♦♥♠"[card // 13]
        if "suit" in value:
            return _text(cat, f"card.suit.{value['suit']}")
        if "rank" in value:
            return _text(cat, f"card.rank.name.{value['rank']}")
        if "percent" in value:
            return f"{round(float(value['percent']) * 100)}%"
        raise MessageError(f"an argument of an unknown kind: {sorted(value)}")
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _text(cat: Catalogue, key: str) -> str:
    entry = cat.get(key)
    if not isinstance(entry, str):
        raise MessageError(f"the catalogue has no plain message {key!r}")
    return entry
