"""Property tests: stud_fast's C evaluator agrees with the pure-Python reference.

For every ranking, with and without jokers and wild ranks, hypothesis draws lists of
hands of 1 to 7 cards (mixed sizes: values of one ranking are comparable across sizes)
and checks, against stud_fast._reference (docs/rules.md D1, D2, D4, D5, D6):

* ``evaluate(...).category`` is the reference category;
* order isomorphism: for every pair of hands, ``sign(v1 - v2) == sign(k1 vs k2)``, and
  the HandValue comparison operators agree;
* ``evaluate_batch`` returns exactly ``evaluate(...).value`` for every hand.

Half of the hands come from a "focused" sub-deck (few ranks, few suits), so that pairs,
trips, quads, straights, flushes and ties are common.

Example:
    python -m pytest tests/test_against_reference.py -q
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stud_fast


from stud_fast import _reference as ref  # the slow oracle, no C code

Hand = list[int]

# (jokers allowed, wild ranks drawn)
WILD_SETTINGS = [
    pytest.param(False, False, id="plain"),
    pytest.param(True, False, id="jokers"),
    pytest.param(False, True, id="wild_ranks"),
    pytest.param(True, True, id="jokers_and_wild_ranks"),
]

# Fixed hands across every category, compared with every drawn hand: random lists rarely
# hold, say, both a flush and a full house, so these make every category boundary count.
_HIGH_ANCHORS = """
    2c | Ac | Kc Ad | 2c 2d | Ac Ad Kc | Ac Ad Kh Ks | 5c 5d 5h | Ac Ad Ah As | Xx | Xx Xx
    7c 5d 4h 3s 2c | Ac Kd Qh Js 9c | 2c 2d 3h 4s 5c | Ac Ad Kh Qs Jc | 2c 2d 3h 3s 4c
    Ac Ad Kh Ks Qc | 2c 2d 2h 3s 4c | Ac Ad Ah Ks Qc | Ac 2d 3h 4s 5c | 2c 3d 4h 5s 6c
    Tc Jd Qh Ks Ac | 7c 5c 4c 3c 2c | Ac Kc Qc Jc 9c | 2c 2d 2h 3s 3c | Ac Ad Ah Ks Kc
    2c 2d 2h 2s 3c | Ac Ad Ah As Kc | Ac 2c 3c 4c 5c | Ts Js Qs Ks As | 2c 2d 2h 2s Xx
    Ac Ad Ah As Xx | 8c 7d 6h 5s 4c | 5c 4d 3h 2s Ac | 6c 4d 3h 2s Ac | Kc Qd Jh Ts 8c
    6c 5d 4h 3s 2c | 8c 6d 4h 2s Ac | 9c 4d 3h 2s Ac | 4c 3d 2h Ac | 5s 4s 3s 2s As
"""
_SHORT32_ANCHORS = """
    7c | Ac | Kc Ad | 7c 7d | Ac Ad Kc | Ac Ad Kh Ks | 8c 8d 8h | Ac Ad Ah As | Xx | Xx Xx
    Qc Td 9h 8s 7c | Ac Kd Qh Js 9c | 7c 7d 8h 9s Tc | Ac Ad Kh Qs Jc | 7c 7d 8h 8s 9c
    Ac Ad Kh Ks Qc | 7c 7d 7h 8s 9c | Ac Ad Ah Ks Qc | Ac 7d 8h 9s Tc | 7c 8d 9h Ts Jc
    Tc Jd Qh Ks Ac | 7c 7d 7h 8s 8c | Ac Ad Ah Ks Kc | Qc Tc 9c 8c 7c | Ac Kc Qc Jc 9c
    7c 7d 7h 7s 8c | Ac Ad Ah As Kc | Ac 7c 8c 9c Tc | Ts Js Qs Ks As | 7c 7d 7h 7s Xx
    Ac Ad Ah As Xx
"""


def anchors(ranking: str) -> list[Hand]:
    """The fixed comparison hands of a ranking (see _HIGH_ANCHORS)."""
    text = _SHORT32_ANCHORS if ranking == "short32" else _HIGH_ANCHORS
    return [ref.parse_cards(h) for h in text.replace("\n", "|").split("|") if h.strip()]


SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _deck_ranks(ranking: str) -> list[int]:
    return list(range(5, 13)) if ranking == "short32" else list(range(13))


@st.composite
def hands(draw: st.DrawFn, ranking: str, jokers: bool) -> Hand:
    """One hand of 1..7 distinct cards of the ranking's deck, plus jokers if allowed.

    Example: ``hands("short32", True).example()`` might be ``[52, 48, 33, 20]``.
    """
    size = draw(st.integers(min_value=1, max_value=7))
    n_jokers = draw(st.integers(min_value=0, max_value=min(size, 3))) if jokers else 0
    deck = ref.deck(ranking)
    if draw(st.booleans()):
        # Focused sub-deck: a few ranks and suits, big enough for the hand.
        ranks = draw(
            st.lists(st.sampled_from(_deck_ranks(ranking)), min_size=2, max_size=6, unique=True)
        )
        suits = draw(st.lists(st.sampled_from(range(4)), min_size=1, max_size=4, unique=True))
        pool = [r * 4 + s for r in ranks for s in suits]
        if len(pool) >= size - n_jokers:
            deck = sorted(pool)
    naturals = draw(
        st.lists(
            st.sampled_from(deck),
            min_size=size - n_jokers,
            max_size=size - n_jokers,
            unique=True,
        )
    )
    return draw(st.permutations(naturals + [ref.JOKER] * n_jokers))


def wild_masks(ranking: str, enabled: bool) -> st.SearchStrategy[int]:
    """A 13-bit mask of one or two wild ranks of the ranking's deck (0 if disabled)."""
    if not enabled:
        return st.just(0)
    return st.lists(
        st.sampled_from(_deck_ranks(ranking)), min_size=1, max_size=2, unique=True
    ).map(lambda ranks: sum(1 << r for r in ranks))


