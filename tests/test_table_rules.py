"""The hand's state machine, rule by rule (docs/rules.md IDs in the test names).

Hands are set up with explicit deck orders (`dealt.deal_order`: the cards each seat should get,
street by street).
"""

from __future__ import annotations

import json
import random
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_fast.cards import parse_cards
from stud_fast.table import RuleError, StudHand
from stud_fast.variants import GameConfig

from dealt import SEVEN, check_down, deal_order, seven


def test_F1_everyone_antes() -> None:
    hand = seven([["Ah Kh 9c", "Qd Jd 8s", "Td 9d 7s"]], [100, 100, 100])
    antes = [r for r in hand.records if r.kind == "ante"]
    assert [(r.seat, r.amount) for r in antes] == [(1, 1), (2, 1), (0, 1)]
    assert hand.stacks == [99, 99, 99] and hand.pot_total == 3


def test_F1_zero_ante() -> None:
    hand = seven([["Ah Kh 9c", "Qd Jd 8s"]], [100, 100], ante=0)
    assert not [r for r in hand.records if r.kind == "ante"] and hand.pot_total == 0


def test_S2_third_street_two_down_one_up_in_dealing_order() -> None:
    hand = seven([["Ah Kh 9c", "Qd Jd 8s", "Td 9d 7s"]], [100, 100, 100], dealer=2)
    deals = [(r.seat, r.up[0]) for r in hand.records if r.kind == "deal"]
    # dealer 2: seat 0 first; two rounds face down, then one face up
    assert deals == [(0, False), (1, False), (2, False)] * 2 + [(0, True), (1, True), (2, True)]
    assert hand.up_cards(0) == list(parse_cards("9c"))


def test_F2_lowest_up_card_brings_in_clubs_lowest() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"]], [100, 100, 100])
    assert hand.actor == 1  # 2c is lower than 2d: clubs < diamonds < hearts < spades
    with pytest.raises(RuleError) as e:
        hand.fold()
    assert e.value.rule == "F2"
    rec = hand.bring_in()
    assert (rec.kind, rec.amount) == ("bring_in", 2)
    assert set(hand.legal_actions()) == {"fold", "call", "complete"}


def test_F2_completing_is_not_a_raise() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"]], [500, 500, 500])
    hand.bring_in()            # seat 1
    hand.complete()            # seat 2 completes to 10: the bet
    for _ in range(3):         # B3: then three raises are allowed
        hand.raise_to()
    assert hand._round.level == 40
    with pytest.raises(RuleError) as e:
        hand.raise_to()
    assert e.value.rule == "B3"


def test_F2_bring_in_player_may_complete() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"]], [100, 100, 100])
    rec = hand.complete()
    assert (rec.seat, rec.kind, rec.to) == (1, "complete", 10)


def test_F3_all_in_on_the_ante_cannot_bring_in() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"]], [100, 1, 100])
    assert hand.is_all_in(1)
    assert hand.actor == 0  # 2d, the next lowest card


def test_S8_razz_highest_card_brings_in_aces_low() -> None:
    cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=10, big_bet=20)
    hand = StudHand(cfg, stacks=[100] * 3, dealer=0,
                    deck=deal_order(0, [["2c 3c Ah", "4c 5c Kd", "6c 7c Qs"]]))
    assert hand.actor == 1  # seat 1's king is the highest up card; seat 0's ace is low


def test_B1_check_and_bet_rules() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"], ["3s", "4s", "Ts"]], [100] * 3)
    hand.bring_in()
    with pytest.raises(RuleError) as e:
        hand.check()
    assert e.value.rule == "B1"
    with pytest.raises(RuleError) as e:
        hand.bet()
    assert e.value.rule in ("B1", "F2")
    hand.call()
    hand.call()
    # fourth street: nothing bet yet, so no call
    with pytest.raises(RuleError) as e:
        hand.call()
    assert e.value.rule == "B1"
    assert hand.can_check() and hand.can_bet() and not hand.can_raise_to()


