"""No import circle anywhere in src/stud_fast (issue 20 item 1), counting the imports made only
for the type checker (under ``if TYPE_CHECKING:``): a module's imports, followed module to
module, never lead back to it. An import inside a function body is the one deferred form left
out (it runs when the function is called, never at import time: ``simulate(client=...)``
reaching the Dask layer above it is one)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "stud_fast"


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements that run when the module is imported (or type-checked): the module's,
    and those nested in its if, try, with and class blocks, not in function bodies."""
    out: list[ast.stmt] = []
    for node in body:
        out.append(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for name in ("body", "orelse", "finalbody"):
            out += _statements(getattr(node, name, []))
        for handler in getattr(node, "handlers", []):
            out += _statements(handler.body)
    return out


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The stud_fast modules ``path`` imports at module level (TYPE_CHECKING blocks
    included). ``from stud_fast.x import y`` counts as importing ``stud_fast.x.y`` when ``y``
    is a module, else ``stud_fast.x``."""
    tree = ast.parse(path.read_text(), str(path))
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found: set[str] = set()
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[:len(up) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                     for alias in node.names]
        else:
            continue
        for name in names:
            # the deepest stud_fast module the name is (a package imports its __init__)
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != own and name != "stud_fast":
                found.add(name)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = [p for p in SRC.rglob("*.py")]
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def find_circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of the graph as the list of its modules (first repeated last), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_finder_sees_circles_including_type_checking_imports(tmp_path: Path) -> None:
    # the checker itself, on graphs with and without a circle
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    # and the parser: an import under TYPE_CHECKING counts, as one in a class body does;
    # one inside a function does not
    fake = tmp_path / "stud_fast"
    fake.mkdir()
    (fake / "one.py").write_text("from typing import TYPE_CHECKING\n"
                                 "if TYPE_CHECKING:\n    from stud_fast.two import X\n")
    (fake / "two.py").write_text("def f():\n    from stud_fast import one\n"
                                 "class C:\n    from stud_fast import one\n")
    (fake / "three.py").write_text("def f():\n    import stud_fast.one\n")
    modules = {"stud_fast.one", "stud_fast.two", "stud_fast.three"}
    global SRC
    saved, SRC = SRC, fake
    try:
        assert imports_of(fake / "one.py", modules) == {"stud_fast.two"}
        assert imports_of(fake / "two.py", modules) == {"stud_fast.one"}
        assert imports_of(fake / "three.py", modules) == set()
    finally:
        SRC = saved


def test_no_import_circle_in_src_stud_fast() -> None:
    graph = import_graph()
    assert "stud_fast.table" in graph and graph["stud_fast.table"]
    circle = find_circle(graph)
    assert circle == [], "import circle: " + " -> ".join(circle)
