"""Environment speed: steps per second of random play in the PettingZoo and Gymnasium
environments (``pip install '.[env]'``).

Run from anywhere::

    python bench/bench_env.py [--seconds 3] [--players 6] [--variant seven_card_stud]

In one run it times, for ``--seconds`` each:

1. the bare engine (``StudHand``) with a uniformly random legal action per decision, the
   ceiling for any environment on it;
2. the environments' core, ``stud_fast.env.arrays.Table``: per decision the actor's
   observation and mask, a uniformly random allowed index, ``play``;
3. the PettingZoo AEC loop as learners write it: ``agent_iter()``, ``last()`` (which builds
   the observation and the action mask), a uniformly random index of the mask, ``step()``;
4. the Gymnasium environment, agent and ``"random"`` opponents alike choosing a uniformly
   random allowed index, counting every seat's step (the agent's and the opponents').

A step is one player decision; the dead steps that end a PettingZoo episode are not counted.
Time is the process's CPU time (``time.process_time``): every loop is single-threaded, and on a
shared machine CPU time is what the other processes disturb least.
Stakes: the environments' defaults (ante 1, bring-in 2, small bet 5, stacks of 200).

>>> steps, seconds = time_aec("razz", 3, 0.05, seed=1)
>>> steps > 0
True
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any


from stud_fast.env import gym_env, pettingzoo_env
from stud_fast.env.arrays import Table
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig

STAKES: dict[str, Any] = {"ante": 1, "small_bet": 5}


def time_engine(variant: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """(decisions, elapsed seconds) of random play on the bare engine."""
    config = GameConfig(variant=variant, **STAKES)
    rng = random.Random(seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        hand = StudHand(config, stacks=[200] * players, dealer=rng.randrange(players),
                        seed=rng.getrandbits(63))
        while not hand.is_over:
            kind = rng.choice(list(hand.legal_actions()))
            if kind == "turn_up":
                assert hand.actor is not None
                hand.turn_up(rng.choice([c for c, up in hand.cards[hand.actor] if not up]))
            else:
                hand.act(kind)
            steps += 1
    return steps, time.process_time() - start


def time_table(variant: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """(decisions, elapsed seconds) of random play on the environments' core."""
    table = Table(variant, players, **STAKES)
    rng = random.Random(seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        table.new_hand(rng.getrandbits(63), rng.randrange(players))
        hand = table.hand
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            table.observe(seat)
            allowed = table.mask(seat).nonzero()[0]
            table.play(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
    return steps, time.process_time() - start


def time_aec(variant: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """(steps, elapsed seconds) of random play through the PettingZoo loop."""
    env = pettingzoo_env(variant=variant, players=players)
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _agent in env.agent_iter():
            obs, _reward, done, _truncated, _info = env.last()
            if done:
                env.step(None)
                continue
            allowed = obs["action_mask"].nonzero()[0]
            env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
        env.reset()
    return steps, time.process_time() - start


def time_gym(variant: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """(steps of every seat, elapsed seconds) of random play through the Gymnasium env."""
    env = gym_env(variant=variant, players=players, opponents="random")
    rng = random.Random(seed)
    steps, start = 0, time.process_time()
    _obs, info = env.reset(seed=seed)
    while time.process_time() - start < seconds:
        done = False
        while not done:
            allowed = info["action_mask"].nonzero()[0]
            action = int(allowed[rng.randrange(len(allowed))])
            _obs, _reward, done, _truncated, info = env.step(action)
        steps += sum(r.kind in _DECISIONS for r in env.table.hand.records)
        _obs, info = env.reset()
    return steps, time.process_time() - start


_DECISIONS = frozenset(("fold", "check", "call", "bet", "raise", "bring_in", "complete",
                        "turn_up", "buy_pot"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--variant", default="seven_card_stud")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.variant}, {args.players} players, {args.seconds:g} s each")
    for name, timer in (("engine (StudHand, no observation)", time_engine),
                        ("core (Table: observe + mask + play)", time_table),
                        ("PettingZoo AEC (last + step)", time_aec),
                        ("Gymnasium (agent and random opponents)", time_gym)):
        steps, elapsed = timer(args.variant, args.players, args.seconds, args.seed)
        print(f"{name:<42}{steps / elapsed:>12,.0f} steps/s")


if __name__ == "__main__":
    main()
