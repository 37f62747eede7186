"""Stud as a learning environment: PettingZoo (every seat an agent) and Gymnasium (one seat
against bots), for every variant. Needs the ``env`` extra: ``pip install '.[env]'``.

>>> from stud_fast.env import pettingzoo_env
>>> env = pettingzoo_env(variant="razz", players=3)
>>> env.reset(seed=1)
>>> obs, reward, done, truncated, info = env.last()
>>> sorted(obs)
['action_mask', 'observation']

See ``docs/environments.md`` for the observation and action spaces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stud_fast.env.arrays import ACTIONS, POT_FRACTIONS

if TYPE_CHECKING:  # the classes import pettingzoo / gymnasium: only when asked for
    from stud_fast.env.aec import StudAECEnv
    from stud_fast.env.single import StudGymEnv

__all__ = ["ACTIONS", "POT_FRACTIONS", "gym_env", "pettingzoo_env"]

_MISSING = ("stud_fast.env needs {0}: pip install '.[env]' (pettingzoo and gymnasium)")


def pettingzoo_env(variant: str = "seven_card_stud", players: int = 2,
                   **options: Any) -> "StudAECEnv":
    """A PettingZoo AEC environment: one hand per episode, seats ``player_0`` ... as agents.

    ``options``: ``stacks`` (one starting stack for all, or one per seat; 200 by default),
    ``render_mode`` (``"ansi"`` or None) and any :class:`~stud_fast.variants.GameConfig`
    keyword (default stakes: ante 1, small bet 5).
    """
    try:
        from stud_fast.env.aec import StudAECEnv
    except ImportError as e:  # pragma: no cover - depends on what is installed
        raise ImportError(_MISSING.format(e.name)) from e
    return StudAECEnv(variant, players, **options)


def gym_env(variant: str = "seven_card_stud", players: int = 2, opponents: Any = "random",
            **options: Any) -> "StudGymEnv":
    """A Gymnasium environment: the agent plays seat 0 of each hand against ``opponents``
    (``"random"``: :class:`~stud_fast.bots.RandomBot`, ``"strength"``, or a callable
    ``f(observation, action_mask) -> index``).

    ``options`` as for :func:`pettingzoo_env`.
    """
    try:
        from stud_fast.env.single import StudGymEnv
    except ImportError as e:  # pragma: no cover - depends on what is installed
        raise ImportError(_MISSING.format(e.name)) from e
    return StudGymEnv(variant, players, opponents, **options)
