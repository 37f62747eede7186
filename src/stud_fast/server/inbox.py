"""What a table task is sent: the commands in its inbox, the listeners it answers, the
refusals it raises.

>>> Refusal("seat_taken", "seat 2 is taken").status
409
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Optional, Protocol, Union

from stud_fast.server.protocol import ActMessage

__all__ = ["Refusal", "Listener", "Command", "Act", "SitIn", "Join", "Part", "Sit", "Leave",
           "Clock", "Stop"]


class Refusal(Exception):
    """A request the table refuses: ``code`` for programs, ``status`` for REST."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


class Listener(Protocol):
    """A client connection: its account (None for an observer) and non-blocking sends."""

    player: Optional[int]

    def send_view(self, text: str) -> None:
        """Queue a view message (JSON text) for the client: something it may answer."""

    def send_error(self, code: str, message: str, rule: Optional[str] = None) -> None:
        """Queue an error message for the client."""


@dataclass
class Act:
    listener: Listener
    message: ActMessage


@dataclass
class SitIn:
    listener: Listener


@dataclass
class Join:
    listener: Listener


@dataclass
class Part:
    listener: Listener


@dataclass
class Sit:
    player: int
    name: str
    buy_in: int
    seat: Optional[int]
    future: "asyncio.Future[int]"


@dataclass
class Leave:
    player: int
    future: "asyncio.Future[tuple[int, Optional[int]]]"


@dataclass
class Clock:
    key: tuple[int, int]


@dataclass
class Stop:
    pass


Command = Union[Act, SitIn, Join, Part, Sit, Leave, Clock, Stop]
