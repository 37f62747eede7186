"""The OpenSpiel games' speed (issue 24): random play through pyspiel, external-sampling MCCFR
iterations, and a state's copy against a JSON round trip.

    python bench/bench_openspiel.py [--seconds 10] [--peer PATH]

``--peer`` times the same random play, interleaved with ours, on a public plain-Python
OpenSpiel seven-card stud with eval7 showdowns, from a checkout anywhere outside this
repository (nothing of it comes in)::

    git clone https://github.com/lukealexluke/Stud-Poker-Solver /tmp/stud-poker-solver
    python bench/bench_openspiel.py --peer /tmp/stud-poker-solver

Its ``seven_card_stud.py`` registers ``python_scs_poker`` (heads-up, ante 1, bring-in 2,
bets 8 and 16, no stacks) with ``pyspiel``; both games are played to the end, chance nodes
included, with random legal actions.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import time
from typing import Any

import pyspiel
from open_spiel.python.algorithms import external_sampling_mccfr as es

import stud_fast.openspiel  # noqa: F401  (registers the games)
from stud_fast.table import StudHand


def play_for(game: Any, seconds: float) -> tuple[int, int, float]:
    """Random games of ``game`` for ``seconds``: steps (chance and player), games, seconds."""
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
        state.returns()
        games += 1
    return steps, games, time.perf_counter() - start


def random_play(seconds: float) -> str:
    game = pyspiel.load_game("stud_fast_seven_card_stud(players=2)")
    steps, games, took = play_for(game, seconds)
    return (f"random play, heads-up seven-card stud: {steps / took:,.0f} steps/s "
            f"({games / took:,.0f} games/s)")


def peer_game(path: str) -> Any:
    """The peer's seven-card stud, registered from its checkout at ``path``."""
    source = os.path.join(path, "seven_card_stud.py")
    if not os.path.isfile(source):
        raise SystemExit(f"--peer: no seven_card_stud.py in {path}")
    spec = importlib.util.spec_from_file_location("peer_seven_card_stud", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if "python_scs_poker" not in pyspiel.registered_names():
        module.register()
    return pyspiel.load_game("python_scs_poker")


def against_peer(path: str, seconds: float, rounds: int = 3) -> str:
    """Random play through pyspiel, ours and the peer's, interleaved: the best of
    ``rounds`` runs of ``seconds / rounds`` each. OpenSpiel's own Python Kuhn poker is
    timed alongside: the pace of the smallest Python-registered game, the floor of what
    pyspiel's calls into Python cost per step."""
    from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)

    games = {"stud_fast": pyspiel.load_game("stud_fast_seven_card_stud(players=2)"),
             "peer": peer_game(path), "kuhn": pyspiel.load_game("python_kuhn_poker")}
    best = dict.fromkeys(games, (0.0, 0.0))
    for _ in range(rounds):
        for name, game in games.items():
            steps, played, took = play_for(game, seconds / rounds)
            best[name] = max(best[name], (steps / took, played / took))
    (ours_steps, ours_games), (peer_steps, peer_games) = best["stud_fast"], best["peer"]
    return (f"random play, heads-up seven-card stud, best of {rounds}: stud_fast "
            f"{ours_steps:,.0f} steps/s ({ours_games:,.0f} games/s), peer python_scs_poker "
            f"{peer_steps:,.0f} steps/s ({peer_games:,.0f} games/s): "
            f"{ours_steps / peer_steps:.2f}x the steps, {ours_games / peer_games:.2f}x the "
            f"games; OpenSpiel's python_kuhn_poker {best['kuhn'][0]:,.0f} steps/s "
            f"({best['kuhn'][0] / peer_steps:.2f}x the peer's)")


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
    p.add_argument("--peer", metavar="PATH",
                   help="a checkout of lukealexluke/Stud-Poker-Solver to time beside ours")
    args = p.parse_args()
    print(random_play(args.seconds))
    if args.peer:
        print(against_peer(args.peer, 2 * args.seconds))
    print(mccfr(args.seconds))
    print(copies())


if __name__ == "__main__":
    main()
