"""`warp-empires saves` (list saved games) and `warp-empires replay` (replay or verify one)."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from ..engine import Game, describe_action
from ..module import load_module
from ..saves import (
    SUFFIX,
    SaveError,
    SaveInfo,
    list_saves,
    load_game,
    path_for_name,
    read_save,
    resolve_dir,
)
from ..saves.errors import one_line
from . import CommandError

SAVES_HELP = """\
Saves live in the first of: --dir / DIR, $WARP_EMPIRES_SAVES, saves/ of the
checkout when running from one, $XDG_DATA_HOME/warp-empires/saves
(~/.local/share/warp-empires/saves)."""


def register(subparsers: argparse._SubParsersAction) -> None:
    saves = subparsers.add_parser(
        "saves",
        help="list saved games, newest first",
        description="List saved games, newest first, from their metadata (nothing is"
        " replayed). A damaged file is listed with what is wrong with it. " + SAVES_HELP,
    )
    saves.add_argument("dir", metavar="DIR", nargs="?", help="the saves folder to list")
    saves.add_argument("--json", action="store_true", help="print one JSON object per save")
    saves.set_defaults(run=run_saves)

    replay = subparsers.add_parser(
        "replay",
        help="replay a saved game's action log, or verify it",
        description="Replay a save's action log from its seed and print each action."
        " With --verify, only check that the replay reproduces the saved state: exit 0"
        " if it does, 1 with a one-line reason if not. " + SAVES_HELP,
    )
    replay.add_argument("save", metavar="SAVE",
                        help="a save file, or the name of a save in the saves folder")
    replay.add_argument("--verify", action="store_true",
                        help="check the save and its replay; print nothing else")
    replay.add_argument("--dir", metavar="DIR", help="the saves folder for a SAVE given by name")
    replay.add_argument("--module", metavar="PATH_OR_NAME",
                        help="the module to replay with (default: the one the save names)")
    replay.set_defaults(run=run_replay)


def run_saves(args: argparse.Namespace) -> int:
    folder = resolve_dir(args.dir)
    try:
        infos = list_saves(folder)
    except SaveError as e:
        raise CommandError(str(e)) from None
    if args.json:
        for info in infos:
            print(json.dumps(info.to_json(), ensure_ascii=False))
        return 0
    if not infos:
        state = "" if folder.is_dir() else " (the folder does not exist)"
        print(f"no saves in {folder}{state}")
        return 0
    for info in infos:
        print(_line(info))
    return 0


def _line(info: SaveInfo) -> str:
    path = one_line(os.fspath(info.path))
    m = info.meta
    if m is None:
        return f"{path}: DAMAGED: {info.error}"
    when = m.saved_at_time.astimezone().strftime("%Y-%m-%d %H:%M")
    state = f"{m.phase}, {m.active_id} to play" if m.active_id else "game over"
    players = " vs ".join(f"{s.id} ({s.player})" for s in m.sides)
    title = m.name or info.path.stem
    return (f"{when}  {title}  [{m.module_id} {m.module_version}, turn {m.turn}, {state};"
            f" {players}]  {path}")


def _find_save(save: str, folder: str | None) -> Path:
    """SAVE as given if it names a file; else a save name in the saves folder."""
    given = Path(save).expanduser()
    if given.exists() or os.sep in save or (os.altsep and os.altsep in save):
        return given
    try:
        return path_for_name(save.removesuffix(SUFFIX), folder)
    except SaveError:
        return given


def run_replay(args: argparse.Namespace) -> int:
    path = _find_save(args.save, args.dir)
    module = load_module(args.module) if args.module else None
    try:
        game = load_game(path, module)
    except SaveError as e:
        raise CommandError(str(e)) from None
    if args.verify:
        meta = read_save(path).meta
        print(f"{path}: ok: {len(game.actions)} actions replay to the saved state "
              f"(turn {meta.turn}, {meta.phase})")
        return 0
    _print_actions(game)
    return 0


def _print_actions(game: Game) -> None:
    replay = Game.replay(game.module, game.seed, game.options, [], game.base)
    for n, (side, action) in enumerate(game.actions, 1):
        state = replay.state
        text = describe_action(game.module, state, tuple(action))
        print(f"{n:5}  turn {state.turn:3} {state.phase:8} {game.module.sides[side].id}: {text}")
        replay.apply(side, tuple(action))
