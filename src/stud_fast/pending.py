"""The operations due before a street's betting (docs/rules.md S4, S5, I2): :class:`Pending`
owns their queue (turn a card up in Mexican stud, buy the pot on an up three in baseball, take
the rights of an all-in player after an exposed seventh-street card) and whether the pot was
bought. It decides what the seat at the head of the queue may do; the hand
(:class:`~stud_fast.table.StudHand`) performs it and tells the queue it is done.

>>> pending = Pending()
>>> pending.after_deal([("buy_pot", 2), ("buy_pot", 0)])
2
>>> pending.done(), pending.done(), pending.queue
(0, None, [])
"""

from __future__ import annotations

from typing import Optional, Sequence

from stud_fast.bet_sizes import HandFacts
from stud_fast.errors import RuleError

__all__ = ["KINDS", "Pending"]

#: the kinds of operation that can be pending, in the order a queue may hold them
KINDS = ("all_in_choice", "turn_up", "buy_pot")
_BETTING = ("fold", "check", "call", "bet", "raise", "bring_in", "complete")


class Pending:
    """The operations pending before a betting round, in order: ``queue`` of ``(kind, seat)``
    (``kind`` one of :data:`KINDS`; a seat at most once), and ``pot_bought`` (S5: somebody
    bought the pot, so every three is wild from then on; it never goes back to False). The
    hand holds one and changes it only through these methods.

    >>> Pending().pot_bought
    False
    """

    __slots__ = ("queue", "pot_bought")

    def __init__(self) -> None:
        self.queue: list[tuple[str, int]] = []
        self.pot_bought = False

    def __eq__(self, other: object) -> bool:
        """Equal in the same state (a copy equals its original)."""
        if type(other) is not Pending:
            return NotImplemented
        return self.queue == other.queue and self.pot_bought == other.pot_bought

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> "Pending":
        """An independent copy (the queue copied; its pairs are immutable).

        >>> p = Pending(); _ = p.after_deal([("turn_up", 1)])
        >>> twin = p.copy(); _ = twin.done()
        >>> p.queue, twin.queue
        ([('turn_up', 1)], [])
        """
        new: Pending = object.__new__(Pending)
        new.queue = self.queue[:]
        new.pot_bought = self.pot_bought
        return new

    def after_deal(self, due: Sequence[tuple[str, int]]) -> Optional[int]:
        """A street was dealt: ``due`` becomes the queue (one kind per street); returns the
        seat to act first, or None when nothing is due."""
        self.queue = list(due)
        return due[0][1] if due else None

    def first_choice(self, seat: int) -> None:
        """I2 reported during the betting: ``seat`` chooses (all in or play on) before the
        round goes on, ahead of anything else."""
        self.queue.insert(0, ("all_in_choice", seat))

    def done(self) -> Optional[int]:
        """The first operation is done: the seat of the next one, or None (the queue is
        empty)."""
        queue = self.queue
        queue.pop(0)
        return queue[0][1] if queue else None

    def clear(self) -> None:
        """Nobody is left to bet against: what was pending is moot."""
        self.queue.clear()

    def buy(self) -> None:
        """S5: the pot is bought; every three is wild from now on."""
        self.pot_bought = True

    def legal(self, hand: HandFacts, s: int, refused: Optional[dict[str, tuple[str, str]]]
              ) -> Optional[dict[str, tuple[int, int]]]:
        """What the actor ``s`` may do while an operation is pending (I2, S4, S5), or None
        when none is (the betting round decides). With a ``refused`` dict, also why each
        operation of this table is refused (rule ID, message), in the order the rules are
        checked: the choice of I2 first, then turning up (S4), then buying the pot (S5)."""
        queue = self.queue
        kind = queue[0][0] if queue else None
        if kind == "all_in_choice":
            if refused is not None:
                for other in _BETTING + ("buy_pot", "turn_up"):
                    refused[other] = ("I2", "its seventh-street card was exposed: take the "
                                            "rights of an all-in player (take_all_in) or play on")
            return {"take_all_in": (0, 0), "play_on": (0, 0)}
        if refused is not None:
            for other in ("take_all_in", "play_on"):
                refused[other] = ("I2", "only a player whose seventh-street card was exposed "
                                        "chooses to take the rights of an all-in player")
        if kind == "turn_up":  # S4: turn a card up first
            if refused is not None:
                for other in _BETTING + ("buy_pot",):
                    refused[other] = ("S4", "it must turn one of its down cards up first")
            return {"turn_up": (0, 0)}
        if refused is not None:
            refused["turn_up"] = ("S4", "cards are turned up only in Mexican stud, after a deal")
        if kind is not None:  # S5: an up three: buy the pot or fold, nothing else
            if refused is not None:
                for other in _BETTING:
                    if other != "fold":
                        refused[other] = ("S5", "it was dealt a three face up: buy the pot or "
                                                "fold")
            price = min(hand.pot_total, hand.stacks[s])
            return {"buy_pot": (price, price), "fold": (0, 0)}
        if refused is not None:
            refused["buy_pot"] = ("S5", "only a player dealt a three face up buys the pot")
        return None


def down_card_index(held: Sequence[tuple[int, bool]], card: Sequence[int], seat: int,
                    asked: object) -> int:
    """S4: the index of the one card ``card`` (parsed) among ``held``'s down cards, or
    RuleError naming what was ``asked``.

    >>> down_card_index([(4, False), (9, True)], (4,), 0, "2c")
    0
    """
    for i, (c, up) in enumerate(held):
        if len(card) == 1 and c == card[0] and not up:
            return i
    raise RuleError("S4", f"seat {seat}: has no such down card to turn up: {asked!r}")
