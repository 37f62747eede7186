"""Pots and their award (docs/rules.md B8, S7, E1; also B7, D3, S6 where they touch pots).

Every expected value in the hand-written tests is worked out by hand in a comment.
"""

from __future__ import annotations

from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_fast.pots import Pot, award, build_pots

LIVE4 = [False, False, False, False]


# --------------------------------------------------------------------------- build_pots

def test_B8_main_pot_and_two_side_pots_three_all_ins() -> None:
    # Seat 0 all in for 20, seat 1 all in for 50, seat 2 all in for 90, seat 3 calls 90.
    # main   (0, 20]:  20 from each of the 4 seats           = 80, seats 0 1 2 3
    # side 1 (20, 50]: 30 from each of seats 1, 2, 3          = 90, seats 1 2 3
    # side 2 (50, 90]: 40 from each of seats 2, 3             = 80, seats 2 3
    # total 80 + 90 + 80 = 250 = 20 + 50 + 90 + 90
    pots = build_pots([20, 50, 90, 90], LIVE4)
    assert pots == [Pot(80, (0, 1, 2, 3)), Pot(90, (1, 2, 3)), Pot(80, (2, 3))]


def test_B8_three_all_ins_awarded_weakest_stack_best_hand() -> None:
    # Same pots as above. Hands: seat 0 best (9), seat 1 next (7), seat 2 next (5), seat 3 worst.
    # main 80 -> seat 0 (best of 0 1 2 3); side 1 90 -> seat 1 (best of 1 2 3);
    # side 2 80 -> seat 2 (best of 2 3); seat 3 wins nothing.
    pots = build_pots([20, 50, 90, 90], LIVE4)
    won = award(pots, high={0: 9, 1: 7, 2: 5, 3: 1}, odd_chip_order=[0, 1, 2, 3])
    assert won == [80, 90, 80, 0]


def test_B8_all_in_player_plays_for_main_pot_only() -> None:
    # Seat 0 all in for 20, seats 1 and 2 put in 100 each.
    # main (0, 20] = 3 * 20 = 60, seats 0 1 2; side (20, 100] = 2 * 80 = 160, seats 1 2.
    # Seat 0 has the best hand: it takes the main 60 only; seat 1 (better than 2) takes 160.
    pots = build_pots([20, 100, 100], [False, False, False])
    assert pots == [Pot(60, (0, 1, 2)), Pot(160, (1, 2))]
    assert award(pots, high={0: 9, 1: 5, 2: 4}, odd_chip_order=[0, 1, 2]) == [60, 160, 0]


def test_B8_uncalled_excess_is_a_pot_for_its_owner_alone() -> None:
    # Seat 1 put in 100, seat 0 could only call 60 (all in).
    # main (0, 60] = 2 * 60 = 120, seats 0 1; (60, 100] = 40 from seat 1 only, seat 1 alone.
    # Seat 0 wins the 120; the 40 nobody matched goes back to seat 1.
    pots = build_pots([60, 100], [False, False])
    assert pots == [Pot(120, (0, 1)), Pot(40, (1,))]
    assert award(pots, high={0: 9, 1: 2}, odd_chip_order=[0, 1]) == [120, 40]


def test_B7_short_all_in_under_half_a_bet_still_makes_a_side_pot() -> None:
    # Fixed limit: seat 0 bets 10 (plus 2 ante = 12), seat 1 is all in for 6 in total
    # (a short all-in, B7), seat 2 calls 12. main (0, 6] = 3 * 6 = 18, seats 0 1 2;
    # side (6, 12] = 2 * 6 = 12, seats 0 2.
    assert build_pots([12, 6, 12], [False, False, False]) == [Pot(18, (0, 1, 2)), Pot(12, (0, 2))]


def test_B8_equal_contributions_make_one_pot() -> None:
    # Everyone put in 25: one level, one pot of 4 * 25 = 100 for all.
    assert build_pots([25, 25, 25, 25], LIVE4) == [Pot(100, (0, 1, 2, 3))]


