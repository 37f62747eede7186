"""Learning environments (stud_fast.env): PettingZoo's and Gymnasium's own checkers for every
variant, what a seat may see (E3), rewards, and the meaning of every action index."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any, Callable

import numpy as np
import pytest

from stud_fast.variants import GameConfig

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from stud_fast.cards import card_id  # noqa: E402
from stud_fast.env import ACTIONS, POT_FRACTIONS, gym_env, pettingzoo_env  # noqa: E402
from stud_fast.env.arrays import Table  # noqa: E402
from stud_fast.table import StudHand  # noqa: E402
from stud_fast.variants import VARIANTS  # noqa: E402

ALL = list(VARIANTS)
INDEX = {name: i for i, name in enumerate(ACTIONS)}


def quietly(check: Callable[[], None]) -> None:
    """Run a checker without its advice warnings (a Dict observation space is one of them)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check()


# ---- the standard checkers ------------------------------------------------------------------


@pytest.mark.parametrize("betting", ["fixed", "pot", "no"])
@pytest.mark.parametrize("variant", ALL)
def test_pettingzoo_api_test(variant: str, betting: str) -> None:
    env = pettingzoo_env(variant=variant, players=3, betting=betting)
    quietly(lambda: pettingzoo_test.api_test(env, num_cycles=300))


@pytest.mark.parametrize("variant", ALL)
def test_pettingzoo_seed_test(variant: str) -> None:
    quietly(lambda: pettingzoo_test.seed_test(
        lambda: pettingzoo_env(variant=variant, players=4), num_cycles=200))


@pytest.mark.parametrize("opponents", ["random", "strength"])
@pytest.mark.parametrize("variant", ALL)
def test_gymnasium_env_checker(variant: str, opponents: str) -> None:
    env = gym_env(variant=variant, players=3, opponents=opponents)
    quietly(lambda: env_checker.check_env(env, skip_render_check=True))


