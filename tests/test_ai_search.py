"""The expert's search: sampled worlds agree with the view, knocks are scored as the engine
scores them, and every knock decision it makes is legal and really weighed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

import pytest

from gin import game
from gin.actions import Action
from gin.ai import opponent
from gin.ai.coach.hint import hint
from gin.ai.knowledge.evaluate import defence_deadwood
from gin.ai.knowledge.tracking import Ending, Table
from gin.ai.knowledge.views import read_view
from gin.ai.players.expert import HAZARD_WEIGHT, SLACK, Expert, hazard, patient
from gin.ai.search.standing import worth
from gin.ai.search.verdict import MARGIN, OPEN_DRAWS, judge
from gin.ai.search.worlds import limit_prior, settle, worlds
from gin.cards import from_mask, parse_cards, to_mask
from gin.i18n import catalogue, word
from gin.match import Match, apply, legal_actions, new_match
from gin.melds import best_defence, best_melds, deadwood, declarations
from gin.rules import PRESETS, Rules
from gin.view import view


def knock_positions(
    seed: str, matches: int, names: tuple[str, str] = ("baseline-k2", "baseline-k6")
) -> Iterator[Match]:
    """States of matches between ``names`` (by default a baseline and a patient baseline) where
    the player to act holds eleven cards and may knock (but not go gin)."""
    players = (opponent(names[0]), opponent(names[1]))
    for number in range(matches):
        match = new_match(PRESETS["research"], f"{seed}-{number}")
        while match.winner is None:
            seat = match.hand.to_act
            if seat is None:
                match = apply(match, Action("next"))
                continue
            kinds = {a.kind for a in legal_actions(match)}
            if "knock" in kinds and "gin" not in kinds:
                yield match
            match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))


def timed_positions(seed: str, matches: int) -> Iterator[Match]:
    """Knock positions where the expert's timing allows a knock (its first five turns, or a low
    stock), so that its search decides."""
    expert = Expert()
    for match in knock_positions(seed, matches):
        seat = match.hand.to_act
        assert seat is not None
        table = read_view(view(match, seat))
        least = min(deadwood(table.hand & ~(1 << c)) for c in from_mask(table.hand))
        if least <= expert.knock_limit(table):
            yield match


def test_worlds_agree_with_the_view() -> None:
    checked = 0
    for match in islice(knock_positions("worlds", 2), 12):
        seat = match.hand.to_act
        assert seat is not None
        table = read_view(view(match, seat))
        known = match.hand.known[1 - seat]
        unseen = table.knowledge.unseen
        sampled = worlds(table, 8)
        assert sampled == worlds(table, 8)  # seeded from the view
        for world in sampled:
            assert world.other & known == known
            assert world.other.bit_count() == match.hand.hands[1 - seat].bit_count()
            assert (world.other & ~known) & ~unseen == 0
            assert to_mask(world.stock) | (world.other & ~known) == unseen
            assert len(world.stock) == match.hand.stock_count
            assert 0 <= world.limit <= 10
        checked += 1
    assert checked > 5


def test_settle_scores_as_the_engine() -> None:
    """The search's score of a knock equals the engine's, on the real hidden hand."""
    checked = 0
    for match in islice(knock_positions("settle", 3), 30):
        seat = match.hand.to_act
        assert seat is not None
        hand = match.hand.hands[seat]
        card = min(from_mask(hand), key=lambda c: deadwood(hand & ~(1 << c)))
        rest = hand & ~(1 << card)
        melds = best_melds(rest)
        done = apply(match, Action("knock", card, melds))
        result = done.hand.result
        assert result is not None and result.winner is not None
        expected = result.points if result.winner == seat else -result.points
        other = match.hand.hands[1 - seat]
        assert settle(rest, melds, other, PRESETS["research"]) == expected
        checked += 1
    assert checked > 10


def test_defence_deadwood_agrees_with_the_engine() -> None:
    """The search's quick defence leaves what the engine's best defence leaves, on hands dealt
    from the low half of the deck, where melds, chains and layoffs abound."""
    rng = random.Random(5)
    low = [s * 13 + r for s in range(4) for r in range(9)]
    laid = checked = 0
    for _ in range(3000):
        cards = rng.sample(low, 20)
        knocker, defender = to_mask(cards[:10]), to_mask(cards[10:])
        for melds in declarations(knocker, 10)[:4]:
            defence = best_defence(defender, melds)
            assert defence_deadwood(defender, melds) == defence.deadwood
            laid += bool(defence.layoffs)
            checked += 1
    assert checked > 20 and laid > 10


def test_expert_weighs_each_knock_and_plays_legally() -> None:
    """At knock positions the expert's answer is legal; where its timing allows a knock the
    search decides (by a margin from its fifth draw on), and it both knocks and plays on (the
    choice depends on the position)."""
    expert = Expert()
    chosen = set()
    weighed = 0
    for match in [*islice(knock_positions("weigh", 1), 6), *timed_positions("weigh", 8)]:
        seat = match.hand.to_act
        assert seat is not None
        table = read_view(view(match, seat))
        text, verdict = expert.choose(table)
        action = Action.from_text(text)
        offered = {(a.kind, a.card) for a in legal_actions(match)}
        assert (action.kind, action.card) in offered, text
        apply(match, action)
        if verdict is None:
            assert action.kind == "discard"
            continue
        weighed += 1
        assert (action.kind == "knock") == verdict.knocks
        assert verdict.margin == (0 if table.knowledge.draws <= OPEN_DRAWS else MARGIN)
        chosen.add(action.kind)
    assert weighed > 5 and chosen == {"knock", "discard"}


def test_hint_weighs_knocking_against_playing_on() -> None:
    """Where the timing allows a knock the hint gives the search's figures and follows them;
    in mid-hand it says why it plays on, and still gives the best knock's undercut risk."""
    said = set()
    for match in [*islice(knock_positions("hint", 1), 4), *timed_positions("hint", 8)]:
        seat = match.hand.to_act
        assert seat is not None
        seen = view(match, seat, ["You", "Computer"])
        advice = hint(seen)
        reason = word(catalogue("en"), advice["reason"], "en")
        assert reason.endswith(".") and len(reason) < 160
        figures = advice["knock"]
        assert 0 <= figures["undercut"] <= 1
        offered = {a["action"].split(" [")[0] for a in seen["legal_actions"]}
        assert f"knock {figures['card']}" in offered
        if "knock_points" not in figures:
            assert figures["advice"] == "play on" and advice["action"].startswith("discard")
            assert advice["reason"]["key"] == "hint.play_on_mid"
            said.add("mid-hand")
            continue
        assert figures["advice"] in ("knock", "play on")
        assert advice["action"].startswith("knock" if figures["advice"] == "knock" else "discard")
        opening = "Knock now" if figures["advice"] == "knock" else "Play on"
        assert reason.startswith(opening)
        said.add(figures["advice"])
    assert said == {"knock", "play on", "mid-hand"}


