"""The hand rankings the evaluator knows, by name (docs/rules.md D1, D2, D4, D5, D6).

>>> Ranking.parse("razz").number
2
>>> Ranking.HIGH.categories[-1]
'five of a kind'
"""

from __future__ import annotations

import enum
from typing import Union

__all__ = ["Ranking", "RankingLike", "CATEGORIES"]

#: Category names, indexed by the C core's category numbers (0 is "no low", low8 only; the C
#: core's sf_category_name gives the same). Under razz and low8, HandValue.category names a
#: "high card" hand by its highest card instead, aces low: "seven low".
CATEGORIES: tuple[str, ...] = (
    "no low", "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush", "five of a kind",
)


class Ranking(str, enum.Enum):
    """A hand ranking. The value is the name used across the API; it compares equal to it.

    >>> Ranking.RAZZ == "razz"
    True
    """

    HIGH = "high"
    SHORT32 = "short32"
    RAZZ = "razz"
    LOW8 = "low8"

    @property
    def number(self) -> int:
        """The C core's ranking number (SF_RANKING_* in stud_fast/eval.h)."""
        return _INDEX[self]

    @property
    def is_low(self) -> bool:
        """True for the ace-to-five low rankings (lower hands are stronger)."""
        return self in (Ranking.RAZZ, Ranking.LOW8)

    @property
    def deck(self) -> tuple[int, ...]:
        """Card ids of the ranking's deck (without jokers)."""
        return tuple(range(20, 52)) if self is Ranking.SHORT32 else tuple(range(52))

    @property
    def categories(self) -> tuple[str, ...]:
        """The categories this ranking can produce, weakest first."""
        return _CATEGORY_ORDER[self]

    @classmethod
    def parse(cls, ranking: "RankingLike") -> "Ranking":
        """A Ranking from itself or its name (case-insensitive, ``-`` or ``_`` ignored)."""
        if isinstance(ranking, Ranking):
            return ranking
        if isinstance(ranking, str):
            key = ranking.strip().lower().replace("-", "").replace("_", "")
            found = _ALIASES.get(key)
            if found is not None:
                return found
            raise ValueError(
                f"unknown ranking {ranking!r}: use one of {', '.join(r.value for r in cls)}")
        raise TypeError(f"ranking must be a name such as 'high', got {ranking!r}")


RankingLike = Union[Ranking, str]

_INDEX = {Ranking.HIGH: 0, Ranking.SHORT32: 1, Ranking.RAZZ: 2, Ranking.LOW8: 3}
_ALIASES = {
    "high": Ranking.HIGH, "standard": Ranking.HIGH,
    "short32": Ranking.SHORT32, "short": Ranking.SHORT32, "32": Ranking.SHORT32,
    "razz": Ranking.RAZZ, "low": Ranking.RAZZ, "a5": Ranking.RAZZ,
    "low8": Ranking.LOW8, "eightorbetter": Ranking.LOW8,
}
_CATEGORY_ORDER = {
    Ranking.HIGH: CATEGORIES[1:],
    Ranking.SHORT32: CATEGORIES[1:6] + ("full house", "flush") + CATEGORIES[8:],
    Ranking.RAZZ: ("four of a kind", "full house", "three of a kind", "two pair", "one pair",
                   "high card"),
    Ranking.LOW8: ("no low", "high card"),
}
