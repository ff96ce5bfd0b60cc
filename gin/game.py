"""One hand of Gin Rummy as a pure state machine.

A :class:`Hand` is frozen; :func:`apply` returns a new one and never mutates. The phases are
``opening`` (the upcard offer: the non-dealer takes or passes, then the dealer, and after two
passes the non-dealer must draw from the stock), ``draw``, ``discard`` and ``hand_over``.
``match_over`` belongs to the match (see :mod:`gin.match`). Every action acts for the player to
act, and an illegal one raises :class:`IllegalAction` with a message a player understands.

>>> from gin.cards import format_cards, from_mask
>>> deck = arranged_deck("AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD", "7H")
>>> hand = deal(Rules(), deck, dealer=1)
>>> str(hand.phase), hand.to_act, format_cards(hand.discards)
('opening', 0, '7H')
>>> format_cards(from_mask(hand.hands[0]))
'AC 2C 3C 4C 5C 6C 7C 8C 9C TC'
>>> hand = apply(hand, Action.from_text("take"))
>>> apply(hand, Action.from_text("discard 7H"))
Traceback (most recent call last):
...
gin.game.IllegalAction: You took 7♥ from the discard pile this turn; discard a different card.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import NamedTuple

from gin.actions import Action, ActionError
from gin.cards import (
    FULL_DECK,
    Card,
    from_mask,
    mask_value,
    parse_card,
    parse_cards,
    pretty_card,
    to_mask,
)
from gin.melds import (
    Layoff,
    Meld,
    best_defence,
    best_melds,
    deadwood,
    declarations,
    discard_options,
    is_meld,
)
from gin.rules import Rules

__all__ = [
    "Action",
    "ActionError",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Phase",
    "apply",
    "deal",
    "legal_actions",
]

VOID_STOCK = 2  # a hand is void when this many stock cards remain after a turn without a knock


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message speaks to the player who tried it."""


class Phase(StrEnum):
    """Where a hand (or the match) stands."""

    OPENING = "opening"
    DRAW = "draw"
    DISCARD = "discard"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


