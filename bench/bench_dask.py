"""Scaling of stud_fast on Dask: the same work on a local cluster of 1 and of 2 workers.

    python bench/bench_dask.py [--samples 100000000] [--sim-hands 20000] [--repeats 5]

Both clusters (worker processes, one thread each) are started first; every workload then runs
on one and on the other in turn, so the two see the same load on a shared machine. It prints
the best time of each, the speed-up of 2 workers over 1 (the median and range of the per-round
ratios, and the best time over the best time), how busy the workers were (their compute time
over wall time and threads: what the splitting achieves, whatever else the machine runs),
checks that both clusters give
the local result, and times small calls here and on the 2-worker cluster (what the cluster
costs a call too small to split).
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time
from typing import Any, Callable

from distributed import Client, LocalCluster, get_task_stream

import stud_fast
from stud_fast.benchmark.compare import best_time
from stud_fast.dask._cluster import local_cluster
from stud_fast.dask.bench import FIFTH_STREET, THIRD_STREET, Workload, workloads


def _cluster(n: int) -> tuple[LocalCluster, Client]:
    cluster = local_cluster(n)
    return cluster, Client(cluster)


def _busy(client: Client, run: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall time of ``run()``, the share of it the workers spent computing (1.0: every worker
    thread busy throughout), and the result."""
    with get_task_stream(client) as stream:
        start = time.perf_counter()
        result = run()
        wall = time.perf_counter() - start
    computing = sum(s["stop"] - s["start"] for task in stream.data
                    for s in task["startstops"] if s["action"] == "compute")
    return wall, computing / (wall * sum(client.nthreads().values())), result


def scaling(clients: list[Client], chosen: list[Workload], repeats: int) -> None:
    print("| workload | work | 1 worker | 2 workers | speed-up, median of rounds | range "
          "| best over best | workers busy, 1 / 2 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for w in chosen:
        expected = w.same(w.run(None))
        times: list[list[float]] = [[] for _ in clients]
        busy: list[list[float]] = [[] for _ in clients]
        for _ in range(repeats):
            for i, client in enumerate(clients):
                wall, share, result = _busy(client, lambda: w.run(client))
                times[i].append(wall)
                busy[i].append(share)
                if w.same(result) != expected:
                    raise SystemExit(f"{w.name}: the cluster's result differs")
        one, two = min(times[0]), min(times[1])
        # a round runs the work on one cluster and then at once on the other, so its ratio
        # compares two runs under the same load; the median of the rounds shrugs off a round
        # whose load changed halfway, which the best of each cluster does not
        ratios = [a / b for a, b in zip(times[0], times[1])]
        print(f"| {w.name} | {w.count:,} {w.units} | {one:.2f} s | {two:.2f} s | "
              f"{statistics.median(ratios):.2f}x | {min(ratios):.2f}-{max(ratios):.2f}x | "
              f"{one / two:.2f}x | {max(busy[0]):.0%} / {max(busy[1]):.0%} |")


def overhead(client: Client, repeats: int) -> None:
    print()
    print("| small call | here | on 2 workers | added |")
    print("|---|---:|---:|---:|")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("equity, 4,096 samples", {"exact": False, "samples": 4096, "seed": 1}),
        ("equity, exact fifth street", {"exact": True}),
    ]
    for name, kw in calls:
        spot = FIFTH_STREET if kw["exact"] else THIRD_STREET
        here, _ = best_time(lambda: stud_fast.equity(spot, threads=1, **kw), repeats)
        there, _ = best_time(lambda: stud_fast.equity(spot, client=client, **kw), repeats)
        print(f"| {name} | {here * 1e3:.1f} ms | {there * 1e3:.1f} ms | "
              f"{(there - here) * 1e3:.1f} ms |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=100_000_000, help="sampled equity deals")
    ap.add_argument("--sim-hands", type=int, default=20_000, help="simulated hands")
    ap.add_argument("--repeats", type=int, default=5, help="rounds")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    logging.getLogger("distributed").setLevel(logging.ERROR)
    clusters = [_cluster(1), _cluster(2)]
    clients = [client for _, client in clusters]
    try:
        for client, n in zip(clients, (1, 2)):
            client.wait_for_workers(n)
            for w in workloads(hands=1000, samples=4096, sim_hands=100 * n):  # imports, caches
                w.run(client)
        every = workloads(hands=1000, samples=args.samples, sim_hands=args.sim_hands,
                          seed=args.seed)
        fourth = Workload("equity, exact (fourth street)", "deals", 141_181_040,
                          lambda c: stud_fast.equity(["As Ks Qs 7d", "Jh Jd 9c 8c"],
                                                     exact=True, threads=1, client=c))
        print(f"stud_fast on Dask: 1 vs 2 local workers, best of {args.repeats} rounds")
        print()
        # (evaluate_batch is left out: a few milliseconds of work, the round trips dominate)
        scaling(clients, [w for w in every if "equity" in w.name and "fifth" not in w.name
                          or "simulate" in w.name] + [fourth], args.repeats)
        overhead(clients[1], max(5, args.repeats))
    finally:
        for cluster, client in clusters:
            client.close()
            cluster.close()


if __name__ == "__main__":
    main()
