"""A match: hands until a player reaches the target, as a pure state machine over :mod:`gin.game`.

A match is entirely its rules, its seed, any decks it was given, its salt and its list of
actions. The salt only fingerprints the deals (:mod:`gin.fairness`); it changes no card. Deal
``n`` (void hands count as deals) uses the ``n``-th supplied deck; without one it is shuffled from
``sha256`` of the seed and the deal number, so the same seed gives the same decks on every
Python (no ``hash()``, no set order, no ``random`` module). Supplied decks let two tables play
the same deals (duplicate play): with the same seed and decks, each seat is dealt the same cards.

After a scored hand the deal passes as ``rules.dealer_after`` says (alternate by default); after
a void hand as ``rules.dealer_after_void`` says (the same dealer by default). The match ends when
the winner of a scored hand has at least ``rules.target`` points; then :func:`final_totals` adds
boxes and the game bonus.

>>> m = new_match(Rules(), "demo")
>>> m.hand_number, str(m.phase), m.to_act == 1 - m.hand.dealer
(1, 'opening', True)
>>> apply(m, Action.from_text("pass")).actions
(Action(kind='pass', card=None, melds=None),)
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gin import fairness, game
from gin.actions import Action
from gin.cards import Card, format_cards, parse_card
from gin.game import Hand, HandResult, IllegalAction, Phase
from gin.rules import Rules

NEXT = Action("next")
MAX_DECKS = 1000  # far more deals than any match needs; bounds what a save may carry

Deck = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Match:
    """The whole state of a match. ``results`` holds every finished hand (void ones too),
    ``actions`` every action since the first deal, ``winner`` the match winner once over,
    ``decks`` the deck orders supplied for the first deals (empty: every deal from the seed),
    ``salt`` the match's secret salt and ``fingerprints`` each deal's fingerprint, taken when
    it was dealt (:mod:`gin.fairness`)."""

    rules: Rules
    seed: str
    hand: Hand
    hand_number: int = 1
    points: tuple[int, int] = (0, 0)
    boxes: tuple[int, int] = (0, 0)
    results: tuple[HandResult, ...] = ()
    actions: tuple[Action, ...] = ()
    winner: int | None = None
    decks: tuple[Deck, ...] = ()
    salt: str = ""
    fingerprints: tuple[str, ...] = ()

    @property
    def phase(self) -> Phase:
        """The hand's phase, or ``match_over``."""
        return Phase.MATCH_OVER if self.winner is not None else self.hand.phase

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None at hand over (either seat may start the next hand)."""
        return self.hand.to_act


@dataclass(frozen=True, slots=True)
class Totals:
    """Final score of one seat: hand points, boxes, bonuses and the total."""

    points: int
    boxes: int
    box_points: int
    game_bonus: int
    shutout: bool
    total: int


def seed_text(seed: str | int) -> str:
    """A seed as the string it is stored as (ints are accepted and written in decimal).

    >>> seed_text(42), seed_text("daily-2026-11-30")
    ('42', 'daily-2026-11-30')
    """
    if isinstance(seed, bool) or not isinstance(seed, str | int):
        raise ValueError(f"a seed is a string or a whole number, not {seed!r}")
    return str(seed)


def daily_seed(date: datetime.date | None = None) -> str:
    """The seed of the day's match, from a date (today in UTC by default).

    >>> daily_seed(datetime.date(2026, 11, 30))
    'daily-2026-11-30'
    """
    day = date or datetime.datetime.now(datetime.UTC).date()
    return f"daily-{day.isoformat()}"


def _stream(key: bytes) -> Iterator[int]:
    """32-bit words of sha256(key || counter), counter = 0, 1, ... as 8 bytes big-endian."""
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i : i + 4], "big")
        counter += 1


def _below(words: Iterator[int], bound: int) -> int:
    """A uniform number in 0..bound-1 by rejection (no modulo bias)."""
    limit = (1 << 32) - (1 << 32) % bound
    while True:
        word = next(words)
        if word < limit:
            return word % bound


def shuffled_deck(seed: str, deal_number: int) -> tuple[Card, ...]:
    """The deck of deal ``deal_number`` (1-based): Fisher-Yates from the top of the deck down,
    drawing from the stream keyed by ``sha256("gin-deal|<seed>|<deal_number>")``.

    >>> from gin.cards import format_cards
    >>> format_cards(shuffled_deck("demo", 1)[:5])
    '9H 3H QS TD AD'
    """
    key = hashlib.sha256(f"gin-deal|{seed}|{deal_number}".encode()).digest()
    words = _stream(key)
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = _below(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def seed_decks(seed: str, count: int) -> tuple[Deck, ...]:
    """The decks of the first ``count`` deals of ``seed``: what a host hands to both tables of
    a duplicate match (later deals, if any, follow the same seed)."""
    return tuple(shuffled_deck(seed, number) for number in range(1, count + 1))


def first_dealer(seed: str) -> int:
    """The seat that deals the first hand: the low bit of ``sha256("gin-dealer|<seed>")``."""
    return hashlib.sha256(f"gin-dealer|{seed}".encode()).digest()[0] & 1


class DeckError(ValueError):
    """Supplied decks that are not each an order of the 52 cards."""


def check_decks(decks: Sequence[Sequence[Card]]) -> tuple[Deck, ...]:
    """Supplied deck orders (top card first), each checked to hold each of the 52 cards once.

    >>> check_decks([range(51)])
    Traceback (most recent call last):
    ...
    gin.match.DeckError: deck 1 has 51 cards; a deck is each of the 52 cards once (it lacks KS)
    """
    _check_count(len(decks))
    checked = []
    for number, deck in enumerate(decks, 1):
        cards = tuple(deck)
        if sorted(cards) != list(range(52)):
            missing = sorted(set(range(52)) - set(cards))
            twice = sorted({c for c in cards if cards.count(c) > 1})
            wrong = [
                f"it lacks {format_cards(missing)}" if missing else "",
                f"{format_cards(twice)} twice" if twice else "",
            ]
            raise DeckError(
                f"deck {number} has {len(cards)} card{'' if len(cards) == 1 else 's'}; "
                "a deck is each of the 52 cards once "
                f"({'; '.join(w for w in wrong if w)})"
            )
        checked.append(cards)
    return tuple(checked)


def parse_decks(data: Any) -> tuple[Deck, ...]:
    """Supplied decks from JSON: a list of decks, each a text of 52 cards (``"9H 3H QS ..."``,
    top first) or a list of 52 card texts. Raises :class:`DeckError` naming the deck.

    >>> parse_decks(["AC 2C"])
    Traceback (most recent call last):
    ...
    gin.match.DeckError: deck 1 has 2 cards; a deck is each of the 52 cards once (it lacks 3C ...)
    """
    if not isinstance(data, list):
        raise DeckError(f"decks must be a list of decks, not {type(data).__name__}")
    _check_count(len(data))  # before reading any
    decks = []
    for number, deck in enumerate(data, 1):
        if not isinstance(deck, str) and not (
            isinstance(deck, list) and all(isinstance(c, str) for c in deck)
        ):
            raise DeckError(f"deck {number} must be a text of 52 cards, not {deck!r:.60}")
        try:
            decks.append(_parse_deck(deck))
        except ValueError as error:  # a bad card, or far too many
            raise DeckError(f"deck {number}: {error}") from None
    return check_decks(decks)


def _check_count(count: int) -> None:
    if count > MAX_DECKS:
        raise DeckError(f"{count} decks supplied; a match takes at most {MAX_DECKS}")


def _parse_deck(deck: str | list[str]) -> list[Card]:
    """The cards of one deck; a repeated card is left for :func:`check_decks` to name."""
    tokens = deck.replace(",", " ").split() if isinstance(deck, str) else deck
    if len(tokens) > 2 * 52:  # far too long: not worth reading to say what it lacks
        raise DeckError(f"{len(tokens)} cards; a deck is each of the 52 cards once")
    return [parse_card(token) for token in tokens]


def format_decks(decks: Sequence[Deck]) -> list[str]:
    """Decks as the texts :func:`parse_decks` reads (as a save stores them)."""
    return [format_cards(deck) for deck in decks]


def decks_seed(decks: Sequence[Deck]) -> str:
    """The seed of a match given decks and no seed: from their digest, so that every table
    given the same decks has the same first dealer and the same later shuffles.

    >>> decks_seed([shuffled_deck("demo", 1)])
    'decks-2fc77bf305cbf8d6'
    """
    digest = hashlib.sha256("\n".join(format_decks(decks)).encode()).hexdigest()
    return f"decks-{digest[:16]}"


def deck_for(seed: str, decks: Sequence[Deck], deal_number: int) -> Deck:
    """The deck of deal ``deal_number`` (1-based): the supplied one, else the seed's shuffle."""
    if deal_number <= len(decks):
        return decks[deal_number - 1]
    return shuffled_deck(seed, deal_number)


