"""The WebSocket side: ``/ws/tables/{id}?token=...`` (no token: an observer).

A connection reads client messages one at a time and hands them to the table's task; what the
table sends back (views, errors) is written at once while the connection's transport takes it,
and otherwise queued for a sender task that runs only while writes wait, so a slow client never
holds the table up (one that falls too far behind is closed).
Every message is checked here before the table sees it: its size (an error, then the
connection is closed with 1009), its rate (a token bucket that every view sent to the
client refills by one, so a client answering the views it is sent never runs dry, and time by
``rate`` a second: when it is empty, an error, then 1008), that it is
JSON of one of the protocol's messages (an error, the connection stays open). A browser's
``Origin`` must be one of ``--allow-origin`` when that is given.
"""

from __future__ import annotations

import asyncio
import collections
import json
import time
from dataclasses import dataclass
from typing import Any, Coroutine, Optional

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from stud_fast.server.lobby import Lobby
from stud_fast.server.protocol import error_message, parse_client_message

__all__ = ["Limits", "serve_socket"]

_CLOSE_POLICY = 1008
_CLOSE_TOO_BIG = 1009
_BACKLOG = 2000  # messages queued for one client before it counts as gone


@dataclass(frozen=True)
class Limits:
    """Per connection: the largest message (bytes of text), and a token bucket of
    ``rate`` messages a second that holds at most ``burst``."""

    max_bytes: int = 4096
    rate: float = 20.0
    burst: float = 60.0
    allow_origins: tuple[str, ...] = ()


class _Bucket:
    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def credit(self) -> None:
        """One more message allowed: the client was sent something to answer."""
        if self.tokens < self.burst:
            self.tokens += 1

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


async def _finish(coro: Coroutine[Any, Any, None], waiting: Any) -> None:
    """Drive ``coro``, which suspended on ``waiting`` when it was first stepped, to its end."""
    while True:
        try:
            if waiting is None:  # a bare yield: give the loop one turn
                await asyncio.sleep(0)
            else:
                await waiting
        except asyncio.CancelledError:
            coro.close()
            raise
        except Exception:  # coro sees the outcome itself when it is resumed
            pass
        try:
            waiting = coro.send(None)
        except StopIteration:
            return


class _Connection:
    """A client as a table's listener.

    A message is written in the table's own step, by stepping the send coroutine once: when
    the transport is not paused, Starlette's and uvicorn's send runs to its end without
    suspending, which saves every receiver of every event a task switch (a table of six sends
    seven messages an event). Only a send that suspends (the client reads slowly) starts the
    sender task, which finishes it and what queued behind it, in order."""

    def __init__(self, websocket: WebSocket, player: Optional[int],
                 bucket: Optional[_Bucket] = None) -> None:
        self.websocket = websocket
        self.player = player
        self.bucket = bucket
        self.queue: collections.deque[str] = collections.deque()
        self.gone = False
        self.sender: Optional[asyncio.Task[None]] = None  # while a write waits

    def _queue(self, text: str) -> None:
        if self.gone:
            return
        if self.sender is not None:
            if len(self.queue) >= _BACKLOG:
                self.gone = True
                return
            self.queue.append(text)
            return
        # the ASGI message itself: WebSocket.send_text would only wrap it in one more coroutine
        coro = self.websocket.send({"type": "websocket.send", "text": text})
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
        except Exception:  # the client went away: the reader notices too
            self.gone = True
            return
        self.sender = asyncio.get_running_loop().create_task(self._drain(coro, waiting))

    async def _drain(self, coro: Coroutine[Any, Any, None], waiting: Any) -> None:
        try:
            await _finish(coro, waiting)
            while self.queue and not self.gone:
                await self.websocket.send_text(self.queue.popleft())
        except Exception:  # the client went away: the reader notices too
            self.gone = True
        finally:
            self.sender = None

    def send_view(self, text: str) -> None:
        self._queue(text)
        if self.bucket is not None:
            self.bucket.credit()

    def send_error(self, code: str, message: str, rule: Optional[str] = None) -> None:
        self._queue(json.dumps(error_message(code, message, rule)))

    async def close(self, code: int = 1000) -> None:
        """Send what is queued, then close."""
        sender = self.sender
        if sender is not None and not self.gone:
            try:
                await asyncio.wait_for(asyncio.shield(sender), 5)
            except Exception:
                sender.cancel()
        elif sender is not None:
            sender.cancel()
        self.gone = True
        try:
            await self.websocket.close(code)
        except Exception:  # closed already
            pass


async def serve_socket(websocket: WebSocket, lobby: Lobby, table_id: int,
                       token: Optional[str], limits: Limits) -> None:
    """One client's connection, from the handshake to the close."""
    origin = websocket.headers.get("origin")
    if limits.allow_origins and origin is not None and origin not in limits.allow_origins:
        await websocket.close(_CLOSE_POLICY)  # refused before the handshake: HTTP 403
        return
    await websocket.accept()
    player: Optional[int] = None
    if token is not None:
        found = await lobby.player(token)
        if found is None:
            conn = _Connection(websocket, None)
            conn.send_error("bad_token", "no player has this token")
            await conn.close(_CLOSE_POLICY)
            return
        player = found[0]
    bucket = _Bucket(limits.rate, limits.burst)
    conn = _Connection(websocket, player, bucket)
    table = lobby.tables.get(table_id)
    if table is None:
        conn.send_error("no_table", f"there is no table {table_id}")
        await conn.close(_CLOSE_POLICY)
        return
    table.join(conn)
    code = 1000
    try:
        while not conn.gone:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace")
            if len(text.encode()) > limits.max_bytes:
                conn.send_error("too_large", f"a message holds at most {limits.max_bytes} bytes")
                code = _CLOSE_TOO_BIG
                break
            if not bucket.take():
                conn.send_error("rate_limited", f"at most {limits.rate:g} messages a second")
                code = _CLOSE_POLICY
                break
            try:
                parsed = parse_client_message(text)
            except ValidationError as e:
                conn.send_error("bad_message", _explain(e))
                continue
            table.message(conn, parsed)
    except WebSocketDisconnect:
        pass
    finally:
        table.part(conn)
        await conn.close(code)


def _explain(error: ValidationError) -> str:
    """One line from pydantic's errors: the first one, where it is."""
    first = error.errors(include_url=False)[0]
    where = ".".join(str(p) for p in first.get("loc", ()))
    message = str(first.get("msg", "invalid message"))
    if first.get("type") == "json_invalid":
        return "the message is not JSON"
    return f"{where}: {message}" if where else message
