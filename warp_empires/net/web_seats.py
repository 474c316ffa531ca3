"""How many browser seats a server runs (`serve --web`, net/web.py): each
browser tab that plays a seat is a process of its own on the server (the
app, as `join` runs it, drawn in the page), tens of megabytes and a second
of CPU to start, so the tabs are bounded like the server's connections:

- only a link that opens a seat of one of the server's games starts a
  process (`opens_seat`): a stranger without a seat's token starts none;
- at most `processes` in all, `per_address` for one client address and
  `per_seat` for one seat (a second tab, or a reload, may take the seat
  over; a leaked link cannot fill the server);
- of them, at most half for the games strangers created (`serve --open`):
  the rest are kept for the host's players (issue 38's attack: strangers'
  tabs from six addresses left none);
- starts are rated per address (guard.Door's buckets, the same as its
  connections');
- a tab that has sent nothing (no key, no click, no resize) for `idle`
  seconds is closed, its process with it: the page then offers to start
  again.

The client address is the game server's: guard.Door.address (X-Forwarded-For
believed only from `--trust-proxy` addresses). Every time comes from `clock`
(a test's own).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from . import links
from .guard import Door, holder

if TYPE_CHECKING:
    from .games import Games


@dataclass(frozen=True)
class WebBounds:
    processes: int = 16  # browser seats (processes) at once, in all
    per_address: int = 3  # of them, from one client address
    per_seat: int = 2  # of them, on one seat (a tab taking it over from another)
    idle: float = 1800.0  # seconds a tab may send nothing before it is closed
    start_rate: float = 0.2  # processes a second one address may start, on average
    start_burst: int = 4  # and at once


@dataclass(eq=False)
class Tab:
    """A browser tab playing a seat: its address, its seat, and when it last
    sent something; `close` ends it (its process with it)."""

    address: str
    seat: tuple[str, str]  # game id, side id
    last: float
    stranger: bool = False  # a seat of a game a stranger created (serve --open)
    close: Callable[..., Any] = field(default=lambda *_: None)  # (code, why): web.py


class WebSeats:
    """The browser seats open now, and who may open one more."""

    def __init__(self, bounds: WebBounds, door: Door, clock: Callable[[], float]) -> None:
        self.bounds, self.clock = bounds, clock
        self.tabs: list[Tab] = []
        # the game server's rules (trusted proxies, the table of addresses),
        # with the rate of process starts for the rate of connections
        self.starts = Door(replace(door.rules, connect_rate=bounds.start_rate,
                                   connect_burst=bounds.start_burst), clock)

    def admit(self, address: str, seat: tuple[str, str], stranger: bool = False) -> Tab | str:
        """A tab for `seat` from `address`, counted from now; or why not.
        `stranger`: the seat's game was created by a stranger (serve --open)."""
        b = self.bounds
        if len(self.tabs) >= b.processes:
            return "this server runs as many browser seats as it may; try again later"
        if stranger and sum(t.stranger for t in self.tabs) >= b.processes // 2:
            return ("this server runs as many browser seats for open games as it may; "
                    "try again later")
        if sum(holder(t.address) == holder(address) for t in self.tabs) >= b.per_address:
            return "too many browser seats from your address; close one first"
        if sum(t.seat == seat for t in self.tabs) >= b.per_seat:
            return "this seat is open in too many browser tabs; close one first"
        if not self.starts.may_connect(address):
            return "too many browser seats started from your address; try again soon"
        tab = Tab(address, seat, self.clock(), stranger=stranger)
        self.tabs.append(tab)
        return tab

    def heard(self, tab: Tab) -> None:
        """The tab sent a key, a click or a resize: it is not idle."""
        tab.last = self.clock()

    def left(self, tab: Tab) -> None:
        if tab in self.tabs:
            self.tabs.remove(tab)

    def idle(self) -> list[Tab]:
        """The tabs that have sent nothing for `bounds.idle` seconds."""
        now = self.clock()
        return [t for t in self.tabs if now - t.last >= self.bounds.idle]

    def close_idle(self) -> int:
        """Closes the idle tabs (each leaves when its page is closed); how many."""
        idle = self.idle()
        for tab in idle:
            self.left(tab)
            tab.close()
        return len(idle)


def opens_seat(games: Games, link: links.Link) -> bool:
    """Whether `link`'s token is the one of its side's seat in one of the
    server's games (Games.may_hold: the game in memory, else its seats file;
    no load)."""
    return games.may_hold(link.game, link.side, link.token)
