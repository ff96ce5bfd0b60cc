"""The machine's processes, read from Linux's /proc: for tests that end browsers by hand
(killable.py, stall.py)."""

from __future__ import annotations

from pathlib import Path


def processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, command line) of every process now running."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:  # a process may end while it is read
            stat = (entry / "stat").read_text()
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
        found.append((int(entry.name), parent, command))
    return found


def processes_under(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of every process below ``pid``."""
    children: dict[int, list[tuple[int, str]]] = {}
    for child, parent, command in processes():
        children.setdefault(parent, []).append((child, command))
    found: list[tuple[int, str]] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child[0])
    return found
