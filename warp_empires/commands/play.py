"""`warp-empires play`: open the game in the terminal (also what a bare
`warp-empires` runs).

With no options the title screen opens. `play SAVE` resumes a saved game (a
file or a save name such as autosave-1). Any game option (--players, --seed,
--module, --open-hands) starts a new game at once. `--headless --exit-on-end`
runs the real app without a screen, computer players on both sides, until the
game ends or the turn cap, prints one result line and exits 0 (a smoke test).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from . import (
    COMPLETE_FILE,
    SEED_MAX,
    CommandError,
    add_saves_dir,
    checked_scenario,
    find_save,
    seconds,
    whole_number,
)

if TYPE_CHECKING:
    from warp_empires.module.defs import Module


def register(subparsers: argparse._SubParsersAction) -> None:
    play = subparsers.add_parser(
        "play",
        help="play a game in the terminal (the default command)",
        description="Open Warp Empires in the terminal. Without options the title screen"
        " opens; SAVE resumes a saved game; any game option starts a new game at once.",
    )
    save = play.add_argument("save", metavar="SAVE", nargs="?",
                             help="resume this save: a file, or a save name such as autosave-1")
    save.complete = COMPLETE_FILE
    play.add_argument("--players", metavar="A,B",
                      help="who plays each side: human, bot (the computer player, normal"
                      " level), bot:easy, bot:normal, bot:hard, heuristic, random or"
                      " solo (the table-driven solo opponent, when the module has its"
                      " tables), e.g. human,solo")
    play.add_argument("--seed", type=whole_number(0, SEED_MAX), metavar="N",
                      help="the game's random seed, 0..2^64-1 (default: a secret random one)")
    play.add_argument("--module", metavar="NAME_OR_PATH",
                      help="the theme module (default: the first one found)")
    position = play.add_argument(
        "--position", metavar="FILE",
        help="start from the position in this file (docs/positions.md): a modder's way to "
        "try a card where it matters")
    position.complete = COMPLETE_FILE
    play.add_argument("--open-hands", action="store_true",
                      help="teaching game: both hands shown, no hand-over screen")
    play.add_argument("--options", metavar="ID,...",
                      help="optional rules to play with, comma-separated: those the module "
                      "offers, of interception, withdrawal, attrition, initiative, "
                      "repair_hangar, advance")
    play.add_argument("--scenario", metavar="ID",
                      help="one of the module's scenarios (default: the module's own setup)")
    play.add_argument("--pace", type=seconds(0, 60), metavar="SECONDS",
                      help="seconds between computer moves (default: as last set, at first"
                      " 0.6; 0 when headless)")
    play.add_argument("--max-turns", type=whole_number(1, 100_000), metavar="T",
                      help="stop after T player-turns")
    add_saves_dir(play)
    play.add_argument("--headless", action="store_true",
                      help="run without a screen (needs computer players on both sides)")
    play.add_argument("--exit-on-end", action="store_true",
                      help="leave when the game ends and print one result line")
    play.set_defaults(run=run_play)


def _players(text: str | None, headless: bool,
             remembered: tuple[str, str] | None = None) -> tuple[str, str]:
    from warp_empires.bots import known_kind
    from warp_empires.tui.players import HUMAN, player_kinds

    if text is None:
        return ("bot", "bot") if headless else (remembered or ("human", "bot"))
    parts = [p.strip().lower() for p in text.split(",")]
    if len(parts) != 2:
        raise CommandError(f"--players needs two names separated by a comma, got {text!r}")
    for part in parts:
        if part != HUMAN and not known_kind(part):
            raise CommandError(f"unknown player {part!r} (choose from bot, "
                               f"{', '.join(player_kinds())})")
    return (parts[0], parts[1])


def run_play(args: argparse.Namespace) -> int:
    from warp_empires.module import first_module, load_module
    from warp_empires.settings import load_settings
    from warp_empires.tui import GameSettings, LaunchOptions, run_app

    headless = bool(args.headless)
    remembered = load_settings()[0] if not headless else None
    players = _players(args.players, headless,
                       remembered.players if remembered is not None else None)
    if headless and "human" in players:
        raise CommandError("--headless needs computer players on both sides, "
                           "e.g. --players bot,bot")
    wants_game = headless or any(
        x is not None for x in (args.players, args.seed, args.module, args.options,
                                args.position, args.scenario)
    ) or args.open_hands
    open_save = None
    if args.save is not None:
        if wants_game:
            raise CommandError("SAVE resumes a saved game: give it without new-game options "
                               "(--players, --seed, --module, --options, --scenario, --position, "
                               "--open-hands, --headless)")
        open_save = _checked_save(args.save, args.saves_dir)
    settings = None
    if wants_game:
        module = args.module or (position_module_of(args.position) if args.position else None) \
            or _remembered_module(remembered) or str(first_module())
        loaded = load_module(module)  # a bad module is reported here, as its problems
        if args.position is not None:
            if args.scenario is not None:
                raise CommandError("--scenario: a position file sets out its own position")
            if args.options is not None:
                raise CommandError("--options: a position file names its own optional rules "
                                   "(its 'optional' key)")
            checked_position(args.position, loaded, args.seed)
        from warp_empires.bots import unavailable

        for kind in players:
            if (why := unavailable(kind, loaded)) is not None:
                raise CommandError(f"--players: {why}")
        settings = GameSettings(module=module, players=players, seed=args.seed,
                                open_hands=args.open_hands,
                                optional=_optional(args.options, loaded),
                                position=args.position,
                                scenario=checked_scenario(args.scenario, loaded))
    launch = LaunchOptions(
        settings=settings,
        # no --pace: as remembered (warp_empires.settings); headless at once
        pace=args.pace if args.pace is not None else (0.0 if headless else None),
        max_turns=args.max_turns,
        # Headless there is nobody to close the app: it must end by itself.
        exit_on_end=bool(args.exit_on_end or headless),
        saves_dir=args.saves_dir,
        open_save=open_save,
    )
    if not headless and not (sys.stdin.isatty() and sys.stdout.isatty()):
        # the app would wait for keys that never come, drawing into a pipe
        raise CommandError("play needs a terminal: run it in one, or use --headless with "
                           "computer players on both sides")
    status = run_app(launch, headless=headless)
    if launch.result:
        print(launch.result[-1])
    return status


def _optional(text: str | None, module: object) -> tuple[str, ...]:
    """The optional rules named by --options, each one the module offers."""
    from warp_empires.engine.options import check

    names = [x.strip() for x in (text or "").split(",") if x.strip()]
    try:
        return tuple(check(module, names))  # type: ignore[arg-type]
    except ValueError as e:
        raise CommandError(f"--options: {e}") from None


def _remembered_module(remembered: object) -> str | None:
    """The module played last, if it still loads (else the first one found)."""
    from warp_empires.module import ModuleError, load_module

    module = getattr(remembered, "module", None)
    if module is None:
        return None
    try:
        load_module(module)
    except ModuleError:
        return None
    return module


def position_module_of(path: str) -> str:
    """The module a position file names; CommandError with its one line."""
    from warp_empires.saves.position import PositionError, position_module

    try:
        return position_module(path)
    except PositionError as e:
        raise CommandError(str(e)) from None


def checked_position(path: str, module: Module, seed: int | None) -> None:
    """Refuses, in one line, a position that cannot be played, before a
    screen opens (the app reads it again to start the game)."""
    from warp_empires.saves.position import PositionError, read_position
    from warp_empires.saves.position_game import position_game

    try:
        position_game(module, read_position(path, module), seed if seed is not None else 0)
    except PositionError as e:
        raise CommandError(str(e)) from None


def _checked_save(save: str, saves_dir: str | None) -> str:
    """The save's path, refused here in one line if it cannot be opened at all
    (a full check, replay included, happens in the app)."""
    from warp_empires.saves import SaveError, read_save

    path = find_save(save, saves_dir)
    try:
        read_save(path)
    except SaveError as e:
        raise CommandError(str(e)) from None
    return str(path)
