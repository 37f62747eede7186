"""The PettingZoo AEC environment: every seat is an agent, one hand is one episode.

>>> env = StudAECEnv("five_card_stud", 2)
>>> env.reset(seed=3)
>>> for agent in env.agent_iter():
...     obs, reward, done, truncated, info = env.last()
...     env.step(None if done else int(obs["action_mask"].nonzero()[0][0]))
>>> env.agents
[]
"""

from __future__ import annotations

from typing import Any, Optional

from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from stud_fast.cards import card_str
from stud_fast.env.arrays import ACTIONS, Observation, Table
from stud_fast.env.spaces import observation_space

__all__ = ["StudAECEnv"]

AgentObservation = dict[str, Any]


class StudAECEnv(AECEnv[str, AgentObservation, Optional[int]]):  # type: ignore[misc]
    """Seats ``player_0`` ... ``player_{n-1}``; agent ``player_i`` is seat i. Each step the
    seat to act takes an action index (:data:`~stud_fast.env.ACTIONS`) allowed by its
    ``action_mask``; an index the mask forbids raises ValueError and changes nothing. When
    the hand ends every agent is terminated with its chip result as reward (ints summing to
    zero). The dealer's seat is drawn for each hand from the environment's seed."""

    metadata = {"name": "stud_fast_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, variant: str = "seven_card_stud", players: int = 2, *,
                 render_mode: Optional[str] = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.table = Table(variant, players, **options)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        space = observation_space(self.table)
        self.observation_spaces = {a: space for a in self.possible_agents}
        action = spaces.Discrete(len(ACTIONS))
        self.action_spaces = {a: action for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
              ) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        table = self.table
        deck = int(self.np_random.integers(2 ** 63))  # one draw: the deck and the dealer
        table.new_hand(deck, deck % table.players)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        hand = self.table.hand
        if hand.is_over:
            for agent, result in zip(self.possible_agents, self.table.results()):
                self.rewards[agent] = result
                self._cumulative_rewards[agent] += result
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            assert hand.actor is not None
            self.agent_selection = self.possible_agents[hand.actor]

    def observe(self, agent: str) -> AgentObservation:
        seat = self._seat[agent]
        observation: Observation = self.table.observe(seat)
        return {"observation": observation, "action_mask": self.table.mask(seat)}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action index, not None")
        self.table.play(action)  # ValueError (state unchanged) when the mask forbids it
        self._cumulative_rewards[agent] = 0
        self._select()  # rewards are 0 until the hand is over, then set once

    def render(self) -> str:
        """The hand's last event and every seat's up cards, as text."""
        hand = self.table.hand
        if hand is None:
            return ""
        lines = [hand.records[-1].text() if hand.records else ""]
        for s in range(self.table.players):
            up = " ".join(card_str(c) for c in hand.up_cards(s))
            lines.append(f"seat {s}: {hand.stacks[s]} chips, up {up or '-'}"
                         + (" (folded)" if hand.folded[s] else ""))
        return "\n".join(lines)

    def close(self) -> None:
        pass
