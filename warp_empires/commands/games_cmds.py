"""`warp-empires games`: the games of a server's saves folder (docs/hosting.md).

On a stopped server's folder, directly: the command takes the folder's lock
(net/folder.py), so it never writes beside a running server.
"""

from __future__ import annotations

import argparse
from datetime import datetime
from pathlib import Path

from . import CommandError, add_saves_dir

ACTIONS = ("list", "show", "close", "delete", "restore")


def register(subparsers: argparse._SubParsersAction) -> None:
    games = subparsers.add_parser(
        "games", help="list, show, close, delete or restore a server's games",
        description="The games of a game server's saves folder (`serve --saves-dir`). "
        "`close` archives a game at once (its players can no longer join it; it stays "
        "replayable), `restore` brings an archived game back, `delete` removes its files. "
        "Works on the folder of a stopped server.")
    games.add_argument("action", choices=ACTIONS, help="what to do")
    games.add_argument("game", metavar="GAME", nargs="?",
                       help="the game's id, or the start of it (show, close, delete, restore)")
    games.add_argument("--archived", action="store_true",
                       help="list: the archived games instead of those on the server")
    add_saves_dir(games)
    games.set_defaults(run=run_games)


def run_games(args: argparse.Namespace) -> int:
    from warp_empires.net.folder import FolderInUse, FolderLock
    from warp_empires.saves.store import resolve_dir

    folder = resolve_dir(args.saves_dir)
    if not folder.is_dir():
        raise CommandError(f"{folder}: no such folder")
    if args.action != "list" and not args.game:
        raise CommandError(f"games {args.action} needs a GAME (its id, see `games list`)")
    try:
        lock = FolderLock(folder).acquire()
    except FolderInUse as e:
        raise CommandError(f"{e}: stop it first") from None
    try:
        if args.action == "list":
            return _list(folder, args.archived)
        return _one(folder, args.action, args.game)
    finally:
        lock.release()


def _row(folder: Path, game: str, archived: bool) -> dict[str, str]:
    """What a listing says of one game: its save's metadata and its seats."""
    from warp_empires.net.folder import SAVE_LIMIT, entry, read_seats, seats_path
    from warp_empires.saves.format import decode_meta
    from warp_empires.saves.io import read_bounded

    path = seats_path(folder, game, archived)
    found = entry(path, archived)
    meta, _ = decode_meta(read_bounded(path.with_suffix(".wes"), SAVE_LIMIT), str(path))
    players = read_seats(path).get("players")
    state = "archived" if archived else "over" if found.over else "playing"
    return {"game": game, "state": state, "module": f"{meta.module_id} {meta.module_version}",
            "turn": f"turn {meta.turn}, {meta.phase}" if not found.over else "ended",
            "players": ",".join(str(p)[:32] for p in players)
            if isinstance(players, list) else "?",
            "changed": datetime.fromtimestamp(found.changed).strftime("%Y-%m-%d %H:%M"),
            "save": str(path.with_suffix(".wes"))}


def _list(folder: Path, archived: bool) -> int:
    import sys

    from warp_empires.net.folder import scan
    from warp_empires.saves.errors import SaveError

    games, problems = scan(folder, archived)
    for problem in problems:
        print(f"warp-empires games: unreadable: {problem}", file=sys.stderr)
    if not games:
        print("No archived games." if archived else f"No games in {folder}.")
        return 0
    print(f"{'GAME':16}  {'STATE':8}  {'CHANGED':16}  {'PLAYERS':20}  TURN")
    for game in sorted(games, key=lambda g: -games[g].changed):
        try:
            row = _row(folder, game, archived)
        except (SaveError, OSError) as e:
            print(f"warp-empires games: unreadable: {e}", file=sys.stderr)
            continue
        print(f"{game:16}  {row['state']:8}  {row['changed']:16}  {row['players']:20}  "
              f"{row['turn']}")
    return 0


def _find(folder: Path, given: str) -> tuple[str, bool]:
    """The game a user names (its id or a unique start of it), and whether
    it is archived."""
    from warp_empires.net.folder import scan

    text = given.strip().lower()
    found = [(g, archived) for archived in (False, True)
             for g in scan(folder, archived)[0] if g.startswith(text)]
    if not text or not found:
        raise CommandError(f"no game {given[:40]!r} in {folder}")
    if len(found) > 1:
        raise CommandError(f"{given[:40]!r} starts {len(found)} games' ids: give more of it")
    return found[0]


def _one(folder: Path, action: str, given: str) -> int:
    from warp_empires.net.folder import delete, move

    game, archived = _find(folder, given)
    if action == "show":
        for key, value in _row(folder, game, archived).items():
            print(f"{key + ':':9} {value}")
    elif action == "close":
        if archived:
            raise CommandError(f"game {game} is already archived")
        move(folder, game, to_archive=True)
        print(f"Game {game} closed: archived (games restore {game} brings it back).")
    elif action == "restore":
        if not archived:
            raise CommandError(f"game {game} is not archived")
        move(folder, game, to_archive=False)
        print(f"Game {game} restored: its players can join it again.")
    else:
        delete(folder, game, archived)
        print(f"Game {game} deleted.")
    return 0
