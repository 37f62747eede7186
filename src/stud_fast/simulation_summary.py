"""What a self-play run counts: :class:`SimulationTally` adds up finished hands (one at a time,
or another tally of other hands of the same run) and gives a :class:`SimulationSummary`.

One tally serves :func:`stud_fast.simulate.simulate`, the CLI's partial summary on Ctrl-C and
the Dask layer's chunks, so the three cannot count differently.

>>> from stud_fast.table import StudHand
>>> from stud_fast.variants import GameConfig
>>> hand = StudHand(GameConfig(variant="razz", small_bet=2), stacks=[50, 50], seed=4)
>>> while hand.actor is not None:  # the first legal action each time: bring in, then call
...     _ = hand.act(next(iter(hand.legal_actions())))
>>> tally = SimulationTally("razz", 2, ("random",), stack=50, big_bet=10)
>>> tally.add(hand)
>>> summary = tally.summary(seconds=1.0)
>>> summary.hands, sum(summary.flow_per_seat), summary.actions
(1, 0, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional, Sequence

from stud_fast.records import PLAYER_ACTIONS

if TYPE_CHECKING:
    from stud_fast.table import StudHand

__all__ = ["SimulationSummary", "SimulationTally"]

_DECISIONS = frozenset(PLAYER_ACTIONS)
#: what may follow a showdown's last "show" record in a hand's log
_AFTER_SHOW = frozenset(("show", "muck", "win", "collect"))


@dataclass
class SimulationSummary:
    """What a :func:`~stud_fast.simulate.simulate` run gave.

    ``flow_per_seat[i]`` is the chips seat ``i`` won (negative: lost) over all hands, and
    ``flow_per_bot`` the same added up by bot kind; both sum to zero (chips are conserved).
    ``seat_hands_per_bot`` counts the hands each kind played (once per seat per hand).

    >>> s = SimulationSummary("razz", 2, ("random",), hands=4, seconds=2.0, showdowns=1,
    ...                       actions=20, total_pot=60, big_bet=10, flow_per_seat=[5, -5],
    ...                       flow_per_bot={"random": 0}, seat_hands_per_bot={"random": 8})
    >>> s.hands_per_second, s.showdown_frequency, s.average_pot, s.actions_per_hand
    (2.0, 0.25, 15.0, 5.0)
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


class SimulationTally:
    """The counts of a run's finished hands: seat ``i`` is played by ``bots[i % len(bots)]``
    and starts every hand with ``stack`` chips.

    :meth:`add` counts one finished hand (raising RuntimeError if it lost or invented a chip),
    :meth:`merge` the tally of other hands of the same run, :meth:`summary` reports.
    """

    __slots__ = ("variant", "players", "bots", "stack", "big_bet", "hands", "showdowns",
                 "actions", "total_pot", "flows")

    def __init__(self, variant: str, players: int, bots: Sequence[str], *, stack: int,
                 big_bet: int) -> None:
        self.variant = variant
        self.players = players
        self.bots = tuple(bots)
        self.stack = stack
        self.big_bet = big_bet
        self.hands = self.showdowns = self.actions = self.total_pot = 0
        self.flows = [0] * players

    def add(self, hand: "StudHand", actions: Optional[int] = None) -> None:
        """Count one finished hand; ``actions``, its players' actions when the caller counted
        them as they were made (else they are counted from the hand's records)."""
        final = hand.stacks
        if sum(final) != self.stack * self.players:
            raise RuntimeError(f"hand {self.hands + 1}: chips not conserved "
                               f"({sum(final)} != {self.stack * self.players})")
        self.hands += 1
        flows = self.flows
        for s, chips in enumerate(final):
            flows[s] += chips - self.stack
        records = hand.records
        if actions is None:
            actions = sum(r.kind in _DECISIONS and r.seat is not None for r in records)
        self.actions += actions
        for record in reversed(records):  # the showdown's records, if any, come last
            if record.kind == "show":
                self.showdowns += 1
                break
            if record.kind not in _AFTER_SHOW:
                break
        self.total_pot += hand.pot_total

    def merge(self, other: "SimulationTally") -> None:
        """Add the counts of ``other``, a tally of other hands of the same run."""
        mine = (self.variant, self.players, self.bots, self.stack, self.big_bet)
        theirs = (other.variant, other.players, other.bots, other.stack, other.big_bet)
        if mine != theirs:
            raise ValueError(f"cannot merge the tally of another run: {theirs} != {mine}")
        self.hands += other.hands
        self.showdowns += other.showdowns
        self.actions += other.actions
        self.total_pot += other.total_pot
        self.flows = [a + b for a, b in zip(self.flows, other.flows)]

    def summary(self, seconds: float) -> SimulationSummary:
        """The :class:`SimulationSummary` of the hands counted, played in ``seconds``."""
        kinds = self.bots
        per_bot = dict.fromkeys(kinds, 0)
        seat_hands = dict.fromkeys(kinds, 0)
        for s, flow in enumerate(self.flows):
            per_bot[kinds[s % len(kinds)]] += flow
            seat_hands[kinds[s % len(kinds)]] += self.hands
        return SimulationSummary(
            variant=self.variant, players=self.players, bots=kinds, hands=self.hands,
            seconds=seconds, showdowns=self.showdowns, actions=self.actions,
            total_pot=self.total_pot, big_bet=self.big_bet, flow_per_seat=list(self.flows),
            flow_per_bot=per_bot, seat_hands_per_bot=seat_hands)
