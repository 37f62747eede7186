"""The type stub of the compiled bindings (``src/stud_fast/_core.pyi``, what type checkers and
editors read) names everything ``stud_fast._core`` defines: a function added to the bindings
without its stub line fails here (``equity_count`` once had none, and mypy took every call of it
for an error)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from stud_fast import _core

STUB = Path(__file__).resolve().parents[1] / "src" / "stud_fast" / "_core.pyi"


def _stub_names() -> set[str]:
    names: set[str] = set()
    for node in ast.parse(STUB.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _defined_here() -> set[str]:
    """Public names of ``_core`` that it defines itself (not those it imports)."""
    out = set()
    for name, value in vars(_core).items():
        if name.startswith("_") or inspect.ismodule(value):
            continue
        module = getattr(value, "__module__", None)
        if module is None or module == _core.__name__:  # constants have no module
            out.add(name)
    return out


def test_the_stub_names_everything_the_bindings_define() -> None:
    missing = _defined_here() - _stub_names()
    assert not missing, f"in stud_fast._core but not in _core.pyi: {sorted(missing)}"


def test_the_stub_names_nothing_the_bindings_lack() -> None:
    extra = _stub_names() - set(vars(_core))
    assert not extra, f"in _core.pyi but not in stud_fast._core: {sorted(extra)}"
