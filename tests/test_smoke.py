"""The wheel smoke test (tests/smoke.py, run by cibuildwheel and .ci/run on a fresh install)
passes on this installation too, so it stays in step with the library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_smoke_script_passes(tmp_path: Path) -> None:
    script = Path(__file__).with_name("smoke.py")
    r = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("smoke test passed")