def test_F5_best_showing_hand_acts_first() -> None:
    # fourth street up cards: seat 0 Ah Kd (ace high), seat 1 5c 5d (a pair), seat 2 Qs Js
    hand = seven([["2h 3h Ah", "7d 8d 5c", "9s 6s Qs"], ["Kd", "5d", "Js"]], [100] * 3)
    # third street: lowest up card is 5c (seat 1) -> brings in; everyone calls
    assert hand.actor == 1
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.street == 1 and hand.actor == 1  # the open pair of fives


def test_B2_small_then_big_bets() -> None:
    streets = [["2h 3h Ah", "7d 8d 4c"], ["Kd", "5d"], ["Qs", "9c"], ["Jc", "Tc"], ["6s", "6d"]]
    hand = seven(streets, [1000, 1000])
    sizes = {}
    while not hand.is_over:
        if hand.can_bet():
            sizes[hand.street] = hand.bet().amount
        elif hand.can_bring_in():
            hand.bring_in()
        else:
            hand.call()
    assert sizes == {1: 10, 2: 20, 3: 20, 4: 20}


def test_B3_unlimited_raises_heads_up_option() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c"]], [1000, 1000], unlimited_heads_up=True)
    hand.bring_in()
    hand.complete()
    for _ in range(6):
        hand.raise_to()
    assert hand._round.level == 70


def test_B4_open_pair_on_fourth_street_allows_big_bet() -> None:
    cards = [["2h 3h 9h", "7d 8d 4c"], ["9d", "5d"]]
    hand = seven(cards, [1000, 1000], open_pair_big_bet=True)
    hand.bring_in()
    hand.call()
    assert hand.street == 1 and hand.bet().amount == 20
    plain = seven(cards, [1000, 1000])
    plain.bring_in()
    plain.call()
    assert plain.bet().amount == 10


def test_B6_and_B8_all_in_player_skipped_and_side_pot() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"]], [100, 6, 100])
    hand.bring_in()          # seat 1: 2 of its remaining 5
    hand.complete()          # seat 2 to 10
    hand.call()              # seat 0 calls 10
    hand.call()              # seat 1 calls all in for 3 more (5 total this round)
    assert hand.is_all_in(1)
    pots = hand.pots()
    # antes 1 each + seat 1's 5 = 6 from seat 1: main pot 6 x 3 = 18; side pot 5 + 5 = 10
    assert [(p.amount, p.eligible) for p in pots] == [(18, (0, 1, 2)), (10, (0, 2))]
    # fourth street: seat 1 never acts again
    while not hand.is_over:
        assert hand.actor != 1
        hand.check() if hand.can_check() else hand.call()
    assert sum(hand.stacks) == 206


def test_B7_short_all_in_does_not_reopen() -> None:
    # seat 1 is left with 13 after the ante: it can raise all in only 3 over a bet of 10
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"], ["3c", "4c", "5c"]], [500, 14, 500])
    hand.bring_in()   # seat 1 (2c): 2
    hand.call()       # seat 2
    hand.call()       # seat 0
    assert hand.street == 1
    first = hand.actor
    hand.bet()        # 10
    nxt = hand.actor
    assert nxt is not None
    # play to seat 1 and let it raise all in for 13 - 2 = 11 total
    while hand.actor != 1:
        hand.call()
    rec = hand.raise_to()
    assert hand.is_all_in(1) and rec.to == 11  # only 1 more than the bet of 10
    # players who had acted may call but not raise again
    while not hand.is_over and hand.street == 1:
        assert not hand.can_raise_to()
        hand.call()
    assert first is not None


def test_S3_community_card_when_the_stub_runs_short() -> None:
    cfg = GameConfig(**SEVEN)  # type: ignore[arg-type]
    hand = StudHand(cfg, stacks=[1000] * 8, dealer=0, seed=11)
    while not hand.is_over:
        hand.check() if hand.can_check() else hand.call() if hand.can_call() else hand.bring_in()
    # 8 x 6 cards + 4 burns use the whole deck: the seventh street is one card in the
    # centre, taken from the burned cards
    assert len(hand.community) == 1
    assert all(len(hand.cards[s]) == 6 for s in range(8))


