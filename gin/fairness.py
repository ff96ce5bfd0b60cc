"""Deal fingerprints: each hand's deck order, committed before anyone moves (docs/fairness.md).

A fingerprint is ``sha256`` (lowercase hex) of the text ``gin-fingerprint|<hand salt>|<deck>``
in UTF-8 (all ASCII), where ``<deck>`` is the 52 cards in the notation of docs/actions.md, top
first, separated by single spaces. The table shows its first characters before the first move;
the deck and the hand's salt are revealed when the hand ends, so anyone can recompute it.

The salt keeps the fingerprint from giving the deck away while the hand is played: without it,
late in a hand, the few orders of the cards still hidden could be tried one by one against the
fingerprint. Each match has a secret salt of its own (drawn at random by :mod:`gin.api` when a
match starts, stored in the save); each hand's salt is derived from it one way, so revealing
one hand's salt reveals nothing of the next hand's.

>>> from gin.match import shuffled_deck
>>> salt = hand_salt("00112233445566778899aabbccddeeff", 1)
>>> salt
'09d8966ef3fef23f3db9e814dc8b1d84'
>>> deal_text(shuffled_deck("demo", 1), salt)[:63]
'gin-fingerprint|09d8966ef3fef23f3db9e814dc8b1d84|9H 3H QS TD AD'
>>> fingerprint(shuffled_deck("demo", 1), salt)[:12]
'bda3c99820ad'
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from gin import limits
from gin.cards import Card, format_cards

SALT_CHARS = 32  # hex characters of a match's salt and of a hand's: 128 bits
_SALT = re.compile(f"[0-9a-f]{{{SALT_CHARS}}}")
_FINGERPRINT = re.compile("[0-9a-f]{64}")


class FairnessError(ValueError):
    """A salt or a fingerprint that is not in the form this game writes."""


def check_salt(salt: object) -> str:
    """A match's salt as stored: ``SALT_CHARS`` lowercase hexadecimal characters.

    >>> check_salt("XYZ")
    Traceback (most recent call last):
    ...
    gin.fairness.FairnessError: the salt must be 32 lowercase hexadecimal characters, not 'XYZ'
    """
    if not isinstance(salt, str) or not _SALT.fullmatch(salt):
        raise FairnessError(
            f"the salt must be {SALT_CHARS} lowercase hexadecimal characters, not {salt!r:.80}"
        )
    return salt


def check_fingerprint(value: object) -> str:
    """A full fingerprint as stored: 64 lowercase hexadecimal characters."""
    if not isinstance(value, str) or not _FINGERPRINT.fullmatch(value):
        raise FairnessError(
            f"a fingerprint is 64 lowercase hexadecimal characters, not {value!r:.80}"
        )
    return value


def seed_salt(seed: str) -> str:
    """The salt of a match given none: derived from its seed, so that the match stays a
    function of its seed and actions. It is as secret as the seed, no more: used for matches
    built without a salt (tests, tools) and for saves from before fingerprints (version 1)."""
    return hashlib.sha256(f"gin-salt|{seed}".encode()).hexdigest()[:SALT_CHARS]


def hand_salt(salt: str, hand_number: int) -> str:
    """The salt of deal ``hand_number`` (1-based): the first ``SALT_CHARS`` hex characters of
    ``sha256("gin-salt|<match salt>|<hand number>")``."""
    return hashlib.sha256(f"gin-salt|{salt}|{hand_number}".encode()).hexdigest()[:SALT_CHARS]


def deal_text(deck: Sequence[Card], salt: str) -> str:
    """The exact text whose ``sha256`` is the fingerprint of ``deck`` under a hand's ``salt``."""
    return f"gin-fingerprint|{salt}|{format_cards(deck)}"


def fingerprint(deck: Sequence[Card], salt: str) -> str:
    """The full fingerprint (64 lowercase hex characters) of ``deck`` under a hand's ``salt``."""
    return hashlib.sha256(deal_text(deck, salt).encode()).hexdigest()


def deal_fingerprint(deck: Sequence[Card], salt: str, hand_number: int) -> str:
    """The fingerprint of deal ``hand_number`` of a match with ``salt``."""
    return fingerprint(deck, hand_salt(salt, hand_number))


def first_mismatch(expected: Sequence[str], recorded: object) -> str | None:
    """How ``recorded`` (a save's list of fingerprints, one per deal) differs from ``expected``,
    in one line naming the first hand that differs; None when every one matches."""
    if not isinstance(recorded, list):
        return f"fingerprints must be a list, one per hand, not {type(recorded).__name__}"
    for number, printed in enumerate(expected, 1):
        if number > len(recorded):
            return f"hand {number}: the save records no fingerprint"
        if recorded[number - 1] != printed:
            return limits.clip(
                f"hand {number}: the save records the fingerprint {recorded[number - 1]!r}, "
                f"but its deck and salt give {printed}"
            )
    if len(recorded) > len(expected):
        hands = f"{len(expected)} hand{'' if len(expected) == 1 else 's'}"
        return f"the save records {len(recorded)} fingerprints for {hands}"
    return None
