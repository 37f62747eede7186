"""Exact stud equity beside poker-eval's enumerator (``pokenum``), in one run, interleaved.

poker-eval is built from a checkout anywhere outside this repository (nothing of it comes
in)::

    git clone https://github.com/atinm/poker-eval && cd poker-eval
    ./configure CFLAGS=-O3 && make -C lib && make -C examples pokenum
    python bench/bench_pokenum.py --pokenum /path/to/poker-eval/examples/.libs/pokenum

For each spot and game (seven-card stud high ``-7s``, and hi-lo eight-or-better ``-7s8``) it
times ``pokenum`` (a process that enumerates and prints) and ``stud_fast.equity(exact=True,
threads=1)`` in turn, ``--repeat`` times each, keeps the best of each, checks that the two
give the same deal count and equities (to pokenum's three printed decimals) and prints the
ratio. It also times a small spot (about 1,300 deals) on one and on two threads: a small run
must not pay for threads it does not need.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import time

import stud_fast

# (players' cards, dead cards): three-way and heads-up, fourth and fifth street
SPOTS = [
    (["As Kd 2c 5h 7s", "Qh Qd 3c 4d 8h", "Jc Tc 9c 6d 6s"], "2d 3h"),
    (["As 2d 3c 9h", "Kh Kd 4c 4d"], "5h 6h 7d"),
]
GAMES = [("seven_card_stud", "-7s"), ("stud_hilo", "-7s8")]


def _pokenum(binary: str, flag: str, hands: list[str], dead: str) -> tuple[float, int, list[float]]:
    args = [binary, flag]
    for i, h in enumerate(hands):
        if i:
            args.append("-")
        args += h.split()
    if dead:
        args += ["/", *dead.split()]
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.path.join(os.path.dirname(binary), "..", "..", "lib", ".libs")
    start = time.perf_counter()
    out = subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout
    elapsed = time.perf_counter() - start
    deals = int(re.search(r"(\d+) enumerated outcomes", out).group(1))
    rows = [line.split() for line in out.splitlines()[2:] if line.strip()]
    return elapsed, deals, [float(r[-1]) for r in rows]


def _ours(game: str, hands: list[str], dead: str, threads: int = 1
          ) -> tuple[float, int, list[float]]:
    start = time.perf_counter()
    r = stud_fast.equity(hands, game=game, dead=dead, exact=True, threads=threads)
    return time.perf_counter() - start, r.deals, list(r.equity)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pokenum", required=True, help="the pokenum binary of a poker-eval build")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, best of {args.repeat}, "
          "one thread each")
    for hands, dead in SPOTS:
        for game, flag in GAMES:
            theirs = ours = float("inf")
            for _ in range(args.repeat):
                t, deals, eq = _pokenum(args.pokenum, flag, hands, dead)
                theirs = min(theirs, t)
                u, our_deals, our_eq = _ours(game, hands, dead)
                ours = min(ours, u)
            if deals != our_deals or any(abs(a - b) > 6e-4 for a, b in zip(eq, our_eq)):
                raise SystemExit(f"results differ: {deals} {eq} vs {our_deals} {our_eq}")
            print(f"  {game:16s} {len(hands)} players, {deals:>12,} deals: pokenum "
                  f"{theirs:6.2f} s, stud_fast {ours:6.3f} s, {theirs / ours:4.1f}x")
    small = (["As 2d 3c 9h 5h Kc", "Kh Kd 4c 4d 6h Qs"], "7d 8d 9d")
    for game, _ in GAMES:
        times = {}
        for threads in (1, 2):
            best = float("inf")
            for _ in range(20 * args.repeat):
                best = min(best, _ours(game, *small, threads=threads)[0])
            times[threads] = best
        deals = _ours(game, *small)[1]
        print(f"  small {game} spot, {deals:,} deals: one thread {1e6 * times[1]:.0f} us, "
              f"two threads {1e6 * times[2]:.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
