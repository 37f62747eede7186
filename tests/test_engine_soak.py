"""Invariant soak (issue 8): random complete hands of every variant, 2 to the most players,
tiny stacks, pot and no limit, live-dealer hands with dealer errors (I1, I2), checking E1, E2
(state identical after a refused action), E3 and the JSON round trip after every step and the
PHH round trip at the end (see tests/engine_soak.py; bench/soak_engine.py runs it longer)."""

from __future__ import annotations

import random

import pytest
from engine_soak import play_hand

from stud_fast.variants import VARIANTS

HANDS = 400  # per variant: 2,800 hands in all


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_E1_E2_E3_E4_I1_I2_soak(variant: str) -> None:
    rng = random.Random(f"soak {variant}")
    errors = 0
    for number in range(HANDS):
        # the JSON round trip after every step on a quarter of the hands (it replays the hand)
        hand = play_hand(rng, variant, json_every=1 if number % 4 == 0 else 0)
        errors += any(r.kind in ("premature_card", "exposed_card") for r in hand.records)
    assert errors > HANDS // 20  # dealer errors were exercised
