"""Attacks on the game server, for bench_server.py (--only silent,ping): what
a real player waits for while the server is under each, and what the server
spends, on a server of this checkout and, with --before PATH, of another (the
code before a change), in the same run.

- "silent" (issue 38's attack 1): the server under `ulimit -n 160`, and 160
  TCP sockets from one address (127.0.0.2) that never send a byte, each
  opened again as soon as the server closes it. Figures: a real player's
  create and join times (127.0.0.1, the worst of three), the server's stderr
  (bytes, lines that are not JSON, tracebacks).
- "ping" (attack 2): 8 connections from one address that open a WebSocket
  and send pings without ever reading, before any hello, and one seated
  connection doing the same (a data frame every 5 s keeps it alive). Figures:
  the server's resident memory (before, the most, at the end) and a real
  player's create and join times meanwhile.
- "resets": 10 addresses each opening a WebSocket 4.5 times a second, sending
  500 pings and hanging up unread. Figures: the server's log (lines, not
  JSON) and a real player's times.

The attackers run in subprocesses (`python -m benchmarks.server_attacks
KIND ...`), so that the player's times are not the attacker's loop.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake

from benchmarks.server_scenarios import ROOT, Server, create, serving
from warp_empires.net.links import game_url
from warp_empires.net.protocol import VERSION, decode, encode

# -- the attackers (each in its own process) ------------------------------------------


async def _silent(port: int, address: str, sockets: int, seconds: float) -> dict[str, int]:
    """`sockets` TCP connections from `address` that never send a byte, each
    opened again when the server closes it, for `seconds`."""
    end = time.monotonic() + seconds
    opened = refused = 0

    async def one() -> None:
        nonlocal opened, refused
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                              local_addr=(address, 0))
            except OSError:
                refused += 1
                await asyncio.sleep(1)
                continue
            opened += 1
            try:
                await asyncio.wait_for(reader.read(100), max(0.01, end - time.monotonic()))
            except (OSError, TimeoutError):
                pass
            writer.close()

    await asyncio.gather(*(one() for _ in range(sockets)))
    return {"opened": opened, "refused": refused}


def _websocket(port: int, address: str, path: str) -> socket.socket:
    """A WebSocket opened by hand, with a small receive buffer: it will read nothing."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.bind((address, 0))
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: "
              f"Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
              .encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        got = s.recv(1)
        if not got:
            raise OSError("closed in the handshake")
        answer += got
    if b" 101 " not in answer.split(b"\r\n")[0]:
        raise OSError(answer.split(b"\r\n")[0].decode())
    return s


def _frame(opcode: int, payload: bytes) -> bytes:
    assert len(payload) < 126
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + b"\0\0\0\0" + payload


def _pinger(port: int, address: str, seconds: float, hello: dict[str, Any] | None) -> int:
    """Pings (125 bytes each) as fast as the socket takes them, reading nothing;
    seated with `hello` first, then a data frame every 5 s. Bytes sent."""
    game = hello["game"] if hello else "0123456789abcdef"
    try:
        s = _websocket(port, address, f"/g/{game}/")
        if hello:
            s.sendall(_frame(2, encode(hello)))
    except OSError:
        return 0
    pings = _frame(9, b"A" * 125) * 500
    junk = _frame(2, encode({"t": "decide"}))
    sent, began, last = 0, time.monotonic(), 0.0
    s.settimeout(2)
    try:
        while time.monotonic() - began < seconds:
            if hello and time.monotonic() - last > 5:
                s.sendall(junk)
                last = time.monotonic()
            s.sendall(pings)
            sent += len(pings)
    except OSError:
        pass
    s.close()
    return sent


def _pings(port: int, address: str, connections: int, seconds: float,
           hello: dict[str, Any]) -> dict[str, Any]:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(connections + 1) as pool:
        before_hello = [pool.submit(_pinger, port, address, seconds, None)
                        for _ in range(connections)]
        seated = pool.submit(_pinger, port, "127.0.0.3", seconds, hello)
        return {"sent_mb_before_hello": round(sum(f.result() for f in before_hello) / 1e6, 1),
                "sent_mb_seated": round(seated.result() / 1e6, 1)}


