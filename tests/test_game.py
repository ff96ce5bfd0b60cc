"""One hand: the action notation, every phase, scoring, illegal actions, random play."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin.actions import Action, ActionError
from gin.cards import format_card, format_cards, from_mask, mask_from_text, parse_card
from gin.game import (
    Hand,
    IllegalAction,
    Phase,
    apply,
    arranged_deck,
    cards_accounted,
    deal,
    face_down_discard,
    knock_score,
    legal_actions,
)
from gin.melds import discard_options
from gin.rules import Rules

KNOCKER = "AC 2C 3C 4D 5D 6D 8S 9S TS 7H"  # 7 deadwood once the drawn card goes


def hand_of(first: str, second: str, up: str, stock: str = "", rules: Rules | None = None) -> Hand:
    """A hand dealt by seat 1: seat 0 (the non-dealer) gets ``first``."""
    return deal(rules or Rules(), arranged_deck(first, second, up, stock), dealer=1)


def play(hand: Hand, *texts: str) -> Hand:
    for text in texts:
        hand = apply(hand, Action.from_text(text))
    return hand


def cards(mask: int) -> str:
    return format_cards(from_mask(mask))


# ----------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pass", "pass"),
        ("TAKE", "take"),
        (" draw ", "draw"),
        ("discard 10h", "discard TH"),
        ("gin 7H", "gin 7H"),
        ("big  gin", "big gin"),
        ("Big Gin", "big gin"),
        ("next", "next"),
        ("knock 7H", "knock 7H"),
        ("knock 7h [3H 4H 5H] [7c 7d 7s]", "knock 7H [7C 7D 7S] [3H 4H 5H]"),
        ("knock 7H [5H 4H 3H]", "knock 7H [3H 4H 5H]"),
        ("knock KS[AC 2C 3C][4D 5D 6D]", "knock KS [AC 2C 3C] [4D 5D 6D]"),
    ],
)
def test_action_text_round_trip(text: str, canonical: str) -> None:
    action = Action.from_text(text)
    assert action.text() == canonical
    assert Action.from_text(canonical) == action


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty action"),
        ("jump", "unknown action 'jump'"),
        ("discard", "needs one card"),
        ("discard 7H 8H", "takes one card"),
        ("discard 1X", "'1X' is not a card"),
        ("pass 7H", "takes nothing after it"),
        ("knock 7H 3H 4H 5H", "put each meld in brackets"),
        ("knock 7H [3H 4H", "missing its ']'"),
        ("knock 7H [3H [4H]", "a '[' inside a meld"),
        ("knock 7H []", "without a meld"),
        ("knock 7H [7H 8H 9H]", "appears twice"),
        ("gin", "needs one card"),
        ("big", "unknown action"),
    ],
)
def test_bad_action_text(text: str, fragment: str) -> None:
    with pytest.raises(ActionError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        Action.from_text(text)


@given(st.sampled_from(range(52)), st.sampled_from(["discard", "gin", "knock"]))
def test_card_actions_round_trip(card: int, kind: str) -> None:
    action = Action(kind, card)
    assert Action.from_text(action.text()) == action
    assert action.text() == f"{kind} {format_card(card)}"


# ----------------------------------------------------------------------------- opening


def test_deal_gives_ten_each_and_an_upcard() -> None:
    hand = hand_of(KNOCKER, "JD QD KD 9C 9D 9H 2H 5S 6C 6H", "KH", "QC")
    assert cards(hand.hands[0]) == "AC 2C 3C 4D 5D 6D 7H 8S 9S TS"
    assert [format_card(c) for c in hand.discards] == ["KH"]
    assert hand.stock_count == 31 and hand.phase is Phase.OPENING and hand.to_act == 0
    assert cards_accounted(hand)


def test_opening_take_then_discard_passes_the_turn() -> None:
    hand = play(hand_of(KNOCKER, "JD QD KD 9C 9D 9H 2H 5S 6C 6H", "KH"), "take")
    assert hand.phase is Phase.DISCARD and hand.to_act == 0
    assert {a.text() for a in legal_actions(hand)} >= {"discard 7H", "discard AC"}
    assert "discard KH" not in {a.text() for a in legal_actions(hand)}
    hand = play(hand, "discard 7H")
    assert hand.phase is Phase.DRAW and hand.to_act == 1
    assert [format_card(c) for c in hand.discards] == ["7H"]


def test_opening_passes_then_dealer_takes() -> None:
    hand = play(hand_of(KNOCKER, "JD QD KD 9C 9D 9H 2H 5S 6C 6H", "KH"), "pass")
    assert hand.phase is Phase.OPENING and hand.to_act == 1
    hand = play(hand, "take", "discard 2H")
    assert hand.phase is Phase.DRAW and hand.to_act == 0


def test_both_pass_then_non_dealer_must_draw() -> None:
    hand = play(hand_of(KNOCKER, "JD QD KD 9C 9D 9H 2H 5S 6C 6H", "KH", "QC"), "pass", "pass")
    assert hand.phase is Phase.OPENING and hand.to_act == 0
    assert [a.text() for a in legal_actions(hand)] == ["draw"]
    with pytest.raises(IllegalAction, match="Both players passed on the upcard K♥"):
        play(hand, "take")
    hand = play(hand, "draw")
    assert hand.drawn == parse_card("QC") and hand.stock_count == 30


@pytest.mark.parametrize(
    ("moves", "action", "message"),
    [
        ((), "draw", "First take the upcard K♥ or pass."),
        ((), "discard 7H", "First take the upcard K♥ or pass."),
        (("take",), "discard KH", "You took K♥ from the discard pile this turn; discard a"),
        (("take",), "discard QS", "You do not hold Q♠."),
        (("take",), "draw", "You have drawn this turn"),
        (("take", "discard 7H"), "discard 2H", "Draw first: take 7♥ from the discard pile"),
        (("take", "discard 7H"), "pass", "There is no upcard to pass on now"),
        (("take", "discard 7H"), "big gin", "Draw first"),
        (("take",), "big gin", "Big gin is not played under these rules"),
        (("take",), "knock KH", "You took K♥ from the discard pile this turn"),
        (("take",), "gin 7H", "You cannot go gin discarding 7♥: the cards left have 10"),
        (("take",), "knock TS", "the cards left have 34 deadwood at best, and the knock limit"),
    ],
)
def test_illegal_actions_explain_themselves(
    moves: tuple[str, ...], action: str, message: str
) -> None:
    hand = play(hand_of(KNOCKER, "JD QD KD 9C 9D 9H 2H 5S 6C 6H", "KH"), *moves)
    with pytest.raises(IllegalAction, match=message.replace("(", r"\(")):
        play(hand, action)


def test_apply_never_mutates() -> None:
    hand = hand_of(KNOCKER, "JD QD KD 9C 9D 9H 2H 5S 6C 6H", "KH")
    before = dataclasses.astuple(hand)
    play(hand, "take", "discard 7H", "draw")
    assert dataclasses.astuple(hand) == before


# ----------------------------------------------------------------------------- knocks


def knock_hand(defender: str, stock: str = "KC", rules: Rules | None = None) -> Hand:
    """Seat 0 holds KNOCKER, both pass, seat 0 draws the stock's top card."""
    return play(hand_of(KNOCKER, defender, "QH", stock, rules), "pass", "pass", "draw")


