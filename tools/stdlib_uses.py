"""Run inside Pyodide by tools/snapshot.mjs: play through every request the page makes, then
name the standard library's files Python read on the way (members of its zip).

The build ships only those files (a standard library of about a third of the size), so this
must reach every import the page can reach: every opponent plays and hints through a few hands,
saves are loaded, replayed and reviewed, and bad requests are answered.
"""

import json
import sys

from gin.api import choose_action, handle


def call(**request: object) -> dict:
    return json.loads(handle(json.dumps(request)))


def play(opponent: str, moves: int) -> dict:
    reply = call(op="new", seed=f"stdlib-{opponent}", opponent=opponent)
    for _ in range(moves):
        view = reply["view"]
        if not view["legal_actions"]:
            break
        if view["your_turn"]:
            call(op="hint")
            call(op="declarations", card=view["hand"][0])
            reply = call(op="act", action=choose_action(view, "baseline"))
        else:
            reply = call(op="bot")
        assert reply["ok"], reply
    call(op="replay", save=reply["save"])
    call(op="load", save=reply["save"])
    return reply["save"]


for entry in call(op="opponents")["opponents"]:
    save = play(entry["name"], 120)
assert call(op="review", save=save, hand=1)["ok"]  # the coach, once: its imports are the same
call(op="presets")
call(op="view")
for bad in ('{"op": "load", "save": "{"}', '{"op": "act", "action": "discard 1Z"}', "[", "{}"):
    assert not json.loads(handle(bad))["ok"]

ZIP = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
used = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(ZIP + "/"):
        used.add(origin[len(ZIP) + 1 :])
json.dumps(sorted(used))