def test_S6_last_aggressor_shows_first() -> None:
    streets = [["2h 3h Ah", "7d 8d 4c"], ["Kd", "5d"], ["Qs", "9c"], ["Jc", "Tc"], ["6s", "6d"]]
    hand = seven(streets, [1000, 1000])
    while not hand.is_over:
        if hand.street == 4 and hand.can_bet() and hand.actor == 1:
            hand.bet()
        elif hand.can_check():
            hand.check()
        elif hand.can_call():
            hand.call()
        else:
            hand.bring_in()
    shows = [r.seat for r in hand.records if r.kind == "show"]
    assert shows[0] == 1


def test_E2_illegal_action_leaves_state_unchanged() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"]], [100] * 3)
    before = hand.to_json()
    for op in (hand.check, hand.call, hand.bet, hand.raise_to, hand.fold):
        with pytest.raises(RuleError):
            op()
        assert hand.to_json() == before


def test_E3_view_hides_other_down_cards() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"]], [100] * 3)
    v = hand.view(0)
    assert v["cards"][0] == ["Ah", "Kh", "2d"]
    assert v["cards"][1] == [None, None, "2c"]
    text = json.dumps(hand.view(1))
    for hidden in ("Ah", "Kh", "Td", "9d"):
        assert hidden not in text
    assert "burn" in text and "2s" not in text  # the burn card stays hidden


def test_E4_same_seed_same_hand() -> None:
    cfg = GameConfig(**SEVEN)  # type: ignore[arg-type]
    a = StudHand(cfg, stacks=[50, 60, 70], dealer=1, seed=99)
    b = StudHand(cfg, stacks=[50, 60, 70], dealer=1, seed=99)
    assert a.to_json() == b.to_json()
    c = StudHand(cfg, stacks=[50, 60, 70], dealer=1)
    d = StudHand(cfg, stacks=[50, 60, 70], dealer=1)
    assert c.deck != d.deck  # the OS's random source: equal decks have chance 1/52!


def test_F4_five_card_stud_high_card_acts_and_may_check() -> None:
    cfg = GameConfig(variant="five_card_stud", ante=1, small_bet=10, big_bet=20)
    deck = deal_order(0, [["2c Kh", "3c Ks", "4c Qd"]])
    hand = StudHand(cfg, stacks=[100] * 3, dealer=0, deck=deck)
    assert hand.actor == 1  # kings tie: seat 1 was dealt before seat 0 (dealer 0)
    assert hand.can_check() and not hand.can_bring_in()


def test_F4_must_open_option_passes_to_next_highest() -> None:
    cfg = GameConfig(variant="five_card_stud", ante=1, small_bet=10, big_bet=20,
                     first_round="must_open")
    deck = deal_order(0, [["2c Ah", "3c Ks", "4c Qd"]])
    hand = StudHand(cfg, stacks=[100] * 3, dealer=0, deck=deck)
    assert hand.actor == 0
    with pytest.raises(RuleError) as e:
        hand.check()
    assert e.value.rule == "F4"
    hand.fold()
    assert hand.actor == 1  # the king must now open or fold
    assert not hand.can_check() and hand.can_bet()


VARIANT_NAMES = ["seven_card_stud", "razz", "stud_hilo", "five_card_stud", "five_card_stud_32",
                 "mexican_stud", "baseball"]


def down_cards(hand: StudHand) -> list[int]:
    assert hand.actor is not None
    return [c for c, up in hand.cards[hand.actor] if not up]


@settings(max_examples=90, deadline=None)
@given(variant=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 2**32),
       stacks=st.lists(st.integers(1, 200), min_size=2, max_size=6),
       betting=st.sampled_from(["fixed", "pot", "no"]),
       policy=st.randoms(use_true_random=False))