def new_match(
    rules: Rules, seed: str | int, decks: Sequence[Sequence[Card]] = (), salt: str | None = None
) -> Match:
    """A match at its first deal. The seed chooses the first dealer and shuffles every deal
    beyond the supplied ``decks`` (checked with :func:`check_decks`). ``salt`` fingerprints the
    deals (:func:`gin.fairness.check_salt`); without one it comes from the seed."""
    text = seed_text(seed)
    supplied = check_decks(decks)
    salted = fairness.seed_salt(text) if salt is None else fairness.check_salt(salt)
    deck = deck_for(text, supplied, 1)
    hand = game.deal(rules, deck, first_dealer(text))
    printed = fairness.deal_fingerprint(deck, salted, 1)
    return Match(rules, text, hand, decks=supplied, salt=salted, fingerprints=(printed,))


def legal_actions(match: Match) -> list[Action]:
    """What the player to act may do; at hand over, ``next`` (for either seat)."""
    if match.winner is not None:
        return []
    if match.hand.phase is Phase.HAND_OVER:
        return [NEXT]
    return game.legal_actions(match.hand)


def apply(match: Match, action: Action) -> Match:
    """The match after ``action``; raises :class:`gin.game.IllegalAction`."""
    if match.winner is not None:
        raise IllegalAction("The match is over; start a new match.")
    if action.kind == "next":
        return _next_hand(match)
    hand = game.apply(match.hand, action)
    played = replace(match, hand=hand, actions=(*match.actions, hand.history[-1].action))
    if hand.result is None:
        return played
    return _score(played, hand.result)


