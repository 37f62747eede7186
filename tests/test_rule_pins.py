"""Rules pinned one spot at a time: each test sets up the one situation its rule decides and
checks the decision, so that a wrong rule fails here and not only when a whole replayed hand
happens to reach it (docs/rules.md IDs in the test names).

Every test here was checked by breaking its rule in the simplest plausible way and seeing it
fail; `bench/mutants.py` plants those faults again and reports how many of them the rule's own
tests catch.
"""

from __future__ import annotations

import pytest

from stud_fast import evaluate
from stud_fast.table import RuleError, StudHand
from stud_fast.variants import GameConfig

from dealt import SEVEN, check_down, seven


# ---- F2 / B7: an all-in completion by a short stack -------------------------------------------

# seat 1 (2c door card) brings in, seat 2 is the short stack, then seat 0 (dealer 0)
_SHORT = [["Ah Kh 9d", "Qd Jd 2c", "Td 9c 7s"]]


@pytest.mark.parametrize("bring_in, small_bet, left, reopens", [
    # the completion is judged by what it adds over the bring-in: 10 - 2 = 8 chips, half is 4
    (2, 10, 6, True),    # adds 4 of the 8: a full raise, the bring-in may raise again
    (2, 10, 5, False),   # adds 3: the bring-in may only call or fold
    # 10 - 3 = 7 chips: half a completion is 3.5, so 4 reopens and 3 does not
    (3, 10, 7, True),
    (3, 10, 6, False),
])
def test_F2_B7_short_all_in_completion_reopens_by_what_it_adds_over_the_bring_in(
        bring_in: int, small_bet: int, left: int, reopens: bool) -> None:
    hand = seven(_SHORT, [500, 500, left + 1], bring_in=bring_in, small_bet=small_bet,
                 big_bet=2 * small_bet)
    assert hand.actor == 1
    hand.bring_in()
    assert hand.actor == 2
    record = hand.complete()            # all in, short of the small bet
    assert record.to == left and hand.is_all_in(2)
    assert hand.actor == 0
    assert hand.can_raise_to()          # seat 0 has not acted: it may raise either way
    hand.call()
    assert hand.actor == 1
    assert hand.can_call()
    assert hand.can_raise_to() is reopens
    assert ("raise" in hand.legal_actions()) is reopens
    if not reopens:
        with pytest.raises(RuleError) as e:
            hand.raise_to()
        assert e.value.rule == "B7"


# ---- B7: an all-in call ------------------------------------------------------------------------

def test_B7_a_stack_that_exactly_covers_the_call_calls_all_in_and_is_offered_no_raise() -> None:
    hand = seven(_SHORT, [11, 500, 500])   # seat 0: 10 chips after the ante
    hand.bring_in()                        # seat 1: 2
    hand.complete()                        # seat 2: to 10
    assert hand.actor == 0 and hand.stacks[0] == 10
    assert set(hand.legal_actions()) == {"fold", "call"}
    assert not hand.can_raise_to() and not hand.can_complete()
    with pytest.raises(RuleError) as e:
        hand.raise_to()
    assert e.value.rule == "B7"
    hand.call()
    assert hand.stacks[0] == 0 and hand.is_all_in(0)
    assert hand.actor == 1                 # seat 0 acts no more (B6)


# ---- S3: the shared card when the stub is empty ------------------------------------------------

@pytest.mark.parametrize("seed", [11, 12, 13])
def test_S3_an_empty_stub_shares_the_first_burned_card(seed: int) -> None:
    """Eight players: 8 x 6 cards and four burns take all 52, so nothing is left for seventh
    street; the shared card is the first card burned in the hand (before third street)."""
    hand = StudHand(GameConfig(**SEVEN), stacks=[1000] * 8, dealer=0,  # type: ignore[arg-type]
                    seed=seed)
    check_down(hand)
    dealt = {c for s in range(8) for c, _ in hand.cards[s]}
    assert len(dealt) == 48 and hand.deck[0] not in dealt
    assert hand.community == [hand.deck[0]]
    shared = [r for r in hand.records if r.kind == "community"]
    assert [(r.street, r.cards) for r in shared] == [(4, (hand.deck[0],))]


