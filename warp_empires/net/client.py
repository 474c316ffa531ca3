"""A client of `warp-empires serve`: one seat of one game, over a join link.

`Seat` keeps what the seat has been shown (the latest position, its events)
and talks to the server: it says hello, and reconnects by itself with backoff
when the connection drops; after each hello the server sends the position as
it stands, so a decision that was sent but not answered is simply decided
again: the server applies a decision only for the position it answers.
`play_headless` seats a computer player (`join --player`).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, backoff, connect, process_exception
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from warp_empires.engine import Action, View
from warp_empires.module import ModuleError, load_module
from warp_empires.module.defs import Module

from .links import Link, game_url, host_proof, new_game_id
from .protocol import MAX_SERVER_FRAME, VERSION, BadFrame, decode, encode


class ClientError(Exception):
    """The seat cannot be played: refused, another module, a server that
    does not speak this protocol. One line for the user."""


class NeedsKey(ClientError):
    """The server creates games for its host only, and the key given (if
    any) was not its host key."""


class InUse(ClientError):
    """Another connection plays the seat now; a hello with `take` takes it
    over (the person is asked first: two clients never take it in turns)."""


class TakenOver(ClientError):
    """Another connection took the seat over; this one is closed."""


def pause(tries: int) -> float:
    """Seconds before the next try after `tries` connections in a row closed
    before a welcome: doubling from 1 to 30, give or take a quarter (so that
    the clients a server turned away at once do not all come back at once)."""
    return min(30.0, 2.0 ** (tries - 1)) * random.uniform(0.75, 1.25)


class Seat:
    """One side's window on a hosted game."""

    # how it waits between tries: after a welcome never came (`pause`), and
    # after a connection failed (the library's backoff); a test's own
    sleep = staticmethod(asyncio.sleep)
    delays = staticmethod(backoff)

    def __init__(self, link: Link, take: bool = False,
                 via: dict[str, Any] | None = None) -> None:
        self.link = link
        # how to reach the server other than by the link's URL: a browser
        # seat's Unix socket and the address it plays for (net/web.py)
        self.via = via or {}
        # take the seat over from another connection: when the person said
        # so, and on this client's own reconnections (its old connection may
        # still look alive to the server)
        self.take_over = take
        self.module: Module | None = None
        self.side = -1
        self.players: list[str] = []
        self.position: dict[str, Any] | None = None  # the latest position frame
        self.events: list[dict[str, Any]] = []  # the side's events, as the server sent
        self.result: dict[str, Any] | None = None  # the `over` frame
        self.last_error: dict[str, Any] | None = None  # the latest error frame
        self.present: list[bool] = []  # by side: has a connection (a `presence` frame)
        self._ws: ClientConnection | None = None
        self.sent_for: int | None = None  # the position last answered

    @property
    def url(self) -> str:
        """Where its connections go: the link's server with the game's path,
        which a link made before the path (issue 38's routing) lacks; the
        server reads it to keep a player's connection over strangers' when it
        must close one (entrance.py)."""
        server = self.link.server
        return server if f"/g/{self.link.game}/" in server else game_url(server, self.link.game)

    # -- what arrives ------------------------------------------------------------

    def take(self, frame: dict[str, Any]) -> str:
        """Keeps what a frame says; returns its kind. ClientError for a
        refusal or a module this machine does not have."""
        kind = frame["t"]
        if kind == "welcome":
            self._welcome(frame)
        elif kind == "position":
            start = frame.get("log_from", 0)
            del self.events[start:]  # from there on the server's list is the truth
            self.events.extend(frame.get("events", []))
            self.position = frame
        elif kind == "presence":
            here = frame.get("connected")
            if isinstance(here, list):
                self.present = [bool(x) for x in here]
        elif kind == "over":
            self.result = frame
        elif kind == "error":
            self.last_error = frame
            if frame.get("code") in ("refused", "version"):
                raise ClientError(f"the server refused: {frame.get('text', '')}"[:200])
            if frame.get("code") == "in_use":
                raise InUse("this seat is being played from elsewhere")
            if frame.get("code") == "taken":
                raise TakenOver("this seat is now played from elsewhere")
        return kind

    def _welcome(self, frame: dict[str, Any]) -> None:
        if frame.get("v") != VERSION:
            raise ClientError(f"the server speaks protocol {frame.get('v')!r:.10}, "
                              f"this program {VERSION}")
        wanted = frame["module"]
        try:
            module = load_module(wanted["id"])
        except ModuleError:
            raise ClientError(f"this game needs the module {wanted['id']!r:.70} "
                              f"{wanted['version']!s:.20}, which is not installed here") \
                from None
        if module.fingerprint != wanted["fingerprint"]:
            raise ClientError(f"the server's {wanted['id']!s:.70} {wanted['version']!s:.20} "
                              f"is not this machine's {module.version}: install the same "
                              "version")
        self.module = module
        self.take_over = True  # seated: a reconnection takes back its own seat
        self.side = frame["side"]
        self.players = list(frame.get("players", []))

    # -- what is sent ------------------------------------------------------------

    @property
    def deciding(self) -> bool:
        p = self.position
        return p is not None and not p["over"] and bool(p["legal"])

    def legal(self) -> list[Action]:
        return [tuple(a) for a in self.position["legal"]] if self.position else []

    def view(self) -> View | None:
        """The latest position's view, typed (View.from_data of the frame's
        plain view), with the side's events as its log; None before the first
        position. ClientError when the server sent something that is not a view."""
        if self.position is None:
            return None
        try:
            view = View.from_data(self.position["view"])
        except (KeyError, TypeError, ValueError) as e:
            raise ClientError(f"the server sent a position that is not a view ({e!r:.80})") \
                from None
        view.log = [dict(e) for e in self.events]
        return view

    async def decide(self, action: Action) -> bool:
        """Sends a decision for the latest position; False when not connected
        (the position comes again after the reconnect)."""
        if self._ws is None or self.position is None:
            return False
        self.sent_for = self.position["pos"]
        try:
            await self._ws.send(encode({"t": "decide", "pos": self.position["pos"],
                                        "action": list(action)}))
        except ConnectionClosed:
            return False
        return True

    def hello(self) -> bytes:
        frame = {"t": "hello", "v": VERSION, "game": self.link.game,
                 "side": self.link.side, "token": self.link.token}
        if self.take_over:
            frame["take"] = True
        return encode(frame)

    async def run(self, on_frame: Callable[[str], Awaitable[bool]],
                  on_state: Callable[[str], None] | None = None) -> None:
        """Connects (again and again, with backoff, while the connection
        drops) and hands each frame's kind to `on_frame` after keeping it;
        returns when `on_frame` returns True. ClientError when the seat cannot
        be played."""
        note = on_state or (lambda _text: None)
        unseated = 0  # connections in a row closed before a welcome

        def turned_away(exc: Exception) -> Exception | None:
            # too many from this address, or in all (HTTP 429, 503): tried
            # again as the library tries a connection that failed, not the
            # end (issue 38's ninth attack: another program on the player's
            # address took its share, and `join` quit, "not a Warp Empires
            # server")
            if isinstance(exc, InvalidStatus) and exc.response.status_code in (429, 503):
                note(f"the server turned this seat away (HTTP {exc.response.status_code}); "
                     "trying again")
                return None
            return process_exception(exc)

        try:
            async for ws in connect(self.url, max_size=MAX_SERVER_FRAME, compression=None,
                                    open_timeout=10, process_exception=turned_away,
                                    reconnect_delays=self.delays, **self.via):
                self._ws = ws
                why = "closed before this seat was seated"  # else the server's refusal
                try:
                    await ws.send(self.hello())
                    async for data in ws:
                        try:
                            kind = self.take(decode(data))
                        except BadFrame as e:
                            raise ClientError(f"the server sent a bad frame: {e}") from None
                        if kind == "welcome":
                            # seated: not when the socket opened (issue 38's sixth
                            # attack: `join` said "reconnected" 46 times in 40 s,
                            # each time before a hello the server then closed)
                            unseated = -1
                            note("connected")
                        elif kind == "error" and self.last_error is not None:
                            why = str(self.last_error.get("text", why))[:160].rstrip(".")
                        if await on_frame(kind):
                            return
                except ConnectionClosed:
                    pass
                finally:
                    self._ws = None
                # closed either way: a server stopping closes cleanly (1001), which
                # ends the frames without an error (play-test: nothing was said)
                unseated += 1
                if unseated:
                    # closed before a welcome (full, busy, or made room): the
                    # library tries again at once after a socket that opened
                    wait = pause(unseated)
                    note(f"{why}; trying again in {wait:.0f} s")
                    await self.sleep(wait)
                else:
                    note("connection lost; reconnecting")
        except (InvalidURI, InvalidHandshake) as e:
            raise ClientError(f"{self.link.server}: not a Warp Empires server ({e})") from None


