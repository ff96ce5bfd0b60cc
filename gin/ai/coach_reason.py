"""Why the review's best move beats the one played, in one plain sentence (docs/coach.md).

The reason names what the seat could see: a meld the throw broke, a card the other player was
seen to collect, a two-card draw given up, the deadwood kept; else the hint's own reason for the
best move (:func:`gin.ai.hint.hint`).
"""

from __future__ import annotations

from gin.actions import Action
from gin.ai.evaluate import deadwood
from gin.ai.tracking import Table
from gin.cards import RANK_NAMES, Card, from_mask, pretty_card
from gin.melds import best_melds, is_set

THROWS = ("discard", "knock", "gin")


def why(table: Table, played: Action, best: Action, best_reason: str, other: str) -> str:
    """Why ``best`` is better than ``played`` at ``table``; ``best_reason`` is the hint's line
    for ``best`` and ``other`` the other player's name."""
    if best.kind in ("gin", "big gin") and played.kind not in ("gin", "big gin"):
        return f"Gin was there. {best_reason}"
    if played.kind == "knock" and best.kind == "discard":
        return f"Playing on was worth more than this knock. {best_reason}"
    if played.kind == "discard" and best.kind == "knock":
        return f"A knock was worth more than playing on. {best_reason}"
    mine, theirs = played.card, best.card
    if played.kind in THROWS and best.kind in THROWS and mine is not None and theirs is not None:
        if mine == theirs:
            return f"The other declaration leaves {other} less to lay off. {best_reason}"
        return _throw(table, mine, theirs, other)
    return best_reason


def _throw(table: Table, card: Card, better: Card, other: str) -> str:
    """Why throwing ``better`` beats throwing ``card``."""
    shown, instead = pretty_card(card), pretty_card(better)
    kept = table.hand & ~(1 << better)
    melds = best_melds(kept)
    for meld in melds:
        if meld >> card & 1:
            kind = "set" if is_set(meld) else "run"
            cards = " ".join(pretty_card(c) for c in from_mask(meld))
            return f"Throwing {shown} breaks up the {cards} {kind}; {instead} could go instead."
    wanted = _wanted(table, card)
    if wanted is not None:
        if wanted % 13 == card % 13:
            what = f"picked a {RANK_NAMES[card % 13].lower()} up for"
        else:
            what = f"took the {pretty_card(wanted)} next to"
        return f"Throws the {shown} {other} {what}; {instead} was the safer throw."
    melded = 0
    for meld in melds:
        melded |= meld
    loose = kept & ~melded & ~(1 << card)
    partner = next((c for c in from_mask(loose) if _draw(card, c)), None)
    if partner is not None and not _draw(better, partner):
        pair = " ".join(pretty_card(c) for c in sorted((card, partner), key=lambda c: c % 13))
        return f"Throwing {shown} gives up the {pair} draw; throwing {instead} keeps it open."
    left, least = deadwood(table.hand & ~(1 << card)), deadwood(kept)
    if left > least:
        return f"Throwing {shown} keeps {left} deadwood; throwing {instead} keeps {least}."
    return f"{instead} was the better throw: {other} is less likely to use it."


def _draw(a: Card, b: Card) -> bool:
    """Whether ``a`` and ``b`` are two cards of a meld to be: one rank, or one suit and next to
    each other or one apart."""
    if a % 13 == b % 13:
        return True
    return a // 13 == b // 13 and abs(a - b) <= 2


def _wanted(table: Table, card: Card) -> Card | None:
    """A card the other player took from the pile (and was not seen to throw again) that
    ``card`` would meld beside: one of its rank, or of its suit within two ranks."""
    for taken in from_mask(table.opponent_known):
        if taken != card and _draw(taken, card):
            return taken
    return None