MID_HAND_PLAY_ON = (
    "pass,pass,draw,discard JS,take,discard 8C,draw,discard QD,draw,discard 9D,draw,discard JC,"
    "take,discard 7H,draw,discard 9H,draw,discard 7D,draw,discard TH,draw,discard QS,draw,"
    "discard KH,draw,discard KS,draw,discard 9C,draw,discard 6D,draw,discard 8D,draw"
)
"""A beginner against the expert (seed ``scan-7``) to the expert's eleven cards 2♣ 3♣ J♣ 3♦ 4♦
J♦ 3♥ J♥ 4♠ 5♠ J♠, where it may knock with 10 and plays on throwing 4♦, which keeps 11."""


def test_the_mid_hand_reason_names_a_knock_the_rules_allow() -> None:
    """The knock that playing on gives up is the lowest on offer, not the deadwood the discard
    keeps: "worth more than a knock with 11" named a knock the rules forbid."""
    match = new_match(Rules(), "scan-7")
    for text in MID_HAND_PLAY_ON.split(","):
        match = apply(match, Action.from_text(text))
    seat = match.hand.to_act
    assert seat is not None
    advice = hint(view(match, seat))
    assert advice["action"] == "discard 4D"
    assert advice["reason"]["key"] == "hint.play_on_mid"
    assert advice["reason"]["args"]["left"] == 10 == advice["knock"]["deadwood"]


