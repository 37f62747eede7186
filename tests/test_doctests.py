"""The examples in the docstrings of the evaluator and equity modules run and hold.

pytest runs the installed package, so these are collected here (``doctest.testmod`` on each
module) rather than with ``--doctest-modules`` over the source tree, whose compiled parts
live elsewhere. They cover, among others, the ``10`` spelling of tens in ``cards``.
"""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["stud_fast", "stud_fast.cards", "stud_fast.rankings", "stud_fast.errors",
           "stud_fast.evaluation", "stud_fast.equity", "stud_fast.native", "stud_fast._core",
           "stud_fast.bet_sizes"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0, f"{name} has no examples: are its docstrings found?"
    assert failed == 0
