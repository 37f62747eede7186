"""The mutation harness, `bench/mutants.py`, kept honest: its planted faults still apply to the
code as it stands, every rule of the rulebook is pinned by a test named for it and, where the
rule lives in the Python layer, by a planted fault; and the harness itself tells a caught fault
from a surviving one. (Running every fault takes minutes: `python bench/mutants.py`.)
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from stud_fast.rulebook import RULES

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "stud_fast"

#: rules the C core decides alone (the rankings): pinned by the exhaustive and reference tests
#: of the evaluator (test_D1_..., test_D2_..., test_D6_...), which a one-line Python fault
#: cannot reach
EVALUATOR_RULES = {"D1", "D2", "D6"}


def _harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutants", ROOT / "bench" / "mutants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutants"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


mutants = _harness()


@pytest.mark.parametrize("fault", mutants.FAULTS, ids=lambda f: f"{f.rule}-{f.why[:40]}")
def test_every_planted_fault_applies_to_the_code_as_it_stands(fault: object) -> None:
    text = (SOURCE / fault.module).read_text(encoding="utf-8")  # type: ignore[attr-defined]
    assert text.count(fault.old) == 1, "move this fault onto the code that replaced its line"  # type: ignore[attr-defined]
    assert fault.old != fault.new  # type: ignore[attr-defined]


def _test_names() -> set[str]:
    names = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


@pytest.mark.parametrize("rule", sorted(RULES))
def test_every_rule_is_pinned_by_a_test_named_for_it_and_by_a_planted_fault(rule: str) -> None:
    named = [n for n in _test_names() if f"_{rule}_" in n]
    assert named, f"no test is named for {rule} (test_{rule}_...)"
    faulted = {f.rule for f in mutants.FAULTS}
    assert rule in faulted or rule in EVALUATOR_RULES, \
        f"bench/mutants.py plants no fault in {rule}"


def test_the_harness_tells_a_caught_fault_from_a_survivor() -> None:
    installed = mutants.installed_package()
    planted = next(f for f in mutants.FAULTS if f.rule == "S3" and "pop()" in f.new)
    caught = mutants.try_fault(planted, installed, 300.0, "test_S3_an_empty_stub")
    assert caught.status == "caught", caught.detail
    # the same fault against tests that do not look at the shared card: it survives them
    survived = mutants.try_fault(planted, installed, 300.0, "test_S8_razz_highest")
    assert survived.status == "survived", survived.detail
    stale = mutants.Fault("S3", "deck.py", "no such line", "x", "a line that is gone")
    assert mutants.try_fault(stale, installed, 300.0, "S3_").status == "stale"
