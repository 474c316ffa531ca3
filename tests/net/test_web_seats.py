"""The bounds of browser seats (`serve --web`, net/web_seats.py): per address,
in all, per seat, the rate of starts, and idle tabs closed; and only a link
that opens a seat of the server's games starts anything. No textual-serve
needed: this is the server's bookkeeping, on a clock the test moves."""

from __future__ import annotations

from pathlib import Path

from warp_empires.net.guard import Door, Rules
from warp_empires.net.links import Link
from warp_empires.net.server import GameServer
from warp_empires.net.web_seats import Tab, WebBounds, WebSeats, opens_seat

from .support import SW


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def seats(clock: Clock, rules: Rules | None = None, **bounds: float) -> WebSeats:
    return WebSeats(WebBounds(**bounds), Door(rules or Rules(), clock), clock)  # type: ignore[arg-type]


def test_per_address_in_all_and_per_seat() -> None:
    clock = Clock()
    s = seats(clock, processes=5, per_address=2, per_seat=2, start_burst=100)
    assert isinstance(s.admit("10.0.0.1", ("g1", "a")), Tab)
    assert isinstance(s.admit("10.0.0.1", ("g1", "b")), Tab)
    assert "your address" in str(s.admit("10.0.0.1", ("g2", "a")))  # a third from one address
    assert isinstance(s.admit("10.0.0.2", ("g1", "a")), Tab)  # the seat's second tab
    assert "too many browser tabs" in str(s.admit("10.0.0.3", ("g1", "a")))  # its third
    assert isinstance(s.admit("10.0.0.3", ("g3", "a")), Tab)
    assert isinstance(s.admit("10.0.0.4", ("g4", "a")), Tab)
    assert len(s.tabs) == 5
    assert "as many browser seats" in str(s.admit("10.0.0.5", ("g5", "a")))  # in all
    s.left(s.tabs[0])  # a tab closed: its room is free again
    assert isinstance(s.admit("10.0.0.5", ("g5", "a")), Tab)


def test_strangers_games_take_at_most_half_and_the_hosts_players_the_rest() -> None:
    # issue 38's attack: with --open, strangers' tabs from a few addresses
    # took every browser seat, and the host's player was refused
    clock = Clock()
    s = seats(clock, processes=6, per_address=3, per_seat=2, start_burst=100)
    for n in range(3):
        assert isinstance(s.admit(f"10.0.0.{n}", (f"s{n}", "a"), stranger=True), Tab)
    assert "open games" in str(s.admit("10.0.0.9", ("s9", "a"), stranger=True))
    for n in range(3):  # the host's players still have their half
        assert isinstance(s.admit(f"10.0.1.{n}", (f"h{n}", "a")), Tab)
    assert "as many browser seats" in str(s.admit("10.0.1.9", ("h9", "a")))


def test_starts_are_rated_per_address() -> None:
    clock = Clock()
    s = seats(clock, processes=100, per_address=100, per_seat=100, start_rate=0.5,
              start_burst=3)
    for n in range(3):
        tab = s.admit("10.0.0.1", ("g", str(n)))
        assert isinstance(tab, Tab)
        s.left(tab)  # opened and closed at once: the rate still counts it
    assert "started from your address" in str(s.admit("10.0.0.1", ("g", "x")))
    assert isinstance(s.admit("10.0.0.2", ("g", "x")), Tab)  # another address is not slowed
    clock.now += 2.0  # one start's worth
    assert isinstance(s.admit("10.0.0.1", ("g", "y")), Tab)


def test_idle_tabs_are_closed_and_a_heard_one_is_not() -> None:
    clock = Clock()
    s = seats(clock, idle=600.0, start_burst=10)
    closed: list[str] = []
    quiet, busy = s.admit("10.0.0.1", ("g", "a")), s.admit("10.0.0.2", ("g", "b"))
    assert isinstance(quiet, Tab) and isinstance(busy, Tab)
    quiet.close, busy.close = (lambda: closed.append("quiet")), (lambda: closed.append("busy"))
    clock.now += 599.0
    s.heard(busy)  # a key
    assert s.close_idle() == 0
    clock.now += 1.0
    assert s.close_idle() == 1 and closed == ["quiet"] and s.tabs == [busy]
    clock.now += 598.0  # 599 s since its key
    assert s.close_idle() == 0
    clock.now += 1.0
    assert s.close_idle() == 1 and closed == ["quiet", "busy"] and s.tabs == []


def test_the_address_is_the_game_servers_and_a_proxy_is_believed_only_if_trusted() -> None:
    # the web side reads the client's address with the game server's own rule
    door = Door(Rules(trusted_proxies=("127.0.0.1",)), Clock())
    assert door.address("127.0.0.1", "198.51.100.7") == "198.51.100.7"
    assert door.address("203.0.113.9", "198.51.100.7") == "203.0.113.9"  # not a proxy


def test_only_a_seats_token_opens_a_seat(tmp_path: Path) -> None:
    server = GameServer(tmp_path)
    room, tokens = server.create(str(SW), 3, [], ["human", "human"])
    other, other_tokens = server.create(str(SW), 4, [], ["human", "human"])
    side, token = next(iter(tokens.items()))
    assert opens_seat(server, Link("ws://x/", room.id, side, token))
    # one character changed (the token is random: its last may be "A" already)
    forged = token[:-1] + ("B" if token.endswith("A") else "A")
    assert not opens_seat(server, Link("ws://x/", room.id, side, forged))
    # another game's token opens nothing here, nor a token for the other side
    other_side = [s for s in tokens if s != side][0]
    assert not opens_seat(server, Link("ws://x/", room.id, side, other_tokens[side]))
    assert not opens_seat(server, Link("ws://x/", room.id, other_side, token))
    assert not opens_seat(server, Link("ws://x/", "0" * 16, side, token))
    # a game not in memory is checked from its seats file (no load)
    restarted = GameServer(tmp_path)
    assert restarted.resume() == []
    assert not restarted.rooms
    assert opens_seat(restarted, Link("ws://x/", room.id, side, token))
    assert not opens_seat(restarted, Link("ws://x/", room.id, side, other_tokens[side]))
    assert not opens_seat(restarted, Link("ws://x/", room.id, other_side, token))  # issue 38
    assert not restarted.rooms


def test_a_killed_servers_socket_folder_is_removed_by_the_next_one(tmp_path, monkeypatch) -> None:
    # issue 38's attacks: each `kill -9` left a /tmp/warp-empires-web-* folder
    import os
    import tempfile
    import time

    from warp_empires.net import web_dir

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def folder(name: str, pid: int | None, age: float = 0.0):
        path = tmp_path / f"{web_dir.PREFIX}{name}"
        path.mkdir()
        (path / "seats.sock").write_text("")
        if pid is not None:
            (path / "pid").write_text(str(pid))
        os.utime(path, (time.time() - age, time.time() - age))
        return path

    killed = folder("killed", 4_194_305)  # above any process id Linux gives
    running = folder("running", os.getpid())
    starting = folder("starting", None)  # its id not yet written
    old = folder("old", None, age=web_dir.UNNAMED_SECONDS + 5)
    other = tmp_path / "not-ours"
    other.mkdir()
    made = web_dir.make()
    assert not killed.exists() and not old.exists()
    assert running.exists() and starting.exists() and other.exists()
    assert (tmp_path / os.path.basename(made) / "pid").read_text() == str(os.getpid())
