"""The game server's operating figures, for bench_server.py: start-up with
many saved games, memory over a soak of games that finish and start, and a
real player joining past idle sockets. Each runs on a server of this
checkout and, with --before PATH, of another checkout (the code before a
change), in the same run.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from warp_empires.net.client import Seat
from warp_empires.net.links import Link, game_url, new_game_id
from warp_empires.net.protocol import VERSION, decode, encode

ROOT = Path(__file__).resolve().parents[1]
THEMES = ROOT / "tests" / "themes"  # the small Rome theme: games that end quickly
TAKE_BACK = ("undo", "unpick", "resign")


class Server:
    """`warp-empires serve` of a checkout (`root`) in a subprocess."""

    def __init__(self, folder: Path, root: Path = ROOT, flags: tuple[str, ...] = (),
                 max_connections: int = 5000, stderr: Path | None = None,
                 files: int | None = None) -> None:
        self.folder, self.root, self.flags = folder, root, flags
        self.max_connections = max_connections
        self.stderr = stderr  # where its log goes (default: nowhere)
        self.files = files  # its open-files limit (`ulimit -n`), if set
        self.port = 0
        self.proc: subprocess.Popen[str] | None = None
        self.started_in = 0.0  # seconds from the process starting to its listening

    def supports(self, flag: str) -> bool:
        done = subprocess.run([sys.executable, "-m", "warp_empires", "serve", "--help"],
                              cwd=self.root, env=self.env(), capture_output=True, text=True)
        return flag in done.stdout

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.root),
                "WARP_EMPIRES_MODULES": str(THEMES)}

    def start(self) -> None:
        prof = os.environ.get("BENCH_SERVER_PROFILE")  # a file: cProfile the server
        cmd = [sys.executable, *(["-m", "cProfile", "-o", prof] if prof else []),
               "-m", "warp_empires", "serve", "--port", str(self.port),
               "--saves-dir", str(self.folder), "--max-connections", str(self.max_connections),
               "--max-games", "5000", *self.flags]
        began = time.perf_counter()
        files = self.files

        def limit() -> None:
            import resource

            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        err = self.stderr.open("ab") if self.stderr is not None else subprocess.DEVNULL
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=self.env(), stdout=subprocess.PIPE,
                                     text=True, stderr=err, preexec_fn=limit)
        if self.stderr is not None:
            err.close()
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # "Serving N game(s) from ... at ws://host:port/"
        if " at ws://" not in line and " at wss://" not in line:
            raise SystemExit(f"the server did not start: {line!r}")
        self.started_in = time.perf_counter() - began
        self.port = int(line.rsplit(":", 1)[1].split("/")[0])

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def rss_mb(self) -> float:
        assert self.proc is not None
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(2)  # SIGINT: a clean exit (a profile gets written)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def attack(module: str, *args: Any) -> subprocess.Popen[str]:
    """An attacker, `python -m benchmarks.MODULE` with its arguments as one
    JSON list, in its own process (beside the server's, not in the
    benchmark's loop); the figures are the JSON line it prints at the end."""
    return subprocess.Popen([sys.executable, "-m", f"benchmarks.{module}", json.dumps(args)],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)


def attacker_figures(process: subprocess.Popen[str]) -> Any:
    """What an attacker (`attack`) printed last, once it has ended."""
    lines = process.communicate()[0].strip().splitlines()
    return json.loads(lines[-1]) if lines else None


def new_server(folder: Path, root: Path = ROOT, one_address: bool = True,
               **settings: Any) -> Server:
    """A server of `root`, `settings` Server's (flags, max_connections, stderr,
    files). `one_address`: the benchmark's many clients all come from
    127.0.0.1, which a server with per-address rates is told."""
    server = Server(folder, root, **settings)
    if one_address and server.supports("--address-rate"):
        server.flags = ("--address-rate", "100000", "--address-unseated", "100000",
                        *server.flags)
    return server


@contextlib.contextmanager
def serving(prefix: str, root: Path = ROOT, copy: Path | None = None, one_address: bool = True,
            **settings: Any) -> Iterator[Server]:
    """A started server (new_server's) on a new saves folder holding the files
    of `copy`, if given; stopped and its folder removed after, however the
    benchmark ends (45 such folders were once left in /tmp)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    if copy is not None:
        for f in copy.iterdir():
            shutil.copy(f, folder)
    server = new_server(folder, root, one_address, **settings)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


async def create(server: Server, seed: int, module: str = "star_wars",
                 players: tuple[str, str] = ("human", "human")) -> dict[str, Any]:
    """A new game on `server`, asked with its host key where it has one (a
    stranger's creates are rated)."""
    game = new_game_id()  # chosen here, in the URL's path: a proxy routes by it
    frame = {"t": "create", "v": VERSION, "module": module, "seed": seed,
             "players": list(players), "game": game}
    key = server.folder / "host.key"
    if key.is_file():
        frame["key"] = key.read_text().strip()
    async with connect(game_url(server.url, game), compression=None) as ws:
        await ws.send(encode(frame))
        return decode(await ws.recv())


class Stats:
    def __init__(self) -> None:
        self.trips: list[float] = []
        self.decisions = 0
        self.acked: dict[tuple[str, str], int] = {}  # (game, side) -> latest position shown
        self.lost = 0
        self.restarts = 0


async def client(link: Link, limit: int, think: float, stats: Stats, rng: random.Random,
                 done: asyncio.Event) -> None:
    seat = Seat(link)
    sent_at: float | None = None
    fresh = True  # the next position is the first after a (re)connection

    async def on_frame(kind: str) -> bool:
        nonlocal sent_at, fresh
        if kind == "welcome":
            fresh = True
            return False
        if kind != "position":
            return kind == "over"
        p = seat.position
        assert p is not None
        # each seat numbers its own positions (RULINGS Z2: the waiting side
        # cannot count the mover's take-backs), so a seat is compared with itself
        game = (link.game, link.side)
        if fresh:
            fresh = False
            behind = stats.acked.get(game, 0) - p["pos"]
            if behind > 0:
                stats.lost += behind
        stats.acked[game] = max(stats.acked.get(game, 0), p["pos"])
        if sent_at is not None:
            stats.trips.append(time.perf_counter() - sent_at)
            sent_at = None
        if p["over"] or p["pos"] >= limit or done.is_set():
            return True
        if seat.deciding:
            if think:
                await asyncio.sleep(think * rng.random() * 2)
            legal = [a for a in seat.legal() if a[0] not in TAKE_BACK] or seat.legal()
            sent_at = time.perf_counter()
            if await seat.decide(rng.choice(legal)):
                stats.decisions += 1
            else:
                sent_at = None
        return False

    await seat.run(on_frame)



# -- start-up with many saved games ------------------------------------------------


def saved_games(folder: Path, count: int, decisions: int = 30) -> None:
    """`count` Star Wars games of `decisions` random decisions each, written
    as a server writes them (this checkout's Room)."""
    from warp_empires.engine import Game
    from warp_empires.module import load_module
    from warp_empires.net.room import HUMAN, Room
    from warp_empires.net.room import Seat as RoomSeat

    module = load_module("star_wars")
    rng = random.Random(1)
    for seed in range(count):
        game = Game.new(module, seed)
        room = Room(game, [RoomSeat(b"\0" * 32, HUMAN), RoomSeat(b"\1" * 32, HUMAN)], folder)
        for _ in range(decisions):
            side = room.deciding()
            legal = [a for a in game.legal_actions(side)
                     if a[0] not in ("undo", "unpick", "resign")]
            if game.over or not legal:
                break
            room.apply(side, rng.choice(legal))
        room.write()


def startup(roots: dict[str, Path], games: int) -> dict[str, Any]:
    """Seconds from starting the server to its listening, on an empty folder
    and on one with `games` saved games, for each checkout."""
    made = Path(tempfile.mkdtemp(prefix="bench-startup-"))
    began = time.perf_counter()
    saved_games(made, games)
    out: dict[str, Any] = {"games": games, "made_in_s": round(time.perf_counter() - began, 1)}
    for name, root in roots.items():
        figures = {}
        for label, count in (("empty", 0), ("full", games)):
            with serving(f"bench-startup-{name}-", root, made if count else None) as server:
                figures[f"{label}_s"] = round(server.started_in, 3)
        out[name] = figures
    shutil.rmtree(made, ignore_errors=True)
    return out


# -- memory over a soak of games that finish -----------------------------------------


async def _play_and_resign(url: str, created: dict[str, Any], decisions: int,
                           rng: random.Random) -> None:
    """Both seats play random forward decisions, quickly; then one resigns."""
    seats = [Seat(Link(url, created["game"], side, token))
             for side, token in created["tokens"].items()]

    async def one(seat: Seat) -> None:
        async def on_frame(kind: str) -> bool:
            p = seat.position
            if kind == "over" or (p is not None and p["over"]):
                return True
            if kind != "position" or not seat.deciding:
                return False
            await asyncio.sleep(0.01)
            if p["pos"] >= decisions:
                await seat.decide(("resign",))
                return False
            legal = [a for a in seat.legal() if a[0] not in ("undo", "unpick", "resign")]
            await seat.decide(rng.choice(legal or seat.legal()))
            return False

        await seat.run(on_frame)

    await asyncio.wait_for(asyncio.gather(*(one(s) for s in seats)), 120)


async def _soak(server: Server, seconds: float, at_once: int, decisions: int) -> dict[str, Any]:
    rng = random.Random(3)
    samples: list[tuple[float, float]] = []
    finished = 0
    started = time.perf_counter()
    seed = iter(range(10**9))

    async def slot() -> None:
        nonlocal finished
        while time.perf_counter() - started < seconds:
            created = await create(server, next(seed))
            await _play_and_resign(server.url, created, decisions, rng)
            finished += 1

    async def sampler() -> None:
        while True:
            samples.append((time.perf_counter() - started, server.rss_mb()))
            await asyncio.sleep(max(1.0, seconds / 20))

    watch = asyncio.create_task(sampler())
    await asyncio.gather(*(slot() for _ in range(at_once)))
    watch.cancel()
    samples.append((time.perf_counter() - started, server.rss_mb()))
    warm = [mb for t, mb in samples if t >= seconds * 0.2] or [samples[-1][1]]
    return {"games_finished": finished, "rss_mb_after_warmup": round(warm[0], 1),
            "rss_mb_end": round(samples[-1][1], 1),
            "rss_growth_mb": round(samples[-1][1] - warm[0], 1),
            "rss_growth_mb_per_100_games": round(100 * (samples[-1][1] - warm[0])
                                                 / max(1, finished), 2)}


def soak(roots: dict[str, Path], seconds: float, at_once: int = 20,
         decisions: int = 40) -> dict[str, Any]:
    """RSS of a server while games finish and new ones start, for `seconds`."""
    out: dict[str, Any] = {"seconds": seconds, "games_at_once": at_once,
                           "decisions_per_game": decisions}
    for name, root in roots.items():
        with serving(f"bench-soak-{name}-", root) as server:
            out[name] = asyncio.run(_soak(server, seconds, at_once, decisions))
    return out


# -- a real player past idle sockets ------------------------------------------------


async def _idle(server: Server, addresses: list[str], sockets: int) -> dict[str, Any]:
    """`sockets` connections from `addresses` (in turn) that never say hello,
    then a player from 127.0.0.1 joins a game made beforehand: how long its
    join takes (retrying a refused connection every 0.1 s, as a person would
    sooner or later), and how many of the idle sockets the server took."""
    from websockets.exceptions import InvalidHandshake

    created = await create(server, 1)
    held = []
    for n in range(sockets):
        try:
            held.append(await connect(server.url, compression=None, open_timeout=5,
                                      local_addr=(addresses[n % len(addresses)], 0))
                        .__aenter__())
        except (InvalidHandshake, OSError, TimeoutError):
            pass
    await asyncio.sleep(1.5)  # the idle sockets are all older than a player's hello
    side, token = next(iter(created["tokens"].items()))
    seat = Seat(Link(server.url, created["game"], side, token))
    began = time.perf_counter()
    joined = None
    while time.perf_counter() - began < 20:
        try:
            async with connect(server.url, compression=None, open_timeout=5) as ws:
                await ws.send(seat.hello())
                kinds = [decode(await ws.recv())["t"] for _ in range(2)]
                if kinds == ["welcome", "position"]:
                    joined = time.perf_counter() - began
                    break
        except (InvalidHandshake, OSError, TimeoutError):
            await asyncio.sleep(0.1)
    for ws in held:
        ws.transport.abort()
    return {"idle_sockets_taken": len(held),
            "join_ms": round(joined * 1000, 1) if joined is not None else None}


def idle(roots: dict[str, Path], sockets: int = 200, max_connections: int = 150
         ) -> dict[str, Any]:
    """A real player's join time past `sockets` idle sockets from one address
    (127.0.0.2) and from 50 (127.0.0.2..51), on --max-connections 150."""
    out: dict[str, Any] = {"sockets": sockets, "max_connections": max_connections}
    for name, root in roots.items():
        out[name] = {}
        for label, count in (("one_address", 1), ("fifty_addresses", 50)):
            addresses = [f"127.0.0.{n}" for n in range(2, 2 + count)]
            with serving(f"bench-idle-{name}-", root, one_address=False,
                         max_connections=max_connections) as server:
                out[name][label] = asyncio.run(_idle(server, addresses, sockets))
    return out


def upgraded(port: int, source: str | None = None, tiny: bool = False) -> socket.socket:
    """A WebSocket connection (from `source`) that says nothing more and
    never answers: not even the server's close. `tiny`: its receive buffer
    and segments as small as the system allows, so that what it does not
    read waits in the server (else loopback's buffers take a long frame whole)."""
    s = socket.socket()
    if tiny:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 200)
    if source is not None:
        s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16))
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              b"Sec-WebSocket-Key: " + key + b"\r\nSec-WebSocket-Version: 13\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    return s


def stopping(roots: dict[str, Path], sockets: int = 200) -> dict[str, Any]:
    """Seconds from SIGTERM to the server's exit with `sockets` connections
    open that never answer its close (the tenth attack: 12-16 s; the docs say
    it leaves at once: every decision is on disk before it is told)."""
    out: dict[str, Any] = {"sockets": sockets}
    for name, root in roots.items():
        with serving(f"bench-stop-{name}-", root) as server:
            held = [upgraded(server.port) for _ in range(sockets)]
            assert server.proc is not None
            began = time.perf_counter()
            server.proc.send_signal(signal.SIGTERM)
            server.proc.wait(60)
            out[name] = {"exit_s": round(time.perf_counter() - began, 2)}
            for s in held:
                s.close()
    return out
