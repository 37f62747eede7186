"""A table's state in memory, and how it is rebuilt from the store after a (re)start.

The store holds the seats (stacks as of the start of the hand in play), the hand in play (its
players, starting stacks, dealer and deck order) and every action's engine operations: the
hand is dealt again from that deck and the operations replayed through the engine, so the same
cards are still to come and every committed action is there exactly once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

from sqlalchemy import Connection, Row, func, select

from stud_fast.server import schema
from stud_fast.server.hands import PlayingHand
from stud_fast.server.spec import TableSpec

__all__ = ["Seat", "TableState", "load_table", "table_ids"]


@dataclass
class Seat:
    """A seat's holder: account, name, chips (see :mod:`~stud_fast.server.schema`), whether it
    sits out, its missed decisions in a row, whether it leaves after the hand, its time bank."""

    player: int
    name: str
    stack: int
    sitting_out: bool = False
    missed: int = 0
    leaving: bool = False
    time_bank: float = 0.0


@dataclass
class TableState:
    """Everything a table task owns: the seats, the event counter, the hands so far (the
    number of the last, its dealer seat), the hand in play and the last one finished, and per
    seat the ``(hand, seq)`` of the last action its player sent (a repeat is a duplicate)."""

    spec: TableSpec
    seats: list[Optional[Seat]]
    seq: int = 0
    hands_played: int = 0
    last_dealer: Optional[int] = None
    playing: Optional[PlayingHand] = None
    last: Optional[PlayingHand] = None
    refs: dict[int, tuple[int, int]] = field(default_factory=dict)

    def seat_of(self, player: Optional[int]) -> Optional[int]:
        """The table seat of ``player``, None when it does not sit here."""
        if player is None:
            return None
        for s, holder in enumerate(self.seats):
            if holder is not None and holder.player == player:
                return s
        return None


def table_ids(conn: Connection) -> list[int]:
    """Every table's id, in order."""
    return [int(r[0]) for r in conn.execute(select(schema.tables.c.id)
                                            .order_by(schema.tables.c.id))]


def _hand(spec: TableSpec, row: Row[Any]) -> PlayingHand:
    return PlayingHand.deal(row.number, spec.config, seats=json.loads(row.seats),
                            players=json.loads(row.players),
                            stacks=json.loads(row.starting_stacks), dealer_seat=row.dealer,
                            deck=json.loads(row.deck))


def load_table(conn: Connection, table: int) -> TableState:
    """The state of ``table`` as committed."""
    options = conn.execute(select(schema.tables.c.options)
                           .where(schema.tables.c.id == table)).scalar_one()
    spec = TableSpec.from_options(table, json.loads(options))
    state = TableState(spec, [None] * spec.seats)
    names = {int(r[0]): str(r[1]) for r in conn.execute(
        select(schema.accounts.c.id, schema.accounts.c.name)
        .join(schema.seats, schema.seats.c.account == schema.accounts.c.id)
        .where(schema.seats.c.table_id == table))}
    for r in conn.execute(select(schema.seats).where(schema.seats.c.table_id == table)):
        state.seats[r.seat] = Seat(r.account, names[r.account], int(r.stack),
                                   bool(r.sitting_out), r.missed, bool(r.leaving),
                                   float(r.time_bank))
    state.seq = int(conn.execute(select(func.coalesce(func.max(schema.events.c.seq), 0))
                                 .where(schema.events.c.table_id == table)).scalar_one())
    hands = schema.hands
    last = conn.execute(select(hands).where(hands.c.table_id == table)
                        .order_by(hands.c.number.desc()).limit(1)).first()
    if last is None:
        return state
    state.hands_played = last.number
    state.last_dealer = last.dealer
    playing = _hand(spec, last)
    events = schema.events
    for r in conn.execute(select(events.c.seat, events.c.data)
                          .where(events.c.table_id == table, events.c.hand == last.number,
                                 events.c.kind == "action").order_by(events.c.seq)):
        data = json.loads(r.data)
        playing.replay(data["ops"])
        if data.get("ref") is not None:
            state.refs[r.seat] = (data["ref"][0], data["ref"][1])
    if last.finished:  # replayed too: its final view is what clients see until the next hand
        state.last = playing
    else:
        state.playing = playing
    return state