def test_B8_folded_chips_go_into_pots_but_are_never_eligible() -> None:
    # Seat 0 put in 30 and folded; live seats 1 (all in for 10), 2 and 3 (50 each).
    # Live levels 10 and 50.
    # (0, 10]:  10 + 10 + 10 + 10               = 40, seats 1 2 3 (seat 0 folded)
    # (10, 50]: 20 (seat 0) + 0 + 40 + 40       = 100, seats 2 3
    # total 140 = 30 + 10 + 50 + 50
    pots = build_pots([30, 10, 50, 50], [True, False, False, False])
    assert pots == [Pot(40, (1, 2, 3)), Pot(100, (2, 3))]


def test_B8_folded_chips_in_every_pot_up_to_its_level() -> None:
    # Seat 3 folded after 35; live 0: 10 (all in), 1: 40 (all in), 2: 60.
    # (0, 10]:  10 + 10 + 10 + 10               = 40, seats 0 1 2
    # (10, 40]: 0 + 30 + 30 + 25 (seat 3: 35-10) = 85, seats 1 2
    # (40, 60]: 0 + 0 + 20 + 0                  = 20, seat 2
    # total 145 = 10 + 40 + 60 + 35
    pots = build_pots([10, 40, 60, 35], [False, False, False, True])
    assert pots == [Pot(40, (0, 1, 2)), Pot(85, (1, 2)), Pot(20, (2,))]


def test_E1_folded_chips_above_last_live_level_join_the_last_pot() -> None:
    # Seat 0 put in 80 and folded; live seat 1 all in for 20, seat 2 put in 50.
    # (0, 20]:  20 + 20 + 20 = 60, seats 1 2
    # (20, 50]: 30 (seat 0) + 30 (seat 2) = 60, seat 2
    # above 50: 30 more from seat 0, nobody live there -> joins the last pot: 60 + 30 = 90.
    # total 60 + 90 = 150 = 80 + 20 + 50
    pots = build_pots([80, 20, 50], [True, False, False])
    assert pots == [Pot(60, (1, 2)), Pot(90, (2,))]


def test_E1_folded_excess_joins_the_main_pot_when_it_is_the_only_one() -> None:
    # Seat 2 folded after 60; seats 0 and 1 are all in for 40 each.
    # (0, 40]: 3 * 40 = 120, seats 0 1; above 40: 20 from seat 2 -> main pot = 140.
    assert build_pots([40, 40, 60], [False, False, True]) == [Pot(140, (0, 1))]


def test_E1_live_seats_with_nothing_in_still_get_folded_chips() -> None:
    # Only the folded seat 0 put chips in (5); the live seats put in 0.
    # The only live level is 0; the 5 chips above it form a pot for live seats 1 and 2.
    assert build_pots([5, 0, 0], [True, False, False]) == [Pot(5, (1, 2))]


def test_E1_no_chips_no_pots() -> None:
    assert build_pots([0, 0, 0], [False, True, False]) == []


def test_B8_lone_remaining_player() -> None:
    # Everyone but seat 2 folded: seats put in 5, 15, 15, 5 (antes and a bet/call).
    # Only live level 15: (0, 15] = 5 + 15 + 15 + 5 = 40, seat 2 alone.
    pots = build_pots([5, 15, 15, 5], [True, True, False, True])
    assert pots == [Pot(40, (2,))]
    # One eligible seat: no hand value is needed.
    assert award(pots, high=None, odd_chip_order=[]) == [0, 0, 40]


