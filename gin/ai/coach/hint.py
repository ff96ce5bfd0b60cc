"""The hint: what the expert would play in your seat, with a one-line reason.

The reason is a :class:`gin.i18n.Message` (sent as its JSON, ``{"key": "hint.…", "args": …}``),
worded in the player's language by the page or the command line (gin/locales/*/hint.json). The
other player is named by the name the view gives, or "your opponent" (``hint.your_opponent``)
where the view calls them "Opponent" (the coach reviewing the computer's seat).

When a knock is possible and the expert's timing lets it consider one (its first five turns, or
once the stock runs low) the hint runs the expert's own search (:mod:`gin.ai.search.worlds`) and
says which is worth more, knocking now or playing on, and why: the chance of being undercut, or the
better knock or gin that waiting is likely to bring. Wherever a knock is on offer (and no gin) the
reply also carries the search's word on it under ``"knock"``, for the page's prompt: ``{"advice":
"knock" | "play on", "action": "knock 7C [..]", "card": "7C", "deadwood": 6, "undercut": chance,
"near": chance}``: the knock the search likes best (its action, discard and deadwood), the chance
that it is undercut and the chance that the other player ends the hand at its next turn if you
play on, both from the learned read of the other hand (:mod:`gin.ai.search.otherhand`). When
the search weighed it against playing on, ``"knock_points"`` and ``"play_points"`` follow:
expected points to you, each hand's points counted for what they do to your chance of winning
the match (:func:`gin.ai.search.standing.worth`; at the start of a match much the same as the
points). In mid-hand, where the expert's timing plays on without weighing, the advice is "play
on" and the undercut chance is still the read's.

:func:`undercut_risks` gives the same chance for each declaration of the knock review.

>>> from gin.match import new_match
>>> from gin.rules import Rules
>>> from gin.view import view
>>> m = new_match(Rules(), "demo")
>>> h = hint(view(m, m.hand.to_act))
>>> h["action"] in ("take", "pass"), h["reason"]["key"].startswith("hint.")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gin.actions import Action
from gin.ai.base import View
from gin.ai.knowledge.evaluate import danger, deadwood, melds_with
from gin.ai.knowledge.tracking import Table
from gin.ai.knowledge.views import read_view
from gin.ai.players.expert import Expert
from gin.ai.search.otherhand import ends_next
from gin.ai.search.otherhand import undercut_risks as read_risks
from gin.ai.search.standing import worth
from gin.ai.search.verdict import Verdict, knock_value
from gin.ai.search.worlds import table_worlds
from gin.cards import Card, format_card, from_mask
from gin.i18n import Arg, Message, card_arg, msg, percent_arg, suit_arg
from gin.melds import Meld, best_melds
from gin.view import name_arg

NAMED_UNDERCUT = 0.25
"""An undercut chance from which the reasons name it as the reason not to knock."""


def other_name(names: object, seat: int) -> Arg:
    """How the reasons name the player in the other seat: their name (a default name such as
    "Computer" as its message, worded in the reader's language), or "your opponent"."""
    if isinstance(names, list) and len(names) == 2 and names[1 - seat] != "Opponent":
        return name_arg(str(names[1 - seat]))
    return msg("hint.your_opponent")


def hint(view: View) -> dict[str, Any]:
    """The expert's suggestion for this view: ``{"action": text, "reason": one line}``, plus
    ``"knock"`` with the search's figures when a knock was weighed."""
    table = read_view(view)
    expert = Expert()
    verdict: Verdict | None = None
    if table.phase == "discard" and len(table.legal) > 1:
        text, verdict = expert.choose(table)
    else:
        text = expert.decide(view)
    action = Action.from_text(text)
    other = other_name(view.get("names"), table.seat)
    message = reason(table, action, other)
    if (
        verdict is None
        and action.kind == "discard"
        and any(t.startswith("knock") for t in table.legal)
    ):
        assert action.card is not None
        # The knock given up is the lowest on offer, not the deadwood the discard keeps (which
        # may be above the limit: "a knock with 11" is no knock).
        left = min(deadwood(table.hand & ~(1 << c)) for c in knock_cards(table))
        message = msg("hint.play_on_mid", card=card_arg(action.card), other=other, left=left)
    if verdict is not None:
        message = weighed(table, verdict, other)
    advice: dict[str, Any] = {"action": action.text(), "reason": message.to_json()}
    if action.kind != "gin" and any(t.startswith("knock") for t in table.legal):
        advice["knock"] = knock_figures(table, verdict)
    return advice


def knock_figures(table: Table, verdict: Verdict | None) -> dict[str, Any]:
    """The search's word on the knock on offer: the expert's verdict when it weighed one, else
    (its timing plays on) the best knock by the same search, with its undercut chance, and how
    near the other player's own knock or gin is."""
    if verdict is not None:
        knock, undercut = verdict.knock, verdict.undercut
    else:
        knockable = knock_cards(table)
        mine, theirs = table.scores[table.seat], table.scores[1 - table.seat]
        value_of = worth(mine, theirs, table.rules.target)
        found = table_worlds(table)
        _, undercut, knock = knock_value(table, found, knockable, table.rules, value_of)
    assert knock.card is not None
    figures: dict[str, Any] = {
        "advice": "knock" if verdict is not None and verdict.knocks else "play on",
        "action": knock.text(),
        "card": format_card(knock.card),
        "deadwood": deadwood(table.hand & ~(1 << knock.card)),
        "undercut": round(undercut, 3),
        "near": round(ends_next(table), 3),
    }
    if verdict is not None:
        figures["knock_points"] = round(verdict.knock_value, 1)
        figures["play_points"] = round(verdict.play_value, 1)
    return figures


def knock_cards(table: Table) -> list[Card]:
    """The cards whose discard the rules let this seat knock with (the engine's legal actions
    decide: not gin, not the card just taken from the pile)."""
    cards = {Action.from_text(text).card for text in table.legal if text.startswith("knock")}
    return sorted(c for c in cards if c is not None)


def knock_risk(table: Table, action: Action) -> float | None:
    """The read's chance that the knock ``action`` is undercut (None for any other move): what
    the review weighs a knock's worth by, and what its reason names."""
    if action.kind != "knock" or action.card is None:
        return None
    rest = table.hand & ~(1 << action.card)
    return read_risks(table, rest, [action.melds or best_melds(rest)])[0]


def undercut_risks(view: View, card: Card, declarations: Sequence[Sequence[Meld]]) -> list[float]:
    """For each declaration of a knock discarding ``card``, the chance that the other player
    undercuts it (:func:`gin.ai.search.otherhand.undercut_risks`, the read the hint's verdict
    uses)."""
    table = read_view(view)
    rest = table.hand & ~(1 << card)
    return [round(r, 3) for r in read_risks(table, rest, declarations)]


def weighed(table: Table, verdict: Verdict, other: Arg) -> Message:
    """Why knocking now beats playing on, or the other way round, in one sentence."""
    knock = verdict.knock
    assert knock.card is not None
    left = deadwood(table.hand & ~(1 << knock.card))
    risk = percent_arg(verdict.undercut)
    if verdict.knocks:
        key = "hint.knock_safe" if verdict.undercut < 0.15 else "hint.knock_risky"
        return msg(key, card=card_arg(knock.card), left=left, other=other, risk=risk)
    shown = card_arg(verdict.play_on)
    if verdict.undercut >= NAMED_UNDERCUT:
        return msg("hint.play_on_undercut", card=shown, left=left, risk=risk)
    if verdict.wait_for == 0:
        return msg("hint.play_on_gin", card=shown, left=left)
    return msg("hint.play_on_wait", card=shown, wait=verdict.wait_for)


def reason(table: Table, action: Action, other: Arg) -> Message:
    """Why ``action`` is good at this table, in one sentence."""
    kind, card = action.kind, action.card
    if kind == "next":
        return msg("hint.next")
    if kind in ("take", "pass", "draw"):
        return _draw_reason(table, kind)
    assert card is not None
    left = deadwood(table.hand & ~(1 << card))
    if kind == "gin":
        return msg("hint.gin", card=card_arg(card))
    if kind == "knock":
        return msg("hint.knock", card=card_arg(card), left=left)
    return _safety(table, card, left, other)


def _draw_reason(table: Table, kind: str) -> Message:
    top = table.pile[-1] if table.pile else None
    if top is None:
        return msg("hint.draw")
    shown = card_arg(top)
    now = deadwood(table.hand)
    after = min(deadwood((table.hand | 1 << top) & ~(1 << c)) for c in from_mask(table.hand))
    if kind == "take":
        if melds_with(top, table.hand):
            return msg("hint.take_meld", card=shown, after=after)
        return msg("hint.take_lower", card=shown, now=now, after=after)
    if after >= now:
        return msg("hint.pass_no_help" if kind == "pass" else "hint.draw_no_help", card=shown)
    return msg("hint.pass_less" if kind == "pass" else "hint.draw_less", card=shown)


def _safety(table: Table, card: Card, left: int, other: Arg) -> Message:
    """Discarding ``card`` (leaving ``left`` deadwood), and what makes it a safe (or an
    acceptable) throw."""
    know = table.knowledge
    suit, rank = card // 13, card % 13
    thrown = [c for c in from_mask(know.discarded | know.declined)]
    wanted = know.took | table.opponent_known
    suit_mask = 0x1FFF << (13 * suit)
    shown = card_arg(card)
    if any(c % 13 == rank for c in thrown) and not wanted & suit_mask:
        return msg("hint.discard_let_go", card=shown, left=left, other=other)
    if any(c // 13 == suit for c in thrown) and not wanted & suit_mask:
        return msg(
            "hint.discard_no_interest", card=shown, left=left, other=other, suit=suit_arg(suit)
        )
    risk = danger(card, know.prob, know.ruled_out)
    if risk < 0.1:
        return msg("hint.discard_unlikely", card=shown, left=left, other=other)
    return msg("hint.discard_least", card=shown, left=left, other=other, risk=percent_arg(risk))
