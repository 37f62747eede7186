"""The server's routes: REST under ``/api`` (:func:`create_app`), the table sockets at
``/ws/tables/{id}`` (:class:`Server`), the OpenAPI description at ``/openapi.json``, and the
browser page: the lobby at ``/``, a table at ``/tables/{id}`` (one page, ``static/index.html``,
whose script reads the address) and its script and style under ``/static``.

Every error is JSON, ``{"error": {"code": ..., "message": ...}}``, with a 4xx status (5xx only
for a fault of the server, never with a traceback). Tokens go in ``Authorization: Bearer
TOKEN``; the admin's routes (create a table, credit an account, the ledger) take the admin
token.

>>> app = create_app(Settings(db="sqlite:///:memory:", admin_token="x" * 32))
>>> sorted(r.path for r in app.routes if r.path.startswith("/api/tables"))[:3]
['/api/tables', '/api/tables', '/api/tables/{table_id}']
"""

from __future__ import annotations

import hmac
import json
import logging
import re
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator, Optional

from fastapi import Depends, FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from sqlalchemy import Connection, select
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send

from stud_fast.server import schema
from stud_fast.server.lobby import Lobby
from stud_fast.server.protocol import (Balance, CreditRequest, ErrorResponse, HandSummary,
                                       Health, LeaveResult, PlayerCreated, PlayerInfo,
                                       PlayerRequest, SitRequest, SitResult, TableCreated,
                                       TableInfo, TableRequest)
from stud_fast.server.sockets import Limits, serve_socket
from stud_fast.server.inbox import Refusal
from stud_fast.server.store import Store, credit
from stud_fast.server.tables import Table

__all__ = ["Settings", "Server", "create_app", "create_server"]

_SOCKET_PATH = re.compile(r"/ws/tables/([0-9]{1,9})")

log = logging.getLogger("stud_fast.server")

#: the browser page's files (HTML, CSS, JavaScript), shipped in the package
STATIC = Path(__file__).parent / "static"
#: the page is small and changes with the package: browsers check it again every time
_NO_CACHE = {"Cache-Control": "no-cache"}


@dataclass(frozen=True)
class Settings:
    """How a server runs: its database URL, the admin token, the chips a new account is given
    (issued through the ledger; 0 by default) and the per-connection limits."""

    db: str = "sqlite:///stud_fast.db"
    admin_token: str = ""
    welcome_credit: int = 0
    limits: Limits = field(default_factory=Limits)


