"""The limits on what enters the engine, in one place.

Every door reads these same numbers: a new match through :mod:`gin.api`, a rules document
(:class:`gin.rules.Rules`), a loaded save (:mod:`gin.save`) and a bot request
(:mod:`gin.ai.bot`). What one door accepts the others accept too, so every save the game writes
loads again; anything beyond a limit is refused at once with a :class:`LimitError` that names the
limit (see docs/save.md).

>>> check_text("demo", "the seed", SEED_LENGTH)
'demo'
>>> check_text("", "the seed", SEED_LENGTH)
Traceback (most recent call last):
...
gin.limits.LimitError: the seed must be a text of 1 to 200 characters, not ''
>>> parse_json('{"id": NaN}')
Traceback (most recent call last):
...
gin.limits.LimitError: NaN is not a JSON number
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import IO, Any

SEED_LENGTH = 200
"""Characters of a seed. A seed given as a whole number is its decimal text, so at most this
many digits."""
NAME_LENGTH = 40
"""Characters of a seat's name."""
ACTION_LENGTH = 200
"""Characters of one action's text; the longest the engine writes (a knock declaring three
melds) has fewer than 60."""
TARGET_MAX = 10_000
"""Points to win a match. The settings panel offers 1 to this."""
BONUS_MAX = 10_000
"""Each bonus of the rules. With the target and the action limit it keeps every score far
below 2**53, so the page's JavaScript numbers hold it exactly and the save's summary reloads."""
MATCH_ACTIONS = 50_000
"""Actions in one match, ``next`` included. The rules bound no match's length (void hands and a
pile taken back and forth can go on), so this is a generous ceiling measured on play: against a
player who picks a random legal action at every turn our opponents end a match in 0.7 actions
per point of the target on average and 1.4 at most (target 100), some 7,000 at the largest
target, 14,000 at worst. A save this long is about 550 kB and reloads in about 4 s on a busy
2-core machine (100,000 took 8 s). The game refuses the action past the ceiling (the match
must then end), so every save it writes stays loadable."""
VIEW_HISTORY = 10_000
"""Entries of one hand's history in a view given to the bot. A hand where both players draw
from the stock ends within 31 draws; this leaves room for a pile passed back and forth."""
JSON_DEPTH = 32
"""Nesting of arrays and objects in a request or a save; the deepest the engine writes is 5."""
JSON_DIGITS = SEED_LENGTH
"""Digits of a whole number in JSON: the longest a seed may have."""
REQUEST_CHARS = 8_000_000
"""Characters of one request to :func:`gin.api.handle`: a save of ``MATCH_ACTIONS`` actions fits
with room to spare."""
LINE_BYTES = 1_000_000
"""Bytes of one line read by the command line (a bot request, a hand for ``deadwood``): a view
with ``VIEW_HISTORY`` history entries fits."""
MESSAGE_LENGTH = 300
"""Characters of an error message: a hostile value is quoted only this far."""


class LimitError(ValueError):
    """Input beyond one of the limits of this module."""


def check_text(value: Any, what: str, longest: int) -> str:
    """``value`` if it is a text of 1 to ``longest`` characters that UTF-8 can carry (a lone
    surrogate cannot be stored or shown), else :class:`LimitError` naming ``what``."""
    if not isinstance(value, str) or not 1 <= len(value) <= longest:
        shown = f"{len(value):,} characters" if isinstance(value, str) and value else repr(value)
        raise LimitError(clip(f"{what} must be a text of 1 to {longest} characters, not {shown}"))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise LimitError(f"{what} holds a lone surrogate, which is not text") from None
    return value


