#!/usr/bin/env python3
"""Build, serve, test and benchmark the Gin Rummy web game.  Standard library only.

    python3 build.py build              assemble dist/ (static files, relative URLs)
    python3 build.py serve [--port N]   build when stale, serve dist/ on 127.0.0.1
    python3 build.py test               lint, types, unit tests, build, browser tests
    python3 build.py bench              in-browser boot benchmark (and `python -m gin bench`)
    python3 build.py bench --network slow4g|fast4g|loopback
                                        a phone's first visit through a throttled link
    python3 build.py bench --memory     the whole browser's memory, the game against a bare page

Everything the commands need is set up on first use: `npm ci` for the pinned Pyodide and the
snapshot's decompressor, Debian's zstd (to pack the snapshot), a virtual environment in .venv
with the project's test and dev extras, and Debian's chromium (when running as root).
GIN_CHROMIUM overrides the path of the browser.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import fnmatch
import functools
import gzip
import hashlib
import http.server
import inspect
import io
import json
import os
import posixpath
import re
import shutil
import socket
import socketserver
import struct
import subprocess
import sys
import threading
import time
import tomllib
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".build"
VENV = ROOT / ".venv"
WEB = ROOT / "web"
PYODIDE_PKG = ROOT / "node_modules" / "pyodide"
# The snapshot's decompressor (a pure-JavaScript Zstandard decoder), served to the worker.
FZSTD = ROOT / "node_modules" / "fzstd" / "esm" / "index.mjs"
SNAPSHOT_TOOLS = (
    ROOT / "tools" / "snapshot.mjs",
    ROOT / "tools" / "stdlib_uses.py",
    ROOT / "tools" / "stdlib_compile.py",
)
# The only Pyodide files a page requests (seen in the browser's request log). Its lock file is
# not one of them: the worker hands Pyodide the lock's contents with no packages (the game loads
# none), written into config.mjs (`pyodideLock`): one request and 27 kB fewer.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
PYODIDE_LOCK = "pyodide-lock.json"
# Pyodide files shipped in the project's own packed form, NAME.zst (zstd -19: the wasm is 2.89 MB
# where a host's gzip sends 3.54 MB; the trimmed standard library, stored and packed whole, 0.51
# MB where its deflated members make 0.69), unpacked by the worker as they stream in
# (web/boot/packed.mjs).
PACKED = ("pyodide.asm.wasm", "python_stdlib.zip")
STAMP = DIST / ".build-stamp"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
# Content-Security-Policy: the page's own origin only, plus compiling WebAssembly.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self' data:; style-src 'self'; font-src 'self'; "
    "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'"
)
# Response headers of every file. A <meta> CSP covers the page only, not its worker, so the policy
# must come as a header: `build` writes these to dist/_headers (the file Netlify and Cloudflare
# Pages read; README "Deploying" gives them for other hosts) and `serve` sends what that file says.
# "no-cache" makes every load revalidate, so that the HTTP cache never hands out an older build's
# file beside a newer one (the service worker keeps the offline copy).
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
HEADERS_FILE = "_headers"
MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/octet-stream",
    ".json": "application/json",
    ".zip": "application/zip",
}


# --------------------------------------------------------------------------- helpers


def stage(title: str) -> None:
    bar = "=" * 72
    print(f"\n{bar}\n== {title}\n{bar}", flush=True)


def run(cmd: Sequence[str | os.PathLike[str]], **kw: object) -> None:
    printable = " ".join(str(c) for c in cmd)
    print(f"$ {printable}", flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)  # type: ignore[call-overload]


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(functools.partial(f.read, 1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def files_under(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith((".pyc", "~"))
    )


def ensure_apt(package: str, probe: str) -> None:
    """Install a Debian package when ``probe`` is not on PATH (root only)."""
    if shutil.which(probe):
        return
    if not is_root():
        sys.exit(f"{probe} is missing: install the Debian package {package!r} (needs root)")
    apt_install(package)


def apt_install(package: str) -> None:
    """``apt-get install`` one Debian package, after refreshing the package lists."""
    run(["apt-get", "update"])
    run(
        ["apt-get", "install", "-y", "--no-install-recommends", package],
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
    )


# --------------------------------------------------------------------------- build


def npm_ci() -> None:
    """Install the pinned Pyodide and fzstd from package-lock.json when missing or out of date."""
    marker = ROOT / "node_modules" / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    if (
        (PYODIDE_PKG / "pyodide.mjs").exists()
        and FZSTD.exists()
        and marker.exists()
        and (marker.stat().st_mtime >= lock.stat().st_mtime)
    ):
        return
    ensure_apt("npm", "npm")
    run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)


def project_meta() -> dict[str, object]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project: dict[str, object] = data["project"]
    return project


LOCALES = ROOT / "gin" / "locales"


# Parts of gin/ the page never imports: the command line and the research tools (self-play,
# training, arenas), 17% of the wheel's bytes.
OFF_THE_PAGE = (
    ROOT / "gin" / "__main__.py",
    ROOT / "gin" / "bench.py",
    ROOT / "gin" / "ai" / "research",
)


def gin_sources() -> list[Path]:
    """The engine's files that go into the page's wheel. The message catalogues stay out: the page
    reads them as locales/<language>.json (write_catalogues), so editing a message keeps the
    snapshot; so do the files the page never imports (OFF_THE_PAGE)."""
    return [
        p
        for p in files_under(ROOT / "gin")
        if p.suffix in (".py", ".typed", ".json")
        and LOCALES not in p.parents
        and not any(p == off or off in p.parents for off in OFF_THE_PAGE)
    ]


def write_catalogues(out: Path) -> None:
    """One file per language, locales/<language>.json: the parts of its catalogue merged in the
    order of their names, as gin.i18n.catalogue merges them."""
    (out / "locales").mkdir()
    for folder in sorted(p for p in LOCALES.iterdir() if p.is_dir()):
        merged: dict[str, object] = {}
        for part in sorted(folder.glob("*.json")):
            merged.update(json.loads(part.read_text(encoding="utf-8")))
        text = json.dumps(merged, ensure_ascii=False, separators=(",", ":"))
        (out / "locales" / f"{folder.name}.json").write_text(text, encoding="utf-8")


def build_gin_wheel(out_dir: Path) -> Path:
    """A pure-Python wheel of gin/ for the page, written directly with zipfile (reproducible).

    Equivalent to what setuptools builds for this package (no compiled code, no
    dependencies), without needing a build backend at build time. Its members are stored, not
    deflated: the site ships it packed whole by zstd (packed_file), 0.12 MB where deflating
    member by member leaves 0.16.
    """
    meta = project_meta()
    name, version = str(meta["name"]), str(meta["version"])
    dist_info = f"{name}-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {name}\nVersion: {version}\n"
        f"Summary: {meta.get('description', '')}\n"
        f"Requires-Python: {meta.get('requires-python', '>=3.11')}\n"
    )
    wheel_txt = (
        "Wheel-Version: 1.0\nGenerator: gin-build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    entries: list[tuple[str, bytes]] = []
    for path in gin_sources():
        entries.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((f"{dist_info}/WHEEL", wheel_txt.encode()))
    entries.append((f"{dist_info}/top_level.txt", f"{name}\n".encode()))
    record_lines = []
    for arcname, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{arcname},sha256={digest},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    target.write_bytes(buf.getvalue())
    return target


def engine_snapshot(gin_wheel: Path, pyodide_version: str) -> tuple[Path, Path, str]:
    """The trimmed standard library, the engine's memory snapshot and its key, made by
    tools/snapshot.mjs in Node for this Pyodide and this gin wheel, and kept in .build/snapshot/
    (about 25 s to make; the key changes with anything that goes into it).

    The standard library keeps only the files the page's Python reads (tools/stdlib_uses.py),
    compiled by this Python with no source (tools/stdlib_compile.py); the snapshot is taken on
    that library and must be restored with it. The shipped file is a
    JSON line {key, length, sha256 (of what follows)}, then the snapshot packed by zstd.
    """
    h = hashlib.sha256()
    for path in [
        *(PYODIDE_PKG / n for n in PYODIDE_FILES),
        gin_wheel,
        WEB / "boot" / "pyengine.mjs",
    ]:
        h.update(sha256_file(path).encode())
    for path in SNAPSHOT_TOOLS:
        h.update(sha256_file(path).encode())
    # The snapshot holds the library zip's layout (zipimport's table of members): made anew when
    # the way the library is written changes.
    h.update(inspect.getsource(trim_stdlib).encode())
    key = f"pyodide-{pyodide_version}/engine-{h.hexdigest()[:16]}"
    folder = CACHE / "snapshot" / key.replace("/", "-")
    stdlib, packed = folder / "python_stdlib.zip", folder / "engine.snapshot"
    if packed.exists() and stdlib.exists():
        return stdlib, packed, key
    ensure_apt("zstd", "zstd")
    ensure_apt("nodejs", "node")
    t0 = time.monotonic()
    work = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    tool = str(SNAPSHOT_TOOLS[0])
    uses = work / "stdlib-uses.json"
    run(["node", tool, "uses", PYODIDE_PKG, gin_wheel, uses])
    keep = set(json.loads(uses.read_text()))
    trimmed = work / "trimmed.zip"
    trim_stdlib(PYODIDE_PKG / stdlib.name, keep, trimmed)
    run(["node", tool, "compile", PYODIDE_PKG, trimmed, work / stdlib.name])
    raw = work / "engine.snapshot.raw"
    run(["node", tool, "make", PYODIDE_PKG, work / stdlib.name, gin_wheel, raw])
    run(["zstd", "-q", "-19", "--long=25", "-T2", "-f", raw, "-o", work / "engine.zst"])
    frame = (work / "engine.zst").read_bytes()
    header = {"key": key, "length": raw.stat().st_size, "sha256": hashlib.sha256(frame).hexdigest()}
    (work / packed.name).write_bytes(json.dumps(header).encode() + b"\n" + frame)
    for scratch in (uses, trimmed, raw, work / "engine.zst"):
        scratch.unlink()
    for older in folder.parent.iterdir():  # one snapshot kept: the newest build's
        if older != work:
            shutil.rmtree(older)
    work.rename(folder)
    print(
        f"engine snapshot: {header['length'] / 1e6:.1f} MB raw, {len(frame) / 1e6:.2f} MB packed; "
        f"standard library {stdlib.stat().st_size / 1e6:.2f} MB; {time.monotonic() - t0:.0f} s"
    )
    return stdlib, packed, key


def shipped(name: str) -> str:
    """The name under dist/pyodide/ of Pyodide's file ``name``: a packed one ends in .zst."""
    return f"{name}.zst" if name in PACKED else name


