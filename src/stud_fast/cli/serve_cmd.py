"""``stud-fast serve``: run the table server (``pip install '.[server]'``).

    stud-fast serve [--db URL] [--host 127.0.0.1] [--port 8000] [--admin-token T]
                    [--allow-origin ORIGIN ...] [--welcome-credit N]

The database is ``sqlite:///stud_fast.db`` (in the current folder) unless ``--db`` names
another SQLite file or a PostgreSQL server (``postgresql://USER:PASSWORD@HOST:PORT/DB``). The
admin token comes from ``--admin-token`` or ``STUD_FAST_ADMIN_TOKEN``; without either a random
one is made and printed. Ctrl-C stops the server (every table finishes the step it is on).
"""

from __future__ import annotations

import argparse
import gc
import os
import socket
import sys

from stud_fast.cli._args import UsageError, int_in

ADMIN_ENV = "STUD_FAST_ADMIN_TOKEN"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``serve``."""
    p.add_argument("--db", default="sqlite:///stud_fast.db",
                   help="database URL: sqlite:///PATH or postgresql://USER:PASSWORD@HOST:PORT/DB "
                        "(sqlite:///stud_fast.db)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int_in(0, 65535), default=8000,
                   help="port to listen on, 0 for any free one (8000)")
    p.add_argument("--admin-token", default=None,
                   help=f"the admin's token (or {ADMIN_ENV}; default: a random one, printed)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help="a browser origin allowed to open table sockets, e.g. "
                        "https://poker.example (repeatable; default: any)")
    p.add_argument("--welcome-credit", type=int_in(0, 10 ** 15), default=0,
                   help="chips issued to every new account (0)")


def _modules() -> None:
    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as e:
        raise UsageError(f"the server needs its extra: pip install '.[server]' "
                         f"({e.name} is missing)") from None


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C."""
    _modules()
    import uvicorn

    from stud_fast.server.app import Settings, create_server
    from stud_fast.server.lobby import new_token
    from stud_fast.server.sockets import Limits
    from stud_fast.server.store import Store, StoreError, store_url

    token = args.admin_token or os.environ.get(ADMIN_ENV, "")
    if token and len(token) < 16:
        raise UsageError("the admin token must be at least 16 characters")
    printed = not token
    token = token or new_token()
    try:
        check = Store(args.db)
        check.open()  # the URL, the connection and the schema, before anything listens
        check.close()
        shown = store_url(args.db)
    except StoreError as e:
        raise UsageError(str(e)) from None
    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as e:
        sock.close()
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {e.strerror}") from None
    host, port = sock.getsockname()[:2]
    app = create_server(Settings(db=args.db, admin_token=token,
                              welcome_credit=args.welcome_credit,
                              limits=Limits(allow_origins=tuple(args.allow_origin))))
    print(f"stud-fast serve: http://{host}:{port} (database {shown})", file=sys.stderr,
          flush=True)
    if printed:
        print(f"stud-fast serve: admin token {token}", file=sys.stderr, flush=True)
    # The objects made so far (modules, the app) live as long as the process: frozen out of
    # the collector's sight, and the youngest generation collected every 50,000 allocations
    # rather than 700, since a busy server makes short-lived, acyclic objects (views, texts,
    # messages) by the hundred thousand a second; cycles are still collected.
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
    config = uvicorn.Config(app, log_level="warning", access_log=False, ws_max_size=1 << 20,
                            ws_per_message_deflate=False, lifespan="on",
                            ws="websockets-sansio")
    uvicorn.Server(config).run(sockets=[sock])
    return 0
