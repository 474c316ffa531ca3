"""`serve --web`: the server also serves its seats to a browser
(docs/hosting.md, "A seat in the browser"), through textual-serve (the
`[web]` extra): a page whose terminal (xterm.js) draws the app that `join`
runs, in a process of its own on the server for each tab, fed the tab's
keys, clicks and size.

The tab's process is the join-only app (tui/web_seat.py): one seat of one
game of this server, no New Game, no saves, no files. Its link comes from
the page (net/web_page.py), and so is untrusted: only its game, side and
token are read, and a process starts only when the token opens a seat of
this server's games (web_seats.opens_seat), within the bounds of
web_seats.WebSeats. The process plays its seat over a Unix socket of the
server's own (listen.py), as a trusted proxy of the tab's address, so the
game server's per-address limits apply to the browser's address.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import shutil
import ssl
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.web_protocol import RequestHandler
from textual_serve.download_manager import DownloadManager

from . import links, web_dir
from .entrance import Entered, Entrance, Refusal, refusal_bytes
from .guard import Bucket, Door
from .ops import event
from .tls_gate import Gates, gated
from .web_page import STATICS, game_file, page
from .web_process import SeatProcess, seat_process
from .web_seats import Tab, WebSeats, opens_seat

if TYPE_CHECKING:
    from .games import Games

JOIN_SECONDS = 10.0  # the page says which seat within this, or is closed
LINK_CHARS = 400  # a join link's part after '#' is about 100
KEYS_CHARS = 4096  # one message of keys (a paste) at most
# A tab's keys, in bytes: a person types tens a second (an arrow is 3 bytes,
# a held key repeats 30 times a second), a paste is one message; a page that
# sends more has the rest dropped (issue 38's attack: a flood of pastes kept
# the process busy a minute after its page was gone). The app reads its keys
# as they come and queues them: faster than it handles them, its queue (its
# memory) grew, 8 flooding tabs 502 -> 928 MB at 2,048 a second each
KEYS_RATE, KEYS_BURST = 256, 2 * KEYS_CHARS
# The pointer moving over the page (xterm's SGR report with the motion bit,
# 32, set; the app asks for every move, for its hover): stale once the next
# comes, so over its rate one is dropped, never waited for, or a mouse moved
# for a minute would hold the keys typed after it (the key rate above is far
# below a moving hand's 30-60 reports a second). The wheel turned over it
# (the wheel bit, 64: buttons 64-67) likewise has a rate of its own: charged
# to the keys, 90 s of a wheel's 30 reports a second (12 bytes each) used up
# their burst and held the next key 4.2 s (issue 38's sixth attack)
MOTION = re.compile(r"\x1b\[<(\d{1,3});\d{1,4};\d{1,4}M")
MOTIONS_RATE, MOTIONS_BURST = 30, 60
WHEELS_RATE, WHEELS_BURST = 40, 80
MOVED, WHEELED = 32, 64
# resizes, focus and blur: a page sends a few a second at most (a window
# dragged); more are dropped (a flood of resizes took a process to 927 MB and
# kept a stopping server up for minutes: issue 38's fourth attack)
EVENTS_RATE, EVENTS_BURST = 10, 40
MESSAGE_BYTES = 16 * 1024  # one message from the page at most
# the browsers' connections at once: this many a tab, and as many not yet
# seated as the game's port allows (--max-unseated): with 32, a churn of 1,500
# a second closed each after 0.11 s, before a TLS page 300 ms away could name
# its game (issue 38's eighth attack)
CONNECTIONS_PER_TAB = 8


def pointing(data: str) -> int:
    """What a tab's input is: one report of the wheel turning (WHEELED), of
    the pointer moving (MOVED), else 0 (keys, a click)."""
    report = MOTION.fullmatch(data)
    button = int(report[1]) if report else 0
    return WHEELED if button & WHEELED else button & MOVED


def size(value: Any, low: int, high: int, default: int) -> int:
    """A terminal dimension from the page, within what a screen has."""
    try:
        return min(high, max(low, int(value)))
    except (TypeError, ValueError):
        return default


Spawn = Callable[[bytes, str, Any], Any]  # seat line, address, websocket -> a service


class WebFront:
    """The browser seats' HTTP side (aiohttp), beside the game server."""

    def __init__(self, games: Games, door: Door, seats: WebSeats, folder: Path,
                 host: str = "127.0.0.1", port: int = 0, spawn: Spawn | None = None,
                 tls: ssl.SSLContext | None = None, handshake_seconds: float = 3.0,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.games, self.door, self.seats, self.tls = games, door, seats, tls
        self.sleep = sleep  # how a tab over its keys' rate waits (a test's own)
        self.handshake_seconds = handshake_seconds  # a TLS handshake's, from the accept
        self.host, self.port = host, port  # the port once listening, if 0 was asked
        self.folder = folder  # the processes' data folder (hand orders, crash logs)
        # the Unix socket the processes play over (listen.py), in a folder of
        # this user's alone (a path short enough for a socket's name)
        self._dir = web_dir.make()
        self.channel = os.path.join(self._dir, "seats.sock")
        self.spawn = spawn or self._spawn
        self.downloads = DownloadManager()  # textual-serve's; never given a file
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None
        self._gates: Gates | None = None  # its sockets before and in their TLS handshakes
        self._sweeper: asyncio.Task[None] | None = None
        self._services: set[Any] = set()  # the tabs' processes running now
        # the browsers' connections, counted from their accept as the game
        # server's are (entrance.py, with the same rules per address): a page,
        # its files, its socket until the tab is admitted
        # (a page or socket of a game being played makes room after the rest)
        self.entrance = Entrance(Door(door.rules, seats.clock),
                                 CONNECTIONS_PER_TAB * seats.bounds.processes
                                 + door.rules.max_unseated, seats.clock,
                                 lambda target: links.claimed_game(target, games.playing, None),
                                 games.regulars, lambda game: game in games.strangers)

    @property
    def descriptors(self) -> int:
        """The open files the browser seats may take at most: their
        connections, and each process's three pipes."""
        return self.entrance.limit + 3 * self.seats.bounds.processes

    async def start(self) -> None:
        """Listens for browsers (after the game server's socket is up)."""
        self._runner = web.AppRunner(self.application(), access_log=None,
                                     handle_signals=False, keepalive_timeout=15)
        await self._runner.setup()
        server, entrance, door = self._runner.server, self.entrance, self.door
        assert server is not None

        class Counted(Entered, RequestHandler):
            entrance = self.entrance

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                if not self.counted:
                    self._refuse(self._arrive(transport))  # type: ignore[arg-type]

            def accepted(self, transport: asyncio.Transport) -> bool:
                refusal = self._arrive(transport)
                if refusal is not None:  # before a TLS handshake: no answer it could read
                    transport.close()
                return refusal is None

            def _arrive(self, transport: asyncio.Transport) -> Refusal | None:
                self.transport = transport
                return self._arrival(transport, door.trusted)[1]

            def _refuse(self, refusal: Refusal | None) -> None:
                if refusal is not None and self.transport is not None:
                    self.transport.write(refusal_bytes(refusal))
                    self.transport.close()

            def data_received(self, data: bytes) -> None:
                entrance.spoke(self)
                if self.header is not None:  # as the game's port reads it (entrance.py)
                    rest = self.header.feed(data)
                    if rest is None:
                        return
                    header, self.header = self.header, None
                    self.client = header.client or None
                    if header.bad and self.transport is not None:
                        event("drop", logging.WARNING, why="a PROXY header that is not one")
                        self.transport.abort()
                    self._refuse(header.refusal)
                    if not rest:
                        return
                    data = rest
                self.heard(data)
                super().data_received(data)

            def connection_lost(self, exc: BaseException | None) -> None:
                entrance.left(self)
                super().connection_lost(exc)

        loop = asyncio.get_running_loop()
        # TLS begun by each connection once counted (tls_gate.py), within
        # the game port's time (asyncio's own is 60 s)
        make = gated(lambda: Counted(server, loop=loop, **server._kwargs),  # as web.Server does
                     self.tls, self.handshake_seconds)
        self._gates = make
        self._listener = await loop.create_server(make, self.host, self.port, backlog=64)
        if self._listener.sockets:
            self.port = self._listener.sockets[0].getsockname()[1]
        self._sweeper = asyncio.create_task(self.sweep_often())

    async def stop(self) -> None:
        """Closes every tab (their processes end) and stops listening."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._listener is not None:
            self._listener.close()
        if self._gates is not None:  # no TLS handshake left running (tls_gate.py)
            await self._gates.close()
        # the tabs end now, not when their pages go (a SIGTERM waited for them:
        # 32-80 s, issue 38's attack); their handlers then end at once
        for tab in list(self.seats.tabs):  # (the page opens itself again: web_page.py)
            tab.close(WSCloseCode.SERVICE_RESTART, b"the server is restarting")
        await asyncio.gather(*(s.stop(at_once=True) for s in list(self._services)),
                             return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()
        shutil.rmtree(self._dir, ignore_errors=True)

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MESSAGE_BYTES)
        app.add_routes([
            web.get("/", self.index), web.get(r"/g/{game:[0-9a-f]{16}}/", self.index),
            web.get("/ws", self.socket), web.get(r"/g/{game:[0-9a-f]{16}}/ws", self.socket),
            web.get("/health", self.health),
            web.static("/static", STATICS),  # the page at /'s (and pages made before)
            web.get(r"/g/{game:[0-9a-f]{16}}/static/{file:.+}", game_file),
        ])
        return app

    async def index(self, request: web.Request) -> web.Response:
        return web.Response(text=page(), content_type="text/html", headers={
            "Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
            "Content-Security-Policy": "frame-ancestors 'none'"})

    async def health(self, request: web.Request) -> web.Response:
        return web.json_response({"status": "ok", "tabs": len(self.seats.tabs)})

    def address(self, request: web.Request) -> str:
        """The tab's address: the peer's, or the one a trusted proxy names in
        its PROXY header, else in X-Forwarded-For (guard.Door.address), as for
        the game server's connections."""
        client = getattr(request.protocol, "client", None)
        if client:
            return str(client)
        return self.door.address(request.remote or "?", self.door.forwarded(
            request.headers.getall("X-Forwarded-For", ())))

    async def socket(self, request: web.Request) -> web.StreamResponse:
        address = self.address(request)
        conn = request.protocol
        if self.door.trusted(request.remote or "?"):  # its client named: counted as such
            refusal = self.entrance.forwarded(conn, address)
            if refusal is not None:
                self.entrance.refused(address, refusal)  # sparsely, as direct ones
                return web.Response(status=refusal[0], text=refusal[1] + "\n")
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=MESSAGE_BYTES)
        await ws.prepare(request)
        joined = await self._join(ws, address)
        if joined is None:
            return ws
        link = joined
        found = self.games.games.get(link.game)
        tab = self.seats.admit(address, (link.game, link.side),
                               stranger=found is not None and found.stranger is not None)
        if isinstance(tab, str):
            event("refuse", address=address, why=f"browser seat: {tab}")
            await ws.close(code=WSCloseCode.TRY_AGAIN_LATER, message=tab.encode()[:120])
            return ws
        self.entrance.seated(conn)  # a tab playing: never closed to make room
        self.entrance.door.seated(address)  # and its address no busier for it
        self.games.regulars.seated(link.game, address, link.side)
        tab.close = lambda code=WSCloseCode.GOING_AWAY, why=b"closed after a long time idle": \
            asyncio.ensure_future(ws.close(code=code, message=why))
        event("web", address=address, game=link.game, tabs=len(self.seats.tabs))
        service = None
        try:
            service = self.spawn(self.seat_line(link, address), address, ws)
            self._services.add(service)
            await service.start(size(request.query.get("width"), 20, 400, 80),
                                size(request.query.get("height"), 10, 150, 24))
            await self._pass_on(ws, service, tab)
        finally:
            self.seats.left(tab)
            if service is not None:
                await service.stop()
                self._services.discard(service)
            await ws.close()
        return ws

    async def _join(self, ws: web.WebSocketResponse, address: str) -> links.Link | None:
        """The page's first message, ["join", LINK'S PART AFTER #], as a link
        that opens one of this server's seats; None (the tab closed with why)
        when it is not."""
        why = "this page sent no join link"
        try:
            message = await ws.receive(timeout=JOIN_SECONDS)
            first = json.loads(message.data) if message.type == WSMsgType.TEXT else None
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                                WSMsgType.ERROR):  # gone, or closed to make room: not its fault
                why = "this page's connection closed before it sent its join link"
        except (TimeoutError, ValueError, TypeError):
            first = None
        if (isinstance(first, list) and len(first) == 2 and first[0] == "join"
                and isinstance(first[1], str) and len(first[1]) <= LINK_CHARS):
            try:
                link = links.parse_link("ws://localhost/#" + first[1])
            except links.BadLink as e:
                why = str(e)
            else:
                if opens_seat(self.games, link):
                    return link
                why = "this link opens no seat on this server"
        event("refuse", address=address, why=f"browser seat: {why}"[:120])
        await ws.close(code=WSCloseCode.POLICY_VIOLATION, message=why.encode()[:120])
        return None

    async def _pass_on(self, ws: web.WebSocketResponse, service: Any, tab: Tab) -> None:
        """The tab's messages to its process, as textual-serve passes them,
        each checked: what a page sends is untrusted."""
        keys = Bucket(KEYS_RATE, KEYS_BURST, self.seats.clock)
        events = Bucket(EVENTS_RATE, EVENTS_BURST, self.seats.clock)
        pointer = {MOVED: Bucket(MOTIONS_RATE, MOTIONS_BURST, self.seats.clock),
                   WHEELED: Bucket(WHEELS_RATE, WHEELS_BURST, self.seats.clock)}
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                return
            if not isinstance(envelope, list) or not envelope:
                return
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                self.seats.heard(tab)
                pointed = pointing(data)
                if pointed:  # dropped over its own rate, never waited for
                    if pointer[pointed].take() and not service.behind():
                        await service.send_bytes(data.encode())
                    continue
                typed = data[:KEYS_CHARS].encode("utf-8", "replace")[:KEYS_CHARS]
                if not keys.take(len(typed)):
                    # over its rate the tab is slowed: its page's messages wait
                    # (the socket pushes back), not read and dropped by the
                    # thousand on the server's loop (issue 38's fourth attack:
                    # 8 tabs' floods took a player's round trip p95 to 351 ms)
                    await self.sleep(len(typed) / KEYS_RATE)
                    if not keys.take(len(typed)):
                        continue
                # never waiting on a process that is behind: the loop goes on
                # reading the page, and so sees it close
                if not service.behind():
                    await service.send_bytes(typed)
            elif kind == "resize" and isinstance(data, dict):
                self.seats.heard(tab)
                if events.take():
                    await service.set_terminal_size(size(data.get("width"), 20, 400, 80),
                                                    size(data.get("height"), 10, 150, 24))
            elif kind == "ping" and isinstance(data, str | int | float):
                await ws.send_json(["pong", str(data)[:40]])
            elif kind == "focus" and events.take():
                await service.focus()
            elif kind == "blur" and events.take():
                await service.blur()

    def seat_line(self, link: links.Link, address: str) -> bytes:
        """What the tab's process reads first: its seat, the socket to play
        it over, and the address it plays for."""
        return (json.dumps({"game": link.game, "side": link.side, "token": link.token,
                            "channel": self.channel, "address": address}) + "\n").encode()

    def _spawn(self, seat_line: bytes, address: str, ws: web.WebSocketResponse) -> SeatProcess:
        return seat_process(self.folder, seat_line, ws, self.downloads)

    async def sweep_often(self, every: float = 30.0) -> None:
        """Closes idle tabs while the server runs."""
        while True:
            await asyncio.sleep(every)
            closed = self.seats.close_idle()
            if closed:
                event("drop", logging.INFO, why="browser seats idle", count=closed)

