"""A churn of half requests spread over many addresses, for bench_server.py
(--only wide): issue 38's seventh attack opened 1,200-1,500 connections a
second from 10,000-30,000 loopback addresses, each connecting once every
8-20 s and sending half a TLS record (or half an HTTP request), and a TLS
player 100 ms away failed 28 of 29 creates. Figures, for this checkout and
with --before PATH another, back to back: a player's creates through a
relay that delays each way by half its round trip, how many failed (each
tried once, 10 s at most) and how long the rest took; the server's CPU
seconds over the run and its memory at the end of the player's tries.

The attacker runs in a subprocess (`python -m benchmarks.server_wide`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import ssl
import statistics
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from websockets.asyncio.client import connect

from benchmarks.server_attacks import _cpu_seconds
from benchmarks.server_scenarios import ROOT, Server, attack, attacker_figures, serving
from benchmarks.server_web import _free_port as free_port
from warp_empires.net.links import game_url, host_proof, new_game_id
from warp_empires.net.protocol import VERSION, decode, encode

CERTS = ROOT / "tests" / "fixtures" / "tls"  # the tests' own, for 127.0.0.1
# what each connection of a churn sends (and, made in `_churn` from a real
# ClientHello: tls, its first 100 bytes; hello, all of it; frag, 40 bytes of
# it in records of 16 bytes)
HALVES = {"plain": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # its headers never end
          # a whole WebSocket upgrade, then no hello: what a player sends first
          "whole": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                   b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   b"Sec-WebSocket-Version: 13\r\n\r\n",
          # at the browsers' port: a whole request for its page, then kept open
          "page": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"}
# a whole upgrade, then a frame that is no hello (masked, as a client's is);
# the server's close is never answered
HALVES["bogus"] = HALVES["whole"] + b"\x82\x83\x00\x00\x00\x00abc"


def address(n: int) -> str:
    """The n-th attacking address: 127.10.0.1 and on (the player is 127.0.0.1)."""
    return f"127.{10 + n // 62500}.{n // 250 % 250}.{n % 250 + 1}"


def client_hello() -> bytes:
    """A real TLS ClientHello, made once and sent by every connection: each
    costs the server a key exchange and a signature, and the sender nothing."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = ssl.create_default_context().wrap_bio(incoming, outgoing, server_hostname="localhost")
    with contextlib.suppress(ssl.SSLWantReadError):
        tls.do_handshake()
    return outgoing.read()


def fragmented(hello: bytes, size: int = 16) -> bytes:
    """A ClientHello (one record) sent as records of `size` bytes each, as
    TLS allows: its first record is whole long before the message is."""
    body = hello[5:]
    return b"".join(hello[:3] + len(body[i:i + size]).to_bytes(2, "big") + body[i:i + size]
                    for i in range(0, len(body), size))


async def _churn(port: int, addresses: int, rate: float, seconds: float,
                 kind: str, path: str = "") -> dict[str, Any]:
    """`rate` connections a second in all, the addresses in turn, each sending
    half of what it should (or a whole ClientHello, `hello`) and holding
    until the server closes it."""
    half = {"hello": client_hello(), "tls": client_hello()[:100],
            "frag": fragmented(client_hello())[:40]}.get(kind) or HALVES[kind]
    if path:  # its requests name that path (a game's: `target`)
        half = half.replace(b"GET / ", f"GET {path} ".encode(), 1)
    opened = 0
    held: set[asyncio.Task[None]] = set()

    async def hold(n: int) -> None:
        nonlocal opened
        with contextlib.suppress(Exception):
            reader, writer = await asyncio.wait_for(asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address(n), 0)), 3)
            opened += 1
            writer.write(half)
            with contextlib.suppress(Exception):
                async with asyncio.timeout(12):
                    while await reader.read(4096):  # held until the server closes it
                        pass
            writer.close()

    began = time.monotonic()
    n = 0
    while (now := time.monotonic()) < began + seconds:
        due = int((now - began) * rate)
        for _ in range(n, due):  # caught up to the clock: the rate holds while the loop lags
            task = asyncio.create_task(hold(n % addresses))
            held.add(task)
            task.add_done_callback(held.discard)
            n += 1
        await asyncio.sleep(0.005)
    for task in list(held):
        task.cancel()
    return {"tried": n, "opened": opened, "per_second": round(opened / seconds)}


