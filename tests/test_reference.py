"""Tests of the pure-Python reference evaluator (stud_fast/_reference.py) against known facts.

The reference is the oracle of test_against_reference.py and test_golden.py, so it is
checked here on its own, against hand-picked facts of docs/rules.md D1, D2, D4, D5, D6 and
against exact category counts. These tests do not need the compiled extension: the
module is loaded straight from its file.

Example:
    python -m pytest tests/test_reference.py -q
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Sequence

import pytest


from stud_fast import _reference as ref  # the slow oracle, no C code


def key(text: str, ranking: str = "high", wild: str = "") -> tuple:
    """Reference key of a hand text, e.g. ``key("As Ks")``."""
    return ref.reference_key(ref.parse_cards(text), ranking, ref.wild_mask(wild))[1]


def cat(text: str, ranking: str = "high", wild: str = "") -> str:
    """Reference category of a hand text, e.g. ``cat("As Ah") == "one pair"``."""
    return ref.reference_key(ref.parse_cards(text), ranking, ref.wild_mask(wild))[0]


def assert_increasing(texts: Sequence[str], ranking: str = "high", wild: str = "") -> None:
    """Each hand is strictly stronger than the one before it."""
    keys = [key(t, ranking, wild) for t in texts]
    for (t1, k1), (t2, k2) in zip(zip(texts, keys), zip(texts[1:], keys[1:])):
        assert k1 < k2, f"{t1!r} should be weaker than {t2!r} under {ranking}"


# --------------------------------------------------------------------------- card text


def test_card_ids_match_cards_h() -> None:
    assert ref.card_id("2c") == 0
    assert ref.card_id("2d") == 1
    assert ref.card_id("3c") == 4
    assert ref.card_id("7c") == 20
    assert ref.card_id("Ac") == 48
    assert ref.card_id("As") == 51
    assert ref.card_id("Xx") == ref.JOKER == 52
    assert [ref.card_text(c) for c in range(53)] == [
        r + s for r in "23456789TJQKA" for s in "cdhs"
    ] + ["Xx"]
    assert ref.wild_mask("9") == 1 << 7
    assert ref.wild_string(ref.wild_mask("A3")) == "3A"
    assert ref.deck("short32") == list(range(20, 52))


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    "cards, ranking, wild",
    [
        ([], "high", 0),
        (list(range(8)), "high", 0),
        ([53], "high", 0),
        ([-1], "high", 0),
        ([19], "short32", 0),  # 6s is not in the 32-card deck
        ([0, 4, 8, 12, 48], "short32", 0),  # A-2-3-4-5 does not exist there
        ([51], "omaha", 0),
        ([51], "high", 1 << 13),
    ],
)
def test_rejects_bad_input(cards: list[int], ranking: str, wild: int) -> None:
    with pytest.raises(ValueError):
        ref.reference_key(cards, ranking, wild)


def test_repeated_cards_are_valued_as_they_stand() -> None:
    # The library rejects them; the reference values them (what a wild duplicate gives).
    assert key("As Ks Qs 9s Xx") == key("As As Ks Qs 9s")
    assert cat("As As Ks Qs Js") == "flush"
    assert key("As As Ks Qs Js") > key("As Ks Qs Js 9s")
    assert cat("As As As As As") == "five of a kind"
    assert cat("As As Ks Ks Ks") == "full house"
    assert cat("As As Ks Ks Ks", "short32") == "flush"


def test_jokers_may_repeat() -> None:
    assert cat("Xx Xx Xx Xx Xx Xx Xx") == "five of a kind"
    assert cat("Xx Xx Xx Xx") == "four of a kind"


# --------------------------------------------------------------------------- D1 high


def test_high_category_ladder() -> None:
    assert_increasing(
        [
            "7c 5d 4h 3s 2c",  # the worst high card
            "Ac Kd Qh Js 9c",
            "2c 2d 3h 4s 5c",
            "Ac Ad Kh Qs Jc",
            "2c 2d 3h 3s 4c",
            "Ac Ad Kh Ks Qc",
            "2c 2d 2h 3s 4c",
            "Ac Ad Ah Ks Qc",
            "Ac 2d 3h 4s 5c",  # the lowest straight
            "2c 3d 4h 5s 6c",
            "Tc Jd Qh Ks Ac",
            "7c 5c 4c 3c 2c",  # the lowest flush
            "Ac Kc Qc Jc 9c",
            "2c 2d 2h 3s 3c",
            "Ac Ad Ah Ks Kc",
            "2c 2d 2h 2s 3c",
            "Ac Ad Ah As Kc",
            "Ac 2c 3c 4c 5c",  # the lowest straight flush
            "Ts Js Qs Ks As",  # royal flush
            "2c 2d 2h 2s Xx",  # five of a kind (D4)
            "Ac Ad Ah As Xx",
        ]
    )


def test_high_named_facts() -> None:
    assert key("As Ks Qs Js Ts") > key("Ac Ad Ah As Kc")  # royal flush > four aces
    assert key("Ac Ad Ah As Xx") > key("As Ks Qs Js Ts")  # five aces > royal flush
    assert cat("As Ks Qs Js Ts") == "straight flush"
    assert cat("Ac 2d 3h 4s 5c") == "straight"
    assert cat("Qc Kd Ah 2s 3c") == "high card"  # no wrap-around straight
    assert key("Ac 2d 3h 4s 5c") < key("2c 3d 4h 5s 6c")


def test_high_kickers_and_ties() -> None:
    assert key("Ac Ad Kh Qs Jc") == key("Ah As Kc Qd Jh")  # suits never break ties
    assert key("Ac Ad Kh Qs Jc") > key("Ac Ad Kh Qs Tc")
    assert key("Kc Kd 5h 5s Ac") < key("Kc Kd 6h 6s 2c")  # second pair before kicker
    assert key("Kc Kd 6h 6s 2c") < key("Kh Ks 6c 6d 3c")
    assert key("3c 3d 3h 2s 2c") > key("2c 2d 2h As Ac")  # trips before pair
    assert key("Ac Kc Qc Jc 9c") > key("Ad Kd Qd Jd 8d")
    assert key("Ac Kc 4c 3c 2c") > key("Kd Qd Jd Td 8d")


def test_best_five_of_seven() -> None:
    assert cat("Ac Kc Qc Jc Tc 2d 2h") == "straight flush"
    assert key("Ac Ad Kh Ks Qc Qd 2h") == key("Ac Ad Kh Ks Qc")  # third pair is a kicker
    assert key("Ac Ad Ah Ks Kc Kd 2h") == key("Ac Ad Ah Ks Kc")
    assert key("Ac 2d 3h 4s 5c 5d 5h") == key("Ac 2d 3h 4s 5c")  # the wheel beats trips
    assert key("2c 3c 4c 5c 7c 6d Ad") == key("2c 3c 4c 5c 7c")  # flush beats straight
    assert key("9c 9d 9h 2s 2c 3d 3h") == key("9c 9d 9h 3d 3h")  # best pair in the boat


# --------------------------------------------------------------------------- D2 short32


def test_short32_flush_beats_full_house() -> None:
    assert key("7c 8c 9c Jc Kc", "short32") > key("Ac Ad Ah Ks Kc", "short32")
    assert key("7c 8c 9c Jc Kc", "short32") < key("7c 7d 7h 7s 8c", "short32")
    assert key("7c 8c 9c Jc Kc", "high") < key("Ac Ad Ah Ks Kc", "high")
    assert cat("Ah Kh Qh 9h 7h Ac Kd", "short32") == "flush"


def test_short32_ladder() -> None:
    assert_increasing(
        [
            "Jc 9d 8h 7s Qc",  # not a straight
            "Ac 7d 8h 9s Tc",  # A-7-8-9-T, the lowest straight
            "7c 8d 9h Ts Jc",
            "Tc Jd Qh Ks Ac",
            "Ac Ad Ah Ks Kc",
            "7c 8c 9c Jc Kc",  # flush above full house
            "7c 7d 7h 7s 8c",
            "Ac 7c 8c 9c Tc",
            "Tc Jc Qc Kc Ac",
            "Ac Ad Ah As Xx",
        ],
        "short32",
    )


def test_short32_wilds_only_stand_for_seven_to_ace() -> None:
    # Ac 7d 8h 9s + wild: a T makes A-7-8-9-T in short32; in the full deck no straight.
    assert cat("Ac 7d 8h 9s Xx", "short32") == "straight"
    assert cat("Ac 7d 8h 9s Xx", "high") == "one pair"
    # 7 8 9 T + wild: the wild cannot be a six, so the straight is 7-J (top J) in short32.
    assert key("7c 8d 9h Ts Xx", "short32") == key("7c 8d 9h Ts Jc", "short32")
    assert key("7c 8d 9h Ts Xx", "high") == key("7c 8d 9h Ts Jc", "high")
    assert key("Xx", "short32") == key("Ac", "short32")


# --------------------------------------------------------------------------- D4 wilds


def test_wild_duplicates_a_held_card() -> None:
    # As Ks Qs 9s + wild: A-A-K-Q-9 flush (a duplicate ace) beats A-K-Q-J-9.
    assert cat("As Ks Qs 9s Xx") == "flush"
    assert key("As Ks Qs 9s Xx") > key("Ac Kc Qc Jc 9c")
    assert key("As Ks Qs 9s Xx") == key("As Ks Qs 9s 8h Xx")
    assert cat("Ac Ad Ah As Xx") == "five of a kind"
    assert key("Ac Ad Ah As Xx") == key("Xx Xx Xx Xx Xx")
    assert key("As Ks Qs Js Xx") == key("As Ks Qs Js Ts")


def test_wild_ranks() -> None:
    # Nines wild (baseball).
    assert cat("9c Ad Ah Ks Kc", wild="9") == "full house"
    assert cat("9c 9d Ah Ks Kc", wild="9") == "four of a kind"
    assert key("9c 9d Ah Ks Kc", wild="9") == key("Kc Kd Kh Ks Ac")  # not A-A-A-A-K
    assert cat("9s As Ks Qs 8s", wild="9") == "flush"
    assert key("9s As Ks Qs 8s", wild="9") > key("As Ks Qs Js 8s")
    assert cat("9s As Ks Qs Js", wild="9") == "straight flush"
    assert key("9s 3d As Ks Qs 7h 2c", wild="39") == key("As Ks Qs Js Ts")
    assert key("9s 9d 3d 3h Ac 2c 5d", wild="39") == key("Ac Ad Ah As Xx")
    # A wild nine need not play as a nine; without the mask it is natural.
    assert cat("9c 9d Ah Ks Kc") == "two pair"


def test_wild_in_seven_cards() -> None:
    assert key("Xx 2c 3d 4h 5s 9c Kd") == key("2c 3d 4h 5s 6c")  # a six, not an ace
    assert key("Xx 7d 8h 9s Jc 2c 3d") == key("7d 8h 9s Tc Jc")  # the gap is filled
    # No four of any five consecutive ranks and no four suited: the wild pairs the jack.
    assert key("Xx 2c 7d 9h Js 4c 5d") == key("Jc Js 9h 7d 5d")
    # Two wilds with 7, 9, J make the straight 7-J, which beats three jacks.
    assert key("Xx Xx 2c 7d 9h Js 4c") == key("7d 8c 9h Tc Js")


# --------------------------------------------------------------------------- D5 showing


def test_showing_hands() -> None:
    assert key("Ks As") > key("Qs Jh")  # K-A beats Q-J
    assert key("2c 2d") > key("As Kh")  # any pair beats two unpaired cards
    assert key("Ac Ad") < key("Ac Ad 2c")  # a missing kicker is lower than any rank
    assert key("Ac Kd") < key("Ac Kd 2c 3h 4s")
    assert key("Ac Kd") > key("Ac Qd Js Th 9h")
    assert key("Ac") < key("Ac 2d")
    assert cat("As Ks Qs Js") == "high card"  # no straights, no flushes
    assert cat("Xx 7h") == "one pair"
    assert key("Xx 7h") == key("7c 7h")
    assert key("Xx") == key("Ah")  # a lone wild is an ace
    assert key("Xx Xx Xx Xx") == key("Ac Ad Ah As")
    assert key("Xx Xx Xx 7h") == key("7c 7d 7h 7s")
    assert key("9c 7h", wild="9") == key("7c 7h")
    assert cat("Ac Ad Kh Ks") == "two pair"
    assert key("Ac Ad Kh Ks") < key("Ac Ad Kh Ks 2c")
    assert cat("5c 5d 5h") == "three of a kind"
    assert key("5c 5d 5h") > key("Ac Ad Kh Ks")


def test_showing_hands_razz_and_low8() -> None:
    assert key("Ac", "razz") > key("2c", "razz")
    assert key("Ac", "razz") > key("Ac 2d", "razz")  # a missing kicker beats an ace
    assert key("Kc Qd", "razz") > key("Ac Ad", "razz")  # any pair is worse
    assert key("Xx", "razz") == key("Ac", "razz")
    assert key("Xx 2c", "razz") == key("Ac 2c", "razz")
    assert key("4c 3d 2h Ac", "razz") > key("5c 4d 3h 2s Ac", "razz")
    for text in ("Ac", "Ac 2d 3h 4s", "Xx Xx"):
        assert cat(text, "low8") == "no low"
        assert key(text, "low8") == key("Kc Kd Kh Ks Qc", "low8")


# --------------------------------------------------------------------------- D6 low


def test_razz_order() -> None:
    assert_increasing(
        [
            "Kc Kd Kh Ks Qc",  # four of a kind: the worst
            "Ac Ad Ah As 2c",
            "Kc Kd Kh Qs Qc",
            "Ac Ad Ah 2s 2c",
            "Kc Kd Kh Qs Jc",
            "Ac Ad Ah 2s 3c",
            "Kc Kd Qh Qs Jc",
            "Ac Ad 2h 2s 3c",
            "Kc Kd Qh Js Tc",
            "Ac Ad 2h 3s 4c",
            "Kc Qd Jh Ts 8c",
            "6c 5d 4h 3s 2c",
            "6c 4d 3h 2s Ac",
            "5s 4s 3s 2s As",  # the wheel, straight and flush ignored: the best
        ],
        "razz",
    )
    assert cat("5s 4s 3s 2s As", "razz") == "high card"
    assert cat("Kc Kd Kh Ks Qc", "razz") == "four of a kind"
    assert key("Ac Ad Ah 2c 2d 3h 4s", "razz") == key("Ac 2c 3h 4s Ad", "razz")
    assert key("Ac 2c 3c 4c 5c 6c 7c", "razz") == key("Ad 2d 3d 4d 5d", "razz")
    assert key("Kc Kd Kh Ks Qc Qd Qh", "razz") == key("Qc Qd Qh Ks Kc", "razz")
    assert key("Xx 2c 3d 4h 5s", "razz") == key("Ac 2c 3d 4h 5s", "razz")
    assert key("Xx Xx Xx Xx Xx", "razz") == key("Ac 2c 3d 4h 5s", "razz")


def test_low8_qualifier() -> None:
    assert cat("8c 7d 6h 5s 4c", "low8") == "high card"
    assert cat("9c 4d 3h 2s Ac", "low8") == "no low"
    assert cat("Ac Ad 2h 3s 4c", "low8") == "no low"
    assert key("8c 7d 6h 5s 4c", "low8") > key("Kc Qd Jh Ts 9c", "low8")
    assert key("Kc Qd Jh Ts 9c", "low8") == key("Ac Ad Ah As Kc", "low8")
    assert key("5c 4d 3h 2s Ac", "low8") > key("6c 4d 3h 2s Ac", "low8")
    assert key("5c 4d 3h 2s Ac 9c Kd", "low8") == key("5c 4d 3h 2s Ac", "low8")
    assert key("8c 8d 7h 6s 5c 4d Kh", "low8") == key("8c 7h 6s 5c 4d", "low8")
    assert cat("8c 8d 7h 7s 6c 6d 5h", "low8") == "no low"
    assert key("Xx 7d 6h 5s 4c", "low8") == key("Ac 7d 6h 5s 4c", "low8")
    assert cat("Xx Xx 9d Th Js", "low8") == "no low"


# --------------------------------------------------------------------------- internals


def _naive_best(cards: list[int], ranking: str, wild_ranks: int) -> tuple:
    """Brute force without the suit shortcut: every wild tries every card of the deck."""
    wilds = [i for i, c in enumerate(cards) if c == ref.JOKER or wild_ranks >> (c // 4) & 1]
    best = None
    for subs in itertools.product(ref.deck(ranking), repeat=len(wilds)):
        hand = list(cards)
        for i, c in zip(wilds, subs):
            hand[i] = c
        for five in itertools.combinations(hand, 5):
            result = ref._five_key(tuple(sorted(five)), ranking)
            if best is None or result[1] > best[1]:
                best = result
    return best


def test_suit_shortcut_matches_full_substitution() -> None:
    """The reference's restricted wild suits give what trying all 52 cards gives."""
    rng = random.Random(20240611)
    for ranking in ref.RANKINGS:
        d = ref.deck(ranking)
        for _ in range(25):
            n = rng.choice((5, 6))
            jokers = rng.choice((1, 1, 2)) if n == 5 else 1
            # Favour flush draws: mostly one suit.
            suit = rng.randrange(4)
            pool = [c for c in d if c % 4 == suit] if rng.random() < 0.6 else d
            cards = rng.sample(pool, n - jokers) + [ref.JOKER] * jokers
            got = ref.reference_key(cards, ranking)
            assert got == _naive_best(cards, ranking, 0), (ref.hand_text(cards), ranking)


