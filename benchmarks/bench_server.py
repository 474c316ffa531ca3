"""The game server under load: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_server.py [--games 100] [--decisions 200]
        [--think SECONDS] [--kill N] [--json]

One `warp-empires serve` process (a subprocess, on a free port, a fresh saves
folder) and --games games on it, each played by two headless clients in this
process over loopback. A client picks a random legal action that takes
nothing back (so the client costs little next to the server), and stops when
its game reaches --decisions decisions or ends.

Without --think the run has two parts, on two fresh servers:
- "flood": clients answer at once, as fast as the server lets them: the
  server's capacity, and the round trip when it is saturated (then the round
  trip is mostly the queue of the other games' decisions);
- "paced": clients think 0.5 s on average (uniform 0..1 s) before each
  decision, about the pace of the app's computer players: a server carrying
  --games games that are being played, not flooded. The targets are for this.
With --think only that pace is run.

Figures, from one run:
- decisions per second, all games together (wall time from the first hello to
  the last decision);
- round trip per decision, p50/p95/max: from the client sending a decision
  to the same client being shown the next position;
- server memory per game: the server's resident memory with every game loaded
  and played, less its memory before the first game, over --games;
- with --kill N: the server is killed (SIGKILL) N times while the games go
  on, and started again on the same folder and port each time; the clients
  reconnect by themselves. "Decisions lost" counts, per game, how far the
  position a client is shown after the restart is behind the latest position
  a client had already been shown (acknowledged): it must be 0.

Targets on the project's 2-core machine: 100 concurrent games, p95 round trip
<= 50 ms, <= 2 MB per game, 0 decisions lost. --json prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.asyncio.client import connect  # noqa: E402

from warp_empires.net.client import Seat  # noqa: E402
from warp_empires.net.links import Link  # noqa: E402
from warp_empires.net.protocol import VERSION, decode, encode  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {"concurrent_games": 100, "round_trip_p95_ms_max": 50.0,
           "memory_per_game_mb_max": 2.0, "decisions_lost_max": 0}
TAKE_BACK = ("undo", "unpick", "resign")


class Server:
    """`warp-empires serve` in a subprocess, started again on demand."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = 0
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        prof = os.environ.get("BENCH_SERVER_PROFILE")  # a file: cProfile the server
        cmd = [sys.executable, *(["-m", "cProfile", "-o", prof] if prof else []),
               "-m", "warp_empires", "serve", "--port", str(self.port),
               "--saves-dir", str(self.folder), "--max-connections", "5000",
               "--max-games", "5000"]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                                     stderr=subprocess.DEVNULL)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # "Serving N game(s) from ... at ws://host:port/"
        if " at ws://" not in line:
            raise SystemExit(f"the server did not start: {line!r}")
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
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # a clean exit (a profile gets written)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


async def create(url: str, seed: int) -> dict[str, Any]:
    async with connect(url, compression=None) as ws:
        await ws.send(encode({"t": "create", "v": VERSION, "module": "star_wars",
                              "seed": seed, "players": ["human", "human"]}))
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


async def killer(server: Server, times: int, every: float, stats: Stats) -> None:
    for _ in range(times):
        await asyncio.sleep(every)
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.start)
        stats.restarts += 1


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    server = Server(folder)
    server.start()
    try:
        await asyncio.sleep(0.3)
        before = server.rss_mb()
        games = [await create(server.url, seed) for seed in range(args.games)]
        stats = Stats()
        done = asyncio.Event()
        async def both(g: dict[str, Any], n: int) -> None:
            # when one client stops (its game ended or reached --decisions), the
            # other, which may be waiting for a position that never comes, stops too
            pair = [asyncio.create_task(client(Link(server.url, g["game"], side, token),
                                               args.decisions, args.think, stats,
                                               random.Random(n * 2 + i), done))
                    for i, (side, token) in enumerate(g["tokens"].items())]
            _, pending = await asyncio.wait(pair, return_when=asyncio.FIRST_COMPLETED)
            for t in pending:
                t.cancel()
            await asyncio.gather(*pair, return_exceptions=True)

        started = time.perf_counter()
        tasks = [asyncio.create_task(both(g, n)) for n, g in enumerate(games)]
        kill = (asyncio.create_task(killer(server, args.kill, args.kill_every, stats))
                if args.kill else None)
        await asyncio.wait_for(asyncio.gather(*tasks), args.timeout)
        seconds = time.perf_counter() - started
        if kill is not None:
            await kill
        after = server.rss_mb()
    finally:
        server.stop()
    trips = sorted(stats.trips)

    def pct(q: float) -> float | None:
        return round(trips[min(len(trips) - 1, int(q * len(trips)))] * 1000, 2) if trips \
            else None

    return {
        "games": args.games, "decisions_per_game": args.decisions, "think": args.think,
        "decisions": stats.decisions, "seconds": round(seconds, 2),
        "decisions_per_second": round(stats.decisions / seconds, 1),
        "round_trip_ms": {"p50": pct(0.5), "p95": pct(0.95), "max": pct(1.0),
                          "mean": round(statistics.fmean(trips) * 1000, 2) if trips else None},
        "server_rss_mb": {"before": round(before, 1), "after": round(after, 1)},
        "memory_per_game_mb": None if args.kill else round((after - before) / args.games, 3),
        "kills": stats.restarts, "decisions_lost": stats.lost if args.kill else None,
        "cpus": os.cpu_count(), "targets": TARGETS,
    }


def report(name: str, out: dict[str, Any]) -> None:
    rt = out["round_trip_ms"]
    print(f"{name}: {out['games']} concurrent games of Star Wars over loopback, "
          f"{out['cpus']} CPUs, clients think {out['think']}s on average")
    print(f"  decisions              {out['decisions']} in {out['seconds']} s")
    print(f"  decisions per second   {out['decisions_per_second']}")
    print(f"  round trip (ms)        p50 {rt['p50']}  p95 {rt['p95']}  max {rt['max']}   "
          f"(target: p95 <= {TARGETS['round_trip_p95_ms_max']:g})")
    if out["memory_per_game_mb"] is not None:
        print(f"  server memory          {out['server_rss_mb']['before']} MB before, "
              f"{out['server_rss_mb']['after']} MB after: {out['memory_per_game_mb']} MB "
              f"per game (target <= {TARGETS['memory_per_game_mb_max']:g})")
    if out["decisions_lost"] is not None:
        print(f"  server killed          {out['kills']} times (SIGKILL), restarted on the "
              f"same folder")
        print(f"  decisions lost         {out['decisions_lost']}   (target: 0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=200,
                        help="decisions per game, at most")
    parser.add_argument("--think", type=float, default=None,
                        help="a client's mean seconds before each decision (default: a "
                        "flood at 0, then a paced run at 0.5)")
    parser.add_argument("--kill", type=int, default=0, help="kill -9 the server N times")
    parser.add_argument("--kill-every", type=float, default=2.0)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs: dict[str, Any] = {}
    if args.think is None:
        for name, think in (("flood", 0.0), ("paced", 0.5)):
            args.think = think
            runs[name] = asyncio.run(run(args))
    else:
        runs["paced" if args.think else "flood"] = asyncio.run(run(args))
    if args.json:
        print(json.dumps(runs))
        return
    for name, out in runs.items():
        report(name, out)


if __name__ == "__main__":
    main()
