"""The evaluation facade: ``evaluate`` for one hand, ``evaluate_batch`` for NumPy arrays.

>>> v = evaluate("Ks Kd Kh Td Tc 2s 3c")
>>> v.category, str(v)
('full house', 'Full house, kings over tens')
>>> evaluate("As Ks") > evaluate("Qh Qd")
False
"""

from __future__ import annotations

import operator
import os
import warnings
from functools import total_ordering
from typing import Any, Iterable, Optional, Union

import numpy as np

from stud_fast import _core
from stud_fast.cards import CardsLike, card_str, format_cards, parse_cards, parse_rank_mask
from stud_fast.rankings import Ranking, RankingLike

__all__ = ["HandValue", "evaluate", "evaluate_batch", "category_of", "max_value"]

WildRanks = Union[str, Iterable[str], int]

_RANK_NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
               "queen", "king", "ace")
_RANK_PLURALS = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                 "tens", "jacks", "queens", "kings", "aces")


@total_ordering
class HandValue:
    """The value of a hand under one ranking and wild setting (immutable).

    ``value`` is larger for a stronger hand and equal for a tie; values of different rankings
    do not compare (a TypeError). ``cards`` are the cards evaluated; ``best_five`` the five
    (or fewer) that make the hand, wild cards shown as what they stand for.

    >>> evaluate("Xx Ah Kh Qh Jh").best_five_text
    'Ah Kh Qh Jh Th'
    """

    __slots__ = ("_value", "_ranking", "_cards", "_wild_mask", "_best")

    def __init__(self, value: int, ranking: Ranking, cards: tuple[int, ...],
                 wild_mask: int = 0) -> None:
        self._value = value
        self._ranking = ranking
        self._cards = cards
        self._wild_mask = wild_mask
        self._best: tuple[int, ...] | None = None

    @property
    def value(self) -> int:
        """The strength: larger is stronger, equal is a tie (within one ranking)."""
        return self._value

    @property
    def ranking(self) -> Ranking:
        """The ranking the hand was evaluated under."""
        return self._ranking

    @property
    def cards(self) -> tuple[int, ...]:
        """The card ids evaluated, in the order given."""
        return self._cards

    @property
    def wild_mask(self) -> int:
        """The wild-rank mask used (jokers are always wild)."""
        return self._wild_mask

    def __repr__(self) -> str:
        return (f"HandValue(value={self._value}, ranking={self._ranking.value!r}, "
                f"cards={format_cards(self._cards)!r}, category={self.category!r})")

    @property
    def category(self) -> str:
        """Category name: ``"high card"`` ... ``"five of a kind"``; under razz and low8 an
        unpaired hand is named by its highest card (``"seven low"``), and ``"no low"`` is a
        low8 hand that does not qualify.

        >>> evaluate("7h 6c 4d 2s Ah Kd Kc", "razz").category
        'seven low'
        """
        return _core.value_name(self.ranking.number, self.value)

    @property
    def best_five(self) -> tuple[int, ...]:
        """Card ids of the best five cards (all cards for hands of up to four), each wild card
        shown as the card it stands for (a duplicate of a held card where only that reaches
        the value, docs/rules.md D4), in display order.

        >>> format_cards(evaluate("9c 9d Ks Kd 2s", wild_ranks="9").best_five)
        'Ks Kh Kd Kc 2s'
        """
        if self._best is None:
            self._best = _ordered(_core.best_five(self._cards, self._ranking.number,
                                                  self._wild_mask), self._ranking)
        return self._best

    @property
    def best_five_text(self) -> str:
        """The best five cards as text."""
        return " ".join(card_str(c) for c in self.best_five)

    def _check(self, other: object) -> "HandValue | None":
        """``other`` if it compares with this value, None if it is not a HandValue."""
        if not isinstance(other, HandValue):
            return None
        if other.ranking is not self.ranking:
            raise TypeError(
                f"cannot compare a {self.ranking.value} value with a {other.ranking.value} value")
        return other

    def __eq__(self, other: object) -> bool:
        o = self._check(other)
        if o is None:
            return NotImplemented
        return self.value == o.value

    def __lt__(self, other: "HandValue") -> bool:
        o = self._check(other)
        if o is None:
            return NotImplemented
        return self.value < o.value

    def __hash__(self) -> int:
        return hash((self.ranking, self.value))

    def __int__(self) -> int:
        return self.value

    def __str__(self) -> str:
        return describe(self)


_SETTINGS: dict[tuple[Any, ...], tuple[Ranking, int]] = {}
_CACHED_TYPES = (str, Ranking, int)


