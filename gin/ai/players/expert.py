"""The expert: the tactician's card sense and timing, with every knock it considers judged by
search.

It draws and discards like the tactician (:mod:`gin.ai.players.tactician`): every card tracked, the
other player's takes, passes and throws read, the discard weighed by deadwood, prospects, the danger
of feeding a meld and sampled futures of its own hand (more, and longer: :data:`FUTURES`,
:data:`HORIZON`). Two differences. It takes the upcard only when that lowers its deadwood (the
tactician takes a card that melds with two of its cards even when those two are better melded
otherwise, and a card that joins no meld for its promise alone): a card taken may not be thrown
back. Unless the earlier hands show a patient player it throws only among the cards that keep the
deadwood within :data:`SLACK` of the least: a knock may come soon, and it is met by the deadwood
held then. The tactician's timing says when a knock is worth considering at all: in its first five
turns (the other hand is still loose) and once the stock runs low, but then only against a player
the earlier hands show eager (any other player's hand that has not ended by then is close to gin);
in between it plays for gin or the other player's knock. A knock the timing allows is then judged
by the search (:mod:`gin.ai.search.worlds`): over hidden hands sampled from what it has seen, is
knocking now (scored against each sampled hand's best defence, layoffs included) worth more than
throwing its best card and playing on (scored by playouts), each outcome counted for what it does to
the chance of winning the match? What the earlier hands showed of the other player
(:func:`gin.ai.search.worlds.limit_prior`) weighs in twice: in the search's odds of its knock limit,
and in mid-hand, where the sampled futures of a discard race to gin, unless the player is eager:
then they race to the rules' limit (against it, low deadwood when it knocks wins), and the read
of the other hand says how near its knock is (:func:`hazard`): the nearer, the less a discard is
weighed by what the next draw may bring and the more by the deadwood it keeps.

Why both: left to itself the search knocked in mid-hand wherever its sampled hands looked
loose, and a patient player's hand that has not knocked is often one card from gin, so those
knocks were undercut (a third of them against gin-only players); the timing alone knocks late
with up to 10 deadwood into the tight hands of patient players (half of the tactician's knocks
against a gin-only baseline were undercut), which the search sees and declines.

Why no late knock unless the other player is shown eager (not only when it is shown patient):
against the safe gin racer (:mod:`gin.ai.players.racer`), a patient player that also knocks in its
first turns and so is seldom read as patient, the search's sampled hands late in a hand are looser
than the racer's, which waits one card from gin: on 300 matches (seed ``S37a``) the expert's 69
knocks with 8 or fewer stock cards left lost 411 points, 24 of them undercut (even 5 of the 15 with
1 deadwood). Without them it won 186 matches, not 181, and undercuts fell from 42 to 20. On 1,000
fresh matches (seeds ``i37-F1`` to ``i37-F3``, the same deals for both): 599 won (59.9%) against
583 (58.3%), undercuts suffered 69 against 127; against the baseline (``i36-F1``, 300) 238
against 237.

Why the search's worlds weigh each sampled other hand by its owner's whole play this hand
(:mod:`gin.ai.knowledge.handread`: a card thrown from a meld, a melding upcard passed, a loose card
taken make a hand unlikely): the worlds judge each knock and, against an eager player, say how near
its knock is (:func:`hazard`), and a hand that could not have played the other player's moves
misleads both. Against the baseline, the same deals with and without the read: 246 against 238
of 300 (``i36-F1``), 774 against 763 of 1,000 (``S44b``), and on fresh seeds 801 against 796
(``i44-L``) and 790 against 776 (``i44-L2``): 38 more of 3,300. Against the safe gin racer,
whose patience leaves the worlds only the knocks of the first turns to judge, 192 against 186 of
300 (``S37a``), 440 against 442 of 700 (``i38-F1``, ``-F2``) and 595 against 606 of 1,000
(``i44-F1``): 7 fewer of 2,000, within the noise (the read makes its hands look tighter, so the
expert knocks early less and is undercut less). It costs about 0.5 ms a decision in CPython.
The same read priced into the danger of a throw (the share of weighted hands that meld the card,
in place of the tracker's independent odds) predicted which cards meld better but won 177 on
``S37a``, and 175 with both; against the baseline, with the read in the worlds, 773 of 1,000 on
``S44b`` (774 without): not kept.
"""

from __future__ import annotations

from dataclasses import replace

from gin.ai.base import register
from gin.ai.knowledge.evaluate import deadwood
from gin.ai.knowledge.tracking import Table
from gin.ai.players.planner import Planner
from gin.ai.players.tactician import Tactician
from gin.ai.search.otherhand import ends_next
from gin.ai.search.verdict import Verdict, judge
from gin.ai.search.worlds import limit_prior
from gin.cards import Card, format_card, from_mask

