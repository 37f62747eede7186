"""Pots and how they are awarded (docs/rules.md B8, S7, E1): pure functions, no game state.

The engine records, for every seat, the chips it put in during the whole hand (antes
included) and whether it folded. :func:`build_pots` cuts those chips into a main pot and
side pots; :func:`award` shares every pot among the best hands eligible for it.

>>> pots = build_pots([50, 100, 100], [False, False, False])
>>> pots
[Pot(amount=150, eligible=(0, 1, 2)), Pot(amount=100, eligible=(1, 2))]
>>> award(pots, high={0: 9, 1: 5, 2: 5}, odd_chip_order=[0, 1, 2])
[150, 50, 50]
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Optional

__all__ = ["Pot", "build_pots", "award"]


@dataclass(frozen=True)
class Pot:
    """A pot: an amount of chips and the seats that can win it.

    ``eligible`` holds seat indices, sorted, distinct and never empty.

    >>> Pot(30, (0, 2))
    Pot(amount=30, eligible=(0, 2))
    >>> Pot(30, (2, 0))
    Traceback (most recent call last):
    ...
    ValueError: pot eligible seats must be sorted and distinct, got (2, 0)
    """

    amount: int
    eligible: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int):
            raise TypeError(f"pot amount must be an int, got {self.amount!r}")
        if self.amount < 0:
            raise ValueError(f"pot amount is negative: {self.amount}")
        if not isinstance(self.eligible, tuple):
            raise TypeError(f"pot eligible seats must be a tuple, got {self.eligible!r}")
        if not self.eligible:
            raise ValueError("a pot needs at least one eligible seat")
        for seat in self.eligible:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise TypeError(f"pot eligible seat must be an int, got {seat!r}")
            if seat < 0:
                raise ValueError(f"pot eligible seat is negative: {seat}")
        if any(a >= b for a, b in zip(self.eligible, self.eligible[1:])):
            raise ValueError(f"pot eligible seats must be sorted and distinct, got {self.eligible}")


def build_pots(contributions: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """Cut the chips put in during a hand into the main pot and the side pots (docs/rules.md B8).

    ``contributions[seat]`` is every chip the seat put in during the hand, antes included;
    ``folded[seat]`` says whether it folded. A player who could not match (all in) plays for
    the main pot only; the others contest the side pots in order of size (B8).

    A level is cut at the contribution of every seat still in the hand. The pot between two
    levels holds what every seat (folded or not) put in between them, and is eligible to the
    seats still in that put in at least the upper level. Folded seats are never eligible.
    Adjacent pots with the same eligible seats are merged. Chips that folded seats put in above
    the highest live contribution would form a pot nobody can win: they are added to the last
    pot instead, so chips are never lost (E1). Pots come back main pot first, then the side
    pots in order; pots of zero chips are left out (all contributions zero gives ``[]``).

    A player who mucks at showdown (S6) has not folded for this purpose: keep it live here
    and give it a losing hand value in :func:`award`, so that chips only it is eligible for
    (an uncalled excess) still come back to it.

    Raises ``ValueError`` for a negative contribution, lengths that differ, or a hand in
    which every seat folded, and ``TypeError`` for a contribution that is not an integer.

    >>> for pot in build_pots([10, 30, 60, 60], [False, False, False, False]):
    ...     print(pot)
    Pot(amount=40, eligible=(0, 1, 2, 3))
    Pot(amount=60, eligible=(1, 2, 3))
    Pot(amount=60, eligible=(2, 3))
    >>> build_pots([20, 10, 20], [True, False, False])
    [Pot(amount=30, eligible=(1, 2)), Pot(amount=20, eligible=(2,))]
    """
    chips = [_chip_count(c, "contribution of seat", seat) for seat, c in enumerate(contributions)]
    if len(folded) != len(chips):
        raise ValueError(f"contributions has {len(chips)} seats but folded has {len(folded)}")
    out = [bool(f) for f in folded]
    live_levels = sorted({c for c, f in zip(chips, out) if not f})
    if not live_levels:
        raise ValueError("every seat folded: at least one seat must still be in the hand")

    raw: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in live_levels:
        amount = sum([(level if c > level else c) - (previous if c > previous else c)
                      for c in chips])
        eligible = tuple(s for s, c in enumerate(chips) if not out[s] and c >= level)
        raw.append((amount, eligible))
        previous = level
    # Folded chips above the highest live level: nobody could win them alone (E1).
    excess = sum(c - min(c, previous) for c in chips)
    last_amount, last_eligible = raw[-1]
    raw[-1] = (last_amount + excess, last_eligible)

    pots: list[Pot] = []
    for amount, eligible in raw:
        if amount == 0:
            continue
        if pots and pots[-1].eligible == eligible:
            pots[-1] = _pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(_pot(amount, eligible))
    return pots


def _pot(amount: int, eligible: tuple[int, ...]) -> Pot:
    """A :class:`Pot` made by :func:`build_pots`, whose amounts and seats are valid by
    construction: without the checks of ``Pot.__post_init__`` (a pot is built for every
    showdown the engine plays)."""
    pot: Pot = object.__new__(Pot)
    object.__setattr__(pot, "__dict__", {"amount": amount, "eligible": eligible})
    return pot


def award(
    pots: Sequence[Pot],
    *,
    high: Mapping[int, int] | None,
    low: Mapping[int, int] | None = None,
    odd_chip_order: Sequence[int],
    seats: int | None = None,
) -> list[int]:
    """Share every pot among its best hands and return the chips won by each seat (S7).

    ``high[seat]`` is the hand value of every seat still in at showdown, larger = stronger.
    For razz and other low-only games pass the low value here (larger = stronger too). Any
    tiebreak beyond the best five cards (the D3 option ``tiebreak="unused_cards"``) must
    already be folded into the value: equal values split. ``high`` may be ``None`` when no
    pot has more than one eligible seat (everybody else folded).

    ``low[seat]``, for hi-lo games only, is the seat's low value, larger = better, 0 = no
    qualifying low. If at least one seat eligible for a pot has a qualifying low, the pot is
    split in half: the high half goes to the best high hand(s), the low half to the best
    qualifying low(s); a seat may win both halves (scoop). The odd chip of an odd pot goes
    to the HIGH half (standard cardroom rule). With no qualifying low the whole pot goes high.

    Equal hands split equally. Chips that cannot be split go one each to the tied winners in
    ``odd_chip_order`` (first listed first). The caller decides that order: docs/rules.md S7
    gives the odd chip to the winner holding the highest card by suit, so a caller following
    it lists the seats by their highest card by suit; another house rule (e.g. first seat
    left of the dealer) is just another order. Every seat eligible for a contested pot must
    appear in it.

    A pot with one eligible seat goes to that seat; no hand value is needed for it.

    The result has ``seats`` entries (default: one more than the largest seat named in
    ``pots`` or ``odd_chip_order``). Its sum always equals the sum of the pots (E1).

    >>> pots = [Pot(101, (0, 1, 2)), Pot(40, (1, 2)), Pot(7, (2,))]
    >>> award(pots, high={0: 8, 1: 8, 2: 3}, odd_chip_order=[1, 0, 2])
    [50, 91, 7]
    >>> award([Pot(21, (0, 1))], high={0: 5, 1: 3}, low={0: 0, 1: 4}, odd_chip_order=[0, 1])
    [11, 10]
    """
    order = [_chip_count(s, "odd_chip_order entry") for s in odd_chip_order]
    position: dict[int, int] = {}
    for index, seat in enumerate(order):
        if seat in position:
            raise ValueError(f"seat {seat} appears twice in odd_chip_order")
        position[seat] = index

    for pot in pots:
        if not isinstance(pot, Pot):
            raise TypeError(f"pots must hold Pot objects, got {pot!r}")
    largest = max([s for pot in pots for s in pot.eligible] + order, default=-1)
    if seats is None:
        size = largest + 1
    else:
        size = _chip_count(seats, "seats")
        if largest >= size:
            raise ValueError(f"seat {largest} is out of range for {size} seats")

    won = [0] * size
    for number, pot in enumerate(pots):
        if len(pot.eligible) == 1:
            won[pot.eligible[0]] += pot.amount
            continue
        for seat in pot.eligible:
            if seat not in position:
                raise ValueError(f"seat {seat} of pot {number} {pot} is missing from "
                                 f"odd_chip_order")
        if high is None:
            raise ValueError(f"pot {number} {pot} is contested: high hand values are needed")
        highs = _hand_values(high, pot, "high", number)
        high_half = pot.amount
        if low is not None:
            lows = _hand_values(low, pot, "low", number)
            if any(v > 0 for v in lows.values()):
                low_half = pot.amount // 2
                high_half = pot.amount - low_half  # the odd chip plays high
                _split(won, low_half, _best(lows), position)
        _split(won, high_half, _best(highs), position)
    return won


def _chip_count(value: int, what: str, index: Optional[int] = None) -> int:
    """A non-negative integer (Python or numpy), bools refused; errors name ``what`` and, when
    given, ``index`` after it (formatted only then: pots are built for every showdown)."""
    if type(value) is int and value >= 0:
        return value
    if index is not None:
        what = f"{what} {index}"
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an integer, got {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an integer, got {value!r}") from None
    if number < 0:
        raise ValueError(f"{what} is negative: {number}")
    return number


def _hand_values(values: Mapping[int, int], pot: Pot, kind: str, number: int
                 ) -> dict[int, int]:
    """The ``kind`` values of the eligible seats of ``pot`` (pot ``number``); every seat must
    have one."""
    found: dict[int, int] = {}
    for seat in pot.eligible:
        if seat not in values:
            raise ValueError(f"seat {seat} of pot {number} {pot} has no {kind} hand value")
        value = values[seat]
        if type(value) is int and (value >= 0 or kind == "high"):
            found[seat] = value  # the common case, checked below otherwise
            continue
        if isinstance(value, bool):
            raise TypeError(f"{kind} value of seat {seat} must be an integer, got {value!r}")
        try:
            found[seat] = operator.index(value)
        except TypeError:
            raise TypeError(
                f"{kind} value of seat {seat} must be an integer, got {value!r}") from None
        if kind == "low" and found[seat] < 0:
            raise ValueError(f"low value of seat {seat} is negative (0 means no low): {value}")
    return found


def _best(values: dict[int, int]) -> list[int]:
    """The seats holding the largest value (for a low half the caller has made sure it is > 0)."""
    top = max(values.values())
    return [seat for seat, value in values.items() if value == top]


def _split(won: list[int], amount: int, winners: list[int], position: Mapping[int, int]) -> None:
    """Share ``amount`` equally among ``winners``; leftover chips go one each in odd-chip order."""
    share, left = divmod(amount, len(winners))
    for index, seat in enumerate(sorted(winners, key=position.__getitem__)):
        won[seat] += share + (1 if index < left else 0)