class Event(NamedTuple):
    """One action of the hand's history: who did it and what (in canonical form)."""

    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and what it scored.

    ``kind`` is ``knock``, ``gin``, ``big_gin``, ``undercut`` or ``void``. ``winner`` banks the
    box and scores ``points`` (None for a void hand, or a tie where ties are not undercuts).
    ``hands`` are both players' final cards (the knocker's without its ``discard``, which lies
    face down, or on the discard pile under ``rules.knock_discard_face_up``).
    """

    kind: str
    knocker: int | None = None
    winner: int | None = None
    points: int = 0
    discard: Card | None = None
    hands: tuple[int, int] = (0, 0)
    knocker_melds: tuple[Meld, ...] = ()
    knocker_deadwood: int = 0
    defender_melds: tuple[Meld, ...] = ()
    layoffs: tuple[Layoff, ...] = ()
    defender_deadwood_before: int = 0
    defender_deadwood: int = 0
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class Hand:
    """The whole state of one hand, hidden cards included (see :mod:`gin.view` for one seat's).

    ``deck`` is the shuffled order: cards ``deck[stock_next:]`` are the stock, top first.
    ``offers`` counts passes on the opening upcard. ``taken`` is the card taken from the discard
    pile this turn (it may not be discarded); ``drawn`` the card drawn from the stock this turn.
    ``known`` holds, per seat, the cards it took from the discard pile and has not thrown since.
    """

    rules: Rules
    deck: tuple[Card, ...]
    dealer: int
    hands: tuple[int, int]
    discards: tuple[Card, ...]
    stock_next: int
    phase: Phase
    to_act: int | None
    knock_limit: int
    multiplier: int = 1
    offers: int = 0
    taken: Card | None = None
    drawn: Card | None = None
    known: tuple[int, int] = (0, 0)
    history: tuple[Event, ...] = ()
    result: HandResult | None = field(default=None)

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.deck) - self.stock_next


def deal(rules: Rules, deck: tuple[Card, ...], dealer: int) -> Hand:
    """Deal ``deck`` (a shuffled order of the 52 cards): ten cards each, one at a time starting
    with the non-dealer, the 21st card face up, the rest the stock (top first).

    Under Oklahoma the knock limit of the hand is the upcard's value (at most the rules' limit),
    0 for an ace (gin only); a spade upcard doubles the hand when that option is on.
    """
    if sorted(deck) != list(range(52)):
        raise ValueError("a deal needs each of the 52 cards exactly once")
    other = 1 - dealer
    hands = [0, 0]
    for i in range(20):
        hands[other if i % 2 == 0 else dealer] |= 1 << deck[i]
    upcard = deck[20]
    limit, multiplier = rules.knock_limit, 1
    if rules.oklahoma:
        limit = 0 if upcard % 13 == 0 else min(limit, min(upcard % 13 + 1, 10))
        if rules.oklahoma_spades_double and upcard // 13 == 3:
            multiplier = 2
    return Hand(
        rules=rules,
        deck=deck,
        dealer=dealer,
        hands=(hands[0], hands[1]),
        discards=(upcard,),
        stock_next=21,
        phase=Phase.OPENING,
        to_act=other,
        knock_limit=limit,
        multiplier=multiplier,
    )


def arranged_deck(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> tuple[Card, ...]:
    """A deck that deals the given cards (for tests, puzzles and docs): ten cards to each
    player, the upcard, then the stock from the top: ``stock`` first, then the remaining cards
    in ascending order.

    >>> from gin.cards import format_card, format_cards
    >>> deck = arranged_deck("AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD", "7H")
    >>> format_cards(deck[:4]), format_card(deck[20]), format_card(deck[21])
    ('AC AD 2C 2D', '7H', 'JC')
    """
    first, second = parse_cards(non_dealer), parse_cards(dealer)
    if len(first) != 10 or len(second) != 10:
        raise ValueError("each player is dealt exactly ten cards")
    top = [*(c for pair in zip(first, second, strict=True) for c in pair), parse_card(upcard)]
    top += parse_cards(stock)
    if len(set(top)) != len(top):
        raise ValueError("a card appears twice in the arranged deal")
    return (*top, *(c for c in range(52) if c not in top))


# ----------------------------------------------------------------------------- legal actions


def legal_actions(hand: Hand) -> list[Action]:
    """Every action the player to act may take (empty once the hand is over).

    In the discard phase: big gin (when played and possible), then gin and knock for each card
    that allows it (knocks with the engine's best declaration), then every plain discard.
    """
    if hand.phase is Phase.OPENING:
        return _legal_opening(hand)
    if hand.phase is Phase.DRAW:
        return [Action("draw"), Action("take")]
    if hand.phase is Phase.DISCARD:
        return _legal_discard(hand)
    return []


def _legal_opening(hand: Hand) -> list[Action]:
    if hand.offers < 2:
        return [Action("take"), Action("pass")]
    return [Action("draw")]


def _legal_discard(hand: Hand) -> list[Action]:
    seat = _seat(hand)
    cards = hand.hands[seat]
    endings: list[Action] = []
    if hand.rules.big_gin and deadwood(cards) == 0:
        endings.append(Action("big gin"))
    for card, left in discard_options(cards):
        if card == hand.taken:
            continue
        if left == 0:
            endings.append(Action("gin", card))
        elif left <= hand.knock_limit:
            endings.append(Action("knock", card, best_melds(cards & ~(1 << card))))
    discards = [Action("discard", c) for c in from_mask(cards) if c != hand.taken]
    return endings + discards


def knock_choices(hand: Hand, card: Card) -> list[Action]:
    """Every knock the player to act may make discarding ``card``: one for each legal
    declaration of the cards left within the hand's knock limit, the engine's best (the one
    ``knock 7H`` means) first, then by deadwood. Declarations with no deadwood are gin and are
    offered as ``gin`` instead.

    >>> from gin.cards import parse_card
    >>> deck = arranged_deck("3H 4H 5H 6H 7C 7D 7S 2C 2D AS", "AC 4C 5C 6C 8D 9D TD JS QS KS",
    ...                      "KH", "KC")
    >>> hand = apply(apply(apply(deal(Rules(), deck, dealer=1), Action("pass")), Action("pass")),
    ...              Action("draw"))
    >>> [a.text() for a in knock_choices(hand, parse_card("KC"))]
    ['knock KC [7C 7D 7S] [3H 4H 5H 6H]', 'knock KC [7C 7D 7S] [4H 5H 6H]']
    """
    if hand.phase is not Phase.DISCARD:
        raise IllegalAction("You can knock only after drawing, with the card you discard.")
    seat = _seat(hand)
    if not hand.hands[seat] >> card & 1 or card == hand.taken:
        raise IllegalAction(f"You cannot knock discarding {pretty_card(card)} now.")
    left = hand.hands[seat] & ~(1 << card)
    best = best_melds(left)
    choices = [m for m in declarations(left, hand.knock_limit) if left & ~sum(m)]
    # The engine's own best declaration (the one `knock 7H` means) leads; ties follow it.
    choices.sort(key=lambda melds: melds != best)
    return [Action("knock", card, melds) for melds in choices]


# ----------------------------------------------------------------------------- apply


def apply(hand: Hand, action: Action) -> Hand:
    """The hand after the player to act plays ``action``; raises :class:`IllegalAction`."""
    if hand.phase is Phase.OPENING:
        return _apply_opening(hand, action)
    if hand.phase is Phase.DRAW:
        return _apply_draw(hand, action)
    if hand.phase is Phase.DISCARD:
        return _apply_discard(hand, action)
    raise IllegalAction("The hand is over; start the next hand.")


def _apply_opening(hand: Hand, action: Action) -> Hand:
    upcard = pretty_card(hand.discards[-1])
    if hand.offers == 2:
        if action.kind == "draw":
            return _draw_stock(hand, action)
        raise IllegalAction(f"Both players passed on the upcard {upcard}; draw from the stock.")
    if action.kind == "take":
        return _take_discard(hand, action)
    if action.kind == "pass":
        seat = _seat(hand)
        return replace(
            hand,
            offers=hand.offers + 1,
            to_act=1 - seat,
            history=(*hand.history, Event(seat, action)),
        )
    raise IllegalAction(f"First take the upcard {upcard} or pass.")


def _apply_draw(hand: Hand, action: Action) -> Hand:
    if action.kind == "draw":
        return _draw_stock(hand, action)
    if action.kind == "take":
        return _take_discard(hand, action)
    top = pretty_card(hand.discards[-1])
    if action.kind == "pass":
        raise IllegalAction(
            f"There is no upcard to pass on now; draw from the stock or take {top}."
        )
    raise IllegalAction(f"Draw first: take {top} from the discard pile or draw from the stock.")


def _draw_stock(hand: Hand, action: Action) -> Hand:
    seat = _seat(hand)
    card = hand.deck[hand.stock_next]
    return replace(
        hand,
        hands=_with(hand.hands, seat, hand.hands[seat] | 1 << card),
        stock_next=hand.stock_next + 1,
        phase=Phase.DISCARD,
        drawn=card,
        history=(*hand.history, Event(seat, action)),
    )


def _take_discard(hand: Hand, action: Action) -> Hand:
    seat = _seat(hand)
    card = hand.discards[-1]
    return replace(
        hand,
        hands=_with(hand.hands, seat, hand.hands[seat] | 1 << card),
        discards=hand.discards[:-1],
        phase=Phase.DISCARD,
        taken=card,
        known=_with(hand.known, seat, hand.known[seat] | 1 << card),
        history=(*hand.history, Event(seat, action)),
    )


def _apply_discard(hand: Hand, action: Action) -> Hand:
    if action.kind == "big gin":
        return _big_gin(hand, action)
    if action.kind not in ("discard", "knock", "gin"):
        raise IllegalAction("You have drawn this turn; now discard a card (or knock).")
    seat = _seat(hand)
    card = action.card
    assert card is not None
    if not hand.hands[seat] >> card & 1:
        raise IllegalAction(f"You do not hold {pretty_card(card)}.")
    if card == hand.taken:
        raise IllegalAction(
            f"You took {pretty_card(card)} from the discard pile this turn; "
            "discard a different card."
        )
    if action.kind == "discard":
        return _discard(hand, action, seat, card)
    return _knock(hand, action, seat, card)


def _discard(hand: Hand, action: Action, seat: int, card: Card) -> Hand:
    after = replace(
        hand,
        hands=_with(hand.hands, seat, hand.hands[seat] & ~(1 << card)),
        discards=(*hand.discards, card),
        phase=Phase.DRAW,
        to_act=1 - seat,
        taken=None,
        drawn=None,
        known=_with(hand.known, seat, hand.known[seat] & ~(1 << card)),
        history=(*hand.history, Event(seat, action)),
    )
    if after.stock_count <= VOID_STOCK:
        result = HandResult("void", hands=after.hands, multiplier=hand.multiplier)
        return replace(after, phase=Phase.HAND_OVER, to_act=None, result=result)
    return after


def _knock(hand: Hand, action: Action, seat: int, card: Card) -> Hand:
    left = hand.hands[seat] & ~(1 << card)
    melds = action.melds if action.melds is not None else best_melds(left)
    _check_declaration(left, melds)
    declared = 0
    for meld in melds:
        declared |= meld
    knocker_deadwood = mask_value(left & ~declared)
    if action.kind == "gin" and knocker_deadwood:
        raise IllegalAction(
            f"You cannot go gin discarding {pretty_card(card)}: "
            f"the cards left have {deadwood(left)} deadwood at best."
        )
    if knocker_deadwood == 0:
        return _finish(hand, Action("gin", card), seat, card, left, "gin", hand.rules.gin_bonus)
    if knocker_deadwood > hand.knock_limit:
        raise IllegalAction(_too_much(hand, card, left, knocker_deadwood))
    recorded = Action("knock", card, melds)
    return _finish_knock(hand, recorded, seat, card, left, melds, knocker_deadwood)


def _too_much(hand: Hand, card: Card, left: int, declared: int) -> str:
    if hand.knock_limit == 0:
        return "Only gin may end this hand: its knock limit is 0."
    best = deadwood(left)
    if best > hand.knock_limit:
        return (
            f"You cannot knock discarding {pretty_card(card)}: the cards left have {best} "
            f"deadwood at best, and the knock limit is {hand.knock_limit}."
        )
    return (
        f"That declaration leaves {declared} deadwood; the knock limit is {hand.knock_limit} "
        f"(your best declaration leaves {best})."
    )


def _check_declaration(left: int, melds: tuple[Meld, ...]) -> None:
    used = 0
    for meld in melds:
        shown = _meld_text(meld)
        if meld & ~left:
            missing = from_mask(meld & ~left)[0]
            raise IllegalAction(
                f"You cannot declare {shown}: you do not hold {pretty_card(missing)}."
            )
        if not is_meld(meld):
            raise IllegalAction(
                f"{shown} is not a meld: a meld is 3 or 4 cards of one rank, "
                "or 3 or more cards in a row of one suit (ace low)."
            )
        if meld & used:
            twice = from_mask(meld & used)[0]
            raise IllegalAction(
                f"{pretty_card(twice)} is declared in two melds; a card goes in one."
            )
        used |= meld


def _meld_text(meld: Meld) -> str:
    return "[" + " ".join(pretty_card(c) for c in from_mask(meld)) + "]"


def _big_gin(hand: Hand, action: Action) -> Hand:
    if not hand.rules.big_gin:
        raise IllegalAction("Big gin is not played under these rules; discard a card to go gin.")
    seat = _seat(hand)
    cards = hand.hands[seat]
    left = deadwood(cards)
    if left:
        raise IllegalAction(
            f"Big gin needs all eleven cards in melds; yours leave {left} deadwood."
        )
    return _finish(hand, action, seat, None, cards, "big_gin", hand.rules.big_gin_bonus)


def _finish(
    hand: Hand, action: Action, seat: int, card: Card | None, cards: int, kind: str, bonus: int
) -> Hand:
    """Gin or big gin: no layoffs; the defender's own melds still count."""
    defender = hand.hands[1 - seat]
    against = deadwood(defender)
    result = HandResult(
        kind=kind,
        knocker=seat,
        winner=seat,
        points=(bonus + against) * hand.multiplier,
        discard=card,
        hands=_with(hand.hands, seat, cards),
        knocker_melds=best_melds(cards),
        defender_melds=best_melds(defender),
        defender_deadwood_before=against,
        defender_deadwood=against,
        multiplier=hand.multiplier,
    )
    return _over(hand, action, seat, result)


def _finish_knock(
    hand: Hand,
    action: Action,
    seat: int,
    card: Card,
    left: int,
    melds: tuple[Meld, ...],
    knocker_deadwood: int,
) -> Hand:
    defender = hand.hands[1 - seat]
    defence = best_defence(defender, melds)
    kind, points, knocker_wins = knock_score(knocker_deadwood, defence.deadwood, hand.rules)
    winner = None if knocker_wins is None else (seat if knocker_wins else 1 - seat)
    result = HandResult(
        kind=kind,
        knocker=seat,
        winner=winner,
        points=points * hand.multiplier,
        discard=card,
        hands=_with(hand.hands, seat, left),
        knocker_melds=melds,
        knocker_deadwood=knocker_deadwood,
        defender_melds=defence.melds,
        layoffs=defence.layoffs,
        defender_deadwood_before=deadwood(defender),
        defender_deadwood=defence.deadwood,
        multiplier=hand.multiplier,
    )
    return _over(hand, action, seat, result)


def knock_score(knocker: int, defender: int, rules: Rules) -> tuple[str, int, bool | None]:
    """Kind, points and whether the knocker wins, for a knock (not gin) with these deadwoods.

    >>> knock_score(7, 19, Rules()), knock_score(8, 3, Rules()), knock_score(5, 5, Rules())
    (('knock', 12, True), ('undercut', 30, False), ('undercut', 25, False))
    >>> knock_score(5, 5, Rules(undercut_on_tie=False))
    ('knock', 0, None)
    """
    if defender > knocker:
        return "knock", defender - knocker, True
    if defender < knocker or rules.undercut_on_tie:
        return "undercut", rules.undercut_bonus + knocker - defender, False
    return "knock", 0, None


def _over(hand: Hand, action: Action, seat: int, result: HandResult) -> Hand:
    discards = hand.discards
    if result.discard is not None and hand.rules.knock_discard_face_up:
        discards = (*discards, result.discard)  # on the pile, as any discard
    return replace(
        hand,
        hands=result.hands,
        discards=discards,
        known=(hand.known[0] & result.hands[0], hand.known[1] & result.hands[1]),
        phase=Phase.HAND_OVER,
        to_act=None,
        taken=None,
        drawn=None,
        history=(*hand.history, Event(seat, action)),
        result=result,
    )


# ----------------------------------------------------------------------------- helpers


def _seat(hand: Hand) -> int:
    assert hand.to_act is not None
    return hand.to_act


def _with(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def face_down_discard(hand: Hand) -> Card | None:
    """The knocker's discard when it lies face down (the default): it goes on the discard pile
    only under ``rules.knock_discard_face_up``."""
    if hand.result is None or hand.rules.knock_discard_face_up:
        return None
    return hand.result.discard


def cards_accounted(hand: Hand) -> bool:
    """Whether the hands, the discard pile, the stock and a face-down knock discard hold each
    of the 52 cards exactly once."""
    parts = [*hand.hands, to_mask(hand.discards), to_mask(hand.deck[hand.stock_next :])]
    face_down = face_down_discard(hand)
    if face_down is not None:
        parts.append(1 << face_down)
    union = 0
    count = 0
    for part in parts:
        union |= part
        count += part.bit_count()
    return (
        union == FULL_DECK
        and count == 52
        and len(hand.discards) == to_mask(hand.discards).bit_count()
    )
