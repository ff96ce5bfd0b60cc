"""Arrange the lessons' deals: write each lesson's ``deck`` and ``seed`` from its ``deal``.

A lesson (web/lessons.json) describes its deal by hand: your ten cards, the computer's (the rest
are filled in), the upcard and the first cards of the stock. The engine is given a whole deck
(docs/rules.md, supplied decks); this turns the one into the other, dealing as the engine does
(one card at a time from the non-dealer, the 21st card the upcard, the stock after it), and picks
a seed under which the computer deals, so that you decide first on the upcard.

    python3 tools/lessons.py          # rewrite web/lessons.json's decks and seeds
    python3 tools/lessons.py --check  # exit 1 when a deck or seed is not what its deal gives
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin.cards import format_card, parse_cards  # noqa: E402
from gin.match import first_dealer  # noqa: E402

LESSONS = Path(__file__).resolve().parent.parent / "web" / "lessons.json"
COMPUTER = 1


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


def main(argv: list[str]) -> int:
    data = json.loads(LESSONS.read_text(encoding="utf-8"))
    stale = []
    for lesson in data["lessons"]:
        deck, seed = arrange(lesson)
        if (lesson.get("deck"), lesson.get("seed")) != (deck, seed):
            stale.append(lesson["id"])
            lesson["deck"], lesson["seed"] = deck, seed
    if "--check" in argv:
        if stale:
            print(f"stale decks in {LESSONS.name}: {', '.join(stale)} (run tools/lessons.py)")
        return 1 if stale else 0
    LESSONS.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(data['lessons'])} lessons, {len(stale)} changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
