"""Why the review's best move beats the one played, in one plain sentence (docs/coach.md).

The reason names what the seat could see: a meld the throw broke, a card the other player was
seen to collect, a two-card draw given up, the deadwood kept; else the hint's own reason for the
best move (:func:`gin.ai.coach.hint.hint`). It is a :class:`gin.i18n.Message`
(gin/locales/*/coach.json), the hint's reason nested in it as ``best_reason`` where it is quoted.
"""

from __future__ import annotations

from gin.actions import Action
from gin.ai.coach.hint import NAMED_UNDERCUT, knock_risk
from gin.ai.knowledge.evaluate import deadwood
from gin.ai.knowledge.tracking import Table
from gin.cards import Card, from_mask, mask_value
from gin.i18n import Arg, Message, card_arg, msg, percent_arg
from gin.melds import best_melds, is_set

THROWS = ("discard", "knock", "gin")


def about_equal() -> Message:
    """The reason given for a move the review cannot tell from the best (class good): within
    the review's noise, nothing that recommends the other move."""
    return msg("coach.why.about_equal")


def why(table: Table, played: Action, best: Action, best_reason: Message, other: Arg) -> Message:
    """Why ``best`` is better than ``played`` at ``table``; ``best_reason`` is the hint's reason
    for ``best`` and ``other`` the other player's name."""
    if best.kind in ("gin", "big gin") and played.kind not in ("gin", "big gin"):
        return msg("coach.why.gin", best_reason=best_reason)
    if played.kind == "knock" and best.kind == "discard":
        return _dont_knock(table, played, best, best_reason, other)
    if played.kind == "discard" and best.kind == "knock":
        return msg("coach.why.knock", best_reason=best_reason)
    mine, theirs = played.card, best.card
    if played.kind in THROWS and best.kind in THROWS and mine is not None and theirs is not None:
        if mine == theirs:
            return _declaration(table, played, best, other, best_reason)
        return _throw(table, mine, theirs, other)
    return best_reason


def _dont_knock(
    table: Table, knock: Action, best: Action, best_reason: Message, other: Arg
) -> Message:
    """Why playing on, throwing ``best``'s card, beats the knock played: the undercut the read
    expects when it is likely enough to name (as the hint names it), else the hint's reason."""
    assert best.card is not None
    risk = knock_risk(table, knock)
    if risk is not None and risk >= NAMED_UNDERCUT:
        shown, chance = card_arg(best.card), percent_arg(risk)
        return msg("coach.why.undercut", card=shown, other=other, risk=chance)
    return msg("coach.why.play_on", best_reason=best_reason)


def _declaration(
    table: Table, played: Action, best: Action, other: Arg, best_reason: Message
) -> Message:
    """Why the best knock's declaration beats the one played (the same discard): the lower
    deadwood it leaves, or, as low, the fewer cards it leaves to lay off."""
    assert played.card is not None
    rest = table.hand & ~(1 << played.card)
    left, least = _declared(rest, played), _declared(rest, best)
    if least < left:
        return msg("coach.why.lower_declaration", least=least, left=left)
    return msg("coach.why.declaration", other=other, best_reason=best_reason)


def _declared(rest: int, knock: Action) -> int:
    """The deadwood a knock's declaration leaves of the ten cards ``rest``."""
    melded = 0
    for meld in knock.melds or best_melds(rest):
        melded |= meld
    return mask_value(rest & ~melded)


def _throw(table: Table, card: Card, better: Card, other: Arg) -> Message:
    """Why throwing ``better`` beats throwing ``card``."""
    shown, instead = card_arg(card), card_arg(better)
    kept = table.hand & ~(1 << better)
    melds = best_melds(kept)
    for meld in melds:
        if meld >> card & 1:
            cards = from_mask(meld)
            if is_set(meld):
                return msg("coach.why.breaks_set", card=shown, n=len(cards), instead=instead)
            low, high = card_arg(cards[0]), card_arg(cards[-1])
            return msg("coach.why.breaks_run", card=shown, low=low, high=high, instead=instead)
    wanted = _wanted(table, card)
    if wanted is not None:
        return msg(
            "coach.why.feeds", card=shown, other=other, taken=card_arg(wanted), instead=instead
        )
    melded = 0
    for meld in melds:
        melded |= meld
    loose = kept & ~melded & ~(1 << card)
    partner = next((c for c in from_mask(loose) if _draw(card, c)), None)
    if partner is not None and not _draw(better, partner):
        a, b = sorted((card, partner), key=lambda c: c % 13)
        return msg("coach.why.draw_pair", card=shown, a=card_arg(a), b=card_arg(b), instead=instead)
    left, least = deadwood(table.hand & ~(1 << card)), deadwood(kept)
    if left > least:
        return msg("coach.why.deadwood", card=shown, left=left, instead=instead, least=least)
    return msg("coach.why.safer", instead=instead, other=other)


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
