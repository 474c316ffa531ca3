"""Hello floods (issue 38): a hello with a wrong token loads no game, and
hellos that load a game not in memory (an ended one, loaded for each) are
rated per game id. Time is the test's own."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from warp_empires.net.room import Room

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
        async with serving(tmp_path, timer=clock) as (server, url):
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
