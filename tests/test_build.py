"""The site build: the module preloads, the one style sheet, the trimmed standard library, the
first visit's budget."""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
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


def small_site(site: Path, wasm: int) -> None:
    """A site laid out as the build lays dist/ out, with a stand-in for Pyodide's wasm of
    ``wasm`` random (incompressible) bytes and every other file tiny."""
    files = {
        "index.html": '<script async src="boot/boot.js"></script>\n'
        '<link rel="stylesheet" href="table.css">\n<script type="module" src="main.js"></script>',
        "table.css": "body {}",
        "boot/boot.js": 'new Worker("boot/worker.mjs", { type: "module" });',
        "boot/worker.mjs": 'import config from "../config.mjs";',
        "config.mjs": "export default {};",
        "main.js": 'import { t } from "./words/i18n.js";',
        "words/i18n.js": "export const t = 1;",
        "locales/en.json": "{}",
        "locales/fr.json": '{"a": "un"}',
        "wheels/gin-0.1.0-py3-none-any.whl.zst": "x",
        **{f"pyodide/{build.shipped(name)}": "x" for name in build.PYODIDE_FILES},
        **dict.fromkeys(build.FIRST_VISIT_DATA, "{}"),
    }
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    (site / "pyodide/pyodide.asm.wasm.zst").write_bytes(os.urandom(wasm))


def test_the_compiled_library_imports_with_no_source_and_no_docstrings(tmp_path: Path) -> None:
    """tools/stdlib_compile.py, run here by this Python (the build runs it in Pyodide's): each
    module becomes a .pyc that a zip import takes as it is, compiled as ``-OO`` compiles."""
    library, compiled = tmp_path / "lib.zip", tmp_path / "compiled.zip"
    with zipfile.ZipFile(library, "w") as zf:
        source = (
            'def greet():\n    """Say hello."""\n    assert False\n    return 1\n\n\n'
            "def fail():\n    x = 1\n    return x / 0\n"
        )
        zf.writestr("hello.py", source)
        zf.writestr("pkg/__init__.py", "NAME = 'pkg'\n")
        zf.writestr("pkg/data.txt", "kept as it is")
    tool = Path(build.ROOT, "tools", "stdlib_compile.py")
    subprocess.run([sys.executable, tool, library, compiled], check=True)
    names = sorted(zipfile.ZipFile(compiled).namelist())
    assert names == ["hello.pyc", "pkg/__init__.pyc", "pkg/data.txt"]
    check = (
        f"import sys; sys.path.insert(0, {str(compiled)!r}); import hello, pkg; "
        "print(hello.greet(), hello.greet.__doc__, pkg.NAME); hello.fail()"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert done.stdout.split() == ["1", "None", "pkg"], done.stderr
    # Each function's instructions all on its first line: a traceback still reads, at its def.
    assert 'File "hello.py", line 7, in fail' in done.stderr, done.stderr
    assert done.stderr.rstrip().endswith("ZeroDivisionError: division by zero"), done.stderr


def test_the_build_fails_when_a_planted_megabyte_joins_the_first_visit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Pyodide's wasm as large as the whole first visit's budget less the page's files.
    small_site(tmp_path, 3_900_000)
    sizes = build.first_visit_bytes(tmp_path)
    assert sizes["pyodide/pyodide.asm.wasm.zst"] == 3_900_000  # packed already: sent as it is
    assert {"main.js", "words/i18n.js", "config.mjs", "locales/fr.json"} <= set(sizes)
    assert "locales/en.json" not in sizes  # one catalogue: the largest
    assert "pyodide/pyodide.asm.wasm.zst" in capsys.readouterr().out
    # A module of 1 MB imported by the page: the build stops, naming the budget.
    (tmp_path / "words/big.js").write_bytes(base64.b64encode(os.urandom(1_000_000)))
    (tmp_path / "words/i18n.js").write_text('export { big } from "./big.js";\nexport const t = 1;')
    with pytest.raises(SystemExit, match="over its budget of 4.00 MB"):
        build.first_visit_bytes(tmp_path)
    assert "words/big.js" in capsys.readouterr().out
    # A file the page does not load does not count.
    (tmp_path / "words/i18n.js").write_text("export const t = 1;")
    build.first_visit_bytes(tmp_path)


def test_the_first_deals_are_the_engines_and_the_person_speaks_first() -> None:
    """Each deal a first visit draws while Python loads is the view the engine deals for its seed
    (as the page asks for a new match: standard rules, the page's names), with the person to act."""
    from gin import api

    deals = build.first_deals("test")
    assert len(deals) == build.FIRST_DEALS
    assert len({d["seed"] for d in deals}) == len(deals)
    for deal in deals:
        view = deal["view"]
        assert view["to_act"] == view["seat"] == 0 and view["phase"] == "opening"
        asked = {
            "op": "new",
            "seed": deal["seed"],
            "preset": "standard",
            "names": ["You", "Computer"],
        }
        again = json.loads(api.handle(json.dumps(asked)))["view"]
        # The salt, and so the fingerprint, is each match's own secret (gin/api.py).
        del view["deal"], again["deal"]
        assert view == again
