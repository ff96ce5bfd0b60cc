"""Measures of a hand that the thinking opponents weigh: deadwood now, what the next draw is
likely to bring, how dangerous a discard is, and how many layoffs a declaration invites.

All of them read card masks and the probabilities of :class:`gin.ai.knowledge.tracking.Knowledge`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from gin import melds
from gin.cards import VALUES, Card, from_mask
from gin.melds import Meld, deadwood_after_throw, is_set

deadwood = lru_cache(maxsize=1 << 15)(melds.deadwood)
"""The engine's exact deadwood, remembered: the thinking opponents ask about the same hands
again and again (one card swapped for another in a different order)."""

_SUIT_OF = tuple(c // 13 for c in range(52))
_RANK_OF = tuple(c % 13 for c in range(52))
MORE_THAN = tuple(sum(1 << c for c in range(52) if VALUES[c] > v) for v in range(11))
"""For each value, the mask of the cards worth more."""


def _partner_pairs(card: Card) -> tuple[tuple[Card, Card], ...]:
    suit, rank = _SUIT_OF[card], _RANK_OF[card]
    same = [s * 13 + rank for s in range(4) if s != suit]
    pairs = [(same[0], same[1]), (same[0], same[2]), (same[1], same[2])]
    for low in (rank - 2, rank - 1, rank + 1):
        high = low + 1 if low != rank - 1 else rank + 1
        if low >= 0 and high < 13:
            pairs.append((suit * 13 + low, suit * 13 + high))
    return tuple(pairs)


PARTNER_PAIRS: tuple[tuple[tuple[Card, Card], ...], ...] = tuple(
    _partner_pairs(c) for c in range(52)
)
"""For each card, the pairs of cards that make a meld of three with it."""

PAIR_MASKS = tuple(tuple(1 << a | 1 << b for a, b in pairs) for pairs in PARTNER_PAIRS)
"""For each card, the pairs (as two-card masks) that make a meld of three with it."""


def melds_with(card: Card, hand: int) -> bool:
    """Whether ``card`` would belong to some meld of ``hand`` plus it (a set of three, or a
    run of three, with cards of ``hand``)."""
    return any(hand & pair == pair for pair in PAIR_MASKS[card])


_SUITS = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The lowest card of each suit: a 13-bit rank pattern times this is that rank in every suit."""


def meld_partners(hand: int) -> int:
    """The cards outside ``hand`` that would belong to some meld of ``hand`` plus that card:
    :func:`melds_with` for every card at once.

    >>> from gin.cards import format_cards, mask_from_text as h
    >>> format_cards(from_mask(meld_partners(h("5H 6H 9C 9D"))))
    '4H 7H 9H 9S'
    """
    partners = 0
    for shift in (0, 13, 26, 39):
        p = hand >> shift & 0x1FFF
        runs = (p << 1 & p << 2) | (p << 1 & p >> 1) | (p >> 1 & p >> 2)
        partners |= (runs & 0x1FFF) << shift
    a, b, c, d = hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39 & 0x1FFF
    pairs = a & b | a & c | a & d | b & c | b & d | c & d
    return (partners | pairs * _SUITS) & ~hand


def keep_after(hand: int, card: Card, fixed: int = 0, back: bool = True) -> tuple[int, int]:
    """Ten cards ``hand`` plus ``card``: the least deadwood of the ten kept and those ten, never
    throwing a card of ``fixed``, nor ``card`` itself unless ``back``.

    A card that joins no meld of ``hand`` leaves at least ``deadwood(hand) - value(c) +
    value(card)`` when kept in place of ``c``, so only the cards worth more than it are tried.
    """
    held = hand | 1 << card
    best, keep = (deadwood(hand), hand) if back else (1000, held)
    candidates = hand & ~fixed
    if back and not melds_with(card, hand):
        candidates &= MORE_THAN[VALUES[card]]
    # With every card free to go, the least deadwood is known at once: the search below then
    # stops at the first card that reaches it (or at once when throwing ``card`` back does).
    least = deadwood_after_throw(held) if back and not fixed else -1
    if best == least:
        return best, keep
    for c in from_mask(candidates):
        rest = held & ~(1 << c)
        left = deadwood(rest)
        if left < best:
            best, keep = left, rest
            if left == least:
                break
    return best, keep