def test_S3_a_short_stub_without_burns_shares_the_next_card_of_the_stub() -> None:
    hand = StudHand(GameConfig(**SEVEN), stacks=[1000] * 8, dealer=0,  # type: ignore[arg-type]
                    seed=11, burn=False)
    check_down(hand)
    assert hand.community == [hand.deck[48]]   # 48 cards dealt, four left: the next one


# ---- S6: who shows first when nobody bet the last round ----------------------------------------

# heads-up, equal showing hands on seventh street (A-K-9-5 each): nobody bets
_EQUAL_BOARDS = [["2h 3h Ah", "7d 8d As"], ["Kd", "Kc"], ["9c", "9d"], ["5s", "5h"],
                 ["4d", "6c"]]


@pytest.mark.parametrize("dealer, first", [(0, 1), (1, 0)])
def test_S6_without_a_bettor_equal_best_boards_show_in_dealing_order(dealer: int,
                                                                      first: int) -> None:
    hand = seven(_EQUAL_BOARDS, [100, 100], dealer=dealer)
    check_down(hand)
    assert not any(r.kind in ("bet", "raise") and r.street == 4 for r in hand.records)
    at_showdown = [r.seat for r in hand.records if r.kind in ("show", "muck")]
    assert at_showdown == [first, 1 - first]    # the first dealt (dealer's left) first
    assert [r.kind for r in hand.records if r.seat == first and r.kind in ("show", "muck")] \
        == ["show"]


def test_S6_without_a_bettor_the_best_board_shows_first_wherever_it_sits() -> None:
    # seat 0's board pairs its kings: it shows first although seat 1 is dealt first
    streets = [["2h 3h Ah", "7d 8d As"], ["Kd", "Qc"], ["Kc", "9d"], ["5s", "5h"], ["4d", "6c"]]
    hand = seven(streets, [100, 100], dealer=0)
    check_down(hand)
    assert [r.seat for r in hand.records if r.kind in ("show", "muck")][0] == 0


# ---- S7: the odd chip --------------------------------------------------------------------------

_SPADE_ACE = ["As Kd Qh", "Jc", "9s", "3c", "4d"]   # A-K-Q-J-9: ties the next hand
_HEART_ACE = ["Ah Kc Qd", "Js", "9h", "3d", "4h"]
_LOSER = ["2c 5c 3h", "7h", "8c", "Tc", "6d"]        # T-high, brings in with the 3h


@pytest.mark.parametrize("seats, spade_ace_seat", [
    ((_LOSER, _SPADE_ACE, _HEART_ACE), 1), ((_LOSER, _HEART_ACE, _SPADE_ACE), 2),
    ((_SPADE_ACE, _HEART_ACE, _LOSER), 0), ((_HEART_ACE, _SPADE_ACE, _LOSER), 1)])
def test_S7_the_odd_chip_goes_to_the_tied_winner_with_the_highest_card_by_suit(
        seats: tuple[list[str], ...], spade_ace_seat: int) -> None:
    streets = [[s[k] for s in seats] for k in range(5)]
    hand = seven(streets, [50, 50, 50], ante=0, bring_in=1, small_bet=2, big_bet=4)
    check_down(hand)
    assert hand.pot_total == 3                   # 1 + 1 + 1: split two ways, one chip over
    wins = {r.seat: r.amount for r in hand.records if r.kind == "win"}
    heart_ace_seat = next(s for s in range(3) if seats[s] is _HEART_ACE)
    assert wins == {spade_ace_seat: 2, heart_ace_seat: 1}
    assert sum(hand.stacks) == 150



# ---- D3: the unused cards, highest first ------------------------------------------------------

# both make the ace-high straight A-K-Q-J-T; the kings hand has K, 2 left over, the other Q, J
_KINGS_LEFT = ["As Kd Qh", "Jc", "Ts", "Kh", "2c"]
_QUEEN_JACK_LEFT = ["Ah Ks Qd", "Jd", "Tc", "Qc", "Jh"]


@pytest.mark.parametrize("kings_seat", [0, 1])
def test_D3_unused_cards_compare_highest_first(kings_seat: int) -> None:
    seats = [_QUEEN_JACK_LEFT, _QUEEN_JACK_LEFT]
    seats[kings_seat] = _KINGS_LEFT
    streets = [[s[k] for s in seats] for k in range(5)]
    split = seven(streets, [100, 100])
    check_down(split)
    assert split.stacks == [100, 100]            # D3 default: the same best five split
    hand = seven(streets, [100, 100], tiebreak="unused_cards")
    check_down(hand)
    won = {r.seat: r.amount for r in hand.records if r.kind == "win"}
    assert won == {kings_seat: hand.pot_total}   # K beats Q (the deuce never counts)


