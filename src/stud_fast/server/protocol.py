"""The table server's messages: every REST body and WebSocket message as a pydantic model.

REST bodies are validated by FastAPI from these models (and shown in ``/openapi.json``);
WebSocket messages from a client are read with :data:`CLIENT_MESSAGE` (one JSON object whose
``"type"`` says which model it is); messages to a client are built by the helpers at the end.
Every integer is strict: ``true`` or ``2.0`` is not a chip count.

>>> parse_client_message('{"type": "act", "hand": 3, "seq": 41, "action": "call"}')
ActMessage(type='act', hand=3, seq=41, action='call', amount=None, card=None, seat=None)
>>> parse_client_message('{"type": "sit_in"}')
SitInMessage(type='sit_in')
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from stud_fast.variants import GameConfig

__all__ = ["ActMessage", "SitInMessage", "ClientMessage", "CLIENT_MESSAGE",
           "parse_client_message", "PlayerRequest", "PlayerCreated", "PlayerInfo", "SeatInfo",
           "CreditRequest", "Balance", "TableRequest", "TableCreated", "TableSeat",
           "TableInfo", "SitRequest", "SitResult", "LeaveResult", "HandSummary", "Health",
           "ErrorBody", "ErrorResponse", "error_message", "view_message", "MAX_CHIPS",
           "NAME_PATTERN", "table_options"]

#: the largest chip amount the server takes in one request (fits a 64-bit column)
MAX_CHIPS = 10 ** 15
#: player names: letters, digits, space, ``_ . -``; 1 to 32 characters
NAME_PATTERN = r"^[A-Za-z0-9_.\- ]{1,32}$"

Chips = Annotated[int, Field(gt=0, le=MAX_CHIPS)]
_STRICT = ConfigDict(strict=True, extra="forbid")


# ---- WebSocket: client to server ------------------------------------------------------------

class ActMessage(BaseModel):
    """A decision for the view numbered ``seq`` of hand ``hand``: ``action`` is a key of the
    view's ``legal_actions``; ``amount``, for a bet or raise, is the total the seat's bet becomes
    in the round (least when left out); ``card`` is the down card to turn up (Mexican stud);
    ``seat``, when given, must be the sender's."""

    model_config = _STRICT
    type: Literal["act"]
    hand: int
    seq: int
    action: str = Field(max_length=32)
    amount: Optional[int] = None
    card: Optional[str] = Field(default=None, max_length=4)
    seat: Optional[int] = None


class SitInMessage(BaseModel):
    """Back in after being sat out (two missed decisions in a row, or no chips)."""

    model_config = _STRICT
    type: Literal["sit_in"]


ClientMessage = Annotated[Union[ActMessage, SitInMessage], Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Union[ActMessage, SitInMessage]] = TypeAdapter(ClientMessage)


def parse_client_message(text: str | bytes) -> Union[ActMessage, SitInMessage]:
    """One client message from its JSON text; pydantic's ``ValidationError`` (a
    ``ValueError``) when it is not JSON or not one of the messages."""
    return CLIENT_MESSAGE.validate_json(text)


# ---- WebSocket: server to client ------------------------------------------------------------

def view_message(table: int, hand: Optional[int], seq: int, seat: Optional[int],
                 seats: list[int], view: Optional[dict[str, Any]],
                 clock: Optional[dict[str, Any]]) -> dict[str, Any]:
    """``{"type": "view", ...}``: ``view`` is exactly ``StudHand.view(s)`` for the hand seat
    ``s`` of the receiver (an observer's has ``"seat": null`` and no down card), ``seat`` the
    receiver's table seat (``null`` for an observer), ``seats`` the table seat of each hand seat
    (the view's seat numbers are the hand's), ``clock`` who is to act and the time left."""
    return {"type": "view", "table": table, "hand": hand, "seq": seq, "seat": seat,
            "seats": seats, "view": view, "clock": clock}


