"""The command line as a user meets it: subprocesses, exit codes, one-line errors, --json,
Ctrl-C. Every user error is one line on stderr, exit status 2, and never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from stud_fast.cli import main
from stud_fast.simulation_summary import SimulationTally
from stud_fast.cli import build_parser
from stud_fast.history import dumps, dumps_all, to_phh
from stud_fast.simulate import simulate
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stud_fast", *args], capture_output=True,
                          text=True, timeout=120, cwd=cwd)


def assert_user_error(r: subprocess.CompletedProcess[str], *words: str, code: int = 2) -> None:
    assert r.returncode == code, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr + r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for w in words:
        assert w.lower() in lines[0].lower(), (w, lines[0])


def _hand(seed: int = 3) -> StudHand:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=4, big_bet=8)
    hand = StudHand(cfg, stacks=[300, 300, 300], dealer=0, seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(next(k for k in ("bring_in", "call", "check") if k in legal))
    return hand


# ---- good paths --------------------------------------------------------------------------------


def test_version() -> None:
    r = run_cli("--version")
    assert r.returncode == 0 and r.stdout.startswith("stud-fast 0.")


def test_eval_takes_cards_quoted_or_not() -> None:
    quoted = run_cli("eval", "As Ks Qs Js Ts 2c 3d", "--json")
    loose = run_cli("eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d", "--json")
    assert quoted.returncode == loose.returncode == 0
    assert json.loads(quoted.stdout) == json.loads(loose.stdout)
    assert json.loads(loose.stdout)["category"] == "straight flush"


@pytest.mark.parametrize("argv", [
    ["eval", "7h", "6c", "4d", "2s", "Ah", "--ranking", "RAZZ"],
    ["equity", "7h 6c 4d", "Kh Qd Jc", "--game", "Razz", "--samples", "1000", "--seed", "1"],
    ["simulate", "--variant", "Seven-Card-Stud", "--hands", "2", "--bots", "Random,STRENGTH",
     "--no-progress"],
])
def test_choices_are_case_insensitive(argv: list[str], capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    assert main(argv) == 0, capsys.readouterr().err


def test_equity_json_parses_and_adds_up() -> None:
    r = run_cli("equity", "As Ks Qs Js", "7d 7c 2h 3h", "--json", "--samples", "20000",
                "--seed", "4")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["exact"] is False and data["deals"] == 20000
    assert data["hands"] == ["As Ks Qs Js", "7d 7c 2h 3h"]
    assert sum(data["equity"]) == pytest.approx(1.0)


def test_equity_json_exact() -> None:
    r = run_cli("equity", "As Ah Kd 7c 2s 3d", "Qc Qd Js 9h 8h 4c", "--exact", "--json")
    data = json.loads(r.stdout)
    assert data["exact"] is True and data["deals"] == 40 * 39  # a seventh card each
    assert sum(data["equity"]) == pytest.approx(1.0) and data["std_error"] == [0.0, 0.0]


def test_simulate_json_parses_and_conserves_chips() -> None:
    r = run_cli("simulate", "--variant", "razz", "--hands", "25", "--players", "3",
                "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["complete"] is True and data["hands"] == data["requested_hands"] == 25
    assert sum(data["flow_per_seat"]) == 0 and len(data["flow_per_seat"]) == 3
    assert sum(data["flow_per_bot"].values()) == 0


def test_partial_summary_tally_matches_simulate() -> None:
    """The CLI's running tally (printed when interrupted) counts what simulate counts."""
    args = build_parser().parse_args(["simulate", "--variant", "mexican-stud", "--hands", "40",
                                      "--players", "5", "--seed", "9", "--no-progress"])
    tally = SimulationTally("mexican_stud", 5, args.bots, stack=args.stack, big_bet=args.big_bet)
    full = simulate(args.variant, 40, players=5, seed=9, bots=args.bots, progress=False,
                    on_hand=tally.add)
    mine = tally.summary(1.0)
    for name in ("variant", "players", "bots", "hands", "showdowns", "actions", "total_pot",
                 "flow_per_seat", "flow_per_bot", "seat_hands_per_bot"):
        assert getattr(mine, name) == getattr(full, name), name


def test_simulate_phh_then_replay_every_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = run_cli("simulate", "--variant", "stud-hilo", "--hands", "3", "--seed", "1",
                "--phh", str(out))
    assert r.returncode == 0, r.stderr
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["hand-00001.phh", "hand-00002.phh", "hand-00003.phh"]
    again = run_cli("simulate", "--variant", "razz", "--hands", "1", "--phh", str(out))
    assert_user_error(again, "not empty", "--force")
    forced = run_cli("simulate", "--variant", "razz", "--hands", "1", "--phh", str(out),
                     "--force")
    assert forced.returncode == 0, forced.stderr
    replayed = run_cli("replay", str(files[1]))
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["matches_file"] is True


