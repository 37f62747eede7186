"""The OpenSpiel games (issue 24): OpenSpiel's own consistency test for every variant, E3 in
the information states, returns against the engine and the PHH replay, clones."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import stud_fast.openspiel as sfo  # noqa: E402  (registers the games)
from stud_fast.cards import CARD_TEXT  # noqa: E402
from stud_fast.history import replay, to_phh  # noqa: E402
from stud_fast.table import StudHand  # noqa: E402
from stud_fast.variants import VARIANTS, get_variant  # noqa: E402


def _most(variant: str) -> int:
    return get_variant(variant).most_players()


CASES = [(v, p, betting) for v in sorted(VARIANTS)
         for p, betting in [(2, "fixed"), (3, "pot"), (_most(v), "no")]]


@pytest.mark.parametrize("variant,players,betting", CASES)
def test_random_sim_test_passes(variant: str, players: int, betting: str) -> None:
    game = pyspiel.load_game(f"stud_fast_{variant}(players={players},betting={betting})")
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_every_variant_is_registered_with_its_options_as_parameters() -> None:
    names = set(pyspiel.registered_names())
    assert set(sfo.GAMES.values()) <= names
    game = pyspiel.load_game("stud_fast_razz(players=3,ante=2,small_bet=4,max_raises=4,"
                             "tiebreak=unused_cards)")
    config = game.config
    assert (config.ante, config.small_bet, config.big_bet, config.max_raises,
            config.tiebreak) == (2, 4, 8, 4, "unused_cards")
    with pytest.raises(ValueError):
        pyspiel.load_game("stud_fast_razz(players=9)")


def random_play(game: Any, rng: random.Random, stop: float = 1.0) -> Any:
    """Play random actions (chance uniformly) until the end, or stop at each node with
    probability ``1 - stop``."""
    state = game.new_initial_state()
    while not state.is_terminal() and rng.random() < stop:
        if state.is_chance_node():
            cards, _ = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(cards))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def visible_cards(hand: StudHand, player: int) -> set[int]:
    """The cards ``player`` may see (E3), from the engine's own view."""
    view = hand.view(player)
    texts = {t for held in view["cards"] for t in held if t is not None}
    texts |= set(view["community"])
    return {c for c, t in enumerate(CARD_TEXT) if t in texts}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_E3_information_states_hold_only_what_the_player_may_know(variant: str) -> None:
    rng = random.Random(f"E3 {variant}")
    game = pyspiel.load_game(f"stud_fast_{variant}(players=3)")
    for _ in range(40):
        state = random_play(game, rng, stop=0.97)
        hand = state.hand
        dealt = {c for held in hand.cards for c, _ in held} | set(hand.community)
        for player in range(3):
            allowed = visible_cards(hand, player)
            tensor = state.information_state_tensor(player)
            seats = len(hand.cards)
            planes = [tensor[seats + s * 53: seats + s * 53 + 52] for s in range(seats)]
            seen = {c for plane in planes for c, bit in enumerate(plane) if bit}
            assert seen <= allowed
            assert {c for c, _ in hand.cards[player]} <= seen  # its own cards, all of them
            text = state.information_state_string(player)
            hidden = {CARD_TEXT[c] for c in dealt - allowed}
            mentioned = set(json.dumps(text).replace('\\"', '"').split('"'))
            assert not hidden & mentioned, (player, hidden & mentioned)


def test_E3_another_players_down_card_does_not_change_the_information_state() -> None:
    """Two games that differ only in the first card dealt, seat 1's first down card (the
    dealer is seat 0), replaced by a card nobody is dealt: seat 0's information state (string
    and tensor) is the same in both at every decision before a showdown, seat 1's is not."""
    rng = random.Random(3)
    game = pyspiel.load_game("stud_fast_seven_card_stud(players=2)")
    compared = 0
    for _ in range(30):
        a = random_play(game, rng)
        history = a.history()
        hand = a.hand
        assert hand.cards[1][0] == (history[0], False)
        dealt = {c for held in hand.cards for c, _ in held} | set(hand.community)
        other = rng.choice([c for c in range(52) if c not in dealt])
        x, y = game.new_initial_state(), game.new_initial_state()
        for i, action in enumerate(history):
            x.apply_action(action)
            y.apply_action(other if i == 0 else action)
            if x.is_terminal() or any(r.kind == "show" for r in x.hand.records):
                break
            if x.is_chance_node():  # the street's cards are dealt once all are drawn
                continue
            assert x.information_state_string(0) == y.information_state_string(0)
            assert x.information_state_tensor(0) == y.information_state_tensor(0)
            assert x.information_state_string(1) != y.information_state_string(1)
            compared += 1
    assert compared > 60


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_returns_are_the_engines_chip_results_and_the_phh_replays(variant: str) -> None:
    rng = random.Random(f"returns {variant}")
    game = pyspiel.load_game(f"stud_fast_{variant}(players=3,stack=60)")
    for _ in range(8):
        state = random_play(game, rng)
        returns = state.returns()
        assert sum(returns) == 0
        hand = state.hand
        again = StudHand.from_json(hand.to_json())
        assert again.is_over and [s - 60 for s in again.stacks] == returns
        replayed = replay(to_phh(hand))  # p1, at seat 0, is the seat on the dealer's left
        n = len(returns)
        assert [replayed.stacks[(s - hand.dealer - 1) % n] - 60 for s in range(n)] == returns


def test_clone_is_independent() -> None:
    rng = random.Random(5)
    game = pyspiel.load_game("stud_fast_mexican_stud(players=3)")
    state = random_play(game, rng, stop=0.9)
    while state.is_terminal():
        state = random_play(game, rng, stop=0.9)
    before = str(state), state.history()
    twin = state.clone()
    assert str(twin) == before[0] and twin.history() == before[1]
    while not twin.is_terminal():
        if twin.is_chance_node():
            twin.apply_action(twin.chance_outcomes()[-1][0])
        else:
            twin.apply_action(twin.legal_actions()[-1])
    assert (str(state), state.history()) == before


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    game = pyspiel.load_game("stud_fast_razz")
    state = game.new_initial_state()
    before = str(state)
    with pytest.raises(Exception, match="not left to deal|not legal"):
        state.apply_action(60)
    assert str(state) == before
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = str(state)
    illegal = next(a for a in range(16) if a not in state.legal_actions())
    with pytest.raises(Exception):
        state.apply_action(illegal)
    assert str(state) == before