def test_the_knock_discard_face_up_goes_on_the_pile() -> None:
    defender = "JD QD KD 9C 9D 9H 2H 5S 6C 6H"
    down = play(knock_hand(defender), "knock KC")
    up = play(knock_hand(defender, rules=Rules(knock_discard_face_up=True)), "knock KC")
    assert format_cards(down.discards) == "QH" and format_cards(up.discards) == "QH KC"
    assert up.result == down.result and up.hands == down.hands
    assert cards_accounted(up) and cards_accounted(down)
    assert face_down_discard(down) == parse_card("KC") and face_down_discard(up) is None


def test_knock_7_against_19_scores_12() -> None:
    hand = play(knock_hand("JD QD KD 9C 9D 9H 2H 5S 6C 6H"), "knock KC")
    result = hand.result
    assert result is not None and hand.phase is Phase.HAND_OVER
    assert (result.kind, result.winner, result.points) == ("knock", 0, 12)
    assert result.knocker_deadwood == 7 and result.defender_deadwood == 19
    assert hand.history[-1].action.text() == "knock KC [AC 2C 3C] [4D 5D 6D] [8S 9S TS]"
    assert cards_accounted(hand)


def test_layoffs_are_made_for_the_defender() -> None:
    hand = play(knock_hand("JD QD KD 9C 9D 9H 2H 6H 4C 7S"), "knock KC")
    result = hand.result
    assert result is not None
    assert (result.defender_deadwood_before, result.defender_deadwood) == (19, 8)
    laid = {format_card(lay.card): result.knocker_melds[lay.meld] for lay in result.layoffs}
    assert laid == {"4C": mask_from_text("AC 2C 3C"), "7S": mask_from_text("8S 9S TS")}
    assert (result.kind, result.points) == ("knock", 1)


