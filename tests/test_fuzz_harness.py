"""The coverage-guided fuzzing harness (fuzz/fuzz_inputs.py) runs clean: a short libFuzzer run
of every target, from the harness's own seed corpus, finds nothing (issue 8: saved states and
hand histories from outside; the C core's batch on raw bytes). The long runs are by hand, see
the harness's docstring."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("atheris")
HARNESS = Path(__file__).resolve().parents[1] / "fuzz" / "fuzz_inputs.py"
pytestmark = pytest.mark.skipif(not HARNESS.exists(), reason="not a source checkout")


@pytest.mark.parametrize("target", ["saved", "phh", "batch"])
def test_a_short_fuzzing_run_finds_nothing(target: str) -> None:
    run = subprocess.run([sys.executable, str(HARNESS), target, "-runs=4000", "-seed=1"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "Done 4000 runs" in run.stderr, run.stderr[-2000:]


def test_an_unknown_target_is_a_one_line_error() -> None:
    run = subprocess.run([sys.executable, str(HARNESS), "nothing"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    assert run.stderr.splitlines()[-1].startswith("usage:"), run.stderr
    assert "Traceback" not in run.stderr
