"""stud_fast.simulate.simulate on a Dask cluster: ranges of hands played on the workers.

Hand ``k`` of a seeded run depends only on the seed and ``k`` (``simulate.hand_rng``), so a
worker plays hands ``first .. first + n - 1`` with ``tally_hands(..., first_hand=first)`` and the
chunks' tallies merge into the local run's (every count is a sum over hands); the PHH files a
chunk writes (in a temporary directory of its worker) come back as bytes and are written here
under the same names.
"""

from __future__ import annotations

import os
import secrets
import tempfile
import time
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from stud_fast.dask._cluster import for_each_result, split_evenly, thread_total
from stud_fast.simulate import _Progress, tally_hands
from stud_fast.simulation_summary import SimulationSummary, SimulationTally
from stud_fast.table import StudHand

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["simulate_on"]

_MIN_HANDS = 50  # hands per chunk at least: a chunk costs a few ms to schedule
_CHUNKS_PER_THREAD = 8


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
    total = tally_hands(variant, 0, players, seed, bots, progress=False, first_hand=first_hand,
                        **options)
    if seed is None:
        seed = secrets.randbits(64)
    chunks = max(1, min(thread_total(client) * _CHUNKS_PER_THREAD, hands // _MIN_HANDS))
    calls = [(_play_chunk, variant, n, players, seed, bots, first_hand + first,
              phh_dir is not None, options) for first, n in split_evenly(hands, chunks)]
    if phh_dir is not None:
        os.makedirs(phh_dir, exist_ok=True)
    bar = _Progress(hands, progress, f"simulate {total.variant}")

    def add(_: int, result: tuple[SimulationTally, dict[str, bytes]]) -> None:
        tally, files = result
        total.merge(tally)
        for name, data in files.items():
            assert phh_dir is not None
            with open(os.path.join(phh_dir, name), "wb") as f:
                f.write(data)
        for _ in range(tally.hands):
            bar.update()

    start = time.perf_counter()
    try:
        for_each_result(client, calls, add)
    finally:
        bar.close()
    return total.summary(time.perf_counter() - start)


def _play_chunk(variant: str, hands: int, players: int, seed: int, bots: tuple[str, ...],
                first_hand: int, phh: bool, options: dict[str, Any]
                ) -> tuple[SimulationTally, dict[str, bytes]]:
    """Play hands ``first_hand ..`` of the run on this worker; their tally and the PHH files
    (name -> bytes) when asked."""
    if not phh:
        return tally_hands(variant, hands, players, seed, bots, progress=False,
                           first_hand=first_hand, **options), {}
    with tempfile.TemporaryDirectory(prefix="stud_fast-") as tmp:
        tally = tally_hands(variant, hands, players, seed, bots, progress=False,
                            first_hand=first_hand, phh_dir=tmp, **options)
        files = {}
        for name in sorted(os.listdir(tmp)):
            with open(os.path.join(tmp, name), "rb") as f:
                files[name] = f.read()
    return tally, files
