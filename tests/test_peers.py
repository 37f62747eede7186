"""Cross-checks against independent evaluators (installed as test extras): each must order
random hands exactly as stud_fast does, ties included.

* high, 5 to 7 cards: eval7, phevaluator (C entry point and strings), treys and pokerkit;
* razz (docs/rules.md D6), 5 to 7 cards: pokerkit's ``RegularLowHand`` (ace-to-five low);
* low8 (D6), 5 to 7 cards: pokerkit's ``EightOrBetterLowHand``; where pokerkit finds no
  qualifying low, stud_fast's value must be 0.

Wild cards and the 32-card ranking have no peer (pokerkit's short deck is the 36-card game,
with the A-6-7-8-9 straight); the pure-Python reference covers them (test_against_reference).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import stud_fast
from stud_fast.benchmark import peers
from stud_fast.benchmark.compare import random_hands

pokerkit = pytest.importorskip("pokerkit")


@pytest.mark.parametrize("k", [5, 6, 7])
def test_high_orders_like_every_peer(k: int) -> None:
    hands = random_hands(3000, k, seed=100 + k)
    reference = stud_fast.evaluate_batch(hands)
    found = peers.cross_check(hands, reference, limit=3000)
    assert {"eval7", "phevaluator._pheval", "treys", "pokerkit"} <= set(found)
    assert found == {name: 0 for name in found}


def _assert_same_order(ours: list[int], theirs: list[Any]) -> None:
    """Sort by the peer's hands (greater = stronger) and walk neighbours: a tie must be a tie
    for both, a step up must be a step up for both."""
    order = sorted(range(len(theirs)), key=lambda i: theirs[i])
    for a, b in zip(order, order[1:]):
        if theirs[a] == theirs[b]:
            assert ours[a] == ours[b], (theirs[a], theirs[b], ours[a], ours[b])
        else:
            assert ours[a] < ours[b], (theirs[a], theirs[b], ours[a], ours[b])


def _pokerkit_text(hand: np.ndarray) -> str:
    return "".join(stud_fast.card_str(int(c)) for c in hand)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_razz_orders_like_pokerkit_regular_low(k: int) -> None:
    hands = random_hands(1500, k, seed=200 + k)
    ours = stud_fast.evaluate_batch(hands, "razz").tolist()
    theirs = [pokerkit.RegularLowHand.from_game(_pokerkit_text(h)) for h in hands]
    _assert_same_order(ours, theirs)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_low8_orders_like_pokerkit_eight_or_better(k: int) -> None:
    # draw from the low cards more often, so that many hands qualify
    rng = np.random.default_rng(300 + k)
    low_heavy = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12] * 3 + list(range(52))
    rows = []
    while len(rows) < 1500:
        row = list(dict.fromkeys(int(c) for c in rng.choice(low_heavy, size=12)))[:k]
        if len(row) == k:
            rows.append(row)
    hands = np.array(rows, dtype=np.uint8)
    ours = stud_fast.evaluate_batch(hands, "low8").tolist()
    qualified: list[int] = []
    theirs: list[Any] = []
    for i, h in enumerate(hands):
        try:
            theirs.append(pokerkit.EightOrBetterLowHand.from_game(_pokerkit_text(h)))
        except ValueError:  # pokerkit: no qualifying low
            assert ours[i] == 0, _pokerkit_text(h)
            continue
        assert ours[i] > 0, _pokerkit_text(h)
        qualified.append(ours[i])
    assert 100 < len(qualified) < len(hands) - 100  # both outcomes are well represented
    _assert_same_order(qualified, theirs)
