"""The server's database: one writer thread that commits in groups, readers in a thread pool.

Every write is a *job*, a function of one SQLAlchemy connection. Jobs go to a single writer
thread, which runs all the jobs waiting at that moment in one transaction and commits it before
it answers any of them (group commit: one commit, one fsync, serves many tables at once). The
caller awaits its job's answer: a table task sends nothing to its clients before that, so every
action a client hears of is committed. If a group fails, it is rolled back and its jobs run
again one by one, so that one bad job fails alone. All SQL goes through SQLAlchemy Core
expressions: every value is a bound parameter.

SQLite runs in WAL mode with ``synchronous=FULL`` (a commit is on disk when the job is answered);
PostgreSQL URLs are given to the psycopg 3 driver.

>>> store_url("postgresql://u:p@db:5432/stud")
'postgresql+psycopg://u:***@db:5432/stud'
>>> store_url("sqlite:///stud_fast.db")
'sqlite:///stud_fast.db'
"""

from __future__ import annotations

import asyncio
import functools
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Optional, TypeVar

from sqlalchemy import (Connection, Engine, Table, Update, bindparam, create_engine, event, func,
                        insert, select, update)
from sqlalchemy.engine import URL, make_url

from stud_fast.server import schema
from stud_fast.server.schema import SCHEMA_VERSION, accounts, ledger, seats

__all__ = ["Store", "StoreError", "store_url", "TableWrite", "Ledger"]

T = TypeVar("T")
_GROUP = 512  # the most jobs in one transaction


class StoreError(Exception):
    """The database cannot be used: unreachable, or of a schema version this server does
    not know."""


def _url(text: str) -> URL:
    try:
        url = make_url(text)
    except Exception as e:  # SQLAlchemy's ArgumentError: not a URL at all
        raise StoreError(f"--db {text!r} is not a database URL: {e}") from None
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername="postgresql+psycopg")
    if url.drivername not in ("sqlite", "postgresql+psycopg"):
        raise StoreError(f"--db {text!r}: use sqlite:///PATH or "
                         "postgresql://USER:PASSWORD@HOST:PORT/DB")
    return url


