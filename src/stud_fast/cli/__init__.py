"""The command line: ``python -m stud_fast`` (also installed as ``stud-fast``).

    stud-fast eval As Ks Qs Js Ts 2c 3d [--ranking razz] [--wild-ranks 9] [--json]
    stud-fast equity "As Ks Qs 7d" "Jh Jd 9c 8c" --dead "2d 5h" [--game razz] [--json]
    stud-fast simulate --variant seven-card-stud --hands 1000 [--players 6] [--phh DIR]
    stud-fast replay hand.phh | hands.phhs
    stud-fast bench [--hands 200000] [--plot bench.png]
    stud-fast rules [B3 ...]
    stud-fast serve [--db URL] [--host 127.0.0.1] [--port 8000]
    stud-fast bot --url URL --table ID --bot random|strength

Each command is one module of this package with ``add_arguments(parser)`` (its options, in
one place) and ``run(args)``. A user error (bad values, conflicting flags, paths that cannot
be read or written, malformed files) is one line on stderr and exit status 2; Ctrl-C prints
``interrupted`` (after a partial summary in ``simulate``) and exits with 130.

>>> main(["eval", "As", "Ks", "Qs", "Js", "Ts", "--json"])  # doctest: +ELLIPSIS
{"cards": "As Ks Qs Js Ts", "ranking": "high", ..."category": "straight flush", ...}
0
"""

from __future__ import annotations

import argparse
import os
import sys
from types import ModuleType
from typing import Optional, Sequence

from stud_fast.cli import (bench_cmd, bot_cmd, equity_cmd, eval_cmd, replay_cmd, rules_cmd,
                           serve_cmd, simulate_cmd)
from stud_fast.cli._args import Parser, UsageError, one_line
from stud_fast.errors import StudFastError

__all__ = ["main", "build_parser"]

#: command name -> (module, one-line help); the order of ``--help``
COMMANDS: dict[str, tuple[ModuleType, str]] = {
    "eval": (eval_cmd, "evaluate one hand of 1 to 7 cards"),
    "equity": (equity_cmd, "each player's share of the pot from the known cards"),
    "simulate": (simulate_cmd, "bots play many hands; print a summary"),
    "replay": (replay_cmd, "replay a .phh or .phhs hand history; print the final stacks"),
    "bench": (bench_cmd, "time the evaluator against installed peers"),
    "rules": (rules_cmd, "print the rulebook (rule IDs such as B3 are cited by errors)"),
    "serve": (serve_cmd, "run the table server (pip install '.[server]')"),
    "bot": (bot_cmd, "a bot that plays at a table server"),
}


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("stud_fast")
    except metadata.PackageNotFoundError:  # a source tree on sys.path
        from stud_fast import __version__
        return __version__


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command."""
    p = Parser(prog="stud-fast",
               description="Stud poker: hand evaluation, equity, simulation and hand "
                           "histories.")
    p.add_argument("--version", action="version", version=f"stud-fast {_version()}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           parser_class=Parser)
    for name, (module, text) in COMMANDS.items():
        cmd = sub.add_parser(name, help=text, description=text)
        module.add_arguments(cmd)
        cmd.set_defaults(func=module.run)
    return p


def _path_error(e: OSError) -> str:
    what = e.strerror or str(e)
    return f"{e.filename}: {what}" if e.filename else what


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; returns the exit status (0, 1 for a replay mismatch, 2 for a
    user error, 130 after Ctrl-C)."""
    try:
        args = build_parser().parse_args(argv)
        return int(args.func(args))
    except SystemExit as e:  # --help, --version, argument errors (already printed)
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # piped into head, say: nothing left to say, nowhere to say it
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the flush at exit does not fail again
        return 0
    except OSError as e:
        print(f"stud-fast: error: {one_line(_path_error(e))}", file=sys.stderr)
        return 2
    except (UsageError, StudFastError, ValueError, TypeError) as e:
        print(f"stud-fast: error: {one_line(str(e))}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
