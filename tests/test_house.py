"""The house's layout (docs/house.md): no import circle in web/ or gin/, module by module or
folder by folder, no folder of more than 20 modules of its own, and every folder named in the
map."""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOST_MODULES = 20
# A static import, an export's source or a dynamic import() of a module of the page's own.
JS_IMPORT = re.compile(
    r"""(?:^\s*(?:import|export)\b[^;]*?\bfrom\s*|\bimport\s*\(\s*)["'](\.\.?/[\w./-]+\.m?js)["']""",
    re.M,
)


def js_graph(web: Path) -> dict[str, set[str]]:
    """Each module of ``web`` (its path there) and the modules of ``web`` it imports."""
    graph: dict[str, set[str]] = {}
    for path in web.rglob("*.*js"):
        if path.suffix not in (".js", ".mjs") or "bench" in path.relative_to(web).parts:
            continue
        name = path.relative_to(web).as_posix()
        targets = {
            posixpath.normpath(posixpath.join(posixpath.dirname(name), spec))
            for spec in JS_IMPORT.findall(path.read_text(encoding="utf-8"))
        }
        graph[name] = {t for t in targets if (web / t).exists()}
    return graph


def py_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package (dotted) and the package's modules it imports, at any depth of
    the file (an import inside a function still ties the two modules)."""
    top = package.name
    modules = {
        ".".join(p.relative_to(package.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in package.rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for path in package.rglob("*.py"):
        name = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(top):
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    found.add(sub if sub in modules else node.module)
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.split(".")[0] == top}
        # A package's __init__ importing its own parts is how a package is built, not a circle.
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def circle(graph: Mapping[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` (its modules in order, the first again at the end), or []
    when there is none.

    >>> circle({"a": {"b"}, "b": {"a"}, "c": set()})
    ['a', 'b', 'a']
    >>> circle({"a": {"b"}, "b": set()})
    []
    """
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def without_packages(graph: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """The graph less a package's arrows to its own members (``gin.ai`` registers its players by
    importing them; the players importing ``gin.ai.base`` is no circle through ``gin.ai``)."""
    return {
        name: {t for t in targets if not t.startswith(name + ".")}
        for name, targets in graph.items()
    }


def by_folder(graph: Mapping[str, set[str]], folder: Callable[[str], str]) -> dict[str, set[str]]:
    """The graph of folders: an arrow from one folder to another when a module of the first
    imports one of the second.

    >>> by_folder({"a/x.js": {"b/y.js"}, "b/y.js": set()}, lambda m: m.split("/")[0])
    {'a': {'b'}, 'b': set()}
    """
    folders: dict[str, set[str]] = {}
    for name, targets in graph.items():
        here = folder(name)
        folders.setdefault(here, set()).update(folder(t) for t in targets if folder(t) != here)
    return folders


def web_folder(module: str) -> str:
    """A page module's folder ("." for the two pages' own scripts)."""
    return posixpath.dirname(module) or "."


# The engine's modules that serve its callers (the page's api, the command line, the bench) import
# the players; the rest of gin/ must not.
ENTRY_POINTS = {"gin.api", "gin.__main__", "gin.bench"}


def gin_folder(module: str) -> str:
    """An engine module's folder, with the entry points as a floor of their own."""
    if module in ENTRY_POINTS:
        return "entry points"
    parts = module.split(".")
    if parts[:2] != ["gin", "ai"]:
        return "gin"
    return ".".join(parts[:3]) if len(parts) > 3 else "gin.ai"


def test_no_import_circle_in_the_page() -> None:
    graph = js_graph(ROOT / "web")
    assert "table/render.js" in graph and "./dom.js" not in graph  # the graph is read at all
    assert graph["main.js"] >= {"table/render.js", "store/saving.js", "coach/lessons.js"}
    assert circle(graph) == []


def test_no_import_circle_in_the_engine() -> None:
    graph = py_graph(ROOT / "gin")
    assert "gin.ai.research.arena" in graph["gin.ai.research.ladder"]
    assert circle(without_packages(graph)) == []


def test_the_folders_import_one_way() -> None:
    """Folder by folder, imports run one way (docs/house.md lists the floors): no folder imports
    one that imports it back, even through modules that import each other only one way."""
    page = by_folder(js_graph(ROOT / "web"), web_folder)
    assert page["."] >= {"table", "store", "coach"} and page["words"] == set()
    assert circle(page) == []
    engine = by_folder(without_packages(py_graph(ROOT / "gin")), gin_folder)
    assert engine["gin"] == set()  # the rules engine imports nothing of the computer players
    assert "gin.ai.knowledge" in engine["gin.ai.search"]
    assert circle(engine) == []


def floors(house: str) -> dict[str, int]:
    r"""The page's floors as docs/house.md numbers them: each folder and its floor (1 the top).

    >>> floors("1. `main.js`, `help.js`\n2. `coach/`, `controls/`\n")
    {'.': 1, 'coach': 2, 'controls': 2}
    """
    found: dict[str, int] = {}
    for number, names in re.findall(r"^(\d+)\. (.+)$", house, re.M):
        for name in re.findall(r"`([\w.]+)/?`", names):
            found["." if name.endswith(".js") else name] = int(number)
    return found


def test_the_page_imports_only_downstairs() -> None:
    """docs/house.md's floors are the page's: a folder imports only from floors below its own."""
    stated = floors((ROOT / "docs" / "house.md").read_text(encoding="utf-8"))
    page = by_folder(js_graph(ROOT / "web"), web_folder)
    assert set(stated) == set(page), "docs/house.md's floors and web/'s folders differ"
    upward = [
        f"{a} -> {b}" for a, targets in page.items() for b in targets if stated[b] <= stated[a]
    ]
    assert upward == []


def test_a_planted_folder_circle_is_found() -> None:
    page = js_graph(ROOT / "web")
    page["words/i18n.js"].add("store/storage.js")
    assert circle(by_folder(page, web_folder)) != []


def test_a_planted_circle_is_found() -> None:
    graph = py_graph(ROOT / "gin")
    graph["gin.ai.research.arena"].add("gin.ai.research.ladder")
    assert circle(without_packages(graph)) != []


def test_no_folder_holds_more_than_twenty_modules() -> None:
    for folder in [
        ROOT / "web",
        ROOT / "gin",
        *(ROOT / "web").rglob("*"),
        *(ROOT / "gin").rglob("*"),
    ]:
        if not folder.is_dir() or folder.name == "__pycache__":
            continue
        own = [p for p in folder.iterdir() if p.suffix in (".py", ".js", ".mjs")]
        assert len(own) <= MOST_MODULES, f"{folder.relative_to(ROOT)} holds {len(own)} modules"


def test_the_map_names_every_folder() -> None:
    house = (ROOT / "docs" / "house.md").read_text(encoding="utf-8")
    folders = [
        p.relative_to(ROOT).as_posix()
        for top in ("web", "gin")
        for p in [ROOT / top, *(ROOT / top).rglob("*")]
        if p.is_dir() and any(f.suffix in (".py", ".js", ".mjs") for f in p.iterdir())
    ]
    assert "web/table" in folders
    missing = [f for f in folders if f"`{f}/`" not in house]
    assert missing == []
