"""pytest-benchmark cases for the rules engine: complete hands under a random policy.

Run with ``pytest bench/ --benchmark-only -k engine`` (skipped otherwise, see conftest.py).
Each round plays ``HANDS`` complete 6-player fixed-limit hands; ``extra_info["hands_per_s"]``
is the rate of the fastest round. The policy and the stakes are those of ``bench_engine.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench_engine import STAKES, play_pokerkit, play_stud_fast, pokerkit_game
from stud_fast.variants import VARIANTS, GameConfig

#: Hands per round and players per hand.
HANDS = 200
PLAYERS = 6
ROUNDS = 5


def _record(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    best = getattr(getattr(getattr(benchmark, "stats", None), "stats", None), "min", None)
    if best:
        benchmark.extra_info["hands_per_s"] = round(HANDS / best)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_engine_stud_fast(benchmark: Any, variant: str) -> None:
    """stud_fast StudHand: HANDS complete hands, random legal action at every decision."""
    cfg = GameConfig(variant=variant, **STAKES)
    rng = random.Random(1)
    benchmark.group = "engine: random-policy hands"

    def run() -> int:
        return sum(play_stud_fast(cfg, PLAYERS, rng, k % PLAYERS) for k in range(HANDS))

    actions = benchmark.pedantic(run, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    _record(benchmark)
    assert actions >= HANDS


def test_engine_pokerkit_seven_card_stud(benchmark: Any) -> None:
    """pokerkit FixedLimitSevenCardStud, same policy over its legal operations."""
    pytest.importorskip("pokerkit")
    game = pokerkit_game()
    rng = random.Random(1)
    benchmark.group = "engine: random-policy hands"

    def run() -> int:
        return sum(play_pokerkit(game, PLAYERS, rng) for _ in range(HANDS))

    actions = benchmark.pedantic(run, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    _record(benchmark)
    assert actions >= HANDS
