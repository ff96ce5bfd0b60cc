"""The action notation: one canonical text form per action, with a parse/format round trip.

========================================  ============================================
``pass``                                  decline the opening upcard
``take``                                  take the upcard, or the top discard
``draw``                                  take the top card of the stock
``discard 7H``                            discard a card and end the turn
``knock 7H [3H 4H 5H] [7C 7D 7S]``        discard 7H face down and declare these melds
``knock 7H``                              the same with the engine's best declaration
``gin 7H``                                discard 7H and show ten melded cards
``big gin``                               show eleven melded cards (when played)
``next``                                  start the next hand
========================================  ============================================

Words are case-insensitive on input; cards are read as in :mod:`gin.cards`. The text form
orders each meld's cards (by suit, then rank) and the melds by their lowest card
(clubs A..K, then diamonds, hearts, spades).

>>> Action.from_text("KNOCK 7h [7s 7c 7d] [5H 3h 4H]").text()
'knock 7H [7C 7D 7S] [3H 4H 5H]'
>>> Action.from_text("discard 10C") == Action("discard", 9)
True
>>> Action.from_text("discard")
Traceback (most recent call last):
...
gin.actions.ActionError: 'discard' needs one card, e.g. 'discard 7H'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from gin.cards import Card, CardError, format_card, format_cards, from_mask, parse_card

KINDS = ("pass", "take", "draw", "discard", "knock", "gin", "big gin", "next")
_BARE = ("pass", "take", "draw", "big gin", "next")
_WITH_CARD = ("discard", "knock", "gin")


class ActionError(ValueError):
    """Text that is not an action in the notation."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``card`` is the discard of ``discard``/``knock``/``gin``; ``melds`` (card masks)
    the declaration of a knock, or None for "the engine's best"."""

    kind: str
    card: Card | None = None
    melds: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ActionError(f"unknown action {self.kind!r}: use one of {', '.join(KINDS)}")
        if (self.card is None) != (self.kind in _BARE):
            raise ActionError(f"{self.kind!r} " + _card_need(self.kind))
        if self.melds is not None:
            if self.kind != "knock":
                raise ActionError(f"only a knock declares melds, not {self.kind!r}")
            object.__setattr__(self, "melds", tuple(sorted(self.melds, key=lambda m: m & -m)))

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Read an action in the notation (see the module's table)."""
        return _read(text)

    def text(self) -> str:
        """The canonical text form."""
        if self.card is None:
            return self.kind
        words = f"{self.kind} {format_card(self.card)}"
        for meld in self.melds or ():
            words += f" [{format_cards(from_mask(meld))}]"
        return words

    def __str__(self) -> str:
        return self.text()


@functools.lru_cache(maxsize=4096)
def _read(text: str) -> Action:
    """Action.from_text, remembered: the opponents read a view's whole history at each decision,
    and an action is immutable, so the same text may share one."""
    tokens = text.replace("[", " [ ").replace("]", " ] ").split()
    if not tokens:
        raise ActionError("an empty action: write e.g. 'draw' or 'discard 7H'")
    kind = tokens[0].lower()
    rest = tokens[1:]
    if kind == "big" and rest[:1] and rest[0].lower() == "gin":
        kind, rest = "big gin", rest[1:]
    if kind not in KINDS:
        raise ActionError(f"unknown action {tokens[0]!r}: use one of {', '.join(KINDS)}")
    if kind in _BARE:
        if rest:
            raise ActionError(f"{kind!r} takes nothing after it, not {' '.join(rest)!r}")
        return Action(kind)
    if not rest or rest[0] == "[":
        raise ActionError(f"{kind!r} {_card_need(kind)}")
    card = _card(rest[0], text)
    if kind != "knock" or len(rest) == 1:
        if len(rest) > 1:
            raise ActionError(f"{kind!r} takes one card, not {' '.join(rest)!r}")
        return Action(kind, card)
    return Action(kind, card, _melds(rest[1:], card, text))


def _card_need(kind: str) -> str:
    if kind in _BARE:
        return "takes no card"
    return f"needs one card, e.g. '{kind} 7H'"


def _card(token: str, text: str) -> Card:
    try:
        return parse_card(token)
    except CardError as error:
        raise ActionError(f"in {text.strip()!r}: {error}") from None


def _melds(tokens: list[str], discard: Card, text: str) -> tuple[int, ...]:
    melds: list[int] = []
    seen = 1 << discard
    current: int | None = None
    for token in tokens:
        if token == "[":
            if current is not None:
                raise ActionError(f"in {text.strip()!r}: a '[' inside a meld")
            current = 0
        elif token == "]":
            if not current:
                raise ActionError(f"in {text.strip()!r}: a ']' without a meld before it")
            melds.append(current)
            current = None
        elif current is None:
            raise ActionError(f"in {text.strip()!r}: put each meld in brackets, e.g. [3H 4H 5H]")
        else:
            card = _card(token, text)
            if seen >> card & 1:
                raise ActionError(f"in {text.strip()!r}: {token!r} appears twice")
            seen |= 1 << card
            current |= 1 << card
    if current is not None:
        raise ActionError(f"in {text.strip()!r}: a meld is missing its ']'")
    return tuple(melds)