# ---- D5: a wild up card in a showing hand -----------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1])
def test_D5_a_wild_up_card_shows_above_an_ace(dealer: int) -> None:
    """Five-card baseball (no bring-in): the highest up card acts first, and a nine, wild,
    is higher than any ace, whoever was dealt first."""
    cfg = GameConfig(variant="baseball", baseball_cards=5, ante=1, small_bet=2, big_bet=4)
    ace_first = [(dealer + 1) % 2, dealer]       # the ace to the first dealt
    hole = [["", ""], ["", ""]]
    hole[ace_first[0]] = ["Kc", "Ah"]            # down, up
    hole[ace_first[1]] = ["Kd", "9c"]
    hand = StudHand(cfg, stacks=[50, 50], dealer=dealer, hole_cards=hole, seed=1)
    assert hand.actor == ace_first[1]


# ---- F5: equal showing hands on a later street ------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_F5_equal_showing_hands_the_first_dealt_acts_first(dealer: int) -> None:
    # fourth street: seats 0 and 2 both show K-9 (K-9 of other suits), seat 1 Q-J
    streets = [["2h 3h Kc", "7d 8d 5c", "4s 6s Kd"], ["9h", "Jh", "9s"]]
    hand = seven(streets, [100] * 3, dealer=dealer)
    hand.bring_in()
    while hand.street == 0:
        hand.call()
    order = [(dealer + 1 + i) % 3 for i in range(3)]
    assert hand.actor == min((0, 2), key=order.index)


# ---- B1: what each action takes ---------------------------------------------------------------

@pytest.mark.parametrize("kind", ["call", "check", "fold"])
def test_B1_only_a_bet_or_a_raise_takes_an_amount(kind: str) -> None:
    hand = seven(_SHORT, [100] * 3)
    hand.bring_in()
    hand.call()
    hand.call()                                  # fourth street: nothing bet
    if kind == "call":
        hand.bet()
    before = hand.to_json()
    with pytest.raises(RuleError) as e:
        hand.act(kind, 15)
    assert e.value.rule == "B1" and "takes no amount" in str(e.value)
    assert hand.to_json() == before              # E2 as well


# ---- B3: the raise cap ------------------------------------------------------------------------

@pytest.mark.parametrize("max_raises", [3, 1, 4])
def test_B3_a_fixed_limit_round_allows_one_bet_and_max_raises_raises(max_raises: int) -> None:
    hand = seven(_SHORT, [1000] * 3, max_raises=max_raises)
    hand.bring_in()
    hand.call()
    hand.call()                                  # fourth street
    hand.bet()
    for _ in range(max_raises):
        assert hand.can_raise_to()
        hand.raise_to()
    assert not hand.can_raise_to() and hand.can_call()
    with pytest.raises(RuleError) as e:
        hand.raise_to()
    assert e.value.rule == "B3"


def test_B3_unlimited_heads_up_lifts_the_cap_only_once_two_players_are_left() -> None:
    hand = seven(_SHORT, [1000] * 3, unlimited_heads_up=True)
    hand.bring_in()
    hand.call()
    hand.call()                                  # fourth street, three players
    hand.bet()
    for _ in range(3):
        hand.raise_to()
    assert not hand.can_raise_to()               # three in the hand: capped
    hand.fold()
    assert len(hand.in_hand()) == 2
    for _ in range(3):                           # heads up now: no cap
        assert hand.can_raise_to()
        hand.raise_to()


# ---- B5: a round ends once everyone acted -----------------------------------------------------

def test_B5_when_nobody_bets_every_player_checks_before_the_next_street() -> None:
    hand = seven(_SHORT, [100] * 3)
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.street == 1
    seen = []
    while hand.street == 1:
        seen.append(hand.actor)
        hand.check()
    assert sorted(seen) == [0, 1, 2]             # all three checked, each once


# ---- B9: a dead seat is dealt to until the next bet -------------------------------------------