def test_replay_phhs_prints_one_object_per_hand(tmp_path: Path) -> None:
    hands = [to_phh(_hand(s)) for s in (1, 2, 3)]
    path = tmp_path / "three.phhs"
    path.write_text(dumps_all(hands))
    r = run_cli("replay", str(path))
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert [row["hand"] for row in rows] == [1, 2, 3]
    assert [row["finishing_stacks"] for row in rows] == [list(h.finishing_stacks or [])
                                                        for h in hands]
    assert all(row["matches_file"] for row in rows)


def test_replay_mismatch_exits_1(tmp_path: Path) -> None:
    history = to_phh(_hand())
    assert history.finishing_stacks is not None
    wrong = [int(s) for s in history.finishing_stacks]
    wrong[0] += 1
    wrong[1] -= 1
    path = tmp_path / "wrong.phh"
    path.write_text(dumps(history).replace(
        "finishing_stacks = [" + ", ".join(str(int(s)) for s in history.finishing_stacks),
        "finishing_stacks = [" + ", ".join(map(str, wrong))))
    r = run_cli("replay", str(path))
    assert_user_error(r, "finishing_stacks", code=1)
    assert json.loads(r.stdout)["matches_file"] is False


def test_replay_of_a_file_whose_finishing_stacks_swap_two_players_exits_1(tmp_path: Path
                                                                        ) -> None:
    """The same chips in other hands are other stacks: compared seat by seat."""
    history = to_phh(_hand())
    stacks = [int(s) for s in history.finishing_stacks or []]
    i, j = next((i, j) for i in range(len(stacks)) for j in range(i + 1, len(stacks))
                if stacks[i] != stacks[j])
    swapped = stacks[:]
    swapped[i], swapped[j] = stacks[j], stacks[i]
    path = tmp_path / "swapped.phh"
    path.write_text(dumps(history).replace(
        "finishing_stacks = [" + ", ".join(map(str, stacks)),
        "finishing_stacks = [" + ", ".join(map(str, swapped))))
    r = run_cli("replay", str(path))
    assert_user_error(r, "finishing_stacks", code=1)
    row = json.loads(r.stdout)
    assert row["matches_file"] is False and row["file_finishing_stacks"] == swapped


def test_replay_without_finishing_stacks_has_nothing_to_disagree_with(tmp_path: Path) -> None:
    history = to_phh(_hand())
    text = dumps(history)
    assert "finishing_stacks" in text
    path = tmp_path / "open.phh"
    path.write_text("".join(line + "\n" for line in text.splitlines()
                            if not line.startswith("finishing_stacks")))
    r = run_cli("replay", str(path))
    assert (r.returncode, r.stderr) == (0, "")
    row = json.loads(r.stdout)
    assert row["matches_file"] is None and "file_finishing_stacks" not in row
    assert row["finishing_stacks"] == [int(s) for s in history.finishing_stacks or []]


# ---- every user error: one line, exit 2, no traceback -----------------------------------------


@pytest.mark.parametrize("argv, words", [
    (["eval", "As", "Ks", "Zz"], ["Zz"]),
    (["eval", "As", "As", "Kd"], ["duplicate"]),
    (["eval", "As", "Ks", "--ranking", "omaha"], ["ranking", "high, short32"]),
    (["eval"], ["cards"]),
    (["frobnicate"], ["frobnicate"]),
    (["equity", "As Ks Qs 7d", "Jh Jd 9c 8c", "--exact", "--samples", "1000"], ["--exact"]),
    (["equity", "As Ks Qs 7d", "Jh Jd 9c 8c", "--exact", "--seed", "3"], ["--seed"]),
    (["equity", "As Ks Qs 7d"], ["2 to 8"]),
    (["equity", *[f"{r}c" for r in "23456789T"]], ["2 to 8"]),
    (["equity", "As Ks", "Jh Jd", "--game", "holdem"], ["game", "razz"]),
    (["equity", "As Ks", "Jh Jd", "--samples", "0"], ["--samples"]),
    (["equity", "As Ks", "As Jd"], ["As"]),
    (["simulate", "--variant", "razz", "--players", "11"], ["--players", "2 to 10"]),
    (["simulate", "--variant", "razz", "--players", "1"], ["--players"]),
    (["simulate", "--variant", "omaha"], ["unknown variant"]),
    (["simulate", "--variant", "razz", "--bots", "random,shark"], ["bot", "shark"]),
    (["simulate", "--variant", "razz", "--hands", "-5"], ["--hands"]),
    (["simulate", "--variant", "razz", "--hands", "many"], ["--hands"]),
    (["simulate", "--variant", "razz", "--force"], ["--force"]),
    (["replay", "no-such-file.phh"], ["no-such-file.phh", "no such file"]),
    (["bench", "--hands", "1"], ["--hands"]),
])
def test_user_errors_are_one_line(argv: list[str], words: list[str], tmp_path: Path) -> None:
    assert_user_error(run_cli(*argv, cwd=tmp_path), *words)


