"""Fixtures for the pytest-benchmark cases in ``bench/``.

The benchmark cases are skipped unless pytest runs with ``--benchmark-only``
(``pytest bench/ --benchmark-only``), so a plain ``pytest`` never spends time
here.  Random hands are generated once per session with a fixed seed.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))

from stud_fast.benchmark.compare import random_hands  # noqa: E402

#: Hands per benchmark case.
N_HANDS = 100_000
#: Seed of every hand set (fixed so runs are comparable).
SEED = 20_240_601
#: Card ids 7..A (short-deck / "short32" ranking).
SHORT32_DECK = range(20, 52)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the bench/ cases unless ``--benchmark-only`` was given."""
    try:
        enabled = bool(config.getoption("benchmark_only"))
    except ValueError:  # pytest-benchmark not installed
        enabled = False
    if enabled:
        return
    skip = pytest.mark.skip(reason="benchmarks run only with `pytest bench/ --benchmark-only`")
    for item in items:
        if os.path.dirname(str(item.fspath)) == _HERE:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def stud_fast() -> Any:
    """The stud_fast module (skips the case if it is not built/installed).

    A bare ``stud_fast/`` source directory on ``sys.path`` imports as an empty
    namespace package, so the fixture also checks for the API.
    """
    module = pytest.importorskip("stud_fast")
    if not hasattr(module, "evaluate_batch"):
        pytest.skip("stud_fast imports but has no evaluate_batch (not built?)")
    return module


@pytest.fixture(scope="session")
def hands7() -> np.ndarray:
    """``N_HANDS`` random 7-card hands from the full deck, uint8 [N, 7]."""
    return random_hands(N_HANDS, 7, seed=SEED)


@pytest.fixture(scope="session")
def hands7_short32() -> np.ndarray:
    """``N_HANDS`` random 7-card hands using only sevens to aces."""
    return random_hands(N_HANDS, 7, seed=SEED + 1, deck=SHORT32_DECK)


@pytest.fixture(scope="session")
def hands7_wild() -> np.ndarray:
    """``N_HANDS`` random hands of 5 real cards plus two jokers (id 52)."""
    return random_hands(N_HANDS, 7, seed=SEED + 2, jokers=2)


@pytest.fixture(scope="session")
def hands7_short32_wild() -> np.ndarray:
    """Like :func:`hands7_wild` but the real cards are sevens to aces."""
    return random_hands(N_HANDS, 7, seed=SEED + 3, deck=SHORT32_DECK, jokers=2)
