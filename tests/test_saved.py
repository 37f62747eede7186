"""Saved hands (StudHand.to_json / from_json): every field checked, StateError naming it,
optional HMAC signing; fuzzed with hypothesis (only the library's errors escape, and an
accepted state never creates chips, duplicates a card or fails to finish)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud_fast.errors import StateError, StudFastError
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig


def _played(variant: str = "mexican_stud", seed: int = 4, steps: int = 6,
            **options: Any) -> StudHand:
    cfg = GameConfig(variant=variant, ante=1, small_bet=4, **options)
    hand = StudHand(cfg, stacks=[40, 25, 60], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        _random_action(hand, rng)
    return hand


def _random_action(hand: StudHand, rng: random.Random) -> None:
    kind = rng.choice(sorted(hand.legal_actions()))
    if kind == "turn_up":
        s = hand.actor
        assert s is not None
        hand.turn_up(rng.choice([c for c, up in hand.cards[s] if not up]))
    else:
        hand.act(kind)


def _finishes_sound(hand: StudHand) -> None:
    """E1 and distinct cards now, and the hand can be played to its end."""
    rng = random.Random(0)
    total = sum(hand.starting_stacks)
    while True:
        assert sum(hand.stacks) + (0 if hand.is_over else hand.pot_total) == total
        dealt = [c for held in hand.cards for c, _ in held] + hand.community
        assert len(dealt) == len(set(dealt))
        if hand.is_over:
            return
        if hand.dealer_due:
            getattr(hand, hand.dealer_due)()
        else:
            _random_action(hand, rng)


@pytest.mark.parametrize("text, field", [
    ("", "json"), ("[1, 2]", "json"), ("{}", "format"), ("[" * 100_000, "json"), ("null", "json"),
    (b"\xff", "json"), (12, "json"),
])
def test_E2_from_json_refuses_what_is_not_a_saved_hand(text: Any, field: str) -> None:
    with pytest.raises(StateError) as e:
        StudHand.from_json(text)
    assert e.value.field == field and isinstance(e.value, ValueError)


def _mutated(change: Any) -> str:
    data = json.loads(_played().to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change, field", [
    (lambda d: d.pop("deck"), "deck"),                                  # was KeyError
    (lambda d: d.update(actions=[["fold"]]), "actions[0]"),             # was ValueError unpack
    (lambda d: d.update(actions=[["turn_up", None]]), "actions[0]"),
    (lambda d: d.update(config=[]), "config"),                          # was TypeError
    (lambda d: d.update(config={**d["config"], "colour": 1}), "config"),
    (lambda d: d.update(config={**d["config"], "show_all": "yes"}), "config.show_all"),
    (lambda d: d.update(stacks=[40, 25.5, 60]), "stacks"),
    (lambda d: d.update(stacks=[40, True, 60]), "stacks"),
    (lambda d: d.update(stacks=[40] * 11), "stacks"),
    (lambda d: d.update(dealer=3), "dealer"),
    (lambda d: d.update(dealer="0"), "dealer"),
    (lambda d: d["deck"].__setitem__(1, d["deck"][0]), "deck"),        # a card twice
    (lambda d: d["deck"].__setitem__(1, 99), "deck"),                   # no such card
    (lambda d: d["deck"].pop(), "deck"),
    (lambda d: d.update(hole_cards=[[0]]), "hole_cards"),               # was IndexError
    (lambda d: d.update(burn="yes"), "burn"),
    (lambda d: d["actions"].append(["raise", 10 ** 9]), "actions[6]"),
    (lambda d: d["actions"].append(["bet", 2.5]), "actions[6]"),
])
def test_E2_from_json_names_the_damaged_field(change: Any, field: str) -> None:
    assert len(json.loads(_played().to_json())["actions"]) == 6
    with pytest.raises(StateError) as e:
        StudHand.from_json(_mutated(change))
    assert e.value.field == field, str(e.value)


def test_from_json_round_trip_every_field() -> None:
    hand = _played("baseball", steps=9, four_up_extra_card=True)
    again = StudHand.from_json(hand.to_json())
    assert again.records == hand.records and again.to_json() == hand.to_json()


def test_signed_state_round_trip_and_tamper_refused() -> None:
    hand = _played()
    signed = hand.to_json(key="k1")
    assert StudHand.from_json(signed, key="k1").records == hand.records
    assert StudHand.from_json(signed.encode(), key=b"k1").records == hand.records
    envelope = json.loads(signed)
    inner = json.loads(envelope["hand"])
    inner["stacks"][0] += 1000  # chips printed from nothing
    envelope["hand"] = json.dumps(inner, separators=(",", ":"))
    for text, key in ((json.dumps(envelope), "k1"), (signed, "k2"), (signed, None),
                      (hand.to_json(), "k1")):
        with pytest.raises(StateError) as e:
            StudHand.from_json(text, key=key)
        assert e.value.field == "hmac"


@pytest.mark.parametrize("key", [b"", "", bytearray()])
def test_an_empty_key_never_signs_nor_checks_a_state(key: Any) -> None:
    """An empty HMAC key is no secret: refused for signing and for checking alike."""
    hand = _played()
    with pytest.raises(TypeError, match="non-empty"):
        hand.to_json(key=key)
    signed = hand.to_json(key=b"k1")
    with pytest.raises(TypeError, match="non-empty"):
        StudHand.from_json(signed, key=key)


def _accepted_is_sound(text: Any) -> None:
    try:
        hand = StudHand.from_json(text)
    except StudFastError as e:
        assert isinstance(e, (ValueError, TypeError))
        return
    _finishes_sound(hand)


_BASE = [_played(v, steps=s).to_json()
         for v, s in (("mexican_stud", 7), ("baseball", 5), ("seven_card_stud", 9),
                      ("five_card_stud_32", 4))]
_ATOMS = st.one_of(st.integers(-3, 60), st.booleans(), st.none(), st.floats(allow_nan=False),
                   st.text(max_size=4), st.sampled_from(["fold", "call", "bet", "raise",
                                                         "turn_up", "deal", "award"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(_BASE), edits=st.lists(
    st.tuples(st.integers(0, 10 ** 6), st.integers(0, 3), st.text(max_size=3)), max_size=4))
def test_fuzz_from_json_text_mutations(base: str, edits: list[tuple[int, int, str]]) -> None:
    text = base
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut:]
    _accepted_is_sound(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(_BASE), data=st.data())
def test_fuzz_from_json_value_mutations(base: str, data: st.DataObject) -> None:
    state = json.loads(base)
    for _ in range(data.draw(st.integers(1, 3))):
        # pick a path down the structure and replace what is there
        node: Any = state
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = data.draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
                node = child
                continue
            node[key] = data.draw(_ATOMS)
            break
    _accepted_is_sound(json.dumps(state))


def _saved_actions(hand: StudHand) -> list[list[Any]]:
    actions: list[list[Any]] = json.loads(hand.to_json())["actions"]
    return actions


def test_E4_saved_operations_of_a_dealer_driven_hand_come_from_its_records() -> None:
    # the records are the hand's one log: the dealer's operations (no ante records with ante 0)
    # and the I2 exposed seats (given in any order: saved in dealing order) are read from it
    cfg = GameConfig(variant="seven_card_stud", ante=0, bring_in=2, small_bet=4)
    hand = StudHand(cfg, stacks=[80, 80, 80, 80], dealer=3, seed=2, automatic=False)
    assert _saved_actions(hand) == []
    hand.post_antes()
    assert not hand.records and _saved_actions(hand) == [["post_antes", 0]]
    assert StudHand.from_json(hand.to_json()).dealer_due == "deal"
    while hand.street < 3 or hand.dealer_due != "deal":
        if hand.dealer_due:
            getattr(hand, hand.dealer_due)()
        else:
            hand.act("check" if hand.can_check() else "call" if hand.can_call() else "bring_in")
    hand.deal(exposed=[2, 1])  # seventh street: seats 1 and 2 (dealt second and third) face up
    assert _saved_actions(hand)[-2:] == [["collect_bets", 0], ["deal", [1, 2]]]
    deals = [a for a in _saved_actions(hand) if a[0] == "deal"]
    assert deals == [["deal", []]] * 4 + [["deal", [1, 2]]]
    hand.take_all_in()
    hand.play_on()
    while not hand.is_over:
        if hand.dealer_due:
            getattr(hand, hand.dealer_due)()
        else:
            hand.act("check" if hand.can_check() else "call")
    saved = _saved_actions(hand)
    assert saved[0] == ["post_antes", 0] and saved[-1] == ["award", 0]
    again = StudHand.from_json(hand.to_json())
    assert again.records == hand.records and again.stacks == hand.stacks
    assert again.to_json() == hand.to_json()


@pytest.mark.parametrize("premature_card", ["bury", "keep_capped"])
def test_I1_saved_premature_card_replays_from_the_records(premature_card: str) -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=4,
                     premature_card=premature_card)  # type: ignore[arg-type]
    for automatic in (True, False):
        hand = StudHand(cfg, stacks=[80, 80, 80], dealer=0, seed=6, automatic=automatic)
        exposed = False
        while not hand.is_over:
            if hand.dealer_due:
                getattr(hand, hand.dealer_due)()
            elif not exposed and hand.street == 2 and hand.can_expose_premature_card():
                record = hand.expose_premature_card()
                exposed = True
                assert _saved_actions(hand)[-1] == ["premature_card", record.cards[0]]
            else:
                hand.act("check" if hand.can_check() else "call" if hand.can_call()
                         else "bring_in")
        assert exposed
        again = StudHand.from_json(hand.to_json())
        assert again.records == hand.records and again.to_json() == hand.to_json()
