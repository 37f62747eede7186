"""Where the installed C library and its headers are, for programs in other languages.

>>> import os
>>> os.path.isfile(os.path.join(get_include(), "stud_fast", "eval.h"))
True
"""

from __future__ import annotations

import glob
import os
import sys

__all__ = ["get_include", "get_library"]

_HERE = os.path.dirname(os.path.abspath(__file__))


def get_include() -> str:
    """Directory to put on the include path: it holds ``stud_fast/eval.h`` and ``cards.h``."""
    return os.path.join(_HERE, "include")


def get_library() -> str:
    """Full path of the shared C library (``libstud_fast.so``, ``.dylib`` or ``stud_fast.dll``)."""
    names = {"win32": "stud_fast*.dll", "darwin": "libstud_fast*.dylib"}
    pattern = names.get(sys.platform, "libstud_fast.so*")
    found = sorted(glob.glob(os.path.join(_HERE, "lib", pattern)))
    if not found:
        raise FileNotFoundError(f"the stud_fast C library is not installed under {_HERE}/lib")
    return found[0]