def test_E1_E2_random_play_conserves_chips_and_round_trips(variant: str, seed: int,
                                                           stacks: list[int], betting: str,
                                                           policy: random.Random) -> None:
    cfg = GameConfig(variant=variant, ante=1, bring_in=2, small_bet=4, big_bet=8,
                     betting=betting)  # type: ignore[arg-type]
    hand = StudHand(cfg, stacks=stacks, dealer=seed % len(stacks), seed=seed)
    total = sum(stacks)
    while not hand.is_over:
        assert sum(hand.stacks) + hand.pot_total == total  # E1
        legal = sorted(hand.legal_actions())
        before = hand.to_json()
        illegal = [a for a in ("fold", "check", "call", "bet", "raise", "bring_in", "complete",
                               "buy_pot") if a not in legal]
        if legal == ["turn_up"]:
            with pytest.raises(RuleError):
                hand.call()
            assert hand.to_json() == before  # E2
            hand.turn_up(policy.choice(down_cards(hand)))
            continue
        if illegal:
            op = policy.choice(illegal)
            with pytest.raises(RuleError):
                hand.act(op)
            assert hand.to_json() == before  # E2
        op = policy.choice(legal)
        least, most = hand.legal_chips()[op]
        if op in ("bet", "raise") and most > least:
            seat = hand.actor
            assert seat is not None
            have = hand._round.bet[seat]
            with pytest.raises(RuleError) as e:
                hand.act(op, have + most + 1)  # B2: above the limit
            assert e.value.rule == "B2" and hand.to_json() == before
            hand.act(op, have + policy.randint(least, most))
        else:
            hand.act(op)
        again = StudHand.from_json(hand.to_json())
        assert again.to_json() == hand.to_json() and again.records == hand.records
    assert sum(hand.stacks) == total
    for s in range(len(stacks)):  # E3: no view shows a card it should not
        view = json.dumps(hand.view(s))
        assert json.loads(view)["seat"] == s


FULL_STREETS = [["2h 3h Ah", "7d 8d 4c"], ["Kd", "5d"], ["Qs", "9c"], ["Jc", "Tc"], ["6s", "6d"]]


def test_S6_loser_mucks_and_stays_hidden() -> None:
    # seat 0: A K Q J 6 high card... vs seat 1: 7 8 4 5 9 T 6 = a straight 4-8... (T-high 6-T)
    hand = seven(FULL_STREETS, [1000, 1000])
    check_down(hand)
    kinds = [(r.kind, r.seat) for r in hand.records if r.kind in ("show", "muck")]
    # nobody bet on seventh street: the best showing hand (seat 0: A K Q J) shows first, then
    # seat 1 shows its straight and wins; seat 0 had shown first, so both are shown
    assert kinds == [("show", 0), ("show", 1)]
    assert hand.stacks == [1000 - 1 - 2, 1000 + 1 + 2]
    # with seat 1 first (it bets the river), seat 0 cannot beat the straight and mucks
    hand = seven(FULL_STREETS, [1000, 1000])
    while not hand.is_over:
        if hand.street == 4 and hand.actor == 1 and hand.can_bet():
            hand.bet()
        else:
            hand.check() if hand.can_check() else hand.bring_in() if hand.can_bring_in() \
                else hand.call()
    kinds = [(r.kind, r.seat) for r in hand.records if r.kind in ("show", "muck")]
    assert kinds == [("show", 1), ("muck", 0)]
    view = json.dumps(hand.view(1))
    assert "Ah" in view and "2h" not in view  # seat 0's down cards stay hidden


def test_D3_unused_cards_break_ties_option() -> None:
    # both hold aces and kings with a queen; only the two unused cards differ: 9 7 against 8 6
    streets = [["Ac Ah 9h", "As Ad 8d"], ["Kc", "Ks"], ["Kh", "Kd"], ["Qs", "Qh"], ["7s", "6s"]]
    split = seven(streets, [1000, 1000])
    check_down(split)
    assert split.stacks == [1000, 1000]
    tie = seven(streets, [1000, 1000], tiebreak="unused_cards")
    check_down(tie)
    # pot: two antes, the bring-in and its call = 6; seat 0's 9 7 beat seat 1's 8 6
    assert tie.stacks == [1003, 997]


