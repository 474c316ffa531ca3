"""The computer players on a server's seats (`host --players human,bot:hard`):
each thinks on a thread when its seat must decide, and decides through the
server as a person's seat does. Mixed into GameServer (net/server.py)."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from warp_empires.bots import make_player
from warp_empires.engine import Action

from .room import HUMAN, Room

log = logging.getLogger("warp_empires.server")


class ServerBots:
    """GameServer's computer seats: `_bots` (game, side) -> player, made with
    seeds from `_bot_seeds`; their thinking is among `_tasks`."""

    _bots: dict[tuple[str, int], Any]
    _bot_seeds: random.Random
    _tasks: set[asyncio.Task[None]]

    async def decide(self, room: Room, side: int, pos: int, action: Action,
                     ws: Any = None) -> None:
        raise NotImplementedError  # GameServer's

    def released(self, game: str) -> None:
        """A game left memory: its computer players go with it."""
        for side in (0, 1):
            self._bots.pop((game, side), None)


    def wake_bot(self, room: Room) -> None:
        """If a computer seat must decide now, let it think (on a thread: a
        search takes up to seconds) and decide."""
        if room.game.over:
            return
        side = room.deciding()
        if side < 0 or room.seats[side].player == HUMAN:
            return
        key = (room.id, side)
        name = f"bot-{room.id}-{side}"
        current = asyncio.current_task()
        if any(t is not current and t.get_name() == name for t in self._tasks):
            return  # already thinking
        if key not in self._bots:
            self._bots[key] = make_player(room.seats[side].player, room.game.state.module,
                                          self._bot_seeds.getrandbits(64), timed=True)
        task = asyncio.create_task(self._bot_move(room, side, room.seats[side].position),
                                   name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_move(self, room: Room, side: int, pos: int) -> None:
        player = self._bots.get((room.id, side))
        if player is None:  # the game ended or was archived meanwhile
            return
        # what it may see, taken here on the loop's thread; it thinks on another
        view = room.game.view(side, log=False)
        legal = room.game.legal_actions(side)
        try:
            action = await asyncio.to_thread(player.choose, view, legal)
        except Exception:  # noqa: BLE001 - a player's bug must not stall the game
            log.exception("computer player failed")
            action = None
        if action is None or tuple(action) not in legal:
            action = random.choice([a for a in legal if a[0] != "unpick"] or legal)
        await self.decide(room, side, pos, tuple(action))
