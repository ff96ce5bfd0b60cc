"""Melds, deadwood, declarations and layoffs against brute-force oracles and worked cases."""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin.cards import VALUES, from_mask, mask_from_text, rank_of, suit_of, to_mask
from gin.melds import (
    ALL_MELDS,
    best_defence,
    best_melds,
    best_throw,
    deadwood,
    deadwood_after_throw,
    deadwood_cards,
    declarations,
    discard_options,
    is_meld,
)

# --- oracles: written from the definitions only, sharing nothing with gin.melds -------------


def oracle_is_meld(cards: tuple[int, ...]) -> bool:
    if len(cards) < 3:
        return False
    ranks = sorted(rank_of(c) for c in cards)
    if len({rank_of(c) for c in cards}) == 1:
        return len(cards) <= 4
    if len({suit_of(c) for c in cards}) != 1:
        return False
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


@cache
def oracle_deadwood(cards: frozenset[int]) -> int:
    """Either the lowest card is deadwood, or it is in some meld with other cards of the hand."""
    if not cards:
        return 0
    first = min(cards)
    rest = cards - {first}
    best = VALUES[first] + oracle_deadwood(rest)
    for size in (2, 3, 4, 5, 6, 7, 8, 9):
        for others in combinations(sorted(rest), size):
            if oracle_is_meld((first, *others)):
                best = min(best, oracle_deadwood(rest - set(others)))
    return best


def oracle_defence(defender: frozenset[int], knocker: list[tuple[int, ...]]) -> int:
    """Try every way to give each knocker meld some defender cards so that it stays a meld."""
    per_meld: list[list[frozenset[int]]] = []
    for meld in knocker:
        near = [
            c
            for c in defender
            if any(rank_of(c) == rank_of(m) or suit_of(c) == suit_of(m) for m in meld)
        ]
        options = [frozenset()]
        for size in range(1, len(near) + 1):
            for extra in combinations(near, size):
                if oracle_is_meld(tuple(sorted((*meld, *extra)))):
                    options.append(frozenset(extra))
        per_meld.append(options)
    best = oracle_deadwood(defender)

    def walk(i: int, used: frozenset[int]) -> None:
        nonlocal best
        if i == len(per_meld):
            best = min(best, oracle_deadwood(defender - used))
            return
        for extra in per_meld[i]:
            if not extra & used:
                walk(i + 1, used | extra)

    walk(0, frozenset())
    return best


# --- strategies ------------------------------------------------------------------------------

any_hand = st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True)
# Cards from three suits and five ranks make hands full of overlapping sets and runs.
DENSE = [s * 13 + r for s in range(3) for r in range(3, 8)]
dense_hand = st.lists(st.sampled_from(DENSE), min_size=10, max_size=10, unique=True)


# --- cases -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("5H 6H 7H 7S 7D 7C", 0),  # the 7H can go to the run or the set of four
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", 0),
        ("QS KS AS 2C 3D 4H 5H 6H 8C 9D", 8 + 9 + 10 + 10 + 1 + 2 + 3),  # no wrap
        ("AC AD AH 2C 3C 2D 3D 2H 3H KS", 10),  # three runs beat the set of aces
        ("7C 7D 7H 7S 6C 8C 6D 8D 5C 9D", 14),  # two runs of four beat the set
        ("2C 3C 4C 4D 4H 4S 5C 5D 5H 5S", 0),
        ("KC KD KH QC QD QH JC JD JH 9S", 9),
        ("AH 2H 3H 4H 4D 4S KC KD QS JS", 40),
    ],
)
def test_deadwood_cases(hand: str, expected: int) -> None:
    mask = mask_from_text(hand)
    assert deadwood(mask) == expected
    assert oracle_deadwood(frozenset(from_mask(mask))) == expected


def test_all_melds_is_the_table_of_every_meld() -> None:
    assert len(ALL_MELDS) == 65 + 264
    assert len(set(ALL_MELDS)) == len(ALL_MELDS)
    assert all(oracle_is_meld(tuple(from_mask(m))) for m in ALL_MELDS)
    assert not is_meld(mask_from_text("KS AS 2S"))


@settings(max_examples=400, deadline=None)
@given(st.one_of(any_hand, dense_hand))
def test_deadwood_equals_oracle(cards: list[int]) -> None:
    mask = to_mask(cards)
    assert deadwood(mask) == oracle_deadwood(frozenset(cards))


@settings(max_examples=300, deadline=None)
@given(st.one_of(any_hand, dense_hand))
def test_best_melds_reach_the_minimum(cards: list[int]) -> None:
    mask = to_mask(cards)
    melds = best_melds(mask)
    used = 0
    for meld in melds:
        assert is_meld(meld) and meld & mask == meld and not meld & used
        used |= meld
    assert sum(VALUES[c] for c in from_mask(mask & ~used)) == deadwood(mask)
    assert deadwood_cards(mask) == mask & ~used


