"""The stall guard (stall.py): a call that would wait for ever fails with the error build.py
reruns on, and the browser lives on for the next test."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError
from stall import CRASHED, guard


def test_a_stalled_call_fails_and_the_browser_lives_on(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.goto("./help.html")
    timer = guard(limit=1.0)
    began = time.monotonic()
    with pytest.raises(PlaywrightError, match=CRASHED):
        page.evaluate("new Promise(() => {})")  # settles never
    timer.cancel()
    assert time.monotonic() - began < 15
    context.close()
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.goto("./help.html")
    assert page.evaluate("document.readyState") in {"interactive", "complete"}
    context.close()