def _reconnecting(port: int, address: str, seconds: float, rate: float) -> int:
    """Opens a WebSocket `rate` times a second, sends 500 pings at once and
    hangs up without reading them answered (a reset). Connections made."""
    chunk, made, end = _frame(9, b"A" * 125) * 500, 0, time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.monotonic()
        try:
            s = _websocket(port, address, "/")
            with contextlib.suppress(OSError):
                s.sendall(chunk)
            s.close()
            made += 1
        except OSError:
            pass
        time.sleep(max(0.0, 1 / rate - (time.monotonic() - began)))
    return made


def _ping_resets(port: int, addresses: int, seconds: float, rate: float) -> dict[str, Any]:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(addresses) as pool:
        made = [pool.submit(_reconnecting, port, f"127.0.0.{10 + n}", seconds, rate)
                for n in range(addresses)]
        return {"connections": sum(f.result() for f in made)}


def attacker(kind: str, *args: Any) -> subprocess.Popen[str]:
    """An attacker process; its figures are the JSON line it prints at the end."""
    return subprocess.Popen([sys.executable, "-m", "benchmarks.server_attacks", kind,
                             json.dumps(args)], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


# -- a real player, and the figures ---------------------------------------------------


async def player(server: Server, seed: int, within: float = 20) -> dict[str, Any]:
    """A real player from 127.0.0.1: creates a game (with the host key) and
    joins both its seats; the milliseconds each took (a refused connection is
    tried again every 0.1 s, as a person would sooner or later)."""
    began = time.perf_counter()
    created: dict[str, Any] | None = None
    while created is None and time.perf_counter() - began < within:
        try:
            got = await asyncio.wait_for(create(server, seed), within)
            created = got if got.get("t") == "created" else None
        except (InvalidHandshake, OSError, TimeoutError):
            await asyncio.sleep(0.1)
    if created is None:
        return {"create_ms": None, "join_ms": None}
    create_ms = (time.perf_counter() - began) * 1000
    began = time.perf_counter()
    joined = 0
    while joined < 2 and time.perf_counter() - began < within:
        side, token = list(created["tokens"].items())[joined]
        try:
            async with connect(game_url(server.url, created["game"]), compression=None,
                               open_timeout=within) as ws:
                await ws.send(encode({"t": "hello", "v": VERSION, "game": created["game"],
                                      "side": side, "token": token}))
                kinds = [decode(await asyncio.wait_for(ws.recv(), within))["t"]
                         for _ in range(2)]
                joined += kinds == ["welcome", "position"]
        except (InvalidHandshake, OSError, TimeoutError):
            await asyncio.sleep(0.1)
    join_ms = (time.perf_counter() - began) * 1000 / 2 if joined == 2 else None
    return {"create_ms": round(create_ms, 1),
            "join_ms": round(join_ms, 1) if join_ms is not None else None}


def _worst(probes: list[dict[str, Any]], key: str) -> float | None:
    values = [p[key] for p in probes]
    return None if None in values or not values else max(values)


def _log(path: Path) -> dict[str, int]:
    text = path.read_bytes().decode(errors="replace") if path.exists() else ""
    lines = text.splitlines()

    def is_json(line: str) -> bool:
        try:
            return isinstance(json.loads(line), dict)
        except ValueError:
            return False

    return {"stderr_bytes": len(text.encode()), "stderr_lines": len(lines),
            "not_json_lines": sum(not is_json(line) for line in lines),
            "tracebacks": text.count("Traceback (most recent call last)")}


async def _probes(server: Server, attack: subprocess.Popen[str], seconds: float,
                  sample_rss: bool) -> dict[str, Any]:
    began = time.monotonic()
    probes, rss = [], [server.rss_mb()]

    async def sampler() -> None:
        while attack.poll() is None:
            rss.append(server.rss_mb())
            await asyncio.sleep(0.5)

    watch = asyncio.create_task(sampler()) if sample_rss else None
    for n in range(3):
        await asyncio.sleep(max(0.0, began + seconds * (n + 1) / 4 - time.monotonic()))
        probes.append(await player(server, 100 + n))
    out = await asyncio.to_thread(attack.communicate)
    if watch is not None:
        await watch
    figures: dict[str, Any] = {"create_ms_worst": _worst(probes, "create_ms"),
                               "join_ms_worst": _worst(probes, "join_ms"), "probes": probes}
    if sample_rss:
        figures["rss_mb"] = {"before": round(rss[0], 1), "most": round(max(rss), 1),
                             "end": round(server.rss_mb(), 1)}
    lines = out[0].strip().splitlines()
    figures["attacker"] = json.loads(lines[-1]) if lines else None
    return figures


def silent(roots: dict[str, Path], sockets: int = 160, seconds: float = 20.0,
           files: int = 160) -> dict[str, Any]:
    """A real player while `sockets` silent TCP sockets from one address
    press on a server with `ulimit -n files`, for each checkout."""
    out: dict[str, Any] = {"sockets": sockets, "seconds": seconds, "open_files": files}
    for name, root in roots.items():
        log = _log_file(f"bench-silent-{name}-")
        with serving(f"bench-silent-{name}-", root, one_address=False, stderr=log,
                     files=files) as server:
            attack = attacker("silent", server.port, "127.0.0.2", sockets, seconds)
            time.sleep(1)
            out[name] = asyncio.run(_probes(server, attack, seconds, sample_rss=False))
        out[name].update(_log(log))
        log.unlink(missing_ok=True)
    return out


def pings(roots: dict[str, Path], connections: int = 8, seconds: float = 15.0
          ) -> dict[str, Any]:
    """A real player, and the server's memory, under ping floods, for each checkout."""
    out: dict[str, Any] = {"connections_before_hello": connections, "seated": 1,
                           "seconds": seconds}
    for name, root in roots.items():
        with serving(f"bench-ping-{name}-", root, one_address=False) as server:
            time.sleep(0.3)
            made = asyncio.run(create(server, 1))
            side, token = next(iter(made["tokens"].items()))
            hello = {"t": "hello", "v": VERSION, "game": made["game"], "side": side,
                     "token": token}
            attack = attacker("pings", server.port, "127.0.0.2", connections, seconds, hello)
            out[name] = asyncio.run(_probes(server, attack, seconds, sample_rss=True))
    return out


def _log_file(prefix: str) -> Path:
    """A new empty file for a server's log, apart from its saves folder."""
    fd, path = tempfile.mkstemp(prefix=prefix, suffix=".log")
    os.close(fd)
    return Path(path)


def _cpu_seconds(server: Server) -> float:
    assert server.proc is not None
    fields = Path(f"/proc/{server.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ping_resets(roots: dict[str, Path], addresses: int = 10, seconds: float = 8.0,
                rate: float = 4.5) -> dict[str, Any]:
    """What the server writes to its log (and a real player's times) while
    `addresses` clients each reconnect `rate` times a second, send 500 pings
    and hang up (issue 38: asyncio's warnings, one a pong to a gone client)."""
    out: dict[str, Any] = {"addresses": addresses, "seconds": seconds, "rate": rate}
    for name, root in roots.items():
        log = _log_file(f"bench-resets-{name}-")
        with serving(f"bench-resets-{name}-", root, one_address=False, stderr=log) as server:
            cpu = _cpu_seconds(server)
            attack = attacker("resets", server.port, addresses, seconds, rate)
            out[name] = asyncio.run(_probes(server, attack, seconds, sample_rss=False))
            out[name]["server_cpu_seconds"] = round(_cpu_seconds(server) - cpu, 1)
        out[name].update(_log(log))
        del out[name]["probes"]
        log.unlink(missing_ok=True)
    return out


if __name__ == "__main__":
    kind, given = sys.argv[1], json.loads(sys.argv[2])
    if kind == "silent":
        print(json.dumps(asyncio.run(_silent(*given))))
    elif kind == "pings":
        print(json.dumps(_pings(*given)))
    elif kind == "resets":
        print(json.dumps(_ping_resets(*given)))
    else:
        raise SystemExit(f"no attack {kind!r}")
