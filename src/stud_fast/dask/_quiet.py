"""Quiet worker processes for the local clusters of ``--workers N``: a Dask worker preload.

A worker logs to the terminal it was started from. When a local cluster shuts down under load
(Ctrl-C, or the end of a run), the scheduler can close before a worker's last heartbeat, and the
worker then prints ``Failed to communicate with scheduler during heartbeat`` with a traceback.
Nothing a worker logs is for the user: a piece that fails raises its error in the client. So
:func:`dask_setup` (run by each worker as it starts, see
:func:`~stud_fast.dask._cluster.local_cluster`) keeps every record below CRITICAL out of the
terminal for the worker's whole life; the levels are set on the loggers, which outlive the handlers'
levels that ``silence_logs`` changes and restores at close.

>>> import logging
>>> quiet_loggers(["stud_fast.example"])
>>> logging.getLogger("stud_fast.example.child").isEnabledFor(logging.ERROR)
False
"""

from __future__ import annotations

import logging
from typing import Any, Iterable

__all__ = ["NAMES", "dask_setup", "quiet_loggers"]

#: the loggers a worker process writes to: Dask's, and those of the event loop under it
NAMES = ("distributed", "tornado", "asyncio")


def quiet_loggers(names: Iterable[str] = NAMES) -> None:
    """Only CRITICAL records of the loggers ``names`` (and their children) are emitted from
    now on."""
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)


def dask_setup(worker: Any) -> None:
    """The preload's entry point, called by the worker process as it starts."""
    quiet_loggers()