async def _relay(target: int, rtt: float, pace: float | None = None
                 ) -> tuple[asyncio.Server, int]:
    """A TCP relay to `target` that delays what it carries by rtt/2 each way;
    with `pace`, what comes back at most that many bytes a second (a long
    way's slow start: a 514 KB script takes seconds, and the server holds
    what is not yet sent)."""
    loop = asyncio.get_running_loop()

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   paced: float | None = None) -> None:
        with contextlib.suppress(Exception):
            while data := await reader.read(16384 if paced else 65536):
                loop.call_later(rtt / 2, writer.write, data)
                if paced:
                    await asyncio.sleep(len(data) / paced)
            await asyncio.sleep(rtt / 2)
        writer.close()

    async def each(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # (cancelled too, when the run ends with connections still open)
        with contextlib.suppress(Exception, asyncio.CancelledError):
            # over a real network the server accepts a connection with the
            # client's first bytes right behind the handshake: it is opened
            # with them, half a round trip after they were sent
            first = await reader.read(65536)
            await asyncio.sleep(rtt / 2)
            up = socket.socket()
            if pace:  # a small window: the server's own buffers hold the rest
                up.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
            up.setblocking(False)
            await loop.sock_connect(up, ("127.0.0.1", target))
            up_r, up_w = await asyncio.open_connection(sock=up)
            up_w.write(first)
            await asyncio.gather(pipe(reader, up_w), pipe(up_r, writer, pace))

    relay = await asyncio.start_server(each, "127.0.0.1", 0)
    return relay, relay.sockets[0].getsockname()[1]


async def _tries(attempt: Callable[[], Awaitable[str]], seconds: float,
                 within: float = 10.0) -> dict[str, Any]:
    """`attempt` again and again for `seconds`, each `within` seconds: how many
    failed (and why: what `attempt` returned, or what it raised), and how
    long the rest took."""
    took: list[float] = []
    whys: Counter[str] = Counter()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        try:
            async with asyncio.timeout(within):
                why = await attempt()
        except Exception as e:  # noqa: BLE001 - closed, refused, timed out: a failure
            why = type(e).__name__
        if why:
            whys[why] += 1
        else:
            took.append((time.perf_counter() - began) * 1000)
        await asyncio.sleep(0.3)
    return {"tries": sum(whys.values()) + len(took), "failed": sum(whys.values()),
            "ms_p50": round(statistics.median(took)) if took else None,
            "ms_max": round(max(took)) if took else None, "why_failed": dict(whys)}


async def _create(url: str, trust: ssl.SSLContext | None, key: str) -> dict[str, Any]:
    """A game created at `url` with the host key, as the app's create asks
    (net/client.py create_game); the server's answer."""
    game = new_game_id()
    asked = f"{game_url(url, game)}?host={host_proof(key, game)}"
    async with connect(asked, compression=None, ssl=trust) as ws:
        await ws.send(encode({"t": "create", "v": VERSION, "module": "star_wars", "seed": 1,
                              "players": ["human", "human"], "game": game, "key": key}))
        return decode(await ws.recv())  # type: ignore[no-any-return]


def _trust(tls: bool) -> ssl.SSLContext | None:
    """A client's trust in the tests' certificate, with TLS."""
    return ssl.create_default_context(cafile=str(CERTS / "cert.pem")) if tls else None


async def _player(server: Server, tls: bool, rtt: float, seconds: float) -> dict[str, Any]:
    """Creates, one after another for `seconds`."""
    relay, port = await _relay(server.port, rtt)
    trust = _trust(tls)
    url = f"{'wss' if tls else 'ws'}://127.0.0.1:{port}/"
    key = (server.folder / "host.key").read_text().strip()

    async def create() -> str:
        answer = await _create(url, trust, key)
        return "" if answer.get("t") == "created" else str(answer.get("code"))

    try:
        return await _tries(create, seconds)
    finally:
        relay.close()


async def _browser(created: dict[str, Any], web: int, rtt: float, seconds: float,
                   tls: bool = False) -> dict[str, Any]:
    """A browser's tab of the game `created`: its page, its 514 KB script,
    then its socket to the seat's first screen, again and again for
    `seconds` (0: once), each on new connections (a new tab's)."""
    import aiohttp

    game, (side, token) = created["game"], next(iter(created["tokens"].items()))
    relay, port = await _relay(web, rtt, pace=256 * 1024)
    trust = _trust(tls) or False  # aiohttp: False, no TLS

    async def page() -> str:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=trust)) as http:
            address = f"http{'s' if tls else ''}://127.0.0.1:{port}/g/{game}/"
            text = await (await http.get(address)).text()
            src = text.split('<script src="', 1)[1].split('"', 1)[0]  # the page's own script
            script = await (await http.get(urljoin(address, src))).read()
            if len(script) < 100_000:
                return f"script of {len(script)} bytes"
            # then the seat's socket, as the page opens it, to its first screen
            async with http.ws_connect(urljoin(address, "ws?width=80&height=24")) as ws:
                await ws.send_str(json.dumps(["join", f"game={game}&side={side}&token={token}"]))
                got = 0
                while got < 2000:  # a screen, not a byte
                    message = await ws.receive()
                    if message.type != aiohttp.WSMsgType.BINARY:
                        return f"socket {message.type.name.lower()}"
                    got += len(message.data)
        return ""

    try:
        # a tab over TLS 300 ms away takes 6.5 s with nothing else going on
        return await _tries(page, seconds, 20.0) if seconds else {"why_failed": await page()}
    finally:
        relay.close()


