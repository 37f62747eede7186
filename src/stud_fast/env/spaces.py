"""Gymnasium spaces of a table's observations (shared by both environments).

>>> from stud_fast.env.arrays import Table
>>> space = observation_space(Table("five_card_stud", 3))
>>> space["observation"]["up_cards"].shape, space["action_mask"].shape
((3, 5), (16,))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from stud_fast.env.arrays import ACTIONS, Table

__all__ = ["observation_space"]


def observation_space(table: Table) -> spaces.Dict:
    """The space of ``{"observation": {...arrays...}, "action_mask": ...}``: a Box per array
    with the bounds of :meth:`Table.bounds`, all int64, and the int8 mask."""
    arrays: dict[str, spaces.Space[Any]] = {
        key: spaces.Box(low, high, shape, np.int64)
        for key, (low, high, shape) in table.bounds().items()}
    return spaces.Dict({
        "observation": spaces.Dict(arrays),
        "action_mask": spaces.Box(0, 1, (len(ACTIONS),), np.int8),
    })
