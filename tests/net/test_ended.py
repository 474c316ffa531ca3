"""Seats of ended games (net/ended.py): shown from memory, their loads on a
CPU budget, and the log thinned per address (issue 38's sixth attack: hellos
to 52 ended games burned a whole core; a churn of opens wrote 15,382
`connect` lines in 25 s). Time and CPU are the test's own."""

from __future__ import annotations

import asyncio
import logging
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from warp_empires.net import links
from warp_empires.net.ended import Ends, Shown
from warp_empires.net.entrance import Entrance
from warp_empires.net.guard import Door, Rules
from warp_empires.net.links import Link
from warp_empires.net.protocol import decode, encode
from warp_empires.net.room import Room
from warp_empires.net.server import GameServer, Limits

from .support import hello, links_of, raw, serving


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def counting_loads(monkeypatch: pytest.MonkeyPatch, cpu: Clock | None = None,
                   each: float = 0.0) -> list[Path]:
    """Counts Room.load; each load moves `cpu` on by `each` CPU seconds."""
    loads: list[Path] = []
    real = Room.load.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Room], path: Path) -> Room:
        loads.append(path)
        if cpu is not None:
            cpu.now += each
        return real(cls, path)

    monkeypatch.setattr(Room, "load", classmethod(counted))
    return loads


async def ended(server: GameServer, url: str, stranger: str | None = None
                ) -> tuple[str, dict]:
    """A game of two people that one resigned: out of memory."""
    room, tokens = server.create(str(Path(__file__).parents[2] / "modules" / "star_wars"),
                                 3, [], ["human", "human"], stranger=stranger)
    side = room.deciding()
    await server.decide(room, side, room.seats[side].position, ("resign",))
    assert room.id not in server.rooms
    return room.id, {s: Link(url, room.id, s, t) for s, t in tokens.items()}


async def seen(url: str, link: Link) -> tuple[list[str], int | None]:
    """What a hello is answered, and the code the server closed with."""
    async with connect(url, compression=None) as ws:
        await ws.send(encode(hello(link)))
        kinds = []
        try:
            while True:
                kinds.append(decode(await asyncio.wait_for(ws.recv(), 5))["t"])
        except Exception:  # noqa: BLE001 - closed by the server
            pass
        return kinds, ws.close_code


def test_an_ended_game_is_loaded_once_and_its_end_shown_from_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loads = counting_loads(monkeypatch)

    async def main() -> tuple[list, list, list, list]:
        async with serving(tmp_path) as (server, url):
            game, links = await ended(server, url)
            # both seats at once: the second waits for the first's load
            first, _ = await asyncio.gather(raw(url, hello(links["rebels"]), replies=3),
                                            raw(url, hello(links["empire"]), replies=3))
            again = [await seen(url, links["rebels"]) for _ in range(20)]
            other = [await seen(url, links["empire"]) for _ in range(5)]
            later = await raw(url, hello(links["rebels"]), replies=3)
            return first, again, other, later

    first, again, other, later = asyncio.run(asyncio.wait_for(main(), 60))
    assert [f["t"] for f in first] == ["welcome", "position", "over"]
    assert later == first  # the same frames as loaded, byte for byte as decoded
    # one load for both seats, however often they come; then closed: nothing changes
    assert again == [(["welcome", "position", "over"], 1000)] * 20
    assert other == [(["welcome", "position", "over"], 1000)] * 5
    assert len(loads) == 1