# --------------------------------------------------------------------------- counts


def test_short32_category_counts() -> None:
    """All 201,376 five-card hands of the 32-card deck, counted by category."""
    every_hand = itertools.combinations(ref.deck("short32"), 5)
    counts: Counter[str] = Counter(ref.reference_key(hand, "short32")[0] for hand in every_hand)
    assert counts == {
        "straight flush": 20,
        "four of a kind": 224,
        "full house": 1344,
        "flush": 204,
        "straight": 5100,
        "three of a kind": 10752,
        "two pair": 24192,
        "one pair": 107520,
        "high card": 52020,
    }


def _spread_hand(ranks: Sequence[int]) -> list[int]:
    """Cards of the given rank indices, copies of a rank in different suits, never a flush."""
    copies: Counter[int] = Counter()
    hand = []
    for r in ranks:
        hand.append(r * 4 + copies[r])
        copies[r] += 1
    if len(hand) == 5 and len({c % 4 for c in hand}) == 1:
        hand[0] += 1
    return hand


def test_high_rank_class_counts() -> None:
    """Distinct values of 5-card high hands: the well-known 7,462 equivalence classes."""
    seen = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        seen.add(ref.reference_key(_spread_hand(ranks), "high")[1])
        if len(set(ranks)) == 5:
            seen.add(ref.reference_key([r * 4 + 3 for r in ranks], "high")[1])
    assert len(seen) == 7462


def test_razz_rank_class_counts() -> None:
    """Razz ignores suits: one value per rank multiset, 6,175 of them."""
    seen = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        value = ref.reference_key(_spread_hand(ranks), "razz")[1]
        seen.add(value)
        if len(set(ranks)) == 5:
            assert ref.reference_key([r * 4 + 3 for r in ranks], "razz")[1] == value
    assert len(seen) == 6175


def test_low8_rank_class_counts() -> None:
    """Eight-or-better: the 56 five-distinct-ranks-up-to-eight lows, plus "no low"."""
    seen = set()
    qualifying = 0
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        name, value = ref.reference_key(_spread_hand(ranks), "low8")
        seen.add(value)
        qualifying += name == "high card"
    assert qualifying == 56
    assert len(seen) == 57
