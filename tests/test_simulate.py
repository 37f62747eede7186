"""Self-play (stud_fast.simulate): bots, the summary, the PHH hook and the CLI subcommand."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from stud_fast.cli import main
from stud_fast.simulate import (BOTS, Action, Bot, RandomBot, SimulationSummary, StrengthBot,
                                make_bot, play, simulate)
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig

STAKES: dict[str, Any] = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
PLAYER_ACTIONS = {"fold", "check", "call", "bet", "raise", "bring_in", "complete", "turn_up",
                  "buy_pot"}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_simulate_every_variant_conserves_chips_and_adds_up(variant: str) -> None:
    players, stack = 6, 200
    seen: list[StudHand] = []

    def check(hand: StudHand) -> None:
        assert hand.is_over
        assert sum(hand.stacks) == players * stack  # E1, every hand
        assert all(s >= 0 for s in hand.stacks)
        seen.append(hand)

    s = simulate(variant, 200, players=players, seed=7, bots=("random", "strength"),
                 stack=stack, progress=False, on_hand=check)
    assert isinstance(s, SimulationSummary)
    assert s.hands == len(seen) == 200
    assert s.variant == variant and s.players == players
    assert s.seconds > 0 and s.hands_per_second == pytest.approx(200 / s.seconds)
    # chip flows: per seat and per bot kind both sum to zero and match the hands
    per_seat = [sum(h.stacks[i] - stack for h in seen) for i in range(players)]
    assert s.flow_per_seat == per_seat
    assert sum(s.flow_per_seat) == 0
    assert s.flow_per_bot == {"random": sum(per_seat[0::2]), "strength": sum(per_seat[1::2])}
    assert sum(s.flow_per_bot.values()) == 0
    assert s.seat_hands_per_bot == {"random": 600, "strength": 600}
    # showdowns, pots, actions
    shows = sum(any(r.kind == "show" for r in h.records) for h in seen)
    assert s.showdowns == shows and s.showdown_frequency == shows / 200
    assert 0 < s.showdowns < 200
    assert s.total_pot == sum(h.pot_total for h in seen)
    assert s.average_pot == pytest.approx(s.total_pot / 200)
    assert s.average_pot >= players * STAKES["ante"]
    assert s.actions == sum(sum(r.kind in PLAYER_ACTIONS for r in h.records) for h in seen)
    # the dealer moves one seat a hand
    assert [h.dealer for h in seen[:8]] == [0, 1, 2, 3, 4, 5, 0, 1]
    text = s.format()
    assert variant in text and "hands/s" in text and "strength" in text


def test_simulate_is_reproducible_with_a_seed() -> None:
    a = simulate("stud_hilo", 60, players=4, seed=3, progress=False)
    b = simulate("stud-hilo", 60, players=4, seed=3, progress=False)
    assert a.flow_per_seat == b.flow_per_seat and a.actions == b.actions
    assert a.total_pot == b.total_pot


def test_simulate_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        simulate("holdem", 1, progress=False)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("razz", 1, bots=("random", "shark"), progress=False)
    with pytest.raises(TypeError, match="a bot is a name"):
        simulate("razz", 1, bots=("random", object()), progress=False)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="2 to 8"):
        simulate("razz", 1, players=1, progress=False)
    with pytest.raises(ValueError, match="2 to 8"):  # S3: 52 cards serve at most 8 players
        simulate("razz", 1, players=9, progress=False)
    with pytest.raises(ValueError, match="hands"):
        simulate("razz", -1, progress=False)


def test_no_progress_output_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    simulate("razz", 20, players=3, seed=1, progress=True)
    assert capsys.readouterr().err == ""


def test_registry_and_protocol() -> None:
    assert set(BOTS) == {"random", "strength"}
    for name in BOTS:
        bot = make_bot(name)
        assert isinstance(bot, Bot) and bot.name == name


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_bots_choose_only_legal_actions(variant: str) -> None:
    cfg = GameConfig(variant=variant, **STAKES)
    rng = random.Random(variant)
    bots: list[Bot] = [RandomBot(), StrengthBot()]
    chosen: dict[str, set[str]] = {"random": set(), "strength": set()}
    for k in range(40):
        n = 2 + k % (cfg.max_players - 1)
        hand = StudHand(cfg, stacks=[rng.choice([15, 60, 200]) for _ in range(n)],
                        dealer=k % n, seed=k)
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions()
            for bot in bots:
                action = bot.choose(hand.seat_view(seat), random.Random(k))
                name = action if isinstance(action, str) else action[0]
                assert name in legal, (bot.name, action, legal)
                if name == "turn_up":  # Mexican stud: one of the seat's own down cards
                    assert not isinstance(action, str) and hand.can_turn_up(action[1])
                chosen[bot.name].add(name)
                if bot.name == "strength" and "check" in legal:
                    assert name != "fold"  # never folds when it may check
            play(hand, bots[seat % 2].choose(hand.seat_view(seat), rng))
    assert chosen["strength"] >= {"fold", "call", "check"}
    assert len(chosen["random"]) >= 4


def _replay(hand: StudHand, deck: list[int]) -> StudHand:
    """The same hand (seats, dealer, actions) dealt from another deck order."""
    other = StudHand(hand.config, stacks=list(hand.starting_stacks), dealer=hand.dealer,
                     deck=deck, burn=hand.burn)
    for r in hand.records:
        if r.kind == "turn_up":
            other.turn_up(r.cards[0])
        elif r.kind in PLAYER_ACTIONS:
            other.act(r.kind)
    return other


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_strength_bot_ignores_hidden_cards(variant: str) -> None:
    """E3: swapping cards the actor cannot see (others' down cards, the stub, burned cards)
    leaves its view and its decision unchanged."""
    cfg = GameConfig(variant=variant, **STAKES)
    rng = random.Random(f"e3 {variant}")
    bot = StrengthBot()
    driver = RandomBot()
    checked = changed = 0
    for k in range(12):
        n = 3 + k % 5
        hand = StudHand(cfg, stacks=[200] * n, dealer=k % n, seed=1000 + k)
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            seen = {c for c, _ in hand.cards[seat]} | set(hand.community)
            seen |= {c for s in range(n) for c in hand.up_cards(s)}
            others_down = [c for s in range(n) if s != seat
                           for c, up in hand.cards[s] if not up]
            hidden = [c for c in hand.deck if c not in seen]
            decision: Action = bot.choose(hand.seat_view(seat), random.Random(0))
            for _ in range(2):
                a = rng.choice(others_down)
                b = rng.choice([c for c in hidden if c != a])
                deck = list(hand.deck)
                i, j = deck.index(a), deck.index(b)
                deck[i], deck[j] = deck[j], deck[i]
                twin = _replay(hand, deck)
                assert twin.actor == seat
                assert twin.view(seat) == hand.view(seat)
                assert twin.seat_view(seat) == hand.seat_view(seat)
                changed += twin.cards != hand.cards
                assert bot.choose(twin.seat_view(seat), random.Random(0)) == decision
                checked += 1
            play(hand, driver.choose(hand.seat_view(seat), rng))
    assert checked > 100 and changed > checked // 2


def test_phh_dir_with_the_real_writer(tmp_path: Any) -> None:
    out = tmp_path / "real"
    simulate("razz", 4, players=3, seed=2, phh_dir=str(out), progress=False)
    names = sorted(os.listdir(out))
    assert names == [f"hand-0000{i}.phh" for i in range(1, 5)]
    assert 'variant = "FR"' in (out / names[0]).read_text(encoding="utf-8")


def test_cli_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "seven-card-stud", "--hands", "30", "--players", "4",
                 "--seed", "5", "--bots", "strength,random", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "seven_card_stud" in out and "hands:" in out and "showdowns:" in out
    assert main(["simulate", "--variant", "five-card-stud-32", "--hands", "10"]) == 0
    assert main(["simulate", "--variant", "omaha", "--hands", "10"]) == 2
    assert "unknown variant" in capsys.readouterr().err


def test_simulate_takes_bot_objects() -> None:
    """A bot object plays every seat it is given as it stands, tallied by its name."""
    seen: set[int] = set()

    class Caller:
        name = "caller"

        def choose(self, view: Any, rng: random.Random) -> Action:
            seen.add(view.seat)
            legal = view.legal_actions
            return next(a for a in ("check", "call", "bring_in") if a in legal)

    s = simulate("razz", 6, players=3, seed=2, bots=[Caller(), "random"], progress=False)
    assert sorted(s.flow_per_bot) == ["caller", "random"] and s.hands == 6
    assert seen == {0, 2}  # seats 0 and 2 play bots[0]