LATE_THROW = (
    "take,discard JH,draw,discard JC,draw,discard QS,draw,discard QD,draw,discard KH,draw,"
    "discard TC,draw,discard QH,draw,discard TH,draw,discard KS,draw,discard 7S,draw,"
    "discard TS,draw,discard 5S,draw,discard KD,draw,discard 6D,draw,discard 4S,take,"
    "discard 6H,draw,discard 5D,draw,discard 9D,draw,discard QC,draw,discard 7H,draw,"
    "discard KC,draw,discard 6S,draw,discard 7D,draw,discard 4S,draw,discard 9S,draw,"
    "discard 5H,draw,discard TD,draw,discard 4D,draw"
)
"""The hint followed against the safe gin racer (seed ``late-cal-safe-gin-racer-0``, standard
rules) to a throw with 4 cards in the stock: A♣ 4♣ 5♣ 6♣ 7♣ 8♣ 8♦ 2♥ 3♥ 8♥ 8♠. Throwing 3♥
keeps the least deadwood (3), but the expert waits for gin this late, and 3♥ is the card the
racer's hand (2♣ 3♣ A♦ 2♦ 3♦ A♥ 4♥ A♠ 2♠ 3♠) goes gin with; 7♣ keeps 6 and feeds nothing. The
deep reference (400 worlds played out by full players) puts 7♣ 57 points above 3♥."""


def test_late_and_waiting_for_gin_the_expert_may_keep_more_deadwood_for_a_safe_throw() -> None:
    """Once the stock runs low and only gin ends the hand for it, the expert weighs every throw
    (deadwood, prospects and danger), not only those within :data:`SLACK` of the least
    deadwood."""
    match = new_match(Rules(), "late-cal-safe-gin-racer-0")
    for text in LATE_THROW.split(","):
        match = apply(match, Action.from_text(text))
    seen = view(match, 0)
    table = read_view(seen)
    assert table.stock == 4 and not patient(table)
    assert deadwood(table.hand & ~to_mask(parse_cards("3H"))) == 3
    assert opponent("expert").decide(seen) == hint(seen)["action"] == "discard 7C"


def test_earlier_hands_set_the_odds_of_each_knock_limit() -> None:
    """A hand kept with 4 deadwood without knocking rules out limits of 4 and more; a knock with
    8 in mid-hand rules out limits below 8; a late knock, or a hand shown before any draw, says
    nothing."""
    table = read_view(view(new_match(PRESETS["research"], "odds"), 0))
    assert table.other_ends == ()

    def odds(*ends: Ending) -> list[float]:
        return limit_prior(replace(table, other_ends=ends))

    assert odds() == [1 / 11] * 11
    kept = odds(Ending("shown", 4, 20))
    assert max(kept[4:]) * 10 < min(kept[:4])
    knocked = odds(Ending("knock", 8, 20))
    assert max(knocked[:8]) * 10 < min(knocked[8:])
    assert odds(Ending("knock", 8, 5)) == odds(Ending("shown", 4, 31)) == odds()
    patient = odds(Ending("gin", 0, 12), Ending("shown", 6, 14))
    assert sum(patient[:3]) > 0.5 > sum(odds()[:3])


def test_late_worlds_against_a_player_that_knocks_at_once_stay_loose(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Late in a hand against the beginner, which knocks as soon as it may and has shown it in
    an earlier hand, its hand is loose (it has not knocked). The read's improving draws make its
    candidates gin or nearly, which contradicts that; drawn again with fewer (FITS), the worlds'
    share undercutting a knock comes nearer what the true hands do."""
    late: list[tuple[Table, int]] = []
    for match in knock_positions("late", 12, ("beginner", "beginner")):
        seat = match.hand.to_act
        assert seat is not None
        table = read_view(view(match, seat))
        if table.other_ends and table.knowledge.opponent_draws >= 6:
            late.append((table, match.hand.hands[1 - seat]))
    assert len(late) >= 40

    def shares() -> tuple[float, float]:
        """The worlds' mean share undercutting the least-deadwood knock, and the true one."""
        said = true = 0.0
        for table, other in late:
            card = min(from_mask(table.hand), key=lambda c: deadwood(table.hand & ~(1 << c)))
            rest = table.hand & ~(1 << card)
            melds = best_melds(rest)
            found = worlds(table)
            said += sum(settle(rest, melds, w.other, table.rules) < 0 for w in found) / len(found)
            true += settle(rest, melds, other, table.rules) < 0
        return said / len(late), true / len(late)

    said, true = shares()
    monkeypatch.setattr("gin.ai.search.worlds.FITS", 0.0)
    said_before, _ = shares()
    assert true < said < said_before - 0.05


def test_the_score_sheet_shows_the_other_hand() -> None:
    """After a hand this seat knocked, its reader sees the other hand's deadwood before layoffs
    and the stock left; after the other's knock, what it knocked with."""
    match = new_match(PRESETS["research"], "shown")
    players = (opponent("baseline"), opponent("baseline"))
    while not match.results:
        seat = match.hand.to_act
        assert seat is not None
        match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))
    result = match.results[0]
    assert result.knocker is not None
    mine, theirs = (
        read_view(view(match, s)).other_ends for s in (result.knocker, 1 - result.knocker)
    )
    stock = match.hand.stock_count
    assert mine == (Ending("shown", result.defender_deadwood_before, stock),)
    kind = "gin" if result.kind == "gin" else "knock"
    assert theirs == (Ending(kind, result.knocker_deadwood, stock),)


