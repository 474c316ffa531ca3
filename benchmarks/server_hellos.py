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
from benchmarks.server_scenarios import ROOT, new_server
from warp_empires.net.links import game_url
from warp_empires.net.protocol import VERSION, encode


def ended_game(folder: Path, decisions: int) -> tuple[str, str]:
    """A Star Wars game of `decisions` random decisions, then resigned, written
    as a server writes it; its id and a side's id."""
    from warp_empires.engine import Game
    from warp_empires.module import load_module
    from warp_empires.net.room import HUMAN, Room, Seat

    module = load_module("star_wars")
    rng = random.Random(1)
    game = Game.new(module, 1)
    room = Room(game, [Seat(b"\0" * 32, HUMAN), Seat(b"\1" * 32, HUMAN)], folder)
    for _ in range(decisions):
        legal = [a for a in game.legal_actions(room.deciding())
                 if a[0] not in ("undo", "unpick", "resign")]
        if game.over or not legal:
            break
        room.apply(room.deciding(), rng.choice(legal))
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


def hellos(roots: dict[str, Path], decisions: int = 600, seconds: float = 10.0,
           at_once: int = 8) -> dict[str, Any]:
    made = Path(tempfile.mkdtemp(prefix="bench-hellos-"))
    game, side = ended_game(made, decisions)
    out: dict[str, Any] = {"decisions": decisions, "seconds": seconds, "at_once": at_once}
    for name, root in roots.items():
        folder = Path(tempfile.mkdtemp(prefix=f"bench-hellos-{name}-"))
        for f in made.iterdir():
            shutil.copy(f, folder)
        server = new_server(folder, root)
        server.start()
        try:
            cpu = _cpu_seconds(server)
            attack = subprocess.Popen(
                [sys.executable, "-m", "benchmarks.server_hellos",
                 json.dumps([server.url, game, side, seconds, at_once])],
                cwd=ROOT, stdout=subprocess.PIPE, text=True)
            out[name] = asyncio.run(_probes(server, attack, seconds, sample_rss=False))
            out[name]["server_cpu_seconds"] = round(_cpu_seconds(server) - cpu, 1)
            del out[name]["probes"]
        finally:
            server.stop()
            shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(made, ignore_errors=True)
    return out


if __name__ == "__main__":
    print(json.dumps({"hellos": asyncio.run(_flood(*json.loads(sys.argv[1])))}))
