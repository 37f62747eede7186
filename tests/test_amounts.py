"""One unit for amounts (issue 20, item 3): a bet, raise or completion is named by the total the
seat's bet for the round becomes, in ``legal_actions()``, the views, the environments and
``act()``; ``legal_chips()`` gives the chips still to put in."""

from __future__ import annotations

import random

import pytest

from stud_fast.errors import RuleError
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig

RAZZ = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5, big_bet=10)
TO_TOTAL = ("bet", "raise", "complete")


def _razz_bring_in_facing_a_raise() -> StudHand:
    hand = StudHand(RAZZ, stacks=[50, 50, 50], dealer=0, seed=1)
    assert hand.bring_in().seat == 2       # 2 chips
    assert hand.complete().to == 5         # seat 0
    assert hand.raise_to(10).to == 10      # seat 1
    assert hand.actor == 2
    return hand


def test_B2_the_bring_in_facing_a_raise_to_10_is_offered_a_raise_to_15() -> None:
    hand = _razz_bring_in_facing_a_raise()
    assert hand.legal_actions() == {"fold": (0, 0), "call": (8, 8), "raise": (15, 15)}
    assert hand.legal_chips() == {"fold": (0, 0), "call": (8, 8), "raise": (13, 13)}
    record = hand.act("raise", hand.legal_actions()["raise"][0])  # taken at its word
    assert (record.kind, record.seat, record.amount, record.to) == ("raise", 2, 13, 15)
    assert hand.contributed[2] == 1 + 15


def test_B2_a_raise_named_by_the_chips_put_in_is_refused_and_changes_nothing() -> None:
    hand = _razz_bring_in_facing_a_raise()
    before = hand.to_json()
    with pytest.raises(RuleError) as e:
        hand.act("raise", 13)
    assert e.value.rule == "B2" and "raise to 13 is outside 15..15" in str(e.value)
    assert hand.to_json() == before


def test_F2_a_completion_is_named_by_its_total_and_act_takes_it() -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10)
    probe = StudHand(cfg, stacks=[100, 100, 100], dealer=0, seed=4)
    probe.bring_in()
    short = probe.actor  # the seat after the bring-in gets 8 chips: 7 after the ante
    assert short is not None
    hand = StudHand(cfg, stacks=[8 if s == short else 100 for s in range(3)], dealer=0,
                    seed=4)
    hand.bring_in()
    assert hand.actor == short
    assert hand.legal_actions()["complete"] == hand.legal_chips()["complete"] == (7, 7)
    before = hand.to_json()
    for wrong in (6, 10):
        with pytest.raises(RuleError) as e:
            hand.act("complete", wrong)
        assert e.value.rule == "B2" and hand.to_json() == before
    record = hand.act("complete", 7)      # all in for less than the small bet
    assert (record.amount, record.to) == (7, 7) and hand.stacks[short] == 0


def test_B1_fold_check_call_and_bring_in_still_take_no_amount() -> None:
    hand = _razz_bring_in_facing_a_raise()
    before = hand.to_json()
    for kind in ("fold", "call"):
        with pytest.raises(RuleError) as e:
            hand.act(kind, 8)
        assert e.value.rule == "B1" and hand.to_json() == before


@pytest.mark.parametrize("betting", ["fixed", "pot", "no"])
def test_B2_every_amount_offered_is_accepted_by_act_and_one_more_is_refused(betting: str
                                                                           ) -> None:
    rng = random.Random(betting)
    for number in range(40):
        variant = rng.choice(sorted(VARIANTS))
        cfg = GameConfig(variant=variant, ante=1, small_bet=4,
                         betting=betting)  # type: ignore[arg-type]
        hand = StudHand(cfg, stacks=[rng.choice([9, 40, 150]) for _ in range(4)], seed=number)
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            legal, chips = hand.legal_actions(), hand.legal_chips()
            have = hand.seat_view(seat).round_bet
            assert set(legal) == set(chips)
            for kind, (least, most) in legal.items():
                shift = have if kind in TO_TOTAL else 0
                assert chips[kind] == (least - shift, most - shift)
                assert 0 <= chips[kind][0] <= chips[kind][1] <= hand.stacks[seat]
            # the view of the seat to act shows the same amounts in both units
            view = hand.seat_view(seat)
            assert dict(view.legal_actions) == legal and view.legal_chips == chips
            text = hand.view(seat)
            assert text["legal_actions"] == {k: list(v) for k, v in legal.items()}
            assert text["legal_chips"] == {k: list(v) for k, v in chips.items()}
            kind = rng.choice(sorted(legal))
            if kind == "turn_up":
                hand.turn_up(rng.choice([c for c, up in hand.cards[seat] if not up]))
                continue
            if kind not in TO_TOTAL:
                record = hand.act(kind)
                assert record.amount == chips[kind][0]
                continue
            least, most = legal[kind]
            before = hand.to_json()
            with pytest.raises(RuleError) as e:
                hand.act(kind, most + 1)
            assert e.value.rule == "B2" and hand.to_json() == before
            if least > have:
                with pytest.raises(RuleError):
                    hand.act(kind, least - 1)
                assert hand.to_json() == before
            to = rng.randint(least, most)
            record = hand.act(kind, to)
            assert (record.kind, record.to, record.amount) == (kind, to, to - have)


@pytest.mark.parametrize("betting", ["pot", "no"])
def test_B2_the_environment_bets_by_the_total_and_a_pot_raise_is_the_pot_limit(betting: str
                                                                              ) -> None:
    pytest.importorskip("gymnasium")
    from stud_fast.env import ACTIONS
    from stud_fast.env.arrays import Table

    index = {name: i for i, name in enumerate(ACTIONS)}
    rng = random.Random(betting)
    raised = 0
    for seed in range(30):
        table = Table("seven_card_stud", players=3, betting=betting, stacks=500)
        table.new_hand(seed=seed, dealer=0)
        hand = table.hand
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions()
            kind = "bet" if "bet" in legal else "raise" if "raise" in legal else None
            if kind is not None:
                least, most = legal[kind]
                have = hand.seat_view(seat).round_bet
                for i in range(index["bet_min"], index["bet_max"] + 1):
                    to = table.bet_to(i)
                    assert least <= to <= most and table.bet_amount(i) == to - have
                assert table.bet_to(index["bet_min"]) == least
                assert table.bet_to(index["bet_max"]) == most
                if betting == "pot" and kind == "raise" and most < have + hand.stacks[seat]:
                    # a raise of the pot after calling is the most pot limit allows
                    assert table.bet_to(index["bet_pot"]) == most
                    raised += 1
            mask = table.mask(seat)
            choices = [i for i in range(len(ACTIONS)) if mask[i]]
            pick = rng.choice(choices)
            if ACTIONS[pick].startswith("bet_"):
                to = table.bet_to(pick)
                table.play(pick)
                assert hand.records[-1].to == to
            else:
                table.play(pick)
    assert betting == "no" or raised > 0
