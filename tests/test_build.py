"""The site build: the module preloads, the one style sheet, the trimmed standard library."""

from __future__ import annotations

import os
import re
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import build  # noqa: E402


def test_every_imported_module_is_preloaded_once() -> None:
    html = build.with_module_preloads((build.WEB / "index.html").read_text())
    preloaded = re.findall(r'<link rel="modulepreload" href="([\w./-]+)">', html)
    scripts = re.findall(r'<script type="module" src="([\w./-]+)"></script>', html)
    assert scripts == ["boot/engine.js", "main.js"]
    # Every module a script imports, and only those: found by reading the files themselves.
    sources = {name: (build.WEB / name).read_text() for name in build.module_graph(scripts)}
    expected = {
        module.relative_to(build.WEB).as_posix()
        for module in build.WEB.rglob("*.js")
        if any(f'from "{_relative(module, name)}"' in text for name, text in sources.items())
    }
    assert set(preloaded) == expected - set(scripts)
    assert len(preloaded) == len(set(preloaded))
    # words/keys.js: two levels down, in another folder
    assert {"table/render.js", "store/resume.js", "words/keys.js"} <= set(preloaded)


def _relative(module: Path, importer: str) -> str:
    """How ``importer`` (a path in web/) names ``module`` in an import: ./x.js or ../folder/x.js."""
    here = (build.WEB / importer).parent
    rel = Path(os.path.relpath(module, here)).as_posix()
    return rel if rel.startswith("../") else f"./{rel}"


def test_a_page_without_the_mark_is_refused() -> None:
    with pytest.raises(ValueError, match="modulepreload: written by build.py"):
        build.with_module_preloads('<script type="module" src="main.js"></script>')


def test_the_page_asks_for_one_style_sheet_holding_all_of_them_in_order() -> None:
    source = (build.WEB / "index.html").read_text()
    names = re.findall(r'<link rel="stylesheet" href="([\w./-]+)">', source)
    assert len(names) > 1
    html, css = build.with_one_style_sheet(source)
    assert re.findall(r'<link rel="stylesheet" href="([\w./-]+)">', html) == [build.TABLE_CSS]
    at = [css.index((build.WEB / name).read_text()) for name in names]
    assert at == sorted(at)  # later sheets still win over earlier ones


def test_the_trimmed_standard_library_holds_exactly_the_files_named(tmp_path: Path) -> None:
    full = tmp_path / "full.zip"
    with zipfile.ZipFile(full, "w") as z:
        for name in ("json/__init__.py", "json/decoder.py", "asyncio/__init__.py", "typing.py"):
            z.writestr(name, f"# {name}\n")
    out = tmp_path / "trimmed.zip"
    build.trim_stdlib(full, {"json/__init__.py", "typing.py"}, out)
    with zipfile.ZipFile(out) as z:
        assert sorted(z.namelist()) == ["json/__init__.py", "typing.py"]
        assert z.read("typing.py") == b"# typing.py\n"
    with pytest.raises(SystemExit, match="has no email/__init__.py"):
        build.trim_stdlib(full, {"typing.py", "email/__init__.py"}, out)