def test_chain_layoff_onto_a_run() -> None:
    knocker = "4S 5S 6S JC JD JH 2D 2H 2C AD"
    hand = play(
        hand_of(knocker, "7S 8S KH KD QC 5D 9H 3H TC 4H", "QS", "KC"),
        "pass",
        "pass",
        "draw",
        "knock KC",
    )
    result = hand.result
    assert result is not None
    assert [format_card(lay.card) for lay in result.layoffs] == ["7S", "8S"]


def test_undercut_8_against_3_gives_the_defender_30() -> None:
    knocker = KNOCKER.replace("7H", "8H")
    hand = play(
        hand_of(knocker, "JD QD KD 9C 9D 9H 5H 6H 7H 3H", "QH", "KC"),
        "pass",
        "pass",
        "draw",
        "knock KC",
    )
    result = hand.result
    assert result is not None
    assert (result.kind, result.winner, result.points) == ("undercut", 1, 30)


@pytest.mark.parametrize(
    ("rules", "kind", "winner", "points"),
    [(Rules(), "undercut", 1, 25), (Rules(undercut_on_tie=False), "knock", None, 0)],
)
def test_a_tie(rules: Rules, kind: str, winner: int | None, points: int) -> None:
    knocker = KNOCKER.replace("7H", "8H")
    hand = play(
        hand_of(knocker, "JD QD KD 9C 9D 9H 5H 6H 7H 8C", "QH", "KC", rules),
        "pass",
        "pass",
        "draw",
        "knock KC",
    )
    result = hand.result
    assert result is not None
    assert (result.kind, result.winner, result.points) == (kind, winner, points)


def test_gin_against_18_scores_43_without_layoffs() -> None:
    hand = play(knock_hand("JD QD KD 9C 9D 9H 2H 4H 6H 6C", "JS"), "gin 7H")
    result = hand.result
    assert result is not None
    assert (result.kind, result.winner, result.points) == ("gin", 0, 43)
    assert result.layoffs == () and result.defender_deadwood == 18


def test_gin_offered_instead_of_knock_and_knock_at_zero_is_gin() -> None:
    hand = knock_hand("JD QD KD 9C 9D 9H 2H 4H 6H 6C", "JS")
    texts = [a.text() for a in legal_actions(hand)]
    assert texts[0] == "gin 7H" and not any(t.startswith("knock 7H") for t in texts)
    assert play(hand, "knock 7H").history[-1].action.text() == "gin 7H"