def _ranking_and_mask(ranking: RankingLike, wild_ranks: WildRanks) -> tuple[Ranking, int]:
    """Parsed ranking and wild mask, cached for the spellings callers repeat.

    Only exact str, Ranking and int arguments are cached, keyed with their types: ``1.0`` or
    ``True`` equal ``1`` but are not masks, so no answer depends on an earlier call.
    """
    key = (ranking, wild_ranks, type(ranking), type(wild_ranks))
    try:
        return _SETTINGS[key]  # only ever holds the cached types: a hit is a valid spelling
    except (KeyError, TypeError):  # not seen yet, or an unhashable iterable of ranks
        pass
    parsed = Ranking.parse(ranking), parse_rank_mask(wild_ranks)
    if type(ranking) in _CACHED_TYPES and type(wild_ranks) in _CACHED_TYPES \
            and len(_SETTINGS) < 1024:
        _SETTINGS[key] = parsed
    return parsed


def evaluate(cards: CardsLike, ranking: RankingLike = "high",
             wild_ranks: WildRanks = "") -> HandValue:
    """Evaluate 1 to 7 cards: the best five of 5 to 7, the showing strength of 1 to 4.

    ``cards`` is text (``"As Kd 7h"``, ``"10h"`` allowed, ``"Xx"`` a joker) or an iterable of
    tokens or ids. ``wild_ranks`` names ranks whose cards are wild (``"9"``, ``"39"``); jokers are
    always wild. Raises CardError (a ValueError) for unknown or duplicate cards and bad counts.

    >>> evaluate("9c 9d 2s", wild_ranks="9").category
    'three of a kind'
    >>> evaluate("Ah 2c 3d 4s 5h 9c Kd", ranking="razz").category
    'five low'
    """
    r, mask = _ranking_and_mask(ranking, wild_ranks)
    ids = parse_cards(cards)
    value = _core.eval_ids(ids, r.number, mask)
    return HandValue(value, r, ids, mask)


def thread_count(threads: Optional[int]) -> int:
    """How many threads a C call may use: ``None`` means one per CPU; at most 64 (the C core's
    limit, and what its ``int`` argument holds without overflow).

    >>> thread_count(1), thread_count(1000)
    (1, 64)
    """
    if threads is None:
        return min(os.cpu_count() or 1, 64)
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int or None, got {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    return min(threads, 64)


def evaluate_batch(hands: np.ndarray, ranking: RankingLike = "high",
                   wild_ranks: WildRanks = "", threads: Optional[int] = None,
                   out: Optional[np.ndarray] = None) -> np.ndarray:
    """Values of every row of a uint8 array of card ids with shape [N, k], k in 1..7.

    Returns a uint16 array [N] with ``result[i] == evaluate(hands[i], ...).value``. The GIL is
    released while the C loop runs. ``threads`` caps the threads that share a large array
    (``None``: one per CPU; slices under 16,384 hands are not worth a thread, so small arrays
    run on the calling thread; ``threads=1`` never starts one). The result does not depend on
    it. Non-contiguous input is copied; any other dtype than uint8 is a TypeError (convert with
    ``.astype(np.uint8)`` after checking the range yourself). A bad hand raises ``CardError``
    naming the first one. ``out``, a writeable C-contiguous uint16 array [N] that does not
    share memory with ``hands``, receives the values instead of a new array (a loop that
    reuses it skips the new array's page faults). Ctrl-C stops a batch of any size within a
    fraction of a second; ``out`` is then left as it was before the call.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)).tolist() == [
    ...     evaluate("As Ks Qs Js Ts").value]
    True
    """
    r, mask = _ranking_and_mask(ranking, wild_ranks)
    if not isinstance(hands, np.ndarray):
        raise TypeError(f"hands must be a numpy.ndarray of uint8, got {type(hands).__name__}")
    if hands.dtype != np.uint8:
        raise TypeError(f"hands must have dtype uint8, got {hands.dtype}")
    if hands.ndim != 2:
        raise ValueError(f"hands must be a 2-D array [N, k], got shape {hands.shape}")
    if not 1 <= hands.shape[1] <= 7:
        raise ValueError(f"hands must have 1 to 7 cards per row, got {hands.shape[1]}")
    count = thread_count(threads)
    hands = np.ascontiguousarray(hands)
    given = out is not None
    if out is None:
        out = np.empty(hands.shape[0], dtype=np.uint16)
    elif not isinstance(out, np.ndarray) or out.dtype != np.uint16:
        raise TypeError("out must be a numpy.ndarray of dtype uint16")
    elif out.shape != (hands.shape[0],) or not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"out must be a writeable contiguous array of shape ({hands.shape[0]},), "
                         f"got shape {out.shape}")
    elif np.may_share_memory(hands, out):  # both contiguous: overlapping bounds share bytes
        raise ValueError("out shares memory with hands: pass a separate output array")
    _core.eval_batch(hands, out, r.number, mask, count, given)
    return out