def packed_file(source: Path) -> Path:
    """``source`` packed by zstd -19, kept in .build/packed/ (the wasm takes 15 s)."""
    folder = CACHE / "packed" / source.name / sha256_file(source)[:16]
    out = folder / f"{source.name}.zst"
    if out.exists():
        return out
    ensure_apt("zstd", "zstd")
    folder.mkdir(parents=True, exist_ok=True)
    work = out.with_name(out.name + ".tmp")
    run(["zstd", "-q", "-19", "-T2", "-f", source, "-o", work])
    work.rename(out)
    for older in folder.parent.iterdir():  # one packed copy a file: this build's
        if older != folder:
            shutil.rmtree(older)
    return out


def snapshot_header(snapshot: Path) -> dict[str, Any]:
    """The JSON line at the head of a snapshot file: {key, length, sha256}."""
    with snapshot.open("rb") as f:
        header: dict[str, Any] = json.loads(f.readline())
    return header


def unpacked_sha256(snapshot: Path) -> str:
    """The SHA-256 of a snapshot file's snapshot, unpacked (by zstd)."""
    ensure_apt("zstd", "zstd")
    data = snapshot.read_bytes()
    raw = subprocess.run(
        ["zstd", "-d", "-q", "-c", "--long=25"],
        input=data[data.index(b"\n") + 1 :],
        capture_output=True,
        check=True,
    ).stdout
    return hashlib.sha256(raw).hexdigest()


