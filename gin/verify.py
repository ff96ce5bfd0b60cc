"""Checking the deals of an exported match: ``python -m gin verify FILE`` (docs/fairness.md).

Each hand's fingerprint is computed again here, from the deck that the seed (or the supplied
decks) gives that deal and the hand's salt, and compared with the fingerprint the save recorded,
which is the one the table showed before the first move.

>>> from gin.match import new_match
>>> from gin.rules import Rules
>>> from gin.save import dump
>>> doc = dump(new_match(Rules(), "demo", salt="00112233445566778899aabbccddeeff"))
>>> verify_document(doc)
Verdict(hands=1, problem=None)
>>> verify_document({**doc, "salt": "ffeeddccbbaa99887766554433221100"}).problem[:54]
"hand 1: the save records the fingerprint 'bda3c99820ad"
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from gin import fairness, limits
from gin.actions import Action
from gin.match import Match, apply, deck_for, legal_actions, new_match
from gin.rules import Rules
from gin.save import dump, load


class NotAMatch(ValueError):
    """A file that is not a match save with fingerprints; the message says why."""


@dataclass(frozen=True)
class Verdict:
    """``hands`` dealt in the match; ``problem``: the first hand that does not match, in words
    (None when all match)."""

    hands: int
    problem: str | None


def fingerprints(match: Match) -> list[str]:
    """Each deal's fingerprint, computed afresh from the seed or the supplied decks and the salt
    (not read from the match)."""
    return [
        fairness.deal_fingerprint(deck_for(match.seed, match.decks, number), match.salt, number)
        for number in range(1, match.hand_number + 1)
    ]


def verify_document(doc: Any) -> Verdict:
    """Check every hand of a match document; :class:`NotAMatch` (a ``ValueError``) when it is
    not a match save, or records no fingerprints (saved before version 2)."""
    if not isinstance(doc, dict):
        raise NotAMatch(f"a match save is a JSON object, not {type(doc).__name__}")
    try:
        # Loaded without its fingerprints, which load would refuse if they differ: here a
        # difference is the verdict, not a damaged file.
        saved = load({k: v for k, v in doc.items() if k != "fingerprints"})
    except ValueError as error:
        raise NotAMatch(str(error)) from None
    if "fingerprints" not in doc:
        raise NotAMatch(
            "the save records no deal fingerprints (saves before version 2 have none): "
            "nothing to verify"
        )
    expected = fingerprints(saved.match)
    return Verdict(len(expected), fairness.first_mismatch(expected, doc["fingerprints"]))


def verify_file(name: str, stream: IO[bytes], out: IO[str], err: IO[str]) -> int:
    """The subcommand: 0 when every hand matches (one line on ``out``), 1 with one line naming
    the first hand that does not, 2 with one line on ``err`` for a file that is not a match."""
    try:
        data = stream.read(limits.REQUEST_CHARS + 1)
        if len(data) > limits.REQUEST_CHARS:
            raise NotAMatch(
                f"the file is over {limits.REQUEST_CHARS:,} bytes; "
                "no save the game writes is that big"
            )
        try:
            doc = limits.parse_json(data.decode("utf-8"))
        except ValueError as error:  # not UTF-8, not JSON, or beyond the limits
            raise NotAMatch(f"not a readable JSON match save ({error})") from None
        verdict = verify_document(doc)
    except ValueError as error:
        err.write(limits.clip(f"{name}: {error}") + "\n")
        return 2
    if verdict.problem is not None:
        out.write(limits.clip(f"{name}: {verdict.problem}") + "\n")
        return 1
    what = (
        "its one hand matches its fingerprint"
        if verdict.hands == 1
        else f"all {verdict.hands} hands match their fingerprints"
    )
    out.write(f"{name}: {what}\n")
    return 0


# ----------------------------------------------------------------------------- benchmark


def random_match(rng: random.Random, number: int) -> Match:
    """A whole match of random legal play with a random salt (a knock or gin taken half the
    time it is offered, so hands run both short and long)."""
    salt = "".join(rng.choice("0123456789abcdef") for _ in range(fairness.SALT_CHARS))
    match = new_match(Rules(), f"verify-bench-{number}", salt=salt)
    while match.winner is None and len(match.actions) < limits.MATCH_ACTIONS:
        actions = legal_actions(match)
        endings = [a for a in actions if a.kind in ("knock", "gin", "big gin")]
        plain = [a for a in actions if a not in endings]
        pick: Action = rng.choice(endings if endings and rng.random() < 0.5 else plain or actions)
        match = apply(match, pick)
    return match


def tamperings(deck: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every deck one card away from ``deck``: each card replaced by each of the 51 others."""
    return [
        deck[:i] + (card,) + deck[i + 1 :]
        for i in range(len(deck))
        for card in range(52)
        if card != deck[i]
    ]


def benchmark(matches: int, out: Callable[[str], None] = print) -> None:
    """Print the figures: every hand of ``matches`` random matches verified through
    :func:`verify_document` (after a round trip through JSON text), and every single-card change
    of each match's last revealed deck, and every change of one character of its salt, tried."""
    rng = random.Random(35)
    hands = verified = tampered = caught = 0
    for number in range(matches):
        match = random_match(rng, number)
        verdict = verify_document(json.loads(json.dumps(dump(match))))
        hands += verdict.hands
        verified += verdict.hands if verdict.problem is None else 0
        deck, salt = match.hand.deck, fairness.hand_salt(match.salt, match.hand_number)
        shown = match.fingerprints[-1]
        changes = [fairness.fingerprint(d, salt) for d in tamperings(deck)]
        changes += [
            fairness.fingerprint(deck, salt[:i] + digit + salt[i + 1 :])
            for i in range(len(salt))
            for digit in "0123456789abcdef"
            if digit != salt[i]
        ]
        tampered += len(changes)
        caught += sum(change != shown for change in changes)
    out(
        f"{matches:,} random matches: {verified:,} of {hands:,} hands verify "
        f"({verified / hands:.2%})"
    )
    out(
        f"single changes of a revealed deck (one card replaced) or salt (one hex digit): "
        f"{caught:,} of {tampered:,} fail to match ({caught / tampered:.2%})"
    )
