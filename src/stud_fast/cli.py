"""The command line: ``python -m stud_fast`` (also installed as ``stud-fast``).

    stud-fast eval "As Ks Qs Js Ts 2c 3d" [--ranking high] [--wild-ranks 9]
    stud-fast bench [--hands 200000] [--seed 1] [--json FILE]
    stud-fast simulate --variant seven-card-stud --hands 1000 [--players 6] [--phh DIR]
    stud-fast replay hand.phh
    stud-fast equity "As Ks Qs 7d" "Jh Jd 9c 8c" --dead "2d 5h"
    stud-fast simulate --variant seven-card-stud --hands 1000 [--players 6] [--seed S]
                       [--phh DIR] [--bots random,strength]
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence

from stud_fast.dask.cli import add_cluster_arguments, client_from_args
from stud_fast.errors import StudFastError

__all__ = ["main"]


def _cmd_eval(args: argparse.Namespace) -> int:
    from stud_fast.evaluation import evaluate

    hv = evaluate(args.cards, ranking=args.ranking, wild_ranks=args.wild_ranks)
    if args.json:
        print(json.dumps({
            "cards": " ".join(args.cards.split()), "ranking": hv.ranking.value,
            "wild_ranks": args.wild_ranks, "category": hv.category, "value": hv.value,
            "best_five": hv.best_five_text, "description": str(hv),
        }))
    else:
        print(f"hand:      {' '.join(args.cards.split())}")
        print(f"ranking:   {hv.ranking.value}" + (f", wild ranks {args.wild_ranks}"
                                                  if args.wild_ranks else ""))
        print(f"best five: {hv.best_five_text}")
        print(f"category:  {hv.category}")
        print(f"value:     {hv.value}  ({hv})")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from stud_fast.benchmark import run

    with client_from_args(args) as client:  # a bad --scheduler fails before the timing
        rows = run(hands=args.hands, seed=args.seed, repeats=args.repeats)
        if client is not None:
            from stud_fast.dask.bench import compare

            rows += compare(client, hands=args.hands, seed=args.seed)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=2)
        print(f"results written to {args.json}")
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from stud_fast.simulate import simulate

    bots = [b for b in args.bots.replace(" ", "").split(",") if b]
    with client_from_args(args) as client:
        summary = simulate(args.variant, args.hands, players=args.players, seed=args.seed,
                           bots=bots, ante=args.ante, bring_in=args.bring_in,
                           small_bet=args.small_bet, big_bet=args.big_bet, stack=args.stack,
                           phh_dir=args.phh, progress=not args.no_progress, client=client)
    print(summary.format())
    if args.phh:
        print(f"\nhand histories written to {args.phh}")
    return 0


def _cmd_equity(args: argparse.Namespace) -> int:
    from stud_fast.equity import equity

    exact = True if args.exact else (False if args.samples else None)
    show = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            filled = 30 * done // total
            print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done:,}/{total:,} deals",
                  end="" if done < total else "\n", file=sys.stderr, flush=True)

    with client_from_args(args) as client:
        result = equity(args.hands, game=args.game, dead=args.dead, exact=exact,
                        samples=args.samples, seed=args.seed, threads=args.threads,
                        progress=progress, client=client)
    print(result.format())
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from stud_fast.history import load, replay

    history = load(args.file)
    hand = replay(history)
    # PHH players are seated from the dealer's left: replay() seats p1 at seat 0
    result = {
        "file": args.file, "variant": history.variant, "players": history.player_count,
        "finishing_stacks": list(hand.stacks),
        "matches_file": (None if history.finishing_stacks is None
                         else [int(x) for x in history.finishing_stacks] == list(hand.stacks)),
    }
    print(json.dumps(result))
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="stud-fast",
        description="Stud poker: hand evaluation, equity, simulation and hand histories.")
    sub = p.add_subparsers(dest="command", required=True)

    e = sub.add_parser("eval", help="evaluate one hand of 1 to 7 cards")
    e.add_argument("cards", help='the cards, e.g. "As Ks Qs Js Ts 2c 3d" (Xx is a joker)')
    e.add_argument("--ranking", default="high", choices=["high", "short32", "razz", "low8"])
    e.add_argument("--wild-ranks", default="", metavar="RANKS",
                   help='ranks whose cards are wild, e.g. "9" or "39"')
    e.add_argument("--json", action="store_true", help="print one JSON object")
    e.set_defaults(func=_cmd_eval)

    b = sub.add_parser("bench", help="time the evaluator against installed peers")
    b.add_argument("--hands", type=int, default=200_000, help="random 7-card hands (200000)")
    b.add_argument("--seed", type=int, default=1, help="seed of the random hands (1)")
    b.add_argument("--repeats", type=int, default=5, help="repetitions, best kept (5)")
    b.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    add_cluster_arguments(b)
    b.set_defaults(func=_cmd_bench)

    s = sub.add_parser("simulate", help="bots play many hands; print a summary")
    from stud_fast.variants import VARIANTS

    s.add_argument("--variant", required=True,
                   help=", ".join(v.replace("_", "-") for v in VARIANTS))
    s.add_argument("--hands", type=int, default=1000, help="hands to play (1000)")
    s.add_argument("--players", type=int, default=6, help="seats, 2 to 10 (6)")
    s.add_argument("--seed", type=int, default=None, help="seed of decks and bots (random)")
    s.add_argument("--bots", default="random,strength",
                   help="bot kinds by seat, repeated round the table (random,strength)")
    s.add_argument("--phh", metavar="DIR", help="write every hand as DIR/hand-00001.phh ...")
    s.add_argument("--ante", type=int, default=1, help="ante (1)")
    s.add_argument("--bring-in", type=int, default=None, help="bring-in (twice the ante)")
    s.add_argument("--small-bet", type=int, default=5, help="small bet (5)")
    s.add_argument("--big-bet", type=int, default=10, help="big bet (10)")
    s.add_argument("--stack", type=int, default=200, help="every seat's stack each hand (200)")
    s.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_cluster_arguments(s)
    s.set_defaults(func=_cmd_simulate)

    q = sub.add_parser("equity", help="each player's share of the pot from the known cards")
    q.add_argument("hands", nargs="+", help='known cards per player, e.g. "As Ks Qs 7d"')
    from stud_fast.equity import GAMES

    q.add_argument("--game", default="seven_card_stud",
                   help=", ".join(GAMES) + " (default seven_card_stud)")
    q.add_argument("--dead", default="", help="cards out of play, e.g. folded up cards")
    q.add_argument("--exact", action="store_true", help="enumerate every deal")
    q.add_argument("--samples", type=int, help="Monte Carlo deals (default: exact if cheap)")
    q.add_argument("--seed", type=int, help="seed for reproducible sampling")
    q.add_argument("--threads", type=int, help="worker threads (default: all cores)")
    add_cluster_arguments(q)
    q.set_defaults(func=_cmd_equity)

    r = sub.add_parser("replay", help="replay a .phh hand history; print its final stacks")
    r.add_argument("file", help="a PHH file (pokerkit's format; stud_fast's extensions too)")
    r.set_defaults(func=_cmd_replay)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (StudFastError, ValueError, TypeError) as e:
        print(f"stud-fast: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
