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


# ---- OpenSpiel policies and bots playing stud_fast seats (issue 24 item 3) ----------------


def _decisions(game: Any, rng: random.Random, games: int) -> Any:
    """Random games of ``game``: every decision's state (a clone) and its player."""
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                cards, _ = zip(*state.chance_outcomes())
                state.apply_action(rng.choice(cards))
                continue
            yield state.clone(), state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["stud_fast_five_card_stud_32(stack=40,small_bet=2)",
                                  "stud_fast_seven_card_stud(stack=60)",
                                  "stud_fast_razz(players=3,stack=60)",
                                  "stud_fast_mexican_stud(players=3,stack=60)",
                                  "stud_fast_baseball(stack=60,four_up_extra_card=True)"])
def test_state_from_view_gives_the_games_information_state(name: str) -> None:
    """Rebuilt from the acting seat's SeatView alone, the state has the player's information
    state string of the real game at that point, and the same legal actions."""
    game = pyspiel.load_game(name)
    checked = 0
    for state, player in _decisions(game, random.Random(name), 12):
        view = state.hand.seat_view(player)
        rebuilt, me = sfo.state_from_view(game, view)
        assert me == player and rebuilt.current_player() == player
        assert rebuilt.information_state_string(player) == \
            state.information_state_string(player)
        assert rebuilt.legal_actions() == state.legal_actions()
        checked += 1
    assert checked > 30


def _play_hand(config: Any, rng: random.Random, dealer: int, deck: list[int],
               stop: float) -> StudHand:
    """A hand of ``config`` (stacks 60) dealt from ``deck``, random actions (chosen by
    ``rng``) until the end or, at each decision, with probability ``1 - stop``."""
    hand = StudHand(config, stacks=[60] * 2, dealer=dealer, deck=deck)
    while hand.actor is not None and rng.random() < stop:
        legal = list(hand.legal_actions())
        hand.act(rng.choice(legal))
    return hand


def test_E3_the_bots_input_ignores_the_opponents_down_card() -> None:
    """Two hands that differ only in one down card of the opponent (swapped with a card
    nobody is dealt), either dealer, burns on: the acting seat's policy bot rebuilds the same
    information state from both views, equal to the game's own string for that seat's player
    (seats renumbered from the dealer), and takes the same decision with the same random
    source; even a view that (wrongly) showed that down card gives the same input."""
    import dataclasses

    game = pyspiel.load_game("stud_fast_seven_card_stud(stack=60)")
    bot = sfo.policy_bot({}, game)
    rng = random.Random(11)
    compared = 0
    for trial in range(40):
        deck = list(range(52))
        rng.shuffle(deck)
        dealer = trial % 2
        a = _play_hand(game.config, random.Random(trial), dealer, deck, 0.8)
        if a.actor is None:
            continue
        me = a.actor
        down = next(i for i, (c, up) in enumerate(a.cards[1 - me]) if not up)
        dealt = {c for held in a.cards for c, _ in held}
        swap_in = next(c for c in deck[::-1] if c not in dealt)
        card = a.cards[1 - me][down][0]
        other = [swap_in if c == card else card if c == swap_in else c for c in deck]
        b = _play_hand(game.config, random.Random(trial), dealer, other, 0.8)
        assert [r.kind for r in a.records] == [r.kind for r in b.records]
        assert a.cards[1 - me][down][0] != b.cards[1 - me][down][0]
        va, vb = a.seat_view(me), b.seat_view(me)
        assert va == vb  # the views themselves already agree (E3)
        shown = list(va.cards)
        shown[1 - me] = tuple((a.cards[1 - me][j][0], up)
                              for j, (_, up) in enumerate(va.cards[1 - me]))
        leaky = dataclasses.replace(va, cards=tuple(shown))
        key = bot.information_state(va)
        assert bot.information_state(vb) == key == bot.information_state(leaky)
        assert bot.choose(va, random.Random(trial)) == bot.choose(vb, random.Random(trial))
        # the game's own information state for the seat's player (every card real)
        player = (me - dealer) % 2
        state, _ = sfo.state_from_view(game, dataclasses.replace(
            va, cards=tuple(tuple(held) for held in a.cards)))
        assert state.information_state_string(player) == key
        compared += 1
    assert compared >= 10


