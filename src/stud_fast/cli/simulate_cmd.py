"""``stud-fast simulate``: bots play many hands; print a summary (a partial one on Ctrl-C).

    stud-fast simulate --variant seven-card-stud --hands 1000 [--players 6] [--seed S]
                       [--bots random,strength] [--phh DIR [--force]] [--json]
                       [--scheduler ADDRESS | --workers N]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from stud_fast.cli._args import UsageError, choice, int_in
from stud_fast.dask.cli import add_cluster_arguments, client_from_args

if TYPE_CHECKING:
    from stud_fast.simulation_summary import SimulationSummary

#: the API's limits (stud_fast.simulate.simulate)
MIN_PLAYERS, MAX_PLAYERS = 2, 10

def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``simulate``."""
    from stud_fast.simulate import BOTS
    from stud_fast.variants import VARIANTS

    p.add_argument("--variant", required=True, type=choice("variant", VARIANTS),
                   help=", ".join(v.replace("_", "-") for v in VARIANTS))
    p.add_argument("--hands", type=int_in(0), default=1000, help="hands to play (1000)")
    p.add_argument("--players", type=int_in(MIN_PLAYERS, MAX_PLAYERS), default=6,
                   help=f"seats, {MIN_PLAYERS} to {MAX_PLAYERS} (6)")
    p.add_argument("--seed", type=int, default=None, help="seed of decks and bots (random)")
    p.add_argument("--bots", default="random,strength", type=_bot_list(BOTS),
                   help=f"bot kinds ({', '.join(BOTS)}) by seat, repeated round the table "
                        "(random,strength)")
    p.add_argument("--phh", metavar="DIR",
                   help="write every hand as DIR/hand-00001.phh ... (DIR new or empty)")
    p.add_argument("--force", action="store_true",
                   help="write into a non-empty DIR (files of the same name are replaced)")
    p.add_argument("--ante", type=int_in(0), default=1, help="ante (1)")
    p.add_argument("--bring-in", type=int_in(1), default=None, help="bring-in (twice the ante)")
    p.add_argument("--small-bet", type=int_in(1), default=5, help="small bet (5)")
    p.add_argument("--big-bet", type=int_in(1), default=10, help="big bet (10)")
    p.add_argument("--stack", type=int_in(1), default=200,
                   help="every seat's stack each hand (200)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    add_cluster_arguments(p)


def _bot_list(kinds: Any) -> Any:
    one = choice("bot", kinds)

    def convert(text: str) -> list[str]:
        bots = [one(b) for b in text.replace(" ", "").split(",") if b]
        if not bots:
            raise argparse.ArgumentTypeError("give at least one bot")
        return bots

    return convert


def check_phh_dir(path: str, force: bool) -> None:
    """Refuse a ``--phh`` target that is a file or a non-empty folder (unless ``force``);
    create it, so that an unwritable place fails before any hand is played."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"--phh {path}: not a folder")
    if os.path.isdir(path) and os.listdir(path) and not force:
        raise UsageError(f"--phh {path}: the folder is not empty (use --force to write "
                         "into it anyway)")
    os.makedirs(path, exist_ok=True)
    if not os.access(path, os.W_OK):
        raise UsageError(f"--phh {path}: the folder is not writable")


def summary_dict(summary: SimulationSummary) -> dict[str, Any]:
    """The summary as JSON-ready data: its fields and derived rates."""
    import dataclasses

    data = dataclasses.asdict(summary)
    data.update(hands_per_second=summary.hands_per_second,
                showdown_frequency=summary.showdown_frequency,
                average_pot=summary.average_pot, actions_per_hand=summary.actions_per_hand,
                big_bets_per_100={b: summary.big_bets_per_100(b) for b in summary.flow_per_bot})
    return data


def _report(summary: SimulationSummary, args: argparse.Namespace, complete: bool) -> None:
    if args.json:
        data = summary_dict(summary)
        data.update(complete=complete, requested_hands=args.hands, phh_dir=args.phh)
        print(json.dumps(data), flush=True)
        return
    if not complete:
        print(f"interrupted after {summary.hands} of {args.hands} hands: partial summary\n")
    print(summary.format())
    if args.phh:
        print(f"\nhand histories written to {args.phh}")
    sys.stdout.flush()


def run(args: argparse.Namespace) -> int:
    """Play the hands and print the summary."""
    from stud_fast.simulate import SimulationTally, simulate
    from stud_fast.variants import get_variant

    if args.force and not args.phh:
        raise UsageError("--force only applies to --phh DIR")
    if args.phh:
        check_phh_dir(args.phh, args.force)
    # the hands finished so far, for a partial summary if the run is interrupted
    tally = SimulationTally(get_variant(args.variant).name, args.players, args.bots,
                            stack=args.stack, big_bet=args.big_bet)
    start = time.perf_counter()
    with client_from_args(args) as client:
        try:
            summary = simulate(args.variant, args.hands, players=args.players, seed=args.seed,
                               bots=args.bots, ante=args.ante, bring_in=args.bring_in,
                               small_bet=args.small_bet, big_bet=args.big_bet,
                               stack=args.stack, phh_dir=args.phh,
                               progress=not args.no_progress and not args.json,
                               on_hand=tally.add if client is None else None, client=client)
        except KeyboardInterrupt:
            if client is None:  # a cluster's hands are not seen here one by one
                _report(tally.summary(time.perf_counter() - start), args, complete=False)
            raise
    _report(summary, args, complete=True)
    return 0
