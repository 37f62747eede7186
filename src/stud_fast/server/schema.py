"""The server's database schema (SQLAlchemy Core), one for SQLite and PostgreSQL, and its
version.

- ``accounts``: players, their token's SHA-256 and their balance;
- ``ledger``: every movement of chips: ``credit`` (issued to an account), ``buy_in`` (account
  to table), ``cash_out`` (table to account). At every committed moment
  ``sum(credit) == sum(accounts.balance) + sum(seats.stack)``;
- ``tables``: each table's configuration;
- ``seats``: who sits where with how many chips. While a hand runs, a seat in it keeps the stack
  it started the hand with: the hand's stacks and pots add up to it (E1), and the seat is
  updated when the hand ends, in the same transaction as the hand's last event;
- ``hands``: each hand's players, starting stacks, dealer and deck order (what a restart
  replays), and once finished its finishing stacks and PHH text;
- ``events``: each table's events numbered by ``seq`` (sit, leave, sit out, sit in, hand start,
  action, hand end); an action's ``data`` holds the engine operations it performed.

>>> sorted(METADATA.tables)
['accounts', 'events', 'hands', 'ledger', 'meta', 'seats', 'tables']
"""

from __future__ import annotations

from sqlalchemy import (BigInteger, Boolean, Column, Float, ForeignKey, Index, Integer,
                        MetaData, String, Table, Text, UniqueConstraint)

__all__ = ["METADATA", "SCHEMA_VERSION", "meta", "accounts", "ledger", "tables", "seats",
           "hands", "events"]

#: bumped with every change of the tables below (see ``store.open_schema``)
SCHEMA_VERSION = 1

METADATA = MetaData()

meta = Table(
    "meta", METADATA,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False))

accounts = Table(
    "accounts", METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("balance", BigInteger, nullable=False),
    Column("created", Float, nullable=False))

ledger = Table(
    "ledger", METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False),
    Column("kind", String(16), nullable=False),  # credit, buy_in, cash_out
    Column("account", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=True),
    Column("amount", BigInteger, nullable=False))

tables = Table(
    "tables", METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("options", Text, nullable=False),  # the request, as JSON
    Column("created", Float, nullable=False))

seats = Table(
    "seats", METADATA,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("stack", BigInteger, nullable=False),
    Column("sitting_out", Boolean, nullable=False),
    Column("missed", Integer, nullable=False),
    Column("leaving", Boolean, nullable=False),
    Column("time_bank", Float, nullable=False),
    UniqueConstraint("table_id", "account"))

hands = Table(
    "hands", METADATA,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("started_seq", Integer, nullable=False),
    Column("dealer", Integer, nullable=False),  # the dealer's table seat
    Column("seats", Text, nullable=False),  # JSON: the table seat of each hand seat
    Column("players", Text, nullable=False),  # JSON: the account of each hand seat
    Column("starting_stacks", Text, nullable=False),  # JSON
    Column("deck", Text, nullable=False),  # JSON: card ids in the order dealt
    Column("finished", Boolean, nullable=False),
    Column("finishing_stacks", Text, nullable=True),  # JSON
    Column("phh", Text, nullable=True),
    Column("started", Float, nullable=False),
    Column("ended", Float, nullable=True))

events = Table(
    "events", METADATA,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("hand", Integer, nullable=True),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("data", Text, nullable=False),  # JSON
    Column("at", Float, nullable=False))

Index("events_by_hand", events.c.table_id, events.c.hand)
Index("ledger_by_account", ledger.c.account)
