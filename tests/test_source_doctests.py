"""Every docstring example in src/stud_fast runs and holds.

Modules compiled by Cython (the engine's, see bindings/CMakeLists.txt) hide their methods'
docstrings from ``doctest``'s finder, so the examples are read from the source files (every
docstring of a module, class and function, found by ``ast``) and run in the namespace of the
installed module, as ``doctest.testmod`` would run them.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path
from typing import Iterator

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "stud_fast"
#: the extra a subpackage or module needs (the test extra installs them all where the platform
#: has them)
_NEEDS = {"openspiel": "pyspiel", "openspiel_game": "pyspiel", "openspiel_bots": "pyspiel",
          "dask": "distributed", "env": "gymnasium", "server": "fastapi"}
FILES = sorted(p for p in SRC.rglob("*.py") if p.name != "__main__.py")


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def docstrings(tree: ast.Module, prefix: str) -> Iterator[tuple[str, str, int]]:
    """(qualified name, docstring, line) of the module and of every class and function."""
    text = ast.get_docstring(tree, clean=False)
    if text:
        yield prefix, text, 1
    todo: list[tuple[str, ast.AST]] = [(prefix, tree)]
    while todo:
        where, node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{where}.{child.name}"
                text = ast.get_docstring(child, clean=False)
                if text:
                    yield name, text, child.lineno
                todo.append((name, child))
            elif isinstance(child, (ast.If, ast.Try)):
                todo.append((where, child))


@pytest.mark.parametrize("path", FILES, ids=module_name)
def test_source_examples(path: Path) -> None:
    name = module_name(path)
    for part, needs in _NEEDS.items():
        if part in name.split("."):
            pytest.importorskip(needs)
    module = importlib.import_module(name)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for qualified, text, line in docstrings(tree, name):
        test = parser.get_doctest(text, dict(vars(module)), qualified, str(path), line)
        if test.examples:
            runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0
