"""stud_fast on a Dask cluster (stud_fast.dask): results identical to the local calls.

One LocalCluster of two worker processes (one thread each) serves the module; the tests that
need a cluster are marked ``dask`` (deselect with ``-m "not dask"``).
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy as np
import pytest

import stud_fast
from stud_fast.cli import main
from stud_fast.equity import _pot
from stud_fast.errors import CardError
from stud_fast.simulate import SimulationSummary, simulate

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")

from stud_fast import _core  # noqa: E402
from stud_fast.dask import _equity, _simulate, client_from_args, evaluate_batch  # noqa: E402
from stud_fast.dask._cluster import local_cluster, split_evenly  # noqa: E402


EXACT_SPOTS: list[tuple[list[str], dict[str, Any]]] = [
    (["As Ks Qs 7d 2c", "Jh Jd 9c 8c 3d"], {}),
    (["As 2c 3d 4s 9h", "Kh Kd 5c 6c 7s 8s", "Qc Qd Jc Ts 8d 7d"], {"game": "stud_hilo",
                                                             "dead": "2d 5h"}),
    (["Ah 2c 3d 4s 6h 7c", "5c 5d 8h 9h Tc 2h"], {"game": "razz", "dead": "Kd"}),
    (["Xx 9c Ks Kd 2s 4d", "Ah Ad 3h 7c 8c Jd"], {"game": "baseball", "jokers": 2}),
    (["As Ks Qs Js", "Th Td 9h 9d"], {"game": None, "ranking": "short32", "cards": 5}),
    # eight players and a 5-card stub: one shared seventh card (S3)
    (["2c 2d 2h 3c 3d 3h", "4c 4d 4h 5c 5d 5h", "6c 6d 6h 7c 7d 7h", "8c 8d 8h 9c 9d 9h",
      "Tc Td Th Jc Jd Jh", "Qc Qd Qh Kc Kd Kh", "Ac Ad Ah 2s 3s 4s", "5s 6s 7s 8s 9s"], {}),
]


@pytest.fixture(scope="module")
def cluster_client() -> Iterator[Any]:
    with local_cluster(2) as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.mark.dask
def test_local_cluster_workers_run_without_the_profiler(client: Any) -> None:
    """The statistical profiler stops a worker's computing thread every 10 ms: the workers
    of local_cluster (--workers N) have it off, while the client keeps dask's default."""
    import dask

    def profiling() -> bool:
        return bool(dask.config.get("distributed.worker.profile.enabled"))

    assert client.run(profiling) == {w: False for w in client.scheduler_info()["workers"]}
    assert profiling() is True


@pytest.mark.dask
def test_local_cluster_workers_log_nothing_below_critical(client: Any) -> None:
    """A worker's log goes to the terminal that started it: the workers of local_cluster
    (--workers N) keep everything below CRITICAL to themselves, for their whole life."""
    import logging

    def loud() -> list[bool]:
        return [logging.getLogger(name).isEnabledFor(logging.ERROR)
                for name in ("distributed.worker", "distributed.core", "tornado", "asyncio")]

    assert client.run(loud) == {w: [False] * 4 for w in client.scheduler_info()["workers"]}


_SCHEDULER_FIRST = """
import argparse, os, signal, sys, time
from stud_fast.dask.cli import client_from_args

if __name__ == "__main__":
    with client_from_args(argparse.Namespace(scheduler=None, workers=1)) as client:
        pid = next(iter(client.run(os.getpid).values()))
        os.kill(pid, signal.SIGSTOP)   # a worker too slow to hear the scheduler close
        client.cluster.sync(client.cluster.scheduler.close)
        os.kill(pid, signal.SIGCONT)   # it wakes to a scheduler that is gone
        time.sleep(3)                  # a few heartbeats
    sys.stdout.write("done")
"""