def store_url(text: str) -> str:
    """The URL as the store uses it (the PostgreSQL driver named), password hidden."""
    return _url(text).render_as_string(hide_password=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


@dataclass
class _Job(Generic[T]):
    fn: Optional[Callable[[Connection], T]]  # None: ``write`` is the job
    future: "asyncio.Future[T]"
    loop: asyncio.AbstractEventLoop
    write: Optional["TableWrite"] = None


@dataclass
class Ledger:
    """The money: chips issued, on accounts, on tables (seats' stacks, pots included)."""

    issued: int
    balances: int
    on_tables: int

    @property
    def balanced(self) -> bool:
        """True when no chip appeared or disappeared."""
        return self.issued == self.balances + self.on_tables


@dataclass
class TableWrite:
    """What one step of a table changes, committed in one transaction (:meth:`Store.commit`):
    new events, changed seats (``seat -> columns``), a hand started or finished, seats emptied
    with their chips returned to the account (``(seat, account, chips)``)."""

    table: int
    events: list[dict[str, Any]] = field(default_factory=list)
    seat_changes: dict[int, dict[str, Any]] = field(default_factory=dict)
    new_hand: Optional[dict[str, Any]] = None
    finished_hand: Optional[dict[str, Any]] = None
    cash_outs: list[tuple[int, int, int]] = field(default_factory=list)

    @staticmethod
    def apply_all(conn: Connection, writes: list["TableWrite"]) -> None:
        """Write them all, each kind of row with one statement for every table of the group
        (SQLAlchemy's executemany): new hands, events, changed seats (one statement per set of
        changed columns), finished hands; then each write's cash-outs. A table has at most one
        write in a group (its task waits for each commit), and the rows of two tables never
        meet, so the order between tables does not matter."""
        hands = [dict(w.new_hand, table_id=w.table) for w in writes if w.new_hand is not None]
        if hands:
            conn.execute(insert(schema.hands), hands)
        rows = [dict(e, table_id=w.table) for w in writes for e in w.events]
        if rows:
            conn.execute(insert(schema.events), rows)
        seat_rows = [(w.table, seat, values) for w in writes
                     for seat, values in w.seat_changes.items()]
        _update_rows(conn, seats, ("table_id", "seat"), seat_rows)
        hand_rows = [(w.table, w.finished_hand["number"],
                      {k: v for k, v in w.finished_hand.items() if k != "number"})
                     for w in writes if w.finished_hand is not None]
        _update_rows(conn, schema.hands, ("table_id", "number"), hand_rows)
        for w in writes:
            w._cash_out(conn)

    def _cash_out(self, conn: Connection) -> None:
        t = self.table
        now = time.time()
        for seat, account, chips in self.cash_outs:
            conn.execute(seats.delete().where(seats.c.table_id == t, seats.c.seat == seat))
            conn.execute(update(accounts).where(accounts.c.id == account)
                         .values(balance=accounts.c.balance + chips))
            conn.execute(insert(ledger), [{"at": now, "kind": "cash_out", "account": account,
                                           "table_id": t, "amount": chips}])


def _update_rows(conn: Connection, table: Table, keys: tuple[str, str],
                 rows: list[tuple[Any, Any, dict[str, Any]]]) -> None:
    """UPDATE ``table``'s rows named by the two ``keys`` columns' values, each row's columns
    to its values: one executemany per set of columns changed."""
    by_columns: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for first, second, values in rows:
        row = {"b_" + k: v for k, v in values.items()}
        row["b_" + keys[0]], row["b_" + keys[1]] = first, second
        by_columns.setdefault(tuple(sorted(values)), []).append(row)
    for columns, params in by_columns.items():
        conn.execute(_update_of(table, keys, columns), params)


@functools.lru_cache(maxsize=None)
def _update_of(table: Table, keys: tuple[str, ...], columns: tuple[str, ...]) -> Update:
    """UPDATE of ``columns`` of the row whose ``keys`` are given, every value a bound
    parameter ``b_<name>``: one statement object per table and set of columns, so
    SQLAlchemy compiles it once."""
    return (update(table)
            .where(*(table.c[k] == bindparam("b_" + k) for k in keys))
            .values({c: bindparam("b_" + c) for c in columns}))


def open_schema(conn: Connection) -> None:
    """Create the tables of an empty database, or check the version of an existing one."""
    schema.METADATA.create_all(conn)
    row = conn.execute(select(schema.meta.c.value)
                       .where(schema.meta.c.key == "schema_version")).first()
    if row is None:
        conn.execute(insert(schema.meta), [{"key": "schema_version",
                                            "value": str(SCHEMA_VERSION)}])
    elif row[0] != str(SCHEMA_VERSION):
        raise StoreError(f"the database has schema version {row[0]}; this server knows "
                         f"version {SCHEMA_VERSION}")
    conn.commit()


class Store:
    """The database behind one server process (see the module's docstring)."""

    def __init__(self, url: str) -> None:
        self.url = _url(url)
        kwargs: dict[str, Any] = {}
        if self.url.drivername == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 10}
        else:
            kwargs.update(pool_size=4, max_overflow=4, pool_pre_ping=True)
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.url.drivername == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._queue: "queue.SimpleQueue[Optional[_Job[Any]]]" = queue.SimpleQueue()
        self._thread: Optional[threading.Thread] = None

    @property
    def kind(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return "sqlite" if self.url.drivername == "sqlite" else "postgresql"

    def open(self) -> None:
        """Connect, create or check the schema and start the writer thread."""
        try:
            with self.engine.connect() as conn:
                open_schema(conn)
        except StoreError:
            raise
        except Exception as e:
            raise StoreError(f"cannot open {self.url.render_as_string(hide_password=True)}: "
                             f"{' '.join(str(e).split())}") from None
        self._thread = threading.Thread(target=self._writer, name="stud-fast-store",
                                        daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Let the writer finish the jobs it has, then close every connection."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None
        self.engine.dispose()

    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` in the writer thread; its result once its transaction is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put(_Job(fn, future, loop))
        return await future

    async def commit(self, write: TableWrite) -> None:
        """Write a table's step; return once it is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Job(None, future, loop, write))
        await future

    async def read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` on a connection of the pool, in a worker thread."""
        return await asyncio.to_thread(self.read_now, fn)

    def read_now(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` on a connection of the pool, here and now (start-up, tests)."""
        with self.engine.connect() as conn:
            return fn(conn)

    # ---- the writer thread ------------------------------------------------------------------

    def _writer(self) -> None:
        conn = self.engine.connect()
        try:
            while True:
                job = self._queue.get()
                if job is None:
                    return
                group = [job]
                stop = False
                while len(group) < _GROUP:
                    try:
                        more = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    group.append(more)
                self._run(conn, group)
                if stop:
                    return
        finally:
            conn.close()

    def _run(self, conn: Connection, group: list[_Job[Any]]) -> None:
        try:
            TableWrite.apply_all(conn, [j.write for j in group if j.write is not None])
            results: list[tuple[bool, Any]] = [
                (True, job.fn(conn) if job.fn is not None else None) for job in group]
            conn.commit()
        except Exception:
            conn.rollback()
            results = []
            for job in group:  # one by one: only the failing job fails
                try:
                    if job.fn is not None:
                        value = job.fn(conn)
                    else:
                        assert job.write is not None
                        value = TableWrite.apply_all(conn, [job.write])
                    conn.commit()
                    results.append((True, value))
                except Exception as e:
                    conn.rollback()
                    results.append((False, e))
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Job[Any], tuple[bool, Any]]]] = {}
        for job, result in zip(group, results):
            by_loop.setdefault(job.loop, []).append((job, result))
        for loop, answers in by_loop.items():
            try:
                loop.call_soon_threadsafe(_deliver, answers)
            except RuntimeError:  # the loop was closed: nobody waits any more
                pass

    # ---- accounts and money -----------------------------------------------------------------

    def ledger_now(self, conn: Connection) -> Ledger:
        """The ledger's three totals, read in one statement each."""
        issued = conn.execute(select(func.coalesce(func.sum(ledger.c.amount), 0))
                              .where(ledger.c.kind == "credit")).scalar_one()
        balances = conn.execute(select(func.coalesce(func.sum(accounts.c.balance), 0))
                                ).scalar_one()
        on_tables = conn.execute(select(func.coalesce(func.sum(seats.c.stack), 0))
                                 ).scalar_one()
        return Ledger(int(issued), int(balances), int(on_tables))


