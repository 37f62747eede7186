"""The C core's own test program, built with CMake and run through ctest.

It enumerates every 5- and 7-card hand of both decks for every ranking and checks the
published category counts (see csrc/tests/test_eval.c). Needs cmake and a C compiler, which
building the package needs anyway; the tests fail (not skip) without them so that CI cannot
pass while skipping the C core.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _cmake() -> str:
    found = shutil.which("cmake")
    if found is None:
        try:
            import cmake  # the PyPI package ships the binary

            found = os.path.join(cmake.CMAKE_BIN_DIR, "cmake")
        except ImportError:
            pytest.fail("cmake is required to build the C tests (pip install cmake)")
    return found


@pytest.fixture(scope="module")
def c_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (ROOT / "csrc" / "CMakeLists.txt").is_file():
        pytest.fail(f"the C sources are not next to the tests ({ROOT / 'csrc'})")
    build = tmp_path_factory.mktemp("c-build")
    cmake = _cmake()
    subprocess.run([cmake, "-S", str(ROOT), "-B", str(build), "-DSTUD_FAST_BUILD_TESTS=ON",
                    "-DCMAKE_BUILD_TYPE=Release"], check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(build), "--parallel", "2"], check=True,
                   capture_output=True)
    return build


def test_exhaustive_enumeration_ctest(c_build: Path) -> None:
    ctest = os.path.join(os.path.dirname(_cmake()), "ctest")
    result = subprocess.run([ctest, "--output-on-failure", "--test-dir", str(c_build)],
                            capture_output=True, text=True, timeout=1200)
    sys.stdout.write(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "100% tests passed" in result.stdout
