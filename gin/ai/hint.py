"""The hint: what the expert would play in your seat, with a one-line reason.

When a knock is possible and the expert's timing lets it consider one (its first five turns, or
once the stock runs low) the hint runs the expert's own search (:mod:`gin.ai.search`) and says
which is worth more, knocking now or playing on, and why: the chance of being undercut, or the
better knock or gin that waiting is likely to bring. Wherever a knock is on offer (and no gin) the
reply also carries the search's word on it under ``"knock"``, for the page's prompt: ``{"advice":
"knock" | "play on", "action": "knock 7C [..]", "card": "7C", "deadwood": 6, "undercut": share}``,
the knock the search likes best (its action, discard and deadwood) and the share of the sampled
hidden hands that would undercut it. When the search weighed it against playing on,
``"knock_points"`` and ``"play_points"`` follow: expected points to you, each hand's points counted
for what they do to your chance of winning the match (:func:`gin.ai.standing.worth`; at the start
of a match much the same as the points). In mid-hand, where the expert's timing plays on without
weighing, the advice is "play on" and the undercut share is still the search's.

:func:`undercut_risks` gives the same share for each declaration of the knock review.

>>> from gin.match import new_match
>>> from gin.rules import Rules
>>> from gin.view import view
>>> m = new_match(Rules(), "demo")
>>> h = hint(view(m, m.hand.to_act))
>>> h["action"] in ("take", "pass"), h["reason"].endswith(".")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gin.actions import Action
from gin.ai.base import View
from gin.ai.evaluate import danger, deadwood, melds_with
from gin.ai.expert import Expert
from gin.ai.search import Verdict, knock_value, settle, table_worlds
from gin.ai.standing import worth
from gin.ai.tracking import Table
from gin.ai.views import read_view
from gin.cards import RANK_NAMES, SUIT_NAMES, Card, format_card, from_mask, pretty_card
from gin.melds import Meld


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
    names = view.get("names")
    other = "your opponent"
    if isinstance(names, list) and len(names) == 2 and names[1 - table.seat] != "Opponent":
        other = str(names[1 - table.seat])
    advice: dict[str, Any] = {"action": action.text(), "reason": reason(table, action, other)}
    if (
        verdict is None
        and action.kind == "discard"
        and any(t.startswith("knock") for t in table.legal)
    ):
        assert action.card is not None
        left = deadwood(table.hand & ~(1 << action.card))
        advice["reason"] = (
            f"Play on, discarding {pretty_card(action.card)}: in mid-hand, waiting for gin or "
            f"{other}'s knock is worth more than a knock with {left}."
        )
    if verdict is not None:
        advice["reason"] = weighed(table, verdict, other)
    if action.kind != "gin" and any(t.startswith("knock") for t in table.legal):
        advice["knock"] = knock_figures(table, verdict)
    return advice


def knock_figures(table: Table, verdict: Verdict | None) -> dict[str, Any]:
    """The search's word on the knock on offer: the expert's verdict when it weighed one, else
    (its timing plays on) the best knock's undercut share over the same sampled hands."""
    if verdict is not None:
        knock, undercut = verdict.knock, verdict.undercut
    else:
        hand = table.hand
        knockable = [
            c
            for c in from_mask(hand)
            if c != table.taken and deadwood(hand & ~(1 << c)) <= table.knock_limit
        ]
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
    }
    if verdict is not None:
        figures["knock_points"] = round(verdict.knock_value, 1)
        figures["play_points"] = round(verdict.play_value, 1)
    return figures


def undercut_risks(view: View, card: Card, declarations: Sequence[Sequence[Meld]]) -> list[float]:
    """For each declaration of a knock discarding ``card``, the share of the search's sampled
    hidden hands (:func:`gin.ai.search.table_worlds`, the hint's own) that would undercut it."""
    table = read_view(view)
    found = table_worlds(table)
    rest = table.hand & ~(1 << card)
    return [
        round(sum(settle(rest, melds, w.other, table.rules) < 0 for w in found) / len(found), 3)
        for melds in declarations
    ]


def weighed(table: Table, verdict: Verdict, other: str) -> str:
    """Why knocking now beats playing on, or the other way round, in one sentence."""
    knock = verdict.knock
    assert knock.card is not None
    left = deadwood(table.hand & ~(1 << knock.card))
    risk = f"about {verdict.undercut:.0%}"
    if verdict.knocks:
        shown = pretty_card(knock.card)
        if verdict.undercut < 0.15:
            return (
                f"Knock now, discarding {shown}: {left} deadwood, "
                f"{other} is unlikely to undercut ({risk})."
            )
        return (
            f"Knock now, discarding {shown}: {left} deadwood; {other} may undercut ({risk}), "
            "but waiting is worth less."
        )
    shown = pretty_card(verdict.play_on)
    if verdict.undercut >= 0.25:
        why = f"knocking with {left} risks an undercut ({risk})"
    elif verdict.wait_for == 0:
        why = f"your gin chances are worth more than a knock with {left} now"
    else:
        why = f"a knock with {verdict.wait_for} or less is likely soon and scores more"
    return f"Play on, discarding {shown}: {why}."


def reason(table: Table, action: Action, other: str) -> str:
    """Why ``action`` is good at this table, in one sentence."""
    kind, card = action.kind, action.card
    if kind == "next":
        return "Start the next hand."
    if kind in ("take", "pass", "draw"):
        return _draw_reason(table, kind)
    assert card is not None
    shown = pretty_card(card)
    left = deadwood(table.hand & ~(1 << card))
    if kind == "gin":
        return f"Gin, discarding {shown}: every card you keep is in a meld."
    if kind == "knock":
        return f"Knock, discarding {shown}: you keep {left} deadwood."
    return f"Discard {shown}: it leaves {left} deadwood, and {_safety(table, card, other)}."


def _draw_reason(table: Table, kind: str) -> str:
    top = table.pile[-1] if table.pile else None
    if top is None:
        return "Draw from the stock."
    shown = pretty_card(top)
    now = deadwood(table.hand)
    after = min(deadwood((table.hand | 1 << top) & ~(1 << c)) for c in from_mask(table.hand))
    if kind == "take":
        if melds_with(top, table.hand):
            return f"Take {shown}: it completes a meld and brings your deadwood to {after}."
        return f"Take {shown}: it brings your deadwood from {now} down to {after}."
    verb = "Pass" if kind == "pass" else "Draw from the stock"
    if after >= now:
        return f"{verb}: {shown} does not help your hand."
    return f"{verb}: {shown} helps less than an unseen card is likely to."


def _safety(table: Table, card: Card, other: str) -> str:
    """What makes ``card`` a safe (or an acceptable) throw."""
    know = table.knowledge
    suit, rank = card // 13, card % 13
    thrown = [c for c in from_mask(know.discarded | know.declined)]
    wanted = know.took | table.opponent_known
    suit_mask = 0x1FFF << (13 * suit)
    if any(c % 13 == rank for c in thrown) and not wanted & suit_mask:
        name = RANK_NAMES[rank].lower()
        article = "an" if name[0] in "a8" else "a"
        return f"{other} has let {article} {name} go before"
    if any(c // 13 == suit for c in thrown) and not wanted & suit_mask:
        return f"{other} has shown no interest in {SUIT_NAMES[suit]}"
    risk = danger(card, know.prob, know.ruled_out)
    if risk < 0.1:
        return f"{other} is unlikely to be able to use it"
    return f"it is the card your hand needs least (about {risk:.0%} that {other} can use it)"
