"""Browser tests: dist/ served on 127.0.0.1 by `build.py serve`, driven with Debian's Chromium.

Run through `python3 build.py test` (which builds dist/ and finds the browser first), or
directly with `pytest e2e` after `python3 build.py build`. GIN_CHROMIUM overrides the browser.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers module beside this file

from gintable import Table, visited  # noqa: E402
from stall import guard  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str:
    return os.environ.get("GIN_CHROMIUM") or "/usr/bin/chromium"


@pytest.fixture(autouse=True)
def stall_guard() -> Iterator[None]:
    """Every test's pages crashed if it stalls past stall.STALL_LIMIT (stall.py says why)."""
    timer = guard()
    yield
    timer.cancel()


@pytest.fixture(scope="session")
def browser_profile_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="gin-e2e-") as tmp:
        yield Path(tmp)


@pytest.fixture(scope="session")
def chromium_env(browser_profile_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["XDG_CONFIG_HOME"] = str(browser_profile_dir / "config")
    env["XDG_CACHE_HOME"] = str(browser_profile_dir / "cache")
    return env


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], chromium_env: dict[str, str]
) -> dict[str, Any]:
    path = chromium_path()
    if not Path(path).exists():
        pytest.exit(f"Chromium not found at {path}: set GIN_CHROMIUM or run build.py test", 1)
    return {
        **browser_type_launch_args,
        "executable_path": path,
        "args": CHROMIUM_ARGS,
        "env": chromium_env,
    }


@pytest.fixture(scope="session")
def launch_options(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """The same launch options, for tests that start their own persistent browser."""
    return browser_type_launch_args


class StaticServer:
    """`build.py serve --no-build --port 0` in a child process; stopped by its own handle. It
    sends the headers of the served folder's _headers file, as a static host would."""

    def __init__(self, directory: Path = DIST) -> None:
        if not (DIST / "index.html").exists():
            pytest.exit("dist/ is missing: run `python3 build.py build` first", 1)
        self.directory = directory
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> str:
        serve = ["serve", "--no-build", "--port", "0", "--dir", str(self.directory)]
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "build.py"), *serve],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not match:
            self.stop()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.url = match.group(0)
        return self.url

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="session")
def server() -> Iterator[StaticServer]:
    srv = StaticServer()
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def base_url(server: StaticServer) -> str:
    return server.url


@pytest.fixture
def fresh_server() -> Iterator[StaticServer]:
    """A server of the test's own, which the test may stop (offline checks)."""
    srv = StaticServer()
    srv.start()
    yield srv
    srv.stop()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "first_visit: the test's context starts with nothing kept (no snapshot)"
    )


@pytest.fixture
def context(context: BrowserContext, request: pytest.FixtureRequest) -> BrowserContext:
    """Playwright's context, as a browser that has visited before (gintable.visited), unless the
    test is marked first_visit."""
    if request.node.get_closest_marker("first_visit") is None:
        visited(context)
    return context


@pytest.fixture
def table(page: Any) -> Table:
    page.set_default_timeout(20_000)
    return Table(page)