def trim_stdlib(full: Path, keep: set[str], out: Path) -> None:
    """A copy of the standard library zip holding only the members named in ``keep``, stored
    rather than deflated: the build packs the whole file by zstd (PACKED), which leaves 0.51 MB
    where deflating member by member leaves 0.69."""
    with zipfile.ZipFile(full) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
        missing = sorted(keep - set(src.namelist()))
        if missing:
            sys.exit(f"the standard library has no {missing[0]} ({len(missing)} files missing)")
        for info in src.infolist():
            if info.filename in keep:
                dst.writestr(info, src.read(info), compress_type=zipfile.ZIP_STORED)


def input_files() -> list[Path]:
    """Everything a build reads (for the staleness check of `serve`)."""
    files = [ROOT / "build.py", ROOT / "pyproject.toml", ROOT / "package-lock.json"]
    files += gin_sources() + files_under(LOCALES) + files_under(WEB) + list(SNAPSHOT_TOOLS)
    return [f for f in files if f.exists()]


def inputs_digest() -> str:
    h = hashlib.sha256()
    for f in input_files():
        st = f.stat()
        h.update(f"{f.relative_to(ROOT)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def is_stale() -> bool:
    return not STAMP.exists() or STAMP.read_text().strip() != inputs_digest()


# A static import or export, or a dynamic import of a path written out (the worker's unpacker).
IMPORT_OF = (
    r"""(?:^\s*(?:import|export)\b[^;]*?\bfrom\s*|\bimport\(\s*)["'](\.\.?/[\w./-]+\.{})["']"""
)
IMPORT = re.compile(IMPORT_OF.format("js"), re.M)  # the page's modules, in web/
ANY_IMPORT = re.compile(IMPORT_OF.format("m?js"), re.M)  # and the worker's, in the built site
PRELOAD_MARK = "<!-- modulepreload: written by build.py -->"


def module_graph(
    entries: Iterable[str], folder: Path = WEB, imports: re.Pattern[str] = IMPORT
) -> list[str]:
    """Every module of ``folder`` that ``entries`` import, directly or not, in the order found
    (each by its path in ``folder``).

    >>> "table/render.js" in module_graph(["main.js"])
    True
    """
    found: list[str] = []
    todo = list(entries)
    while todo:
        name = todo.pop(0)
        if name in found:
            continue
        found.append(name)
        here = posixpath.dirname(name)
        todo += [
            posixpath.normpath(posixpath.join(here, m))
            for m in imports.findall((folder / name).read_text())
        ]
    return found


def with_module_preloads(html: str) -> str:
    """index.html with a modulepreload link for every module its scripts import.

    The browser then asks for the whole graph at once instead of one level of imports after
    another; through the service worker each level costs tens of milliseconds, and the saved
    hand is drawn only when the last module has come.
    """
    scripts = re.findall(r'<script type="module" src="([\w./-]+\.js)"></script>', html)
    imported = [m for m in module_graph(scripts) if m not in scripts]
    links = "\n".join(f'<link rel="modulepreload" href="{m}">' for m in imported)
    if PRELOAD_MARK not in html:
        raise ValueError(f"web/index.html lacks the line {PRELOAD_MARK!r}")
    return html.replace(PRELOAD_MARK, links)


TABLE_CSS = "table.css"
# The service worker's source; the build writes it to the site's root, since a worker controls only
# the pages at or under its own folder.
SERVICE_WORKER = "boot/sw.js"


def with_one_style_sheet(html: str, folder: Path = WEB) -> tuple[str, str]:
    """index.html with its style sheets as one, and that sheet's text (the files in their order).

    Each sheet is a request that holds the first paint; through the service worker six of them
    cost a few tens of milliseconds more than one. The files stay apart in web/ for reading.
    """
    links = re.findall(r'<link rel="stylesheet" href="([\w./-]+\.css)">\n', html)
    if not links:
        raise ValueError("web/index.html names no style sheet")
    text = "".join(f"/* {name} */\n{(folder / name).read_text()}\n" for name in links)
    first = f'<link rel="stylesheet" href="{links[0]}">\n'
    for name in links:
        line = f'<link rel="stylesheet" href="{name}">\n'
        html = html.replace(
            line, f'<link rel="stylesheet" href="{TABLE_CSS}">\n' if line == first else ""
        )
    return html, text


# --------------------------------------------------------------------------- first visit

# The bytes a first visit downloads before the engine is in (gzipped where a static host gzips),
# at most. (The table is playable sooner, on a first deal drawn while Python loads, after 0.2 MB:
# web/store/resume.js.) A first visit boots Python from scratch: no snapshot
# (web/boot/snapshot.mjs). 3.99 MB today, most of it Pyodide's wasm (packed). The standard
# library ships compiled (tools/stdlib_compile.py), which spares 1.5 s of Python's start; with
# each function's table of lines cut to its first line it packs to 0.53 MB, about what its source
# packs to (0.51) where it was 0.84 MB with the tables. The budget is the goal (4.0 MB):
# a file that joins the first visit fails the build, so that it is a choice, not a drift.
FIRST_VISIT_BUDGET = 4_000_000
# Files a first visit asks for beside the pages' scripts and the worker's: the engine's worker
# (started by boot/boot.js, the page's first script), data fetched at load, and every Pyodide file.
ENGINE_WORKER = "boot/worker.mjs"
# The Pyodide files the worker fetches or imports once it runs (it imports pyodide.mjs itself
# before it can count anything): the page's progress bar counts these and the wheel.
WORKER_DOWNLOADS = [n for n in PYODIDE_FILES if n != "pyodide.mjs"]
FIRST_VISIT_DATA = ("coach/lessons.json",)
# What a static host compresses (text and wasm); zip files and wheels are compressed already.
GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".wasm")
HEAD_LINK = re.compile(r'<(?:script[^>]*\bsrc|link[^>]*\bhref)="([\w./-]+)"')


