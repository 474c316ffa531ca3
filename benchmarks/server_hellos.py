"""Hello floods on an ended long game, for bench_server.py (--only hellos):
issue 38's attacker sent hellos with a wrong token to a finished game, each
of which had the server load (replay) it. Figures, for this checkout and
with --before PATH another: hellos sent, the server's CPU seconds meanwhile,
and a real player's create and join times.

The attacker runs in a subprocess (`python -m benchmarks.server_hellos`)."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from benchmarks.server_attacks import _cpu_seconds, _probes
from benchmarks.server_scenarios import ROOT, Server, serving
from warp_empires.net.links import game_url
from warp_empires.net.protocol import VERSION, decode, encode

TOKENS = ("a" * 32, "b" * 32)  # the seats' tokens of the game made here


def ended_game(folder: Path, decisions: int, resign: bool = True) -> tuple[str, str]:
    """A Star Wars game of `decisions` random decisions, then resigned, written
    as a server writes it; its id and a side's id."""
    from warp_empires.engine import Game
    from warp_empires.module import load_module
    from warp_empires.net.links import digest
    from warp_empires.net.room import HUMAN, Room, Seat

    module = load_module("star_wars")
    rng = random.Random(1)
    game = Game.new(module, 1)
    room = Room(game, [Seat(digest(t), HUMAN) for t in TOKENS], folder)
    for _ in range(decisions):
        legal = [a for a in game.legal_actions(room.deciding())
                 if a[0] not in ("undo", "unpick", "resign")]
        if game.over or not legal:
            break
        room.apply(room.deciding(), rng.choice(legal))
    if resign:
        room.apply(room.deciding(), ("resign",))
    room.write()
    return room.id, module.sides[0].id


async def _flood(url: str, game: str, side: str, seconds: float, at_once: int) -> int:
    frame = encode({"t": "hello", "v": VERSION, "game": game, "side": side,
                    "token": "A" * 32})
    sent, end = 0, time.monotonic() + seconds

    async def one() -> None:
        nonlocal sent
        while time.monotonic() < end:
            try:
                async with connect(game_url(url, game), compression=None) as ws:
                    await ws.send(frame)
                    await asyncio.wait_for(ws.recv(), 10)
                sent += 1
            except Exception:  # noqa: BLE001 - a refused or dropped one: again
                await asyncio.sleep(0.01)

    await asyncio.gather(*(one() for _ in range(at_once)))
    return sent




def _attack(server: Server, *args: Any) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "benchmarks.server_hellos",
                             json.dumps([server.url, *args])],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)


def hellos(roots: dict[str, Path], decisions: int = 600, seconds: float = 10.0,
           at_once: int = 8) -> dict[str, Any]:
    made = Path(tempfile.mkdtemp(prefix="bench-hellos-"))
    game, side = ended_game(made, decisions)
    out: dict[str, Any] = {"decisions": decisions, "seconds": seconds, "at_once": at_once}
    for name, root in roots.items():
        with serving(f"bench-hellos-{name}-", root, made) as server:
            cpu = _cpu_seconds(server)
            attack = _attack(server, game, side, seconds, at_once)
            out[name] = asyncio.run(_probes(server, attack, seconds, sample_rss=False))
            out[name]["server_cpu_seconds"] = round(_cpu_seconds(server) - cpu, 1)
            del out[name]["probes"]
    shutil.rmtree(made, ignore_errors=True)
    return out


async def _takes(url: str, game: str, side: str, seconds: float, at_once: int) -> int:
    """Hellos with `take` and the seat's token, each hung up once welcomed."""
    frame = encode({"t": "hello", "v": VERSION, "game": game, "side": side,
                    "token": TOKENS[0], "take": True})
    sent, end = 0, time.monotonic() + seconds

    async def one() -> None:
        nonlocal sent
        while time.monotonic() < end:
            try:
                ws = await connect(game_url(url, game), compression=None)
                await ws.send(frame)
                await asyncio.wait_for(ws.recv(), 10)
                ws.transport.abort()
                sent += 1
            except Exception:  # noqa: BLE001 - a refused or dropped one: again
                await asyncio.sleep(0.01)

    await asyncio.gather(*(one() for _ in range(at_once)))
    return sent


async def _opponent(server: Server, game: str, side: str) -> float | None:
    """Seconds until the other seat joins and gets its position (None: not in 60 s)."""
    began = time.perf_counter()
    while time.perf_counter() - began < 60:
        try:
            async with connect(game_url(server.url, game), compression=None) as ws:
                await ws.send(encode({"t": "hello", "v": VERSION, "game": game,
                                      "side": side, "token": TOKENS[1]}))
                kinds = [decode(await asyncio.wait_for(ws.recv(), 60))["t"] for _ in range(2)]
                if kinds == ["welcome", "position"]:
                    return round(time.perf_counter() - began, 2)
        except Exception:  # noqa: BLE001 - refused: again, as the client does
            pass
        await asyncio.sleep(0.1)
    return None


def takes(roots: dict[str, Path], decisions: int = 600, seconds: float = 8.0,
          at_once: int = 8) -> dict[str, Any]:
    """A flood of `take` on a long game being played; then the server's CPU
    in the 5 s after it stopped (the backlog of replays) and how long the
    opponent waits to join."""
    made = Path(tempfile.mkdtemp(prefix="bench-takes-"))
    game, side = ended_game(made, decisions, resign=False)
    from warp_empires.module import load_module

    other = load_module("star_wars").sides[1].id
    out: dict[str, Any] = {"decisions": decisions, "seconds": seconds, "at_once": at_once}
    for name, root in roots.items():
        with serving(f"bench-takes-{name}-", root, made) as server:
            attack = _attack(server, game, side, seconds, at_once, "takes")
            sent = json.loads(attack.communicate()[0].strip().splitlines()[-1])
            cpu = _cpu_seconds(server)
            joined = asyncio.run(_opponent(server, game, other))
            time.sleep(max(0.0, 5 - (joined or 0)))
            out[name] = {**sent, "opponent_join_s_after": joined,
                         "server_cpu_s_in_5s_after": round(_cpu_seconds(server) - cpu, 1)}
    shutil.rmtree(made, ignore_errors=True)
    return out


if __name__ == "__main__":
    given = json.loads(sys.argv[1])
    if given[5:] == ["takes"]:
        print(json.dumps({"takes": asyncio.run(_takes(*given[:5]))}))
    else:
        print(json.dumps({"hellos": asyncio.run(_flood(*given))}))
