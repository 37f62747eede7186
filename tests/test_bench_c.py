"""The C side-by-side harness (bench/c/run_peers.sh, issue 11) builds and runs on its own.

Without peer checkouts it times stud_fast alone: every stud_fast row is printed, no peer row,
and each entry's ratios are against the checked batch (random hands) or the accumulator (all
hands in order). Nothing here is timed: the figures are only read for their shape.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not (shutil.which("cmake") and shutil.which("cc") and shutil.which("c++")),
    reason="the harness needs cmake and a C and C++ compiler",
)


def test_harness_runs_alone(tmp_path: Path) -> None:
    env = dict(os.environ, BUILD=str(tmp_path / "build"))
    run = subprocess.run(
        ["bash", str(ROOT / "bench" / "c" / "run_peers.sh"), "--", "3000", "1", "7"],
        capture_output=True, text=True, env=env, timeout=600,
    )
    assert run.returncode == 0, run.stderr
    rows = [line for line in run.stdout.splitlines() if line.startswith("| ")]
    header, entries = rows[0], rows[1:]
    assert header.split("|")[1:-1] == [
        " entry ", " M hands/s ", " range ", " cycles/hand ", " vs reference ", " best vs best "
    ]
    names = [row.split("|")[1].strip() for row in entries]
    assert "sf_eval_batch (checked) high" in names
    assert "in order: sf_hand accumulator" in names
    assert not any("SKPokerEval" in n or "OMPEval" in n for n in names)
    for row in entries:
        cells = [c.strip() for c in row.split("|")[1:-1]]
        rate, ratio, best_ratio = float(cells[1]), float(cells[4]), float(cells[5])
        assert rate > 0 and ratio > 0 and best_ratio > 0
        if cells[0] in ("sf_eval_batch (checked) high", "in order: sf_hand accumulator"):
            # the references themselves: exactly 1 by construction
            assert ratio == 1.0 and best_ratio == 1.0
