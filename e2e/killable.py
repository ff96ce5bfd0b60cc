"""A Chromium the test starts itself, so that it can kill it: the browser process is a child of
this one (`subprocess`), driven over the DevTools protocol (Playwright's `connect_over_cdp`), with
a profile folder that outlives it. `kill()` sends SIGKILL to that browser process only, as an OS
or a power cut would end it; its helper processes then exit by themselves."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from conftest import CHROMIUM_ARGS, chromium_path
from procs import processes


class KillableBrowser:
    def __init__(self, pw: Any, profile: Path, env: dict[str, str] | None = None) -> None:
        self.pw = pw
        self.profile = profile
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None
        self.browser: Any = None

    def start(self) -> Any:
        """Start the browser on the profile; its one context (the profile's)."""
        port_file = self.profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)
        self.proc = subprocess.Popen(
            [
                chromium_path(),
                *CHROMIUM_ARGS,
                "--headless",
                f"--user-data-dir={self.profile}",
                "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
                "about:blank",
            ],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("the browser did not open its DevTools port")
            time.sleep(0.05)
        port = port_file.read_text().split()[0]
        self.browser = self.pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        return self.browser.contexts[0]

    def kill(self) -> None:
        """SIGKILL the browser process, then wait until no process of it holds the profile."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.proc = None
        self.browser = None  # its connection died with it
        self.wait_helpers_gone()

    def close(self) -> None:
        if self.browser is not None:
            with contextlib.suppress(Exception):  # already gone
                self.browser.close()
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        self.wait_helpers_gone()

    def wait_helpers_gone(self, timeout: float = 20) -> None:
        """The renderer and utility processes notice their browser is gone and exit; a new
        browser on the same profile must not meet them."""
        flag = f"--user-data-dir={self.profile}"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not any(flag in command for _, _, command in processes()):
                return
            time.sleep(0.1)