def _score(match: Match, result: HandResult) -> Match:
    points, boxes, winner = list(match.points), list(match.boxes), None
    if result.winner is not None:
        points[result.winner] += result.points
        boxes[result.winner] += 1
        if points[result.winner] >= match.rules.target:
            winner = result.winner
    return replace(
        match,
        points=(points[0], points[1]),
        boxes=(boxes[0], boxes[1]),
        results=(*match.results, result),
        winner=winner,
    )


def next_dealer(rules: Rules, dealer: int, result: HandResult) -> int:
    """Who deals after a hand: after a void hand as ``rules.dealer_after_void`` says (the same
    dealer by default); otherwise as ``rules.dealer_after`` says (a hand nobody won alternates).

    >>> gin = HandResult("gin", knocker=1, winner=1)
    >>> next_dealer(Rules(), 0, HandResult("void")), next_dealer(Rules(), 0, gin)
    (0, 1)
    >>> next_dealer(Rules(dealer_after_void="alternate"), 0, HandResult("void"))
    1
    >>> next_dealer(Rules(dealer_after="winner"), 1, HandResult("knock", 1, 1))
    1
    """
    if result.kind == "void":
        return dealer if rules.dealer_after_void == "same" else 1 - dealer
    if result.winner is None or rules.dealer_after == "alternate":
        return 1 - dealer
    return result.winner if rules.dealer_after == "winner" else 1 - result.winner


def _next_hand(match: Match) -> Match:
    result = match.hand.result
    if result is None:
        raise IllegalAction("The hand is still being played; 'next' starts a new hand after it.")
    number = match.hand_number + 1
    dealer = next_dealer(match.rules, match.hand.dealer, result)
    deck = deck_for(match.seed, match.decks, number)
    hand = game.deal(match.rules, deck, dealer)
    printed = fairness.deal_fingerprint(deck, match.salt, number)
    return replace(
        match,
        hand=hand,
        hand_number=number,
        actions=(*match.actions, NEXT),
        fingerprints=(*match.fingerprints, printed),
    )


def final_totals(
    rules: Rules, points: tuple[int, int], boxes: tuple[int, int], winner: int
) -> list[Totals]:
    """Each seat's total: hand points, plus ``box_bonus`` per box, plus ``game_bonus`` for the
    match winner; with ``shutout`` on and a loser who won no hand (no box: a hand won for 0
    points still counts), the winner's game and box bonuses are doubled.

    >>> [t.total for t in final_totals(Rules(), (104, 40), (4, 2), winner=0)]
    [304, 90]
    >>> [t.total for t in final_totals(Rules(shutout=True), (104, 0), (4, 0), winner=0)]
    [504, 0]
    >>> [t.total for t in final_totals(Rules(shutout=True), (104, 0), (4, 1), winner=0)]
    [304, 25]
    """
    totals = []
    for seat in (0, 1):
        won = seat == winner
        # Every hand won banks exactly one box, so no box means no hand won.
        double = 2 if won and rules.shutout and boxes[1 - seat] == 0 else 1
        box_points = boxes[seat] * rules.box_bonus * double
        bonus = rules.game_bonus * double if won else 0
        totals.append(
            Totals(
                points=points[seat],
                boxes=boxes[seat],
                box_points=box_points,
                game_bonus=bonus,
                shutout=double == 2,
                total=points[seat] + box_points + bonus,
            )
        )
    return totals
