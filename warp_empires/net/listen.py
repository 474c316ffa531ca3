"""The server's listening socket: `run_server` serves a GameServer's
WebSockets, answers the plain HTTP pages (/health, /metrics), refuses at the
handshake what the door refuses (guard.py), and archives idle games hourly."""

from __future__ import annotations

import asyncio
import logging
import ssl
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Response

from .ops import event
from .protocol import MAX_CLIENT_FRAME
from .server import GameServer


def http_page(server: GameServer, connection: ServerConnection, path: str
              ) -> Response | None:
    """The plain HTTP pages: /health (200 while the server serves) and
    /metrics (Prometheus); None for anything else (a WebSocket, or 426)."""
    if path == "/health":
        return connection.respond(200, f'{{"status": "ok", "games": {len(server.playing)}}}\n')
    if path == "/metrics":
        body, kind = server.metrics.page()
        response = connection.respond(200, body.decode())
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = kind
        return response
    return None


def tls_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    if certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context


async def run_server(server: GameServer, host: str, port: int,
                     tls: ssl.SSLContext | None = None,
                     ready: Callable[[int], None] | None = None,
                     stop: asyncio.Event | None = None) -> None:
    """Serves until `stop` is set (or for ever); `ready` is told the port."""

    def refuse_crowds(connection: ServerConnection, request: Any) -> Response | None:
        page = http_page(server, connection, request.path)
        if page is not None:
            return page
        peer = connection.remote_address[0] if connection.remote_address else "?"
        address = server.door.address(str(peer), request.headers.get("X-Forwarded-For"))
        refusal = server.door.knock(address)
        if refusal is not None:
            event("refuse", address=address, why=refusal)
            server.metrics.refused.labels("address").inc()
            return connection.respond(429, refusal + "\n")
        if server.full():
            event("refuse", address=address, why="full")
            server.metrics.refused.labels("full").inc()
            return connection.respond(503, "too many connections\n")
        return None

    # no keepalive of the library's: conn.watch's instead (a slowed connection lives)
    # the library's own lines (a connection opened, a bad handshake) are not
    # the server's events: its logger stays at warnings (ops.log_to)
    library_log = logging.getLogger("websockets.server")
    async with serve(server.handler, host, port, ssl=tls, max_size=MAX_CLIENT_FRAME,
                     compression=None, process_request=refuse_crowds, ping_interval=None,
                     server_header=None, logger=library_log) as ws_server:
        if ready is not None:
            sockets = list(ws_server.sockets)
            ready(sockets[0].getsockname()[1] if sockets else port)
        sweeper = asyncio.create_task(_sweep_hourly(server))
        try:
            await (stop.wait() if stop is not None else asyncio.Future())
        finally:
            sweeper.cancel()


async def _sweep_hourly(server: GameServer) -> None:
    """Archives idle games while the server runs (GameServer.sweep)."""
    while True:
        await asyncio.sleep(3600)
        server.sweep()