OPEN_TURNS = 5
"""Own turns in which a knock with up to the limit is weighed by the search (later, until the
stock runs low, only gin ends a hand). Replayed against the real hidden hands of patient
players, the knocks with 6 to 8 deadwood it declined in turns 3 to 6 would have scored 5 to 28
points more (mostly 10 to 20) than the hands then earned: their hands were still loose."""

EAGER = 8
"""A knock limit this high marks an eager player (one that knocks as soon as it may; see
:func:`gin.ai.search.worlds.limit_prior` for the odds the earlier hands give each limit). At 7, a
player knocking with 3 or 4 soon looked eager too: against ``baseline-k4`` the race to the limit
then scored 3.0 points per hand more than the other player, against 3.7 at 8."""
EAGER_ODDS = 0.5
"""Against a player the earlier hands show eager at least this likely, the sampled futures of a
mid-hand discard race to the rules' knock limit, as the tactician's do, not to gin: what wins
against it is low deadwood when it knocks (an undercut), and a hand already within the limit
then ranks its throws by deadwood, prospects and danger alone. Measured: against the baseline
30 of 40 matches (28 racing to gin); over six league members 161 of 240 (160)."""

HAZARD_WEIGHT = 3.0
"""Against an eager player, the weight on what the next draw may bring shrinks by this much per
unit of the chance that the other player knocks at its next turn (:func:`hazard`), and is gone
from a chance of a third: a knock about to come is met by the deadwood held then, so a hand
building for gin turns to holding little. On the 1,000 matches of seed ``F2`` against the
baseline: 73.7% of matches and 4.81 points per hand more than it, against 71.0% and 4.36
without; weight 2 won 74.0% (4.76), weight 1.5 over two draws 73.6% (4.84)."""

SLACK = 1
"""Unless the other player is shown patient, the most deadwood a throw may keep beyond the least
any throw keeps. Each discard of 300 matches against the baseline replayed from the
least-deadwood throw (same deck, same players to the end of the hand): where the throw made kept
3 or more points over the least, the least-deadwood throw would have scored 3.8 points more
(± 2.0, 396 discards); 2 over, 0.8 more (± 2.0); 1 over, 0.9 less (± 1.6).
On the 1,000 matches of seed ``F2`` against the baseline (upcards taken only when they lower the
deadwood in all four): no slack rule 76.0% of matches and 5.61 points per hand more than it;
slack 0 76.9% (5.88), 1 77.7% (6.06), 2 76.9% (5.89).
At first the rule held only against a player shown eager. Replayed the same way (120 matches,
seeds ``DR0`` to ``DR119``), the throws that kept 3 or more over the least before the earlier
hands showed anything (mostly in a match's first hand) scored 3.8 points less (± 3.4, 103) than
the least-deadwood throw. Against players shown patient the rule does not apply: their hands
race to gin, and a hand's promise is worth its deadwood.
Nor once the stock runs low and only gin ends the hand for the expert (:meth:`Expert.knock_limit`):
no knock of its own is coming, and the throw that feeds nothing may keep more deadwood. Against
the safe gin racer with 4 cards in the stock (seed ``late-cal-safe-gin-racer-0``) the rule threw
3♥, keeping 3, into the racer's gin; the deep reference (docs/coach.md) put 7♣, keeping 6, 57
points higher."""

FUTURES = 32
"""Sampled futures per comparison of mid-hand discards (the tactician samples 16). Over 1,000
matches each against the baseline on six seeds (``F2``, ``A3``, ``Z2``, ``B4``, ``C5``, ``D6``),
32 futures won 4,707 of 6,000 (78.5%) and 5.87 points per hand more than it; 16 futures won
4,646 (77.4%) and 5.69, with a smaller margin on five of the six seeds. 64 futures won 80.1%
on ``F2`` (80.2% at 32). Decisions in CPython took 6.7 ms on average at 32 (5.9 at 16, the
same day)."""

HORIZON = 6
"""Draws per sampled future (the tactician's 5). In mid-hand the expert's futures race to gin,
which takes longer than a knock: at 5 draws more of them never get there and tell the throws
nothing. On the same six seeds, with 32 futures: 4,726 of 6,000 (78.8%) and 5.94 points per
hand more than the baseline, against 4,707 and 5.87 at 5 draws (margin larger on five seeds);
drawing 4 throws into the race rather than 3 won 2,343 of 3,000 on ``F2``, ``C5``, ``D6``
against 2,337."""

PATIENT = 3
"""Knock limits below this mark a patient player (gin only, or nearly)."""
PATIENT_ODDS = 0.5
"""Against a player the earlier hands show patient at least this likely, the expert weighs a
throw's danger less (:data:`PATIENT_CAUTION`) and may keep more than :data:`SLACK` over the least
deadwood. (This was first also the rule for no knock once the stock runs low, now the rule for
every player not shown eager, :meth:`Expert.knock_limit`: measured over 200 matches each, seed
X1, 15 late knocks per 100 matches against the gin waiter lost 13 points each, 8 of them
undercut; without them the expert won 55.0% (54.5%) against the gin waiter and 67.5% (62.5%)
against ``baseline-k0``.)"""