def error_message(code: str, message: str, rule: Optional[str] = None) -> dict[str, Any]:
    """``{"type": "error", "code", "message", "rule"?}``.

    >>> error_message("stale", "seq 4 is not the current 5")
    {'type': 'error', 'code': 'stale', 'message': 'seq 4 is not the current 5'}
    """
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if rule is not None:
        out["rule"] = rule
    return out


# ---- REST -----------------------------------------------------------------------------------

class ErrorBody(BaseModel):
    """What went wrong: a stable ``code`` and a sentence."""

    code: str
    message: str


class ErrorResponse(BaseModel):
    """Every REST error: ``{"error": {"code", "message"}}`` with a 4xx status."""

    error: ErrorBody


class Health(BaseModel):
    """``GET /api/health``."""

    status: Literal["ok"]
    tables: int
    database: str


class PlayerRequest(BaseModel):
    """``POST /api/players``."""

    model_config = _STRICT
    name: str = Field(pattern=NAME_PATTERN)


class PlayerCreated(BaseModel):
    """The new player's id and its token (shown once: the server keeps only a hash)."""

    player: int
    token: str


class SeatInfo(BaseModel):
    """A seat the player holds."""

    table: int
    seat: int
    stack: int


class PlayerInfo(BaseModel):
    """``GET /api/players/me``."""

    player: int
    name: str
    balance: int
    seats: list[SeatInfo]


class CreditRequest(BaseModel):
    """``POST /api/players/{player}/credit`` (admin): chips issued to the account."""

    model_config = _STRICT
    amount: Chips


class Balance(BaseModel):
    """An account's balance after a credit."""

    player: int
    balance: int


def table_options() -> dict[str, Any]:
    """The fields of ``POST /api/tables``: every option of
    :class:`~stud_fast.variants.GameConfig` (read from its declaration, with its defaults)
    and the table's own."""
    hints = typing.get_type_hints(GameConfig)
    out: dict[str, Any] = {}
    for f in dataclasses.fields(GameConfig):
        if not f.init:
            continue
        default = ... if f.default is dataclasses.MISSING else f.default
        out[f.name] = (hints[f.name], default)
    out.update(
        seats=(Annotated[int, Field(ge=2, le=10, description="seats at the table")], 6),
        min_buy_in=(Optional[Chips], None),
        max_buy_in=(Optional[Chips], None),
        action_seconds=(Annotated[float, Field(gt=0, le=3600)], 30.0),
        time_bank_seconds=(Annotated[float, Field(ge=0, le=3600)], 0.0))
    return out


#: ``POST /api/tables`` (admin); made from GameConfig's declaration so that a new engine option
#: is a table option at once. ``min_buy_in`` defaults to 20 big bets, ``max_buy_in`` to 100.
TableRequest: type[BaseModel] = create_model(
    "TableRequest", __config__=ConfigDict(strict=True, extra="forbid"), **table_options())


class TableCreated(BaseModel):
    """The new table's id."""

    table: int


class TableSeat(BaseModel):
    """An occupied seat as an observer sees it."""

    seat: int
    player: int
    name: str
    stack: int
    sitting_out: bool
    in_hand: bool


class TableInfo(BaseModel):
    """``GET /api/tables/{id}``: what an observer may see."""

    table: int
    config: dict[str, Any]
    seats_total: int
    min_buy_in: int
    max_buy_in: int
    action_seconds: float
    time_bank_seconds: float
    hand: Optional[int]
    seq: int
    seats: list[TableSeat]
    chips_on_table: int


class SitRequest(BaseModel):
    """``POST /api/tables/{id}/sit``: chips brought from the account; a seat or the first
    free one."""

    model_config = _STRICT
    buy_in: Chips
    seat: Optional[int] = Field(default=None, ge=0, le=9)


class SitResult(BaseModel):
    """The seat taken."""

    seat: int


class LeaveResult(BaseModel):
    """``returned``: chips back on the account now; ``None`` when they return at the end of
    the hand being played."""

    seat: int
    returned: Optional[int]


class HandSummary(BaseModel):
    """A finished hand: who played it from which seat, with what."""

    hand: int
    dealer: int
    seats: list[int]
    players: list[int]
    starting_stacks: list[int]
    finishing_stacks: list[int]
