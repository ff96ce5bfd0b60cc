"""A test stalled in a browser call that has no timeout of its own (``page.evaluate`` of a
promise that never settles, ``set_viewport_size``): its pages are crashed on purpose, so the call
fails with "Target crashed" and build.py runs the test once more (``--reruns 1 --only-rerun``)
instead of the suite waiting until CI's limit. Such a wait was seen once in six runs of the
suite on one machine (test_comfort.py's zoom test, 25 minutes with both cores idle); it did not
come back in 24 runs of that test alone, nor in the other five runs. Ten seconds before the
crash, pytest's faulthandler (pyproject.toml, ``faulthandler_timeout``) writes where the test
waits to stderr, which the run's log keeps even when the rerun passes."""

from __future__ import annotations

import os
import signal
import threading

from procs import processes_under

# Seconds a test may take before its pages are crashed: the slowest takes about 30 s on two busy
# cores; a hand of the engine at its slowest in the page is well under a second.
STALL_LIMIT = 240.0
# The error the waiting call then raises, which build.py's --only-rerun names.
CRASHED = "Target crashed"


def crash_pages() -> int:
    """Kill the renderers of the browsers this process started (their pages crash; the browsers
    live on for the next test). How many were killed."""
    killed = 0
    for pid, command in processes_under(os.getpid()):
        if "--type=renderer" in command:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
    return killed


def guard(limit: float = STALL_LIMIT) -> threading.Timer:
    """A started timer that crashes this process's pages after ``limit`` seconds; cancel it when
    the test ends."""
    timer = threading.Timer(limit, crash_pages)
    timer.daemon = True
    timer.start()
    return timer
