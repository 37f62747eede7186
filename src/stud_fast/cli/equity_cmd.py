"""``stud-fast equity``: each player's share of the pot from the known cards.

    stud-fast equity "As Ks Qs 7d" "Jh Jd 9c 8c" --dead "2d 5h" [--game razz]
                     [--exact | --samples N [--seed S]] [--threads T] [--json]
                     [--scheduler ADDRESS | --workers N]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from stud_fast.cli._args import UsageError, choice, int_in
from stud_fast.dask.cli import add_cluster_arguments, client_from_args

#: the API's limit (stud_fast.equity): eight players need more cards than a deck holds
MAX_PLAYERS = 8


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``equity``."""
    from stud_fast.variants import VARIANTS

    p.add_argument("hands", nargs="+",
                   help=f'known cards per player, 2 to {MAX_PLAYERS} players, e.g. "As Ks Qs 7d"')
    p.add_argument("--game", default="seven_card_stud", type=choice("game", VARIANTS),
                   help=", ".join(VARIANTS) + " (seven_card_stud)")
    p.add_argument("--dead", default="", help="cards out of play, e.g. folded up cards")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal")
    how.add_argument("--samples", type=int_in(1), help="Monte Carlo deals (default: exact if "
                     "at most 50 million deals, else 1,000,000 samples)")
    p.add_argument("--seed", type=int, help="seed for reproducible sampling")
    p.add_argument("--threads", type=int_in(1), help="worker threads (default: all cores)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_cluster_arguments(p)


def run(args: argparse.Namespace) -> int:
    """Compute and print the equities."""
    from stud_fast.equity import equity

    if not 2 <= len(args.hands) <= MAX_PLAYERS:
        raise UsageError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(args.hands)}")
    if args.exact and args.seed is not None:
        raise UsageError("--seed only applies to sampling: drop it or --exact")
    exact = True if args.exact else (False if args.samples else None)
    show = sys.stderr.isatty() and not args.json

    def progress(done: int, total: int) -> None:
        if show:
            filled = 30 * done // total
            print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done:,}/{total:,} deals",
                  end="" if done < total else "\n", file=sys.stderr, flush=True)

    with client_from_args(args) as client:
        result = equity(args.hands, game=args.game, dead=args.dead, exact=exact,
                        samples=args.samples, seed=args.seed, threads=args.threads,
                        progress=progress, client=client)
    if args.json:
        print(json.dumps(dataclasses.asdict(result)))
    else:
        print(result.format())
    return 0
