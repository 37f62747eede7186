"""What the dealer's errors (docs/rules.md I1, I2) leave for later: :class:`Mistakes`, owned by
the hand and changed only through its methods, which the hand's dealing and dealer-error
operations call."""

from __future__ import annotations

from typing import Optional, Sequence

__all__ = ["Mistakes"]


class Mistakes:
    """What the dealer's errors leave for later (I1, I2): the premature card kept to be dealt
    face up (``kept``) or the seat whose card was buried (``buried_for``); the seats choosing
    whether to be treated as all in after the deal (``choosers``), the seat to act once a
    reported player chose (``resume``) and the previous round's opener who opens again
    (``reopener``).

    >>> Mistakes().kept is None
    True
    """

    __slots__ = ("kept", "buried_for", "choosers", "resume", "reopener")

    def __init__(self) -> None:
        self.kept: Optional[int] = None  # I1 keep_capped: the exposed card, dealt face up
        self.buried_for: Optional[int] = None  # I1 bury: the seat whose card was buried
        self.choosers: list[int] = []  # I2: seats choosing whether to be treated as all in
        self.resume: Optional[int] = None  # I2 reported mid-round: who acts after the choice
        self.reopener: Optional[int] = None  # I2: the previous round's opener opens

    def __eq__(self, other: object) -> bool:
        """Equal in the same state (a copy equals its original)."""
        if type(other) is not Mistakes:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> "Mistakes":
        """An independent copy (its list of choosers copied).

        >>> m = Mistakes(); m.choosers.append(2)
        >>> twin = m.copy(); twin.choosers.clear()
        >>> m.choosers
        [2]
        """
        new: Mistakes = object.__new__(Mistakes)
        new.kept = self.kept
        new.buried_for = self.buried_for
        new.choosers = self.choosers[:]
        new.resume = self.resume
        new.reopener = self.reopener
        return new

    def exposed_on_deal(self, players: list[int], exposed: Sequence[int], folded: list[bool],
                        stacks: list[int], opener: Optional[int]) -> Sequence[int]:
        """I2, the seventh-street deal to ``players`` (in dealing order) with the cards of
        ``exposed`` dealt face up by mistake: the seats whose card goes face up. When the first
        card of the round is exposed every card is, and the opener of the previous round
        (``opener``) opens again; otherwise each exposed seat still in the hand with chips
        chooses (:attr:`choosers`, in dealing order) whether to be treated as all in.

        >>> m = Mistakes()
        >>> m.exposed_on_deal([1, 2, 0], [2], [False] * 3, [5, 5, 5], 1), m.choosers
        ([2], [2])
        """
        if exposed:
            exposed = [s for s in exposed if s in players]
        if exposed and players[0] in exposed:
            # I2: the first card of the round was exposed: all of them go face up, and the
            # opener of the previous round opens
            exposed = players
            self.reopener = opener
        elif exposed:
            # I2: each such player has the rights of an all-in player: before any betting of
            # the round it chooses whether to be treated as all in
            self.choosers = [s for s in players  # in dealing order
                             if s in exposed and not folded[s] and stacks[s] > 0]
        else:
            self.choosers = []
        return exposed

    def deal_order(self, players: list[int]) -> list[int]:
        """I1 bury: the deal after a buried card ends at the seat whose card was exposed
        (``buried_for``, then forgotten); otherwise ``players`` as they are.

        >>> m = Mistakes(); m.buried_for = 1
        >>> m.deal_order([1, 2, 0]), m.buried_for
        ([2, 0, 1], None)
        """
        x = self.buried_for
        if x is None:
            return players
        self.buried_for = None
        if x in players:
            players = [s for s in players if s != x] + [x]
        return players

    def take_choosers(self) -> list[int]:
        """I2: the seats that choose after this deal (then forgotten)."""
        choosers, self.choosers = self.choosers, []
        return choosers

    def take_reopener(self) -> Optional[int]:
        """I2: the previous round's opener that opens this one (then forgotten)."""
        reopener, self.reopener = self.reopener, None
        return reopener

    def take_resume(self) -> Optional[int]:
        """I2: the seat to act once a seat reported mid-round chose (then forgotten)."""
        resume, self.resume = self.resume, None
        return resume

    def premature_exposed(self, card: int, seat: int, buried: bool) -> None:
        """I1: ``card``, the next street's card for ``seat``, was exposed: buried (the deal
        then ends at ``seat``), or kept to be dealt to it face up."""
        if buried:
            self.buried_for = seat
        else:
            self.kept = card

    def premature_dealt(self) -> None:
        """I1 keep_capped: the kept card was dealt (face up)."""
        self.kept = None

    def report(self, resume: Optional[int]) -> None:
        """I2 reported before any significant action: once the reported seat chose, the
        round goes on at ``resume``."""
        self.resume = resume
