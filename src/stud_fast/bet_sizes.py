"""Bet structures (docs/rules.md B2, B4): what a chip amount may be, the fixed-limit bet of a
street and the least and most chips of a pot- or no-limit bet or raise. Pure functions of what
the hand shows (:class:`HandFacts`) and its :class:`~stud_fast.plan.Plan`;
:class:`~stud_fast.betting_round.BettingRound` asks them.

>>> whole_chips(20, "bet to")
20
"""

from __future__ import annotations

import operator
from typing import Mapping, Protocol

from stud_fast.errors import AmountError
from stud_fast.plan import Plan
from stud_fast.seats import Seats

__all__ = ["HandFacts", "TO_TOTAL", "chips_to_put_in", "fixed_bet", "open_sizes",
           "whole_chips"]


class HandFacts(Protocol):
    """What the bet sizes and the betting round read of a hand (never write):
    :class:`~stud_fast.table.StudHand` is one."""

    street: int
    stacks: list[int]
    _plan: Plan
    _seats: Seats  # the counts of seats in the hand and able to act

    @property
    def pot_total(self) -> int:
        ...

    def in_hand(self) -> list[int]:
        ...

    def up_cards(self, seat: int) -> list[int]:
        ...

#: the actions named by the total the seat's round bet becomes (the others by the chips put in)
TO_TOTAL = frozenset(("bet", "raise", "complete"))


def chips_to_put_in(legal: Mapping[str, tuple[int, int]], round_bet: int
                    ) -> dict[str, tuple[int, int]]:
    """The legal actions ``legal`` (bets, raises and completions by the total the seat's
    round bet becomes) with every amount in the chips the seat still puts in, for a seat that
    put ``round_bet`` chips in during the round.

    >>> chips_to_put_in({"fold": (0, 0), "call": (8, 8), "raise": (15, 15)}, 2)
    {'fold': (0, 0), 'call': (8, 8), 'raise': (13, 13)}
    """
    return {kind: (least - round_bet, most - round_bet) if kind in TO_TOTAL else (least, most)
            for kind, (least, most) in legal.items()}


def whole_chips(value: object, what: str) -> int:
    """``value`` as a whole number of chips: an ``int`` (or an integer type such as numpy's),
    never a ``bool``, ``float``, ``Fraction`` or ``Decimal``; else :class:`AmountError` (B2).

    >>> whole_chips(5, "bet to")
    5
    >>> whole_chips(2.5, "bet to")
    Traceback (most recent call last):
    ...
    stud_fast.errors.AmountError: B2: bet to 2.5: chip amounts are whole numbers (int), ...
    """
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise AmountError("B2", f"{what} {value!r}: chip amounts are whole numbers (int), not "
                            f"{type(value).__name__}")


def fixed_bet(hand: HandFacts, plan: Plan) -> int:
    """Fixed limit (B2): the bet of the hand's street, big from the plan's big streets, and on
    fourth street of a seven-card game when an open pair shows (B4)."""
    street = hand.street
    if plan.big[street]:
        return plan.big_bet
    if plan.open_pair and street == 1:  # B4
        for s in hand.in_hand():
            ups = [c >> 2 for c in hand.up_cards(s)]
            if len(ups) != len(set(ups)):
                return plan.big_bet
    return plan.small_bet


def open_sizes(hand: HandFacts, plan: Plan, stack: int, least: int, owe: int) -> tuple[int, int]:
    """(least, most) chips put in for a pot- or no-limit bet or raise (B2) by a seat with ``stack``
    chips that owes ``owe`` to call: pot limit up to the pot after calling, no limit the whole
    stack. Less than ``least`` only all in."""
    if least > stack:
        least = stack  # all in for less
    most = stack
    if plan.pot_limit:
        most = min(stack, owe + hand.pot_total + owe)
    return least, max(least, most)
