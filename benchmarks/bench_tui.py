"""How fast the TUI answers: start-up to the first interactive screen, and the
time from an arrow key on the map to the repainted screen at 120x40.

Runs the real app through Textual's Pilot (headless; the compositor still
renders every update). Prints figures; it is not a test and sets no limits.

    .venv/bin/python benchmarks/bench_tui.py [--presses N] [--module NAME] [--starts N]

Start-up is timed as a person meets it: a fresh `python` process, from before
it is launched to the title screen drawn, --starts times after one start that
is not counted (it writes the bytecode caches a first run leaves, as any
installed program has them; PYTHONDONTWRITEBYTECODE is lifted for these runs,
since with it every module of the program is compiled anew at each start).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time

T_START = time.perf_counter()

# Only what a start of the app imports: the child that times a fresh start runs
# this file too, and what it imports at the top is counted in that time.
from warp_empires.tui.app import WarpEmpiresApp  # noqa: E402 - timed from before the imports
from warp_empires.tui.config import LaunchOptions  # noqa: E402

T_IMPORTED = time.perf_counter()


def _watch_displays(app: WarpEmpiresApp) -> list[tuple[float, str]]:
    """Record when each screen update is handed to the terminal, and for which screen."""
    shown: list[tuple[float, str]] = []
    original = app._display

    def display(screen, renderable) -> None:  # noqa: ANN001 - Textual's private hook
        original(screen, renderable)
        if renderable is not None:
            shown.append((time.perf_counter(), type(screen).__name__))

    app._display = display  # type: ignore[method-assign]
    return shown


def _first_after(shown: list[tuple[float, str]], t0: float, screen: str) -> float | None:
    return next((t for t, name in shown if t >= t0 and name == screen), None)


async def measure(presses: int, module_name: str, burst: int = 0) -> None:
    from warp_empires.tui.screens.title import TitleScreen

    app = WarpEmpiresApp(LaunchOptions(pace=60.0))
    shown = _watch_displays(app)
    t_run = time.perf_counter()
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, TitleScreen) or not _first_after(
                shown, t_run, "TitleScreen"):
            await asyncio.sleep(0.001)
        t_title = _first_after(shown, t_run, "TitleScreen")
        assert t_title is not None

        # as a person meets it: the first game pays for loading the game screen,
        # the engine and the module (the title did not wait for them)
        t_open = time.perf_counter()
        from warp_empires.engine import Game
        from warp_empires.module import load_module
        from warp_empires.tui.screens.game import GameScreen
        from warp_empires.tui.session import Session
        from warp_empires.tui.widgets.map_view import MapView

        module = load_module(module_name)
        app.open_session(Session(Game.new(module, 7), ("human", "bot")))
        while _first_after(shown, t_open, "GameScreen") is None:
            await asyncio.sleep(0.001)
        t_game = _first_after(shown, t_open, "GameScreen")
        assert t_game is not None
        screen = app.screen
        assert isinstance(screen, GameScreen)
        map_view = screen.query_one(MapView)
        map_view.focus()
        await pilot.pause()

        latencies: list[float] = []
        keys = ("right", "down", "left", "up")
        for i in range(presses):
            before = map_view.cursor
            t0 = time.perf_counter()
            await pilot.press(keys[i % 4 if i % 8 < 4 else (i + 2) % 4])
            t1 = None
            while t1 is None:
                t1 = _first_after(shown, t0, "GameScreen")
                if t1 is None:
                    await asyncio.sleep(0)
            if map_view.cursor != before:
                latencies.append((t1 - t0) * 1000)

        # A burst: `burst` arrow keys in one write to the terminal (a held-down
        # key, a fast typist), timed from the write to the last key's move.
        burst_ms = None
        if burst:
            from textual import events

            moved = 0
            original = map_view.action_move

            def counted(direction: str) -> None:
                nonlocal moved
                moved += 1
                original(direction)

            map_view.action_move = counted  # type: ignore[method-assign]
            t0 = time.perf_counter()
            for i in range(burst):
                app.post_message(events.Key(keys[i % 4], None))
            while moved < burst:
                await asyncio.sleep(0)
            burst_ms = (time.perf_counter() - t0) * 1000
            map_view.action_move = original  # type: ignore[method-assign]

        # The map's own share: invalidate one move's rows and rebuild the screenful.
        t0 = time.perf_counter()
        rounds = 200
        for i in range(rounds):
            map_view.move_cursor_to(i % len(module.map.territories), scroll=False)
            for y in range(map_view.size.height):
                map_view.render_line(y)
        map_ms = (time.perf_counter() - t0) * 1000 / rounds

    print(f"imports:                           {(T_IMPORTED - T_START) * 1000:7.1f} ms")
    print(f"start-up to title screen drawn:    {(t_title - T_START) * 1000:7.1f} ms "
          f"(app run to title {(t_title - t_run) * 1000:.1f} ms)")
    print(f"new game to game screen drawn:     {(t_game - t_open) * 1000:7.1f} ms")
    if latencies:
        latencies.sort()
        p95 = latencies[int(len(latencies) * 0.95) - 1]
        print(f"arrow key on map -> repaint (120x40, {len(latencies)} moves): "
              f"median {statistics.median(latencies):.1f} ms, p95 {p95:.1f} ms, "
              f"max {latencies[-1]:.1f} ms")
    if burst_ms is not None:
        print(f"{burst} arrow keys in one write -> the last one handled: {burst_ms:.1f} ms "
              f"({burst_ms / burst:.2f} ms a key)")
    print(f"map alone: cursor move + visible rows rebuilt: {map_ms:.2f} ms")


async def title_only() -> None:
    """The child of `starts`: run the app headless and say when the title is drawn."""
    app = WarpEmpiresApp(LaunchOptions(pace=60.0))
    shown = _watch_displays(app)
    async with app.run_test(size=(120, 40)):
        while not _first_after(shown, 0.0, "TitleScreen"):
            await asyncio.sleep(0.001)
        print("title", flush=True)


def starts(n: int) -> list[float]:
    """Milliseconds from launching a fresh process to its title screen drawn."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out = []
    for i in range(n + 1):
        t0 = time.perf_counter()
        child = subprocess.Popen([sys.executable, __file__, "--title-only"], env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        line = child.stdout.readline()
        t1 = time.perf_counter()
        child.wait()
        if line.strip() != "title":
            raise SystemExit("the app did not reach its title screen")
        if i:  # the first start writes the bytecode caches
            out.append((t1 - t0) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=60)
    parser.add_argument("--module", default="star_wars")
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--burst", type=int, default=100,
                        help="arrow keys typed in one write, timed to the last one handled")
    parser.add_argument("--title-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.title_only:
        asyncio.run(title_only())
        return
    asyncio.run(measure(args.presses, args.module, args.burst))
    if args.starts:
        ms = sorted(starts(args.starts))
        print(f"fresh process -> title drawn ({len(ms)} starts): median "
              f"{statistics.median(ms):.0f} ms, min {ms[0]:.0f}, max {ms[-1]:.0f}")


if __name__ == "__main__":
    main()