@settings(max_examples=300, deadline=None)
@given(st.one_of(any_hand, dense_hand))
def test_deadwood_after_throw_is_the_best_throw(cards: list[int]) -> None:
    """The table-read least deadwood after one throw equals trying every throw (sets among them)."""
    mask = to_mask(cards)
    assert deadwood_after_throw(mask) == min(oracle_deadwood(frozenset(cards) - {c}) for c in cards)
    card, left = discard_options(mask)[0]
    assert best_throw(mask) == (left, card)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DENSE + [40, 41, 42]), min_size=11, max_size=11, unique=True))
def test_discard_options_cover_every_card(cards: list[int]) -> None:
    mask = to_mask(cards)
    options = discard_options(mask)
    assert best_throw(mask) == (options[0][1], options[0][0])
    assert sorted(c for c, _ in options) == sorted(cards)
    assert [d for _, d in options] == sorted(d for _, d in options)
    for card, after in options:
        assert after == oracle_deadwood(frozenset(cards) - {card})


@settings(max_examples=100, deadline=None)
@given(st.one_of(any_hand, dense_hand), st.integers(0, 10))
def test_declarations_are_every_legal_one(cards: list[int], limit: int) -> None:
    mask = to_mask(cards)
    found = declarations(mask, limit)
    melds_in_hand = [m for m in ALL_MELDS if m & mask == m]
    expected = set()
    for size in range(0, 4):
        for chosen in combinations(melds_in_hand, size):
            union = 0
            ok = True
            for m in chosen:
                ok = ok and not union & m
                union |= m
            if ok and sum(VALUES[c] for c in from_mask(mask & ~union)) <= limit:
                expected.add(frozenset(chosen))
    assert {frozenset(d) for d in found} == expected
    assert len(found) == len(expected)
    if found:
        assert sum(VALUES[c] for c in from_mask(mask & ~sum(found[0]))) == deadwood(mask)


def test_declarations_offer_other_than_the_best() -> None:
    hand = mask_from_text("3H 4H 5H 6H 7C 7D 7S 2C 2D AS")
    shown = [sorted(from_mask(sum(d))) for d in declarations(hand, 10)]
    assert len(shown) == 2
    assert deadwood(hand) == 5


# --- layoffs ---------------------------------------------------------------------------------


def _defend(defender: str, *knocker: str) -> tuple[int, list[tuple[str, int]]]:
    from gin.cards import format_card

    result = best_defence(mask_from_text(defender), [mask_from_text(m) for m in knocker])
    return result.deadwood, [(format_card(x.card), x.meld) for x in result.layoffs]


def test_layoff_chain_onto_a_run() -> None:
    assert _defend("7S 8S 2C", "4S 5S 6S") == (2, [("7S", 0), ("8S", 0)])


def test_layoff_at_both_ends_and_the_fourth_of_a_set() -> None:
    assert _defend("3S 7S JH KD", "4S 5S 6S", "JC JD JS") == (10, [("3S", 0), ("7S", 0), ("JH", 1)])


def test_layoff_not_made_when_keeping_a_meld_is_better() -> None:
    # 7S extends 4-5-6S, but 7S 7C 7D is worth keeping as the defender's own set either way.
    deadwood_left, layoffs = _defend("7S 7C 7D 7H 9C", "4S 5S 6S")
    assert deadwood_left == 9 and layoffs == []


def test_a_gap_cannot_be_laid_off() -> None:
    assert _defend("8S 9S", "4S 5S 6S") == (17, [])


def test_defender_melds_and_layoffs_are_chosen_together() -> None:
    # 8H can make the defender's own 6-7-8H or join the knocker's 8s; with 9H laid off too,
    # the run 6-7-8-9H is the defender's and nothing is laid off.
    deadwood_left, layoffs = _defend("6H 7H 8H 9H KS", "8C 8D 8S")
    assert deadwood_left == 10 and layoffs == []


knocker_melds = st.lists(
    st.sampled_from([m for m in ALL_MELDS if m.bit_count() <= 4]), min_size=1, max_size=3
)


@settings(max_examples=200, deadline=None)
@given(knocker_melds, st.lists(st.integers(0, 51), min_size=4, max_size=10, unique=True))
def test_best_defence_equals_oracle(melds: list[int], cards: list[int]) -> None:
    union = 0
    for m in melds:
        if m & union:
            return
        union |= m
    defender = to_mask(cards) & ~union
    result = best_defence(defender, melds)
    expected = oracle_defence(frozenset(from_mask(defender)), [tuple(from_mask(m)) for m in melds])
    assert result.deadwood == expected
    laid = sum(1 << x.card for x in result.layoffs)
    grown = list(melds)
    for x in result.layoffs:  # each layoff, in order, touches its meld as it grows
        grown[x.meld] |= 1 << x.card
        assert is_meld(grown[x.meld])
    assert deadwood(defender & ~laid) == result.deadwood