def test_B2_pot_limit_bets_up_to_the_pot() -> None:
    cfg = GameConfig(variant="five_card_stud", ante=5, small_bet=10, betting="pot")
    hand = StudHand(cfg, stacks=[1000, 1000, 1000], dealer=0,
                    deck=deal_order(0, [["2c Kh", "3c Ks", "4c Qd"]]))
    assert hand.legal_actions()["bet"] == (10, 15)  # the pot holds the three antes
    hand.bet(15)
    # the next player may raise to 15 + (pot 30 + 15 to call) = 60
    assert hand.legal_actions()["raise"] == (30, 60)
    with pytest.raises(RuleError) as e:
        hand.raise_to(61)
    assert e.value.rule == "B2"
    hand.raise_to(60)
    assert hand.pot_total == 15 + 15 + 60


def test_B2_no_limit_all_in_and_B7_short_all_in_does_not_reopen() -> None:
    cfg = GameConfig(variant="five_card_stud", ante=0, small_bet=10, betting="no")
    hand = StudHand(cfg, stacks=[1000, 1000, 130], dealer=0,
                    deck=deal_order(0, [["2c Kh", "3c Ks", "4c Qd"]]))
    assert hand.actor == 1
    assert hand.legal_actions()["bet"] == (10, 1000)
    hand.bet(100)                      # seat 1 (the king dealt first)
    hand.call()                        # seat 2, clockwise next: 30 left
    assert hand.actor == 0
    hand.call()                        # seat 0
    assert hand.street == 1
    # next street: seat 2 (Q) is not first; let everyone check to seat 2's all-in
    while hand.actor != 2:
        hand.check()
    rec = hand.bet(30)                 # all in for 30 (its whole stack)
    assert hand.is_all_in(2) and rec.to == 30
    # seats that checked face a bet and may raise (an opening bet reopens everything)
    assert "raise" in hand.legal_actions()
    hand.raise_to(60)
    hand.call()
    assert hand.street == 2 or hand.is_over


def test_B7_no_limit_short_all_in_raise_does_not_reopen() -> None:
    cfg = GameConfig(variant="five_card_stud", ante=0, small_bet=10, betting="no")
    hand = StudHand(cfg, stacks=[1000, 1000, 150], dealer=0,
                    deck=deal_order(0, [["2c Kh", "3c Ks", "4c Qd"]]))
    hand.bet(100)                      # seat 1 bets 100
    hand.raise_to(150)                 # seat 2 all in: 50 more is less than a full raise
    assert hand.actor == 0
    assert "raise" in hand.legal_actions()   # seat 0 has not acted: it may raise
    hand.call()
    assert hand.actor == 1
    assert "raise" not in hand.legal_actions()  # seat 1 acted before the short raise
    hand.call()


def test_S4_mexican_stud_cards_come_down_and_one_is_turned_up_before_each_round() -> None:
    cfg = GameConfig(variant="mexican_stud", ante=1, small_bet=10)
    deck = deal_order(0, [["Ah Kd", "2c 3c"], ["Qs", "4d"], ["Js", "5d"], ["Ts", "6d"]])
    hand = StudHand(cfg, stacks=[100, 100], dealer=0, deck=deck)
    assert all(not up for s in range(2) for _, up in hand.cards[s])
    assert hand.actor == 1 and set(hand.legal_actions()) == {"turn_up"}
    with pytest.raises(RuleError) as e:
        hand.check()
    assert e.value.rule == "S4"
    with pytest.raises(RuleError):
        hand.turn_up("Ah")  # seat 0's card: seat 1, dealt first, turns first
    hand.turn_up("2c")
    assert hand.actor == 0
    hand.turn_up("Ah")
    assert "Ah" in json.dumps(hand.view(1)) and "Kd" not in json.dumps(hand.view(1))
    assert hand.actor == 0 and "check" in hand.legal_actions()  # F4: the ace acts first
    while not hand.is_over:
        if "turn_up" in hand.legal_actions():
            hand.turn_up(down_cards(hand)[0])
        else:
            hand.check()
    for s in range(2):  # one card stays down at the end
        assert sum(1 for _, up in hand.cards[s] if not up) == 1


