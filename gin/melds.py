"""Melds, minimum deadwood, declarations and optimal layoffs: the rules of arranging cards.

A meld is a card mask: a *set* (3 or 4 cards of one rank) or a *run* (3 or more consecutive
cards of one suit, ace low, no wrap). A card belongs to at most one meld, and the deadwood of a
hand is the least value of its unmelded cards over every arrangement.

How it stays exact and fast: runs live inside one suit, so the best run-only arrangement of every
13-bit suit pattern is tabulated once (8,192 entries). Sets are the only thing that couples suits,
and a hand has few ranks held three or four times, so the search tries each way of using those
ranks as sets (none, the four, or one of the threes) and reads the runs of what is left from the
table.

>>> from gin.cards import mask_from_text as h
>>> deadwood(h("5H 6H 7H 7S 7D 7C"))
0
>>> deadwood(h("AC 2C 3C 4D 5D 6D 7S 8S 9S KH"))
10
>>> deadwood(h("QH KH AH"))
21
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from gin.cards import VALUES, Card, from_mask, rank_of, suit_of

Meld = int

_SUIT = 0x1FFF
_RANK_VALUES = tuple(min(r + 1, 10) for r in range(13))


def _pattern_values() -> list[int]:
    """For each 13-bit suit pattern: the value of its cards, its lowest card's and the rest's
    (one addition a pattern: the page builds these tables when Python first starts)."""
    values = [0] * 8192
    for pattern in range(1, 8192):
        low = (pattern & -pattern).bit_length() - 1
        values[pattern] = values[pattern & (pattern - 1)] + _RANK_VALUES[low]
    return values


def _run_tables() -> tuple[list[int], list[tuple[int, ...]]]:
    """For each 13-bit suit pattern: the most value runs can meld, and those runs.

    The lowest card of a pattern is either left out or starts a run, so one pass from the
    high patterns down fills both tables.
    """
    best = [0] * 8192
    runs: list[tuple[int, ...]] = [()] * 8192
    for pattern in range(1, 8192):
        low = (pattern & -pattern).bit_length() - 1
        rest = pattern & (pattern - 1)
        value, chosen = best[rest], runs[rest]
        run, run_value, r = 0, 0, low
        while r < 13 and pattern >> r & 1:
            run |= 1 << r
            run_value += _RANK_VALUES[r]
            r += 1
            if r - low >= 3:
                left = pattern & ~run
                if run_value + best[left] > value:
                    value, chosen = run_value + best[left], (run, *runs[left])
        best[pattern], runs[pattern] = value, chosen
    return best, runs


_RUN_VALUE, _RUN_MELDS = _run_tables()
_PATTERN_VALUE = _pattern_values()


_RUN_LEFT = [_PATTERN_VALUE[p] - _RUN_VALUE[p] for p in range(8192)]
"""For each suit pattern: its deadwood when only runs may meld it."""


def _throw_tables() -> tuple[list[int], list[int]]:
    """For each suit pattern: the most that throwing one of its cards lowers its run-only
    deadwood (negative when every throw breaks a run; -1000 for no card), and the rank of that
    throw (the most valuable among equals, then the lowest)."""
    left = _RUN_LEFT
    gains, ranks = [-1000] * 8192, [0] * 8192
    for pattern in range(1, 8192):
        rest = pattern
        while rest:
            bit = rest & -rest
            rank = bit.bit_length() - 1
            gain = left[pattern] - left[pattern ^ bit]
            best = gains[pattern]
            if gain > best or (gain == best and _RANK_VALUES[rank] > _RANK_VALUES[ranks[pattern]]):
                gains[pattern], ranks[pattern] = gain, rank
            rest ^= bit
    return gains, ranks


_THROW_GAIN, _THROW_RANK = _throw_tables()


def _rank_mask(rank: int, suits: Sequence[int]) -> int:
    return sum(1 << (s * 13 + rank) for s in suits)


def _all_melds() -> tuple[Meld, ...]:
    melds: list[Meld] = []
    for rank in range(13):
        for size in (3, 4):
            for suits in combinations(range(4), size):
                melds.append(_rank_mask(rank, suits))
    for suit in range(4):
        for length in range(3, 14):
            for low in range(0, 14 - length):
                melds.append(((1 << length) - 1) << (suit * 13 + low))
    return tuple(melds)


ALL_MELDS: tuple[Meld, ...] = _all_melds()
"""Every meld of the deck: 65 sets and 264 runs."""

_MELD_SET = frozenset(ALL_MELDS)

# For a rank held 3 or 4 times, the ways to use it as a set: each a 4-bit suit pattern.
_SET_CHOICES: dict[int, tuple[int, ...]] = {
    held: (0, *(sub for sub in range(1, 16) if sub & held == sub and bin(sub).count("1") >= 3))
    for held in range(16)
    if bin(held).count("1") >= 3
}


def is_meld(mask: int) -> bool:
    """Whether the cards of ``mask`` form one set or one run.

    >>> from gin.cards import mask_from_text as h
    >>> is_meld(h("AS 2S 3S")), is_meld(h("QS KS AS")), is_meld(h("9C 9D 9H 9S"))
    (True, False, True)
    """
    return mask in _MELD_SET


def is_set(meld: Meld) -> bool:
    """Whether a meld is a set (all one rank) rather than a run."""
    cards = from_mask(meld)
    return len({rank_of(c) for c in cards}) == 1


def _suits(hand: int) -> tuple[int, int, int, int]:
    return hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39 & _SUIT


def _set_options(a: int, b: int, c: int, d: int) -> list[list[tuple[int, int]]]:
    """Per rank held three or more times: its (rank, suit pattern) set choices."""
    trips = (a & b & (c | d)) | (c & d & (a | b))
    options = []
    while trips:
        low = trips & -trips
        rank = low.bit_length() - 1
        held = (a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2 | (d >> rank & 1) << 3
        options.append([(rank, sub) for sub in _SET_CHOICES[held]])
        trips ^= low
    return options


def _melded_value(a: int, b: int, c: int, d: int, sets: Sequence[tuple[int, int]]) -> int:
    value = 0
    for rank, sub in sets:
        if sub:
            bit = 1 << rank
            a &= ~(bit * (sub & 1))
            b &= ~(bit * (sub >> 1 & 1))
            c &= ~(bit * (sub >> 2 & 1))
            d &= ~(bit * (sub >> 3 & 1))
            value += _RANK_VALUES[rank] * bin(sub).count("1")
    rv = _RUN_VALUE
    return value + rv[a] + rv[b] + rv[c] + rv[d]


def deadwood(hand: int) -> int:
    """The minimum deadwood of a hand of any size (exact).

    >>> from gin.cards import mask_from_text as h
    >>> deadwood(h("2C 3C 4C 4D 4H 4S 5C"))
    0
    >>> deadwood(h("AH 2H 3H 4H 4D 4S KC KD QS JS"))
    40
    """
    a, b, c, d = hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39 & _SUIT
    pv, rv = _PATTERN_VALUE, _RUN_VALUE
    total = pv[a] + pv[b] + pv[c] + pv[d]
    if not ((a & b & (c | d)) | (c & d & (a | b))):
        return total - rv[a] - rv[b] - rv[c] - rv[d]
    return total - max(
        _melded_value(a, b, c, d, sets) for sets in product(*_set_options(a, b, c, d))
    )


def deadwood_after_throw(hand: int) -> int:
    """The minimum deadwood of ``hand`` less one card, over every card it may throw: the measure
    of an eleven-card hand about to discard.

    For each way of using its ranks held three times as sets (as :func:`deadwood` tries them),
    the rest of each suit melds only in runs and the best throw among them is read from a table
    of each suit pattern's best throw. A throw from a set is the same as another way of using
    that rank, so it is counted too.

    >>> from gin.cards import mask_from_text as h
    >>> deadwood_after_throw(h("AC 2C 3C 9D 9H 9S KS QH 4D 5D 6D"))
    10
    >>> deadwood_after_throw(h("AC 2C 3C 4C 5H 6H 7H 8H 9S TS KD"))
    19
    """
    a, b, c, d = hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39 & _SUIT
    left, gain = _RUN_LEFT, _THROW_GAIN
    if not ((a & b & (c | d)) | (c & d & (a | b))):
        return left[a] + left[b] + left[c] + left[d] - max(gain[a], gain[b], gain[c], gain[d])
    best = 1000
    for sets in product(*_set_options(a, b, c, d)):
        w, x, y, z = a, b, c, d
        for rank, sub in sets:
            bit = 1 << rank
            w &= ~(bit * (sub & 1))
            x &= ~(bit * (sub >> 1 & 1))
            y &= ~(bit * (sub >> 2 & 1))
            z &= ~(bit * (sub >> 3 & 1))
        value = left[w] + left[x] + left[y] + left[z] - max(gain[w], gain[x], gain[y], gain[z])
        best = min(best, value)
    return best


_BY_WORTH = sorted(range(52), key=lambda c: (-VALUES[c], c))
"""The cards, the most valuable first (card order among equals)."""


def best_throw(hand: int) -> tuple[int, Card]:
    """The throw :func:`discard_options` ranks first, and the deadwood it leaves: the least
    deadwood, then the most valuable card, then card order.

    >>> from gin.cards import format_card, mask_from_text as h
    >>> left, card = best_throw(h("AC 2C 3C 9D 9H 9S KS QH 4D 5D 6D"))
    >>> left, format_card(card)
    (10, 'QH')
    """
    a, b, c, d = hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39 & _SUIT
    if (a & b & (c | d)) | (c & d & (a | b)):
        least = deadwood_after_throw(hand)
        throw = next(
            card
            for card in _BY_WORTH
            if hand >> card & 1 and deadwood(hand & ~(1 << card)) == least
        )
        return least, throw
    left, gain, ranks = _RUN_LEFT, _THROW_GAIN, _THROW_RANK
    best = (-2000, 0, 0)
    for suit, pattern in enumerate((a, b, c, d)):
        if pattern:
            rank = ranks[pattern]
            best = max(best, (gain[pattern], _RANK_VALUES[rank], -(suit * 13 + rank)))
    return left[a] + left[b] + left[c] + left[d] - best[0], -best[2]


def best_melds(hand: int) -> tuple[Meld, ...]:
    """One arrangement of melds reaching the minimum deadwood, ordered by lowest card.

    Among equal arrangements the first found is kept, so the answer is deterministic.

    >>> from gin.cards import format_cards, mask_from_text as h
    >>> [format_cards(from_mask(m)) for m in best_melds(h("5H 6H 7H 7S 7D 7C 2D"))]
    ['7C 7D 7S', '5H 6H 7H']
    """
    a, b, c, d = _suits(hand)
    best_value = -1
    best_sets: tuple[tuple[int, int], ...] = ()
    for sets in product(*_set_options(a, b, c, d)):
        value = _melded_value(a, b, c, d, sets)
        if value > best_value:
            best_value, best_sets = value, sets
    melds: list[Meld] = []
    left = hand
    for rank, sub in best_sets:
        if sub:
            meld = _rank_mask(rank, [s for s in range(4) if sub >> s & 1])
            melds.append(meld)
            left &= ~meld
    for suit, pattern in enumerate(_suits(left)):
        melds.extend(run << (13 * suit) for run in _RUN_MELDS[pattern])
    return tuple(sorted(melds, key=lambda m: m & -m))


def deadwood_cards(hand: int) -> int:
    """The mask of cards left unmelded by :func:`best_melds`."""
    for meld in best_melds(hand):
        hand &= ~meld
    return hand


def discard_options(hand: int) -> list[tuple[Card, int]]:
    """Each card of the hand with the minimum deadwood of the cards left after discarding it,
    best first (ties: the higher-value card first, then card order).

    >>> from gin.cards import format_card, mask_from_text as h
    >>> [(format_card(c), d) for c, d in discard_options(h("AC 2C 3C 9D 9H 9S KS QH 4D 5D 6D"))][:2]
    [('QH', 10), ('KS', 10)]
    """
    options = [(card, deadwood(hand & ~(1 << card))) for card in from_mask(hand)]
    options.sort(key=lambda o: (o[1], -VALUES[o[0]], o[0]))
    return options


def declarations(hand: int, limit: int) -> list[tuple[Meld, ...]]:
    """Every legal declaration of ``hand``: collections of disjoint melds whose deadwood is at
    most ``limit``, best (least deadwood) first, then by fewer cards melded.

    >>> from gin.cards import mask_from_text as h
    >>> len(declarations(h("3H 4H 5H 6H 7C 7D 7S 2C 2D AS"), 10))  # 3-6♥ + 7s, or 4-6♥ + 7s
    2
    """
    candidates = [m for m in ALL_MELDS if m & hand == m]
    candidate_values = [_mask_value(m) for m in candidates]
    total = _mask_value(hand)
    found: list[tuple[int, int, tuple[Meld, ...]]] = []

    def extend(start: int, used: int, value: int, chosen: tuple[Meld, ...]) -> None:
        if total - value <= limit:
            found.append((total - value, -used.bit_count(), chosen))
        for i in range(start, len(candidates)):
            meld = candidates[i]
            if not meld & used:
                extend(i + 1, used | meld, value + candidate_values[i], (*chosen, meld))

    extend(0, 0, 0, ())
    found.sort(key=lambda f: (f[0], -f[1], sorted(f[2])))
    return [tuple(sorted(chosen, key=lambda m: m & -m)) for _, _, chosen in found]


def _mask_value(mask: int) -> int:
    a, b, c, d = _suits(mask)
    pv = _PATTERN_VALUE
    return pv[a] + pv[b] + pv[c] + pv[d]


@dataclass(frozen=True)
class Layoff:
    """A defender's card added to the knocker's meld number ``meld``."""

    card: Card
    meld: int


@dataclass(frozen=True)
class Defence:
    """The defender's answer to a knock: own melds, layoffs and the deadwood that is left."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood: int


