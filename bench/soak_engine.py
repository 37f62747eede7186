"""Long invariant soak of the rules engine (issue 8): random complete hands of every variant
with E1, E2, E3 checked after every step, the JSON round trip every few steps and the PHH
round trip at the end (the checks of tests/engine_soak.py).

    python bench/soak_engine.py --hands 100000 [--variant razz] [--json-every 7] [--seed 1]

Prints, per variant, the hands played, how many had dealer errors (I1, I2), side pots and a
shared card (S3), and every failure with the seed that reproduces it; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from engine_soak import play_hand  # noqa: E402

from stud_fast.variants import VARIANTS  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per variant")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--json-every", type=int, default=7,
                        help="JSON round trip every N steps (0: never)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    failures = 0
    for variant in args.variant or sorted(VARIANTS):
        counts = {"hands": 0, "dealer errors": 0, "side pots": 0, "shared card": 0}
        start = time.perf_counter()
        for number in range(args.hands):
            seed = args.seed * 10_000_000 + number
            try:
                hand = play_hand(random.Random(f"{variant} {seed}"), variant,
                                 json_every=args.json_every, check_views=True)
            except Exception:  # a broken guarantee: report it with its seed, go on
                failures += 1
                print(f"FAIL {variant} seed {seed}:\n{traceback.format_exc()}", flush=True)
                continue
            counts["hands"] += 1
            counts["dealer errors"] += any(r.kind in ("premature_card", "exposed_card")
                                           or (r.kind == "deal" and r.street == 4 and r.up[0]
                                               and hand.config.game.cards_per_player == 7)
                                           for r in hand.records)
            counts["side pots"] += len(hand.pots()) > 1
            counts["shared card"] += bool(hand.community)
        seconds = time.perf_counter() - start
        print(f"{variant}: " + ", ".join(f"{k} {v:,}" for k, v in counts.items())
              + f" ({seconds:.0f} s)", flush=True)
    print(f"failures: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
