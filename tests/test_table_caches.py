"""What the engine keeps between calls must never show: the shuffle is the plain Fisher-Yates of
E4, view() (kept per seat) equals a view built from scratch at every step and hands out copies,
seat_view() (card faces kept until a card is dealt or turned) shows the cards as they are, and
pots() (kept until chips or folds change) equals build_pots and hands out a new list."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Optional

import pytest

from stud_fast.cards import CARD_TEXT, card_str
from stud_fast.pots import build_pots
from stud_fast.deck import shuffled as _shuffled
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig
from engine_soak import seat_cards


def _fisher_yates(cards: list[int], seed: int) -> list[int]:
    """E4 one digit at a time: bits, j = divmod(bits, i + 1) for i = n-1 .. 1."""
    bits = int.from_bytes(hashlib.blake2b(str(seed).encode(), digest_size=48).digest(), "big")
    out = cards[:]
    for i in range(len(out) - 1, 0, -1):
        bits, j = divmod(bits, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("size", [0, 1, 2, 5, 11, 12, 13, 32, 52, 53, 64])
def test_E4_shuffle_is_the_plain_fisher_yates(size: int) -> None:
    cards = list(range(64 - size, 64))
    rng = random.Random(size)
    for seed in [0, 1, -7, 2**64 - 1] + [rng.getrandbits(64) for _ in range(300)]:
        assert _shuffled(cards, seed) == _fisher_yates(cards, seed)


def test_shuffle_refuses_what_it_cannot_shuffle() -> None:
    from stud_fast import _core
    with pytest.raises(ValueError, match="at most 64 cards"):
        _core.shuffle(list(range(65)), bytes(48))
    with pytest.raises(ValueError, match="48 bytes"):
        _core.shuffle([1, 2], bytes(47))
    for bad in (256, -1, True, 2.0):
        with pytest.raises(ValueError, match="int 0 to 255"):
            _core.shuffle([1, bad], bytes(48))
    with pytest.raises(TypeError):
        _core.shuffle([1, 2], "x" * 48)  # type: ignore[arg-type]


def _view_from_scratch(hand: StudHand, seat: Optional[int]) -> list[dict[str, Any]]:
    """The records of view(seat) (None: an observer's), rebuilt from the whole history."""
    shown = {r.seat for r in hand.records if r.kind == "show"}

    def visible(s: int, card: int, up: bool) -> Optional[str]:
        return card_str(card) if up or s == seat or s in shown else None

    records: list[dict[str, Any]] = []
    for r in hand.records:
        if r.kind == "burn":
            records.append({"kind": "burn", "street": r.street})
            continue
        d = r._asdict()
        if r.kind == "deal" and r.seat is not None:
            d["cards"] = [visible(r.seat, c, u) for c, u in zip(r.cards, r.up)]
        else:
            d["cards"] = [card_str(c) for c in r.cards]
        records.append(d)
    return records


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_E3_kept_views_and_pots_match_fresh_ones(variant: str) -> None:
    rng = random.Random(variant)
    for number in range(40):
        cfg = GameConfig(variant=variant, ante=1, small_bet=4, show_all=number % 2 == 0)
        seats = rng.randint(2, 6)
        hand = StudHand(cfg, stacks=[rng.choice([6, 40, 200]) for _ in range(seats)],
                        dealer=number % seats, seed=number)
        while True:
            together = hand.views([None, *range(seats)])  # made at once, sharing values
            for seat in [None, *range(seats)]:
                shared = json.dumps(hand.view(seat, copy=False))
                assert json.dumps(together[seat + 1 if seat is not None else 0]) == shared
                view = hand.view(seat)
                assert json.dumps(view) == shared  # the same view, records shared or copied
                assert view["records"] == _view_from_scratch(hand, seat)
                shown = {r.seat for r in hand.records if r.kind == "show"}
                assert view["cards"] == [  # E3: own cards and up cards, others' down hidden
                    [card_str(c) if up or s == seat or s in shown else None
                     for c, up in held] for s, held in enumerate(hand.cards)]
                for record in view["records"]:  # the caller may change what it gets
                    record["kind"] = "changed"
                    if "cards" in record:
                        record["cards"].append("Xx")
                view["records"].clear()
                assert hand.view(seat)["records"] == _view_from_scratch(hand, seat)
                assert json.dumps(hand.view(seat, copy=False)) == shared
                if seat is not None:
                    assert hand.seat_view(seat).cards == seat_cards(hand, seat)
            pots = hand.pots()
            assert pots == build_pots(hand.contributed, hand.folded)
            pots.clear()
            assert hand.pots() == build_pots(hand.contributed, hand.folded)
            if hand.is_over:
                break
            legal = hand.legal_actions()
            kind = rng.choice([k for k in legal if k != "fold" or rng.random() < 0.3])
            if kind == "turn_up":
                actor = hand.actor
                assert actor is not None
                hand.act(kind, rng.choice([c for c, up in hand.cards[actor] if not up]))
            else:
                hand.act(kind)


def test_E3_I2_a_reported_exposed_card_is_face_up_in_the_next_seat_view() -> None:
    """The card faces seat_view keeps are made afresh when a card turns face up in place."""
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10)
    hand = StudHand(cfg, stacks=[300] * 3, dealer=0, seed=9)
    while hand.street < 4:
        hand.act("bring_in" if hand.can_bring_in() else "call" if hand.can_call() else "check")
    victim = [s for s in range(3) if s != hand.actor][0]
    watcher = [s for s in range(3) if s != victim][0]
    card = hand.cards[victim][-1][0]
    assert hand.seat_view(watcher).cards[victim][-1] == (None, False)  # seventh street: down
    hand.report_exposed_card(victim)
    assert hand.seat_view(watcher).cards[victim][-1] == (card, True)
    assert all(hand.seat_view(s).cards == seat_cards(hand, s) for s in range(3))


def test_card_text_is_card_str() -> None:
    assert CARD_TEXT == tuple(card_str(c) for c in range(53))


@pytest.mark.parametrize("seat", [-1, 4, "0", 1.0, True])
def test_E3_view_of_a_seat_not_at_the_table_is_refused(seat: Any) -> None:
    hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50] * 4, seed=1)
    with pytest.raises(ValueError, match="not at this table"):
        hand.view(seat)
