"""Golden orderings: one md5 per ranking of a canonical hand set sorted by strength.

For each ranking (and a few wild-rank settings) a canonical set of hands is built:

* every five-card rank multiset of the ranking's deck (at most four of a rank), suited so
  that it is not a flush, and every one with five distinct ranks again as a flush;
* one joker plus every four-card rank multiset, unsuited and (distinct ranks) suited;
* every showing hand (docs/rules.md D5): each rank multiset of 1 to 4 cards, and each of
  1 to 3 cards plus a joker; and 1 to 5 lone jokers.

The hands are sorted weakest first, ties in the order of their card ids, written one per
line as card text ("2c 2d 3c 4c 5h"), and the text is hashed with md5.

How the constants were produced: ``python tests/test_golden.py`` prints, for every case,
the md5 of the set sorted by the REFERENCE keys (stud_fast/_reference.py, imported from its
file; the compiled library is not imported). The printed values were pasted into GOLDEN
below, so they do not depend on the code under test. The tests check that the reference
still gives them, and that sorting by the library's values gives them too.

Example:
    python tests/test_golden.py          # print the reference md5s
    python -m pytest tests/test_golden.py -q
"""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Callable, Sequence

import pytest


from stud_fast import _reference as ref  # the slow oracle, no C code

Hand = tuple[int, ...]

# (ranking, wild ranks as a string of rank characters)
CASES: list[tuple[str, str]] = [
    ("high", ""),
    ("short32", ""),
    ("razz", ""),
    ("low8", ""),
    ("high", "9"),
    ("short32", "9"),
    ("razz", "9"),
    ("low8", "3"),
]

# md5 of the canonical set of each case sorted by the reference (see the module docstring).
GOLDEN: dict[tuple[str, str], str] = {
    ('high', ''): 'fe8aad4a531816d5c3e7698103b6eb52',
    ('short32', ''): '300f909112ca387b20a296a682891646',
    ('razz', ''): 'cb2dc3a8cc5c73ca8207bc7ab2cfd7c0',
    ('low8', ''): '685f9db309b41b550ce405cae24b6170',
    ('high', '9'): '0e1e6086c07d2c32bf12120b878362b7',
    ('short32', '9'): '6679fac0cd52742c3d524e0310fe7959',
    ('razz', '9'): '6322eaf3b6b32e8afc68082e8c969b8e',
    ('low8', '3'): '995e4e5f82b4a287f6a17105b7253c2b',
}


def _spread(ranks: Sequence[int]) -> list[int]:
    """Cards of the rank indices, copies of one rank in suits c, d, h, s, in that order."""
    copies: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append(r * 4 + copies[r])
        copies[r] += 1
    return cards


def _not_flush(cards: list[int]) -> Hand:
    """The cards, with the first moved to the next suit if all five share one suit."""
    cards = list(cards)
    if len(cards) >= 4 and len({c % 4 for c in cards}) == 1:
        cards[0] += 1
    return tuple(cards)


@lru_cache(maxsize=None)
def canonical_hands(ranking: str) -> list[Hand]:
    """The canonical hand set of a ranking (the deck's ranks only), without duplicates.

    Example: ``len(canonical_hands("short32"))`` is a few thousand.
    """
    deck_ranks = range(5, 13) if ranking == "short32" else range(13)
    out: set[Hand] = set()
    for size in range(1, 6):
        for ranks in combinations_with_replacement(deck_ranks, size):
            if max(Counter(ranks).values()) > 4:
                continue
            cards = _spread(ranks)
            if size == 5:
                out.add(_not_flush(cards))
                if len(set(ranks)) == 5:
                    out.add(tuple(r * 4 + 2 for r in ranks))  # all hearts
            else:
                out.add(tuple(cards))
                # One joker more: a five-card hand for four cards, else a showing hand.
                out.add(_not_flush(cards) + (ref.JOKER,))
                if size == 4 and len(set(ranks)) == 4:
                    out.add(tuple(r * 4 + 3 for r in ranks) + (ref.JOKER,))  # four spades
    for jokers in range(1, 6):
        out.add((ref.JOKER,) * jokers)
    return sorted(out)


def golden_md5(hands: Sequence[Hand], strength: Callable[[Hand], object]) -> str:
    """md5 of the hands sorted by (strength, card ids), one card text line per hand."""
    ordered = sorted(hands, key=lambda h: (strength(h), h))
    text = "\n".join(ref.hand_text(h) for h in ordered) + "\n"
    return hashlib.md5(text.encode("ascii")).hexdigest()


def reference_md5(ranking: str, wild: str) -> str:
    """md5 of the canonical set of a case sorted by the reference keys."""
    mask = ref.wild_mask(wild)
    return golden_md5(canonical_hands(ranking), lambda h: ref.reference_key(h, ranking, mask)[1])


def _first_disagreement(ranking: str, wild: str, values: dict[Hand, int]) -> str:
    """A readable description of the first adjacent pair that the library orders wrongly."""
    mask = ref.wild_mask(wild)
    keys = {h: ref.reference_key(h, ranking, mask) for h in values}
    ordered = sorted(values, key=lambda h: (keys[h][1], h))
    for a, b in zip(ordered, ordered[1:]):
        tie = keys[a][1] == keys[b][1]
        if (values[a] == values[b]) != tie or values[a] > values[b]:
            return (
                f"{ranking} wild={wild!r}: reference says {ref.hand_text(a)!r} "
                f"({keys[a][0]}) {'ties' if tie else 'is weaker than'} {ref.hand_text(b)!r} "
                f"({keys[b][0]}); library values {values[a]} and {values[b]}"
            )
    return "no adjacent disagreement found"


@pytest.mark.parametrize("ranking, wild", CASES)
def test_reference_matches_golden(ranking: str, wild: str) -> None:
    """The reference still produces the recorded ordering."""
    assert reference_md5(ranking, wild) == GOLDEN[(ranking, wild)]


@pytest.mark.parametrize("ranking, wild", CASES)
def test_library_matches_golden(ranking: str, wild: str) -> None:
    """Sorting the canonical set by the library's values gives the recorded ordering."""
    import numpy as np

    import stud_fast

    hands = canonical_hands(ranking)
    values: dict[Hand, int] = {}
    by_size: dict[int, list[Hand]] = {}
    for h in hands:
        by_size.setdefault(len(h), []).append(h)
    for group in by_size.values():
        batch = stud_fast.evaluate_batch(np.array(group, dtype=np.uint8), ranking, wild)
        values.update(zip(group, (int(v) for v in batch)))
    got = golden_md5(hands, lambda h: values[h])
    assert got == GOLDEN[(ranking, wild)], _first_disagreement(ranking, wild, values)


if __name__ == "__main__":
    for _ranking, _wild in CASES:
        print(f"    ({_ranking!r}, {_wild!r}): {reference_md5(_ranking, _wild)!r},")