def first_visit_files(site: Path) -> list[str]:
    """The files of ``site`` a first visit downloads before the table is playable: the page, what
    its head names, the modules its scripts and the engine's worker import, the data fetched at
    load, one catalogue (the largest), Pyodide and the gin wheel (e2e/test_boot.py checks this
    list against a real first visit)."""
    html = (site / "index.html").read_text()
    named = HEAD_LINK.findall(html)
    scripts = [n for n in named if n.endswith(".js")]
    modules = module_graph([*scripts, ENGINE_WORKER], site, ANY_IMPORT)
    catalogue = max(files_under(site / "locales"), key=lambda p: p.stat().st_size)
    wheels = [p.relative_to(site).as_posix() for p in files_under(site / "wheels")]
    found = ["index.html", *named, *modules, *FIRST_VISIT_DATA]
    found += [catalogue.relative_to(site).as_posix()]
    found += [f"pyodide/{shipped(n)}" for n in PYODIDE_FILES]
    return list(dict.fromkeys(found + wheels))


def ask_engine(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The engine's replies to ``requests``, in order, asked of the engine's source at build time
    (a process of its own, so that the build imports nothing of it); a refusal stops the build."""
    ask = (
        "import json, sys\n"
        "from gin.api import handle\n"
        "print(json.dumps([json.loads(handle(json.dumps(r))) for r in json.load(sys.stdin)]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", ask],
        cwd=ROOT,
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        check=True,
    )
    replies: list[dict[str, Any]] = json.loads(done.stdout)
    for request, reply in zip(requests, replies, strict=True):
        if not reply.get("ok"):
            raise SystemExit(f"build: the engine refused {request}: {reply}")
    return replies


def listed_opponents() -> list[dict[str, Any]]:
    """The engine's answer to its ``opponents`` op (names, descriptions, ratings): the first
    launch's welcome lists them before Python has started in the page (web/coach/welcome.js)."""
    opponents: list[dict[str, Any]] = ask_engine([{"op": "opponents"}])[0]["opponents"]
    return opponents


FIRST_DEALS = 6
"""First deals a build ships for a first visit (web/store/resume.js draws one while Python loads):
a few, so that newcomers do not all see one hand, at about 0.3 kB each as a host sends them."""


def first_deals(tag: str) -> list[dict[str, Any]]:
    """:data:`FIRST_DEALS` new matches dealt by the engine at build time, as the page starts one
    for a first visit (standard rules, the page's seat names), each ``{seed, view}``: only deals
    where the person has the first word on the upcard, so that the table can take a first move
    before the engine is in. The seeds are named after ``tag`` (the engine's snapshot key), so
    each engine ships deals of its own."""
    asked = [
        {
            "op": "new",
            "seed": f"first-{tag}-{i}",
            "preset": "standard",
            "names": ["You", "Computer"],
        }
        for i in range(FIRST_DEALS * 8)
    ]
    deals = [
        {"seed": request["seed"], "view": reply["view"]}
        for request, reply in zip(asked, ask_engine(asked), strict=True)
        if reply["view"]["to_act"] == reply["view"]["seat"]
    ]
    if len(deals) < FIRST_DEALS:
        raise SystemExit(
            f"build: only {len(deals)} of {len(asked)} deals give the person the first word"
        )
    return deals[:FIRST_DEALS]


def transfer_size(path: Path) -> int:
    """The bytes a static host sends for ``path``: gzipped (level 6, the usual) where it gzips."""
    return len(gzipped(path)) if path.suffix in GZIPPED else path.stat().st_size


def gzipped(path: Path) -> bytes:
    """``path``'s bytes gzipped as a static host gzips them (level 6, the usual)."""
    stat = path.stat()
    return _gzipped(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=32)
def _gzipped(path: Path, mtime_ns: int, size: int) -> bytes:
    # Keyed by the file's time and size as well: a rebuilt file is packed again.
    return gzip.compress(path.read_bytes(), 6, mtime=0)


def first_visit_bytes(site: Path, budget: int = FIRST_VISIT_BUDGET) -> dict[str, int]:
    """Print what a first visit of ``site`` downloads before the engine is in, file by file, and
    exit when the total passes ``budget``; the sizes, by file."""
    sizes = {name: transfer_size(site / name) for name in first_visit_files(site)}
    total = sum(sizes.values())
    print(
        f"first visit: {total / 1e6:.2f} MB until the engine is in (budget {budget / 1e6:.2f} MB)"
    )
    for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"  {size / 1e3:9.1f} kB  {name}")
    if total > budget:
        sys.exit(
            f"a first visit downloads {total / 1e6:.2f} MB, over its budget of "
            f"{budget / 1e6:.2f} MB (FIRST_VISIT_BUDGET in build.py); the largest file: "
            f"{max(sizes, key=lambda n: sizes[n])}"
        )
    return sizes