def test_path_errors_are_one_line(tmp_path: Path) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    assert_user_error(run_cli("replay", str(tmp_path)), "directory")
    assert_user_error(run_cli("simulate", "--variant", "razz", "--hands", "1",
                              "--phh", str(a_file)), "not a folder")
    assert_user_error(run_cli("simulate", "--variant", "razz", "--hands", "1",
                              "--phh", str(a_file / "sub")), "not a directory")
    assert_user_error(run_cli("bench", "--hands", "100", "--json", str(a_file / "x.json")),
                      "--json")
    if os.geteuid() != 0:  # root reads anything
        locked = tmp_path / "locked.phh"
        locked.write_text(dumps(to_phh(_hand())))
        locked.chmod(0)
        assert_user_error(run_cli("replay", str(locked)), "permission")


@pytest.mark.parametrize("text, words", [
    ("this is [not toml", ["TOML"]),
    ('variant = "F7S"\nantes = [1, 1]\n', []),
    ('variant = "F7S"\nbogus_field = 1\n', ["missing"]),
    ('[1]\nvariant = "F7S"\n[2]\nx = 1\n', []),
])
def test_malformed_files_are_one_line(text: str, words: list[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(text)
    assert_user_error(run_cli("replay", str(path)), *words)


def test_illegal_recorded_action_is_one_line(tmp_path: Path) -> None:
    text = dumps(to_phh(_hand()))
    path = tmp_path / "illegal.phh"
    first_bet = next(line for line in text.splitlines() if line.strip().startswith('"p')
                     and " pb" in line)
    path.write_text(text.replace(first_bet, first_bet.replace(" pb", " cbr 999"), 1))
    assert_user_error(run_cli("replay", str(path)))


def test_player_out_of_range_is_one_line(tmp_path: Path) -> None:
    """A deal to p9 at a three-player table once escaped replay() as an IndexError."""
    text = dumps(to_phh(_hand()))
    assert '"d dh p3 ' in text
    path = tmp_path / "p9.phh"
    path.write_text(text.replace('"d dh p3 ', '"d dh p9 ', 1))
    assert_user_error(run_cli("replay", str(path)), "p9")


def test_binary_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "binary.phh"
    path.write_bytes(bytes(range(256)) * 4)
    assert_user_error(run_cli("replay", str(path)))


# ---- Ctrl-C ------------------------------------------------------------------------------------


def _start(*args: str) -> subprocess.Popen[str]:
    # a child of a shell started in the background inherits SIGINT ignored: undo that, as a
    # terminal's foreground process has it
    return subprocess.Popen([sys.executable, "-m", "stud_fast", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _interrupt(child: subprocess.Popen[str]) -> tuple[str, str]:
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert err.strip().splitlines()[-1] == "interrupted" and "Traceback" not in err
    return out, err


def _wait_for(path: Path, child: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert child.poll() is None and time.monotonic() < deadline, child.communicate()
        time.sleep(0.05)


def test_ctrl_c_in_simulate_prints_a_partial_summary(tmp_path: Path) -> None:
    child = _start("simulate", "--variant", "razz", "--hands", "1000000", "--seed", "1",
                   "--phh", str(tmp_path / "out"), "--no-progress")
    _wait_for(tmp_path / "out" / "hand-00002.phh", child)
    out, err = _interrupt(child)
    assert err.strip() == "interrupted"
    assert "interrupted after" in out and "of 1000000 hands" in out and "hands:" in out


def test_ctrl_c_in_simulate_json(tmp_path: Path) -> None:
    child = _start("simulate", "--variant", "razz", "--hands", "1000000", "--json",
                   "--phh", str(tmp_path / "out"))
    _wait_for(tmp_path / "out" / "hand-00002.phh", child)
    out, _ = _interrupt(child)
    data: dict[str, Any] = json.loads(out)
    assert data["complete"] is False and 2 <= data["hands"] < 1000000
    assert sum(data["flow_per_seat"]) == 0


def test_ctrl_c_in_equity() -> None:
    child = _start("equity", "As Ks Qs", "Jh Jd 9c", "--samples", "2000000000", "--threads", "1")
    time.sleep(2.5)
    assert child.poll() is None
    out, err = _interrupt(child)
    assert err.strip() == "interrupted" and out == ""
