"""The shutout as RULES.md writes it, and supplied decks: arranged deals played through whole
matches, deck validation, saves and the api."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin import api
from gin.actions import Action
from gin.ai.research import arena
from gin.game import arranged_deck, cards_accounted
from gin.i18n import catalogue, word
from gin.match import (
    MAX_DECKS,
    Deck,
    DeckError,
    Match,
    apply,
    first_dealer,
    format_decks,
    new_match,
    parse_decks,
    seed_decks,
    shuffled_deck,
)
from gin.replay import frames
from gin.rules import Rules, RulesError
from gin.save import SaveError, dump, load
from gin.view import view

SEED = "0"  # seat 1 deals first, so seat 0 starts as the non-dealer
ACTIVE = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"  # takes the upcard, then ends the hand discarding KS


class Deal:
    """An arranged deal: the ``active`` seat takes the upcard and plays ``ending``."""

    def __init__(self, other: str, upcard: str, ending: str) -> None:
        self.other, self.upcard, self.ending = other, upcard, ending

    def deck(self, active: int, dealer: int) -> Deck:
        cards = (ACTIVE, self.other) if active == 0 else (self.other, ACTIVE)
        return arranged_deck(cards[1 - dealer], cards[dealer], self.upcard)

    def actions(self, active: int, dealer: int) -> list[str]:
        opening = ["take"] if active != dealer else ["pass", "take"]
        return [*opening, self.ending]


# The knocker keeps 2S (2 deadwood); the defender keeps 2H and lays nothing off: a tie, which
# is an undercut won by the defender for undercut_bonus + 0.
TIE = Deal("5S 6S 7S 8C 9C TC JD QD KD 2H", "2S", "knock KS")
# Gin with TH against [KC KD KH] [4S 5S 6S] and 18 deadwood: 25 + 18 = 43.
GIN = Deal("KC KD KH 4S 5S 6S 9D 5C 2H 2D", "TH", "gin KS")


def play_deals(rules: Rules, deals: list[tuple[Deal, int]]) -> Match:
    """A match from SEED whose deals are the arranged ones, (deal, the seat that wins it) in
    order; the deal alternates after every hand, as every one is scored."""
    dealer = first_dealer(SEED)
    plans = []
    for deal, winner in deals:
        active = winner if deal is GIN else 1 - winner  # the tie is won by the defender
        plans.append((deal, active, dealer))
        dealer = 1 - dealer
    decks = [deal.deck(active, dealer) for deal, active, dealer in plans]
    match = new_match(rules, SEED, decks)
    for number, (deal, active, dealer) in enumerate(plans):
        if number:
            match = apply(match, Action("next"))
        assert match.hand.dealer == dealer
        for text in deal.actions(active, dealer):
            match = apply(match, Action.from_text(text))
            assert cards_accounted(match.hand)
        if match.winner is not None:
            break
    return match


def totals(match: Match) -> list[dict[str, Any]]:
    final = view(match, 0)["final"]
    assert final is not None
    totals: list[dict[str, Any]] = final["totals"]
    return totals


# ----------------------------------------------------------------------------- the shutout


def test_the_issues_case_a_hand_won_for_0_points_is_no_shutout() -> None:
    """Issue 13: the loser undercuts on a tie for 0 points and a box; the winner reaches the
    target with 3 boxes and 129 points: 129 + 3 x 25 + 100 = 304, not 479."""
    rules = Rules(shutout=True, undercut_bonus=0)
    match = play_deals(rules, [(TIE, 1), (GIN, 0), (GIN, 0), (GIN, 0)])
    assert [r.kind for r in match.results] == ["undercut", "gin", "gin", "gin"]
    assert match.winner == 0 and match.points == (129, 0) and match.boxes == (3, 1)
    winner, loser = totals(match)
    assert (winner["total"], winner["shutout"]) == (304, False)
    assert loser["total"] == 25
    # Without the loser's hand the same three gins are a shutout: 129 + 150 + 200.
    shut = play_deals(rules, [(GIN, 0), (GIN, 0), (GIN, 0)])
    assert [t["total"] for t in totals(shut)] == [479, 0] and totals(shut)[0]["shutout"]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["tie", "gin"]), st.integers(0, 1)), max_size=8),
    st.sampled_from([0, 25]),
)
def test_the_shutout_applies_exactly_when_the_loser_won_no_hand(
    hands: list[tuple[str, int]], undercut_bonus: int
) -> None:
    rules = Rules(shutout=True, undercut_bonus=undercut_bonus, target=100)
    deals = [(TIE if kind == "tie" else GIN, seat) for kind, seat in hands]
    match = play_deals(rules, [*deals, (GIN, 0), (GIN, 0), (GIN, 0)])
    assert match.winner is not None
    loser = 1 - match.winner
    won_none = all(r.winner != loser for r in match.results)
    won, lost = (totals(match)[s] for s in (match.winner, loser))
    assert won["shutout"] is won_none and not lost["shutout"]
    double = 2 if won_none else 1
    assert won["total"] == won["points"] + (won["boxes"] * 25 + 100) * double
    assert lost["total"] == lost["points"] + lost["boxes"] * 25


# ----------------------------------------------------------------------------- supplied decks


def test_supplied_decks_deal_first_then_the_seed() -> None:
    decks = [GIN.deck(active=0, dealer=1), GIN.deck(active=1, dealer=0)]
    match = new_match(Rules(), SEED, decks)
    assert match.hand.deck == decks[0] and match.decks == tuple(decks)
    for text in ("take", "gin KS", "next"):
        match = apply(match, Action.from_text(text))
    assert match.hand.deck == decks[1] and match.hand.dealer == 0
    for text in ("take", "gin KS", "next"):
        match = apply(match, Action.from_text(text))
    assert match.hand.deck == shuffled_deck(SEED, 3)


def test_a_seeds_own_decks_supplied_change_nothing() -> None:
    plain = new_match(Rules(), "same")
    supplied = new_match(Rules(), "same", seed_decks("same", 3))
    for text in ("pass", "pass", "draw"):
        plain, supplied = (apply(m, Action.from_text(text)) for m in (plain, supplied))
    assert supplied.hand == plain.hand and supplied.decks != ()


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ("9H 3H", "decks must be a list of decks, not str"),
        ([7], "deck 1 must be a text of 52 cards, not 7"),
        ([["AC", 3]], "deck 1 must be a text of 52 cards"),
        (["ZZ"], "deck 1: "),
        ([format_decks([shuffled_deck("x", 1)])[0], "AC 2C"], "deck 2 has 2 cards;"),
        (
            [format_decks([shuffled_deck("x", 1)])[0].replace("7H", "7S")],
            "deck 1 has 52 cards; a deck is each of the 52 cards once (it lacks 7H; 7S twice)",
        ),
        ([format_decks([shuffled_deck("x", 1)])[0] + " AC"], "deck 1 has 53 cards;"),
        (["AC"] * (MAX_DECKS + 1), f"a match takes at most {MAX_DECKS}"),
        (["AC " * 105], "deck 1: 105 cards; a deck is each of the 52 cards once"),
    ],
)
def test_bad_decks_are_named(data: Any, fragment: str) -> None:
    with pytest.raises(DeckError) as caught:
        parse_decks(data)
    assert fragment in str(caught.value)


def test_decks_read_as_texts_or_card_lists() -> None:
    deck = shuffled_deck("x", 1)
    text = format_decks([deck])[0]
    assert parse_decks([text, text.split(), text.lower().replace(" ", ",")]) == (deck,) * 3
    with pytest.raises(DeckError, match="deck 1 has 51 cards"):
        new_match(Rules(), "x", [deck[:51]])


def test_a_save_holds_its_decks_and_replays_them() -> None:
    decks = [arranged_deck(ACTIVE, GIN.other, "TH")]
    match = apply(new_match(Rules(), SEED, decks), Action("take"))
    doc = dump(match)
    assert doc["decks"] == format_decks(decks)
    assert load(json.loads(json.dumps(doc))).match == match
    assert "decks" not in dump(new_match(Rules(), SEED))
    assert word(catalogue("en"), frames(doc)[1]["text"], "en").endswith("took the upcard 10♥")
    with pytest.raises(SaveError, match="decks: deck 1 has 51 cards"):
        load({**doc, "decks": [doc["decks"][0][:-3]]})


def test_api_new_takes_decks() -> None:
    decks = format_decks([arranged_deck(ACTIVE, GIN.other, "TH")])
    reply = json.loads(api.handle(json.dumps({"op": "new", "seed": SEED, "decks": decks})))
    assert reply["ok"]
    assert set(reply["view"]["hand"]) == set(ACTIVE.split())
    assert reply["save"]["decks"] == decks
    assert reply["view"]["supplied_decks"] == 1
    # Without a seed, the decks give it: every table given them has the same first dealer.
    tables = [json.loads(api.handle(json.dumps({"op": "new", "decks": decks}))) for _ in "ab"]
    seeds = {t["save"]["seed"] for t in tables}
    assert len(seeds) == 1 and seeds.pop().startswith("decks-")
    # The same deal, under fingerprints of their own (each match draws its salt).
    same, other = ({**t["view"], "deal": None} for t in tables)
    assert same == other
    assert tables[0]["view"]["deal"] != tables[1]["view"]["deal"]
    bad = json.loads(api.handle(json.dumps({"op": "new", "decks": ["AC"]})))
    assert not bad["ok"] and "deck 1 has 1 card;" in bad["error"]


def test_rules_refuse_unknown_choices() -> None:
    with pytest.raises(RulesError, match="dealer_after_void must be one of same, alternate"):
        Rules.from_dict({"dealer_after_void": "winner"})
    with pytest.raises(RulesError, match="knock_discard_face_up must be true or false"):
        Rules.from_dict({"knock_discard_face_up": 1})


def test_the_arenas_mirrored_tables_get_the_same_supplied_decks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    created: list[Match] = []

    def recording(rules: Rules, seed: str, decks: Any = ()) -> Match:
        created.append(new_match(rules, seed, decks))
        return created[-1]

    monkeypatch.setattr(arena, "new_match", recording)
    arena.run("beginner", "baseline", 2, "dup", Rules(target=30))
    first, mirror = created
    assert first.decks == mirror.decks == seed_decks("dup-0", arena.MIRRORED_DEALS)
    assert first.hand == mirror.hand
