"""``stud-fast bench``: time the evaluator against the installed peers.

    stud-fast bench [--hands 200000] [--seed 1] [--repeats 5] [--json FILE] [--plot FILE.png]
"""

from __future__ import annotations

import argparse
import json

from stud_fast.cli._args import UsageError, int_in


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``bench``."""
    p.add_argument("--hands", type=int_in(2), default=200_000,
                   help="random 7-card hands (200000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random hands (1)")
    p.add_argument("--repeats", type=int_in(1), default=5, help="repetitions, best kept (5)")
    p.add_argument("--json", metavar="FILE", help="also write the rows as JSON")


def _writable(path: str, flag: str) -> None:
    """Fail before the run, not after it, when ``path`` cannot be written."""
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise UsageError(f"{flag} {path}: {e.strerror or e}") from None


def run(args: argparse.Namespace) -> int:
    """Run the benchmark, print its tables, write the JSON."""
    from stud_fast.benchmark import run as bench

    if args.json:
        _writable(args.json, "--json")
    rows = bench(hands=args.hands, seed=args.seed, repeats=args.repeats)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=2)
        print(f"results written to {args.json}")
    return 0