def test_E2_short_hole_cards_are_refused_before_anything_is_dealt() -> None:
    """Hole cards (a replay) that give one seat its street's card and another none are bad
    input: a ValueError, and the dealer's deal() leaves the state as it was."""
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
    with pytest.raises(ValueError, match="seat 0 has no card left for street 1"):
        StudHand(cfg, stacks=[100, 100], dealer=1, hole_cards=["As", "Kd Kh Ks"])
    hand = StudHand(cfg, stacks=[100, 100], dealer=1, hole_cards=["As", "Kd Kh Ks"],
                    automatic=False)
    hand.post_antes()
    before = hand.to_json()
    with pytest.raises(ValueError, match="seat 0 has no card left"):
        hand.deal()
    assert hand.to_json() == before


def test_S4_S3_no_card_to_turn_up_after_a_shared_card() -> None:
    """Ten players of Mexican stud run the stub short on fifth street (S3): the shared card is
    nobody's, so nobody turns a card up then, and every player keeps one card down (S4)."""
    cfg = GameConfig(variant="mexican_stud", ante=1, small_bet=10)
    hand = StudHand(cfg, stacks=[100] * 10, dealer=9, seed=3)
    turned_after_shared = 0
    while not hand.is_over:
        if "turn_up" in hand.legal_actions():
            turned_after_shared += bool(hand.community)
            hand.turn_up(down_cards(hand)[0])
        else:
            hand.act("check" if hand.can_check() else "call")
    assert len(hand.community) == 1
    assert turned_after_shared == 0
    for s in range(10):
        assert sum(1 for _, up in hand.cards[s] if not up) == 1


def test_S5_baseball_up_three_buys_the_pot_or_folds_then_threes_are_wild() -> None:
    cfg = GameConfig(variant="baseball", ante=1, bring_in=2, small_bet=10)
    deck = deal_order(0, [["2d 5d 7s", "Ah Kh 3c"]])
    hand = StudHand(cfg, stacks=[100, 100], dealer=0, deck=deck)
    assert hand.actor == 1 and set(hand.legal_actions()) == {"buy_pot", "fold"}
    with pytest.raises(RuleError) as e:
        hand.call()
    assert e.value.rule == "S5"
    rec = hand.buy_pot()
    assert rec.amount == 2 and hand.pot_total == 4  # the pot doubles
    # the three is wild now, so it cannot be the low card: the seven brings in
    assert hand.actor == 0 and hand.can_bring_in()


def test_S5_baseball_folding_to_the_up_three() -> None:
    cfg = GameConfig(variant="baseball", ante=1, bring_in=2, small_bet=10)
    hand = StudHand(cfg, stacks=[100, 100], dealer=0,
                    deck=deal_order(0, [["2d 5d 7s", "Ah Kh 3c"]]))
    hand.fold()
    assert hand.is_over and hand.stacks == [101, 99]


def test_S5_nines_and_down_threes_are_wild() -> None:
    cfg = GameConfig(variant="baseball", ante=1, bring_in=2, small_bet=10)
    # seat 0: 3d (down, wild) 9c (down, wild) As + Ad Ah: five aces
    # seat 1: Kh Kd Ks + Kc Qs: four kings, which would beat three aces without the wilds
    streets = [["3d 9c As", "Kh Kd Ks"], ["Ad", "Kc"], ["Ah", "Qs"], ["2c", "Qd"],
               ["4s", "Qc"]]
    hand = StudHand(cfg, stacks=[100, 100], dealer=0, deck=deal_order(0, streets))
    check_down(hand)
    assert hand.stacks[0] > 100
    shows = [r.seat for r in hand.records if r.kind == "show"]
    assert 0 in shows


def test_S5_four_up_extra_down_card_option() -> None:
    streets = [["2d 5d 4s", "Ah Kh Qc"]]
    plain = StudHand(GameConfig(variant="baseball", ante=1, small_bet=10), stacks=[100, 100],
                     dealer=0, deck=deal_order(0, streets))
    assert len(plain.cards[0]) == 3
    extra = StudHand(GameConfig(variant="baseball", ante=1, small_bet=10,
                                four_up_extra_card=True),
                     stacks=[100, 100], dealer=0, deck=deal_order(0, streets))
    assert len(extra.cards[0]) == 4 and not extra.cards[0][3][1]  # one more, face down


