"""StudHand.copy() (issue 24 item 2): an independent copy of a hand. The copy and the original,
driven by the same actions, stay equal; acting on one never changes the other; no mutable
object is shared between them."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine_soak import random_action, random_config, snapshot
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig

#: immutable by design (a frozen dataclass, the derived plan): shared by copies
_SHARED = {"config", "_plan"}


def _mutables(value: Any, found: dict[int, str], where: str) -> None:
    """Every mutable object reachable from ``value`` (lists, dicts, sets, the owners' objects
    with slots), by id, with a path to it."""
    if isinstance(value, (int, str, bytes, float, bool, type(None), frozenset)):
        return
    if isinstance(value, tuple):  # immutable, but may hold mutable things
        for i, item in enumerate(value):
            _mutables(item, found, f"{where}[{i}]")
        return
    if id(value) in found:
        return
    found[id(value)] = where
    if isinstance(value, (list, set)):
        for i, item in enumerate(value):
            _mutables(item, found, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _mutables(item, found, f"{where}[{key!r}]")
    else:
        for cls in type(value).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(value, name) and name not in _SHARED:
                    _mutables(getattr(value, name), found, f"{where}.{name}")


def shared_mutables(a: StudHand, b: StudHand) -> list[str]:
    """Paths of the mutable objects ``a`` and ``b`` both hold (none for a real copy)."""
    left: dict[int, str] = {}
    right: dict[int, str] = {}
    _mutables(a, left, "hand")
    _mutables(b, right, "hand")
    return sorted(left[i] for i in set(left) & set(right) if left[i] != "hand")


def step(hand: StudHand, rng: random.Random, errors: bool) -> None:
    """One random legal operation: the dealer's when due, now and then a dealer error (I1,
    I2), else a random player action."""
    if hand.dealer_due is not None:
        getattr(hand, hand.dealer_due)()
    elif errors and rng.random() < 0.05 and hand.can_expose_premature_card():
        hand.expose_premature_card()
    elif errors and rng.random() < 0.1 and hand.can_report_exposed_card(
            victim := rng.randrange(hand.seats)):
        hand.report_exposed_card(victim)
    else:
        random_action(hand, rng)


def random_hand(rng: random.Random, variant: str) -> StudHand:
    config = random_config(rng, variant)
    n = rng.randint(2, config.max_players)
    return StudHand(config, stacks=[rng.choice([1, 3, 8, 20, 60, 200]) for _ in range(n)],
                    dealer=rng.randrange(n), seed=rng.getrandbits(32),
                    burn=rng.random() < 0.8, automatic=rng.random() < 0.6)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_copy_and_original_stay_equal_and_independent(variant: str) -> None:
    rng = random.Random(f"copy {variant}")
    for _ in range(12):
        hand = random_hand(rng, variant)
        errors = rng.random() < 0.5
        while not hand.is_over:
            twin = hand.copy()
            assert type(twin) is StudHand and twin is not hand
            assert snapshot(twin) == snapshot(hand)
            assert twin.to_json() == hand.to_json()
            assert shared_mutables(hand, twin) == []
            # the same actions (same seed) keep them equal
            seed = rng.getrandbits(32)
            step(hand, random.Random(seed), errors)
            before = snapshot(hand)
            step(twin, random.Random(seed), errors)
            # acting on the copy: the original unchanged
            assert snapshot(twin) == snapshot(hand) == before
            assert twin.records == hand.records and twin.legal_actions() == hand.legal_actions()
            # play the copy out: the original does not move
            spare = hand.copy()
            while not spare.is_over:
                step(spare, rng, errors)
            assert snapshot(hand) == before
        assert hand.copy().stacks == hand.stacks


def test_copy_of_a_replay_with_given_hole_cards_is_independent() -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=4)
    hand = StudHand(cfg, stacks=[40, 40], hole_cards=["2c 3c 4c 5c 6c 7c 8c",
                                                      "2d 3d 4d 5d 6d 7d 8d"], seed=5)
    twin = hand.copy()
    assert shared_mutables(hand, twin) == []
    before = snapshot(hand)
    while not twin.is_over:
        twin.act("call" if twin.can_call() else "check" if twin.can_check() else "bring_in")
    assert snapshot(hand) == before
    assert twin._shoe.queued == [[], []] and hand._shoe.queued != twin._shoe.queued


def test_copy_keeps_the_view_caches_apart() -> None:
    cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = StudHand(cfg, stacks=[50, 50, 50], seed=1)
    seen = copy.deepcopy(hand.view(0))
    twin = hand.copy()
    twin.bring_in()
    assert twin.view(0) != seen
    assert hand.view(0) == seen
    assert hand.seat_view(1) == StudHand(cfg, stacks=[50, 50, 50], seed=1).seat_view(1)
