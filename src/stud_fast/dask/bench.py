"""Timing work here and on a Dask cluster: ``stud-fast bench --workers N`` (or
``--scheduler ADDRESS``) and ``bench/bench_dask.py``.

Every workload runs the same call locally on one thread and on the cluster, checks that the
results are identical, and reports units per second; the cluster's time includes shipping the
work and the results (the overhead a small call pays).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

import numpy as np

from stud_fast.benchmark.compare import best_time
from stud_fast.dask._cluster import split_evenly, thread_total

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["Workload", "workloads", "compare"]

#: the spots the equity workloads use: heads-up seven-card stud
THIRD_STREET = ["As Ks Qs", "Jh Jd 9c"]
FIFTH_STREET = ["As Ks Qs 7d 2c", "Jh Jd 9c 8c 3d"]


@dataclass(frozen=True)
class Workload:
    """One call, run with ``client=None`` (here, one thread) or with a client."""

    name: str
    units: str  # what ``count`` counts: hands, deals
    count: int
    run: Callable[[Optional["Client"]], Any]
    same: Callable[[Any], Any] = lambda result: result  # what must be identical


def _summary_without_time(summary: Any) -> dict[str, Any]:
    fields = dataclasses.asdict(summary)
    fields.pop("seconds")
    return fields


def workloads(*, hands: int = 1_000_000, samples: int = 20_000_000, sim_hands: int = 2_000,
              seed: int = 1) -> list[Workload]:
    """The benchmark's workloads: batch evaluation of ``hands`` random 7-card hands (on the
    cluster, scattered to the workers by the first call: the timing is the evaluation and the
    return of the values), sampled equity of ``samples`` deals, exact equity on fifth street
    (671,580 deals) and a simulation of ``sim_hands`` six-handed seven-card stud hands."""
    import stud_fast
    from stud_fast.benchmark import random_hands
    from stud_fast.simulate import simulate

    cards = random_hands(hands, 7, seed=seed)

    on_workers: dict[int, Any] = {}  # client -> the hands, scattered to its workers once

    def batch(client: Optional["Client"]) -> np.ndarray:
        if client is None:
            return stud_fast.evaluate_batch(cards, threads=1)
        from dask.delayed import delayed
        import dask.array as da

        from stud_fast.dask import evaluate_batch

        if id(client) not in on_workers:
            rows = split_evenly(hands, 8 * thread_total(client))
            parts = client.scatter([cards[a:a + n] for a, n in rows])
            on_workers[id(client)] = parts, da.concatenate(  # the futures keep the data there
                [da.from_delayed(delayed(f), shape=(n, 7), dtype=np.uint8)
                 for f, (_, n) in zip(parts, rows)])
        # client.compute, not .compute(): with several clients the latest is the default
        return np.asarray(client.compute(evaluate_batch(on_workers[id(client)][1])).result())

    def equity(spot: list[str], **kw: Any) -> Callable[[Optional["Client"]], Any]:
        return lambda client: stud_fast.equity(spot, threads=1, client=client, **kw)

    return [
        Workload("evaluate_batch, 7-card high", "hands", hands, batch, lambda v: v.tobytes()),
        Workload("equity, sampled (third street)", "deals", samples,
                 equity(THIRD_STREET, exact=False, samples=samples, seed=seed)),
        Workload("equity, exact (fifth street)", "deals", 671_580,
                 equity(FIFTH_STREET, exact=True)),
        Workload("simulate, seven-card stud, 6 players", "hands", sim_hands,
                 lambda client: simulate("seven_card_stud", sim_hands, players=6, seed=seed,
                                         progress=False, client=client),
                 _summary_without_time),
    ]


def compare(client: "Client", out: Callable[[str], Any] = print, *, repeats: int = 3,
            **sizes: int) -> list[dict[str, Any]]:
    """Time every workload here on one thread and on the cluster of ``client``, print a table
    and return its rows (``sizes``: see :func:`workloads`). Raises RuntimeError if a result
    differs."""
    threads = thread_total(client)
    out("")
    out(f"### Dask cluster: {len(client.nthreads())} workers, {threads} threads "
        f"(best of {repeats})")
    out("")
    out("| workload | work | here, 1 thread | cluster | cluster / here |")
    out("|---|---:|---:|---:|---:|")
    rows = []
    for w in workloads(**sizes):
        here, expected = best_time(lambda: w.run(None), repeats)
        there, got = best_time(lambda: w.run(client), repeats)
        if w.same(got) != w.same(expected):
            raise RuntimeError(f"{w.name}: the cluster's result differs from the local one")
        rows.append({"section": "dask", "name": w.name, "units": w.units, "count": w.count,
                     "local_seconds": here, "cluster_seconds": there, "workers": threads})
        out(f"| {w.name} | {w.count:,} {w.units} | {w.count / here:,.0f}/s | "
            f"{w.count / there:,.0f}/s | {here / there:.2f}x |")
    return rows
