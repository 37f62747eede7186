"""``stud-fast bench``: progress as it goes, the chart, the hint to install the peers."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import stud_fast
from stud_fast.benchmark import compare
from stud_fast.benchmark import peers as peer_module


def test_bench_plot_writes_a_png_and_shows_progress(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "bench.png"
    data = tmp_path / "bench.json"
    r = subprocess.run([sys.executable, "-m", "stud_fast", "bench", "--hands", "3000",
                        "--repeats", "1", "--no-five", "--plot", str(chart), "--json",
                        str(data)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    png = chart.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    assert width > 300 and height > 200
    report = json.loads(data.read_text())
    rows = report["rows"]
    # the batch build that was timed, in the file and in the table's first line
    assert report["batch_kernel"] == stud_fast.batch_kernel()
    assert f"batch kernel {report['batch_kernel']}" in r.stdout.splitlines()[0]
    # one progress line per timed entry, before the table
    progress = [line for line in r.stderr.splitlines() if line.startswith("[")]
    assert len(progress) == len(rows) and "7-card high: stud_fast.evaluate_batch" in r.stderr


def test_bench_plot_svg(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from stud_fast.benchmark.plot import plot_rows

    rows = [{"section": "7-card high", "name": n, "hands_per_s": v}
            for n, v in [("stud_fast.evaluate_batch", 2.5e8), ("eval7", 2e6),
                         ("numpy hands.sum(axis=1) (floor)", 5e7)]]
    path = tmp_path / "chart.svg"
    plot_rows(rows, str(path))
    svg = path.read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "eval7" in svg and "floor" not in svg  # the NumPy floor is not an evaluator
    with pytest.raises(ValueError, match="png"):
        plot_rows(rows, str(tmp_path / "chart.jpg"))


def test_bench_plot_bad_extension_is_one_line(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "stud_fast", "bench", "--plot",
                        str(tmp_path / "chart.gif")], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0 and ".png" in r.stderr


def test_without_peers_the_bench_says_how_to_install_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peer_module, "available_peers", lambda: [])
    line = compare.peers_line()
    assert "none installed" in line and "pip install '.[peers]'" in line
    assert "eval7" in line


def test_a_missing_peer_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peer_module, "available_peers",
                        lambda: [p for p in peer_module.PEERS if p.module != "treys"])
    line = compare.peers_line()
    assert "treys missing" in line and "eval7" in line


def test_per_hand_entries_are_capped_and_prepared_lazily() -> None:
    hands = compare.random_hands(compare.PER_HAND_CAP + 10, 7, seed=1)
    entries = {e.name: e for e in compare.stud_fast_entries(stud_fast, hands, print)}
    assert entries["stud_fast.evaluate_batch"].n == len(hands)
    assert entries["stud_fast.evaluate7 (ids)"].n == compare.PER_HAND_CAP
    values = entries["stud_fast.evaluate (str)"].prepare()()
    assert len(values) == compare.PER_HAND_CAP and isinstance(values[0], int)
