"""Cards as small ints, hands as 52-bit masks, and the one text notation.

A card is ``suit * 13 + rank`` with rank 0 = ace ... 12 = king and suits in the
order clubs, diamonds, hearts, spades. A hand is an ``int`` whose bit ``c`` is
set when card ``c`` is held, so suit ``s`` of a hand is ``(mask >> 13 * s) & 0x1FFF``.

>>> format_card(parse_card("10h"))
'TH'
>>> pretty_card(parse_card("QS")), card_name(parse_card("AD"))
('Q♠', 'Ace of diamonds')
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
SUIT_BITS = 0x1FFF
FULL_DECK = (1 << 52) - 1


class CardError(ValueError):
    """A card token or a list of cards that cannot be read."""


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (0 = ace) in ``suit`` (0 = clubs)."""
    return suit * 13 + rank


def rank_of(card: Card) -> int:
    """Rank index 0..12 (ace low)."""
    return card % 13


def suit_of(card: Card) -> int:
    """Suit index 0..3 in the order C D H S."""
    return card // 13


def value_of(card: Card) -> int:
    """Deadwood value: ace 1, 2-10 face value, court cards 10.

    >>> [value_of(parse_card(t)) for t in ("AS", "7H", "TD", "KC")]
    [1, 7, 10, 10]
    """
    return min(card % 13 + 1, 10)


VALUES: tuple[int, ...] = tuple(value_of(c) for c in range(52))


def parse_card(token: str) -> Card:
    """Read one card such as ``7H``, ``TD``, ``10c`` or ``as`` (case-insensitive).

    >>> parse_card("AS"), parse_card("10C") == parse_card("TC")
    (39, True)
    >>> parse_card("1X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin.cards.CardError: '1X' is not a card: write a rank A 2-9 T J Q K (or 10) and a suit ...
    """
    text = token.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise CardError(
            f"{token!r} is not a card: write a rank A 2-9 T J Q K (or 10) "
            "and a suit C D H S, e.g. 7H"
        )
    return make_card(RANKS.index(text[0]), SUITS.index(text[1]))


def format_card(card: Card) -> str:
    """The notation of a card: rank then suit, e.g. ``7H``."""
    if not 0 <= card < 52:
        raise CardError(f"{card!r} is not a card number (0-51)")
    return RANKS[card % 13] + SUITS[card // 13]


def pretty_card(card: Card) -> str:
    """Display form with a suit symbol, e.g. ``7♥``, ``10♣``."""
    rank = "10" if card % 13 == 9 else RANKS[card % 13]
    return rank + SUIT_SYMBOLS[card // 13]


def card_name(card: Card) -> str:
    """Spoken name, e.g. ``7 of hearts``, ``Queen of diamonds``."""
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas; a duplicate is refused.

    >>> format_cards(parse_cards("7h 8H, 9h"))
    '7H 8H 9H'
    >>> parse_cards("7H 7h")
    Traceback (most recent call last):
    ...
    gin.cards.CardError: '7h' is a duplicate of 7H
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        card = parse_card(token)
        if card in seen:
            raise CardError(f"{token!r} is a duplicate of {format_card(card)}")
        seen.add(card)
        cards.append(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation separated by single spaces, in the given order."""
    return " ".join(format_card(c) for c in cards)


def to_mask(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def from_mask(mask: int) -> list[Card]:
    """The cards of a mask in ascending order (clubs A..K, then diamonds, ...)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def mask_value(mask: int) -> int:
    """Sum of the deadwood values of the cards in ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUES[low.bit_length() - 1]
        mask ^= low
    return total


def mask_from_text(text: str) -> int:
    """Shortcut for tests and docs: ``to_mask(parse_cards(text))``."""
    return to_mask(parse_cards(text))


def sort_key(card: Card) -> tuple[int, int]:
    """Order for display: by suit, then rank."""
    return (card // 13, card % 13)
