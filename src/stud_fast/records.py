"""The hand's log: one :class:`Record` per event, in order (the hand history)."""

from __future__ import annotations

from typing import NamedTuple, Optional

from stud_fast.cards import card_str

__all__ = ["Record", "new_record", "FACE"]


class Record(NamedTuple):
    """One thing that happened in the hand, in order: the hand history (immutable).

    ``kind`` is one of ``ante``, ``deal``, ``burn``, ``community``, ``turn_up``, ``buy_pot``,
    ``bring_in``,
    ``complete``, ``bet``, ``raise``, ``call``, ``check``, ``fold``, ``show``, ``muck``,
    ``win``. ``amount`` is the chips the seat put in (or won); for ``bet``, ``raise`` and
    ``complete`` ``to`` is the seat's total for the round afterwards. ``up`` says, card by
    card, whether a dealt card is face up.
    """

    kind: str
    seat: Optional[int] = None
    amount: int = 0
    to: int = 0
    cards: tuple[int, ...] = ()
    up: tuple[bool, ...] = ()
    street: int = 0

    def text(self) -> str:
        """A short readable line."""
        who = "dealer" if self.seat is None else f"seat {self.seat}"
        cards = " ".join(card_str(c) if u or self.kind != "deal" else f"[{card_str(c)}]"
                         for c, u in zip(self.cards, self.up or (True,) * len(self.cards)))
        extra = f" {self.amount}" if self.amount else ""
        if self.kind in ("bet", "raise", "complete"):
            extra = f" to {self.to}"
        return f"{who} {self.kind}{extra}{' ' + cards if cards else ''}".rstrip()


new_record = tuple.__new__  # Record(*fields) without NamedTuple's keyword handling
FACE = {False: (False,), True: (True,)}  # a dealt card's Record.up