def test_loads_of_ended_games_not_kept_spend_a_cpu_budget_the_hosts_apart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock, cpu = Clock(), Clock()
    loads = counting_loads(monkeypatch, cpu, each=1.5)  # 1.5 CPU-s each

    async def main() -> tuple[list[str], list[str], list[str], int]:
        # nothing kept: each hello would load (the flood of many ended games)
        limits = Limits(ended_bytes=0, ended_share=0.1)
        async with serving(tmp_path, limits, timer=clock) as (server, url):
            server.ends.cpu = cpu
            strangers = [await ended(server, url, stranger=f"10.0.0.{n}") for n in range(4)]
            host = await ended(server, url)
            flood = [(await raw(url, hello(links["rebels"])))[0].get("code", "welcome")
                     for _, links in strangers]
            hosts = [(await raw(url, hello(host[1]["rebels"])))[0].get("code", "welcome")]
            before = len(loads)
            clock.now += 10.0  # 1 CPU-s back: the budget is no longer owed
            later = [(await raw(url, hello(strangers[0][1]["rebels"])))[0]
                     .get("code", "welcome")]
            return flood, hosts, later, before

    flood, hosts, later, before = asyncio.run(asyncio.wait_for(main(), 60))
    # 2 CPU-s at once: two loads (the second into debt), then busy, nothing loaded
    assert flood == ["welcome", "welcome", "busy", "busy"]
    assert hosts == ["welcome"]  # the host's games have their own budget
    assert before == 3 and later == ["welcome"] and len(loads) == 4


def test_wrong_tokens_to_an_ended_game_kept_are_refused_as_any() -> None:
    ends = Ends(10_000, 0.1, Clock())
    token = links.new_token()
    ends.keep("g1", "rebels", Shown(links.digest(token), (b"a", b"b")))
    assert ends.shown("g1", "rebels", token) == (b"a", b"b")
    assert ends.shown("g1", "rebels", "A" * 32) is None
    assert ends.shown("g1", "empire", token) is None


def test_the_ends_kept_are_bounded_in_bytes_the_least_recently_asked_forgotten() -> None:
    token = links.new_token()
    seat = links.digest(token)
    ends = Ends(100, 0.1, Clock())
    for n in range(3):
        ends.keep(f"g{n}", "rebels", Shown(seat, (b"x" * 40,)))
    assert ends.bytes == 80 and ends.shown("g0", "rebels", token) is None  # g0 went
    assert ends.shown("g1", "rebels", token)  # asked: kept longer than g2
    ends.keep("g3", "rebels", Shown(seat, (b"x" * 40,)))
    assert [k[0] for k in ends._kept] == ["g1", "g3"] and ends.bytes == 80
    ends.keep("big", "rebels", Shown(seat, (b"x" * 101,)))  # over the whole: not kept
    ends.forget("g1")
    assert [k[0] for k in ends._kept] == ["g3"] and ends.bytes == 40