async def play_headless(link: Link, kind: str, seed: int = 0,
                        on_state: Callable[[str], None] | None = None,
                        take: bool = False) -> dict[str, Any]:
    """Plays the seat with a computer player until the game ends; returns the
    `over` frame. `take`: even when another connection plays it now."""
    from warp_empires.bots import make_player

    seat = Seat(link, take)
    player: Any = None

    async def on_frame(kind_of_frame: str) -> bool:
        nonlocal player
        if kind_of_frame == "welcome" and player is None:
            assert seat.module is not None
            player = make_player(kind, seat.module, seed)
        elif kind_of_frame == "position" and seat.deciding:
            legal = seat.legal()
            view = seat.view()
            action = await asyncio.to_thread(player.choose, view, legal)
            await seat.decide(tuple(action) if action is not None else legal[-1])
        return kind_of_frame == "over"

    await seat.run(on_frame, on_state)
    assert seat.result is not None
    return seat.result


async def create_game(server: str, module: str, seed: int | None, options: list[str],
                      players: list[str], key: str | None = None,
                      scenario: str | None = None) -> dict[str, Any]:
    """Asks `server` for a new game, with its host key if given; its `created`
    frame (game id, tokens), with `url`: the URL of the game's connections
    (links.game_url: the id, chosen here, in its path)."""
    game = new_game_id()
    url = game_url(server, game)
    # the host's proof in the query: its create makes room after strangers'
    # connections (entrance.py); a proxy routes by the path alone
    asked = f"{url}?host={host_proof(key, game)}" if key else url
    try:
        async with connect(asked, max_size=MAX_SERVER_FRAME, compression=None,
                           open_timeout=10) as ws:
            frame: dict[str, Any] = {"t": "create", "v": VERSION, "module": module,
                                     "options": options, "players": players, "game": game}
            if seed is not None:
                frame["seed"] = seed
            if key:
                frame["key"] = key
            if scenario is not None:
                frame["scenario"] = scenario  # docs/rules.md G3
            await ws.send(encode(frame))
            answer = decode(await ws.recv())
    except (OSError, InvalidURI, InvalidHandshake, ConnectionClosed) as e:
        raise ClientError(f"{server}: cannot reach the server ({e})") from None
    if answer.get("t") != "created":
        kind = NeedsKey if answer.get("code") == "key" else ClientError
        raise kind(f"the server did not create the game: {answer.get('text', '')}"[:200])
    # an older server chooses the id itself: its links keep the server's own URL
    answer["url"] = url if answer.get("game") == game else server
    return answer


async def admin_request(server: str, key: str, action: str, game: str | None = None,
                        archived: bool = False) -> list[str]:
    """An admin request to a running server (`games --server`); the lines it
    answers. ClientError with the server's one line when it refuses."""
    frame: dict[str, Any] = {"t": "admin", "v": VERSION, "key": key, "action": action,
                             "archived": archived}
    if game is not None:
        frame["game"] = game.strip().lower()
    try:
        async with connect(server, max_size=MAX_SERVER_FRAME, compression=None,
                           open_timeout=10) as ws:
            await ws.send(encode(frame))
            answer = decode(await ws.recv())
    except (OSError, InvalidURI, InvalidHandshake, ConnectionClosed) as e:
        raise ClientError(f"{server}: cannot reach the server ({e})") from None
    except BadFrame as e:
        raise ClientError(f"{server}: the server sent a bad frame: {e}") from None
    if answer.get("t") != "admin":
        raise ClientError(f"the server refused: {answer.get('text', '')}"[:300])
    return [str(line) for line in answer.get("lines", [])]
