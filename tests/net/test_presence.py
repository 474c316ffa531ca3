"""Presence frames under an opponent that flaps (issue 38's sixth attack):
a game's seats are told of its connections at most once a second."""

from __future__ import annotations

import asyncio
from pathlib import Path

from websockets.asyncio.client import connect

from warp_empires.net.protocol import decode, encode

from .support import hello, links_of, serving


def test_an_opponent_taking_its_seat_and_leaving_again_and_again_costs_the_victim_one_frame(
        tmp_path: Path) -> None:
    # issue 38's sixth attack: the opponent took its own seat over and left
    # again ~170 times a second; the victim was sent a frame for each (1,225
    # in 15 s) and its tab drew a note for each. The second after a change
    # told stands still here until the test lets it end
    second_over = asyncio.Event()

    async def sleep(_seconds: float) -> None:
        await second_over.wait()

    async def presence(ws, until: str = "presence") -> list[list[bool]]:  # noqa: ANN001
        """The presence frames `ws` reads up to a frame of kind `until`."""
        seen = []
        while (frame := decode(await asyncio.wait_for(ws.recv(), 10)))["t"] != until:
            if frame["t"] == "presence":
                seen.append(frame["connected"])
        return seen + ([frame["connected"]] if until == "presence" else [])

    async def main() -> tuple[list[list[bool]], list[list[bool]]]:
        async with serving(tmp_path, sleep=sleep) as (server, url):
            _game, links = links_of(server, url)
            async with connect(url, compression=None) as victim:
                await victim.send(encode(hello(links["rebels"])))
                during = await presence(victim)
                for _ in range(20):  # takes its seat, and leaves
                    async with connect(url, compression=None) as opponent:
                        await opponent.send(encode(hello(links["empire"], take=True)))
                        await presence(opponent)
                await victim.send(encode(hello(links["rebels"])))  # answered after those
                during += await presence(victim, until="error")
                # alone; the first take, at once; nothing more until its second ends
                assert during == [[True, False], [True, True]], during
                second_over.set()
                return during, await presence(victim)

    during, after = asyncio.run(asyncio.wait_for(main(), 60))
    assert after == [[True, False]]  # then the latest state: it left
