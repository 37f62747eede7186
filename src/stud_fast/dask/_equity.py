"""stud_fast.equity on a Dask cluster: the run cut into pieces whose integer tallies add up to
exactly the tally of the local run, so the result is the same to the last bit.

- Sampling: sample ``i`` of a seeded run is drawn from a stream fixed by the seed and ``i``'s
  block of ``SF_EQUITY_BLOCK`` samples, so pieces on block boundaries add up to the run.
- Heads-up, exact: counted in one piece on a worker (:func:`equity_count`), milliseconds.
- Exact enumeration: the C engine numbers the units an exact run is cut into
  (``_core.equity_plan``), and any range of units gives its integer tally; the local run adds
  the very same units.

Each piece is a ``_core.equity_tally`` call; the sums end in ``_core.equity_finish``, the C
engine's own last step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional

from stud_fast import _core
from stud_fast.dask._cluster import for_each_result, split_evenly, thread_total

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["equity_count", "equity_raw"]

BLOCK = 4096  # SF_EQUITY_BLOCK: sampled pieces start on its multiples
_MIN_SAMPLES = 64 * BLOCK  # a piece of fewer samples costs more to schedule than to run
_MIN_DEALS = 1 << 18  # nor an exact piece of fewer deals (on average)
_PIECES_PER_THREAD = 8  # pieces per worker thread: balance, progress, little lost to a crash

Spot = tuple[int, bool, int, list[list[int]], list[int], int, int]
Tally = dict[str, Any]


def equity_raw(client: "Client", ranking: int, hilo: bool, cards_per_player: int,
               known: list[list[int]], dead: list[int], exact: bool, samples: int = 0,
               seed: int = 0, threads: int = 1, wild_mask: int = 0, jokers: int = 0,
               progress: Optional[Callable[[int, int], None]] = None) -> dict[str, Any]:
    """``_core.equity_raw`` run on the cluster of ``client``; the same result for any number
    of workers. Each piece runs on one thread of a worker (``threads`` is not used: the
    cluster's threads are). ``progress(done, total)`` is called here as pieces finish
    (deals or samples)."""
    spot: Spot = (ranking, hilo, cards_per_player, known, dead, wild_mask, jokers)
    pieces = thread_total(client) * _PIECES_PER_THREAD
    if exact:
        units, total = _core.equity_plan(ranking, hilo, cards_per_player, known, dead,
                                         wild_mask, jokers)
        pieces = max(1, min(pieces, total // _MIN_DEALS))
        ranges = split_evenly(units, pieces)
    else:
        total = samples
        pieces = max(1, min(pieces, samples // _MIN_SAMPLES))
        ranges = split_evenly(samples, pieces, BLOCK)
    calls = [(_piece, spot, exact, first, n, seed) for first, n in ranges]
    sums: Tally = {name: [0] * len(known) for name in _core.TALLY_FIELDS}
    sums["deals"] = 0

    def add(_: int, tally: Tally) -> None:
        _add(sums, tally)
        if progress is not None:
            progress(sums["deals"], total)

    for_each_result(client, calls, add)
    return _core.equity_finish(sums, len(known), exact)


def equity_count(client: "Client", ranking: int, hilo: bool, cards_per_player: int,
                 known: list[list[int]], dead: list[int], wild_mask: int = 0,
                 jokers: int = 0, threads: int = 1) -> Optional[dict[str, Any]]:
    """``_core.equity_count`` (a heads-up spot counted exactly, docs/equity.md) run on a
    worker of ``client`` with ``threads`` threads: one piece of milliseconds, nothing to
    split; None for a spot the counting does not take. An exception or Ctrl-C while waiting
    cancels it."""
    results: list[Optional[dict[str, Any]]] = []
    for_each_result(client, [(_core.equity_count, ranking, hilo, cards_per_player, known,
                              dead, wild_mask, jokers, threads)],
                    lambda _, raw: results.append(raw))
    return results[0]


def _add(into: Tally, tally: Tally) -> None:
    """Add an integer tally to another."""
    for name, value in tally.items():
        if isinstance(value, list):
            into[name] = [a + b for a, b in zip(into[name], value)]
        else:
            into[name] += value


def _piece(spot: Spot, exact: bool, first: int, count: int, seed: int) -> Tally:
    """The integer tally of units (exact) or samples ``first .. first + count - 1``."""
    ranking, hilo, per_player, known, dead, mask, jokers = spot
    return _core.equity_tally(ranking, hilo, per_player, known, dead, exact, first, count, seed,
                              1, mask, jokers)