def test_knock_declarations_are_checked() -> None:
    hand = knock_hand("JD QD KD 9C 9D 9H 2H 5S 6C 6H")
    with pytest.raises(IllegalAction, match="leaves 22 deadwood; the knock limit is 10"):
        play(hand, "knock KC [AC 2C 3C] [8S 9S TS]")
    with pytest.raises(IllegalAction, match=r"\[A♣ 2♣ 3♣ 4♦\] is not a meld"):
        play(hand, "knock KC [AC 2C 3C 4D] [5D 6D 7H]")
    with pytest.raises(IllegalAction, match="you do not hold J♦"):
        play(hand, "knock 7H [JD QD KD]")
    with pytest.raises(IllegalAction, match="You do not hold 9♥"):
        play(hand, "knock 9H")


def test_knock_declaring_fewer_melds_within_the_limit() -> None:
    hand = play(
        hand_of("AC 2C 3C 4C 5D 6D 7D 8S 9S TS", "JD QD KD 9C 9D 9H 2H 5S 6C 6H", "QH", "KC"),
        "pass",
        "pass",
        "draw",
    )
    hand = play(hand, "knock KC [AC 2C 3C] [5D 6D 7D] [8S 9S TS]")  # 4C as deadwood
    result = hand.result
    assert result is not None and result.knocker_deadwood == 4
    assert [format_card(lay.card) for lay in result.layoffs] == []


# ----------------------------------------------------------------------------- variants


def test_big_gin() -> None:
    rules = Rules(big_gin=True)
    hand = play(
        hand_of(
            "AC 2C 3C 4D 5D 6D 8S 9S TS JS", "JD QD KD 9C 9D 9H 2H 4H 6H 6C", "QH", "7D", rules
        ),
        "pass",
        "pass",
        "draw",
    )
    assert legal_actions(hand)[0].text() == "big gin"
    result = play(hand, "big gin").result
    assert result is not None
    assert (result.kind, result.points, result.discard) == ("big_gin", 31 + 18, None)


@pytest.mark.parametrize(
    ("upcard", "limit", "multiplier"), [("7H", 7, 1), ("KD", 10, 1), ("AC", 0, 1), ("3S", 3, 2)]
)
def test_oklahoma_knock_limit(upcard: str, limit: int, multiplier: int) -> None:
    rules = Rules(oklahoma=True, oklahoma_spades_double=True)
    hand = hand_of(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD", upcard, "", rules
    )
    assert (hand.knock_limit, hand.multiplier) == (limit, multiplier)
    capped = hand_of(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        upcard,
        "",
        Rules(oklahoma=True, knock_limit=5),
    )
    assert capped.knock_limit == min(limit, 5) and capped.multiplier == 1


def test_oklahoma_ace_means_gin_only_and_spades_double() -> None:
    rules = Rules(oklahoma=True, oklahoma_spades_double=True)
    hand = play(
        hand_of(KNOCKER, "JD QD KD 9C 9D 9H 2H 5S 6C 6H", "AS", "KC", rules),
        "pass",
        "pass",
        "draw",
    )
    assert not any(a.kind == "knock" for a in legal_actions(hand))
    with pytest.raises(IllegalAction, match="Only gin may end this hand"):
        play(hand, "knock KC")
    hand = play(
        hand_of(KNOCKER, "JD QD KD 9C 9D 9H 2H 4H 6H 6C", "7S", "JS", rules),
        "pass",
        "pass",
        "draw",
        "gin 7H",
    )
    assert hand.result is not None and hand.result.points == 86