def category_of(value: int, ranking: RankingLike = "high") -> str:
    """Category name of a value (``HandValue.category`` of the hands with that value).

    ``value`` is an int (or NumPy integer) from 0 to ``max_value(ranking)``.

    >>> category_of(evaluate("As Ad").value)
    'one pair'
    >>> category_of(evaluate("Ah 2c 3d 4s 5h", "low8").value, "low8")
    'five low'
    """
    number = Ranking.parse(ranking).number
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"a value is an integer, got {value!r}")
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError(f"a value is an integer, got {value!r}") from None
    top = _core.max_value(number)
    if not 0 <= v <= top:
        raise ValueError(f"value {v} is not a value of ranking {Ranking.parse(ranking).value} "
                         f"(0 to {top})")
    return _core.value_name(number, v)


def max_value(ranking: RankingLike = "high") -> int:
    """The largest value of a ranking (five aces under high)."""
    return _core.max_value(Ranking.parse(ranking).number)


_ISA_VALUES = ("avx2", "portable")


def batch_kernel() -> str:
    """The build of the batch kernel that :func:`evaluate_batch` runs in this process.

    ``"avx512"``, ``"avx2"`` or ``"portable"``: the best build this CPU runs, capped by the
    environment variable ``STUD_FAST_ISA`` (``avx2`` or ``portable``; ``STUD_FAST_PORTABLE=1``
    also forces the portable loop) as read at the first batch. Every build gives the same
    values.

    >>> batch_kernel() in ("avx512", "avx2", "portable")
    True
    """
    return _core.batch_kernel()


def _check_isa_variable() -> None:
    """Warn once, at import, about a ``STUD_FAST_ISA`` the C core would silently ignore."""
    value = os.environ.get("STUD_FAST_ISA")
    if value and value not in _ISA_VALUES:
        warnings.warn(f"STUD_FAST_ISA={value!r} is not one of {', '.join(_ISA_VALUES)}, so it is "
                      f"ignored: the batch runs its {batch_kernel()} build",
                      RuntimeWarning, stacklevel=2)


_check_isa_variable()


# ---- the best five cards and the description -----------------------------------------------


def _ordered(cards: Iterable[int], ranking: Ranking) -> tuple[int, ...]:
    """Cards ordered for display: larger groups first, then by rank (aces low in low games)."""
    cards = list(cards)
    ranks = [c >> 2 for c in cards]

    def rank_key(r: int) -> int:
        return (-1 if r == 12 else r) if ranking.is_low else r

    counts = {r: ranks.count(r) for r in ranks}
    return tuple(sorted(cards, key=lambda c: (counts[c >> 2], rank_key(c >> 2), c & 3),
                        reverse=True))


def describe(hv: HandValue) -> str:
    """A readable description such as ``"Full house, kings over tens"``.

    >>> describe(evaluate("7h 6c 4d 2s Ah Kd Kc", "razz"))
    'Low, 7-6-4-2-A'
    """
    cat = hv.category
    if cat == "no low":
        return "No qualifying low"
    five = hv.best_five
    ranks = [c >> 2 for c in five]
    groups = sorted({r: ranks.count(r) for r in ranks}.items(),
                    key=lambda rc: (rc[1], -1 if hv.ranking.is_low and rc[0] == 12 else rc[0]),
                    reverse=True)
    top = groups[0][0]
    if hv.ranking.is_low and cat.endswith(" low"):
        order = sorted(ranks, key=lambda r: -1 if r == 12 else r, reverse=True)
        return "Low, " + "-".join("A" if r == 12 else "23456789TJQKA"[r] for r in order)
    if cat in ("straight", "straight flush"):
        rs = set(ranks)
        high = 3 if {12, 0, 1, 2, 3} <= rs else (8 if {12, 5, 6, 7, 8} <= rs else max(rs))
        if cat == "straight flush" and high == 12:
            return "Royal flush"
        return f"{cat.capitalize()}, {_RANK_NAMES[high]} high"
    if cat == "flush" or cat == "high card":
        return f"{cat.capitalize()}, {_RANK_NAMES[top]} high"
    if cat == "full house":
        return f"Full house, {_RANK_PLURALS[top]} over {_RANK_PLURALS[groups[1][0]]}"
    if cat == "two pair":
        return f"Two pair, {_RANK_PLURALS[top]} and {_RANK_PLURALS[groups[1][0]]}"
    return f"{cat.capitalize()}, {_RANK_PLURALS[top]}"
