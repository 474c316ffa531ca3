"""Many servers behind a stock proxy: a game's id is chosen by its creator
and carried in the URL path of its every connection (`/g/<id>/`), which a
proxy hashes; a server ignores the path, so old links (no path) keep working
on a single server."""

from __future__ import annotations

import asyncio
from pathlib import Path

from warp_empires.net.client import create_game
from warp_empires.net.links import Link, game_url, parse_link
from warp_empires.net.protocol import VERSION

from .support import KEY, hello, raw, serving


def test_the_creator_chooses_the_id_and_every_connection_carries_it(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            created = await create_game(url, "star_wars", 1, [], ["human", "human"], KEY)
            game = created["game"]
            assert created["url"] == game_url(url, game) == f"{url}g/{game}/"
            assert game in server.games
            link = Link(created["url"], game, "rebels", created["tokens"]["rebels"])
            assert parse_link(str(link)) == link  # the path is kept in the link
            got = await raw(link.server, hello(link), replies=2)
            assert [f["t"] for f in got] == ["welcome", "position"]
            # an old link, with the server's own URL, reaches the same game
            old = Link(url, game, "empire", created["tokens"]["empire"])
            got = await raw(old.server, hello(old), replies=2)
            assert [f["t"] for f in got] == ["welcome", "position"]
            # an id is never taken twice
            again = await raw(created["url"], {"t": "create", "v": VERSION, "key": KEY,
                                               "module": "star_wars", "game": game})
            assert again[0]["code"] == "create" and "exists" in again[0]["text"]

    asyncio.run(asyncio.wait_for(main(), 60))
