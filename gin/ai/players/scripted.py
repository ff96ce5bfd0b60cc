"""The scripted opponent of the lessons: it plays the actions it is given, in order.

A lesson (web/coach/lessons.json) arranges a deal and lists the computer's moves in it, so that the
table goes where the lesson explains. The ``n``-th action of the script is the computer's
``n``-th action of the hand, played when the rules allow it then; otherwise, and once the script
is spent, the beginner's choice (the simplest player of the ladder) is played instead. It is not
registered in the ladder (:mod:`gin.ai.base`), so Settings never offers it; the api builds one
for a match started with a ``script``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin.ai.base import View
from gin.ai.players.beginner import Beginner


class Scripted:
    """Plays ``script`` in order where legal, else as the beginner would."""

    def __init__(self, script: Sequence[str]) -> None:
        self.script = tuple(script)

    def decide(self, view: View) -> str:
        """The script's next action for this seat's view, when it is legal now."""
        done = sum(1 for entry in view.get("history", ()) if entry.get("seat") == view.get("seat"))
        if done < len(self.script):
            wanted = self.script[done]
            for entry in view.get("legal_actions", ()):
                action = str(entry.get("action"))
                # "knock 7H" stands for the knock with the engine's best declaration.
                if action == wanted or action.startswith(wanted + " "):
                    return action
        return Beginner().decide(view)
