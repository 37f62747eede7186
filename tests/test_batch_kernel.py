"""stud_fast.batch_kernel() names the batch build the environment chose (issue 11), so that a
run forced onto one build can check that it got it; an unknown STUD_FAST_ISA is warned about
instead of being ignored in silence.

Each case runs in a fresh interpreter: the C core reads the environment once per process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import stud_fast

PROBE = (
    "import json, warnings\n"
    "with warnings.catch_warnings(record=True) as caught:\n"
    "    warnings.simplefilter('always')\n"
    "    import stud_fast\n"
    "print(json.dumps([stud_fast.batch_kernel(), [str(w.message) for w in caught]]))\n"
)


def probe(**env: str) -> tuple[str, list[str]]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("STUD_FAST_ISA", "STUD_FAST_PORTABLE")}
    run = subprocess.run([sys.executable, "-c", PROBE], env={**clean, **env},
                         capture_output=True, text=True, timeout=120, check=True)
    kernel, warned = json.loads(run.stdout)
    return kernel, warned


@pytest.fixture(scope="module")
def best() -> str:
    kernel, warned = probe()
    assert warned == []
    return kernel


def test_the_best_build_is_one_of_three(best: str) -> None:
    assert best in ("avx512", "avx2", "portable")


@pytest.mark.parametrize("env", [{"STUD_FAST_ISA": "portable"}, {"STUD_FAST_PORTABLE": "1"},
                                 {"STUD_FAST_ISA": "avx2", "STUD_FAST_PORTABLE": "1"}])
def test_portable_is_forced(env: dict[str, str]) -> None:
    assert probe(**env) == ("portable", [])


def test_avx2_caps_the_choice(best: str) -> None:
    expected = "portable" if best == "portable" else "avx2"
    assert probe(STUD_FAST_ISA="avx2") == (expected, [])


@pytest.mark.parametrize("env", [{"STUD_FAST_PORTABLE": "0"}, {"STUD_FAST_PORTABLE": ""},
                                 {"STUD_FAST_ISA": ""}])
def test_empty_or_zero_leaves_the_best(best: str, env: dict[str, str]) -> None:
    assert probe(**env) == (best, [])


def test_an_unknown_value_is_warned_about(best: str) -> None:
    kernel, warned = probe(STUD_FAST_ISA="avx-2")
    assert kernel == best
    assert len(warned) == 1
    assert "STUD_FAST_ISA='avx-2'" in warned[0] and "avx2, portable" in warned[0]
    assert f"its {best} build" in warned[0]


def test_this_process_kernel_gives_the_scalar_values() -> None:
    # whichever build this process runs, its values are sf_eval's (the differential tests
    # cover every build; this ties the name to a working batch)
    rng = np.random.default_rng(11)
    hands = np.argsort(rng.random((500, 52)), axis=1)[:, :7].astype(np.uint8)
    values = stud_fast.evaluate_batch(hands, threads=1)
    assert stud_fast.batch_kernel() in ("avx512", "avx2", "portable")
    assert values.tolist() == [stud_fast.evaluate7(*map(int, h)) for h in hands]