@pytest.mark.parametrize("contributions, folded, error, message", [
    ([10, -1], [False, False], ValueError, "contribution of seat 1 is negative"),
    ([10, 10], [False], ValueError, "contributions has 2 seats but folded has 1"),
    ([10, 10], [True, True], ValueError, "every seat folded"),
    ([], [], ValueError, "every seat folded"),
    ([10, 2.5], [False, False], TypeError, "contribution of seat 1 must be an integer"),
    ([10, True], [False, False], TypeError, "contribution of seat 1 must be an integer"),
])
def test_build_pots_bad_input(contributions: list[object], folded: list[bool],
                              error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        build_pots(contributions, folded)  # type: ignore[arg-type]


@pytest.mark.parametrize("amount, eligible, error, message", [
    (-1, (0,), ValueError, "pot amount is negative"),
    (10, (), ValueError, "at least one eligible seat"),
    (10, (1, 0), ValueError, "sorted and distinct"),
    (10, (1, 1), ValueError, "sorted and distinct"),
    (10, (-1, 2), ValueError, "eligible seat is negative"),
    (10, [0, 1], TypeError, "must be a tuple"),
    (1.5, (0,), TypeError, "pot amount must be an int"),
])
def test_pot_bad_input(amount: object, eligible: object, error: type[Exception],
                       message: str) -> None:
    with pytest.raises(error, match=message):
        Pot(amount, eligible)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- award, high

def test_S7_best_hand_wins() -> None:
    # One pot of 90 for seats 0 1 2; seat 1 holds the largest value -> all 90.
    assert award([Pot(90, (0, 1, 2))], high={0: 3, 1: 8, 2: 5},
                 odd_chip_order=[0, 1, 2]) == [0, 90, 0]


def test_S7_equal_hands_split_equally() -> None:
    # 90 between seats 0 and 2 (both 8): 45 each, no odd chip.
    assert award([Pot(90, (0, 1, 2))], high={0: 8, 1: 5, 2: 8},
                 odd_chip_order=[0, 1, 2]) == [45, 0, 45]


def test_D3_default_equal_values_split_caller_encodes_any_tiebreak() -> None:
    # Equal values split (D3 default). With tiebreak="unused_cards" the caller passes values
    # that already differ, and the pot goes to the larger one: 30 -> seat 1.
    assert award([Pot(30, (0, 1))], high={0: 7, 1: 7}, odd_chip_order=[0, 1]) == [15, 15]
    assert award([Pot(30, (0, 1))], high={0: 70, 1: 71}, odd_chip_order=[0, 1]) == [0, 30]


@pytest.mark.parametrize("order, expected", [
    # 25 between seats 1 and 3: 12 each, 1 chip left -> the tied winner first in the order.
    ([3, 0, 1, 2], [0, 12, 0, 13]),   # seat 3 listed before seat 1 -> seat 3 gets 13
    ([1, 3, 0, 2], [0, 13, 0, 12]),   # seat 1 first -> seat 1 gets 13
    ([0, 2, 1, 3], [0, 13, 0, 12]),   # seats 0 and 2 are not winners: skipped; seat 1 first
])
def test_S7_odd_chip_goes_to_first_tied_winner_in_order(order: list[int],
                                                        expected: list[int]) -> None:
    pot = Pot(25, (0, 1, 2, 3))
    assert award([pot], high={0: 2, 1: 6, 2: 4, 3: 6}, odd_chip_order=order) == expected


def test_S7_three_way_tie_two_odd_chips_one_each_in_order() -> None:
    # 20 between seats 0 1 2: 20 = 3 * 6 + 2; the 2 left go one each to the first two tied
    # winners in order [2, 0, 1]: seat 2 -> 7, seat 0 -> 7, seat 1 -> 6.
    assert award([Pot(20, (0, 1, 2))], high={0: 5, 1: 5, 2: 5},
                 odd_chip_order=[2, 0, 1]) == [7, 6, 7]


def test_S7_odd_chips_in_each_pot_separately() -> None:
    # main 31 (seats 0 1 2), side 21 (seats 1 2); seats 1 and 2 tie, seat 0 worse.
    # main: 31 = 2 * 15 + 1 -> first of {1, 2} in order [2, 1, 0] is seat 2: 2 -> 16, 1 -> 15.
    # side: 21 = 2 * 10 + 1 -> seat 2 again: 2 -> 11, 1 -> 10.
    # totals: seat 1 15 + 10 = 25, seat 2 16 + 11 = 27.
    pots = [Pot(31, (0, 1, 2)), Pot(21, (1, 2))]
    assert award(pots, high={0: 1, 1: 4, 2: 4}, odd_chip_order=[2, 1, 0]) == [0, 25, 27]


def test_S7_pot_with_one_eligible_seat_needs_no_hand_value() -> None:
    # Pot (0 2) of 40: seat 0 (9) beats seat 2 (3) -> 40 to seat 0.
    # Pot (1,) of 15: seat 1 takes it although it has no hand value and is not in the order.
    # (Not a hand build_pots would make; only the one-seat rule is checked here.)
    pots = [Pot(40, (0, 2)), Pot(15, (1,))]
    assert award(pots, high={0: 9, 2: 3}, odd_chip_order=[0, 2]) == [40, 15, 0]


def test_S7_seats_argument_sets_the_length() -> None:
    # 10 to seat 1 alone; 6 seats asked for -> six entries, seat 1 = 10.
    assert award([Pot(10, (1,))], high=None, odd_chip_order=[], seats=6) == [0, 10, 0, 0, 0, 0]
    # Default length: largest seat named in pots or order (4) + 1 = 5.
    assert award([Pot(10, (1,))], high=None, odd_chip_order=[4, 1]) == [0, 10, 0, 0, 0]


def test_S6_mucked_hand_stays_live_and_keeps_its_uncalled_chips() -> None:
    # Seat 1 bet 100, seat 0 called all in for 60 and showed the winner; seat 1 mucks.
    # Kept live (not folded): main 120 (0 1) -> seat 0; the uncalled 40 (seat 1 alone) -> seat 1.
    # A mucked hand gets a value below any real hand (-1).
    pots = build_pots([60, 100], [False, False])
    assert award(pots, high={0: 5, 1: -1}, odd_chip_order=[0, 1]) == [120, 40]


# --------------------------------------------------------------------------- award, hi-lo

def test_S7_hilo_no_qualifying_low_whole_pot_goes_high() -> None:
    # 31 for seats 0 1 2, no seat has a low (all 0): all 31 to the best high, seat 2.
    # Odd pot, but no split, so no odd chip question.
    assert award([Pot(31, (0, 1, 2))], high={0: 1, 1: 2, 2: 3}, low={0: 0, 1: 0, 2: 0},
                 odd_chip_order=[0, 1, 2]) == [0, 0, 31]


def test_S7_hilo_split_between_high_and_low() -> None:
    # 40: low half 40 // 2 = 20 to the best qualifying low (seat 1: 6 > seat 2: 3),
    # high half 20 to the best high (seat 0).
    assert award([Pot(40, (0, 1, 2))], high={0: 9, 1: 2, 2: 5}, low={0: 0, 1: 6, 2: 3},
                 odd_chip_order=[0, 1, 2]) == [20, 20, 0]


def test_S7_hilo_odd_chip_goes_to_the_high_half() -> None:
    # 41: low half 41 // 2 = 20, high half 41 - 20 = 21 (the odd chip plays high).
    # Seat 0 high -> 21; seat 1 low -> 20. The order lists the low winner first: no effect.
    assert award([Pot(41, (0, 1))], high={0: 9, 1: 2}, low={0: 0, 1: 6},
                 odd_chip_order=[1, 0]) == [21, 20]


def test_S7_hilo_scoop() -> None:
    # 41: seat 0 has the best high (9) and the best low (7 > 6): high 21 + low 20 = 41.
    assert award([Pot(41, (0, 1))], high={0: 9, 1: 2}, low={0: 7, 1: 6},
                 odd_chip_order=[1, 0]) == [41, 0]


def test_S7_hilo_only_qualifying_lows_win_the_low_half() -> None:
    # Seat 0 best high, no low; seat 1 low 2 (qualifies); seat 2 no low.
    # 30: high 15 -> seat 0; low 15 -> seat 1 (the only qualifying low).
    assert award([Pot(30, (0, 1, 2))], high={0: 9, 1: 1, 2: 8}, low={0: 0, 1: 2, 2: 0},
                 odd_chip_order=[0, 1, 2]) == [15, 15, 0]


def test_S7_hilo_quartered_two_equal_lows() -> None:
    # 40: high half 20 -> seat 0; low half 20 split by seats 1 and 2 (both low 5): 10 each.
    assert award([Pot(40, (0, 1, 2))], high={0: 9, 1: 2, 2: 3}, low={0: 0, 1: 5, 2: 5},
                 odd_chip_order=[0, 1, 2]) == [20, 10, 10]


def test_S7_hilo_quartered_high_winner_ties_for_low() -> None:
    # 40: seat 0 best high -> 20; seats 0 and 1 tie for low (5) -> 10 each.
    # Seat 0: 20 + 10 = 30 (three quarters), seat 1: 10 (a quarter).
    assert award([Pot(40, (0, 1))], high={0: 9, 1: 2}, low={0: 5, 1: 5},
                 odd_chip_order=[0, 1]) == [30, 10]


@pytest.mark.parametrize("amount, order, expected", [
    # 42: halves 21 / 21. High 21 -> seat 0. Low 21 between seats 1 and 2: 10 each + 1 chip
    # to the first of {1, 2} in the order.
    (42, [2, 1, 0], [21, 10, 11]),
    (42, [0, 1, 2], [21, 11, 10]),
    # 43: low half 21, high half 22 (odd chip high). High 22 -> seat 0.
    # Low 21: 10 each + 1 to the first of {1, 2}.
    (43, [2, 1, 0], [22, 10, 11]),
    (43, [1, 2, 0], [22, 11, 10]),
    # 41: low half 20, high half 21 -> seat 0. Low 20: exactly 10 each, order irrelevant.
    (41, [2, 1, 0], [21, 10, 10]),
])
def test_S7_hilo_quartered_odd_chips(amount: int, order: list[int],
                                     expected: list[int]) -> None:
    assert award([Pot(amount, (0, 1, 2))], high={0: 9, 1: 2, 2: 3},
                 low={0: 0, 1: 5, 2: 5}, odd_chip_order=order) == expected


def test_S7_hilo_ties_in_both_halves_odd_chips_in_both() -> None:
    # 46: low half 23, high half 23.
    # High 23 between seats 0 and 1 (both 9): 11 each + 1 to the first of {0, 1} in the
    # order [3, 1, 2, 0] -> seat 1: seat 1 12, seat 0 11.
    # Low 23 between seats 2 and 3 (both 4): 11 each + 1 to the first of {2, 3} -> seat 3:
    # seat 3 12, seat 2 11.
    # Total 11 + 12 + 11 + 12 = 46.
    won = award([Pot(46, (0, 1, 2, 3))], high={0: 9, 1: 9, 2: 1, 3: 2},
                low={0: 0, 1: 0, 2: 4, 3: 4}, odd_chip_order=[3, 1, 2, 0])
    assert won == [11, 12, 11, 12]


def test_S7_hilo_odd_main_pot_then_side_pot_without_low() -> None:
    # Seat 0 all in for 11 with the only qualifying low; seats 1 and 2 put in 30 each.
    # main (0, 11] = 3 * 11 = 33, seats 0 1 2; side (11, 30] = 2 * 19 = 38, seats 1 2.
    # main 33: low half 16 -> seat 0; high half 17 -> seat 1 (best high).
    # side 38: no qualifying low among seats 1 2 -> all high -> seat 1.
    # seat 0: 16, seat 1: 17 + 38 = 55, seat 2: 0; total 71 = 11 + 30 + 30.
    pots = build_pots([11, 30, 30], [False, False, False])
    assert pots == [Pot(33, (0, 1, 2)), Pot(38, (1, 2))]
    won = award(pots, high={0: 1, 1: 9, 2: 5}, low={0: 3, 1: 0, 2: 0},
                odd_chip_order=[0, 1, 2])
    assert won == [16, 55, 0]


def test_S7_hilo_pot_with_one_eligible_seat() -> None:
    # A one-seat pot is not split into halves: 15 -> seat 1 even though low is given.
    assert award([Pot(15, (1,))], high=None, low={}, odd_chip_order=[]) == [0, 15]


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(high={0: 5}, odd_chip_order=[0, 1]), ValueError, "seat 1 .* has no high hand value"),
    (dict(high=None, odd_chip_order=[0, 1]), ValueError, "high hand values are needed"),
    (dict(high={0: 5, 1: 4}, odd_chip_order=[0]), ValueError,
     "seat 1 .* missing from odd_chip_order"),
    (dict(high={0: 5, 1: 4}, odd_chip_order=[0, 1, 0]), ValueError,
     "seat 0 appears twice in odd_chip_order"),
    (dict(high={0: 5, 1: 4}, odd_chip_order=[0, -1]), ValueError, "negative"),
    (dict(high={0: 5, 1: 4}, low={0: 1}, odd_chip_order=[0, 1]), ValueError,
     "seat 1 .* has no low hand value"),
    (dict(high={0: 5, 1: 4}, low={0: 1, 1: -2}, odd_chip_order=[0, 1]), ValueError,
     "low value of seat 1 is negative"),
    (dict(high={0: 5, 1: 4}, odd_chip_order=[0, 1], seats=1), ValueError,
     "seat 1 is out of range for 1 seats"),
    (dict(high={0: 5, 1: "x"}, odd_chip_order=[0, 1]), TypeError,
     "high value of seat 1 must be an integer"),
])
def test_award_bad_input(kwargs: dict[str, object], error: type[Exception],
                         message: str) -> None:
    with pytest.raises(error, match=message):
        award([Pot(10, (0, 1))], **kwargs)  # type: ignore[arg-type]


