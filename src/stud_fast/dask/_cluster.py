"""Running pieces of work on a Dask cluster: submit, collect as they finish, cancel on error.

Nothing here imports dask or distributed before a function needs it (the ``dask`` extra is
optional; ``import stud_fast`` never loads it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

__all__ = ["for_each_result", "local_cluster", "thread_total", "split_evenly"]


def local_cluster(workers: int) -> "LocalCluster":
    """A cluster of ``workers`` worker processes on this machine, one thread each, set up for
    pieces that keep a core busy: without the workers' statistical profiler, which stops the
    computing thread every 10 ms to read its stack (a few percent of a pure-Python piece such
    as self-play, and of a core when every core runs a worker), and without logs: the worker
    processes emit nothing below CRITICAL for their whole life (:mod:`stud_fast.dask._quiet`),
    and the scheduler and nannies in this process nothing below CRITICAL while it runs. A
    piece that fails raises its error in the client all the same.
    """
    import logging

    import dask
    from distributed import LocalCluster

    with dask.config.set({"distributed.worker.profile.enabled": False,
                          "distributed.worker.preload": ["stud_fast.dask._quiet"]}):
        # the nanny hands the configuration it sees now to the worker process it starts
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                            dashboard_address=":0", silence_logs=logging.CRITICAL)


def thread_total(client: "Client") -> int:
    """Threads of all the cluster's workers now (at least 1: a cluster still starting).

    >>> thread_total(type("C", (), {"nthreads": lambda self: {"a": 2, "b": 1}})())
    3
    """
    threads: dict[str, int] = client.nthreads()
    return max(1, sum(threads.values()))


def split_evenly(total: int, pieces: int, step: int = 1) -> list[tuple[int, int]]:
    """``(first, count)`` ranges covering ``0 .. total - 1`` in at most ``pieces`` pieces, every
    ``first`` a multiple of ``step`` and the counts as equal as that allows.

    >>> split_evenly(10, 3)
    [(0, 4), (4, 4), (8, 2)]
    >>> split_evenly(10_000, 2, step=4096)
    [(0, 8192), (8192, 1808)]
    """
    if total <= 0:
        return []
    blocks = -(-total // step)
    per = -(-blocks // max(1, pieces)) * step
    return [(first, min(per, total - first)) for first in range(0, total, per)]


def for_each_result(client: "Client", calls: Sequence[tuple[Any, ...]],
                    on_result: Callable[[int, Any], None]) -> None:
    """Run every call ``(function, *arguments)`` of ``calls`` on the cluster and call
    ``on_result(i, result of calls[i])`` in this thread as each one finishes (in any order).

    The futures are not pure (two runs never share one), and a worker lost mid-run only makes
    the scheduler run its pieces again elsewhere. Any exception here, a piece's own error, one
    raised by ``on_result`` or a KeyboardInterrupt (Ctrl-C) while waiting, cancels every piece
    still queued or running before it propagates.
    """
    from distributed import as_completed

    futures = [client.submit(*call, pure=False) for call in calls]
    index = {f.key: i for i, f in enumerate(futures)}
    try:
        for future in as_completed(futures):
            on_result(index[future.key], future.result())
            future.release()  # its result is here now: the worker may drop it
    except BaseException:
        client.cancel(futures)
        raise
