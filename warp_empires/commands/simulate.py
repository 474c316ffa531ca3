"""`warp-empires simulate`: computer players against each other, many games."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from . import SEED_MAX, CommandError, add_saves_dir, checked_scenario, whole_number
from .play import position_module_of

if TYPE_CHECKING:
    from ..module.defs import Module
    from ..saves.position import Position

TIMING_KEYS = ("seconds", "actions_per_second")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "simulate", help="play games between computer players and summarise them",
        description="Play N games between computer players. A turn is one player-turn; a "
        "game reaching --max-turns is counted unfinished. The same arguments give the same "
        "results, apart from the timing figures.")
    p.add_argument("--module", help="module name or path (default: the first one found)")
    p.add_argument("--games", type=whole_number(1, 1_000_000), default=10,
                   help="how many games (default 10)")
    p.add_argument("--seed", type=whole_number(0, SEED_MAX), default=None,
                   help="seed of the first game (default: the position file's seed, else 0)")
    p.add_argument("--players", default="heuristic,heuristic",
                   help="P1,P2: random, heuristic, solo, bot (= bot:normal), bot:easy, "
                   "bot:normal or bot:hard; P1 plays the module's first [[side]] (as play "
                   "--players A,B), whichever moves first. Search players "
                   "use their node budget only, so results do not depend on the machine")
    p.add_argument("--max-turns", type=whole_number(1, 100_000), default=300,
                   help="turn cap (default 300)")
    p.add_argument("--options", default="", metavar="ID,...",
                   help="optional rules to play with, comma-separated (the module's "
                   "[options]: interception, withdrawal, attrition, initiative, "
                   "repair_hangar, advance)")
    p.add_argument("--scenario", metavar="ID",
                   help="one of the module's scenarios (default: the module's own setup)")
    p.add_argument("--position", metavar="FILE",
                   help="start every game from the position in this file (docs/positions.md);"
                   " each game's seed shuffles what the file leaves out")
    p.add_argument("--jobs", type=whole_number(1, 256), default=1,
                   help="play the games in this many processes (same results; default 1)")
    p.add_argument("--check", action="store_true",
                   help="check every invariant after every action (slow)")
    add_saves_dir(p)
    p.add_argument("--force", action="store_true",
                   help="replace saves of earlier runs in the saves folder")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..bots import PLAYER_KINDS, known_kind, unavailable
    from ..engine.options import check as check_options
    from ..module import first_module, load_module
    from ..sim import simulate

    players = [x.strip() for x in args.players.split(",")]
    if len(players) != 2 or not all(known_kind(k) for k in players):
        raise CommandError(f"--players wants two of bot, {', '.join(PLAYER_KINDS)}, "
                           f"comma-separated (got {args.players!r})")
    module = load_module(args.module or (position_module_of(args.position) if args.position
                                         else None) or first_module())
    position = None
    if args.position is not None:
        if args.options:
            raise CommandError("--options: a position file names its own optional rules "
                               "(its 'optional' key)")
        position = _position(args.position, module)
    if args.seed is None:
        args.seed = position.seed if position is not None and position.seed is not None else 0
    if args.seed + args.games - 1 > SEED_MAX:
        raise CommandError(f"--seed {args.seed} with --games {args.games} runs past the "
                           f"largest seed, {SEED_MAX}")
    for kind in players:
        if (why := unavailable(kind, module)) is not None:
            raise CommandError(f"--players: {why}")
    optional = [x.strip() for x in args.options.split(",") if x.strip()]
    scenario = checked_scenario(args.scenario, module)
    if scenario is not None and position is not None:
        raise CommandError("--scenario: a position file sets out its own position")
    try:
        optional = check_options(module, optional)
    except ValueError as e:
        raise CommandError(f"--options: {e}") from None
    save_dir = None
    if args.saves_dir is not None:
        from ..saves import SaveError
        from ..saves.store import ensure_folder

        try:
            save_dir = ensure_folder(args.saves_dir)
        except SaveError as e:
            raise CommandError(f"--saves-dir: {e}") from None
    with _progress(args.games) as update:
        summary = simulate(module, args.games, args.seed, players, args.max_turns, args.check,
                           save_dir, update, replace=args.force, jobs=args.jobs,
                           optional=optional, position=position, scenario=scenario)
    if args.json:
        print(json.dumps(summary))
    else:
        _print(summary)
    return 0


def _position(path: str, module: Module) -> Position:
    """The position file, refused in one line unless a game can start from it."""
    from ..saves.position import PositionError, read_position
    from ..saves.position_game import position_game

    try:
        position = read_position(path, module)
        position_game(module, position, 0)  # the one check every game would make
    except PositionError as e:
        raise CommandError(str(e)) from None
    return position


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None] | None]:
    """rich's progress bar on stderr when it is a terminal; nothing otherwise."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (*Progress.get_default_columns()[:-1], MofNCompleteColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda done: bar.update(task, completed=done)


def _print(s: dict) -> None:
    players = ", ".join(f"{side} {kind}" for side, kind in s["players"].items())
    wins = ", ".join(f"{side} {n}" for side, n in s["wins"].items())
    rules = f", optional rules: {', '.join(s['options'])}" if s["options"] else ""
    where = (f", from position {s['position']['name']} (sha256 {s['position']['sha256'][:16]})"
             if s.get("position") else "")
    if s.get("scenario"):
        where += f", scenario {s['scenario']}"
    print(f"{s['games']} games of {s['module']}{where} ({players}{rules})")
    print(f"finished {s['finished']}, unfinished {s['unfinished']}, errors {s['errors']}")
    print(f"wins: {wins}")
    for side, r in s["win_rates"].items():
        print(f"  {side} won {r['rate']:.1%} (95% CI {r['low']:.1%}-{r['high']:.1%})")
    for reason, n in s["reasons"].items():
        print(f"  {n:4d}  {reason}")
    for sample in s["error_samples"]:
        print(f"  error: {sample}")
    q1, median, q3 = s["turns_quartiles"]
    low, high = s["turns_range"]
    print(f"player-turns: mean {s['turns_mean']}, median {median:g} (quartiles {q1:g}-{q3:g}), "
          f"shortest {low}, longest {high}")
    print(f"{s['actions']} actions in {s['seconds']} s ({s['actions_per_second']} actions/s); "
          "--json lists every game (seed, length, winner, how it ended)")
