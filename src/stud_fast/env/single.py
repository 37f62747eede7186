"""The Gymnasium environment: the agent plays seat 0 of each hand against bots.

>>> env = StudGymEnv("seven_card_stud", 3, "random")
>>> obs, info = env.reset(seed=2)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].nonzero()[0][0])
...     obs, reward, done, truncated, info = env.step(action)
>>> isinstance(reward, int)
True
"""

from __future__ import annotations

import random
from typing import Any, Callable, Optional, SupportsFloat, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from stud_fast.env.arrays import ACTIONS, Int8, Observation, Table
from stud_fast.env.spaces import observation_space
from stud_fast.simulate import make_bot, play

__all__ = ["StudGymEnv", "Opponent"]

#: a bot for the other seats: it gets the seat's observation and mask, returns an index
Opponent = Callable[[Observation, Int8], int]
_CHECK, _FOLD = ACTIONS.index("check"), ACTIONS.index("fold")


class StudGymEnv(gymnasium.Env[Observation, int]):
    """One hand per episode; the agent is seat 0, the dealer's seat is drawn per hand.

    A hand in which every opponent folds before the agent has anything to decide (possible
    without a forced bring-in) is no episode: ``reset()`` deals on, and lists the agent's
    results of such hands in ``info["skipped_hands"]``.

    Observations are the seat's arrays (see :class:`~stud_fast.env.arrays.Table`);
    ``info["action_mask"]`` (and :meth:`action_masks`) gives the allowed action indices. An
    index the mask forbids is played as check when checking is allowed, else fold when
    folding is (else the first allowed index: the bring-in or a card to turn up), and
    ``info["illegal_action"]`` is True. The reward is the chip result at the end of the hand
    (an int), 0 before. ``opponents``: ``"random"`` (:class:`~stud_fast.bots.RandomBot`),
    ``"strength"`` (:class:`~stud_fast.bots.StrengthBot`), any other name of
    :data:`stud_fast.bots.BOTS`, or a callable
    ``f(observation, action_mask) -> index`` playing every other seat.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, variant: str = "seven_card_stud", players: int = 2,
                 opponents: Union[str, Opponent] = "random", *,
                 render_mode: Optional[str] = None, **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.table = Table(variant, players, **options)
        self.observation_space = observation_space(self.table)["observation"]
        self.action_space: spaces.Space[Any] = spaces.Discrete(len(ACTIONS))
        self._opponent = self._opponent_of(opponents)
        self._rng = random.Random(0)

    def _opponent_of(self, opponents: Union[str, Opponent]) -> Callable[[int], None]:
        """A function that makes the seat to act (not the agent) take its bot's action."""
        table = self.table
        if isinstance(opponents, str):
            bot = make_bot(opponents)  # ValueError naming the bots for an unknown name
            # self._rng: seeded at each reset

            def named_bot(seat: int) -> None:
                play(table.hand, bot.choose(table.hand.seat_view(seat), self._rng))
                table.sync()
            return named_bot
        if not callable(opponents):
            raise TypeError("opponents must be 'random', 'strength' or a callable "
                            "f(observation, action_mask) -> action index")

        def given_bot(seat: int) -> None:
            table.play(int(opponents(table.observe(seat), table.mask(seat))))
        return given_bot

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
              ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng.seed(int(self.np_random.integers(2 ** 63)))
        table = self.table
        skipped = []  # the agent's results of hands that ended before it had to act
        while True:
            deck = int(self.np_random.integers(2 ** 63))  # one draw: the deck and the dealer
            table.new_hand(deck, deck % table.players)
            self._others()
            if not table.hand.is_over:
                break
            skipped.append(table.results()[0])
        info = self._info(False)
        info["skipped_hands"] = skipped
        return table.observe(0), info

    def _others(self) -> None:
        """Let the bots act until the agent is to act or the hand is over."""
        hand = self.table.hand
        while not hand.is_over and hand.actor is not None and hand.actor != 0:
            self._opponent(hand.actor)

    def _info(self, illegal: bool) -> dict[str, Any]:
        return {"action_mask": self.table.mask(0), "illegal_action": illegal}

    def action_masks(self) -> Int8:
        """The allowed action indices now (the method maskable learners call)."""
        return self.table.mask(0)

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool,
                                          dict[str, Any]]:
        table = self.table
        if table.hand.is_over:
            raise ValueError("the hand is over: call reset()")
        mask = table.mask(0)
        illegal = not (isinstance(action, (int, np.integer)) and 0 <= action < len(mask)
                       and mask[action])
        if illegal:
            action = (_CHECK if mask[_CHECK] else _FOLD if mask[_FOLD]
                      else int(np.flatnonzero(mask)[0]))
        table.play(int(action))
        self._others()
        done = table.hand.is_over
        reward = table.results()[0] if done else 0
        return table.observe(0), reward, done, False, self._info(illegal)

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        hand = self.table.hand
        return "\n".join(r.text() for r in hand.records)
