"""The server's listening socket: `run_server` serves a GameServer's
WebSockets, counts each connection from its accept (entrance.py) within what
the open-files limit leaves, answers the plain HTTP pages (/health,
/metrics), and archives idle games (every minute)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import ssl
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from websockets.asyncio.server import ServerConnection, serve, unix_serve
from websockets.http11 import Response

from .counted import counted
from .memory import give_back
from .ops import LoopErrors, event
from .protocol import MAX_CLIENT_FRAME
from .server import GameServer
from .tls_gate import gated

if TYPE_CHECKING:
    from .web import WebFront


def http_page(server: GameServer, connection: ServerConnection, path: str,
              method: str = "GET") -> Response | None:
    """The plain HTTP pages: /health (200 while the server serves) and
    /metrics (Prometheus), to GET and HEAD (405 to any other method); None
    for anything else (a WebSocket, or 426)."""
    if path in ("/health", "/metrics") and method not in ("GET", "HEAD"):
        response = connection.respond(405, f"{path} answers GET and HEAD only\n")
        response.headers["Allow"] = "GET, HEAD"
        return response
    if path == "/health":
        return connection.respond(200, f'{{"status": "ok", "games": {len(server.playing)}}}\n')
    if path == "/metrics":
        if not server.door.reads_metrics(server.address(connection)):
            # its counts move with decisions the other side is not shown yet
            # (RULINGS Z2): for the operator's monitoring only
            return connection.respond(403, "/metrics is for the addresses serve "
                                      "--metrics-from names\n")
        body, kind = server.metrics.page()
        response = connection.respond(200, body.decode())
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = kind
        return response
    return None


def is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def tls_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    if certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context


# Connections accepted in one turn of the event loop at most (asyncio takes up
# to its backlog at once, before any is counted), and the descriptors the
# server keeps for itself beyond those (saves being written, modules read):
# the connections allowed are what the open-files limit leaves after these.
BACKLOG = 64
RESERVE = BACKLOG + 32


def raise_file_limit() -> None:
    """Lets `serve` open as many files as the system allows this process (the
    hard limit; the soft one is often 1,024), as servers do."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ImportError, OSError, ValueError):
        pass  # the limit stays; file_room() keeps within it


def file_room() -> int | None:
    """How many connections the open-files limit leaves room for (None: no
    limit known), past the descriptors open now and a reserve (RESERVE)."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return None
    if soft == resource.RLIM_INFINITY:
        return None
    try:
        used = len(os.listdir("/proc/self/fd"))
    except OSError:
        used = 32
    return max(1, soft - used - RESERVE)


async def run_server(server: GameServer, host: str, port: int,
                     tls: ssl.SSLContext | None = None,
                     ready: Callable[[int], None] | None = None,
                     stop: asyncio.Event | None = None, web: WebFront | None = None) -> None:
    """Serves until `stop` is set (or for ever); `ready` is told the port.
    `web`: the browser seats too (serve --web, net/web.py)."""

    def refuse_crowds(connection: ServerConnection, request: Any) -> Response | None:
        page = http_page(server, connection, request.path, request.method)
        if page is not None:
            return page
        peer = str(connection.remote_address[0]) if connection.remote_address else "?"
        local = getattr(connection, "via_web", False)  # a browser seat's (net/web.py)
        if not (local or server.door.trusted(peer)) or getattr(connection, "client", None):
            return None  # its address was counted at its accept, or PROXY line (entrance.py)
        forwarded = server.door.forwarded(request.headers.get_all("X-Forwarded-For"))
        if local:
            # the browser's address, as the server's web side told its process
            address = forwarded.strip() if forwarded and is_address(forwarded.strip()) else ""
            if not address:
                return connection.respond(400, "a browser seat names its address\n")
            connection.client = address  # type: ignore[attr-defined]
        else:
            address = server.door.address(peer, forwarded)
        refusal = server.entrance.forwarded(connection, address)
        if refusal is not None:
            server.entrance.refused(address, refusal)  # sparsely, as direct ones
            server.metrics.refused.labels("address").inc()
            return connection.respond(refusal[0], refusal[1] + "\n")
        return None

    loop = asyncio.get_running_loop()
    before = loop.get_exception_handler()
    # what asyncio itself reports (accept failing for want of descriptors, say)
    # becomes one JSON line now and then, never a traceback a time
    loop.set_exception_handler(LoopErrors(server.timer))
    # no keepalive of the library's: conn.watch's instead (a slowed connection lives)
    # the library's own lines (a connection opened, a bad handshake) are not
    # the server's events: its logger stays at warnings (ops.log_to)
    library_log = logging.getLogger("websockets.server")
    common: dict[str, Any] = dict(
        max_size=MAX_CLIENT_FRAME, compression=None, process_request=refuse_crowds,
        ping_interval=None, server_header=None, logger=library_log, backlog=BACKLOG,
        open_timeout=server.limits.handshake_seconds)
    try:
        async with contextlib.AsyncExitStack() as stack:
            # TLS begun by each connection once counted (tls_gate.py): not
            # the library's `ssl=`, whose connections asyncio shows nobody
            # until their handshake is done (issue 38's attack: 1.1 GB)
            # (the library only calls `create_connection` and gives asyncio
            # what it returns)
            connection = gated(counted(server), tls, server.limits.handshake_seconds)
            stack.push_async_callback(connection.close)  # after the listening ends
            ws_server = await stack.enter_async_context(serve(
                server.handler, host, port,
                create_connection=cast(type[ServerConnection], connection), **common))
            if web is not None:
                # the browser seats' processes play over a socket of the
                # server's own (readable by its user alone), then their page
                await stack.enter_async_context(unix_serve(
                    server.handler, web.channel, create_connection=counted(server, True),
                    **common))
                os.chmod(web.channel, 0o600)
                await web.start()
                stack.push_async_callback(web.stop)
            room = file_room()
            if room is not None and web is not None:
                room = max(1, room - web.descriptors)  # the browser seats' share
            if room is not None and room < server.entrance.limit:
                event("limit", logging.WARNING, connections=room,
                      why="the open-files limit leaves room for no more (ulimit -n)")
                server.entrance.limit = room
            if ready is not None:
                sockets = list(ws_server.sockets)
                ready(sockets[0].getsockname()[1] if sockets else port)
            sweeper = asyncio.create_task(_sweep_often(server))
            try:
                await (stop.wait() if stop is not None else asyncio.Future())
            finally:
                sweeper.cancel()
                # every decision is on disk before it is told: the connections
                # end at once, none waited on for its close (the tenth attack:
                # with 200 open, SIGTERM took 12-16 s, not "at once")
                server.entrance.end_all()
    finally:
        loop.set_exception_handler(before)


async def _sweep_often(server: GameServer) -> None:
    """Archives idle games while the server runs (GameServer.sweep), once a
    minute: a stranger's idle game leaves the counts soon after its limit;
    deletes archived games past their keep (GameServer.prune); and gives the
    heap's free memory back after a flood (memory.give_back)."""
    while True:
        await asyncio.sleep(60)
        server.sweep()
        server.prune()  # once an hour at most
        give_back()