def test_award_rejects_non_pots() -> None:
    with pytest.raises(TypeError, match="Pot objects"):
        award([(10, (0, 1))], high={0: 1, 1: 2}, odd_chip_order=[0, 1])  # type: ignore[list-item]


# --------------------------------------------------------------------------- properties

Hand = tuple[list[int], list[bool], dict[int, int], Optional[dict[int, int]], list[int]]


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Random contributions, folds (at least one seat live), hand values, lows, order."""
    n = draw(st.integers(1, 8))
    contributions = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    folded[draw(st.integers(0, n - 1))] = False
    live = [s for s in range(n) if not folded[s]]
    # Few distinct values, so that ties are common.
    high = {s: draw(st.integers(0, 4)) for s in live}
    low = {s: draw(st.integers(0, 3)) for s in live} if draw(st.booleans()) else None
    order = draw(st.permutations(range(n)))
    return contributions, folded, high, low, list(order)


@settings(max_examples=400, deadline=None)
@given(hands())
def test_E1_B8_pots_conserve_chips_and_are_nested(hand: Hand) -> None:
    contributions, folded, _, _, _ = hand
    pots = build_pots(contributions, folded)
    assert sum(p.amount for p in pots) == sum(contributions)
    live = {s for s, f in enumerate(folded) if not f}
    for pot in pots:
        assert pot.amount > 0
        assert set(pot.eligible) <= live
    # Main pot first, each side pot contested by a strict subset of the previous one.
    for before, after in zip(pots, pots[1:]):
        assert set(after.eligible) < set(before.eligible)


@settings(max_examples=400, deadline=None)
@given(hands())
def test_B8_live_seat_can_win_from_each_seat_at_most_what_it_put_in(hand: Hand) -> None:
    # Independent check of the pot cuts: the pots a live seat is eligible for add up to
    # sum over all seats t of min(c_t, c_s), plus, for the top live contributor, the
    # folded chips above its level (E1), i.e. everything.
    contributions, folded, _, _, _ = hand
    pots = build_pots(contributions, folded)
    top = max(c for c, f in zip(contributions, folded) if not f)
    for s, (c, f) in enumerate(zip(contributions, folded)):
        if f:
            continue
        reachable = sum(p.amount for p in pots if s in p.eligible)
        if c == top:
            assert reachable == sum(contributions)
        else:
            assert reachable == sum(min(t, c) for t in contributions)


@settings(max_examples=400, deadline=None)
@given(hands())
def test_E1_S7_award_conserves_chips_and_pays_only_eligible_seats(hand: Hand) -> None:
    contributions, folded, high, low, order = hand
    pots = build_pots(contributions, folded)
    won = award(pots, high=high, low=low, odd_chip_order=order, seats=len(contributions))
    assert len(won) == len(contributions)
    assert sum(won) == sum(p.amount for p in pots) == sum(contributions)
    assert all(w >= 0 for w in won)
    total = [0] * len(contributions)
    for pot in pots:
        one = award([pot], high=high, low=low, odd_chip_order=order, seats=len(contributions))
        assert sum(one) == pot.amount
        for seat, chips in enumerate(one):
            if chips:
                assert seat in pot.eligible
            total[seat] += chips
        if low is None or len(pot.eligible) == 1 or all(low[s] == 0 for s in pot.eligible):
            # The whole pot went high: only the best hands were paid, each about equally.
            best = max(high[s] for s in pot.eligible) if len(pot.eligible) > 1 else None
            winners = [s for s in pot.eligible if best is None or high[s] == best]
            for seat, chips in enumerate(one):
                if seat in winners:
                    assert chips in (pot.amount // len(winners), pot.amount // len(winners) + 1)
                else:
                    assert chips == 0
    # Awarding pot by pot gives the same as awarding them all together.
    assert total == won
    # Nobody wins more than the pots they are eligible for; folded seats win nothing.
    for seat, chips in enumerate(won):
        assert chips <= sum(p.amount for p in pots if seat in p.eligible)
        if folded[seat]:
            assert chips == 0


@settings(max_examples=300, deadline=None)
@given(hands())
def test_S7_hilo_without_any_qualifying_low_is_high_only(hand: Hand) -> None:
    contributions, folded, high, _, order = hand
    pots = build_pots(contributions, folded)
    no_low = {s: 0 for s in high}
    assert (award(pots, high=high, low=no_low, odd_chip_order=order)
            == award(pots, high=high, odd_chip_order=order))


@settings(max_examples=400, deadline=None)
@given(hands(), st.data())
def test_E1_S7_result_does_not_depend_on_seat_numbering(hand: Hand, data: st.DataObject) -> None:
    # Renumber the seats with a random permutation (seat s becomes new[s]), renumber the
    # odd-chip order the same way: every seat must win exactly the same chips.
    contributions, folded, high, low, order = hand
    n = len(contributions)
    new = data.draw(st.permutations(range(n)))
    contributions2 = [0] * n
    folded2 = [False] * n
    for s in range(n):
        contributions2[new[s]] = contributions[s]
        folded2[new[s]] = folded[s]
    high2 = {new[s]: v for s, v in high.items()}
    low2 = None if low is None else {new[s]: v for s, v in low.items()}
    order2 = [new[s] for s in order]
    won = award(build_pots(contributions, folded), high=high, low=low,
                odd_chip_order=order, seats=n)
    won2 = award(build_pots(contributions2, folded2), high=high2, low=low2,
                 odd_chip_order=order2, seats=n)
    assert [won2[new[s]] for s in range(n)] == won
