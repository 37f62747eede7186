"""stud_fast.simulate.simulate on a Dask cluster: ranges of hands played on the workers.

Hand ``k`` of a seeded run depends only on the seed and ``k`` (``simulate.hand_rng``), so a
worker plays hands ``first .. first + n - 1`` with ``simulate(..., first_hand=first)`` and the
chunks add up to the local run: every count of the summary is a sum over hands, and the PHH
files a chunk writes (in a temporary directory of its worker) come back as bytes and are
written here under the same names.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import tempfile
import time
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from stud_fast.dask._cluster import for_each_result, split_evenly, thread_total
from stud_fast.simulate import SimulationSummary, _Progress
from stud_fast.simulate import simulate as _local
from stud_fast.table import StudHand

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["simulate_on"]

_MIN_HANDS = 50  # hands per chunk at least: a chunk costs a few ms to schedule
_CHUNKS_PER_THREAD = 8
#: the summary's fields that describe the run rather than count over hands
_SAME_IN_EVERY_CHUNK = ("variant", "players", "bots", "big_bet")


def simulate_on(client: "Client", variant: str, hands: int, players: int = 6,
                seed: Optional[int] = None, bots: Sequence[str] = ("random", "strength"), *,
                phh_dir: Optional[str] = None, progress: bool = True,
                on_hand: Optional[Callable[[StudHand], None]] = None, first_hand: int = 0,
                **options: Any) -> SimulationSummary:
    """:func:`stud_fast.simulate.simulate` with its hands played on the cluster of ``client``:
    the same summary (but ``seconds``, the wall time here) and the same PHH files for the same
    seed, whatever the number of workers. Without a seed one is drawn, as the local run would
    draw its decks. ``on_hand`` cannot be used (the hands are played in other processes).
    ``options`` are simulate's table options (ante, bring_in, small_bet, big_bet, stack).
    """
    if on_hand is not None:
        raise ValueError("on_hand= sees every hand in this process: it cannot be used with "
                         "client= (write PHH files with phh_dir= and read them instead)")
    bots = tuple(bots)
    # the local call checks every argument, and plays nothing
    empty = _local(variant, 0, players, seed, bots, progress=False, first_hand=first_hand,
                   **options)
    if seed is None:
        seed = secrets.randbits(64)
    chunks = max(1, min(thread_total(client) * _CHUNKS_PER_THREAD, hands // _MIN_HANDS))
    calls = [(_play_chunk, variant, n, players, seed, bots, first_hand + first,
              phh_dir is not None, options) for first, n in split_evenly(hands, chunks)]
    if phh_dir is not None:
        os.makedirs(phh_dir, exist_ok=True)
    parts: list[SimulationSummary] = [empty]
    bar = _Progress(hands, progress, f"simulate {empty.variant}")

    def add(_: int, result: tuple[SimulationSummary, dict[str, bytes]]) -> None:
        summary, files = result
        parts.append(summary)
        for name, data in files.items():
            assert phh_dir is not None
            with open(os.path.join(phh_dir, name), "wb") as f:
                f.write(data)
        for _ in range(summary.hands):
            bar.update()

    start = time.perf_counter()
    try:
        for_each_result(client, calls, add)
    finally:
        bar.close()
    return _merge(parts, time.perf_counter() - start)


def _play_chunk(variant: str, hands: int, players: int, seed: int, bots: tuple[str, ...],
                first_hand: int, phh: bool, options: dict[str, Any]
                ) -> tuple[SimulationSummary, dict[str, bytes]]:
    """Play hands ``first_hand ..`` of the run on this worker; the summary and the PHH files
    (name -> bytes) when asked."""
    if not phh:
        return _local(variant, hands, players, seed, bots, progress=False,
                      first_hand=first_hand, **options), {}
    with tempfile.TemporaryDirectory(prefix="stud_fast-") as tmp:
        summary = _local(variant, hands, players, seed, bots, progress=False,
                         first_hand=first_hand, phh_dir=tmp, **options)
        files = {}
        for name in sorted(os.listdir(tmp)):
            with open(os.path.join(tmp, name), "rb") as f:
                files[name] = f.read()
    return summary, files


def _merge(parts: list[SimulationSummary], seconds: float) -> SimulationSummary:
    """One summary of disjoint chunks of a run: counts added up (lists item by item, dicts key
    by key), the run's own description kept."""
    merged: dict[str, Any] = {}
    for field in dataclasses.fields(SimulationSummary):
        values = [getattr(p, field.name) for p in parts]
        if field.name in _SAME_IN_EVERY_CHUNK:
            merged[field.name] = values[0]
        elif isinstance(values[0], list):
            merged[field.name] = [sum(items) for items in zip(*values)]
        elif isinstance(values[0], dict):
            merged[field.name] = {key: sum(v[key] for v in values) for key in values[0]}
        else:
            merged[field.name] = sum(values)
    merged["seconds"] = seconds
    return SimulationSummary(**merged)
