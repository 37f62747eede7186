"""The best five from the C core against the pure-Python reference evaluator (issue 9, item 5).

For every ranking, every hand size from 1 to 7 and 0 to 7 wild cards (jokers and cards of wild
ranks), the five cards ``HandValue.best_five`` shows, valued by the reference evaluator as
concrete cards (it takes duplicates, docs/rules.md D4), are worth exactly what the reference gives
the whole hand; they keep every natural card they can, and no card shows twice unless only a
duplicate reaches the value.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import stud_fast
from stud_fast import _reference as ref

RANKINGS = ("high", "short32", "razz", "low8")
NINES = 1 << 7  # a wild rank in both decks


def _hands(ranking: str, wilds: int, seed: int, count: int) -> list[list[int]]:
    """Random hands of max(1, wilds) to 7 cards holding exactly `wilds` wild cards: jokers and
    nines (nines wild), the rest natural cards drawn from a few ranks so groups are common."""
    rng = np.random.default_rng(seed)
    deck = [c for c in ref.deck(ranking) if c >> 2 != 7]
    nines = [c for c in range(28, 32)]
    hands = []
    for _ in range(count):
        n = int(rng.integers(max(1, wilds), 8))
        held_nines = int(rng.integers(0, min(wilds, 4) + 1))
        few = rng.choice(deck, size=min(len(deck), 16), replace=False)
        naturals = rng.choice(few, size=n - wilds, replace=False).tolist()
        wild = rng.choice(nines, size=held_nines, replace=False).tolist()
        wild += [stud_fast.JOKER] * (wilds - held_nines)
        cards = naturals + wild
        rng.shuffle(cards)
        hands.append([int(c) for c in cards])
    return hands


@pytest.mark.parametrize("wilds", range(8))
@pytest.mark.parametrize("ranking", RANKINGS)
def test_best_five_is_worth_the_hand(ranking: str, wilds: int) -> None:
    for cards in _hands(ranking, wilds, seed=wilds * 10 + RANKINGS.index(ranking), count=150):
        v = stud_fast.evaluate(cards, ranking, wild_ranks="9")
        five = v.best_five
        label = f"{ref.hand_text(cards)} ({ranking}, nines wild): {ref.hand_text(five)}"
        assert len(five) == min(5, len(cards)), label
        assert all(0 <= c < 52 for c in five), label  # every wild card made concrete
        assert ref.reference_key(five, ranking, 0) == ref.reference_key(cards, ranking, NINES), \
            label
        naturals = Counter(c for c in cards if c != stud_fast.JOKER and c >> 2 != 7)
        kept = sum((Counter(five) & naturals).values())
        assert kept >= min(5, len(cards)) - wilds, label
        repeats = [c for c, k in Counter(five).items() if k > 1]
        if repeats:  # only five of a kind and a flush of one suit need a duplicate (D4)
            assert v.category in ("five of a kind", "flush"), label


def test_seven_jokers_under_every_ranking() -> None:
    for ranking in RANKINGS:
        v = stud_fast.evaluate([52] * 7, ranking)
        assert ref.reference_key(v.best_five, ranking, 0) == \
            ref.reference_key([52] * 7, ranking, 0)
