"""The bot protocol: one JSON request per line in, one JSON reply per line out (see
docs/bot-protocol.md).

A request is an object with the player's ``view`` (as in docs/view.md) and an optional ``id``
echoed back; a bare view is accepted too. The reply is ``{"id": ..., "action": "discard 7H"}``
or, for anything wrong with the request, ``{"id": ..., "error": "..."}``; the bot keeps serving
either way. A blank line is ignored.

>>> import io
>>> from gin.match import new_match
>>> from gin.rules import Rules
>>> from gin.view import view
>>> m = new_match(Rules(), "demo")
>>> request = json.dumps({"id": 7, "view": view(m, m.hand.to_act)})
>>> out = io.StringIO()
>>> serve(io.StringIO(request + "\\n\\nnot json\\n"), out, "baseline")
>>> for line in out.getvalue().splitlines():
...     print(line[:60])
{"id": 7, "action": "pass"}
{"id": null, "error": "a request must be one JSON object per
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from gin.ai.base import Opponent, opponent


def answer(player: Opponent, line: str) -> dict[str, Any]:
    """The reply to one request line."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        return {"id": None, "error": f"a request must be one JSON object per line ({error})"}
    if not isinstance(request, Mapping):
        return {"id": None, "error": "a request must be a JSON object"}
    ident = request.get("id")
    view = request.get("view", request)
    if not isinstance(view, Mapping):
        return {"id": ident, "error": "the request's 'view' must be a JSON object"}
    try:
        return {"id": ident, "action": player.decide(view)}
    except (ValueError, LookupError, TypeError, AttributeError) as error:
        return {"id": ident, "error": str(error)}


def serve(source: IO[str], sink: IO[str], name: str) -> None:
    """Answer each request line of ``source`` on ``sink`` until the input ends."""
    player = opponent(name)
    for line in source:
        if not line.strip():
            continue
        sink.write(json.dumps(answer(player, line), ensure_ascii=False) + "\n")
        sink.flush()
