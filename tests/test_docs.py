"""The documentation site builds without a warning (``mkdocs build --strict``), and every page
the rules page links to exists."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None
                    or importlib.util.find_spec("mkdocstrings") is None,
                    reason="the docs extra is not installed (pip install '.[docs]')")
@pytest.mark.skipif(not (ROOT / "mkdocs.yml").exists(), reason="not a source checkout")
def test_docs_build_strict(tmp_path: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                        str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True,
                       timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    rules = (tmp_path / "site" / "rules" / "index.html").read_text(encoding="utf-8")
    for rule in ("d1", "f4", "b9", "s8", "i2", "e4"):
        assert f'id="{rule}"' in rules
    reference = (tmp_path / "site" / "reference" / "index.html").read_text(encoding="utf-8")
    assert "evaluate_batch" in reference and "StudHand" in reference
    assert (tmp_path / "site" / "img" / "bench.png").exists()