class ApiError(Exception):
    """A REST error: status, code, message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _validation_message(errors: Any) -> str:
    parts = []
    for e in list(errors)[:3]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
        if e.get("type") == "json_invalid":
            return "the body is not JSON"
        parts.append(f"{where}: {e.get('msg')}" if where else str(e.get("msg")))
    return "; ".join(parts)


_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse} for status in (400, 401, 403, 404, 409, 422)}
_STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                 405: "method_not_allowed", 413: "too_large", 422: "bad_request"}


def create_app(settings: Settings) -> FastAPI:
    """The ASGI application of a server (uvicorn runs it: ``stud-fast serve``)."""
    store = Store(settings.db)
    lobby = Lobby(store, settings.welcome_credit)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        store.open()
        try:
            await lobby.start()
            yield
        finally:
            await lobby.stop()
            store.close()

    app = FastAPI(title="stud_fast table server", version="1", lifespan=lifespan,
                  docs_url=None, redoc_url=None, responses=_ERRORS)
    app.state.store = store
    app.state.lobby = lobby

    @app.exception_handler(ApiError)
    async def api_error(_: Request, e: ApiError) -> JSONResponse:
        return _error(e.status, e.code, e.message)

    @app.exception_handler(Refusal)
    async def refusal(_: Request, e: Refusal) -> JSONResponse:
        return _error(e.status, e.code, e.message)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, e: HTTPException) -> JSONResponse:
        return _error(e.status_code, _STATUS_CODES.get(e.status_code, "error"), str(e.detail))

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, e: RequestValidationError) -> JSONResponse:
        return _error(422, "bad_request", _validation_message(e.errors()))

    @app.exception_handler(Exception)
    async def fault(_: Request, e: Exception) -> JSONResponse:
        log.exception("request failed")
        return _error(500, "internal", "the server failed to answer; the error is logged")

    # ---- who is asking ------------------------------------------------------------------------

    def bearer(request: Request) -> str:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "unauthorized", "send Authorization: Bearer TOKEN")
        return token.strip()

    async def player(token: str = Depends(bearer)) -> tuple[int, str]:
        found = await lobby.player(token)
        if found is None:
            raise ApiError(401, "bad_token", "no player has this token")
        return found

    def admin(token: str = Depends(bearer)) -> None:
        if not settings.admin_token or not hmac.compare_digest(token.encode(),
                                                               settings.admin_token.encode()):
            raise ApiError(403, "forbidden", "this needs the admin token")

    def table_of(table_id: int) -> Table:
        table = lobby.tables.get(table_id)
        if table is None:
            raise ApiError(404, "no_table", f"there is no table {table_id}")
        return table

    # ---- routes -------------------------------------------------------------------------------

    @app.get("/api/health", response_model=Health)
    async def health() -> dict[str, Any]:
        return {"status": "ok", "tables": len(lobby.tables), "database": store.kind}

    @app.post("/api/players", response_model=PlayerCreated, status_code=201)
    async def new_player(body: PlayerRequest) -> dict[str, Any]:
        number, token = await lobby.register(body.name)
        return {"player": number, "token": token}

    @app.get("/api/players/me", response_model=PlayerInfo)
    async def me(who: tuple[int, str] = Depends(player)) -> dict[str, Any]:
        number, name = who

        def balance(conn: Connection) -> int:
            return int(conn.execute(select(schema.accounts.c.balance)
                                    .where(schema.accounts.c.id == number)).scalar_one())

        return {"player": number, "name": name, "balance": await store.read(balance),
                "seats": lobby.seats_of(number)}

    @app.post("/api/players/{number}/credit", response_model=Balance,
              dependencies=[Depends(admin)])
    async def credit_player(number: int, body: CreditRequest) -> dict[str, Any]:
        amount = body.amount
        balance = await store.write(lambda c: credit(c, number, amount))
        if balance is None:
            raise ApiError(404, "no_player", f"there is no player {number}")
        return {"player": number, "balance": balance}

    @app.get("/api/ledger", dependencies=[Depends(admin)])
    async def ledger() -> dict[str, Any]:
        totals = await store.read(store.ledger_now)
        return {"issued": totals.issued, "balances": totals.balances,
                "on_tables": totals.on_tables, "balanced": totals.balanced}

    @app.post("/api/tables", response_model=TableCreated, status_code=201,
              dependencies=[Depends(admin)],
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"schema": TableRequest.model_json_schema()}}}})
    async def new_table(request: Request) -> dict[str, Any]:
        try:
            body = TableRequest.model_validate_json(await request.body())
        except ValidationError as e:
            raise ApiError(422, "bad_request", _validation_message(e.errors())) from None
        options = {k: v for k, v in body.model_dump().items() if v is not None}
        try:
            number = await lobby.create_table(options)
        except ValueError as e:
            raise ApiError(422, "bad_table", str(e)) from None
        return {"table": number}

    @app.get("/api/tables", response_model=list[TableInfo])
    async def all_tables() -> list[dict[str, Any]]:
        return [t.info() for t in lobby.tables.values()]

    @app.get("/api/tables/{table_id}", response_model=TableInfo)
    async def one_table(table: Table = Depends(table_of)) -> dict[str, Any]:
        return table.info()

    @app.post("/api/tables/{table_id}/sit", response_model=SitResult)
    async def sit(body: SitRequest, table: Table = Depends(table_of),
                  who: tuple[int, str] = Depends(player)) -> dict[str, Any]:
        seat = await table.request_sit(who[0], who[1], body.buy_in, body.seat)
        return {"seat": seat}

    @app.post("/api/tables/{table_id}/leave", response_model=LeaveResult)
    async def leave(table: Table = Depends(table_of),
                    who: tuple[int, str] = Depends(player)) -> dict[str, Any]:
        seat, returned = await table.request_leave(who[0])
        return {"seat": seat, "returned": returned}

    @app.get("/api/tables/{table_id}/hands", response_model=list[HandSummary])
    async def hands(table: Table = Depends(table_of), after: int = 0,
                    limit: int = 100) -> list[dict[str, Any]]:
        return await store.read(lambda c: _hand_list(c, table.id, after, min(max(limit, 1),
                                                                              1000)))

    @app.get("/api/tables/{table_id}/hands/{number}", response_class=PlainTextResponse,
             responses={200: {"content": {"text/plain": {}}, "description": "PHH text"}})
    async def hand_history(number: int, table: Table = Depends(table_of)) -> PlainTextResponse:
        def find(conn: Connection) -> Optional[tuple[bool, Optional[str]]]:
            h = schema.hands
            row = conn.execute(select(h.c.finished, h.c.phh)
                               .where(h.c.table_id == table.id, h.c.number == number)).first()
            return None if row is None else (bool(row[0]), row[1])

        found = await store.read(find)
        if found is None:
            raise ApiError(404, "no_hand", f"table {table.id} has no hand {number}")
        if not found[0] or found[1] is None:
            raise ApiError(409, "hand_running", f"hand {number} is being played: its history "
                                                "is served when it ends")
        return PlainTextResponse(found[1], media_type="text/plain; charset=utf-8")

    # ---- the browser page ---------------------------------------------------------------------

    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8",
                            headers=_NO_CACHE)

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return page()

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: int) -> FileResponse:
        return page()  # the script asks for the table, and says so when there is none

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


class Server:
    """The whole ASGI application: the table sockets, served straight from the ASGI
    connection (the REST application's middleware would wrap every message a table sends),
    and everything else by the REST application ``api`` (its lifespan included)."""

    def __init__(self, api: FastAPI, settings: Settings) -> None:
        self.api = api
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            return await self.api(scope, receive, send)
        websocket = WebSocket(scope, receive, send)
        found = _SOCKET_PATH.fullmatch(scope["path"])
        if found is None:
            await websocket.close(1008)  # refused before the handshake: HTTP 403
            return
        await serve_socket(websocket, self.api.state.lobby, int(found[1]),
                           websocket.query_params.get("token"), self.settings.limits)


def create_server(settings: Settings) -> Server:
    """What uvicorn runs (``stud-fast serve``): the table sockets at ``/ws/tables/{id}``, the
    REST application of :func:`create_app` for the rest."""
    return Server(create_app(settings), settings)


def _hand_list(conn: Connection, table: int, after: int, limit: int) -> list[dict[str, Any]]:
    h = schema.hands
    rows = conn.execute(select(h).where(h.c.table_id == table, h.c.finished.is_(True),
                                        h.c.number > after)
                        .order_by(h.c.number).limit(limit))
    return [{"hand": r.number, "dealer": r.dealer, "seats": json.loads(r.seats),
             "players": json.loads(r.players),
             "starting_stacks": json.loads(r.starting_stacks),
             "finishing_stacks": json.loads(r.finishing_stacks or "[]")} for r in rows]
