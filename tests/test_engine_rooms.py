"""The engine's rooms (issue 8): the betting round, the deck, the dealer's mistakes and the
showdown each own their part of the state; the legal actions and the refusal reasons come from
one rule table; the showdown is pure functions over cards and pots."""

from __future__ import annotations

import copy
import random

import pytest

from stud_fast.betting_round import BettingRound
from stud_fast.pots import Pot
from stud_fast.showdown import showdown
from stud_fast.table import _ALL_ACTIONS, StudHand
from stud_fast.variants import VARIANTS, GameConfig


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_E2_every_action_is_legal_or_refused_with_a_rule_never_both(variant: str) -> None:
    rng = random.Random(variant)
    for number in range(20):
        cfg = GameConfig(variant=variant, ante=1, small_bet=4,
                         betting=rng.choice(["fixed", "pot", "no"]))  # type: ignore[arg-type]
        hand = StudHand(cfg, stacks=[rng.choice([6, 30, 90]) for _ in range(3)], seed=number)
        while not hand.is_over:
            legal = hand.legal_actions()
            refused = hand._refusals()
            assert not set(legal) & set(refused)
            assert set(legal) | set(refused) == set(_ALL_ACTIONS)
            assert all(rule[0] in "BFSIE" for rule, _ in refused.values())
            kind = rng.choice(sorted(legal))
            if kind == "turn_up":
                seat = hand.actor
                assert seat is not None
                hand.turn_up(next(c for c, up in hand.cards[seat] if not up))
            else:
                hand.act(kind)


def test_B5_a_betting_round_is_made_per_street_and_copies_compare_equal() -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=4)
    hand = StudHand(cfg, stacks=[50, 50, 50], seed=3)
    first = hand._round
    assert first.bring_in_due == hand.actor
    assert copy.deepcopy(first) == first and first != BettingRound(3, 4)
    while hand.street == 0:
        hand.act("bring_in" if hand.can_bring_in() else "call")
    assert hand._round is not first and hand._round.bet == [0, 0, 0]
    assert first.level == 2 and first.bet.count(2) == 3  # the finished round as it ended


def test_S6_showdown_shows_a_hand_that_can_win_a_side_pot_and_mucks_the_rest() -> None:
    pots = [Pot(30, (0, 1, 2)), Pot(20, (1, 2))]
    # seat 0 shows first and is best in the main pot; seat 1 loses the main pot but can
    # still win the side pot, so it shows; seat 2 can win neither and mucks
    shown, high, low = showdown([0, 1, 2], pots, {0: (90, 0), 1: (70, 0), 2: (60, 0)}, False)
    assert shown == [(0, True), (1, True), (2, False)]
    assert high == {0: 90, 1: 70, 2: -1} and low == {0: 0, 1: 0, 2: 0}
    shown, high, _ = showdown([0, 1, 2], pots, {0: (90, 0), 1: (70, 0), 2: (60, 0)}, True)
    assert shown == [(0, True), (1, True), (2, True)] and high[2] == 60  # show_all


def test_S6_showdown_a_low_hand_keeps_a_hi_lo_player_showing() -> None:
    pots = [Pot(30, (0, 1))]
    shown, high, low = showdown([1, 0], pots, {0: (50, 7), 1: (80, 0)}, False)
    assert shown == [(1, True), (0, True)] and low[0] == 7  # no high, but a qualifying low
