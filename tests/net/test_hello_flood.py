"""Hello floods (issue 38): a hello with a wrong token loads no game, and
hellos that load a game not in memory (an ended one, loaded for each) are
rated per game id. Time is the test's own."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from warp_empires.net.links import Link
from warp_empires.net.protocol import decode, encode
from warp_empires.net.room import Room
from warp_empires.net.server import Limits

from .support import hello, links_of, raw, serving


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_wrong_token_loads_no_game_and_loads_of_an_ended_game_are_rated(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    loads: list[Path] = []
    real = Room.load.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Room], path: Path) -> Room:
        loads.append(path)
        return real(cls, path)

    monkeypatch.setattr(Room, "load", classmethod(counted))

    async def main() -> tuple[list[str], int, list[str], list[str]]:
        # none kept in memory (ended.py), and loads free of the CPU budget:
        # each hello loads, and the rate of loads per game is what refuses
        async with serving(tmp_path, Limits(ended_bytes=0), timer=clock) as (server, url):
            server.ends.cpu = lambda: 0.0
            game, links = links_of(server, url)
            room = server.rooms[game]
            side = room.deciding()
            await server.decide(room, side, room.seats[side].position, ("resign",))
            assert game not in server.rooms  # ended: out of memory
            link = links["rebels"]
            wrong = [(await raw(url, hello(link, token="A" * 32)))[0]["code"]
                     for _ in range(20)]
            wrong_loads = len(loads)
            right = [(await raw(url, hello(link)))[0].get("code", "welcome")
                     for _ in range(7)]
            clock.now += 1.0  # a second later: one more
            later = [(await raw(url, hello(link)))[0].get("code", "welcome")]
            return wrong, wrong_loads, right, later

    wrong, wrong_loads, right, later = asyncio.run(asyncio.wait_for(main(), 60))
    assert wrong == ["refused"] * 20 and wrong_loads == 0
    assert right == ["welcome"] * 5 + ["full"] * 2
    assert later == ["welcome"]


def test_a_right_token_for_another_seat_loads_nothing_and_is_refused_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a seat's token with the other side's name, or another game's id, is
    # refused from the seats file, as a wrong token is: no save is read
    loads: list[Path] = []
    real = Room.load.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(Room, "load", classmethod(lambda cls, path: loads.append(path)
                                                  or real(cls, path)))

    async def made() -> tuple[dict[str, Link], dict[str, Link]]:
        async with serving(tmp_path) as (server, url):
            return links_of(server, url)[1], links_of(server, url)[1]

    async def main(first: dict[str, Link], second: dict[str, Link]
                   ) -> tuple[list[list[object]], int, list[str]]:
        async with serving(tmp_path, resume=True) as (server, url):  # nothing in memory
            rebels = replace(first["rebels"], server=url)
            tries = [replace(rebels, side="empire"),  # the Rebels' token, the Empire's seat
                     replace(second["rebels"], server=url, token=rebels.token),
                     replace(rebels, token="A" * 32)]  # a wrong token, for comparison
            got = [await raw(url, hello(x), replies=2) for x in tries]
            before = len(loads)
            right = await raw(url, hello(rebels), replies=2)
            return got, before, [f["t"] for f in right]

    first, second = asyncio.run(asyncio.wait_for(made(), 60))
    loads.clear()
    got, before, right = asyncio.run(asyncio.wait_for(main(first, second), 60))
    assert got[0] == got[1] == got[2] and got[0][0]["code"] == "refused"
    assert before == 0 and right == ["welcome", "position"] and len(loads) == 1


def test_a_flood_of_take_replays_only_for_the_connection_that_holds_the_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    replays: list[int] = []
    real = Room.history

    def counted(self: Room, side: int) -> list[object]:
        replays.append(side)
        return real(self, side)

    monkeypatch.setattr(Room, "history", counted)

    async def main() -> str:
        async with serving(tmp_path) as (server, url):
            game, links = links_of(server, url)
            room = server.rooms[game]
            link = links["rebels"]
            async with room.lock:  # a decision (or a replay) under way: hellos queue
                for _ in range(6):  # each takes the seat, then hangs up
                    ws = await connect(url, compression=None)
                    await ws.send(encode(hello(link, take=True)))
                    assert decode(await ws.recv())["t"] == "welcome"
                    ws.transport.abort()
                last = await connect(url, compression=None)
                await last.send(encode(hello(link, take=True)))
                assert decode(await last.recv())["t"] == "welcome"
            kind = decode(await last.recv())["t"]
            await last.close()
            return kind

    assert asyncio.run(asyncio.wait_for(main(), 60)) == "position"
    assert len(replays) == 1  # the last one's; the six gone had none


def test_a_stranger_seat_being_let_go_does_not_count_against_their_share() -> None:
    from warp_empires.net.guard import Rules
    from warp_empires.net.strangers import Strangers

    class Conn:
        def __init__(self, closing: bool) -> None:
            self.closing = closing
            self.transport = self

        def is_closing(self) -> bool:
            return self.closing

    share = Strangers(Rules(open=True, open_connections=2))
    share.seated = {Conn(True), Conn(True)}  # aborted, their handlers not yet done
    assert share.room_for_seat(100)
    share.seated = {Conn(False), Conn(True)}
    assert share.room_for_seat(100)
    share.seated = {Conn(False), Conn(False)}
    assert not share.room_for_seat(100)
