"""``stud-fast bench``: time the evaluator against the installed peers, optionally draw a chart.

    stud-fast bench [--hands 200000] [--seed 1] [--repeats 5] [--json FILE] [--plot FILE.png]
                    [--scheduler ADDRESS | --workers N]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys

from stud_fast.cli._args import UsageError, int_in
from stud_fast.dask.cli import add_cluster_arguments, client_from_args


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``bench``."""
    p.add_argument("--hands", type=int_in(2), default=200_000,
                   help="random 7-card hands (200000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random hands (1)")
    p.add_argument("--repeats", type=int_in(1), default=5, help="repetitions, best kept (5)")
    p.add_argument("--full", action="store_true",
                   help="time the per-hand loops on every hand, not a prefix")
    p.add_argument("--no-five", action="store_true", help="skip the 5-card section")
    p.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    p.add_argument("--plot", metavar="FILE",
                   help="draw the 7-card rows as a bar chart, FILE.png or FILE.svg "
                        "(needs matplotlib: pip install '.[plot]')")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    add_cluster_arguments(p)


def _writable(path: str, flag: str) -> None:
    """Fail before the run, not after it, when ``path`` cannot be written."""
    existed = os.path.exists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise UsageError(f"{flag} {path}: {e.strerror or e}") from None
    if not existed:
        os.remove(path)


def _check_plot(path: str) -> None:
    from stud_fast.benchmark.plot import FORMATS

    if os.path.splitext(path)[1].lower() not in FORMATS:
        raise UsageError(f"--plot {path}: give a file name ending in {' or '.join(FORMATS)}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install '.[plot]'") from None
    _writable(path, "--plot")


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark, print its tables, write the JSON and the chart."""
    from stud_fast.benchmark import run as bench
    from stud_fast.benchmark.compare import versions
    from stud_fast.evaluation import batch_kernel
    from stud_fast.benchmark.plot import machine_name, plot_rows

    if args.json:
        _writable(args.json, "--json")
    if args.plot:
        _check_plot(args.plot)
    with client_from_args(args) as client:  # a bad --scheduler fails before the timing
        rows = bench(hands=args.hands, seed=args.seed, repeats=args.repeats, full=args.full,
                     five_card=not args.no_five, progress=None if args.quiet else _progress)
        if client is not None:
            from stud_fast.dask.bench import compare

            rows += compare(client, hands=args.hands, seed=args.seed)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"machine": machine_name(), "date": datetime.date.today().isoformat(),
                       "batch_kernel": batch_kernel(), "versions": versions(), "rows": rows},
                      f, indent=2)
        print(f"results written to {args.json}")
    if args.plot:
        plot_rows(rows, args.plot)
        print(f"chart written to {args.plot}")
    return 0
