"""StudHand.copy() against the round trip through saved JSON (issue 24 item 2).

Run from anywhere (stud_fast installed)::

    python bench/bench_copy.py [--hands 200] [--seed 1]

Plays ``--hands`` random six-seat seven-card stud hands; at every decision point it times
``hand.copy()`` and ``StudHand.from_json(hand.to_json())`` (both make an independent hand in
the same state) and prints the mean time of each per call and their ratio.

>>> import random
>>> copy_s, json_s = measure(2, random.Random(1))
>>> copy_s > 0 and json_s > 0
True
"""

from __future__ import annotations

import argparse
import random
import time

from stud_fast.table import StudHand
from stud_fast.variants import GameConfig

CONFIG = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=5, big_bet=10)


def measure(hands: int, rng: random.Random) -> tuple[float, float]:
    """Mean seconds per ``copy()`` and per ``from_json(to_json())`` over the decision points
    of ``hands`` random hands."""
    clock = time.perf_counter
    copy_time = json_time = 0.0
    calls = 0
    for number in range(hands):
        hand = StudHand(CONFIG, stacks=[200] * 6, dealer=number % 6, seed=rng.getrandbits(32))
        while not hand.is_over:
            start = clock()
            hand.copy()
            middle = clock()
            StudHand.from_json(hand.to_json())
            end = clock()
            copy_time += middle - start
            json_time += end - middle
            calls += 1
            hand.act(rng.choice(sorted(hand.legal_actions())))
    return copy_time / calls, json_time / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    copy_s, json_s = measure(args.hands, random.Random(args.seed))
    print(f"copy()                      {copy_s * 1e6:8.2f} us per call")
    print(f"from_json(to_json())        {json_s * 1e6:8.2f} us per call")
    print(f"ratio                       {json_s / copy_s:8.1f}x")


if __name__ == "__main__":
    main()
