"""pokerkit's side of the interoperability tests: its stud games, hands it plays itself, and
the real televised stud hands it ships as unit tests (WSOP 2023 events #43 day 5 and #54 day 4:
13 seven-card stud, 13 stud hi-lo and 10 razz hands), collected through its own HandHistory.
"""

from __future__ import annotations

import importlib
import random
import unittest
import warnings
from collections import deque
from typing import Any, Iterator

import pokerkit
from pokerkit import Automation

GAMES = {
    "F7S": pokerkit.FixedLimitSevenCardStud,
    "F7S/8": pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "FR": pokerkit.FixedLimitRazz,
}


def replay_in_pokerkit(text: str) -> list[Any]:
    """Final stacks of pokerkit's replay of a PHH text (raises if pokerkit cannot replay it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. "some chips will be burned": a dropped pot
        states = list(pokerkit.HandHistory.loads(text))
    assert not states[-1].status, "pokerkit did not reach the end of the hand"
    return list(states[-1].stacks)


AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)


def play_pokerkit_hand(code: str, seed: int) -> tuple[str, list[int]]:
    """A hand of ``code`` played to the end by pokerkit under a seeded policy, exported with
    pokerkit's own ``HandHistory``; returns its PHH text and pokerkit's final stacks."""
    rng = random.Random(f"{code}/{seed}")
    players = 2 + seed % 5
    game = GAMES[code](AUTOMATIONS, False, 1, 2, 5, 10, mode=pokerkit.Mode.CASH_GAME)
    stacks = [rng.choice([4, 12, 30, 60, 150]) for _ in range(players)]
    state = game(stacks, players)
    deck = sorted(state.deck_cards, key=repr)
    rng.shuffle(deck)
    state.deck_cards = deque(deck)
    while state.status:
        note = "policy" if rng.random() < 0.05 else None
        r = rng.random()
        if state.can_deal_hole():  # not automated: pokerkit would deal before the deck is set
            state.deal_hole()
        elif state.can_post_bring_in():  # the bring-in, or a completion instead (F2)
            if r < 0.6:
                state.post_bring_in(commentary=note)
            else:
                state.complete_bet_or_raise_to(commentary=note)
        elif state.actor_index is not None:
            if state.can_complete_bet_or_raise_to() and r < 0.3:
                state.complete_bet_or_raise_to(commentary=note)
            elif state.checking_or_calling_amount and r < 0.45:
                state.fold(commentary=note)
            else:
                state.check_or_call(commentary=note)
        elif state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards()  # pokerkit's choice: shows a winner, mucks a loser
        else:  # pragma: no cover
            raise AssertionError(f"pokerkit waits for an unexpected operation: {state}")
    hh = pokerkit.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks),
                                              players=[f"player {i}" for i in range(players)])
    return hh.dumps(), list(state.stacks)


WSOP_MODULES = ("pokerkit.tests.test_wsop.test_2023_43_5",
                "pokerkit.tests.test_wsop.test_2023_54_4")


def unit_tests(suite: unittest.TestSuite) -> Iterator[unittest.TestCase]:
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from unit_tests(item)
        else:
            yield item


def wsop_stud_hands() -> list[tuple[str, Any, list[int]]]:
    """pokerkit's WSOP stud, razz and stud hi-lo hands: (test name, pokerkit HandHistory, final
    stacks), collected by running pokerkit's own tests with a recording ``HandHistory``."""
    recorded: list[tuple[str, Any, list[int]]] = []
    current = [""]

    class Recording(pokerkit.HandHistory):
        @classmethod
        def from_game_state(cls, game: Any, state: Any, *args: Any, **kwargs: Any) -> Any:
            hh = super().from_game_state(game, state, *args, **kwargs)
            if hh.variant in GAMES:
                recorded.append((current[0], hh, list(state.stacks)))
            return hh

    for name in WSOP_MODULES:
        module: Any = importlib.import_module(name)
        saved = module.HandHistory
        module.HandHistory = Recording
        try:
            for test in unit_tests(unittest.defaultTestLoader.loadTestsFromModule(module)):
                current[0] = f"{name.rsplit('.', 1)[1]}::{test.id().rsplit('.', 1)[1]}"
                result = unittest.TestResult()
                test.run(result)
                assert result.wasSuccessful(), (current[0], result.errors, result.failures)
        finally:
            module.HandHistory = saved
    return recorded
