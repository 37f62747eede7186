"""``stud-fast bot``: a bot that plays at a table server until stopped.

    stud-fast bot --url http://127.0.0.1:8000 --table 1 --bot random|strength
                  [--name N] [--token T] [--buy-in N] [--hands N]

Without ``--token`` the bot registers a new account (named ``--name``), which needs chips: a
server started with ``--welcome-credit``, or an admin's credit. It sits with ``--buy-in``
chips (the table's minimum by default) unless it sits there already, and plays; when the
connection drops it connects again.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from stud_fast.cli._args import UsageError, choice, int_in


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``bot``."""
    p.add_argument("--url", default="http://127.0.0.1:8000",
                   help="the server (http://127.0.0.1:8000)")
    p.add_argument("--table", type=int_in(1), required=True, help="the table's id")
    p.add_argument("--bot", type=choice("bot", ["random", "strength"]), default="random",
                   help="random or strength (random)")
    p.add_argument("--name", default="bot", help="the new account's name (bot)")
    p.add_argument("--token", default=None, help="play with this account instead of a new one")
    p.add_argument("--buy-in", type=int_in(1), default=None,
                   help="chips to sit with (the table's minimum)")
    p.add_argument("--hands", type=int_in(1), default=None,
                   help="stop after this many hands (default: play until stopped)")


def run(args: argparse.Namespace) -> int:
    """Play until Ctrl-C (or ``--hands``)."""
    try:
        import orjson  # noqa: F401
        import websockets  # noqa: F401
    except ImportError:
        raise UsageError("the bot needs the server extra: pip install '.[server]'") \
            from None
    from stud_fast.bots import make_bot
    from stud_fast.server.client import ApiFailure, WireBot

    try:
        token = args.token or WireBot.register(args.url, args.name)
        bot = WireBot(args.url, args.table, make_bot(args.bot), token, buy_in=args.buy_in)
        stats = asyncio.run(bot.run(hands=args.hands))
    except ApiFailure as e:
        raise UsageError(f"{args.url}: {e}") from None
    print(f"stud-fast bot: {stats.actions} actions in {len(stats.hands)} hands",
          file=sys.stderr)
    return 0
