"""Random legal play over a thousand hands per variant, checking the engine's guarantees at
every step (docs/rules.md E1-E4): chips conserved, illegal actions refused with the state unchanged,
views that never show what their seat may not see, and exact JSON round trips."""

from __future__ import annotations

import random

import pytest
from engine_soak import hidden_from, random_action, view_cards

from stud_fast.table import RuleError, StudHand
from stud_fast.variants import VARIANTS, GameConfig

ALL_ACTIONS = ("fold", "check", "call", "bet", "raise", "bring_in", "complete", "buy_pot")
HANDS = 1000


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_E1_E2_E3_E4_over_many_hands(variant: str) -> None:
    rng = random.Random(variant)
    for number in range(HANDS):
        betting = rng.choice(["fixed", "fixed", "pot", "no"])
        cfg = GameConfig(variant=variant, ante=rng.choice([0, 1, 2]), bring_in=2, small_bet=4,
                         betting=betting)  # type: ignore[arg-type]
        n = rng.randint(2, 6 if VARIANTS[variant].deck == 32 else 8)
        stacks = [rng.randint(1, 120) for _ in range(n)]
        hand = StudHand(cfg, stacks=stacks, dealer=rng.randrange(n), seed=number)
        total = sum(stacks)
        step = 0
        while not hand.is_over:
            assert sum(hand.stacks) + hand.pot_total == total  # E1
            legal = hand.legal_actions()
            refused = [a for a in ALL_ACTIONS if a not in legal]
            if refused and step % 3 == 0:
                before = hand.to_json()
                with pytest.raises(RuleError):
                    hand.act(refused[rng.randrange(len(refused))])
                assert hand.to_json() == before  # E2
            random_action(hand, rng)
            if step % 4 == 0:
                watcher = rng.randrange(n)
                assert not view_cards(hand.view(watcher)) & hidden_from(hand, watcher)  # E3
            step += 1
        assert sum(hand.stacks) == total
        if number % 10 == 0:  # E4: the saved hand replays to the same records
            again = StudHand.from_json(hand.to_json())
            assert again.records == hand.records and again.stacks == hand.stacks