def test_B9_folding_when_check_is_possible_and_dead_seat_option() -> None:
    streets = [["2h 3h Ah", "7d 8d 4c", "9s Ts Qs"], ["Kd", "5d", "Js"], ["Qh", "9c", "2s"]]
    for keeps in (False, True):
        hand = seven(streets, [1000] * 3, dead_seat_keeps_cards=keeps)
        hand.bring_in()        # seat 1 (4c)
        hand.call()            # seat 2
        hand.call()            # seat 0
        assert hand.street == 1 and hand.can_check()
        folder = hand.actor
        assert folder is not None
        hand.fold()            # B9: allowed even though checking was possible
        while hand.street == 1:
            hand.check()
        got = len(hand.cards[folder])
        assert got == (5 if keeps else 4)  # seed 001: still dealt to until the next bet
        others = [s for s in range(3) if s != folder]
        assert all(len(hand.cards[s]) == 5 for s in others)
        if keeps:  # the others' fifth-street cards are the ones the deck had for them
            assert all(hand.cards[s][4][0] == parse_cards(streets[2][s])[0] for s in others)


def test_S3_no_betting_on_a_shared_seventh_card_option() -> None:
    cfg = GameConfig(**{**SEVEN, "community_card_betting": False})  # type: ignore[arg-type]
    hand = StudHand(cfg, stacks=[1000] * 8, dealer=0, seed=11)
    while not hand.is_over:
        assert not (hand.community and hand.street == 4), "betting on the shared card"
        hand.check() if hand.can_check() else hand.call() if hand.can_call() else hand.bring_in()
    assert len(hand.community) == 1


def test_I1_premature_card_buried_by_default() -> None:
    streets = [["2h 3h Ah", "7d 8d 4c"], ["Kd", "5d"]]
    hand = seven(streets, [1000, 1000])
    hand.bring_in()
    rec = hand.expose_premature_card()
    assert rec.kind == "premature_card" and hand.can_call()  # betting goes on, uncapped
    assert hand.can_complete()
    hand.call()
    dealt = [r.cards[0] for r in hand.records if r.kind == "deal"]
    assert rec.cards[0] not in dealt  # buried: nobody gets it
    assert rec.cards[0] in hand._shoe.burned


def test_I1_premature_card_kept_and_round_capped_option() -> None:
    streets = [["2h 3h Ah", "7d 8d 4c"], ["Kd", "5d"]]
    hand = seven(streets, [1000, 1000], premature_card="keep_capped")
    hand.bring_in()   # seat 1 brings in for 2: the largest bet so far
    hand.call()       # seat 0
    assert hand.street == 1
    hand.bet()        # fourth street bet
    rec = hand.expose_premature_card()
    with pytest.raises(RuleError) as e:
        hand.raise_to()
    assert e.value.rule == "I1"
    hand.call()
    # fifth street: the exposed card is dealt face up to whoever receives it
    dealt = [(r.cards[0], r.up[0]) for r in hand.records if r.kind == "deal" and r.street == 2]
    assert (rec.cards[0], True) in dealt
    assert hand.can_bet() or hand.can_check()  # the new round is not capped


def test_S1_five_card_stud_deal_and_four_betting_rounds() -> None:
    cfg = GameConfig(variant="five_card_stud", ante=1, small_bet=10)
    hand = StudHand(cfg, stacks=[500, 500, 500], dealer=0, seed=3)
    rounds = 0
    while not hand.is_over:
        if hand.street == rounds:
            rounds += 1
        hand.check() if hand.can_check() else hand.call()
    assert rounds == 4
    for s in range(3):  # one down, then four up
        assert [up for _, up in hand.cards[s]] == [False, True, True, True, True]