def mid_hand(seed: str) -> Table:
    """A discard of a gin-only baseline after its sixth draw, with more than 8 stock cards."""
    match = new_match(PRESETS["research"], seed)
    players = (opponent("baseline-k0"), opponent("baseline-k0"))
    while True:
        seat = match.hand.to_act
        if seat is None:
            match = apply(match, Action("next"))
            continue
        table = read_view(view(match, seat))
        if table.phase == "discard" and table.knowledge.draws > 6 and table.stock > 8:
            return table
        match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))


def test_the_expert_races_to_gin_unless_the_other_player_is_eager() -> None:
    """In mid-hand the expert's sampled futures race to gin, but to the rules' limit once the
    earlier hands show a player that knocks with 9."""
    expert = Expert()
    table = mid_hand("race")
    assert expert.race_to(table) == 0
    eager = replace(table, other_ends=(Ending("knock", 9, 20),))
    assert expert.race_to(eager) == table.knock_limit == 10
    patient = replace(table, other_ends=(Ending("gin", 0, 20), Ending("shown", 5, 12)))
    assert expert.race_to(patient) == 0


def test_an_eager_players_near_knock_turns_the_expert_to_low_deadwood() -> None:
    """Against a player the earlier hands show eager, the weight on the next draw shrinks with
    the chance of its knock at its next turn, a chance that grows through the hand; against
    anyone else the weight is the tactician's."""
    expert = Expert()
    early: list[float] = []
    late: list[float] = []
    for number in range(3):
        match = new_match(PRESETS["research"], f"hazard-{number}")
        players = (opponent("baseline"), opponent("baseline"))
        while match.winner is None and match.hand_number == 1:
            seat = match.hand.to_act
            if seat is None:
                break
            table = read_view(view(match, seat))
            if table.phase == "discard":
                plain = expert.potential(table)
                assert plain == super(Expert, expert).potential(table) > 0
                eager = replace(table, other_ends=(Ending("knock", 9, 20),))
                chance = hazard(eager)
                assert 0 <= chance <= 1
                assert expert.potential(eager) == plain * max(0.0, 1 - HAZARD_WEIGHT * chance)
                draws = table.knowledge.opponent_draws
                (early if draws <= 2 else late if draws >= 6 else []).append(chance)
            match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))
    assert early and late
    assert sum(late) / len(late) > sum(early) / len(early) + 0.05


def test_once_the_stock_runs_low_the_expert_knocks_only_against_an_eager_player() -> None:
    """With 8 stock cards or fewer the expert ends a hand only with gin unless the earlier hands
    show an eager player: not in a match's first hand (nothing shown yet), not against a player
    shown patient, not against one shown to knock with 4 to 7; in mid-hand its limit is gin anyway,
    and in its first turns the rules' limit."""
    expert = Expert()
    opening = read_view(view(new_match(PRESETS["research"], "late"), 0))
    table = mid_hand("late")
    shown = {
        "unknown": (),
        "patient": (Ending("gin", 0, 12), Ending("shown", 6, 14)),
        "middling": (Ending("knock", 4, 20), Ending("shown", 8, 14)),
        "eager": (Ending("knock", 9, 20),),
    }
    late = {
        name: expert.knock_limit(replace(table, stock=8, other_ends=ends))
        for name, ends in shown.items()
    }
    assert late == {"unknown": 0, "patient": 0, "middling": 0, "eager": table.knock_limit}
    assert expert.knock_limit(replace(table, stock=9, other_ends=shown["eager"])) == 0
    assert expert.knock_limit(opening) == opening.knock_limit == 10


