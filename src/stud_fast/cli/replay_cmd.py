"""``stud-fast replay``: replay a ``.phh`` hand history (or every hand of a ``.phhs`` file)
through the rules engine and print one JSON object per hand with the finishing stacks.

Exit status 1 when a replayed hand ends with other stacks than the file's
``finishing_stacks``.

    stud-fast replay out/hand-00001.phh
    stud-fast replay session.phhs
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Optional


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``replay``."""
    p.add_argument("file", help="a .phh file (pokerkit's format; stud_fast's extensions too) "
                                "or a .phhs file of several hands")


def _replay_one(history: Any, file: str, number: Optional[int]) -> dict[str, Any]:
    from stud_fast.history import replay, validate

    try:
        hand = replay(history, check_stacks=False)  # the stacks are compared below
    except (IndexError, KeyError, AttributeError, TypeError):
        # the engine met something a malformed file can hold (a player out of range...):
        # the validator names it; if it finds nothing, this is a bug and keeps its traceback
        validate(history)
        raise
    # PHH players are seated from the dealer's left: replay() seats p1 at seat 0
    stacks = [int(s) for s in hand.stacks]
    expected = (None if history.finishing_stacks is None
                else [int(x) for x in history.finishing_stacks])
    result: dict[str, Any] = {"file": file}
    if number is not None:
        result["hand"] = number
    result.update(variant=history.variant, players=history.player_count,
                  finishing_stacks=stacks,
                  matches_file=None if expected is None else expected == stacks)
    if expected is not None and expected != stacks:
        result["file_finishing_stacks"] = expected
    return result


def run(args: argparse.Namespace) -> int:
    """Replay and print; 1 if some hand's stacks differ from the file's."""
    from stud_fast.history import loads, loads_all

    with open(args.file, encoding="utf-8") as f:
        text = f.read()
    if args.file.lower().endswith(".phhs"):
        results = [_replay_one(h, args.file, i + 1) for i, h in enumerate(loads_all(text))]
    else:
        results = [_replay_one(loads(text), args.file, None)]
    for r in results:
        print(json.dumps(r))
    bad = [r for r in results if r["matches_file"] is False]
    if bad:
        where = ", ".join(f"hand {r['hand']}" for r in bad) if "hand" in bad[0] else "the hand"
        sys.stdout.flush()
        print(f"stud-fast replay: {args.file}: {where} ended with other stacks than the "
              f"file's finishing_stacks (e.g. {bad[0]['finishing_stacks']} against "
              f"{bad[0]['file_finishing_stacks']})", file=sys.stderr)
        return 1
    return 0