@pytest.mark.dask
def test_a_local_cluster_whose_scheduler_goes_first_says_nothing(tmp_path: Path) -> None:
    """Ctrl-C under load can close the scheduler before a worker's last heartbeat; the worker
    then logged "Failed to communicate with scheduler during heartbeat" with a traceback,
    and the command's output was no longer just ``interrupted``. Forced here, every time:
    the worker is stopped while the scheduler closes."""
    script = tmp_path / "scheduler_first.py"
    script.write_text(_SCHEDULER_FIRST)
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                       timeout=180)
    assert (r.returncode, r.stdout, r.stderr) == (0, "done", "")


@pytest.fixture
def client(cluster_client: Any) -> Any:
    cluster_client.wait_for_workers(2, timeout=60)  # a test may have killed one
    return cluster_client


def _without_time(summary: SimulationSummary) -> dict[str, Any]:
    fields = dataclasses.asdict(summary)
    del fields["seconds"]
    return fields


# ---- no cost without a cluster --------------------------------------------------------------


def test_importing_stud_fast_does_not_import_dask() -> None:
    code = ("import sys, stud_fast, stud_fast.equity, stud_fast.simulate, stud_fast.cli\n"
            "stud_fast.cli.build_parser()\n"
            "import stud_fast.dask\n"
            "loaded = sorted(m for m in sys.modules\n"
            "                if m.split('.')[0] in ('dask', 'distributed'))\n"
            "print(loaded)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_simulate_ranges_add_up_to_the_run() -> None:
    """What the cluster relies on: hands first..first+n-1 played apart are the run's hands."""
    whole = simulate("stud_hilo", 30, players=5, seed=11, progress=False)
    parts = [_simulate._play_chunk("stud_hilo", n, 5, 11, ("random", "strength"), first, False,
                                   {})[0]
             for first, n in [(0, 13), (13, 1), (14, 16)]]
    for part in parts[1:]:
        parts[0].merge(part)
    merged = parts[0].summary(0.0)
    assert _without_time(merged) == _without_time(whole)
    assert whole.hands == 30 and merged.flow_per_seat != [0] * 5


def test_exact_unit_pieces_add_up_to_the_run() -> None:
    """What the cluster relies on: the C engine's units of an exact run, cut into any ranges
    and tallied apart, add up to the run's deals and finish to the local result (S3 shared
    card included)."""
    for hands, kw in EXACT_SPOTS[:2] + EXACT_SPOTS[-1:]:
        local = stud_fast.equity(hands, exact=True, **kw)
        pot = _pot(kw.get("game", "seven_card_stud"), None, None)
        known = [list(stud_fast.parse_cards(h)) for h in hands]
        spot = (pot.ranking.number, pot.hilo, pot.cards, known,
                list(stud_fast.parse_cards(kw.get("dead", ""))), pot.wild_mask, 0)
        units, deals = _core.equity_plan(*spot)
        assert deals == local.deals and units > 3
        for cut in (1, 3, units):
            sums = {name: [0] * len(hands) for name in _core.TALLY_FIELDS}
            sums["deals"] = 0
            for first, n in split_evenly(units, cut):
                _equity._add(sums, _equity._piece(spot, True, first, n, 0))
            raw = _core.equity_finish(sums, len(hands), True)
            assert raw["deals"] == deals and tuple(raw["equity"]) == local.equity
            assert tuple(raw["win"]) == local.win and tuple(raw["low"]) == local.low


def test_equity_checks_arguments_before_the_cluster() -> None:
    """equity(client=) validates like the local call before touching the client (a plain
    object here), and refuses ranges, which only run locally."""
    not_a_client: Any = object()
    with pytest.raises(ValueError, match="samples"):
        stud_fast.equity(["As Ks", "Qd Qc"], samples=0, client=not_a_client)
    with pytest.raises(CardError, match="twice"):
        stud_fast.equity(["As Ks", "As Qc"], client=not_a_client)
    with pytest.raises(ValueError, match="max_deals"):  # three players (heads-up is counted)
        stud_fast.equity(["As", "Kd", "Qh"], exact=True, max_deals=10, client=not_a_client)
    with pytest.raises(ValueError, match="Range"):
        stud_fast.equity([stud_fast.Range.from_list(["Ah Ad", "As Ac"]), "Kd Kc"],
                         client=not_a_client)


# ---- batch evaluation -----------------------------------------------------------------------


@pytest.mark.dask
@pytest.mark.parametrize("ranking,wild", [("high", ""), ("razz", ""), ("low8", "9"),
                                          ("short32", "")])
def test_evaluate_batch_equals_the_local_call(client: Any, ranking: str, wild: str) -> None:
    from stud_fast.benchmark import random_hands

    deck = stud_fast.Ranking.parse(ranking).deck
    hands = random_hands(20_000, 7, seed=4, deck=np.array(deck), jokers=1)
    local = stud_fast.evaluate_batch(hands, ranking, wild)
    darr = da.from_array(hands, chunks=(3_000, 4))  # rows and columns split: rechunked
    values = evaluate_batch(darr, ranking, wild)
    assert values.dtype == np.uint16 and values.chunks[0] == darr.chunks[0]
    assert np.array_equal(values.compute(), local)


@pytest.mark.dask
def test_evaluate_batch_errors(client: Any) -> None:
    hands = np.tile(np.array([51, 47, 43, 39, 35], dtype=np.uint8), (10, 1))
    with pytest.raises(TypeError, match="dask.array"):
        evaluate_batch(hands)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="uint8"):
        evaluate_batch(da.from_array(hands.astype(np.int64), chunks=5))
    with pytest.raises(ValueError, match="ranking"):
        evaluate_batch(da.from_array(hands, chunks=5), ranking="omaha")
    hands[7, 2] = 51  # a duplicate ace of spades in row 7, the second block
    with pytest.raises(CardError, match="hand 7 "):
        evaluate_batch(da.from_array(hands, chunks=5)).compute()


