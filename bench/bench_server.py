"""Table-server speed: T tables x P bot clients on loopback, bots in other processes, playing
as fast as they can.

Run from anywhere (``pip install '.[server]'``)::

    python bench/bench_server.py [--tables 170] [--players 6] [--seconds 30] [--warmup 10]
                                 [--db sqlite] [--db postgresql://USER@HOST:PORT/DB]
                                 [--bot random] [--bot-processes 2] [--pace ACTIONS_PER_S]
                                 [--json out.json]

For each ``--db`` (default: an SQLite file in a temporary folder) it starts ``stud-fast serve``
as a child process, creates ``--tables`` seven-card stud tables (ante 1, bring-in 2, 5/10) of
``--players`` seats, starts ``--bot-processes`` processes that run the bots (one asyncio loop
each, every bot its own account and WebSocket), waits until every bot is connected, lets them
play ``--warmup`` seconds, then measures ``--seconds`` (the bots and the server over the same
window): hands/s (hands finished, from the server's tables), actions/s (sent
by the bots and answered), p50 / p99 / max latency from an action sent to the next view its bot
received, and the server process's memory (peak and current resident set). A PostgreSQL
URL names an empty database (the server creates its schema).

Bots that act the moment they are asked keep every table's decision in flight, so the run
finds the most actions a second the machine gives, and the latency is then what Little's law
says: tables / actions a second on average (170 tables at 1,000 actions/s: 170 ms). With
``--pace R`` each bot waits a random time (exponential, mean tables / R seconds) before each
action, so that the tables offer about R actions a second: the latency the server gives
at that load.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Optional

from stud_fast.server.client import ApiFailure, WireBot, rest
from stud_fast.variants import GameConfig

ADMIN = "bench-admin-token-0123456789abcdef"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _memory(pid: int) -> dict[str, int]:
    """VmHWM (peak) and VmRSS of a process, in MiB (Linux)."""
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS"):
                out[key] = int(value.split()[0]) // 1024
    return out


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) a process used so far (Linux)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# ---- the bot processes --------------------------------------------------------------------------

def bots_main(base: str, seats: list[tuple[int, str]], kind: str, out: str,
              think: float = 0.0) -> None:
    """Play every ``(table, token)`` seat, each bot waiting ``think`` seconds on average
    before an action. Print ``ready`` once every bot is connected, count from the ``start``
    line on standard input to the ``stop`` line, then write the counts to ``out`` as JSON
    (the parent measures the server over that same window)."""
    from stud_fast.bots import make_bot

    async def line() -> str:
        return (await asyncio.to_thread(sys.stdin.readline)).strip()

    async def main() -> dict[str, Any]:
        stop = asyncio.Event()
        config = GameConfig(**rest(base, "GET", f"/api/tables/{seats[0][0]}")["config"])
        bots = [WireBot(base, table, make_bot(kind), token, seed=i, config=config, think=think)
                for i, (table, token) in enumerate(seats)]
        tasks = [asyncio.ensure_future(b.run(stop)) for b in bots]
        while not all(b.stats.connects for b in bots):
            await asyncio.sleep(0.05)
        print("ready", flush=True)
        if await line() != "start":
            raise SystemExit("the bot process expected 'start'")
        for b in bots:
            b.stats.latencies.clear()
        actions0 = sum(b.stats.actions for b in bots)
        start = time.perf_counter()
        if await line() != "stop":
            raise SystemExit("the bot process expected 'stop'")
        elapsed = time.perf_counter() - start
        latencies = [x for b in bots for x in b.stats.latencies]
        actions = sum(b.stats.actions for b in bots) - actions0
        connected = sum(1 for b in bots if b.stats.connects > 0)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return {"actions": actions, "elapsed": elapsed, "latencies": latencies,
                "connected": connected,
                "errors": dict(sum((collections.Counter(b.stats.errors) for b in bots),
                                   collections.Counter()))}

    try:
        import uvloop  # uvicorn's loop too, where installed (the server extra installs it)

        result = uvloop.run(main())
    except ImportError:
        result = asyncio.run(main())
    with open(out, "w") as f:
        json.dump(result, f)


# ---- the run ------------------------------------------------------------------------------------

def _wait(base: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(3000):
        if process.poll() is not None:
            raise SystemExit(f"the server exited with {process.returncode}")
        try:
            rest(base, "GET", "/api/health", timeout=2)
            return
        except ApiFailure:
            time.sleep(0.02)
    raise SystemExit("the server did not start")


def _hands_finished(base: str, tables: list[int]) -> int:
    """Hands finished so far, over all tables (from the server)."""
    return sum((rest(base, "GET", f"/api/tables/{t}")["hand"] or 1) - 1 for t in tables)


def run_one(db: str, args: argparse.Namespace) -> dict[str, Any]:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(os.path.join(tempfile.gettempdir(), f"bench_server_{port}.log"), "wb")
    server = subprocess.Popen([sys.executable, "-m", "stud_fast", "serve", "--db", db,
                               "--port", str(port), "--admin-token", ADMIN,
                               "--welcome-credit", "1000000"], stdout=log, stderr=log)
    try:
        _wait(base, server)
        tables = [rest(base, "POST", "/api/tables",
                       {"variant": "seven_card_stud", "ante": 1, "bring_in": 2,
                        "small_bet": 5, "big_bet": 10, "seats": args.players,
                        "action_seconds": 30, "min_buy_in": 200, "max_buy_in": 1000},
                       token=ADMIN)["table"] for _ in range(args.tables)]
        def seat(table: int, s: int) -> tuple[int, str]:
            token = rest(base, "POST", "/api/players", {"name": f"bot{table}-{s}"})["token"]
            rest(base, "POST", f"/api/tables/{table}/sit", {"buy_in": 500, "seat": s},
                 token=token)
            return table, token

        with ThreadPoolExecutor(8) as pool:
            seats = list(pool.map(lambda ts: seat(*ts),
                                  [(t, s) for t in tables for s in range(args.players)]))
        random.Random(1).shuffle(seats)  # each bot process plays at many tables
        chunks = [seats[i::args.bot_processes] for i in range(args.bot_processes)]
        outs = [os.path.join(tempfile.gettempdir(), f"bench_server_{port}_{i}.json")
                for i in range(len(chunks))]
        bots = [subprocess.Popen([sys.executable, __file__, "--bots-of", base, "--bot", args.bot,
                                  "--think", str(args.tables / args.pace if args.pace else 0.0),
                                  "--out", out], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
                for out in outs]

        def tell(word: str) -> None:
            for process in bots:
                assert process.stdin is not None
                process.stdin.write(word.encode() + b"\n")
                process.stdin.flush()

        for process, chunk in zip(bots, chunks):
            assert process.stdin is not None
            process.stdin.write(json.dumps(chunk).encode() + b"\n")
            process.stdin.flush()
        for process in bots:  # every bot connected
            assert process.stdout is not None
            if process.stdout.readline().strip() != b"ready":
                raise SystemExit(f"a bot process failed with {process.wait()}")
        time.sleep(args.warmup)
        # the bots count from "start" to "stop"; the server is measured over the same window
        tell("start")
        cpu0, t0 = (_cpu(server.pid), sum(_cpu(b.pid) for b in bots)), time.perf_counter()
        hands0 = _hands_finished(base, tables)
        time.sleep(args.seconds)
        tell("stop")
        cpu1, t1 = (_cpu(server.pid), sum(_cpu(b.pid) for b in bots)), time.perf_counter()
        hands1 = _hands_finished(base, tables)
        memory = _memory(server.pid)
        results = []
        for process, out in zip(bots, outs):
            if process.wait() != 0:
                raise SystemExit(f"a bot process failed with {process.returncode}")
            with open(out) as f:
                results.append(json.load(f))
            os.unlink(out)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    latencies = [x for r in results for x in r["latencies"]]
    actions = sum(r["actions"] for r in results)
    elapsed = max(r["elapsed"] for r in results)
    return {"db": db.split(":", 1)[0], "tables": args.tables, "players": args.players,
            "pace": args.pace,
            "connected": sum(r["connected"] for r in results),
            "hands_per_s": (hands1 - hands0) / (t1 - t0), "actions_per_s": actions / elapsed,
            "p50_ms": 1000 * _percentile(latencies, 0.5),
            "p99_ms": 1000 * _percentile(latencies, 0.99),
            "max_ms": 1000 * max(latencies) if latencies else float("nan"),
            "errors": dict(sum((collections.Counter(r["errors"]) for r in results),
                               collections.Counter())),
            "server_cpu": (cpu1[0] - cpu0[0]) / (t1 - t0),
            "bots_cpu": (cpu1[1] - cpu0[1]) / (t1 - t0),
            "server_cpu_ms_per_action": 1000 * (cpu1[0] - cpu0[0]) / max(1, actions),
            "server_rss_mib": memory.get("VmRSS"), "server_peak_mib": memory.get("VmHWM")}


def _errors(counts: dict[str, int]) -> str:
    """The refusals the bots got, by code. ``not_sitting_out``: a bot seated between hands
    asks to be dealt in (``sit_in``) before its first hand, harmlessly, when it was not sat
    out; any other code is a fault of the bots or the server."""
    return ", ".join(f"{code} {n}" for code, n in sorted(counts.items())) or "none"


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=170)
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--warmup", type=float, default=10.0)
    p.add_argument("--db", action="append", default=None,
                   help="sqlite (a new temporary file), sqlite:///PATH or a PostgreSQL URL "
                        "(repeatable; default sqlite)")
    p.add_argument("--bot", default="random", choices=["random", "strength"])
    p.add_argument("--bot-processes", type=int, default=2,
                   help="processes the bots are shared among (default 2: one asyncio loop "
                        "for a thousand bots is itself busy enough that its delay in reading "
                        "a view would count as the server's latency)")
    p.add_argument("--pace", type=float, default=None, metavar="ACTIONS_PER_S",
                   help="bots wait before each action (exponential, mean tables / pace "
                        "seconds) so that the tables together offer about this many "
                        "actions a second; default: none, as fast as they can")
    p.add_argument("--json", default=None, help="also write the results here")
    p.add_argument("--bots-of", default=None, help=argparse.SUPPRESS)  # a bot process
    p.add_argument("--out", default=None, help=argparse.SUPPRESS)  # where it writes
    p.add_argument("--think", type=float, default=0.0, help=argparse.SUPPRESS)  # from --pace
    args = p.parse_args(argv)
    if args.bots_of:
        bots_main(args.bots_of, [tuple(s) for s in json.loads(sys.stdin.readline())], args.bot,
                  args.out, args.think)
        return 0
    rows = []
    folder = tempfile.mkdtemp(prefix="bench_server_")
    for db in args.db or ["sqlite"]:
        url = f"sqlite:///{os.path.join(folder, f'bench{len(rows)}.db')}" if db == "sqlite" \
            else db
        row = run_one(url, args)
        rows.append(row)
        paced = f" paced to {row['pace']:,.0f} actions/s" if row["pace"] else ""
        print(f"{row['db']:>10}: {row['connected']} bots at {row['tables']} tables{paced}, "
              f"{row['hands_per_s']:,.0f} hands/s, {row['actions_per_s']:,.0f} actions/s, "
              f"latency p50 {row['p50_ms']:.1f} ms, p99 {row['p99_ms']:.1f} ms, "
              f"max {row['max_ms']:.0f} ms, errors {_errors(row['errors'])}; CPU: server "
              f"{row['server_cpu']:.2f} ({row['server_cpu_ms_per_action']:.2f} ms an action), "
              f"bots {row['bots_cpu']:.2f}; server "
              f"{row['server_rss_mib']} MiB (peak {row['server_peak_mib']} MiB)", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
