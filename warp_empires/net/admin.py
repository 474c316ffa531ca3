"""Admin requests: `warp-empires games --server URL` on a running server.

The folder's lock forbids a second writer, so a running server does the
folder's work itself (listing.py), for the holder of its host key only. A
game closed or deleted while its seats are connected ends for them at once
(`error {code: "over"}`, then the connection closes); a restored game is
back in the count and can be joined again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warp_empires.saves.errors import SaveError

from .folder import entry, seats_path
from .guard import key_matches
from .listing import GameError, act, find, listing
from .ops import event
from .protocol import error

if TYPE_CHECKING:
    from .server import GameServer


async def admin(server: GameServer, frame: dict[str, Any], address: str) -> dict[str, Any]:
    """The answer to an admin frame: `admin {lines}`, or an error frame."""
    if server.key is None or not key_matches(frame.get("key"), server.key):
        # sparsely, as other refusals (the tenth attack: 820 lines from 800 tries)
        server.sparse_event("refuse", address, why="admin without the host key")
        if not server.door.may_create(address):  # a key is not guessed by the thousand
            return error("key", "too many tries from your address; try later")
        return error("key", "admin requests need the server's host key")
    action = frame["action"]
    event("admin", address=address, action=action, game=frame.get("game"))
    try:
        if action == "list":
            lines, problems = listing(server.folder, bool(frame.get("archived")))
            return {"t": "admin", "lines": lines + [f"unreadable: {p}" for p in problems]}
        game, archived = find(server.folder, frame.get("game", ""))
        if action in ("close", "delete") and not archived:
            await _end_here(server, game)
        lines = act(server.folder, action, game, archived)
        if action == "restore":
            found = entry(seats_path(server.folder, game))
            server.games[game] = found
            if not found.over:
                server.playing.add(game)
                if found.bots:
                    server.bot_games.add(game)
                if found.stranger is not None:  # back in the strangers' share
                    server.strangers[game] = found.stranger
        return {"t": "admin", "lines": lines}
    except GameError as e:
        return error("admin", str(e))
    except (SaveError, OSError) as e:
        return error("admin", f"{e}"[:300])


async def _end_here(server: GameServer, game: str) -> None:
    """A game about to be archived or deleted: its seats are told and let go,
    and it leaves memory and the counts."""
    room = server.rooms.get(game)
    if room is not None:
        async with room.lock:  # no decision half made
            for seat in room.seats:
                if seat.connection is not None:
                    server.let_go(seat.connection,
                                  error("over", "the server's host closed this game"),
                                  "game closed")
                    seat.connection = None
    server._forget(game)
