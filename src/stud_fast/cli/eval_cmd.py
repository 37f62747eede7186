"""``stud-fast eval``: evaluate one hand of 1 to 7 cards.

    stud-fast eval As Ks Qs Js Ts 2c 3d [--ranking razz] [--wild-ranks 9] [--json]
"""

from __future__ import annotations

import argparse
import json

from stud_fast.cli._args import choice

RANKINGS = ("high", "short32", "razz", "low8")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``eval``."""
    p.add_argument("cards", nargs="+",
                   help='the cards, quoted or not: As Ks Qs Js Ts 2c 3d (Xx is a joker)')
    p.add_argument("--ranking", default="high", type=choice("ranking", RANKINGS),
                   help=", ".join(RANKINGS) + " (high)")
    p.add_argument("--wild-ranks", default="", metavar="RANKS",
                   help='ranks whose cards are wild, e.g. "9" or "39"')
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Evaluate and print the hand."""
    from stud_fast.evaluation import evaluate

    cards = " ".join(" ".join(args.cards).split())
    hv = evaluate(cards, ranking=args.ranking, wild_ranks=args.wild_ranks)
    if args.json:
        print(json.dumps({
            "cards": cards, "ranking": hv.ranking.value, "wild_ranks": args.wild_ranks,
            "category": hv.category, "value": hv.value, "best_five": hv.best_five_text,
            "description": str(hv),
        }))
        return 0
    wild = f", wild ranks {args.wild_ranks}" if args.wild_ranks else ""
    print(f"hand:      {cards}")
    print(f"ranking:   {hv.ranking.value}{wild}")
    print(f"best five: {hv.best_five_text}")
    print(f"category:  {hv.category}")
    print(f"value:     {hv.value}  ({hv})")
    return 0