def test_B9_a_seat_that_folded_when_it_could_check_is_dealt_to_until_the_next_bet() -> None:
    hand = StudHand(GameConfig(**SEVEN, dead_seat_keeps_cards=True),  # type: ignore[arg-type]
                    stacks=[1000] * 3, dealer=0, seed=4)
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.street == 1 and hand.can_check()
    folder = hand.actor
    assert folder is not None
    hand.fold()
    while hand.street == 1:
        hand.check()                             # nobody bets on fourth street
    assert len(hand.cards[folder]) == 5          # dealt fifth street all the same
    hand.bet()                                   # the next bet
    while hand.street == 2:
        hand.call()
    assert hand.street == 3
    assert len(hand.cards[folder]) == 5          # no sixth-street card for the dead seat
    assert all(len(hand.cards[s]) == 6 for s in hand.in_hand())


# ---- D4: several wild ranks -------------------------------------------------------------------

@pytest.mark.parametrize("wild", ["39", "3 9", ["3", "9"], (1 << 1) | (1 << 7)])
def test_D4_every_rank_named_wild_is_wild(wild: object) -> None:
    assert evaluate("3c 9d Ks Kd 2s", wild_ranks=wild).category == "four of a kind"  # type: ignore[arg-type]
    assert evaluate("3c 9d 9h Kd 2s", wild_ranks=wild).category == "four of a kind"  # type: ignore[arg-type]
    assert evaluate("3c 9d 3h 9s Xx", wild_ranks=wild).category == "five of a kind"  # type: ignore[arg-type]


# ---- S6: who may muck -------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1])
def test_S6_a_hand_that_ties_the_best_shown_so_far_is_shown_and_splits(dealer: int) -> None:
    streets = [[s[k] for s in (_SPADE_ACE, _HEART_ACE)] for k in range(5)]
    hand = seven(streets, [50, 50], dealer=dealer, ante=1, bring_in=1, small_bet=2,
                 big_bet=4)
    check_down(hand)
    assert [r.kind for r in hand.records if r.kind in ("show", "muck")] == ["show", "show"]
    assert hand.stacks == [50, 50]


# ---- S5: baseball's nines ---------------------------------------------------------------------

@pytest.mark.parametrize("aces", [
    ["9c 2c As", "Ad", "Ah", "5d", "7h"],     # the nine dealt down
    ["2c 5d As", "9c", "Ad", "Ah", "7h"],     # the nine dealt up: wild all the same
])
def test_S5_a_nine_is_wild_down_or_up(aces: list[str]) -> None:
    """Three aces and a nine are four aces, which beat kings full; without the wild nine the
    full house would win."""
    full_house = ["Kh Kd Ks", "Qc", "Qs", "6d", "8h"]
    streets = [[aces[k], full_house[k]] for k in range(5)]
    hand = seven(streets, [100, 100], variant="baseball")
    check_down(hand)
    won = {r.seat: r.amount for r in hand.records if r.kind == "win"}
    assert won == {0: hand.pot_total}


# ---- E1: chips when everyone else folds -------------------------------------------------------

def test_E1_the_last_player_left_takes_every_chip_in_the_pot() -> None:
    hand = seven(_SHORT, [100, 100, 100])
    hand.bring_in()                  # seat 1: 2
    hand.complete()                  # seat 2: to 10
    hand.fold()                      # seat 0
    hand.fold()                      # seat 1
    assert hand.is_over
    assert hand.stacks == [99, 97, 104] and sum(hand.stacks) == 300
    assert [(r.seat, r.amount) for r in hand.records if r.kind == "win"] == [(2, 15)]


# ---- E3: every seat's view ----------------------------------------------------------------------

def test_E3_every_seat_sees_its_own_down_cards_and_no_one_elses() -> None:
    hand = StudHand(GameConfig(**SEVEN), stacks=[100] * 5, dealer=2,  # type: ignore[arg-type]
                    seed=3)
    for seat in range(5):
        view, text = hand.seat_view(seat), hand.view(seat)
        for other in range(5):
            for (card, up), seen, shown in zip(hand.cards[other], view.cards[other],
                                               text["cards"][other]):
                visible = up or other == seat
                assert seen == ((card, up) if visible else (None, False))
                assert (shown is not None) is visible
