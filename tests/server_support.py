"""What the server tests share: a real server process on a free port, killed and started again
at will, real databases (an SQLite file; a PostgreSQL server), REST and WebSocket helpers.

PostgreSQL: ``STUD_FAST_TEST_PG`` (a URL of a server where databases may be created) if set;
else a private cluster made with ``initdb`` and started with ``pg_ctl`` in a temporary folder,
wherever Debian's ``postgresql`` package (or any PostgreSQL) installed those programs. With
neither, the PostgreSQL tests are skipped, except under ``CI=true``, where they fail: CI
installs PostgreSQL (``.ci/run``) and must run them.
"""

from __future__ import annotations

import asyncio
import glob
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest

from stud_fast.server.client import ApiFailure, rest

ADMIN = "admin-token-for-the-tests-0123456789"
CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``stud-fast serve`` as a child process on one port and one database."""

    def __init__(self, db: str, log: Path, *extra: str, welcome: int = 100_000) -> None:
        self.db = db
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.log = log
        self.extra = list(extra)
        self.welcome = welcome
        self.process: Optional[subprocess.Popen[bytes]] = None
        self.starts = 0

    def start(self, timeout: float = 60.0) -> None:
        assert self.process is None
        with open(self.log, "ab") as log:
            log.write(f"--- start {self.starts + 1}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                [sys.executable, "-m", "stud_fast", "serve", "--db", self.db, "--port",
                 str(self.port), "--admin-token", ADMIN, "--welcome-credit", str(self.welcome),
                 *self.extra], stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited with {self.process.returncode}:\n"
                                     + self.log.read_text()[-3000:])
            try:
                rest(self.base, "GET", "/api/health", timeout=2)
                return
            except ApiFailure:
                time.sleep(0.02)
        raise AssertionError("the server did not answer in time:\n"
                             + self.log.read_text()[-3000:])

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.process = None

    def stop(self) -> int:
        """Ctrl-C, as a person stops it; the exit status."""
        if self.process is None:
            return 0
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.process = None
        return code

    # REST shortcuts
    def get(self, path: str, token: Optional[str] = None) -> Any:
        return rest(self.base, "GET", path, token=token)

    def post(self, path: str, body: Optional[dict[str, Any]] = None,
             token: Optional[str] = None) -> Any:
        return rest(self.base, "POST", path, body if body is not None else {}, token=token)

    def table(self, **options: Any) -> int:
        return int(self.post("/api/tables", options, token=ADMIN)["table"])

    def player(self, name: str = "p") -> tuple[int, str]:
        answer = self.post("/api/players", {"name": name})
        return int(answer["player"]), str(answer["token"])


@dataclass
class Postgres:
    """A PostgreSQL server the tests may create databases on."""

    url: str  # postgresql://user@host:port/ (no database)

    def database(self) -> str:
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url + "postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url + name


def _pg_bin() -> Optional[str]:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def _as_postgres(command: list[str]) -> list[str]:
    """initdb and the server refuse to run as root: run them as the postgres user then."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    given = os.environ.get("STUD_FAST_TEST_PG")
    if given:  # postgresql://USER:PASSWORD@HOST:PORT[/DB]: databases are made beside DB
        server = given.rstrip("/")
        if "/" in server.split("//", 1)[1]:
            server = server.rsplit("/", 1)[0]
        yield Postgres(server + "/")
        return
    bindir = _pg_bin()
    if bindir is None:
        message = ("PostgreSQL is not installed (apt-get install postgresql) and "
                   "STUD_FAST_TEST_PG is not set")
        if CI:
            pytest.fail(message)
        pytest.skip(message)
    root = tempfile.mkdtemp(prefix="stud_fast_pg_")
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(root, user.pw_uid, user.pw_gid)
    data = os.path.join(root, "data")
    port = free_port()
    subprocess.run(_as_postgres([os.path.join(bindir, "initdb"), "-D", data, "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(_as_postgres([os.path.join(bindir, "pg_ctl"), "-D", data, "-w", "-l",
                                 os.path.join(root, "log"), "-o",
                                 f"-p {port} -k {root} -c listen_addresses=127.0.0.1",
                                 "start"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield Postgres(f"postgresql://postgres@127.0.0.1:{port}/")
    finally:
        subprocess.run(_as_postgres([os.path.join(bindir, "pg_ctl"), "-D", data, "-m", "fast",
                                     "stop"]), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        shutil.rmtree(root, ignore_errors=True)


def database(kind: str, folder: Path, request: pytest.FixtureRequest) -> str:
    """A fresh database of ``kind`` (``sqlite`` or ``postgresql``)."""
    if kind == "sqlite":
        return f"sqlite:///{folder / 'stud_fast.db'}"
    pg: Postgres = request.getfixturevalue("postgres")
    return pg.database()


def sql(db: str, query: str) -> list[tuple[Any, ...]]:
    """Rows of a query, read with the database's own driver (not the server's code)."""
    if db.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(db[len("sqlite:///"):]) as conn:
            return list(conn.execute(query))
    import psycopg

    with psycopg.connect(db) as conn:
        return [tuple(r) for r in conn.execute(query)]


# ---- WebSocket helpers -------------------------------------------------------------------------

class Socket:
    """A WebSocket client with a buffer of what arrived: wait for a message that matches."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, server: Server, table: int, token: Optional[str] = None,
                   **kwargs: Any) -> "Socket":
        from websockets.asyncio.client import connect

        url = f"{server.ws}/ws/tables/{table}" + (f"?token={token}" if token else "")
        return cls(await connect(url, compression=None, **kwargs))

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def next(self, timeout: float = 20.0) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.seen.append(message)
        return message  # type: ignore[no-any-return]

    async def until(self, predicate: Any, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such message in {timeout} s; last: "
                                     f"{self.seen[-3:] if self.seen else None}")
            message = await self.next(left)
            if predicate(message):
                return message

    async def error(self, timeout: float = 20.0) -> dict[str, Any]:
        return await self.until(lambda m: m["type"] == "error", timeout)

    async def close(self) -> None:
        await self.ws.close()


def hand_truths(server: Server, tables: list[int]
                ) -> dict[tuple[int, int], tuple[Any, list[int], dict[str, Any]]]:
    """Every finished hand of ``tables`` replayed from its stored PHH: ``(table, hand) ->
    (the replayed StudHand, the replay's seat of each server hand seat, the hand's summary)``
    (the replay numbers seats from the dealer's left, as PHH does)."""
    from stud_fast.history import loads, replay

    out = {}
    for table in tables:
        after = 0
        while True:
            summaries = server.get(f"/api/tables/{table}/hands?after={after}&limit=1000")
            if not summaries:
                break
            for summary in summaries:
                truth = replay(loads(server.get(f"/api/tables/{table}/hands/"
                                                f"{summary['hand']}")))
                n = len(summary["seats"])
                dealer = summary["seats"].index(summary["dealer"])
                out[table, summary["hand"]] = (truth, [(h - dealer - 1) % n for h in range(n)],
                                               summary)
            after = summaries[-1]["hand"]
    return out


def check_records(message: dict[str, Any], truth: Any, to_truth: list[int]) -> int:
    """The records of a view message are the first records of the hand as finally stored
    (burns aside: a replay draws its own), the same kinds, seats and amounts: nothing a client
    was told is lost or changed. The number of records compared."""
    public = [r for r in message["view"]["records"] if r["kind"] != "burn"]
    true_records = [r for r in truth.records if r.kind != "burn"]
    k = len(public)
    assert [r["kind"] for r in public] == [r.kind for r in true_records[:k]], message["hand"]
    for r, t in zip(public, true_records):
        if r.get("seat") is not None and r["kind"] != "win":
            assert to_truth[r["seat"]] == t.seat and r["amount"] == t.amount
    # the awards, in seat order, which the replay numbers from the dealer's left
    assert sorted((to_truth[r["seat"]], r["amount"]) for r in public if r["kind"] == "win") \
        == sorted((t.seat, t.amount) for t in true_records[:k] if t.kind == "win")
    return k


def my_turn(message: dict[str, Any]) -> bool:
    view = message.get("view")
    return (message["type"] == "view" and view is not None and view["seat"] is not None
            and not view["is_over"] and view["actor"] == view["seat"])