# ---- equity ---------------------------------------------------------------------------------

@pytest.mark.dask
@pytest.mark.parametrize("hands,kw", EXACT_SPOTS)
def test_exact_equity_is_identical(client: Any, monkeypatch: pytest.MonkeyPatch,
                                   hands: list[str], kw: dict[str, Any]) -> None:
    local = stud_fast.equity(hands, exact=True, **kw)
    monkeypatch.setattr(_equity, "_MIN_DEALS", 1)  # small spots cut into pieces too
    for per_thread in (1, 5):  # other piece counts, as other cluster sizes would give
        monkeypatch.setattr(_equity, "_PIECES_PER_THREAD", per_thread)
        assert stud_fast.equity(hands, exact=True, client=client, **kw) == local


@pytest.mark.dask
@pytest.mark.parametrize("samples", [1, 4096 * 9 + 17])
def test_sampled_equity_is_identical(client: Any, monkeypatch: pytest.MonkeyPatch,
                                     samples: int) -> None:
    hands, kw = ["Ah 2c 3d 4s", "Kh Kd 5c 6c"], {"game": "stud_hilo", "seed": 7}
    local = stud_fast.equity(hands, exact=False, samples=samples, **kw)
    monkeypatch.setattr(_equity, "_MIN_SAMPLES", 4096)  # many small pieces
    for per_thread in (1, 3):
        monkeypatch.setattr(_equity, "_PIECES_PER_THREAD", per_thread)
        calls: list[tuple[int, int]] = []
        got = stud_fast.equity(hands, exact=False, samples=samples, client=client,
                               progress=lambda d, t: calls.append((d, t)), **kw)
        assert got == local and got.deals == samples
        assert calls[-1] == (samples, samples)
        assert [d for d, _ in calls] == sorted(d for d, _ in calls)
        assert len(calls) <= 2 * per_thread and (len(calls) > 1) == (samples > 4096)


def _scheduler_tasks(client: Any) -> int:
    return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))


