"""Exact heads-up equity by counting (docs/equity.md), timed beside enumeration in one run.

Run from anywhere (stud_fast installed)::

    python bench/bench_count.py [--repeat 3] [--threads 2] [--skip-range-range]

It prints, one thread unless said otherwise:

1. third street heads-up, counted, for seven-card stud, razz and stud hi-lo, on one thread and
   on two (enumerating one of these visits about 10^10 deals: tens of seconds, so it is not
   timed here);
2. fourth to sixth street heads-up: the C call behind what ``equity()`` runs (counting, or
   enumeration for sixth street's few deals) against the enumeration of the same spot (the C
   engine's own ``_core.equity_raw``, which never counts), with the deal count and whether the
   two equities are the same floats;
3. a hand against a range of 50 holdings and a range of 50 against a range of 50 from third
   street (``--threads``), counted combination by combination;
4. the per-next-card equities of a third- and a fourth-street spot (``by_next_card=True``).

Each fast case is timed ``--repeat`` times and the best kept.

    >>> sorted(STREET_SPOTS)
    [4, 5, 6]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

from bench_equity import best_time  # bench/ is on the path when this script runs

import stud_fast
from stud_fast import Range, _core
from stud_fast.equity import _pot

THIRD = {"seven_card_stud": ["As Ks Qd", "Jh Jd 9c"], "razz": ["Ah 2d 7c", "3s 4s Kh"],
         "stud_hilo": ["As 2d 3h", "Kh Kd 4s"]}
STREET_SPOTS = {4: ["As Ks Qd 7h", "Jh Jd 9c 8c"], 5: ["As Ks Qd 7h 7c", "Jh Jd 9c 8c 2s"],
                6: ["As Ks Qd 7h 7c 3d", "Jh Jd 9c 8c 2s 5s"]}


def _enumerate(game: str, hands: Sequence[str]) -> dict[str, Any]:
    pot = _pot(game, None, None)
    known = [list(stud_fast.parse_cards(h)) for h in hands]
    return _core.equity_raw(pot.ranking.number, pot.hilo, pot.cards, known, [], True, 0, 0, 1,
                            pot.wild_mask, 0, None)


def _run(method: str, game: str, hands: Sequence[str]) -> dict[str, Any]:
    """The C call behind ``equity()``'s ``method`` for a heads-up spot."""
    if method != "count":
        return _enumerate(game, hands)
    pot = _pot(game, None, None)
    known = [list(stud_fast.parse_cards(h)) for h in hands]
    return _core.equity_count(pot.ranking.number, pot.hilo, pot.cards, known, [],
                              pot.wild_mask, 0)


def _range(rng: random.Random, up: str, dead: str, size: int) -> Range:
    """``size`` holdings drawn from every two hidden cards under ``up``, weights 1 to 4."""
    every = [text for text, _ in Range.from_up_cards(up, 2, dead=dead)]
    return Range({text: rng.randrange(1, 5) for text in rng.sample(every, size)})


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def main(argv: Sequence[str] | None = None) -> None:
    """Run the cases and print a table of each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="timings per fast case")
    parser.add_argument("--threads", type=int, default=2, help="threads for the range cases")
    parser.add_argument("--skip-range-range", action="store_true",
                        help="leave out the range-against-range case (about a minute)")
    args = parser.parse_args(argv)

    print("1. third street heads-up, counted, one thread and two")
    for game, hands in THIRD.items():
        took, r = best_time(lambda: stud_fast.equity(hands, game=game, threads=1), args.repeat)
        two, _ = best_time(lambda: stud_fast.equity(hands, game=game, threads=2), args.repeat)
        print(f"   {game:16} {' vs '.join(hands):24} {r.deals:>16,} deals  {_ms(took):>10}  "
              f"two threads {_ms(two):>9}  {r.method}  equity {r.equity[0]:.6f}")

    print("2. fourth to sixth street heads-up: what equity() runs now (the C call of its "
          "method) vs enumeration, one thread")
    for street, hands in STREET_SPOTS.items():
        for game in ("seven_card_stud", "stud_hilo"):
            r = stud_fast.equity(hands, game=game, threads=1)
            now, _ = best_time(lambda: _run(r.method, game, hands), args.repeat)
            enumerated, raw = best_time(lambda: _enumerate(game, hands), args.repeat)
            same = list(r.equity) == list(raw["equity"]) and r.deals == raw["deals"]
            print(f"   street {street} {game:16} {r.deals:>12,} deals  {r.method:9} "
                  f"{_ms(now):>9}  enumerate {_ms(enumerated):>9}  "
                  f"{enumerated / now:7.1f}x  same floats: {same}")

    rng = random.Random(21)
    villain = _range(rng, "9c", "As Ks Qd 2c", 50)
    hero_range = _range(rng, "Qd", "9c 2c", 50)
    print(f"3. ranges from third street, counted, {args.threads} threads")
    start = time.perf_counter()
    r = stud_fast.equity(["As Ks Qd", villain], dead="2c", exact=True, threads=args.threads)
    print(f"   hand vs range of 50      {r.deals:>16,} deals  {_ms(time.perf_counter() - start)}"
          f"  {r.method}  equity {r.equity[0]:.6f}")
    if not args.skip_range_range:
        start = time.perf_counter()
        r = stud_fast.equity([hero_range, villain], dead="2c", exact=True,
                             threads=args.threads)
        print(f"   range of 50 vs range of 50 {r.deals:>14,} deals  "
              f"{_ms(time.perf_counter() - start)}  {r.method}  equity {r.equity[0]:.6f}")

    print("4. per next card (by_next_card=True), one thread")
    for hands in (THIRD["seven_card_stud"], STREET_SPOTS[4]):
        took, r = best_time(lambda: stud_fast.equity(hands, threads=1, by_next_card=True), 1)
        worst = min(r.by_next_card.items(), key=lambda kv: kv[1][0])
        print(f"   {' vs '.join(hands):28} {len(r.by_next_card)} cards  {_ms(took):>10}  "
              f"worst next card for player 1: {worst[0]} ({worst[1][0]:.4f})")


if __name__ == "__main__":
    main()