def _sign(x: int) -> int:
    """-1, 0 or 1: ``_sign(-7) == -1``."""
    return (x > 0) - (x < 0)


def _compare(a: tuple, b: tuple) -> int:
    """Three-way comparison of reference keys: ``_compare((1,), (2,)) == -1``."""
    return (a > b) - (a < b)


_LOW_NAMES = ("ace", "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")


def shown_category(ranking: str, name: str, key: tuple) -> str:
    """The category the library shows for a reference result: an unpaired low is named by its
    highest card (the reference key's first tiebreak, negated ace-low value 1..13)."""
    if ranking in ("razz", "low8") and name == "high card":
        return f"{_LOW_NAMES[-key[1][0] - 1]} low"
    return name


def check_agreement(hand_list: list[Hand], ranking: str, mask: int) -> None:
    """Category, order isomorphism and batch checks for hands of one ranking and mask.

    The ranking's anchor hands are added to the list, so every hand is also compared
    with hands of every category.
    """
    hand_list = list(hand_list) + anchors(ranking)
    wild = ref.wild_string(mask)
    results = [stud_fast.evaluate(h, ranking=ranking, wild_ranks=wild) for h in hand_list]
    refs = [ref.reference_key(h, ranking, mask) for h in hand_list]

    def where(i: int) -> str:
        return (
            f"hand {ref.hand_text(hand_list[i])!r} ranking={ranking} wild_ranks={wild!r}: "
            f"library value={results[i].value} category={results[i].category!r}, "
            f"reference category={refs[i][0]!r} key={refs[i][1]}"
        )

    for i, (hv, (name, key)) in enumerate(zip(results, refs)):
        assert hv.category == shown_category(ranking, name, key), where(i)
        as_text = stud_fast.evaluate(ref.hand_text(hand_list[i]), ranking=ranking, wild_ranks=wild)
        assert as_text.value == hv.value, f"text input differs: {where(i)}"
        # .ranking is the ranking's name, or an Enum whose value is that name.
        assert getattr(hv.ranking, "value", hv.ranking) == ranking, where(i)

    for i in range(len(hand_list)):
        for j in range(i + 1, len(hand_list)):
            expected = _compare(refs[i][1], refs[j][1])
            got = _sign(results[i].value - results[j].value)
            assert got == expected, f"order differs:\n  {where(i)}\n  {where(j)}"
            assert (results[i] < results[j]) == (expected < 0), where(i)
            assert (results[i] == results[j]) == (expected == 0), where(i)
            assert (results[i] > results[j]) == (expected > 0), where(i)

    by_size: dict[int, list[int]] = defaultdict(list)
    for i, h in enumerate(hand_list):
        by_size[len(h)].append(i)
    for size, indices in by_size.items():
        array = np.array([hand_list[i] for i in indices], dtype=np.uint8).reshape(-1, size)
        batch = stud_fast.evaluate_batch(array, ranking, wild)
        assert batch.shape == (len(indices),) and batch.dtype == np.uint16
        for position, i in enumerate(indices):
            assert int(batch[position]) == results[i].value, f"batch differs: {where(i)}"


@pytest.mark.parametrize("ranking", ref.RANKINGS)
@pytest.mark.parametrize("jokers, wild_ranks", WILD_SETTINGS)
@SETTINGS
@given(data=st.data())
def test_agrees_with_reference(
    ranking: str, jokers: bool, wild_ranks: bool, data: st.DataObject
) -> None:
    """Random lists of hands: categories, order and batch values match the reference."""
    mask = data.draw(wild_masks(ranking, wild_ranks), label="wild mask")
    hand_list = data.draw(st.lists(hands(ranking, jokers), min_size=2, max_size=6), label="hands")
    check_agreement(hand_list, ranking, mask)


@pytest.mark.parametrize("ranking", ref.RANKINGS)
@pytest.mark.parametrize("size", [1, 2, 5])
def test_same_size_lists(ranking: str, size: int) -> None:
    """Deterministic sweep: hands of one size with a joker, sorted by the reference."""
    deck = ref.deck(ranking)
    hand_list: list[Hand] = []
    step = 7 if ranking == "short32" else 11
    for start in range(0, len(deck), 3):
        hand = [deck[(start + k * step) % len(deck)] for k in range(size)]
        if len(set(hand)) == size:
            hand_list.append(hand)
    hand_list.append([ref.JOKER] + hand_list[0][1:])
    check_agreement(hand_list, ranking, 0)
