"""pytest-benchmark cases for stud_fast and its peers.

Run with::

    pytest bench/ --benchmark-only
    pytest bench/ --benchmark-only -k "high and not wild"     # a subset
    pytest bench/ --benchmark-only --benchmark-columns=min,mean,rounds

Every case evaluates the same fixed-seed random hands (see ``conftest.py``);
``extra_info`` records the hand count and the resulting hands/s (from the
fastest round).  Slow pure-Python peers are timed on a prefix of the hands
(their ``max_hands``).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pytest

from stud_fast.benchmark import peers as _peers

RANKINGS = ("high", "short32", "razz", "low8")

#: Rounds for the per-hand Python loops (each round evaluates all hands).
LOOP_ROUNDS = 5


def _record(benchmark: Any, n: int) -> None:
    """Store the hand count and best hands/s in the benchmark's extra_info."""
    benchmark.extra_info["hands"] = n
    stats = getattr(benchmark, "stats", None)
    best = getattr(getattr(stats, "stats", None), "min", None) if stats is not None else None
    if best:
        benchmark.extra_info["hands_per_s"] = round(n / best)


def _loop(benchmark: Any, fn: Callable[[], Any], n: int) -> Any:
    """Time a per-hand loop with a fixed number of rounds (they are slow)."""
    result = benchmark.pedantic(fn, rounds=LOOP_ROUNDS, iterations=1, warmup_rounds=1)
    _record(benchmark, n)
    return result


def _hands_for(ranking: str, wild: bool, request: pytest.FixtureRequest) -> np.ndarray:
    """Pick the fixture matching a ranking (short32 uses the short deck)."""
    name = "hands7_short32" if ranking == "short32" else "hands7"
    if wild:
        name += "_wild"
    return request.getfixturevalue(name)


# --------------------------------------------------------------------------
# stud_fast


@pytest.mark.parametrize("ranking", RANKINGS)
def test_evaluate_batch(
    benchmark: Any, stud_fast: Any, ranking: str, request: pytest.FixtureRequest
) -> None:
    """stud_fast.evaluate_batch over 100k 7-card hands, one call on one thread."""
    hands = _hands_for(ranking, False, request)
    benchmark.group = "stud_fast.evaluate_batch"
    out = benchmark(stud_fast.evaluate_batch, hands, ranking=ranking, threads=1)
    _record(benchmark, len(hands))
    assert len(out) == len(hands)


def test_evaluate_batch_every_cpu(benchmark: Any, stud_fast: Any, hands7: np.ndarray) -> None:
    """The same call with the default threads (one per CPU)."""
    benchmark.group = "stud_fast.evaluate_batch"
    out = benchmark(stud_fast.evaluate_batch, hands7)
    _record(benchmark, len(hands7))
    assert len(out) == len(hands7)


@pytest.mark.parametrize("ranking", RANKINGS)
def test_evaluate_batch_wild(
    benchmark: Any, stud_fast: Any, ranking: str, request: pytest.FixtureRequest
) -> None:
    """evaluate_batch with two jokers (id 52) in every hand."""
    hands = _hands_for(ranking, True, request)
    benchmark.group = "stud_fast.evaluate_batch wild"
    try:
        stud_fast.evaluate_batch(hands[:4], ranking=ranking)
    except (ValueError, NotImplementedError) as exc:
        pytest.skip(f"jokers not supported for {ranking!r}: {exc}")
    out = benchmark(stud_fast.evaluate_batch, hands, ranking=ranking, threads=1)
    _record(benchmark, len(hands))
    assert len(out) == len(hands)


def test_evaluate_batch_deuces_wild(benchmark: Any, stud_fast: Any, hands7: np.ndarray) -> None:
    """evaluate_batch, high, with deuces wild (``wild_ranks="2"``)."""
    benchmark.group = "stud_fast.evaluate_batch wild"
    out = benchmark(stud_fast.evaluate_batch, hands7, ranking="high", wild_ranks="2", threads=1)
    _record(benchmark, len(hands7))
    assert len(out) == len(hands7)


def test_evaluate7_loop(benchmark: Any, stud_fast: Any, hands7: np.ndarray) -> None:
    """stud_fast.evaluate7(a, ..., g) called once per hand."""
    evaluate7 = getattr(stud_fast, "evaluate7", None)
    if evaluate7 is None:
        pytest.skip("stud_fast.evaluate7 not available")
    tuples = _peers.hands_to_tuples(hands7)
    benchmark.group = "7-card high, per hand"

    def run() -> list[int]:
        return [evaluate7(*h) for h in tuples]

    out = _loop(benchmark, run, len(tuples))
    assert len(out) == len(tuples)


def test_evaluate_str_loop(benchmark: Any, stud_fast: Any, hands7: np.ndarray) -> None:
    """stud_fast.evaluate("As Kd ...") called once per hand on strings."""
    strings = _peers.hands_to_strings(hands7)
    evaluate = stud_fast.evaluate
    benchmark.group = "7-card high, per hand"

    def run() -> list[Any]:
        return [evaluate(s) for s in strings]

    out = _loop(benchmark, run, len(strings))
    assert len(out) == len(strings)


# --------------------------------------------------------------------------
# peers (7-card high, same hands)


@pytest.mark.parametrize("peer_name", [p.name for p in _peers.PEERS])
def test_peer(benchmark: Any, peer_name: str, hands7: np.ndarray) -> None:
    """A peer's per-hand call on (a prefix of) the same 7-card hands."""
    peer = _peers.get_peer(peer_name)
    if peer not in _peers.available_peers():
        pytest.skip(f"{peer.module} not importable")
    n = len(hands7) if peer.max_hands is None else min(len(hands7), peer.max_hands)
    fn = peer.prepare(hands7[:n])
    # Capped (slow) peers go to their own group: their times cover fewer hands.
    benchmark.group = "7-card high, per hand" + (
        f" (first {n:,} hands)" if n < len(hands7) else "")
    benchmark.extra_info["call"] = peer.call
    out = _loop(benchmark, fn, n)
    assert len(out) == n
