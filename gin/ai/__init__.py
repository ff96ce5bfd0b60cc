"""Computer opponents: each decides from one seat's view alone (see :mod:`gin.ai.base`).

The ladder, weakest first: beginner, cautious, gin hunter, expert; and the research
challenge's baseline player as the yardstick.
"""

from gin.ai import baseline, beginner, cautious, expert, ginhunter
from gin.ai.base import Opponent, OpponentError, entries, opponent

__all__ = ["Opponent", "OpponentError", "entries", "opponent"]

LADDER = (beginner, cautious, ginhunter, expert)
"""The modules of the ladder, weakest first (importing them registers their opponents)."""
YARDSTICK = baseline