class Outlook:
    """One ten-card hand: its deadwood and what one more card would make of it."""

    __slots__ = ("hand", "deadwood", "_nine")

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self.deadwood = deadwood(hand)
        self._nine = -1

    def nine(self) -> int:
        """The least deadwood of the best nine of these ten cards."""
        if self._nine < 0:
            self._nine = deadwood_after_throw(self.hand)
        return self._nine

    def prospects(self, draw: Sequence[tuple[Card, float]], limit: int) -> tuple[float, float]:
        """For one more card drawn with the given weights (summing to 1): the expected fall in
        deadwood, and the probability that the hand may then knock (deadwood within ``limit``).
        """
        hand, base = self.hand, self.deadwood
        partners = meld_partners(hand)
        # A card joining no meld either goes straight back or stays as deadwood in place of
        # the best throw of the ten: what it leaves depends on its value only.
        loose = [min(base, self.nine() + value) for value in range(11)]
        gain = reach = 0.0
        for card, weight in draw:
            if partners >> card & 1:
                left = deadwood_after_throw(hand | 1 << card)
            else:
                left = loose[VALUES[card]]
            gain += weight * (base - left)
            if left <= limit:
                reach += weight
        return gain, reach


def draw_weights(unseen: int, prob: Sequence[float]) -> list[tuple[Card, float]]:
    """Each unseen card with the chance it is the next stock card (weights sum to 1)."""
    cards = [(c, 1.0 - prob[c]) for c in from_mask(unseen)]
    total = sum(w for _, w in cards)
    if total <= 0:
        return []
    return [(c, w / total) for c, w in cards if w > 0]


RULED_OUT = 0.15
"""How much less likely the opponent is to hold a pair that its play has ruled out."""


def danger(card: Card, prob: Sequence[float], ruled_out: frozenset[int] = frozenset()) -> float:
    """Probability that the opponent holds two cards that make a meld with ``card``.

    ``ruled_out`` holds pairs (as two-card masks) the opponent showed it lacked: it declined or
    threw a card those two would have melded.
    """
    miss = 1.0
    for a, b in PARTNER_PAIRS[card]:
        both = prob[a] * prob[b]
        if both and (1 << a | 1 << b) in ruled_out:
            both *= RULED_OUT
        miss *= 1 - both
    return 1 - miss


def layoff_exposure(melds: Sequence[Meld], prob: Sequence[float], hand: int) -> float:
    """Expected deadwood points the opponent could lay off on these declared melds (cards one
    step away only)."""
    total = 0.0
    for meld in melds:
        cards = from_mask(meld)
        if is_set(meld):
            if len(cards) == 3:
                rank = _RANK_OF[cards[0]]
                for s in range(4):
                    c = s * 13 + rank
                    if not meld >> c & 1:
                        total += prob[c] * VALUES[c]
            continue
        low, high = cards[0], cards[-1]
        if _RANK_OF[low] > 0:
            total += prob[low - 1] * VALUES[low - 1]
        if _RANK_OF[high] < 12:
            total += prob[high + 1] * VALUES[high + 1]
    return total


@lru_cache(maxsize=1 << 12)
def _extensions(meld: Meld) -> tuple[int, int, int]:
    """How a meld grows: (the card missing from a set of three, or 0; for a run, the card
    below it and the card above it, or -1 at the ends of the suit)."""
    low, high = (meld & -meld).bit_length() - 1, meld.bit_length() - 1
    if _SUIT_OF[low] != _SUIT_OF[high] or high - low + 1 != meld.bit_count():
        missing = 0
        if meld.bit_count() == 3:
            rank = _RANK_OF[low]
            for s in range(4):
                missing |= 1 << (s * 13 + rank)
            missing &= ~meld
        return missing, -1, -1
    below = low - 1 if _RANK_OF[low] > 0 else -1
    above = high + 1 if _RANK_OF[high] < 12 else -1
    return 0, below, above


def _layable(melds: Sequence[Meld], cards: int) -> list[int]:
    """Every set of cards of ``cards`` that can be laid off onto ``melds`` together, each card
    reaching a meld through cards of the same set (7 then 8 onto 4-5-6): a union of one
    choice per way a meld grows (the missing card of a set of three or not; a run's next cards
    below, and above, up to some length)."""
    options = [0]
    for meld in melds:
        missing, below, above = _extensions(meld)
        grows = []
        if missing & cards:
            grows.append([0, missing & cards])
        for start, step in ((below, -1), (above, 1)):
            prefixes, laid, card = [0], 0, start
            while card >= 0 and cards >> card & 1:
                laid |= 1 << card
                prefixes.append(laid)
                card = card + step if 0 <= _RANK_OF[card] + step < 13 else -1
            if len(prefixes) > 1:
                grows.append(prefixes)
        for choices in grows:
            options = list({o | c for o in options for c in choices})
    return options


def defence_deadwood(defender: int, melds: Sequence[Meld]) -> int:
    """The deadwood the defender keeps against a knock declaring ``melds``, after its best
    layoffs: what :func:`gin.melds.best_defence` finds, without naming the melds and layoffs
    (the search scores thousands of knocks per decision)."""
    return min(deadwood(defender & ~laid) for laid in _layable(melds, defender))