def wide(roots: dict[str, Path], kind: str = "tls", addresses: int = 10_000,
         rate: float = 1200.0, rtt: float = 0.1, seconds: float = 20.0) -> dict[str, Any]:
    """The player's creates under the churn, for each checkout in turn."""
    out: dict[str, Any] = {"kind": kind, "addresses": addresses, "rate": rate,
                           "rtt_ms": round(rtt * 1000), "seconds": seconds}
    tls_flags = ("--certfile", str(CERTS / "cert.pem"), "--keyfile", str(CERTS / "key.pem"))
    for name, root in roots.items():
        tls = kind in ("tls", "hello", "frag", "tlspage")
        tab = kind in ("page", "target", "tlspage")
        web = free_port()
        flags = (tls_flags if tls else ()) + (("--web", "--web-port", str(web)) if tab else ())
        with serving(f"bench-wide-{name}-", root, one_address=False, flags=flags,
                     max_connections=2048) as server:  # serve's default
            key = (server.folder / "host.key").read_text().strip()
            created = asyncio.run(_create(f"{'wss' if tls else 'ws'}://127.0.0.1:{server.port}/",
                                          _trust(tls), key)) if tab else {}
            path = ""
            if kind == "target":
                # the opponent, who knows the game's id, names it; the player
                # had opened its tab before
                path = f"/g/{created['game']}/"
                out[f"{name}_quiet_tab"] = asyncio.run(_browser(created, web, rtt, 0))
            churn = attack("server_wide", web if tab else server.port, addresses, rate,
                           seconds + 3, "hello" if kind == "tlspage" else "page" if tab else kind,
                           path)
            cpu = _cpu_seconds(server)
            time.sleep(2)  # the churn under way
            player = asyncio.run(_browser(created, web, rtt, seconds, tls) if tab
                                 else _player(server, tls, rtt, seconds))
            rss = server.rss_mb()
            out[name] = {**player, "server_cpu_s": round(_cpu_seconds(server) - cpu, 1),
                         "server_rss_mb": round(rss, 1), "attacker": attacker_figures(churn)}
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_churn(*json.loads(sys.argv[1])))))