@pytest.mark.parametrize(
    ("knocker", "defender", "rules", "expected"),
    [
        (7, 19, Rules(), ("knock", 12, True)),
        (8, 3, Rules(), ("undercut", 30, False)),
        (10, 10, Rules(), ("undercut", 25, False)),
        (10, 10, Rules(undercut_on_tie=False), ("knock", 0, None)),
        (4, 2, Rules(undercut_bonus=10), ("undercut", 12, False)),
        (0, 0, Rules(), ("undercut", 25, False)),
    ],
)
def test_knock_score_table(
    knocker: int, defender: int, rules: Rules, expected: tuple[str, int, bool | None]
) -> None:
    assert knock_score(knocker, defender, rules) == expected


# ----------------------------------------------------------------------------- void


def test_void_when_two_stock_cards_remain() -> None:
    hand = hand_of("AC 3C 5C 7C 9C JC KC 2D 6D TD", "AH 3H 5H 7H 9H JH KH 2S 6S TS", "QD")
    hand = play(hand, "pass", "pass")
    while hand.phase is not Phase.HAND_OVER:
        hand = play(hand, "draw")
        drawn = hand.drawn
        assert drawn is not None
        hand = apply(hand, Action("discard", drawn))
    assert hand.result is not None and hand.result.kind == "void"
    assert hand.stock_count == 2 and hand.result.winner is None


# ----------------------------------------------------------------------------- random play


def random_hand(rng: random.Random, rules: Rules) -> Hand:
    deck = list(range(52))
    rng.shuffle(deck)
    return deal(rules, tuple(deck), rng.randrange(2))


def play_out(hand: Hand, rng: random.Random) -> list[Hand]:
    seen = [hand]
    while hand.phase is not Phase.HAND_OVER:
        actions = legal_actions(hand)
        assert actions
        endings = [a for a in actions if a.kind in ("knock", "gin", "big gin")]
        if endings and rng.random() < 0.8:
            action = rng.choice(endings)
        elif hand.phase is Phase.DISCARD:
            discards = [a for a in actions if a.kind == "discard"]
            seat = hand.hands[hand.to_act or 0]
            best = [c for c, _ in discard_options(seat) if c != hand.taken][0]
            action = Action("discard", best) if rng.random() < 0.8 else rng.choice(discards)
        else:
            action = actions[0] if rng.random() < 0.6 else rng.choice(actions)
        hand = apply(hand, action)
        seen.append(hand)
    return seen


def check_invariants(hand: Hand) -> None:
    assert cards_accounted(hand)
    sizes = sorted(h.bit_count() for h in hand.hands)
    if hand.phase is Phase.DISCARD:
        assert hand.hands[hand.to_act or 0].bit_count() == 11
    elif hand.phase is not Phase.HAND_OVER:
        assert sizes == [10, 10]
    if hand.taken is not None:
        assert hand.hands[hand.to_act or 0] >> hand.taken & 1
    for seat in (0, 1):
        assert hand.known[seat] & ~hand.hands[seat] == 0
    result = hand.result
    if result is not None and result.kind != "void":
        assert result.knocker is not None and result.knocker_deadwood <= hand.knock_limit
        assert result.defender_deadwood <= result.defender_deadwood_before


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.booleans(), st.booleans())
def test_52_cards_conserved_through_random_play(
    seed: int, big: bool, oklahoma: bool, face_up: bool
) -> None:
    rng = random.Random(seed)
    rules = Rules(
        big_gin=big,
        oklahoma=oklahoma,
        oklahoma_spades_double=oklahoma,
        knock_discard_face_up=face_up,
    )
    for hand in play_out(random_hand(rng, rules), rng):
        check_invariants(hand)


def test_thousands_of_random_hands() -> None:
    rng = random.Random(2026)
    kinds: dict[str, int] = {}
    for number in range(2000):
        rules = Rules(big_gin=number % 5 == 0, oklahoma=number % 7 == 0)
        final = play_out(random_hand(rng, rules), rng)[-1]
        check_invariants(final)
        assert final.result is not None
        kinds[final.result.kind] = kinds.get(final.result.kind, 0) + 1
        assert legal_actions(final) == []
    assert set(kinds) >= {"knock", "gin", "undercut", "void"}
