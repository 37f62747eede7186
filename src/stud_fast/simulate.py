"""Self-play: bots playing many independent stud hands, with a summary of what happened.

The bots (:class:`RandomBot`, ``"random"``, and :class:`StrengthBot`, ``"strength"``) and
their protocol :class:`Bot` live in :mod:`stud_fast.bots`; they are importable from here too.

:func:`simulate` plays N hands (stacks reset every hand, the dealer moving one seat each
hand, seat ``i`` played by ``bots[i % len(bots)]``) and returns a :class:`SimulationSummary`.

>>> summary = simulate("razz", hands=20, players=4, seed=1, progress=False)
>>> summary.hands, sum(summary.flow_per_seat)
(20, 0)
>>> sorted(summary.flow_per_bot)
['random', 'strength']
"""

from __future__ import annotations

import importlib
import os
import random
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from stud_fast.bots import BOTS, Action, Bot, RandomBot, StrengthBot, make_bot, play  # noqa: F401
from stud_fast.simulation_summary import SimulationSummary, SimulationTally
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig, get_variant

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["Action", "Bot", "RandomBot", "StrengthBot", "BOTS", "make_bot", "play",
           "SimulationSummary", "SimulationTally", "hand_rng", "simulate", "tally_hands"]


# ---- the simulation ---------------------------------------------------------------------------


class _Progress:
    """A progress bar on stderr: tqdm when importable, else a one-line counter; silent when
    disabled or when stderr is not a terminal."""

    def __init__(self, total: int, enabled: bool, desc: str) -> None:
        self.total = total
        self.enabled = enabled and sys.stderr.isatty()
        self.desc = desc
        self._bar: Any = None
        self._done = 0
        self._shown = 0.0
        if self.enabled:
            try:
                tqdm = importlib.import_module("tqdm")
            except ImportError:
                tqdm = None
            if tqdm is not None:
                self._bar = tqdm.tqdm(total=total, desc=desc, unit="hand", file=sys.stderr,
                                      mininterval=0.2)

    def update(self) -> None:
        if not self.enabled:
            return
        self._done += 1
        if self._bar is not None:
            self._bar.update(1)
            return
        now = time.monotonic()
        if now - self._shown >= 0.2 or self._done == self.total:
            self._shown = now
            sys.stderr.write(f"\r{self.desc}: {self._done}/{self.total} hands")
            sys.stderr.flush()

    def close(self) -> None:
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.close()
        else:
            sys.stderr.write("\n")
            sys.stderr.flush()


def hand_rng(seed: int, k: int) -> random.Random:
    """The random source of hand ``k`` (from 0) of a run seeded with ``seed``: it seeds the
    hand's deck and the bots' choices, and depends on nothing else, so any range of a run's
    hands can be played on its own (another process, a Dask worker) and comes out the same.

    >>> hand_rng(7, 3).random() == hand_rng(7, 3).random() != hand_rng(7, 4).random()
    True
    """
    return random.Random(f"stud_fast.simulate:{seed}:{k}")


