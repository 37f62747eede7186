"""Exhaustive category counts through ``evaluate_batch`` (the C core's own run is test_c_core).

Every 5- and 7-card hand of the 52- and 32-card decks goes through the Python batch API, and the
categories are counted. The expected numbers are the published combinatorial counts (docs/rules.md
D1, D2); they are not produced by this library.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

import stud_fast
from stud_fast import CATEGORIES


def _colex_combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as rows, in colexicographic order (largest element last)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    parts = []
    for top in range(k - 1, n):
        rest = _colex_combinations(top, k - 1)
        parts.append(np.hstack([rest, np.full((len(rest), 1), top, dtype=np.uint8)]))
    return np.vstack(parts)


def _category_class(name: str) -> str:
    """The category of a shown name: an unpaired low ("seven low") is a high-card hand."""
    return "high card" if name.endswith(" low") and name != "no low" else name


def _category_table(ranking: str) -> np.ndarray:
    """Category index of every value of a ranking, for np.bincount."""
    top = stud_fast.max_value(ranking)
    return np.array([CATEGORIES.index(_category_class(stud_fast.category_of(v, ranking)))
                     if v or ranking == "low8" else 0 for v in range(top + 1)], dtype=np.int64)


def _counts(deck: np.ndarray, k: int, ranking: str) -> tuple[dict[str, int], int]:
    """Category counts and distinct values over all k-card hands of `deck`, in chunks.

    The hands are produced as: two lowest cards fixed, the other k-2 drawn from the cards above
    them, so each chunk is a prefix of one colex table shifted up.
    """
    n = len(deck)
    combos = _colex_combinations(n, k - 2)
    cat_of = _category_table(ranking)
    counts = np.zeros(len(CATEGORIES), dtype=np.int64)
    seen = np.zeros(len(cat_of), dtype=bool)
    total = 0
    for a in range(n):
        for b in range(a + 1, n):
            m = n - b - 1
            if m < k - 2:
                continue
            rest = combos[:comb(m, k - 2)] + (b + 1)
            idx = np.empty((len(rest), k), dtype=np.uint8)
            idx[:, 0] = a
            idx[:, 1] = b
            idx[:, 2:] = rest
            values = stud_fast.evaluate_batch(deck[idx], ranking)
            counts += np.bincount(cat_of[values], minlength=len(CATEGORIES))
            seen[values] = True
            total += len(values)
    assert total == comb(n, k)
    return {CATEGORIES[i]: int(c) for i, c in enumerate(counts) if c}, int(seen.sum())


DECK52 = np.arange(52, dtype=np.uint8)
DECK32 = np.arange(20, 52, dtype=np.uint8)


def test_D1_high_five_cards() -> None:
    counts, distinct = _counts(DECK52, 5, "high")
    assert counts == {
        "straight flush": 40, "four of a kind": 624, "full house": 3744, "flush": 5108,
        "straight": 10200, "three of a kind": 54912, "two pair": 123552,
        "one pair": 1098240, "high card": 1302540}
    assert distinct == 7462


@pytest.mark.slow
def test_D1_high_seven_cards() -> None:
    counts, distinct = _counts(DECK52, 7, "high")
    assert counts == {
        "straight flush": 41584, "four of a kind": 224848, "full house": 3473184,
        "flush": 4047644, "straight": 6180020, "three of a kind": 6461620,
        "two pair": 31433400, "one pair": 58627800, "high card": 23294460}
    assert distinct == 4824


def test_D2_short32_five_cards() -> None:
    counts, _ = _counts(DECK32, 5, "short32")
    assert counts == {
        "straight flush": 20, "four of a kind": 224, "full house": 1344, "flush": 204,
        "straight": 5100, "three of a kind": 10752, "two pair": 24192, "one pair": 107520,
        "high card": 52020}


def test_D2_short32_seven_cards() -> None:
    counts, _ = _counts(DECK32, 7, "short32")
    assert sum(counts.values()) == comb(32, 7)
    # Straight flushes: 5 straights x 4 suits, plus the two other cards from the remaining
    # 27, less the hands that hold the next-higher straight flush of the same suit (counted
    # there): the top straight has no higher neighbour.
    sf = 0
    for s in range(5):
        sf += 4 * (comb(27, 2) - (0 if s == 4 else 26))
    assert counts["straight flush"] == sf
    # Four of a kind: 8 ranks, any 3 of the other 28 cards. Seven cards cannot hold quads and
    # a straight flush (they share at most one card: 4 + 5 - 1 > 7) nor two sets of quads.
    assert counts["four of a kind"] == 8 * comb(28, 3)


def test_D6_low8_five_cards() -> None:
    counts, distinct = _counts(DECK52, 5, "low8")
    # 56 sets of five distinct ranks among A-8, four suits each
    assert counts["high card"] == comb(8, 5) * 4 ** 5
    assert counts["no low"] == comb(52, 5) - comb(8, 5) * 4 ** 5
    assert distinct == 57


def test_D6_razz_five_cards() -> None:
    counts, distinct = _counts(DECK52, 5, "razz")
    # without straights and flushes every unpaired hand is a 'high card' low
    assert counts["high card"] == comb(13, 5) * 4 ** 5
    assert counts["one pair"] == 1098240
    assert distinct == comb(17, 5) - 13  # every rank multiset but five of a kind
