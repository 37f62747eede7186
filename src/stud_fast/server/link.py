"""A client's WebSocket connection driven by the ``websockets`` package's sans-I/O protocol.

A table sends each seat a view after every event, so a bot reads six or seven messages for
each action, most of them views it has nothing to do with. Here every text message goes to a
callback the moment its bytes arrive, in the event loop's own step: no queue, no task woken per
message (what a connection of ``websockets.asyncio`` costs), so a process can keep a thousand
bots at a busy server. The protocol object (``websockets.client.ClientProtocol``) does the
handshake, the framing, answers pings and the closing handshake; this module moves its bytes.

>>> import asyncio
>>> async def refused() -> str:
...     try:
...         await Link.open("ws://127.0.0.1:1/nowhere", print)
...     except OSError:
...         return "refused"
...     return "open"
>>> asyncio.run(refused())
'refused'
"""

from __future__ import annotations

import asyncio
import ssl
from typing import Callable, Optional, cast

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

__all__ = ["Link"]


class Link(asyncio.Protocol):
    """One connection: :meth:`open` it, :meth:`send` text, :meth:`close` it; every text
    message received is passed to ``on_text``; :attr:`closed` is done once the connection
    is gone."""

    def __init__(self, url: str, on_text: Callable[[str], None], max_size: int) -> None:
        self.protocol = ClientProtocol(parse_uri(url), max_size=max_size)
        self.on_text = on_text
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        self.transport: Optional[asyncio.Transport] = None
        self._parts: list[bytes] = []  # a fragmented text message so far

    @classmethod
    async def open(cls, url: str, on_text: Callable[[str], None], *,
                   timeout: float = 10.0, max_size: int = 1 << 22) -> "Link":
        """Connect to ``url`` (``ws://`` or ``wss://``) and finish the opening handshake:
        ``OSError`` when nobody listens, ``websockets``' ``InvalidHandshake`` when the server
        refuses, ``TimeoutError`` after ``timeout`` seconds."""
        uri = parse_uri(url)
        loop = asyncio.get_running_loop()
        link: Optional[Link] = None

        def made() -> Link:
            nonlocal link
            link = cls(url, on_text, max_size)
            return link

        context = ssl.create_default_context() if uri.secure else None
        await asyncio.wait_for(loop.create_connection(made, uri.host, uri.port, ssl=context),
                               timeout)
        assert link is not None
        try:
            await asyncio.wait_for(asyncio.shield(link.opened), timeout)
        except BaseException:
            link.abort()
            raise
        return link

    # ---- asyncio.Protocol ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # a TCP transport (uvloop's is not a subclass of asyncio.Transport, but is one)
        self.transport = cast(asyncio.Transport, transport)
        self.protocol.send_request(self.protocol.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.protocol.receive_data(data)
        self._events()

    def eof_received(self) -> Optional[bool]:
        self.protocol.receive_eof()
        self._events()
        return None  # the transport closes itself

    def connection_lost(self, exc: Optional[Exception]) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("the connection closed"))
        if not self.closed.done():
            self.closed.set_result(None)

    # ---- what the client calls ----------------------------------------------------------------

    def send(self, text: str) -> None:
        """Send a text message (nothing once the connection is closing)."""
        if self.protocol.state is State.OPEN:
            self.protocol.send_text(text.encode())
            self._flush()

    def close(self) -> None:
        """Start the closing handshake (:attr:`closed` tells when it is over)."""
        if self.protocol.state is State.OPEN:
            self.protocol.send_close()
            self._flush()
        elif self.transport is not None and self.protocol.state is not State.CLOSING:
            self.transport.close()

    def abort(self) -> None:
        """Drop the connection at once."""
        if self.transport is not None:
            self.transport.abort()

    # ---- inside -------------------------------------------------------------------------------

    def _events(self) -> None:
        for event in self.protocol.events_received():
            if isinstance(event, Frame):
                if event.opcode is Opcode.TEXT or (event.opcode is Opcode.CONT and self._parts):
                    if event.fin and not self._parts:
                        self.on_text(str(event.data, "utf-8"))
                    else:
                        self._parts.append(bytes(event.data))
                        if event.fin:
                            text = b"".join(self._parts).decode()
                            self._parts.clear()
                            self.on_text(text)
            elif isinstance(event, Response) and not self.opened.done():
                failure = self.protocol.handshake_exc
                if failure is None:
                    self.opened.set_result(None)
                else:
                    self.opened.set_exception(failure)
        self._flush()

    def _flush(self) -> None:
        transport = self.transport
        if transport is None:
            return
        for data in self.protocol.data_to_send():
            if data:
                transport.write(data)
            elif transport.can_write_eof():  # the protocol's end of data
                transport.write_eof()
        if self.protocol.close_expected() and self.protocol.state is State.CLOSED:
            transport.close()