def simulate(variant: str, hands: int, players: int = 6, seed: Optional[int] = None,
             bots: Sequence[str | Bot] = ("random", "strength"), *, ante: int = 1,
             bring_in: Optional[int] = None, small_bet: int = 5, big_bet: int = 10,
             stack: int = 200, phh_dir: Optional[str] = None, progress: bool = True,
             on_hand: Optional[Callable[[StudHand], None]] = None, first_hand: int = 0,
             client: Optional["Client"] = None) -> SimulationSummary:
    """Play ``hands`` independent fixed-limit hands of ``variant`` between bots.

    Every hand starts with ``stack`` chips for each of ``players`` seats; the dealer is seat
    ``k % players`` in hand ``k``; seat ``i`` is played by ``bots[i % len(bots)]`` (kinds of
    :data:`BOTS`, or bot objects such as :func:`stud_fast.openspiel.policy_bot`'s, tallied by
    their ``name``). With a ``seed`` the run is reproducible (decks and bots' choices).
    ``phh_dir`` writes every finished hand as ``phh_dir/hand-00001.phh`` and so on;
    ``on_hand`` is called with every finished hand; ``progress`` shows a bar on stderr when
    it is a terminal. Raises ValueError for an unknown variant or bot, RuntimeError if chips
    were not conserved (a bug).

    Hand ``k`` depends only on ``seed`` and ``k`` (:func:`hand_rng`), so a run can be cut into
    ranges of hands played apart: ``first_hand`` numbers the first hand played (its dealer,
    seed and PHH file name), and ``client``, a ``distributed.Client``, plays the hands on a
    Dask cluster in chunks (:mod:`stud_fast.dask`) with the same summary and PHH files.

    >>> s = simulate("seven-card-stud", hands=5, players=2, seed=3, bots=["strength"],
    ...              progress=False)
    >>> s.flow_per_bot
    {'strength': 0}
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise ValueError(f"hands must be a non-negative integer, got {hands!r}")
    if client is not None:
        from stud_fast.dask import simulate_on

        if not all(isinstance(b, str) for b in bots):
            raise TypeError("a Dask client plays bots given by name only")
        return simulate_on(client, variant, hands, players, seed, [str(b) for b in bots],
                           ante=ante, bring_in=bring_in, small_bet=small_bet, big_bet=big_bet,
                           stack=stack, phh_dir=phh_dir, progress=progress, on_hand=on_hand,
                           first_hand=first_hand)
    start = time.perf_counter()
    tally = tally_hands(variant, hands, players, seed, bots, ante=ante, bring_in=bring_in,
                        small_bet=small_bet, big_bet=big_bet, stack=stack, phh_dir=phh_dir,
                        progress=progress, on_hand=on_hand, first_hand=first_hand)
    return tally.summary(time.perf_counter() - start)


def _seat_bots(bots: Sequence[str | Bot], players: int) -> tuple[tuple[str, ...], list[Bot]]:
    """The bots' names and each seat's bot: a name (a kind of :data:`BOTS`) makes a new bot
    per seat; a bot object (anything with ``name`` and ``choose``) plays every seat it is
    given as it stands (seat ``i`` takes ``bots[i % len(bots)]``).

    >>> kinds, seats = _seat_bots(["random", StrengthBot()], 3)
    >>> kinds, [type(b).__name__ for b in seats]
    (('random', 'strength'), ['RandomBot', 'StrengthBot', 'RandomBot'])
    """
    kinds: list[str] = []
    for b in bots:
        if isinstance(b, str):
            kinds.append(b.strip().lower())
        elif isinstance(getattr(b, "name", None), str) and callable(getattr(b, "choose", None)):
            kinds.append(b.name)
        else:
            raise TypeError(f"a bot is a name ({', '.join(BOTS)}) or an object with a name "
                            f"and a choose(view, rng) method, got {b!r}")
    seat_bots = [make_bot(b) if isinstance(b, str) else b
                 for b in (bots[i % len(bots)] for i in range(players))]
    return tuple(kinds), seat_bots


def tally_hands(variant: str, hands: int, players: int = 6, seed: Optional[int] = None,
                bots: Sequence[str | Bot] = ("random", "strength"), *, ante: int = 1,
                bring_in: Optional[int] = None, small_bet: int = 5, big_bet: int = 10,
                stack: int = 200, phh_dir: Optional[str] = None, progress: bool = True,
                on_hand: Optional[Callable[[StudHand], None]] = None, first_hand: int = 0
                ) -> SimulationTally:
    """The hands :func:`simulate` plays (same arguments but ``client``), as the
    :class:`SimulationTally` of their counts: tallies of ranges of a run's hands merge into
    the run's (what the Dask layer does with its chunks).

    >>> whole = tally_hands("razz", 6, players=3, seed=5, progress=False)
    >>> part = tally_hands("razz", 2, players=3, seed=5, progress=False)
    >>> part.merge(tally_hands("razz", 4, players=3, seed=5, progress=False, first_hand=2))
    >>> part.flows == whole.flows and part.actions == whole.actions
    True
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise ValueError(f"hands must be a non-negative integer, got {hands!r}")
    if isinstance(first_hand, bool) or not isinstance(first_hand, int) or first_hand < 0:
        raise ValueError(f"first_hand must be a non-negative integer, got {first_hand!r}")
    if not bots:
        raise ValueError("give at least one bot")
    game = get_variant(variant)
    most = game.most_players()
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= most:
        raise ValueError(f"{game.name} seats 2 to {most} players, got {players!r}")
    kinds, seat_bots = _seat_bots(bots, players)
    config = GameConfig(variant=game.name, ante=ante, bring_in=bring_in, small_bet=small_bet,
                        big_bet=big_bet)
    stacks = [stack] * players
    write: Optional[Callable[[StudHand, str], Any]] = None
    if phh_dir is not None:
        from stud_fast.history import write_stud_hand as write
        os.makedirs(phh_dir, exist_ok=True)

    rng = random.Random()
    tally = SimulationTally(game.name, players, kinds, stack=stack, big_bet=big_bet)
    chooses = [bot.choose for bot in seat_bots]  # looked up once, not once per decision
    seat_view = StudHand.seat_view
    actions = 0
    bar = _Progress(hands, progress, f"simulate {game.name}")
    try:
        for k in range(first_hand, first_hand + hands):
            if seed is not None:
                rng = hand_rng(seed, k)
            hand = StudHand(config, stacks=stacks, dealer=k % players,
                            seed=rng.getrandbits(64) if seed is not None else None)
            act = hand.act
            actor = hand.actor
            while actor is not None:  # play(), inlined: this loop is the simulation's time
                # the method looked up once, not on the hand at every decision
                choice = chooses[actor](seat_view(hand, actor), rng)
                if isinstance(choice, str):
                    act(choice)
                else:
                    act(choice[0], choice[1])
                actions += 1
                actor = hand.actor
            if not hand.is_over:
                raise RuntimeError(f"hand {k + 1}: nobody is to act in an unfinished hand")
            tally.add(hand, actions)
            actions = 0
            if write is not None:
                assert phh_dir is not None
                write(hand, os.path.join(phh_dir, f"hand-{k + 1:05d}.phh"))
            if on_hand is not None:
                on_hand(hand)
            bar.update()
    finally:
        bar.close()
    return tally