def layoff_candidates(defender: int, knocker_melds: Sequence[Meld]) -> int:
    """Cards of the defender that could join some knocker meld, directly or through a chain of
    the defender's own cards (7 then 8 onto 4-5-6).
    """
    found = 0
    for meld in knocker_melds:
        found |= _reach(meld, defender)
    return found


def _reach(meld: Meld, cards: int) -> int:
    """Cards of ``cards`` that can be laid onto ``meld`` using only ``cards`` as links."""
    held = from_mask(meld)
    if is_set(meld):
        if len(held) == 3:
            rank = rank_of(held[0])
            missing = _rank_mask(rank, range(4)) & ~meld
            return missing & cards
        return 0
    suit = suit_of(held[0])
    low, high = rank_of(held[0]), rank_of(held[-1])
    reached = 0
    r = low - 1
    while r >= 0 and cards >> (suit * 13 + r) & 1:
        reached |= 1 << (suit * 13 + r)
        r -= 1
    r = high + 1
    while r < 13 and cards >> (suit * 13 + r) & 1:
        reached |= 1 << (suit * 13 + r)
        r += 1
    return reached


def best_defence(defender: int, knocker_melds: Sequence[Meld]) -> Defence:
    """The defender's own melds and layoffs chosen together to leave the least deadwood.

    Every subset of the cards that could be laid off is tried; a subset is layable when each of
    its cards reaches a knocker meld through cards of the same subset. Ties keep fewer layoffs.

    >>> from gin.cards import format_card, mask_from_text as h
    >>> knocker = [h("4S 5S 6S"), h("JC JD JH")]
    >>> d = best_defence(h("7S 8S JS 2C 3D 9H KH KD QC 5D"), knocker)
    >>> d.deadwood, [(format_card(x.card), x.meld) for x in d.layoffs]
    (49, [('7S', 0), ('8S', 0), ('JS', 1)])
    """
    candidates = from_mask(layoff_candidates(defender, knocker_melds))
    best: tuple[int, int, int] | None = None
    for chosen in range(1 << len(candidates)):
        laid = sum(1 << candidates[i] for i in range(len(candidates)) if chosen >> i & 1)
        if laid and layoff_candidates(laid, knocker_melds) != laid:
            continue
        left = deadwood(defender & ~laid)
        key = (left, laid.bit_count(), laid)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    left_deadwood, _, laid = best
    layoffs = _assign_layoffs(laid, knocker_melds)
    return Defence(best_melds(defender & ~laid), layoffs, left_deadwood)


def _assign_layoffs(laid: int, knocker_melds: Sequence[Meld]) -> tuple[Layoff, ...]:
    """Which meld each laid card joins, runs first (chains), in the order they are laid."""
    layoffs: list[Layoff] = []
    left = laid
    order = sorted(range(len(knocker_melds)), key=lambda i: is_set(knocker_melds[i]))
    for index in order:
        reached = _reach(knocker_melds[index], left)
        anchor = (knocker_melds[index] & -knocker_melds[index]).bit_length() - 1
        # Lay the nearest card first so each card touches the meld as it grows.
        for card in sorted(from_mask(reached), key=lambda c: abs(c - anchor)):
            layoffs.append(Layoff(card, index))
        left &= ~reached
    return tuple(layoffs)
