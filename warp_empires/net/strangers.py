"""Who may create games (`create_refusal`: the host key, guard.py), and with
`serve --open` what strangers may take of a server, so that they never
lock its host out (issue 38's attack: 992 strangers' games from 59 addresses
filled --max-games and the host was refused; their seated connections, never
closed to make room, filled --max-connections and everyone got HTTP 503).

A stranger is whoever creates a game without the host key; the game, and the
connections that play its seats, are strangers' too. The rest of each bound
is the host's (the holder of the key, and the players of its games):
- games: strangers' games being played at once are at most `open_games`
  (default: half of --max-games), and those one address created at most
  `address_games`;
- connections: seats of strangers' games connected at once are at most
  `open_connections` (default: half of the connections allowed); beyond, a
  hello gets `error {code: "full"}` and the client tries again by itself;
- idle: a stranger's game that is not over and that nobody has changed or
  been connected to for `Limits.open_idle` seconds is archived (games.py
  `sweep`), out of the counts and still replayable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .guard import Rules, holder
from .protocol import error
from .room import HUMAN

if TYPE_CHECKING:
    from .server import GameServer


def create_refusal(server: GameServer, frame: dict[str, Any], address: str, host: bool
                   ) -> dict[str, Any] | None:
    """Whether this `create` may go ahead (`host`: it carries the host key,
    guard.py); the error frame if not. The strangers' share is checked as
    the game is made (GameServer.create, `Strangers.refuse_game`)."""
    bots = any(p != HUMAN for p in frame.get("players", [HUMAN, HUMAN]))
    if not host and not server.rules.open:
        return error("key", "this server creates games for its host only: give its "
                     "host key (host --key, or WARP_EMPIRES_HOST_KEY)")
    if not host and bots:
        return error("create", "only the server's host may seat its computer players")
    if not host and frame.get("seed") is not None:
        # whoever chooses the seed knows the deck's order (RULINGS H7): an
        # attacker created a game with seed 7 and read its deck offline
        return error("create", "only the server's host may choose a game's seed; "
                     "leave it out and the server draws a secret one")
    if not host and not server.door.may_create(address):
        return error("create", "too many games created from your address; try later")
    if bots and len(server.bot_games) >= server.rules.bot_games:
        return error("create", "the server plays as many computer sides as it may; "
                     "try later")
    return None


class Strangers:
    """The strangers' share of a server, and their seats connected now."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seated: set[Any] = set()  # connections playing seats of strangers' games

    def refuse_game(self, games: dict[str, str], most: int, address: str) -> str | None:
        """Why a stranger at `address` may not create a game now (`games`:
        the strangers' games being played, id -> creator's address; `most`:
        --max-games), or None."""
        share = self.rules.open_games or max(1, most // 2)
        if len(games) >= share:
            return "this server hosts as many open games as it may; try later"
        if sum(holder(a) == holder(address) for a in games.values()) \
                >= self.rules.address_games:
            return ("your address has as many games being played as it may: "
                    "finish or resign one first")
        return None

    def room_for_seat(self, connections: int) -> bool:
        """Whether one more seat of a strangers' game may be connected
        (`connections`: the connections the server allows)."""
        share = self.rules.open_connections or max(1, connections // 2)
        if len(self.seated) >= share:  # those aborted (still being let go) count for nothing
            self.seated = {c for c in self.seated if not c.transport.is_closing()}
        return len(self.seated) < share
