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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from stud_fast.bots import BOTS, Action, Bot, RandomBot, StrengthBot, make_bot, play  # noqa: F401
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig, get_variant
from stud_fast.views import seat_view

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["Action", "Bot", "RandomBot", "StrengthBot", "BOTS", "make_bot", "play",
           "SimulationSummary", "hand_rng", "simulate"]


# ---- the summary ----------------------------------------------------------------------------


@dataclass
class SimulationSummary:
    """What a :func:`simulate` run gave.

    ``flow_per_seat[i]`` is the chips seat ``i`` won (negative: lost) over all hands, and
    ``flow_per_bot`` the same added up by bot kind; both sum to zero (chips are conserved).
    ``seat_hands_per_bot`` counts the hands each kind played (once per seat per hand).

    >>> s = simulate("five_card_stud", hands=10, players=3, seed=2, progress=False)
    >>> s.hands_per_second > 0 and 0.0 <= s.showdown_frequency <= 1.0
    True
    >>> "hands/s" in s.format()
    True
    """

    variant: str
    players: int
    bots: tuple[str, ...]
    hands: int
    seconds: float
    showdowns: int
    actions: int
    total_pot: int
    big_bet: int
    flow_per_seat: list[int]
    flow_per_bot: dict[str, int]
    seat_hands_per_bot: dict[str, int] = field(default_factory=dict)

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall time (bots' thinking included)."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def showdown_frequency(self) -> float:
        """Share of the hands that reached a showdown (someone showed)."""
        return self.showdowns / self.hands if self.hands else 0.0

    @property
    def average_pot(self) -> float:
        """Chips put in per hand, antes included."""
        return self.total_pot / self.hands if self.hands else 0.0

    @property
    def actions_per_hand(self) -> float:
        """Player actions per hand."""
        return self.actions / self.hands if self.hands else 0.0

    def big_bets_per_100(self, bot: str) -> float:
        """Net result of a bot kind in big bets per 100 of the hands it played."""
        played = self.seat_hands_per_bot.get(bot, 0)
        if not played:
            return 0.0
        return 100.0 * self.flow_per_bot.get(bot, 0) / (self.big_bet * played)

    def format(self) -> str:
        """A readable report: the totals, then the chip flow by bot kind and by seat."""
        lines = [
            (f"variant:          {self.variant}, {self.players} players, bots "
             f"{','.join(self.bots)}"),
            (f"hands:            {self.hands} in {self.seconds:.2f} s "
             f"({self.hands_per_second:,.0f} hands/s)"),
            f"showdowns:        {self.showdowns} ({100 * self.showdown_frequency:.1f} %)",
            f"average pot:      {self.average_pot:.1f} chips",
            f"actions per hand: {self.actions_per_hand:.2f}",
            "",
            f"{'bot':<12}{'seat-hands':>12}{'net chips':>12}{'BB/100':>10}",
        ]
        for bot, flow in self.flow_per_bot.items():
            lines.append(f"{bot:<12}{self.seat_hands_per_bot.get(bot, 0):>12}{flow:>+12}"
                         f"{self.big_bets_per_100(bot):>+10.2f}")
        lines += ["", f"{'seat':<6}{'bot':<12}{'net chips':>12}"]
        for seat, flow in enumerate(self.flow_per_seat):
            lines.append(f"{seat:<6}{self.bots[seat % len(self.bots)]:<12}{flow:>+12}")
        return "\n".join(lines)


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
             bots: Sequence[str] = ("random", "strength"), *, ante: int = 1,
             bring_in: Optional[int] = None, small_bet: int = 5, big_bet: int = 10,
             stack: int = 200, phh_dir: Optional[str] = None, progress: bool = True,
             on_hand: Optional[Callable[[StudHand], None]] = None, first_hand: int = 0,
             client: Optional["Client"] = None) -> SimulationSummary:
    """Play ``hands`` independent fixed-limit hands of ``variant`` between bots.

    Every hand starts with ``stack`` chips for each of ``players`` seats; the dealer is seat
    ``k % players`` in hand ``k``; seat ``i`` is played by ``bots[i % len(bots)]`` (kinds of
    :data:`BOTS`). With a ``seed`` the run is reproducible (decks and bots' choices).
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
    if isinstance(first_hand, bool) or not isinstance(first_hand, int) or first_hand < 0:
        raise ValueError(f"first_hand must be a non-negative integer, got {first_hand!r}")
    if client is not None:
        from stud_fast.dask import simulate_on

        return simulate_on(client, variant, hands, players, seed, bots, ante=ante,
                           bring_in=bring_in, small_bet=small_bet, big_bet=big_bet, stack=stack,
                           phh_dir=phh_dir, progress=progress, on_hand=on_hand,
                           first_hand=first_hand)
    if not bots:
        raise ValueError("give at least one bot")
    game = get_variant(variant)
    most = game.most_players()
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= most:
        raise ValueError(f"{game.name} seats 2 to {most} players, got {players!r}")
    kinds = tuple(b.strip().lower() for b in bots)
    seat_bots = [make_bot(kinds[i % len(kinds)]) for i in range(players)]
    config = GameConfig(variant=game.name, ante=ante, bring_in=bring_in, small_bet=small_bet,
                        big_bet=big_bet)
    stacks = [stack] * players
    write: Optional[Callable[[StudHand, str], Any]] = None
    if phh_dir is not None:
        from stud_fast.history import write_stud_hand as write
        os.makedirs(phh_dir, exist_ok=True)

    rng = random.Random()
    flows = [0] * players
    per_bot = {k: 0 for k in dict.fromkeys(kinds)}
    seat_hands = {k: 0 for k in per_bot}
    seat_kinds = [kinds[i % len(kinds)] for i in range(players)]
    for kind in seat_kinds:
        seat_hands[kind] += hands
    chooses = [bot.choose for bot in seat_bots]  # looked up once, not once per decision
    showdowns = actions = total_pot = 0
    total = sum(stacks)
    bar = _Progress(hands, progress, f"simulate {game.name}")
    start = time.perf_counter()
    try:
        for k in range(first_hand, first_hand + hands):
            if seed is not None:
                rng = hand_rng(seed, k)
            hand = StudHand(config, stacks=stacks, dealer=k % players,
                            seed=rng.getrandbits(64) if seed is not None else None)
            act = hand.act
            actor = hand.actor
            while actor is not None:  # play(), inlined: this loop is the simulation's time
                # views.seat_view, what hand.seat_view calls (one call fewer per decision)
                choice = chooses[actor](seat_view(hand, actor), rng)
                if isinstance(choice, str):
                    act(choice)
                else:
                    act(choice[0], choice[1])
                actions += 1
                actor = hand.actor
            if not hand.is_over:
                raise RuntimeError(f"hand {k + 1}: nobody is to act in an unfinished hand")
            final = hand.stacks
            if sum(final) != total:
                raise RuntimeError(f"hand {k + 1}: chips not conserved "
                                   f"({sum(final)} != {total})")
            for s, kind in enumerate(seat_kinds):
                net = final[s] - stack
                flows[s] += net
                per_bot[kind] += net
            if any(record.kind == "show" for record in hand.records):
                showdowns += 1
            total_pot += hand.pot_total
            if write is not None:
                assert phh_dir is not None
                write(hand, os.path.join(phh_dir, f"hand-{k + 1:05d}.phh"))
            if on_hand is not None:
                on_hand(hand)
            bar.update()
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    return SimulationSummary(
        variant=game.name, players=players, bots=kinds, hands=hands, seconds=seconds,
        showdowns=showdowns, actions=actions, total_pot=total_pot, big_bet=big_bet,
        flow_per_seat=flows, flow_per_bot=per_bot, seat_hands_per_bot=seat_hands)
