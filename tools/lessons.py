"""Arrange the lessons' deals: write each lesson's ``deck`` and ``seed`` from its ``deal``.

A lesson (web/coach/lessons.json) describes its deal by hand: your ten cards, the computer's (the
rest are filled in), the upcard and the first cards of the stock. The engine is given a whole deck
(docs/rules.md, supplied decks); this turns the one into the other, dealing as the engine does
(one card at a time from the non-dealer, the 21st card the upcard, the stock after it), and picks
a seed under which the computer deals, so that you decide first on the upcard.

A lesson's words are messages (``{"key": "lessons.melds.intro", "args": {...}}``, worded by the
page's ``said``) whose text is in the catalogues, gin/locales/<language>/lessons.json. A text
names its cards as ``{c_5H}`` (each language then shows the card in its own letters); this fills
in each message's card arguments from the English text, and checks that every language words
every message.

    python3 tools/lessons.py          # rewrite web/coach/lessons.json's decks, seeds and card
    arguments python3 tools/lessons.py --check  # exit 1 when one of them is stale or a language
    lacks a text
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.cards import format_card, parse_cards  # noqa: E402
from gin.i18n import LANGUAGES, MessageError, catalogue, placeholders, word  # noqa: E402
from gin.match import first_dealer  # noqa: E402

LESSONS = Path(__file__).resolve().parent.parent / "web" / "coach" / "lessons.json"
COMPUTER = 1
CARD = re.compile(r"c_([A2-9TJQK][CDHS])")


def arrange(lesson: dict[str, Any]) -> tuple[str, str]:
    """The deck (52 cards, top first) and the seed that deal ``lesson["deal"]``."""
    deal = lesson["deal"]
    you = parse_cards(deal["you"])
    given = parse_cards(deal.get("computer", ""))
    upcard = parse_cards(deal["upcard"])
    stock = parse_cards(deal.get("stock", ""))
    named = you + given + upcard + stock
    if len(set(named)) != len(named) or len(you) != 10 or len(given) not in (0, 10):
        raise ValueError(f"lesson {lesson['id']}: the deal names a card twice or a hand is not 10")
    rest = [c for c in range(52) if c not in named]
    random.Random(lesson["id"]).shuffle(rest)  # the unnamed cards, in a fixed scattered order
    computer = given or [rest.pop() for _ in range(10)]
    dealt = [card for pair in zip(you, computer, strict=True) for card in pair]
    deck = dealt + upcard + stock + rest
    seeds = (f"lesson-{lesson['id']}-{n}" for n in range(100))
    seed = next(s for s in seeds if first_dealer(s) == COMPUTER)
    return " ".join(format_card(c) for c in deck), seed


def messages(lesson: dict[str, Any]) -> list[dict[str, Any]]:
    """A lesson's words: its title, intro and end, and each step's task and answers."""
    found = [lesson[f] for f in ("title", "intro", "end")]
    return found + [step[f] for step in lesson["steps"] for f in ("do", "right", "wrong")]


def with_cards(message: dict[str, Any]) -> dict[str, Any]:
    """The message with an argument for each card its English text names (``{c_5H}``)."""
    text = catalogue("en").get(message["key"])
    if not isinstance(text, str):
        raise ValueError(f"the English catalogue has no lesson text {message['key']!r}")
    args = {k: v for k, v in message.get("args", {}).items() if not CARD.fullmatch(k)}
    for name in sorted(placeholders(text)):
        card = CARD.fullmatch(name)
        if card:
            args[name] = {"card": card.group(1)}
    return {"key": message["key"], "args": args}


def unworded(lesson: dict[str, Any]) -> list[str]:
    """The lesson's messages some language cannot word, as "language: problem"."""
    problems = []
    for message in messages(lesson):
        for language in LANGUAGES:
            try:
                word(catalogue(language), message, language)
            except MessageError as error:
                problems.append(f"{language}: {error}")
    return problems


def main(argv: list[str]) -> int:
    data = json.loads(LESSONS.read_text(encoding="utf-8"))
    stale, problems = [], []
    for lesson in data["lessons"]:
        deck, seed = arrange(lesson)
        if (lesson.get("deck"), lesson.get("seed")) != (deck, seed):
            stale.append(lesson["id"])
            lesson["deck"], lesson["seed"] = deck, seed
        for message in messages(lesson):
            carded = with_cards(message)
            if carded != message:
                stale.append(f"{lesson['id']} ({message['key']})")
                message.clear()
                message.update(carded)
        problems += unworded(lesson)
    if "--check" in argv:
        if stale:
            print(f"stale in {LESSONS.name}: {', '.join(stale)} (run tools/lessons.py)")
        for problem in problems:
            print(f"lesson text: {problem}")
        return 1 if stale or problems else 0
    LESSONS.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(data['lessons'])} lessons, {len(stale)} changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