def _deliver(answers: list[tuple[_Job[Any], tuple[bool, Any]]]) -> None:
    for job, (ok, value) in answers:
        if job.future.done():  # the waiter was cancelled
            continue
        if ok:
            job.future.set_result(value)
        else:
            job.future.set_exception(value)


# ---- jobs (functions of a connection) ---------------------------------------------------------

def register(conn: Connection, name: str, token_hash: str, welcome: int) -> int:
    """A new account; ``welcome`` chips issued to it (a ledger credit) when positive."""
    now = time.time()
    player = conn.execute(insert(accounts).values(name=name, token_hash=token_hash,
                                                  balance=welcome, created=now)
                          .returning(accounts.c.id)).scalar_one()
    if welcome > 0:
        conn.execute(insert(ledger), [{"at": now, "kind": "credit", "account": player,
                                       "table_id": None, "amount": welcome}])
    return int(player)


def credit(conn: Connection, player: int, amount: int) -> Optional[int]:
    """Issue ``amount`` chips to ``player``: its new balance, or None for no such player."""
    done = conn.execute(update(accounts).where(accounts.c.id == player)
                        .values(balance=accounts.c.balance + amount)
                        .returning(accounts.c.balance)).first()
    if done is None:
        return None
    conn.execute(insert(ledger), [{"at": time.time(), "kind": "credit", "account": player,
                                   "table_id": None, "amount": amount}])
    return int(done[0])


def buy_in(conn: Connection, table: int, seat: int, player: int, chips: int,
           time_bank: float, event_row: dict[str, Any]) -> bool:
    """Move ``chips`` from the account to a new seat, with its event; False (nothing
    written) when the balance is short."""
    taken = conn.execute(update(accounts)
                         .where(accounts.c.id == player, accounts.c.balance >= chips)
                         .values(balance=accounts.c.balance - chips)).rowcount
    if taken != 1:
        return False
    conn.execute(insert(seats), [{"table_id": table, "seat": seat, "account": player,
                                  "stack": chips, "sitting_out": False, "missed": 0,
                                  "leaving": False, "time_bank": time_bank}])
    conn.execute(insert(ledger), [{"at": time.time(), "kind": "buy_in", "account": player,
                                   "table_id": table, "amount": chips}])
    conn.execute(insert(schema.events), [dict(event_row, table_id=table)])
    return True
