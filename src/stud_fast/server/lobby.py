"""The tables and players of one server process: tables are loaded from the store at start,
created by the admin and found by id; a token is checked against the stored hash once, then
remembered.

Tokens are 256 random bits (:func:`new_token`); the store keeps only their SHA-256
(:func:`token_hash`), so a copy of the database gives nobody a seat.

>>> len(new_token()) >= 32, token_hash("abc")[:12]
(True, 'ba7816bf8f01')
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from typing import Any, Optional

from sqlalchemy import Connection, insert, select

from stud_fast.server import schema
from stud_fast.server.loader import load_table, table_ids
from stud_fast.server.spec import TableSpec
from stud_fast.server.store import Store, register
from stud_fast.server.tables import Table

__all__ = ["Lobby", "new_token", "token_hash"]


def new_token() -> str:
    """A fresh random token (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


class Lobby:
    """The process's tables (``tables``) and a cache of checked tokens."""

    def __init__(self, store: Store, welcome_credit: int = 0) -> None:
        self.store = store
        self.welcome_credit = welcome_credit
        self.tables: dict[int, Table] = {}
        self._players: dict[str, tuple[int, str]] = {}  # token hash -> (player, name)

    async def start(self) -> None:
        """Load every table from the store and start its task."""
        ids = await self.store.read(table_ids)
        states = await self.store.read(lambda c: [load_table(c, t) for t in ids])
        for state in states:
            table = Table(self.store, state)
            self.tables[state.spec.id] = table
            table.start()

    async def stop(self) -> None:
        """Stop every table task (each finishes the command it is handling)."""
        await asyncio.gather(*(t.stop() for t in self.tables.values()))

    async def create_table(self, options: dict[str, Any]) -> int:
        """A new table from checked ``options`` (``ValueError`` if they do not make one)."""
        TableSpec.from_options(0, options)
        text = json.dumps(options)

        def create(conn: Connection) -> int:
            return int(conn.execute(insert(schema.tables).values(options=text,
                                                                 created=time.time())
                                    .returning(schema.tables.c.id)).scalar_one())

        table_id = await self.store.write(create)
        state = await self.store.read(lambda c: load_table(c, table_id))
        table = Table(self.store, state)
        self.tables[table_id] = table
        table.start()
        return table_id

    async def register(self, name: str) -> tuple[int, str]:
        """A new account: its id and its token (the only time the token is seen)."""
        token = new_token()
        digest = token_hash(token)
        welcome = self.welcome_credit
        player = await self.store.write(lambda c: register(c, name, digest, welcome))
        self._players[digest] = (player, name)
        return player, token

    async def player(self, token: str) -> Optional[tuple[int, str]]:
        """``(player, name)`` of a token, None for a token nobody has."""
        digest = token_hash(token)
        known = self._players.get(digest)
        if known is not None:
            return known

        def find(conn: Connection) -> Optional[tuple[int, str]]:
            row = conn.execute(select(schema.accounts.c.id, schema.accounts.c.name)
                               .where(schema.accounts.c.token_hash == digest)).first()
            return None if row is None else (int(row[0]), str(row[1]))

        found = await self.store.read(find)
        if found is not None:
            self._players[digest] = found
        return found

    def seats_of(self, player: int) -> list[dict[str, int]]:
        """``[{"table", "seat", "stack"}]`` for each table ``player`` sits at."""
        out = []
        for table_id, table in self.tables.items():
            for seat in table.info()["seats"]:
                if seat["player"] == player:
                    out.append({"table": table_id, "seat": seat["seat"],
                                "stack": seat["stack"]})
        return out