def build() -> None:
    """Assemble dist/ from web/, the Pyodide runtime, the gin wheel and the engine's snapshot."""
    stage("build: dist/")
    t0 = time.monotonic()
    npm_ci()
    tmp = ROOT / "dist.tmp"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    # The web layer.
    for src in files_under(WEB):
        rel = src.relative_to(WEB)
        if rel.as_posix() == SERVICE_WORKER:
            continue  # written below, at the site's root, with the file list and the content hash
        dst = tmp / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if rel.as_posix() == "index.html":
            html, css = with_one_style_sheet(with_module_preloads(src.read_text()))
            dst.write_text(html)
            (tmp / TABLE_CSS).write_text(css)
        else:
            shutil.copy2(src, dst)
    write_catalogues(tmp)
    # Pyodide: only what the page requests, its standard library trimmed to what the engine
    # reads, and the engine's memory snapshot taken on that library.
    gin_wheel = build_gin_wheel(CACHE / "wheel")  # the snapshot is made from it; shipped packed
    (tmp / "wheels").mkdir()
    shutil.copy2(packed_file(gin_wheel), tmp / "wheels" / f"{gin_wheel.name}.zst")
    pyodide_version = json.loads((PYODIDE_PKG / "package.json").read_text())["version"]
    stdlib, snapshot, snapshot_key = engine_snapshot(gin_wheel, pyodide_version)
    (tmp / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        source = stdlib if name == stdlib.name else PYODIDE_PKG / name
        shipped_source = packed_file(source) if name in PACKED else source
        shutil.copy2(shipped_source, tmp / "pyodide" / shipped(name))
    shutil.copy2(snapshot, tmp / snapshot.name)
    # The benchmark's bare page boots Pyodide as it is shipped: its own files, none packed, and
    # its whole standard library (pyodide.mjs, the loader, is the page's).
    for name in [*WORKER_DOWNLOADS, PYODIDE_LOCK]:
        shutil.copy2(PYODIDE_PKG / name, tmp / "bench" / name)
    shutil.copy2(FZSTD, tmp / "fzstd.mjs")
    config = {
        "pyodideVersion": pyodide_version,
        "pyodideLock": {
            "info": json.loads((PYODIDE_PKG / PYODIDE_LOCK).read_text())["info"],
            "packages": {},
        },
        "ginWheel": f"wheels/{gin_wheel.name}",
        "ginVersion": str(project_meta()["version"]),
        "snapshot": snapshot.name,
        "snapshotKey": snapshot_key,
        # The build's own record of the snapshot's packed bytes: the page checks the file against
        # this, not against the file's own header (web/boot/snapshot.mjs).
        "snapshotSha256": snapshot_header(snapshot)["sha256"],
        # And of its unpacked bytes, for the unpacked copy a browser keeps (the same module).
        "snapshotUnpackedSha256": unpacked_sha256(snapshot),
        # The engine's opponents, for the welcome a first visit shows while Python loads.
        "opponents": listed_opponents(),
        # A first visit's table while Python loads: deals made by the engine now, one of which
        # the engine then starts (web/store/resume.js).
        "firstDeals": first_deals(snapshot_key.rsplit("-", 1)[-1]),
        # What the worker downloads on a first visit, for the page's progress bar: each file's
        # bytes and the bytes a static host sends (web/boot/downloads.mjs).
        "downloads": {
            path: [(tmp / path).stat().st_size, transfer_size(tmp / path)]
            for path in [
                *(f"pyodide/{shipped(n)}" for n in WORKER_DOWNLOADS),
                f"wheels/{gin_wheel.name}.zst",
            ]
        },
        # The files the worker asks for by their plain name and gets packed (web/boot/packed.mjs).
        "packed": [*(f"pyodide/{n}" for n in PACKED), f"wheels/{gin_wheel.name}"],
    }
    # Content hash of everything shipped: it names the service worker's cache.
    precache = [
        p for p in files_under(tmp) if not p.relative_to(tmp).as_posix().startswith("bench/")
    ]
    h = hashlib.sha256()
    for p in precache:
        h.update(p.relative_to(tmp).as_posix().encode() + b"\0")
        h.update(sha256_file(p).encode())
    h.update(json.dumps(config, sort_keys=True).encode())
    digest = h.hexdigest()[:16]
    config["build"] = digest
    (tmp / "config.mjs").write_text(
        "// Written by build.py: what the worker loads, and the build's content hash.\n"
        f"export default {json.dumps(config, indent=2)};\n"
    )
    urls = ["./"] + [p.relative_to(tmp).as_posix() for p in precache] + ["config.mjs"]
    sw_src = (WEB / SERVICE_WORKER).read_text()
    sw_src = sw_src.replace('"__CACHE_NAME__"', json.dumps(f"gin-{digest}"))
    sw_src = sw_src.replace('["__PRECACHE__"]', json.dumps(sorted(set(urls)), indent=2))
    (tmp / "sw.js").write_text(sw_src)
    write_headers(tmp)
    first_visit_bytes(tmp)  # exits when over budget, leaving dist/ as it was
    if DIST.exists():
        shutil.rmtree(DIST)
    tmp.rename(DIST)
    STAMP.write_text(inputs_digest() + "\n")
    total = sum(p.stat().st_size for p in files_under(DIST))
    print(
        f"dist/ ready: build {digest}, {len(urls)} precached files, "
        f"{total / 1e6:.1f} MB, {time.monotonic() - t0:.1f} s"
    )


# --------------------------------------------------------------------------- serve


def write_headers(site: Path) -> None:
    """dist/_headers: every file of the site gets HEADERS."""
    lines = [
        "# Response headers for every file of this site, in the _headers format of Netlify and",
        "# Cloudflare Pages. Elsewhere, configure the server to send the same (README, Deploying).",
        "/*",
        *(f"  {name}: {value}" for name, value in HEADERS.items()),
    ]
    (site / HEADERS_FILE).write_text("\n".join(lines) + "\n")


def read_headers(site: Path) -> list[tuple[str, str, str]]:
    """The (path pattern, header, value) rules of ``site``'s _headers file (none if absent)."""
    path = site / HEADERS_FILE
    rules: list[tuple[str, str, str]] = []
    pattern = ""
    for line in path.read_text().splitlines() if path.exists() else []:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            pattern = line.strip()
        elif ":" in line and pattern:
            name, value = line.split(":", 1)
            rules.append((pattern, name.strip(), value.strip()))
    return rules


# The networks `bench --network` serves the site through: the link's bits a second, shared by
# every connection, and the round trip each response waits before its first byte; the loopback
# with neither (0: no limit).
NETWORKS = {"slow4g": (1.6e6, 0.150), "fast4g": (9e6, 0.060), "loopback": (0.0, 0.0)}


class Pipe:
    """One link shared by every connection: a token bucket that lets ``bits`` a second through, in
    all, with no burst; and ``rtt`` seconds before each response's first byte."""

    CHUNK = 16 * 1024  # the bytes a response sends at a time, so that responses share the link

    def __init__(self, bits: float, rtt: float) -> None:
        self.rate = bits / 8  # bytes a second
        self.rtt = rtt
        self.lock = threading.Lock()
        self.free = 0.0  # the monotonic time at which every byte let through so far has passed

    def send(self, size: int) -> None:
        """Wait until ``size`` more bytes have passed through the link after those before them."""
        with self.lock:
            self.free = max(self.free, time.monotonic()) + size / self.rate
            until = self.free
        time.sleep(max(0.0, until - time.monotonic()))


@dataclasses.dataclass(frozen=True)
class Hosting:
    """Serving as a static host does: an ETag on every file (a match answered 304), the text and
    wasm gzipped when the browser asks and ``compress`` is set, files packed already (zip, wheel,
    the snapshot, images) sent as they are, and a part of them when a range is asked for; every
    byte through ``pipe`` when one is given. ``drop``: (the end of a path, bytes) to drop the
    connection of that file's first response after that many bytes, as a phone's network drops."""

    compress: bool = True
    pipe: Pipe | None = None
    drop: tuple[str, int] | None = None
    dropped: set[str] = dataclasses.field(default_factory=set)  # the paths whose response was cut


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args: Any, hosting: Hosting | None = None, **kwargs: Any) -> None:
        self.hosting = hosting  # None: the files as they are, as `serve` has always sent them
        super().__init__(*args, **kwargs)  # handles the request

    def send_head(self) -> Any:
        host = self.hosting
        if host is None:
            return super().send_head()
        if host.pipe:
            time.sleep(host.pipe.rtt)  # the request's way there and the first byte's way back
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()  # a folder's redirect, or 404
        accepted = self.headers.get("Accept-Encoding", "").split(",")
        asked = {coding.split(";")[0].strip() for coding in accepted}
        packed = host.compress and path.suffix in GZIPPED and "gzip" in asked
        stat = path.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-gz" if packed else ""}"'
        if etag in self.headers.get("If-None-Match", ""):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        data = gzipped(path) if packed else path.read_bytes()
        start = 0 if packed else self.range_start(etag, len(data))
        self.send_response(http.HTTPStatus.PARTIAL_CONTENT if start else http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        if packed:
            self.send_header("Content-Encoding", "gzip")
        else:
            self.send_header("Accept-Ranges", "bytes")
        if start:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data) - start))
        self.send_header("ETag", etag)
        self.end_headers()
        self.cut = None
        if host.drop and self.path.endswith(host.drop[0]) and self.path not in host.dropped:
            host.dropped.add(self.path)
            self.cut = host.drop[1]
        return io.BytesIO(data[start:])

    def range_start(self, etag: str, size: int) -> int:
        """Where the part asked for starts (``Range: bytes=N-``, with an If-Range naming this very
        file, as a browser resumes a download); 0 for the whole file."""
        asked = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", "").strip())
        if_range = self.headers.get("If-Range")
        if not asked or (if_range and if_range != etag) or int(asked[1]) >= size:
            return 0
        if asked[2] and int(asked[2]) != size - 1:
            return 0  # only the rest of a file is ever asked for by a resume: whole, otherwise
        return int(asked[1])

    def copyfile(self, source: Any, outputfile: Any) -> None:
        pipe = self.hosting.pipe if self.hosting else None
        cut = getattr(self, "cut", None)
        if pipe is None and cut is None:
            return super().copyfile(source, outputfile)
        sent = 0
        while chunk := source.read(pipe.CHUNK if pipe else 64 * 1024):
            if cut is not None and sent + len(chunk) > cut:
                outputfile.write(chunk[: cut - sent])
                outputfile.flush()
                time.sleep(0.5)  # what was sent arrives: a reset drops what is still unread
                # Reset, not closed: the browser sees a dropped connection, not a short file.
                self.connection.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
                )
                self.close_connection = True
                raise ConnectionResetError("dropped as asked (Hosting.drop)")
            if pipe:
                pipe.send(len(chunk))
            outputfile.write(chunk)
            sent += len(chunk)
        return None

    def end_headers(self) -> None:
        # The served folder's _headers, read at each request: a test may swap the build under a
        # running server.
        path = self.path.split("?", 1)[0]
        for pattern, name, value in read_headers(Path(self.directory)):
            if fnmatch.fnmatchcase(path, pattern):
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if os.environ.get("GIN_SERVE_LOG"):
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser closing a connection mid-response (its page closed, a download cut short over
        # a throttled link) is no fault of the server's.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(port: int, directory: Path = DIST, hosting: Hosting | None = None) -> Server:
    handler = functools.partial(Handler, directory=str(directory), hosting=hosting)
    return Server(("127.0.0.1", port), handler)


def serve(port: int, rebuild: bool = True, directory: Path = DIST) -> None:
    if rebuild and directory == DIST and is_stale():
        build()
    server = make_server(port, directory)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving {directory} at {url}  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """.venv with `pip install -e .[test,dev]`, reused while pyproject.toml is unchanged."""
    py = venv_python()
    marker = VENV / ".gin-installed"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if py.exists() and marker.exists() and marker.read_text().strip() == want:
        return py
    stage("setup: .venv (pip install -e .[test,dev])")
    if not py.exists():
        run([sys.executable, "-m", "venv", VENV])
    run([py, "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run([py, "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test,dev]"])
    marker.write_text(want + "\n")
    return py


def ensure_chromium() -> str:
    path = os.environ.get("GIN_CHROMIUM") or DEFAULT_CHROMIUM
    if Path(path).exists():
        return path
    if os.environ.get("GIN_CHROMIUM"):
        sys.exit(f"GIN_CHROMIUM={path} does not exist")
    stage("setup: Debian chromium")
    if not is_root():
        sys.exit(
            "chromium is missing: run `apt-get install chromium` as root, "
            "or set GIN_CHROMIUM to a Chromium binary"
        )
    apt_install("chromium")
    if not Path(path).exists():
        sys.exit(f"apt-get installed chromium but {path} is missing")
    return path


def existing(paths: Iterable[str]) -> list[str]:
    return [p for p in paths if (ROOT / p).exists()]


def test(args: argparse.Namespace) -> int:
    t_start = time.monotonic()
    py = ensure_venv()
    failures: list[str] = []
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}

    def step(title: str, cmd: Sequence[str | os.PathLike[str]], ok: Sequence[int] = (0,)) -> None:
        stage(title)
        t0 = time.monotonic()
        print("$ " + " ".join(str(c) for c in cmd), flush=True)
        code = subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env).returncode
        took = time.monotonic() - t0
        if code not in ok:
            if code == 5 and "pytest" in " ".join(map(str, cmd)):
                print("pytest collected no tests: that counts as a failure here")
            failures.append(f"{title} (exit {code})")
            print(f"-- FAILED: {title} (exit {code}, {took:.1f} s)", flush=True)
        else:
            print(f"-- ok: {title} ({took:.1f} s)", flush=True)

    sources = existing(["gin", "tests", "e2e", "tools", "build.py"])
    step("lint: ruff", [py, "-m", "ruff", "check", *sources])
    step("format: ruff format --check", [py, "-m", "ruff", "format", "--check", *sources])
    step("types: mypy --strict gin", [py, "-m", "mypy", "--strict", "gin"])
    # One process per core (pytest-xdist): the suite runs on two cores in about half the time.
    # Each run names its slowest tests, so a suite creeping towards CI's limit shows where.
    slowest = "--durations=8"
    step(
        "unit: pytest tests (and doctests in gin)",
        [py, "-m", "pytest", "-q", "-n", "auto", slowest, *existing(["tests", "gin"])],
    )
    if args.unit_only:
        pass
    else:
        try:
            build()
        except (subprocess.CalledProcessError, OSError, SystemExit) as exc:
            failures.append(f"build ({exc})")
        else:
            env["GIN_CHROMIUM"] = ensure_chromium()
            extra = list(args.pytest_args or [])
            # Two browsers at a time on two cores: a test waits on its page more than it computes.
            # A test whose pages were crashed for stalling (e2e/stall.py) runs once more.
            rerun = ["--reruns", "1", "--only-rerun", "Target crashed"]
            step(
                "browser: pytest e2e (Chromium)",
                [py, "-m", "pytest", "-q", "-n", "auto", slowest, *rerun, "e2e", *extra],
            )
    stage("summary")
    took = time.monotonic() - t_start
    if failures:
        for f in failures:
            print(f"FAILED: {f}")
        print(f"{len(failures)} stage(s) failed in {took:.0f} s")
        return 1
    print(f"all stages passed in {took:.0f} s")
    return 0


