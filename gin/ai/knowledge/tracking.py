"""What one seat knows: its hand, the public pile and history, and what that says about the
other hand.

Every card is in one of four places from a seat's point of view: its own hand, the discard
pile, the opponent's *known* cards (taken from the pile and not thrown since), or *unseen*
(the opponent's other cards and the stock, which look alike). The opponent's behaviour shifts
the odds among unseen cards: a card it declined (passed, or left on the pile to draw from the
stock) or threw away makes its neighbours less likely to be in its hand; a card it took makes
them more likely. :class:`Knowledge` turns that into one probability per card.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property

from gin.ai.knowledge.evaluate import PARTNER_PAIRS
from gin.cards import FULL_DECK, Card, from_mask
from gin.rules import Rules

# How much one observation scales the odds of a neighbouring unseen card (same rank, or the
# next rank in the same suit); a card two ranks away feels the square root of it.
DECLINED = 0.55
DISCARDED = 0.7
TOOK = 1.8


@dataclass(frozen=True)
class Move:
    """One public event of the hand: ``kind`` is pass/take/draw/discard/knock/gin/big gin/next.

    ``card`` is the card concerned when the public knows it: the upcard passed, the card taken,
    the card discarded, and for ``draw`` the top of the pile the player left there (if any).
    """

    seat: int
    kind: str
    card: Card | None = None


@dataclass(frozen=True)
class Ending:
    """How an earlier hand of the match ended, as the score sheet shows it to this seat.

    ``kind`` is ``knock`` (the other player knocked: it won, tied or was undercut), ``gin``
    (the other player went gin) or ``shown`` (this seat knocked or went gin, and the other hand
    was laid face up). ``deadwood`` is the other player's: what it knocked with, or for
    ``shown`` the deadwood of the ten cards it kept after its last throw, before layoffs.
    ``stock`` is the number of cards left in the stock when the hand ended."""

    kind: str
    deadwood: int
    stock: int


@dataclass(frozen=True)
class Table:
    """One seat's view, parsed into masks and moves (see
    :func:`gin.ai.knowledge.views.read_view`)."""

    seat: int
    phase: str
    hand: int
    pile: tuple[Card, ...]
    stock: int
    opponent_count: int
    opponent_known: int
    moves: tuple[Move, ...]
    legal: tuple[str, ...]
    rules: Rules
    knock_limit: int
    taken: Card | None = None
    seed: str = ""
    scores: tuple[int, int] = (0, 0)
    hand_number: int = 1
    other_ends: tuple[Ending, ...] = ()
    """What the earlier hands of the match showed of the other player, in order, read from the
    score sheet: how it ended them (a patient player's hands end in gin, an eager one's in
    knocks) and the hands it held without knocking when this seat ended one."""
    other_player: str | None = field(default=None, compare=False)
    """Whom this seat plays, when the view names the computer opponent (the player chose it);
    None for an unknown player. It shapes no sampled world (:meth:`digest` and equality leave it
    out, so the worlds sampled for one view are shared), only the learned read of the other
    hand (:mod:`gin.ai.search.otherhand`)."""

    def digest(self) -> bytes:
        """A hash of everything this seat knows, to seed any choice deterministically."""
        text = "|".join(
            [
                self.seed,
                str(self.seat),
                self.phase,
                str(self.hand),
                ",".join(map(str, self.pile)),
                str(self.stock),
                ";".join(f"{m.seat}{m.kind}{m.card}" for m in self.moves),
                ",".join(map(str, self.scores)),
                str(self.hand_number),
            ]
        )
        return hashlib.sha256(text.encode()).digest()

    @cached_property
    def knowledge(self) -> Knowledge:
        """What this table says about the hidden cards."""
        return Knowledge.of(self)


def _near(a: Card, b: Card) -> int:
    """2 when ``a`` and ``b`` could sit next to each other in a meld, 1 when one card apart,
    else 0."""
    if a % 13 == b % 13:
        return 2
    if a // 13 == b // 13:
        gap = abs(a - b)
        return 2 if gap == 1 else 1 if gap == 2 else 0
    return 0


@dataclass(frozen=True)
class Knowledge:
    """The unseen cards and, for each, the probability that the opponent holds it."""

    unseen: int
    hidden: int
    prob: tuple[float, ...]
    declined: int
    discarded: int
    took: int
    draws: int
    opponent_draws: int
    ruled_out: frozenset[int]

    @classmethod
    def of(cls, table: Table) -> Knowledge:
        """Read the moves of the hand for the opponent's behaviour and weigh unseen cards."""
        other = 1 - table.seat
        pile = 0
        for card in table.pile:
            pile |= 1 << card
        unseen = FULL_DECK & ~table.hand & ~pile & ~table.opponent_known
        hidden = max(table.opponent_count - table.opponent_known.bit_count(), 0)
        declined = discarded = took = 0
        draws = opponent_draws = 0
        for move in table.moves:
            if move.kind in ("draw", "take"):
                if move.seat == other:
                    opponent_draws += 1
                else:
                    draws += 1
            if move.seat != other or move.card is None:
                continue
            bit = 1 << move.card
            if move.kind in ("pass", "draw"):
                declined |= bit
            elif move.kind == "discard":
                discarded |= bit
            elif move.kind == "take":
                took |= bit
        signals = (
            [(c, DECLINED) for c in from_mask(declined & ~took)]
            + [(c, DISCARDED) for c in from_mask(discarded)]
            + [(c, TOOK) for c in from_mask(table.opponent_known)]
        )
        weights = [0.0] * 52
        cards = from_mask(unseen)
        for card in cards:
            w = 1.0
            for seen, factor in signals:
                near = _near(card, seen)
                if near == 2:
                    w *= factor
                elif near == 1:
                    w *= factor**0.5
            weights[card] = w
        total = sum(weights)
        prob = [0.0] * 52
        if total > 0 and hidden:
            scale = hidden / total
            for card in cards:
                prob[card] = min(weights[card] * scale, 0.97)
        for card in from_mask(table.opponent_known):
            prob[card] = 1.0
        ruled_out = frozenset(
            1 << a | 1 << b
            for card in from_mask((declined & ~took) | discarded)
            for a, b in PARTNER_PAIRS[card]
        )
        return cls(
            unseen, hidden, tuple(prob), declined, discarded, took, draws, opponent_draws, ruled_out
        )

    def in_stock(self, card: Card) -> float:
        """Probability that an unseen card is in the stock rather than the opponent's hand."""
        return 1.0 - self.prob[card] if self.unseen >> card & 1 else 0.0