def check_count(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number in ``low..high`` (not a bool), else :class:`LimitError`."""
    if type(value) is not int or not low <= value <= high:
        raise LimitError(clip(f"{what} must be a whole number {low}..{high}, not {value!r}"))
    return value


def clip(message: str, longest: int = MESSAGE_LENGTH) -> str:
    """A message cut to ``longest`` characters, so a huge hostile value is not echoed whole.

    >>> clip("x" * 400)[-10:]
    'xxx… (cut)'
    """
    if len(message) <= longest:
        return message
    return message[: longest - 7] + "… (cut)"


def _constant(name: str) -> Any:
    raise LimitError(f"{name} is not a JSON number")


def _float(text: str) -> float:
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise LimitError(clip(f"the number {text} is too large"))
    return number


def _int(text: str) -> int:
    if len(text.lstrip("-")) > JSON_DIGITS:
        raise LimitError(f"a whole number of more than {JSON_DIGITS} digits")
    return int(text)


# A string runs to its closing quote or, unterminated, to the end: every match succeeds, so
# the scan stays linear on any text.
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_ONE_KIND = str.maketrans("{}", "[]")


def depth(text: str) -> int:
    """How deep arrays and objects nest in JSON text (0 for a bare value), counted no further
    than ``JSON_DEPTH + 1``; brackets left unclosed count as nesting.

    >>> depth('{"a": [1, {"b": "[[["}]}'), depth("[[[]"), depth("[" * 10**6)
    (3, 3, 33)
    """
    nest = _NOT_BRACKETS.sub("", _STRINGS.sub("", text)).translate(_ONE_KIND)
    level = 0
    # Each round removes the innermost pairs, in C: linear per round, at most JSON_DEPTH rounds.
    while "[]" in nest and level <= JSON_DEPTH:
        nest = nest.replace("[]", "")
        level += 1
    return min(level + nest.count("["), JSON_DEPTH + 1)


def parse_json(text: str, longest: int = REQUEST_CHARS) -> Any:
    """Strict JSON within the limits: at most ``longest`` characters and ``JSON_DEPTH`` levels,
    no NaN or Infinity, no number too large for a float, no whole number longer than
    ``JSON_DIGITS``. Raises :class:`LimitError` beyond a limit and ``ValueError`` (a
    ``json.JSONDecodeError``) for text that is not JSON."""
    if len(text) > longest:
        raise LimitError(f"{len(text):,} characters; at most {longest:,} are read")
    # Checked before parsing: the parser's recursion would otherwise meet the stack first.
    if depth(text) > JSON_DEPTH:
        raise LimitError(f"arrays and objects nested more than {JSON_DEPTH} deep")
    return json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)


def dump_json(data: Any, ascii_only: bool = False) -> str:
    """JSON text of data the engine made (never NaN or Infinity: ``ValueError`` if so)."""
    return json.dumps(data, ensure_ascii=ascii_only, allow_nan=False)


def bounded_lines(
    stream: IO[bytes] | IO[str], longest: int = LINE_BYTES
) -> Iterator[str | LimitError]:
    """Each line of ``stream`` as text, or in its place a :class:`LimitError` for a line longer
    than ``longest`` (the rest of it is skipped unread into memory) or, from a byte stream, one
    that is not UTF-8. Reads only one bounded piece at a time, so no line can exhaust memory.

    >>> import io
    >>> for line in bounded_lines(io.BytesIO(b"draw\\n" + b"x" * 9 + b"\\n\\xff\\n"), longest=8):
    ...     print(repr(line))
    'draw\\n'
    LimitError('a line longer than 8 bytes')
    LimitError('a line that is not UTF-8 text')
    """
    while True:
        piece = stream.readline(longest + 1)
        if not piece:
            return
        if len(piece) > longest:
            while piece and piece[-1:] not in ("\n", b"\n"):
                piece = stream.readline(longest + 1)
            yield LimitError(f"a line longer than {longest:,} bytes")
        elif isinstance(piece, bytes):
            try:
                yield piece.decode("utf-8")
            except UnicodeDecodeError:
                yield LimitError("a line that is not UTF-8 text")
        else:
            yield piece
