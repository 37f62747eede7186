"""Rules-engine speed: complete fixed-limit stud hands per second under a random policy.

Run from anywhere (stud_fast and pokerkit installed)::

    python bench/bench_engine.py [--seconds 3] [--players 6] [--seed 1] [--rounds 1]

In one run it times, for ``--seconds`` each (the first five ``--rounds`` times, interleaved,
keeping each one's best round):

1. stud_fast seven-card stud, every decision ``hand.act(rng.choice(list(hand.legal_actions())))``;
2. pokerkit's ``FixedLimitSevenCardStud`` with the same policy over its legal operations
   (fold, check_or_call, complete_bet_or_raise_to, post_bring_in), every other step automated;
3. stud_fast again with pokerkit's notion of legality (no fold when a check is possible), so
   that both engines play hands of the same shape: pokerkit never offers a free fold, which
   makes its random hands longer. The ratio is printed for both;
4. ``stud_fast.simulate.simulate`` of seven-card stud, every seat a ``"random"`` bot, then
   every seat a ``"strength"`` bot: whole simulations (the bots' thinking, the seat views
   and the summary included), with their ratios to pokerkit's random hands;
5. stud_fast for every variant.

Stakes: ante 1, bring-in 2, small bet 5, big bet 10, stacks of 200, dealer moving each hand.

Example (``play_stud_fast`` is also used by ``bench/test_bench_engine.py``)::

    >>> import random
    >>> from stud_fast.variants import GameConfig
    >>> cfg = GameConfig(variant="razz", **STAKES)
    >>> play_stud_fast(cfg, 6, random.Random(1), dealer=0) > 0
    True
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any, Callable, Optional

from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig

#: The stakes of every hand (GameConfig keywords).
STAKES: dict[str, Any] = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
#: Every seat's stack at the start of a hand.
STACK = 200


def play_stud_fast(config: GameConfig, players: int, rng: random.Random, dealer: int = 0,
                   free_fold: bool = True) -> int:
    """Play one complete hand by the random policy; returns the number of player actions.

    With ``free_fold=False`` a seat that may check never folds (pokerkit's legality). In
    Mexican stud the card to turn up is drawn from the actor's down cards.
    """
    hand = StudHand(config, stacks=[STACK] * players, dealer=dealer,
                    seed=rng.getrandbits(64))
    actions = 0
    act, choice = hand.act, rng.choice
    while not hand.is_over:
        legal = hand.legal_actions()
        kind = choice(list(legal) if free_fold else
                      [a for a in legal if a != "fold" or "check" not in legal])
        if kind == "turn_up":
            seat = hand.actor
            assert seat is not None
            act(kind, choice([c for c, up in hand.cards[seat] if not up]))
        else:
            act(kind)
        actions += 1
    return actions


def pokerkit_game() -> Any:
    """pokerkit's FixedLimitSevenCardStud with every non-player step automated."""
    import pokerkit as pk

    a = pk.Automation
    automations = (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING,
                   a.CARD_BURNING, a.HOLE_DEALING, a.BOARD_DEALING,
                   a.RUNOUT_COUNT_SELECTION, a.HOLE_CARDS_SHOWING_OR_MUCKING,
                   a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING)
    return pk.FixedLimitSevenCardStud(automations, True, STAKES["ante"], STAKES["bring_in"],
                                      STAKES["small_bet"], STAKES["big_bet"])


def play_pokerkit(game: Any, players: int, rng: random.Random) -> int:
    """One complete pokerkit hand by the random policy over its legal operations."""
    state = game([STACK] * players, players)
    actions = 0
    while state.status:
        ops: list[Callable[[], Any]] = []
        if state.can_fold():
            ops.append(state.fold)
        if state.can_check_or_call():
            ops.append(state.check_or_call)
        if state.can_complete_bet_or_raise_to():
            ops.append(state.complete_bet_or_raise_to)
        if state.can_post_bring_in():
            ops.append(state.post_bring_in)
        if not ops:  # pragma: no cover - every other step is automated
            raise RuntimeError(f"pokerkit waits for a step that is not automated: "
                               f"{state.operations[-1]!r}")
        rng.choice(ops)()
        actions += 1
    if sum(state.stacks) != STACK * players:  # pragma: no cover
        raise RuntimeError("pokerkit: chips not conserved")
    return actions


def measure(play: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Run ``play(k)`` for hands k = 0, 1, ... for about ``seconds``, after a short warm-up;
    returns (hands per second, player actions per hand)."""
    warm = time.perf_counter()
    k = 0
    while time.perf_counter() - warm < min(0.2, seconds / 10):
        play(k)
        k += 1
    hands = actions = 0
    clock = time.perf_counter
    start = clock()
    end = start + seconds
    while True:
        actions += play(hands)
        hands += 1
        if not hands & 7 and clock() >= end:
            break
    elapsed = clock() - start
    return hands / elapsed, actions / hands


def measure_simulate(variant: str, players: int, bot: str, seed: int, seconds: float
                     ) -> tuple[float, float]:
    """``simulate()`` of ``variant`` with every seat played by ``bot`` for about ``seconds``
    (sized by a first run of 200 hands, which warms up too); returns (hands per second,
    player actions per hand) of that run."""
    from stud_fast.simulate import simulate

    def run(hands: int) -> tuple[float, float]:
        s = simulate(variant, hands, players=players, seed=seed, bots=[bot], progress=False,
                     stack=STACK, **STAKES)
        return s.hands_per_second, s.actions_per_hand

    first, _ = run(200)
    return run(max(200, int(first * seconds)))


def _random_hands(config: GameConfig, players: int, seed: int) -> Callable[[int], int]:
    """``play(k)`` for :func:`measure`: hand k of ``config`` with its own seeded rng."""
    rng = random.Random(seed)

    def play(k: int) -> int:
        return play_stud_fast(config, players, rng, k % players)

    return play


def main(argv: Optional[list[str]] = None) -> int:
    """Print the table; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement (3)")
    p.add_argument("--players", type=int, default=6, help="players per hand (6)")
    p.add_argument("--seed", type=int, default=1, help="seed of decks and choices (1)")
    p.add_argument("--rounds", type=int, default=1,
                   help="interleaved rounds of the seven-card measurements, best kept (1)")
    args = p.parse_args(argv)
    n, secs = args.players, args.seconds
    seven = GameConfig(variant="seven_card_stud", **STAKES)

    def row(name: str, rate: float, per_hand: float) -> None:
        print(f"{name:<46}{rate:>12,.0f}{per_hand:>10.2f}{rate * per_hand:>14,.0f}")

    print(f"fixed-limit seven-card stud, {n} players, random policy, {secs:g} s each")
    print(f"{'engine':<46}{'hands/s':>12}{'act/hand':>10}{'actions/s':>14}")
    try:
        game: Any = pokerkit_game()
    except ImportError:
        print("pokerkit is not installed: no comparison")
        game = None
    best: dict[str, tuple[float, float]] = {}

    def keep(name: str, result: tuple[float, float]) -> None:
        if name not in best or result[0] > best[name][0]:
            best[name] = result

    for _ in range(max(1, args.rounds)):
        rng = random.Random(args.seed)
        keep("stud_fast StudHand", measure(lambda k: play_stud_fast(seven, n, rng, k % n), secs))
        if game is not None:
            rng = random.Random(args.seed)
            keep("pokerkit FixedLimitSevenCardStud",
                 measure(lambda k: play_pokerkit(game, n, rng), secs))
        rng = random.Random(args.seed)
        keep("stud_fast, no fold when a check is legal",
             measure(lambda k: play_stud_fast(seven, n, rng, k % n, free_fold=False), secs))
        for bot in ("random", "strength"):
            keep(f"stud_fast simulate(), {bot} bots",
                 measure_simulate("seven_card_stud", n, bot, args.seed, secs))
    for name, (rate, per_hand) in best.items():
        row(name, rate, per_hand)
    sf, sf_act = best["stud_fast StudHand"]
    sf2 = best["stud_fast, no fold when a check is legal"][0]
    if game is not None:
        pk, pk_act = best["pokerkit FixedLimitSevenCardStud"]
        print(f"\nratio stud_fast / pokerkit: {sf / pk:.1f}x hands/s "
              f"({sf * sf_act / (pk * pk_act):.1f}x actions/s); same policy shape "
              f"(no free fold): {sf2 / pk:.1f}x hands/s")
        print("simulate() / pokerkit's random hands: " + ", ".join(
            f"{bot} bots {best[f'stud_fast simulate(), {bot} bots'][0] / pk:.1f}x"
            for bot in ("random", "strength")))

    print(f"\nstud_fast, every variant, {n} players, random policy")
    print(f"{'variant':<46}{'hands/s':>12}{'act/hand':>10}{'actions/s':>14}")
    for name in VARIANTS:
        cfg = GameConfig(variant=name, **STAKES)
        rate, per_hand = measure(_random_hands(cfg, n, args.seed), secs)
        row(name, rate, per_hand)
    return 0


if __name__ == "__main__":
    sys.exit(main())
