"""OpenSpiel's algorithms playing stud_fast seats (issue 24 item 3): external-sampling Monte
Carlo CFR trained on heads-up fixed-limit five-card stud on the 32-card deck, its average
policy played as a stud_fast bot against the random and strength bots in ``simulate()`` (win
rates with 95 % confidence intervals), then OpenSpiel's information-set MCTS playing
heads-up seven-card stud against the same bots.

    python bench/openspiel_mccfr.py [--minutes 3] [--hands 2000] [--ismcts-hands 30]

The results are printed; docs/openspiel.md quotes a run.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import pyspiel
from open_spiel.python.algorithms import external_sampling_mccfr as es

from stud_fast.openspiel import ismcts_bot, policy_bot
from stud_fast.simulate import simulate
from stud_fast.table import StudHand


def results(variant: str, hands: int, bots: list[Any], seed: int, stakes: dict[str, int]
            ) -> tuple[list[int], float]:
    """Seat 0's chips won (negative: lost) in each of ``hands`` heads-up hands of ``bots``
    (seat 0 plays ``bots[0]``, the dealer alternates), and the seconds taken."""
    won: list[int] = []

    def record(hand: StudHand) -> None:
        won.append(hand.stacks[0] - stakes["stack"])

    start = time.perf_counter()
    simulate(variant, hands=hands, players=2, seed=seed, bots=bots, progress=False,
             on_hand=record, **stakes)
    return won, time.perf_counter() - start


def win_rate(won: list[int], big_bet: int) -> str:
    """Big bets won per 100 hands with a 95 % confidence interval (normal approximation of
    the mean of the hands' results), and the share of hands won with its Wilson interval."""
    n = len(won)
    mean = sum(won) / n
    sd = math.sqrt(sum((w - mean) ** 2 for w in won) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    scale = 100 / big_bet
    share = sum(w > 0 for w in won) / n
    z = 1.96
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (f"{mean * scale:+.1f} BB/100 (95 % CI {(mean - half) * scale:+.1f} to "
            f"{(mean + half) * scale:+.1f}), hands won {100 * share:.1f} % "
            f"({100 * (centre - spread):.1f}-{100 * (centre + spread):.1f} %)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--minutes", type=float, default=3.0, help="MCCFR training time (3)")
    p.add_argument("--hands", type=int, default=2000, help="hands per match (2000)")
    p.add_argument("--ismcts-hands", type=int, default=30,
                   help="seven-card stud hands per IS-MCTS match (30)")
    p.add_argument("--simulations", type=int, default=100,
                   help="IS-MCTS simulations per decision (100)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    # five-card stud on the 32-card deck: ante 1, bring-in 1, bets 2 and 4, stacks of 40
    stakes = {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4, "stack": 40}
    game = pyspiel.load_game("stud_fast_five_card_stud_32(players=2,ante=1,bring_in=1,"
                             "small_bet=2,big_bet=4,stack=40)")
    solver = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
    iterations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 60 * args.minutes:
        solver.iteration()
        iterations += 1
    took = time.perf_counter() - start
    table = solver._infostates  # the solver's regrets and average policy by information state
    print(f"ES-MCCFR, heads-up fixed-limit five-card stud 32: {iterations} iterations in "
          f"{took:.0f} s ({iterations / took:.1f}/s), {len(table)} information states")
    won, _ = results("five_card_stud_32", args.hands, ["random", "strength"], args.seed,
                     stakes)
    print(f"  baseline, random vs strength: {win_rate(won, stakes['big_bet'])}")
    for opponent in ("random", "strength"):
        bot = policy_bot(solver.average_policy(), game, name="mccfr",
                         known=table.__contains__)
        won, seconds = results("five_card_stud_32", args.hands, [bot, opponent], args.seed,
                               stakes)
        print(f"  mccfr vs {opponent}: {win_rate(won, stakes['big_bet'])}; "
              f"{len(won)} hands in {seconds:.0f} s, {bot.unseen} of {bot.decisions} "
              f"decisions in information states the policy never saw (played uniformly)")

    # seven-card stud, IS-MCTS against the same bots
    stakes7 = {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4, "stack": 40}
    game7 = pyspiel.load_game("stud_fast_seven_card_stud(players=2,ante=1,bring_in=1,"
                              "small_bet=2,big_bet=4,stack=40)")
    for opponent in ("random", "strength"):
        bot = ismcts_bot(game7, simulations=args.simulations, seed=args.seed)
        won, seconds = results("seven_card_stud", args.ismcts_hands, [bot, opponent],
                               args.seed, stakes7)
        print(f"  ismcts ({args.simulations} simulations) vs {opponent}, seven-card stud: "
              f"{win_rate(won, stakes7['big_bet'])}; {len(won)} hands in {seconds:.0f} s "
              f"({seconds / max(bot.decisions, 1):.2f} s per decision)")


if __name__ == "__main__":
    main()
