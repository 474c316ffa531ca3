"""`warp-empires games`: the games of a server's saves folder (docs/hosting.md).

On a stopped server's folder directly: the command takes the folder's lock
(net/folder.py), so it never writes beside a running server. On a running
server, `--server URL`: an admin request with the server's host key
(net/admin.py), which the server carries out itself.
"""

from __future__ import annotations

import argparse
import sys

from . import CommandError, add_saves_dir

ACTIONS = ("list", "show", "close", "delete", "restore")


def register(subparsers: argparse._SubParsersAction) -> None:
    games = subparsers.add_parser(
        "games", help="list, show, close, delete or restore a server's games",
        description="The games of a game server's saves folder (`serve --saves-dir`). "
        "`close` archives a game at once (its players can no longer join it; it stays "
        "replayable), `restore` brings an archived game back, `delete` removes its files. "
        "Works on the folder of a stopped server, or on a running one with --server.")
    games.add_argument("action", choices=ACTIONS, help="what to do")
    games.add_argument("game", metavar="GAME", nargs="?",
                       help="the game's id, or the start of it (show, close, delete, restore)")
    games.add_argument("--archived", action="store_true",
                       help="list: the archived games instead of those on the server")
    games.add_argument("--server", metavar="URL",
                       help="a running server (host:port, ws://... or wss://...), asked with "
                       "its host key")
    games.add_argument("--key", metavar="KEY",
                       help="with --server: its host key (default: $WARP_EMPIRES_HOST_KEY, "
                       "else the key of a server this user started)")
    add_saves_dir(games)
    games.set_defaults(run=run_games)


def run_games(args: argparse.Namespace) -> int:
    if args.action != "list" and not args.game:
        raise CommandError(f"games {args.action} needs a GAME (its id, see `games list`)")
    if args.server is not None:
        return _on_server(args)
    from warp_empires.net.folder import FolderInUse, FolderLock, mend
    from warp_empires.net.listing import GameError, act, find, listing
    from warp_empires.saves.store import resolve_dir

    folder = resolve_dir(args.saves_dir)
    if not folder.is_dir():
        raise CommandError(f"{folder}: no such folder")
    try:
        lock = FolderLock(folder).acquire()
    except FolderInUse as e:
        raise CommandError(f"{e}: stop it first, or use --server") from None
    try:
        for line in mend(folder):  # a game a stop left split (as `serve` does at its start)
            print(f"warp-empires games: {line}", file=sys.stderr)
        if args.action == "list":
            lines, problems = listing(folder, args.archived)
            for problem in problems:
                print(f"warp-empires games: unreadable: {problem}", file=sys.stderr)
        else:
            game, archived = find(folder, args.game)
            lines = act(folder, args.action, game, archived)
    except GameError as e:
        raise CommandError(str(e)) from None
    finally:
        lock.release()
    print("\n".join(lines))
    return 0


def _on_server(args: argparse.Namespace) -> int:
    import asyncio

    from warp_empires.commands.net_cmds import server_and_key
    from warp_empires.net.client import ClientError, admin_request

    url, key = server_and_key(args.server, args.key)
    if not key:
        raise CommandError(f"{url}: no host key known for this server; give it with --key")
    try:
        lines = asyncio.run(admin_request(url, key, args.action, args.game, args.archived))
    except ClientError as e:
        raise CommandError(str(e)) from None
    print("\n".join(lines))
    return 0