def test_B5_round_ends_when_everyone_acted_and_matched() -> None:
    hand = seven([["Ah Kh 2d", "Qd Jd 2c", "Td 9d 7s"]], [500] * 3)
    hand.bring_in()
    hand.complete()      # seat 2
    hand.raise_to()      # seat 0
    assert hand.street == 0 and hand.actor == 1  # seat 1 has not matched
    hand.call()
    assert hand.street == 0 and hand.actor == 2  # seat 2 acted, but not for the raise
    hand.call()
    assert hand.street == 1                      # all acted and matched: next street


def _drive(hand: StudHand, deal: Callable[[StudHand], None] = StudHand.deal) -> None:
    """Play a dealer-driven hand: the dealer's operations when due (``deal`` for the deals),
    players check or call."""
    while not hand.is_over:
        due = hand.dealer_due
        if due == "deal":
            deal(hand)
        elif due is not None:
            getattr(hand, due)()
        elif hand.can_check():
            hand.check()
        elif hand.can_bring_in():
            hand.bring_in()
        else:
            hand.call()


def test_dealer_driven_hand_matches_the_automatic_one() -> None:
    cfg = GameConfig(**SEVEN)  # type: ignore[arg-type]
    auto = StudHand(cfg, stacks=[300, 300, 300], dealer=1, seed=5)
    manual = StudHand(cfg, stacks=[300, 300, 300], dealer=1, seed=5, automatic=False)
    assert manual.dealer_due == "post_antes" and not manual.records and manual.actor is None
    with pytest.raises(RuleError):
        manual.deal()  # the antes come first
    check_down(auto)
    _drive(manual)
    assert manual.stacks == auto.stacks
    assert [r for r in manual.records if r.kind != "collect"] == auto.records
    again = StudHand.from_json(manual.to_json())
    assert again.records == manual.records


def test_I2_first_seventh_street_card_exposed_all_go_up() -> None:
    hand, _ = _dealer_driven_hand()
    first = hand._dealing[0]
    opener_sixth: list[int | None] = []

    def deal(h: StudHand) -> None:
        if h.street == 3:  # dealing seventh street: the first card comes face up
            h.deal(exposed=[first])
            seventh = [r for r in h.records if r.kind == "deal" and r.street == 4]
            assert seventh and all(r.up[0] for r in seventh)   # every card face up
            assert h.actor == opener_sixth[0]                  # sixth street's opener opens
        else:
            h.deal()
            opener_sixth[:] = [h.actor]

    _drive(hand, deal)
    assert hand.is_over


def _dealer_driven_hand() -> tuple[StudHand, int]:
    """A dealer-driven three-handed hand and the seat dealt second (an I2 victim)."""
    cfg = GameConfig(**SEVEN)  # type: ignore[arg-type]
    hand = StudHand(cfg, stacks=[300, 300, 300], dealer=0, seed=9, automatic=False)
    return hand, hand._dealing[1]


def test_I2_later_exposed_card_gives_the_rights_of_an_all_in_player() -> None:
    hand, victim = _dealer_driven_hand()

    def deal(h: StudHand) -> None:
        if h.street != 3:
            h.deal()
            return
        h.deal(exposed=[victim])  # seventh street, second card face up
        assert h.actor == victim and set(h.legal_actions()) == {"take_all_in", "play_on"}
        with pytest.raises(RuleError) as e:
            h.check()
        assert e.value.rule == "I2"
        h.take_all_in()
        assert h.is_all_in(victim)
        while h.actor is not None:
            assert h.actor != victim  # it acts no more
            h.bet() if h.can_bet() else h.call()

    _drive(hand, deal)
    pots = hand.pots()
    assert len(pots) == 2 and victim not in pots[1].eligible  # later bets: a side pot
    assert sum(hand.stacks) == 900


def test_I2_exposed_card_player_may_play_on() -> None:
    hand, victim = _dealer_driven_hand()

    def deal(h: StudHand) -> None:
        if h.street != 3:
            h.deal()
            return
        h.deal(exposed=[victim])
        h.play_on()
        assert not h.is_all_in(victim)

    _drive(hand, deal)
    assert hand.is_over and sum(hand.stacks) == 900
    again = StudHand.from_json(hand.to_json())
    assert again.records == hand.records