def test_policy_bot_plays_legal_actions_for_both_seats_in_simulate() -> None:
    from open_spiel.python.algorithms import external_sampling_mccfr as es

    from stud_fast.simulate import simulate

    game = pyspiel.load_game("stud_fast_five_card_stud_32(stack=40,small_bet=2)")
    solver = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
    for _ in range(30):
        solver.iteration()
    bot = sfo.policy_bot(solver.average_policy(), game, name="mccfr",
                         known=solver._infostates.__contains__)
    summary = simulate("five_card_stud_32", hands=40, players=2, seed=3,
                       bots=[bot, "strength"], stack=40, small_bet=2, big_bet=4,
                       progress=False)
    assert summary.hands == 40 and sorted(summary.flow_per_bot) == ["mccfr", "strength"]
    assert bot.decisions > 40 and 0 < bot.unseen <= bot.decisions  # few states trained
    # the bot at both seats, against itself
    both = sfo.policy_bot(solver.average_policy(), game)
    assert simulate("five_card_stud_32", hands=10, players=2, seed=4, bots=[both],
                    stack=40, small_bet=2, big_bet=4, progress=False).flow_per_bot == \
        {"policy": 0}


def test_policy_bot_plays_a_mapping_and_falls_back_to_uniform() -> None:
    game = pyspiel.load_game("stud_fast_five_card_stud_32(stack=40,small_bet=2)")
    hand = StudHand(game.config, stacks=[40, 40], seed=8)
    view = hand.seat_view(hand.actor)
    bot = sfo.policy_bot({}, game)
    probabilities = bot.probabilities(view)
    assert len(set(probabilities.values())) == 1 and abs(sum(probabilities.values()) - 1) < 1e-9
    assert bot.choose(view, random.Random(1)) in view.legal_actions and bot.unseen == 1
    key = bot.information_state(view)
    legal = sorted(probabilities)
    sure = sfo.policy_bot({key: {legal[-1]: 1.0, 99: 5.0}}, game)
    assert sure.probabilities(view) == {a: float(a == legal[-1]) for a in legal}
    assert sure.unseen == 0


def test_policy_and_spiel_bots_refuse_bad_arguments() -> None:
    game = pyspiel.load_game("stud_fast_five_card_stud_32(stack=40,small_bet=2)")
    with pytest.raises(TypeError, match="policy"):
        sfo.policy_bot(object(), game)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="game"):
        sfo.policy_bot({}, pyspiel.load_game("kuhn_poker"))
    with pytest.raises(TypeError, match="bot"):
        sfo.SpielBot(object(), game)
    with pytest.raises(ValueError, match="simulations"):
        sfo.ismcts_bot(game, simulations=0)
    razz = StudHand(pyspiel.load_game("stud_fast_razz").config, stacks=[40, 40], seed=1)
    with pytest.raises(ValueError, match="razz"):
        sfo.state_from_view(game, razz.seat_view(razz.actor))
    deep = StudHand(game.config, stacks=[80, 80], seed=1)
    with pytest.raises(ValueError, match="chips"):
        sfo.state_from_view(game, deep.seat_view(deep.actor))
    with pytest.raises(TypeError, match="SeatView"):
        sfo.state_from_view(game, deep.view(0))  # type: ignore[arg-type]


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    game = pyspiel.load_game("stud_fast_seven_card_stud(stack=60)")
    rng = random.Random(21)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = 0
    for state, player in _decisions(game, rng, 4):
        key = state.information_state_string(player)
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == key
        assert other.legal_actions() == state.legal_actions()
        differed += other.hand.cards[1 - player] != state.hand.cards[1 - player]
    assert differed > 5


def test_ismcts_bot_plays_seven_card_stud_legally() -> None:
    from stud_fast.simulate import simulate

    game = pyspiel.load_game("stud_fast_seven_card_stud(stack=40,small_bet=2)")
    bot = sfo.ismcts_bot(game, simulations=8, seed=1)
    summary = simulate("seven_card_stud", hands=3, players=2, seed=5, bots=[bot, "random"],
                       stack=40, small_bet=2, big_bet=4, progress=False)
    assert summary.hands == 3 and bot.decisions > 0


def test_seat_views_carry_the_dealer_and_the_public_actions() -> None:
    from stud_fast.bots import RandomBot, play
    from stud_fast.server.client import wire_seat_view

    game = pyspiel.load_game("stud_fast_mexican_stud(players=3)")
    hand = StudHand(game.config, stacks=[200] * 3, dealer=2, seed=6)
    rng = random.Random(6)
    while hand.actor is not None:
        view = hand.seat_view(hand.actor)
        assert view.dealer == 2
        assert view.history == tuple(r for r in hand.records if r.seat is not None
                                     and r.kind not in ("ante", "deal", "collect", "show",
                                                        "muck", "win"))
        wired = wire_seat_view(json.loads(json.dumps(hand.view(hand.actor))), game.config)
        assert (wired.dealer, wired.history) == (view.dealer, view.history)
        play(hand, RandomBot().choose(view, rng))
