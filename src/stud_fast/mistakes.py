"""What the dealer's errors (docs/rules.md I1, I2) leave for later: :class:`Mistakes`, owned by
the hand and changed only by the dealing and dealer-error operations."""

from __future__ import annotations

from typing import Optional

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