def _wait_idle(client: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if _scheduler_tasks(client) == 0:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.dask
def test_ctrl_c_cancels_the_pieces(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGINT while waiting: KeyboardInterrupt here, and the queued pieces (about 20 s of
    work) are gone from the scheduler at once."""
    monkeypatch.setattr(_equity, "_PIECES_PER_THREAD", 20)
    started = threading.Event()
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))

    def progress(done: int, total: int) -> None:
        if not started.is_set():
            started.set()
            timer.start()

    with pytest.raises(KeyboardInterrupt):
        stud_fast.equity(["As Ks Qs", "Jh Jd 9c"], exact=False, samples=400_000_000, seed=1,
                         client=client, progress=progress)
    assert started.is_set()
    assert _wait_idle(client, 5.0)


@pytest.mark.dask
def test_an_error_while_waiting_cancels_the_pieces(client: Any) -> None:
    def progress(done: int, total: int) -> None:
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError, match="stop"):
        stud_fast.equity(["As Ks Qs", "Jh Jd 9c"], exact=False, samples=100_000_000, seed=1,
                         client=client, progress=progress)
    assert _wait_idle(client, 5.0)


@pytest.mark.dask
def test_a_worker_killed_mid_run_changes_nothing(client: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    hands, kw = ["As Ks Qs 7d", "Jh Jd 9c 8c"], {"exact": False, "samples": 24_000_000,
                                                 "seed": 3}
    local = stud_fast.equity(hands, **kw)
    monkeypatch.setattr(_equity, "_PIECES_PER_THREAD", 12)
    pids = client.run(os.getpid)
    killed: list[int] = []

    def progress(done: int, total: int) -> None:
        if not killed:  # the first piece is in: kill a worker holding others
            killed.append(pids[sorted(pids)[0]])
            os.kill(killed[0], signal.SIGKILL)

    got = stud_fast.equity(hands, client=client, progress=progress, **kw)
    assert killed and got == local
    client.wait_for_workers(2, timeout=60)  # the nanny started a new worker process
    assert killed[0] not in client.run(os.getpid).values()


# ---- simulation -----------------------------------------------------------------------------


@pytest.mark.dask
def test_simulation_is_identical(client: Any, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_simulate, "_MIN_HANDS", 7)
    local = simulate("seven_card_stud", 120, players=6, seed=5, progress=False,
                     phh_dir=str(tmp_path / "here"))
    there = simulate("seven_card_stud", 120, players=6, seed=5, progress=False,
                     phh_dir=str(tmp_path / "there"), client=client)
    assert _without_time(there) == _without_time(local)
    here_files = sorted((tmp_path / "here").iterdir())
    assert len(here_files) == 120
    assert [f.name for f in here_files] == sorted(f.name for f in (tmp_path / "there").iterdir())
    for f in here_files:
        assert f.read_bytes() == (tmp_path / "there" / f.name).read_bytes()


@pytest.mark.dask
def test_simulation_options_reach_the_workers(client: Any) -> None:
    kw: dict[str, Any] = {"players": 3, "seed": 2, "bots": ["strength"], "ante": 2,
                          "bring_in": 3, "small_bet": 4, "big_bet": 8, "stack": 50,
                          "progress": False}
    local = simulate("baseball", 60, **kw)
    assert _without_time(simulate("baseball", 60, client=client, **kw)) == _without_time(local)
    with pytest.raises(ValueError, match="on_hand"):
        simulate("razz", 5, client=client, on_hand=print)
    with pytest.raises(ValueError, match="variant|omaha"):
        simulate("omaha", 5, client=client)


# ---- command line ---------------------------------------------------------------------------


@pytest.mark.dask
def test_cli_scheduler_gives_the_local_output(client: Any,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "As Ks Qs 7d", "Jh Jd 9c 8c", "--samples", "300000", "--seed", "4"]
    assert main(args) == 0
    local = capsys.readouterr().out
    assert main(args + ["--scheduler", client.scheduler.address]) == 0
    assert capsys.readouterr().out == local


def _one_error_line(err: str, *words: str) -> None:
    assert err.startswith("stud-fast") and err.count("\n") == 1 and "Traceback" not in err
    for word in words:
        assert word in err


def test_cli_cluster_option_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """Cluster options' mistakes are one line on stderr and exit status 2, like any other."""
    assert main(["equity", "As Ks", "Qd Qc", "--workers", "0"]) == 2
    _one_error_line(capsys.readouterr().err, "--workers")
    assert main(["simulate", "--variant", "razz", "--workers", "2",
                 "--scheduler", "tcp://x:1"]) == 2
    _one_error_line(capsys.readouterr().err, "not allowed with")
    for command in (["equity", "As Ks", "Qd Qc"], ["simulate", "--variant", "razz"],
                    ["bench", "--hands", "2"]):
        assert main(command + ["--scheduler", "no-port-here"]) == 2
        _one_error_line(capsys.readouterr().err, "no-port-here")


def _interrupt(command: list[str], started: Callable[[Any], bool],
               group: bool) -> tuple[int, str]:
    """Run ``stud-fast command`` in a session of its own, send SIGINT (to its whole process
    group, as a terminal's Ctrl-C does, when ``group``) once ``started(process)``; its exit
    status and stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "stud_fast", *command],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        # generous limits, never reached but on a machine loaded far beyond its cores
        deadline = time.monotonic() + 300
        while not started(proc):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        if group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, err


@pytest.mark.dask
def test_cli_ctrl_c_cancels_the_pieces_and_exits_130(client: Any) -> None:
    """Ctrl-C during ``equity --scheduler``: ``interrupted``, status 130, no traceback, and the
    pieces are gone from the scheduler."""
    code, err = _interrupt(["equity", "As Ks Qs", "Jh Jd 9c", "--samples", "3000000000",
                            "--seed", "1", "--scheduler", client.scheduler.address],
                           lambda proc: _scheduler_tasks(client) > 0, group=False)
    assert (code, err) == (130, "interrupted\n")
    assert _wait_idle(client, 10.0)


@pytest.mark.dask
@pytest.mark.parametrize("command", [
    ["equity", "As Ks Qs", "Jh Jd 9c", "--samples", "3000000000", "--seed", "1"],
    ["simulate", "--variant", "razz", "--hands", "3000000", "--seed", "1", "--no-progress"]])
def test_cli_ctrl_c_with_a_local_cluster(command: list[str]) -> None:
    """A terminal's Ctrl-C reaches the workers of ``--workers N`` too: still only
    ``interrupted``, status 130, and no worker process left behind."""
    import psutil

    workers: list[Any] = []

    def computing(proc: subprocess.Popen[str]) -> bool:
        workers[:] = [c for c in psutil.Process(proc.pid).children()
                      if "spawn_main" in " ".join(c.cmdline())]
        # past a worker's start (about a second of CPU), into the pieces
        return len(workers) == 2 and all(sum(w.cpu_times()[:2]) > 4 for w in workers)

    code, err = _interrupt(command + ["--workers", "2"], computing, group=True)
    assert (code, err) == (130, "interrupted\n")
    gone, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive


@pytest.mark.dask
def test_client_from_args_starts_and_stops_a_local_cluster() -> None:
    import argparse

    with client_from_args(argparse.Namespace(scheduler=None, workers=1)) as c:
        assert c is not None and list(c.nthreads().values()) == [1]
        cluster = c.cluster
    assert cluster.status.name == "closed"


@pytest.mark.dask
def test_heads_up_is_counted_on_a_worker(client: Any) -> None:
    """Issue 21 item 4: a heads-up spot with client= is counted (on a worker, one piece), the
    same result as counting here, from third street (10^10 deals, never enumerated)."""
    hands = ["As Ks Qd", "Jh Jd 9c"]
    local = stud_fast.equity(hands, game="razz")
    calls: list[tuple[int, int]] = []
    got = stud_fast.equity(hands, game="razz", client=client,
                           progress=lambda d, t: calls.append((d, t)))
    assert got.method == local.method == "count" and got == local
    assert calls == [(local.deals, local.deals)]