def test_importing_stud_fast_imports_neither_pettingzoo_nor_gymnasium() -> None:
    code = ("import sys, stud_fast, stud_fast.table, stud_fast.env; "
            "print(any(m.split('.')[0] in ('pettingzoo', 'gymnasium') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


# ---- E3: an observation holds only what the seat may know -----------------------------------


def visible_cards(view: dict[str, Any]) -> tuple[list[list[int]], set[int]]:
    """Per seat, the cards ``view`` shows of it (in order), and every card it shows."""
    per_seat = [[card_id(c) for c in cards if c is not None] for cards in view["cards"]]
    shown = {c for cards in per_seat for c in cards} | {card_id(c) for c in view["community"]}
    return per_seat, shown


def check_observation(table: Table, seat: int) -> None:
    hand = table.hand
    obs = table.observe(seat)
    view = hand.view(seat)
    per_seat, shown = visible_cards(view)
    cards = np.concatenate([obs["own_cards"], obs["up_cards"].ravel(), obs["community"]])
    assert set(cards[cards >= 0].tolist()) <= shown  # E3: nothing the view hides
    own = obs["own_cards"]
    assert own[own >= 0].tolist() == per_seat[seat]  # all of its own cards, in order
    for row in range(table.players):  # every seat's up cards, row r = r places to the left
        s = (seat + row) % table.players
        ups = obs["up_cards"][row]
        assert ups[ups >= 0].tolist() == hand.up_cards(s)
    up_flags = [int(c in hand.up_cards(seat)) for c in own[own >= 0].tolist()]
    assert obs["own_up"][:len(up_flags)].tolist() == up_flags
    community = obs["community"]
    assert community[community >= 0].tolist() == [card_id(c) for c in view["community"]]
    order = [(seat + r) % table.players for r in range(table.players)]
    assert obs["stacks"].tolist() == [view["stacks"][s] for s in order]
    assert obs["folded"].tolist() == [int(view["folded"][s]) for s in order]
    assert obs["pot"].tolist() == [sum(view["contributed"])]
    legal = view["legal_actions"]
    if "call" in legal:
        assert obs["to_call"][0] >= legal["call"][0]  # all in for less calls less
    elif legal:
        assert obs["to_call"][0] == 0
    assert obs["street"][0] == max(view["street"], 0)


@pytest.mark.parametrize("options", [
    {"players": 4},
    {"players": 8},  # seven-card games share a seventh card (S3)
    {"players": 3, "betting": "no"},
    {"players": 5, "dead_seat_keeps_cards": True},
])
@pytest.mark.parametrize("variant", ALL)
def test_E3_observation_shows_only_what_the_view_shows(variant: str,
                                                       options: dict[str, Any]) -> None:
    if variant == "baseball":
        options = {**options, "four_up_extra_card": True}
    options = dict(options)
    most = GameConfig(variant=variant, small_bet=2,
                      four_up_extra_card=options.get("four_up_extra_card", False)).max_players
    options["players"] = min(options["players"], most)  # the most the deck serves (S3)
    table = Table(variant, options.pop("players"), **options)
    rng = random.Random(13)
    for episode in range(40):
        table.new_hand(seed=episode, dealer=episode % table.players)
        while True:
            for seat in range(table.players):  # every seat, not only the one to act
                check_observation(table, seat)
            if table.hand.is_over:
                break
            assert table.hand.actor is not None
            table.play(rng.choice(np.flatnonzero(table.mask(table.hand.actor)).tolist()))


@pytest.mark.parametrize("variant", ["seven_card_stud", "mexican_stud"])
def test_E3_pettingzoo_agents_observe_their_own_seat(variant: str) -> None:
    env = pettingzoo_env(variant=variant, players=4)
    rng = random.Random(5)
    for episode in range(10):
        env.reset(seed=episode)
        for agent in env.agent_iter():
            seat = int(agent.split("_")[1])
            obs, _reward, done, _truncated, _info = env.last()
            view = env.table.hand.view(seat)
            own = obs["observation"]["own_cards"]
            assert own[own >= 0].tolist() == visible_cards(view)[0][seat]
            if done:
                env.step(None)
                continue
            assert env.table.hand.actor == seat
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def test_E3_other_seats_down_cards_do_not_change_an_observation() -> None:
    # two deals alike but for the down cards of seats 1 and 2: seat 0 observes the same
    # arrays at every step of the same actions, though the hands end differently
    seat0 = "As Kd 7h 9s 5h 8h Qh"
    tables, observed = [], []
    for down1, down2 in (("2c 3c", "4d 4h"), ("Jc Jd", "Ac Ad")):
        table = Table("seven_card_stud", 3)
        table.load(StudHand(table.config, stacks=list(table.starting_stacks), dealer=2,
                            hole_cards=[seat0, f"{down1} 4c Qd 6h Th Td 2h",
                                        f"{down2} 6c 7c 8c 9c 3h"], seed=1))
        tables.append(table)
        observed.append([])
    rng = random.Random(3)
    while not tables[0].hand.is_over:
        for table, seen in zip(tables, observed):
            seen.append(table.observe(0))
        masks = [t.mask(t.hand.actor) for t in tables]
        assert (masks[0] == masks[1]).all()
        passive = [i for i in np.flatnonzero(masks[0]) if ACTIONS[i] != "fold"]
        index = rng.choice(passive)
        for table in tables:
            table.play(index)
    assert tables[1].hand.is_over
    for a, b in zip(*observed):
        assert a.keys() == b.keys()
        for key in a:
            assert (a[key] == b[key]).all(), key
    assert len(observed[0]) > 10


# ---- rewards and actions ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL)
def test_rewards_are_chip_results_summing_to_zero(variant: str) -> None:
    env = pettingzoo_env(variant=variant, players=4, stacks=[100, 150, 200, 250])
    rng = random.Random(2)
    for episode in range(20):
        env.reset(seed=episode)
        total = {a: 0 for a in env.possible_agents}
        hand = env.table.hand
        for agent in env.agent_iter():
            obs, reward, done, _truncated, _info = env.last()
            total[agent] += reward
            env.step(None if done else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        assert all(type(r) is int for r in total.values())
        assert sum(total.values()) == 0
        assert [total[a] for a in env.possible_agents] == [
            end - start for end, start in zip(hand.stacks, hand.starting_stacks)]


def test_illegal_action_is_a_value_error_and_changes_nothing() -> None:
    env = pettingzoo_env(variant="seven_card_stud", players=3)
    env.reset(seed=4)
    before = env.table.hand.to_json()
    mask = env.last()[0]["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not allowed now"):
        env.step(forbidden)
    with pytest.raises(ValueError, match="not allowed now"):
        env.step(len(ACTIONS))
    with pytest.raises(TypeError):
        env.step("call")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not None"):
        env.step(None)
    assert env.table.hand.to_json() == before


def test_F2_bring_in_and_complete_only_at_the_start() -> None:
    table = Table("seven_card_stud", 3)
    table.new_hand(seed=1, dealer=0)
    mask = table.mask(table.hand.actor)
    assert [ACTIONS[i] for i in np.flatnonzero(mask)] == ["bring_in", "complete"]
    table.play(INDEX["bring_in"])
    assert table.hand.records[-1].kind == "bring_in"
    names = [ACTIONS[i] for i in np.flatnonzero(table.mask(table.hand.actor))]
    assert names == ["fold", "call", "complete"]


def test_B2_fixed_limit_offers_one_bet_size() -> None:
    table = Table("five_card_stud", 2, small_bet=4)
    table.new_hand(seed=2, dealer=0)
    seat = table.hand.actor
    assert [ACTIONS[i] for i in np.flatnonzero(table.mask(seat))] == ["fold", "check",
                                                                       "bet_min"]
    table.play(INDEX["bet_min"])
    assert table.hand.records[-1][:3] == ("bet", seat, 4)


@pytest.mark.parametrize("name", ["bet_min", "bet_half_pot", "bet_pot", "bet_two_pots",
                                  "bet_max"])
def test_B2_no_limit_bet_sizes(name: str) -> None:
    table = Table("five_card_stud", 2, betting="no", ante=5, small_bet=4, stacks=300)
    table.new_hand(seed=2, dealer=0)
    seat = table.hand.actor
    pot, stack = table.hand.pot_total, table.hand.stacks[seat]
    assert pot == 10
    wanted = {"bet_min": 4, "bet_max": stack}.get(name) or round(POT_FRACTIONS[INDEX[name]] * pot)
    table.play(INDEX[name])
    record = table.hand.records[-1]
    assert (record.kind, record.seat, record.amount) == ("bet", seat, max(wanted, 4))
    obs = table.observe(1 - seat)
    assert obs["to_call"][0] == min(record.amount, table.hand.stacks[1 - seat])
    assert obs["bets"].tolist() == [0, record.amount]  # row 1: the seat to its left


def test_B2_pot_limit_raise_sizes_count_the_call() -> None:
    table = Table("five_card_stud", 2, betting="pot", ante=5, small_bet=4, stacks=500)
    table.new_hand(seed=2, dealer=0)
    table.play(INDEX["bet_half_pot"])  # 5 into 10
    raiser = table.hand.actor
    assert table.observe(raiser)["to_call"][0] == 5
    table.play(INDEX["bet_pot"])  # call 5, then raise the pot after calling: 20
    record = table.hand.records[-1]
    assert (record.kind, record.amount) == ("raise", 25)
    table.play(INDEX["bet_max"])  # pot limit's most: call 20, raise the 40 + 20 after it
    assert (table.hand.records[-1].kind, table.hand.records[-1].amount) == ("raise", 80)


def test_S4_mexican_turn_up_indices_name_own_down_cards() -> None:
    table = Table("mexican_stud", 3)
    table.new_hand(seed=5, dealer=0)
    seat = table.hand.actor
    names = [ACTIONS[i] for i in np.flatnonzero(table.mask(seat))]
    assert names == ["turn_up_0", "turn_up_1"]
    second = int(table.observe(seat)["own_cards"][1])
    table.play(INDEX["turn_up_1"])
    assert table.hand.up_cards(seat) == [second]
    obs = table.observe(seat)
    assert obs["own_up"][:2].tolist() == [0, 1]
    other = (seat + 1) % 3
    assert table.observe(other)["up_cards"][(seat - other) % 3][0] == second


def test_S5_baseball_buy_the_pot() -> None:
    for seed in range(500):
        table = Table("baseball", 4)
        table.new_hand(seed=seed, dealer=0)
        hand = table.hand
        if hand.actor is not None and "buy_pot" in hand.legal_actions():
            break
    else:
        pytest.fail("no deal put a three face up")
    seat = hand.actor
    assert [ACTIONS[i] for i in np.flatnonzero(table.mask(seat))] == ["fold", "buy_pot"]
    pot = hand.pot_total
    table.play(INDEX["buy_pot"])
    assert hand.records[-1][:3] == ("buy_pot", seat, pot)
    assert table.observe(seat)["pot"][0] == 2 * pot


# ---- the Gymnasium wrapper ------------------------------------------------------------------


def test_gym_illegal_action_is_played_passively_and_flagged() -> None:
    env = gym_env(variant="five_card_stud", players=2)
    for seed in range(50):
        _obs, info = env.reset(seed=seed)
        mask = info["action_mask"]
        if mask[INDEX["check"]]:
            break
    _obs, _reward, _done, _truncated, info = env.step(INDEX["bet_max"])  # fixed limit: no
    assert info["illegal_action"] is True
    assert any(r.kind == "check" and r.seat == 0 for r in env.unwrapped.table.hand.records)


def test_gym_reset_always_leaves_the_agent_a_decision() -> None:
    # five-card stud has no forced bring-in: opponents who fold at once end some hands before
    # seat 0 acts; reset() deals on and reports those results
    def folder(observation: dict[str, np.ndarray], mask: np.ndarray) -> int:
        return INDEX["fold"] if mask[INDEX["fold"]] else int(np.flatnonzero(mask)[0])

    env = gym_env(variant="five_card_stud", players=3, opponents=folder)
    skipped = []
    for seed in range(30):
        _obs, info = env.reset(seed=seed)
        assert info["action_mask"].any()  # the agent is to act
        skipped += info["skipped_hands"]
    assert skipped and all(result > 0 for result in skipped)  # it won the antes


def test_gym_callable_opponent_sees_its_own_observation() -> None:
    seen: list[int] = []

    def passive(observation: dict[str, np.ndarray], mask: np.ndarray) -> int:
        assert observation["own_cards"].dtype == np.int64
        seen.append(int(observation["position"][0]))
        for name in ("check", "call", "bring_in", "turn_up_0", "turn_up_1"):
            if mask[INDEX[name]]:
                return INDEX[name]
        return int(np.flatnonzero(mask)[0])

    env = gym_env(variant="razz", players=3, opponents=passive)
    rewards = []
    for seed in range(10):
        _obs, info = env.reset(seed=seed)
        done = False
        while not done:
            _obs, reward, done, _t, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        rewards.append(reward)
    assert seen and all(type(r) is int for r in rewards)


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="players"):
        pettingzoo_env(players=1)
    with pytest.raises(ValueError, match="stacks"):
        pettingzoo_env(players=3, stacks=[100, 100])
    with pytest.raises(ValueError, match="above the ante"):
        pettingzoo_env(players=2, stacks=1)
    with pytest.raises(ValueError, match="unknown variant"):
        gym_env(variant="holdem")
    with pytest.raises(ValueError, match="unknown bot"):
        gym_env(opponents="genius")
    with pytest.raises(TypeError, match="opponents"):
        gym_env(opponents=3)


def test_docstring_examples_run() -> None:
    import doctest

    import stud_fast.env
    from stud_fast.env import aec, arrays, single, spaces
    for module in (stud_fast.env, arrays, aec, single, spaces):
        failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failed == 0 and tried > 0, module.__name__