# --------------------------------------------------------------------------- bench


def bench(args: argparse.Namespace) -> int:
    py = ensure_venv()
    if is_stale():
        build()
    chromium = ensure_chromium()
    env = {**os.environ, "GIN_CHROMIUM": chromium}
    stage("bench: boot in headless Chromium")
    network = ["--network", args.network, *(["--no-gzip"] if args.no_gzip else [])]
    memory = ["--memory"] if args.memory else []
    code = subprocess.run(
        [str(py), str(ROOT / "e2e" / "bench.py"), "--runs", str(args.runs), *network, *memory],
        cwd=ROOT,
        env=env,
    ).returncode
    alone = args.browser_only or args.network != "none" or args.memory
    if (ROOT / "gin" / "__main__.py").exists() and not alone:
        stage("bench: engine (python -m gin bench)")
        engine = subprocess.run([str(py), "-m", "gin", "bench"], cwd=ROOT, env=env).returncode
        code = code or engine
    return code


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="assemble dist/")
    p_serve = sub.add_parser("serve", help="serve dist/ on 127.0.0.1 (builds when stale)")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    p_serve.add_argument("--dir", type=Path, default=DIST, help="serve this folder (default dist/)")
    p_test = sub.add_parser("test", help="lint, types, unit and browser tests")
    p_test.add_argument("--unit-only", action="store_true", help="skip the build and e2e")
    p_test.add_argument("pytest_args", nargs="*", help="extra arguments for pytest e2e")
    p_bench = sub.add_parser("bench", help="in-browser boot benchmark")
    p_bench.add_argument("--runs", type=int, default=3)
    p_bench.add_argument("--browser-only", action="store_true")
    p_bench.add_argument(
        "--network",
        choices=["none", *NETWORKS],
        default="none",
        help="only a phone's first visit through this network (throttled, or the loopback's), "
        "beside the bare page",
    )
    p_bench.add_argument("--no-gzip", action="store_true", help="with --network: no compression")
    p_bench.add_argument(
        "--memory", action="store_true", help="only the memory of the game against the bare page"
    )
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    try:
        if args.command == "build":
            build()
            return 0
        if args.command == "serve":
            serve(args.port, rebuild=not args.no_build, directory=args.dir.absolute())
            return 0
        if args.command == "test":
            return test(args)
        if args.command == "bench":
            return bench(args)
    except subprocess.CalledProcessError as exc:
        print(f"command failed (exit {exc.returncode}): {exc.cmd}", file=sys.stderr)
        return 1
    return 2


if __name__ == "__main__":
    sys.exit(main())