PATIENT_CAUTION = 3.0
"""The weight on a discard's danger against a patient player (the tactician's is 6). Keeping a
card back because it might feed a meld slows one's own gin, and against a player racing to gin
that cost more than the meld fed: over 200 matches each (seed X1), weight 3 won 60.5% against
the gin waiter and 68.5% against ``baseline-k0``; 6 won 55.0% and 67.5%, 10 won 53.5% and
60.0%."""


def hazard(table: Table) -> float:
    """The chance that the other player knocks or goes gin at its next turn, by the learned
    read of the other hand (:func:`gin.ai.search.otherhand.ends_next`). Before the read it was
    the share of the next three stock cards that would bring a sampled world's hand within its
    limit; on the same 200 matches against the baseline (seed ``i50-A``) the read's chance won
    150, that share 151."""
    return ends_next(table)


def eager(table: Table) -> bool:
    """Whether the earlier hands show the other player eager (:data:`EAGER_ODDS`)."""
    return sum(limit_prior(table)[EAGER:]) >= EAGER_ODDS


def patient(table: Table) -> bool:
    """Whether the earlier hands show the other player patient (:data:`PATIENT_ODDS`)."""
    return sum(limit_prior(table)[:PATIENT]) >= PATIENT_ODDS


@register(
    "expert",
    4,
    "Expert",
    "Counts cards, reads your discards, and weighs each knock against the hands you may hold.",
)
class Expert(Planner):
    """The strongest opponent."""

    style = replace(
        Tactician.style,
        knock_at=(10,) * OPEN_TURNS + (0,),
        race_own_limit=True,
        must_lower=True,
        race_futures=FUTURES,
        race_horizon=HORIZON,
    )

    def discard(self, table: Table) -> str:
        """Gin when it may; a knock when the timing allows one and the search prefers it to
        playing on; else a discard."""
        return self.choose(table)[0]

    def choose(self, table: Table) -> tuple[str, Verdict | None]:
        """The action for an eleven-card hand, and the search's verdict when a knock was
        weighed (None for gin, or when no knock was possible or the timing ruled one out)."""
        hand, limit = table.hand, table.knock_limit
        options = [c for c in from_mask(hand) if c != table.taken]
        left = {c: deadwood(hand & ~(1 << c)) for c in options}
        gins = [c for c in options if left[c] == 0 and f"gin {format_card(c)}" in table.legal]
        if gins:
            return f"gin {format_card(max(gins, key=lambda c: (c % 13, c)))}", None
        card = self.best_discard(table, options)
        knockable = [c for c in options if left[c] <= limit]
        if not knockable or min(left[c] for c in knockable) > self.knock_limit(table):
            return f"discard {format_card(card)}", None
        verdict = judge(table, knockable, card)
        if verdict.knocks:
            return verdict.knock.text(), verdict
        return f"discard {format_card(card)}", verdict

    def best_discard(self, table: Table, options: list[Card]) -> Card:
        """The tactician's weighing, but unless the other player is shown patient, or the stock
        runs low and only gin ends the hand for the expert (:data:`SLACK`), only among the throws
        that keep at most :data:`SLACK` deadwood more than the least."""
        late = table.stock <= self.style.late_stock and self.knock_limit(table) == 0
        if not patient(table) and not late:
            kept = {c: deadwood(table.hand & ~(1 << c)) for c in options}
            least = min(kept.values())
            options = [c for c in options if kept[c] <= least + SLACK]
        return super().best_discard(table, options)

    def knock_limit(self, table: Table) -> int:
        """The tactician's timing, but once the stock runs low only gin, unless the earlier hands
        show an eager player (:data:`EAGER_ODDS`): any other player's hand that has not ended by
        then is close to gin, and a knock into it is undercut more often than it pays."""
        if table.stock <= self.style.late_stock and not eager(table):
            return 0
        return super().knock_limit(table)

    def caution(self, table: Table) -> float:
        """The tactician's care not to feed the other player's melds, but less against a
        patient player."""
        return PATIENT_CAUTION if patient(table) else self.style.caution

    def potential(self, table: Table) -> float:
        """The tactician's weight on the next draw, but less the nearer an eager player's
        knock looks (:data:`HAZARD_WEIGHT`)."""
        weight = super().potential(table)
        if not weight or not eager(table):
            return weight
        return weight * max(0.0, 1 - HAZARD_WEIGHT * hazard(table))

    def race_to(self, table: Table) -> int:
        """Gin in mid-hand, as the style says, but the rules' knock limit against an eager
        player."""
        if eager(table):
            return table.knock_limit
        return super().race_to(table)
