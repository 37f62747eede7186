"""The seats of one hand (docs/rules.md B6, B8, B9, E1, I2): :class:`Seats` owns the stacks,
what each seat put in, the folds, the seats treated as all in, the dead seats still dealt to,
the cards held and the two counts the betting reads on every action (seats in the hand, seats
that can still act). Its methods are the only way chips move or a seat leaves, so the counts
never drift from the lists.

>>> seats = Seats([10, 4])
>>> seats.put(1, 4); seats.put(0, 4)
>>> seats.stacks, seats.contributed, seats.live, seats.able
([6, 0], [4, 4], 2, 1)
>>> seats.fold(0); (seats.live, seats.able)
(1, 0)
"""

from __future__ import annotations

from typing import Optional, Sequence

__all__ = ["Seats"]

_new_object = object.__new__  # looked up once (Cython calls it as a plain function)


class Seats:
    """Per seat: ``stacks``, ``contributed`` (chips put in during the hand), ``folded``,
    ``cards`` (``(card, face_up)`` in the order dealt: :meth:`deal`, :meth:`turn_up`);
    ``all_in`` (seats treated as all in after a dealer error, I2); ``dead`` (folded seats
    still dealt to, option of B9); ``live`` (seats not folded) and ``able`` (neither
    folded nor all in). The hand (:class:`~stud_fast.table.StudHand`) holds one and shows its
    lists as ``hand.stacks``, ``hand.contributed``, ``hand.folded`` and ``hand.cards``; only
    the hand's operations call the methods here."""

    __slots__ = ("stacks", "contributed", "folded", "cards", "all_in", "dead", "live", "able")

    def __init__(self, stacks: Sequence[int]) -> None:
        n = len(stacks)
        self.stacks = list(stacks)
        self.contributed = [0] * n
        self.folded = [False] * n
        self.cards: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
        self.all_in: set[int] = set()
        self.dead: list[int] = []
        self.live = n
        self.able = n  # stacks are positive: nobody is all in yet

    def __eq__(self, other: object) -> bool:
        """Seats in the same state are equal (a copy equals its original)."""
        if type(other) is not Seats:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> "Seats":
        """An independent copy (every list and the set copied; card pairs are immutable)."""
        new: Seats = _new_object(Seats)
        new.stacks = self.stacks[:]
        new.contributed = self.contributed[:]
        new.folded = self.folded[:]
        new.cards = [held[:] for held in self.cards]
        new.all_in = set(self.all_in)
        new.dead = self.dead[:]
        new.live = self.live
        new.able = self.able
        return new

    def put(self, seat: int, amount: int) -> None:
        """``amount`` chips (at most the stack; the callers' legal amounts) from the seat's
        stack into the pot; a seat that puts in its last chip is all in (B6)."""
        stacks = self.stacks
        if amount and stacks[seat] == amount and seat not in self.all_in:
            self.able -= 1  # all in now
        stacks[seat] -= amount
        self.contributed[seat] += amount

    def win(self, seat: int, amount: int) -> None:
        """The seat wins ``amount`` chips of the pots (S7): a seat all in for lack of chips
        has some again."""
        stacks = self.stacks
        if amount and not stacks[seat] and not self.folded[seat] and seat not in self.all_in:
            self.able += 1
        stacks[seat] += amount

    def fold(self, seat: int) -> None:
        """The seat folds (B1): out of the hand, its chips stay in the pot."""
        self.folded[seat] = True
        self.live -= 1
        if self.stacks[seat] and seat not in self.all_in:
            self.able -= 1

    def treat_all_in(self, seat: int) -> None:
        """I2: the seat (in the hand, with chips) has the rights of an all-in player from now
        on: it acts no more and plays for the pots it has matched."""
        if seat not in self.all_in:
            self.all_in.add(seat)
            self.able -= 1

    def keep_dealing(self, seat: int) -> None:
        """B9 option: the seat folded when it could check: it is still dealt to until the next
        bet."""
        self.dead.append(seat)

    def bet_made(self) -> None:
        """B9: a bet or raise was made: folded seats are dealt to no more."""
        self.dead.clear()  # B9

    def dealt_to(self, dealing: list[int]) -> list[int]:
        """The seats the next cards go to, in the dealing order ``dealing``: those still in the
        hand, and dead seats that keep being dealt to (B9)."""
        folded, dead = self.folded, self.dead
        return [s for s in dealing if not folded[s] or s in dead]

    def deal(self, players: Sequence[int], cards: Sequence[int], up: bool,
             faces: Optional[Sequence[bool]] = None) -> None:
        """Each of ``players`` is dealt its card of ``cards``: every one face up or down by
        ``up``, or each by its entry of ``faces`` when given."""
        held = self.cards
        if faces is None:
            for s, card in zip(players, cards):
                held[s].append((card, up))
        else:
            for s, card, face in zip(players, cards, faces):
                held[s].append((card, face))

    def turn_up(self, seat: int, index: int) -> int:
        """The seat's card at ``index`` is face up from now on (S4, I2); returns the card."""
        card, _ = self.cards[seat][index]
        self.cards[seat][index] = (card, True)
        return card

    def is_all_in(self, seat: int) -> bool:
        """True for a seat in the hand with no chips left or treated as all in (I2)."""
        return not self.folded[seat] and (self.stacks[seat] == 0 or seat in self.all_in)

    def counts_hold(self) -> bool:
        """True when ``live`` and ``able`` are what the lists say (what the methods keep).

        >>> Seats([3, 3]).counts_hold()
        True
        """
        n = len(self.stacks)
        return (self.live == self.folded.count(False)
                and self.able == sum(1 for s in range(n) if not self.folded[s]
                                     and self.stacks[s] > 0 and s not in self.all_in))
