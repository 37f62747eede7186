"""Shared test setup.

Several tests send SIGINT (Ctrl-C) to this process or to children it starts and expect a
KeyboardInterrupt. A shell without job control starts background commands with SIGINT ignored,
and an ignored signal stays ignored in every child (through exec), where Python then installs
no KeyboardInterrupt handler: run that way (``pytest &`` in a script, some CI runners), those
tests saw no interrupt at all. Python's own handler here restores the usual behaviour: a caught
signal goes back to its default in a child at exec, so the children install theirs too.
"""

from __future__ import annotations

import signal
import threading

if (threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGINT) is signal.SIG_IGN):
    signal.signal(signal.SIGINT, signal.default_int_handler)
