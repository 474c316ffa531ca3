"""The games of a server's folder as `warp-empires games` shows them, and
what its actions do to them: on a stopped server's folder (the command holds
the folder's lock) or inside a running server (an admin request, admin.py).
Each returns the lines to print; GameError says in one line what is wrong."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from warp_empires.saves.errors import SaveError
from warp_empires.saves.format import decode_meta
from warp_empires.saves.io import read_bounded

from .folder import SAVE_LIMIT, delete, entry, move, read_seats, scan, seats_path

ACTIONS = ("list", "show", "close", "delete", "restore")


class GameError(Exception):
    """A request about a game that cannot be done; one line for the user."""


def describe(folder: Path, game: str, archived: bool) -> dict[str, str]:
    """What a listing says of one game: its save's metadata and its seats."""
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


def listing(folder: Path, archived: bool) -> tuple[list[str], list[str]]:
    """The lines of `games list`, and one line per game that cannot be read."""
    games, problems = scan(folder, archived)
    if not games:
        return ["No archived games." if archived else f"No games in {folder}."], problems
    lines = [f"{'GAME':16}  {'STATE':8}  {'CHANGED':16}  {'PLAYERS':20}  TURN"]
    for game in sorted(games, key=lambda g: -games[g].changed):
        try:
            row = describe(folder, game, archived)
        except (SaveError, OSError) as e:
            problems.append(str(e))
            continue
        lines.append(f"{game:16}  {row['state']:8}  {row['changed']:16}  {row['players']:20}  "
                     f"{row['turn']}")
    return lines, problems


def find(folder: Path, given: str) -> tuple[str, bool]:
    """The game a user names (its id or a unique start of it), and whether
    it is archived."""
    text = given.strip().lower()
    found = [(g, archived) for archived in (False, True)
             for g in scan(folder, archived)[0] if g.startswith(text)]
    if not text or not found:
        raise GameError(f"no game {given[:40]!r} in {folder}")
    if len(found) > 1:
        raise GameError(f"{given[:40]!r} starts {len(found)} games' ids: give more of it")
    return found[0]


def act(folder: Path, action: str, game: str, archived: bool) -> list[str]:
    """Does `action` (show, close, delete, restore) to a game found by `find`;
    the lines that say what was done."""
    if action == "show":
        return [f"{key + ':':9} {value}" for key, value in describe(folder, game,
                                                                    archived).items()]
    if action == "close":
        if archived:
            raise GameError(f"game {game} is already archived")
        move(folder, game, to_archive=True)
        return [f"Game {game} closed: archived (games restore {game} brings it back)."]
    if action == "restore":
        if not archived:
            raise GameError(f"game {game} is not archived")
        move(folder, game, to_archive=False)
        return [f"Game {game} restored: its players can join it again."]
    if action == "delete":
        delete(folder, game, archived)
        return [f"Game {game} deleted."]
    raise GameError(f"no action {action!r}")
