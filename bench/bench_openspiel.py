"""The OpenSpiel games' speed (issue 24): random play through pyspiel, external-sampling MCCFR
iterations, and a state's copy against a JSON round trip.

    python bench/bench_openspiel.py [--seconds 10]
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel
from open_spiel.python.algorithms import external_sampling_mccfr as es

import stud_fast.openspiel  # noqa: F401  (registers the games)
from stud_fast.table import StudHand


def random_play(seconds: float) -> str:
    game = pyspiel.load_game("stud_fast_seven_card_stud(players=2)")
    rng = random.Random(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    took = time.perf_counter() - start
    return (f"random play, heads-up seven-card stud: {steps / took:,.0f} steps/s "
            f"({games / took:,.0f} games/s)")


def mccfr(seconds: float) -> str:
    game = pyspiel.load_game("stud_fast_five_card_stud_32(players=2,stack=40,small_bet=2)")
    solver = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        solver.iteration()
        n += 1
    took = time.perf_counter() - start
    return (f"external-sampling MCCFR, heads-up five-card stud 32: {n / took:,.1f} "
            f"iterations/s ({n} iterations)")


def copies() -> str:
    game = pyspiel.load_game("stud_fast_seven_card_stud(players=2)")
    state = game.new_initial_state()
    for _ in range(12):  # into the first betting round
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    hand = state.hand

    def per_call(f: object, n: int) -> float:
        start = time.perf_counter()
        for _ in range(n):
            f()  # type: ignore[operator]
        return (time.perf_counter() - start) / n

    copy = per_call(hand.copy, 5000)
    clone = per_call(state.clone, 2000)
    json = per_call(lambda: StudHand.from_json(hand.to_json()), 300)
    return (f"StudHand.copy {copy * 1e6:.1f} us, state.clone {clone * 1e6:.1f} us, "
            f"from_json(to_json) {json * 1e6:.1f} us: copy {json / copy:.0f}x faster")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=10.0, help="per timed loop (10)")
    args = p.parse_args()
    print(random_play(args.seconds))
    print(mccfr(args.seconds))
    print(copies())


if __name__ == "__main__":
    main()
