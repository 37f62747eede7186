"""``stud-fast serve`` and ``stud-fast bot`` as a user runs them: a user error is one line on
stderr and exit status 2, Ctrl-C stops the server with no traceback, two bots fill a table and
play the hands asked for.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from server_support import ADMIN, Server, free_port


def stud_fast(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stud_fast", *args], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("args, words", [
    (["--db", "mysql://u@h/db"], "use sqlite:///PATH or postgresql://"),
    (["--db", "not a url"], "is not a database URL"),
    (["--db", "sqlite:////no/such/folder/x.db"], "cannot open"),
    (["--db", "postgresql://u:secret@127.0.0.1:1/db"], "cannot open"),
    (["--port", "70000"], "out of range"),
    (["--admin-token", "short"], "at least 16 characters"),
])
def test_serve_user_errors_are_one_line(args: list[str], words: str, tmp_path: Path) -> None:
    done = stud_fast("serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", *args)
    assert done.returncode == 2
    assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "secret" not in done.stderr and "Traceback" not in done.stderr


def test_serve_refuses_a_database_of_another_schema_version(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE meta (key VARCHAR(64) PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("INSERT INTO meta VALUES ('schema_version', '999')")
    done = stud_fast("serve", "--db", f"sqlite:///{path}")
    assert done.returncode == 2 and "schema version 999" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_serve_refuses_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = stud_fast("serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--port", str(port))
    assert done.returncode == 2 and "cannot listen on" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'x.db'}", tmp_path / "server.log")
    server.start()
    assert server.process is not None
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(30) == 130
    server.process = None
    log = (tmp_path / "server.log").read_text()
    assert "interrupted" in log and "Traceback" not in log


def test_bots_fill_a_table_and_play(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'x.db'}", tmp_path / "server.log", welcome=1000)
    server.start()
    try:
        table = server.table(variant="mexican_stud", small_bet=4, ante=1, seats=2)
        bots = [subprocess.Popen([sys.executable, "-m", "stud_fast", "bot", "--url", server.base,
                                  "--table", str(table), "--bot", kind, "--name", kind,
                                  "--hands", "5"], stderr=subprocess.PIPE, text=True)
                for kind in ("random", "strength")]
        for bot in bots:
            _, err = bot.communicate(timeout=120)
            assert bot.returncode == 0, err
            assert "in 5 hands" in err
        assert server.get(f"/api/tables/{table}")["hand"] >= 5
        assert server.get("/api/ledger", ADMIN)["balanced"]
        # an account without chips cannot sit: a one-line error
        poor = Server(f"sqlite:///{tmp_path / 'y.db'}", tmp_path / "poor.log", welcome=0)
        poor.start()
        try:
            other = poor.table(variant="razz", small_bet=4, seats=2)
            done = stud_fast("bot", "--url", poor.base, "--table", str(other))
            assert done.returncode == 2 and "balance" in done.stderr
            assert len(done.stderr.strip().splitlines()) == 1
        finally:
            poor.stop()
    finally:
        server.stop()


def test_ctrl_c_stops_a_bot_cleanly(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'x.db'}", tmp_path / "server.log", welcome=1000)
    server.start()
    try:
        table = server.table(variant="razz", small_bet=4, seats=2)
        bot = subprocess.Popen([sys.executable, "-m", "stud_fast", "bot", "--url", server.base,
                                "--table", str(table)], stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while not server.get(f"/api/tables/{table}")["seats"] and time.monotonic() < deadline:
            time.sleep(0.05)  # seated: it waits for an opponent now
        bot.send_signal(signal.SIGINT)
        _, err = bot.communicate(timeout=60)
        assert bot.returncode == 130 and "interrupted" in err and "Traceback" not in err
    finally:
        server.stop()


def test_bot_user_errors_are_one_line() -> None:
    done = stud_fast("bot", "--url", f"http://127.0.0.1:{free_port()}", "--table", "1")
    assert done.returncode == 2 and "Connection refused" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    done = stud_fast("bot", "--table", "1", "--bot", "genius")
    assert done.returncode == 2 and "unknown bot" in done.stderr