def test_an_archived_ended_game_is_no_longer_shown(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    counting_loads(monkeypatch)

    async def main() -> tuple[list, list]:
        async with serving(tmp_path) as (server, url):
            game, links = await ended(server, url)
            shown = await raw(url, hello(links["rebels"]), replies=3)
            server.games[game].changed -= 31 * 86400
            assert server.sweep() == [game]
            return shown, await raw(url, hello(links["rebels"]), replies=3)

    shown, gone = asyncio.run(asyncio.wait_for(main(), 60))
    assert shown[-1]["t"] == "over" and [f.get("code") for f in gone] == ["refused"]


def test_connects_and_silent_drops_are_logged_per_address_now_and_then(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    server = GameServer(tmp_path, timer=clock)
    gate = Entrance(Door(Rules(connect_burst=10**6, unseated=1, evict_after=0.0), clock),
                    10**6, clock)

    class Conn:
        def __init__(self) -> None:
            self.transport = self

        def abort(self) -> None:
            pass

    with caplog.at_level(logging.DEBUG, logger="warp_empires.server"):
        for _ in range(40):  # a flood from one address, over 12 s
            clock.now += 0.3
            server.sparse_event("connect", "10.0.0.1")
            gate.arrived(Conn(), "10.0.0.1")  # its older silent one goes
        server.sparse_event("connect", "10.0.0.2")  # a player's, elsewhere
    lines = [(r.msg, r.fields["address"], r.fields.get("left_out")) for r in caplog.records]
    assert [x for x in lines if x[0] == "connect"] == [
        ("connect", "10.0.0.1", None), ("connect", "10.0.0.1", 33),
        ("connect", "10.0.0.2", None)]
    assert [x for x in lines if x[0] == "drop"] == [
        ("drop", "10.0.0.1", None), ("drop", "10.0.0.1", 33)]


def test_connects_from_many_addresses_are_at_most_ten_lines_a_second(
        tmp_path: Path, caplog) -> None:  # noqa: ANN001
    # issue 38's seventh attack: 10,000 addresses, each once in 10 s, wrote
    # 11,688 connect lines in 25 s, one per address (each its first)
    clock = Clock()
    server = GameServer(tmp_path, timer=clock)
    with caplog.at_level(logging.INFO, logger="warp_empires.server"):
        for n in range(2000):  # 2,000 addresses in 2 s
            clock.now += 0.001
            server.sparse_event("connect", f"10.{n // 250}.{n % 250}.1")
        clock.now += 1.0
        server.sparse_event("connect", "10.200.0.1")
        server.sparse_event("hello", "10.200.0.1")  # another event: its own budget
    lines = [r for r in caplog.records if r.msg == "connect"]
    # the burst of 100, 10 a second over the 2 s, and the last (before: 2,001)
    assert 100 + 2 * 10 - 1 <= len(lines) <= 100 + 2 * 10 + 1
    # each line after the burst says how many were left out in all before it
    assert sum(r.fields.get("others_left_out", 0) for r in lines) == 2000 - (len(lines) - 1)
    assert "others_left_out" in lines[-1].fields
    assert [r.msg for r in caplog.records].count("hello") == 1


def test_in_use_refusals_and_take_overs_are_logged_sparsely(tmp_path: Path, caplog) -> None:  # noqa: ANN001
    # issue 38's seventh attack: an opponent holding its own seat's link wrote
    # one log line for each take-over (5,771 in 40 s) and each "in use"
    clock = Clock()

    async def main() -> None:
        async with serving(tmp_path, timer=clock) as (server, url), AsyncExitStack() as open_:
            _, seats = links_of(server, url)
            held = await open_.enter_async_context(connect(url, compression=None))
            await held.send(encode(hello(seats["rebels"])))
            assert decode(await held.recv())["t"] == "welcome"
            for _ in range(6):
                async with connect(url, compression=None) as ws:
                    await ws.send(encode(hello(seats["rebels"])))
                    assert decode(await ws.recv())["code"] == "in_use"
            for _ in range(6):  # each takes the seat from the one before, still open
                ws = await open_.enter_async_context(connect(url, compression=None))
                await ws.send(encode(hello(seats["rebels"], take=True)))
                assert decode(await ws.recv())["t"] == "welcome"

    with caplog.at_level(logging.INFO, logger="warp_empires.server"):
        asyncio.run(asyncio.wait_for(main(), 60))
    events = [(r.msg, r.fields.get("why"), r.fields.get("took")) for r in caplog.records
              if r.msg in ("refuse", "hello")]
    assert events.count(("refuse", "in use", None)) == 1  # 6 refused, the clock stood
    assert events.count(("hello", None, True)) == 1  # 6 take-overs
    assert events.count(("hello", None, False)) == 1  # the seating that took nothing


def test_admin_tries_without_the_key_and_ping_drops_are_logged_sparsely(
        tmp_path: Path, caplog) -> None:  # noqa: ANN001
    # issue 38's tenth attack: 800 admin tries with a wrong key wrote 820 lines,
    # 800 ping floods 358 (at --log-level warning too); refusals of other kinds
    # were a line now and then
    from warp_empires.net import counted

    from .test_pings import PING

    clock = Clock()

    async def main() -> None:
        async with serving(tmp_path, timer=clock) as (server, url):
            for _ in range(6):
                reply = await raw(url, {"t": "admin", "v": 1, "action": "list",
                                        "key": "not-the-key-of-this-server"})
                assert reply[0]["code"] == "key"
            for _ in range(6):  # pings far past what a connection may owe
                async with connect(url, compression=None) as ws:
                    ws.transport.write(PING * 40)
                    await ws.wait_closed()  # dropped by the server

    counted._DROPS.__init__(clock)  # its clock the test's: none of its 10 s passes
    with caplog.at_level(logging.INFO, logger="warp_empires.server"):
        asyncio.run(asyncio.wait_for(main(), 60))
    lines = [(r.msg, r.fields.get("why")) for r in caplog.records]
    assert lines.count(("refuse", "admin without the host key")) == 1
    assert lines.count(("drop", "too many pings")) == 1
