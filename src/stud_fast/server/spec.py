"""What a table is created with: the game (a :class:`~stud_fast.variants.GameConfig`), the
seats, the buy-in limits and the clock.

>>> spec = TableSpec.from_options(1, {"variant": "razz", "small_bet": 4, "seats": 6})
>>> spec.config.variant, spec.min_buy_in, spec.max_buy_in, spec.action_seconds
('razz', 160, 800, 30.0)
>>> TableSpec.from_options(1, {"variant": "razz", "small_bet": 4, "seats": 9})
Traceback (most recent call last):
...
ValueError: razz seats at most 8 players (S3: its deck, burns and shared card), not 9
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from stud_fast.variants import GameConfig

__all__ = ["TableSpec", "SERVER_OPTIONS"]

#: the table's own options beside GameConfig's, with their defaults (None: from the stakes)
SERVER_OPTIONS: dict[str, Any] = {"seats": 6, "min_buy_in": None, "max_buy_in": None,
                                  "action_seconds": 30.0, "time_bank_seconds": 0.0}
_GAME_OPTIONS = frozenset(f.name for f in dataclasses.fields(GameConfig) if f.init)


@dataclass(frozen=True)
class TableSpec:
    """A table's configuration, checked: ``options`` is what it was created with."""

    id: int
    options: dict[str, Any]
    config: GameConfig
    seats: int
    min_buy_in: int
    max_buy_in: int
    action_seconds: float
    time_bank_seconds: float
    #: ``config.to_dict()``, made once
    game_options: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.game_options:
            object.__setattr__(self, "game_options", self.config.to_dict())

    @classmethod
    def from_options(cls, table: int, options: dict[str, Any]) -> "TableSpec":
        """Check and read ``options`` (``POST /api/tables``'s body); ``ValueError`` says what
        is wrong. The buy-in limits default to 20 and 100 big bets."""
        unknown = set(options) - _GAME_OPTIONS - set(SERVER_OPTIONS)
        if unknown:
            raise ValueError(f"unknown table options: {', '.join(sorted(unknown))}")
        config = GameConfig(**{k: v for k, v in options.items()
                               if k in _GAME_OPTIONS and v is not None})
        values = dict(SERVER_OPTIONS)
        values.update({k: v for k, v in options.items() if k in SERVER_OPTIONS and v is not None})
        seats = values["seats"]
        if not 2 <= seats <= config.max_players:
            raise ValueError(f"{config.variant} seats at most {config.max_players} players (S3: "
                             f"its deck, burns and shared card), not {seats}")
        big = config.big_bet_amount
        low = values["min_buy_in"] if values["min_buy_in"] is not None else 20 * big
        high = values["max_buy_in"] if values["max_buy_in"] is not None else max(low, 100 * big)
        if not 0 < low <= high:
            raise ValueError(f"the buy-in limits must satisfy 0 < min_buy_in <= max_buy_in, "
                             f"got {low} and {high}")
        return cls(table, dict(options), config, seats, low, high,
                   float(values["action_seconds"]), float(values["time_bank_seconds"]))
