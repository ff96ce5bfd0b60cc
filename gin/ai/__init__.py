"""Computer opponents: each decides from one seat's view alone (see :mod:`gin.ai.base`).

The ladder, weakest first: beginner, cautious, gin hunter, tactician (the previous expert),
expert; the research challenge's baseline player as the yardstick; and the arena's league of
sparring partners (:mod:`gin.ai.players.league`), which players are not offered.
"""

from gin.ai.base import Opponent, OpponentError, entries, opponent
from gin.ai.players import baseline, beginner, cautious, expert, ginhunter, league, racer, tactician

__all__ = ["Opponent", "OpponentError", "entries", "opponent"]

LADDER = (beginner, cautious, ginhunter, tactician, expert)
"""The modules of the ladder, weakest first (importing them registers their opponents)."""
YARDSTICK = baseline
LEAGUE = (league, racer)
