"""stud_fast on a Dask cluster: batch evaluation, equity and self-play split over workers.

Needs the ``dask`` extra (``pip install '.[dask]'``: dask and distributed) on the
client and on every worker. ``import stud_fast`` never imports this package, and this package
imports dask and distributed only when a function needs them.

- :func:`evaluate_batch` evaluates a dask array of hands, block by block where the blocks live.
- ``stud_fast.equity(..., client=client)`` splits exact enumeration and sampling into pieces
  whose integer tallies add up to exactly the local run's: the same result, to the last bit,
  for any number of workers; a heads-up spot is counted on a worker in one piece.
- ``stud_fast.simulate.simulate(..., client=client)`` plays ranges of hands on the workers
  (each hand seeded from the run's seed and its number): the same summary and PHH files.
- :func:`add_cluster_arguments` and :func:`client_from_args` give a command line
  ``--scheduler ADDRESS`` (a running cluster) and ``--workers N`` (a local one).

A worker killed mid-run only costs its pieces being run again elsewhere; an exception or
Ctrl-C while waiting cancels every piece still queued or running.

>>> from distributed import Client, LocalCluster                      # doctest: +SKIP
>>> with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, \\
...         Client(cluster) as client:                                 # doctest: +SKIP
...     r = stud_fast.equity(["As Ks Qs 7d", "Jh Jd 9c 8c"], client=client)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from stud_fast.dask._array import evaluate_batch
    from stud_fast.dask._equity import equity_count, equity_raw
    from stud_fast.dask._simulate import simulate_on
    from stud_fast.dask.cli import add_cluster_arguments, client_from_args

__all__ = ["evaluate_batch", "equity_count", "equity_raw", "simulate_on", "add_cluster_arguments",
           "client_from_args"]

#: where each name lives: the command line declares its options without loading the rest
_MODULES = {"evaluate_batch": "_array", "equity_count": "_equity", "equity_raw": "_equity",
            "simulate_on": "_simulate", "add_cluster_arguments": "cli", "client_from_args": "cli"}


def __getattr__(name: str) -> Any:
    if name not in _MODULES:
        raise AttributeError(f"module 'stud_fast.dask' has no attribute {name!r}")
    return getattr(importlib.import_module(f"stud_fast.dask.{_MODULES[name]}"), name)
