"""The command line: ``python -m stud_fast`` (also installed as ``stud-fast``).

    stud-fast eval "As Ks Qs Js Ts 2c 3d" [--ranking high] [--wild-ranks 9]
    stud-fast bench [--hands 200000] [--seed 1] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence

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

    rows = run(hands=args.hands, seed=args.seed, repeats=args.repeats)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=2)
        print(f"results written to {args.json}")
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="stud-fast", description="Fast stud poker evaluation.")
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
    b.set_defaults(func=_cmd_bench)
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
