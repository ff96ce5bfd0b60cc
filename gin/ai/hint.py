"""The hint: what the expert would play in your seat, with a one-line reason.

>>> from gin.match import new_match
>>> from gin.rules import Rules
>>> from gin.view import view
>>> m = new_match(Rules(), "demo")
>>> h = hint(view(m, m.hand.to_act))
>>> h["action"] in ("take", "pass"), h["reason"].endswith(".")
(True, True)
"""

from __future__ import annotations

from typing import Any

from gin.actions import Action
from gin.ai.base import View
from gin.ai.evaluate import danger, melds_with
from gin.ai.expert import Expert
from gin.ai.tracking import Table
from gin.ai.views import read_view
from gin.cards import RANK_NAMES, SUIT_NAMES, Card, from_mask, pretty_card
from gin.melds import deadwood


def hint(view: View) -> dict[str, Any]:
    """The expert's suggestion for this view: ``{"action": text, "reason": one line}``."""
    table = read_view(view)
    action = Action.from_text(Expert().decide(view))
    names = view.get("names")
    other = "your opponent"
    if isinstance(names, list) and len(names) == 2 and names[1 - table.seat] != "Opponent":
        other = str(names[1 - table.seat])
    knocks = [Action.from_text(a) for a in table.legal if a.startswith("knock ")]
    if knocks and action.kind in ("knock", "discard"):
        return {"action": action.text(), "reason": weighed(table, action, knocks, other)}
    return {"action": action.text(), "reason": reason(table, action, other)}


def weighed(table: Table, action: Action, knocks: list[Action], other: str) -> str:
    """With a knock on offer: knock now or play on, and why, as the expert's timing weighs it.

    Early in a hand the other hand is still full of deadwood, so a knock is rarely undercut;
    late, the stock is too short for gin to come. In between a knock often meets an undercut
    (25 points and the difference to the other side), so the expert waits for gin.
    """
    early = table.knowledge.draws <= 2
    if action.kind == "knock":
        assert action.card is not None
        shown, left = pretty_card(action.card), _left(table, action.card)
        now = f"Knock now, discarding {shown}: {left} deadwood"
        if early:
            return f"{now}, and {other}'s hand is still full of deadwood: an undercut is unlikely."
        return f"{now}, and with {table.stock} cards left in the stock, gin is unlikely to come."
    assert action.card is not None
    best = min(_left(table, k.card) for k in knocks if k.card is not None)
    return (
        f"Play on, discarding {pretty_card(action.card)}: a knock with {best} now risks an "
        f"undercut, and gin (25 bonus) is still likely with {table.stock} cards in the stock."
    )


def _left(table: Table, card: Card) -> int:
    """The deadwood kept after throwing ``card``."""
    return deadwood(table.hand & ~(1 << card))


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
        return (
            f"Knock, discarding {shown}: you keep {left} deadwood, and waiting gives "
            f"{other} time to knock first."
        )
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
