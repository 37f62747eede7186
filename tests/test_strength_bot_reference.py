"""The StrengthBot decides exactly as before its speed-up (tests/strength_bot_reference.json
was written by tests/strength_bot_reference.py with the earlier bot, main at c0588f0)."""

from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from strength_bot_reference import CASES, decisions  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "strength_bot_reference.json")) as f:
    REFERENCE: list[list[str]] = json.load(f)


@pytest.mark.parametrize("case", range(len(CASES)),
                         ids=[f"{v}-{p}p-{'-'.join(o) or 'plain'}" for v, p, _, o in CASES])
def test_strength_bot_decisions_match_the_earlier_bot(case: int) -> None:
    got = decisions(case)
    assert len(got) == len(REFERENCE[case])
    for k, (line, expected) in enumerate(zip(got, REFERENCE[case])):
        assert line == expected, f"{CASES[case][0]} hand {k}"


def test_strength_bot_decisions_do_not_depend_on_the_order_of_play() -> None:
    """Caches must not carry anything across hands: a case played after others (warm caches)
    decides as when played first."""
    first = decisions(0)
    for case in range(1, len(CASES)):
        decisions(case)
    assert decisions(0) == first == REFERENCE[0]
