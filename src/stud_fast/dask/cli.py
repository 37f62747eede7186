"""Command-line options for running on a Dask cluster: ``--scheduler ADDRESS`` or ``--workers N``.

Light on purpose: the command line imports this module to declare the options, and dask and
distributed are imported only when one of them is given.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_cluster_arguments(p)
>>> args = p.parse_args([])
>>> with client_from_args(args) as client:
...     print(client)
None
"""

from __future__ import annotations

import argparse
import logging
import signal
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator, Optional

from stud_fast.dask._cluster import local_cluster
from stud_fast.dask._quiet import NAMES
from stud_fast.errors import StudFastError

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["add_cluster_arguments", "client_from_args"]


def add_cluster_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the mutually exclusive ``--scheduler ADDRESS`` and ``--workers N`` to a parser."""
    group = parser.add_argument_group("Dask cluster (pip install '.[dask]')")
    which = group.add_mutually_exclusive_group()
    which.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on a running Dask cluster, e.g. tcp://10.0.0.5:8786")
    which.add_argument("--workers", type=int, metavar="N",
                       help="run on a local Dask cluster of N worker processes, one thread each")


@contextmanager
def client_from_args(args: argparse.Namespace) -> Iterator[Optional["Client"]]:
    """A ``distributed.Client`` for the options :func:`add_cluster_arguments` added (None when
    neither was given), closed on exit, with the local cluster it started if any.

    Raises ValueError for a bad worker count or a scheduler that cannot be reached, and
    StudFastError when dask is not installed.
    """
    scheduler: Optional[str] = getattr(args, "scheduler", None)
    workers: Optional[int] = getattr(args, "workers", None)
    if scheduler is None and workers is None:
        yield None
        return
    if workers is not None and workers < 1:
        raise ValueError(f"--workers needs at least 1 worker, got {workers}")
    try:
        from distributed import Client
    except ImportError:
        raise StudFastError("running on a Dask cluster needs dask and distributed: "
                            "pip install '.[dask]'") from None
    if scheduler is not None:
        from distributed.comm.addressing import resolve_address

        try:  # before Client(): a Client failing on a bad address can hang in its cleanup
            resolve_address(scheduler)
        except (ValueError, TypeError, OSError) as e:
            raise ValueError(f"bad Dask scheduler address {scheduler!r}: {e}") from None
        try:
            client = Client(scheduler, timeout="10s")
        except OSError as e:
            raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
        with client:
            yield client
        return
    assert workers is not None  # neither None: one of them was given
    with _quiet_logs():
        with _workers_ignore_ctrl_c():
            cluster = local_cluster(workers)
        with cluster, Client(cluster) as client:
            yield client


@contextmanager
def _quiet_logs() -> Iterator[None]:
    """Keep this process's Dask and event-loop loggers below CRITICAL silent while a local
    cluster runs and shuts down (its scheduler and nannies run here): what they say then
    (a worker lost on Ctrl-C, a heartbeat that found the scheduler gone) is not for the user,
    who sees only the command's own output. Their levels are restored afterwards."""
    loggers = [logging.getLogger(name) for name in NAMES]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start worker processes with SIGINT ignored: a Ctrl-C at the terminal goes to the whole
    process group, and only this process should act on it (cancel the pieces, close the
    cluster), not the workers dying under their nannies. A process inherits an ignored signal;
    Ctrl-C during the start itself is lost."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