SETS = "7C JC KC 3D 4D JD 3H JH KH KS", "AC AD AS 2D 3S 4S 5S 6S 9H TH"
"""A hand holding jacks and kings in sets (and 3-4 of diamonds), and the other player's."""
LOOSE = "AC AH AS 2S 4H 5S TS JH QC KS", "8S TD 4C JD KH 9H AD 8H 3H 4D"
"""A hand of aces and loose cards (51 deadwood), and the other player's."""


@pytest.mark.parametrize(
    ("hands", "upcard", "expert", "tactician"),
    [
        # QC would join JC and KC, but they are better in their sets: taking it raises the
        # deadwood from 17 to 20. 5D extends 3D 4D.
        (SETS, "QC", "pass", "take"),
        (SETS, "5D", "take", "take"),
        # JC joins no meld; kept in place of another ten-point card, it leaves the deadwood at 51
        # for the promise of a pair of jacks and J-Q of clubs. 3C in place of KS leaves 44.
        (LOOSE, "JC", "pass", "take"),
        (LOOSE, "3C", "take", "take"),
    ],
)
def test_the_expert_takes_an_upcard_only_when_it_lowers_the_deadwood(
    hands: tuple[str, str], upcard: str, expert: str, tactician: str
) -> None:
    """The tactician takes a card that melds with two of its cards, or one whose promise beats a
    stock draw; the expert only when keeping it (and throwing another) lowers its deadwood."""
    held, other = hands
    deck = game.arranged_deck(held, other, upcard)
    match = replace(
        new_match(PRESETS["research"], "upcard"),
        hand=game.deal(PRESETS["research"], deck, dealer=1),
    )
    seen = view(match, 0)
    assert (opponent("expert").decide(seen), opponent("tactician").decide(seen)) == (
        expert,
        tactician,
    )


def test_unless_the_other_player_is_patient_the_expert_throws_near_the_least_deadwood() -> None:
    """Before the earlier hands show anything, and against a player they show eager, every throw
    keeps at most :data:`SLACK` deadwood more than the least; against a player they show patient
    the tactician's weighing may keep more for a hand's promise (it does in some of these
    positions, so the rule is seen to act)."""
    expert = Expert()
    checked = building = 0
    for number in range(4):
        match = new_match(PRESETS["research"], f"slack-{number}")
        players = (opponent("baseline"), opponent("baseline"))
        while match.winner is None and match.hand_number <= 2:
            seat = match.hand.to_act
            if seat is None:
                match = apply(match, Action("next"))
                continue
            table = read_view(view(match, seat))
            if table.phase == "discard":
                options = [c for c in from_mask(table.hand) if c != table.taken]
                kept = {c: deadwood(table.hand & ~(1 << c)) for c in options}
                least = min(kept.values())
                unknown = replace(table, other_ends=())
                eager = replace(table, other_ends=(Ending("knock", 9, 20),))
                patient = replace(table, other_ends=(Ending("gin", 0, 12), Ending("shown", 3, 14)))
                building += kept[expert.best_discard(patient, options)] > least + SLACK
                assert kept[expert.best_discard(unknown, options)] <= least + SLACK
                assert kept[expert.best_discard(eager, options)] <= least + SLACK
                checked += 1
            match = apply(match, Action.from_text(players[seat].decide(view(match, seat))))
    assert checked > 50 and building > 0


def test_when_the_hand_decides_the_match_a_knock_counts_by_its_odds_not_its_points() -> None:
    """At 99 to 99 every winning knock is worth the same and every undercut costs the same, so
    the search's value of a knock is that worth times the share of worlds it wins less the share
    it loses; and the score turns some decisions that the points alone would take the other
    way."""
    turned = 0
    for match in timed_positions("standing", 6):
        seat = match.hand.to_act
        assert seat is not None
        table = read_view(view(match, seat))
        options = [c for c in from_mask(table.hand) if c != table.taken]
        knockable = [c for c in options if deadwood(table.hand & ~(1 << c)) <= table.knock_limit]
        card = Expert().best_discard(table, options)
        even = judge(replace(table, scores=(0, 0)), knockable, card)
        close = judge(replace(table, scores=(99, 99)), knockable, card)
        win = worth(99, 99, table.rules.target)(1)
        assert win == worth(99, 99, table.rules.target)(40) > 0
        assert close.knock_value == pytest.approx(win * (1 - 2 * close.undercut))
        turned += close.knocks != even.knocks
    assert turned > 0
