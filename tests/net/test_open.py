"""`serve --open` never locks the host out (net/strangers.py; issue 38's
attack: strangers filled --max-games and --max-connections). Strangers get a
share of the games and of the connections, one address a few games, and a
stranger's game nobody is at leaves the counts; on a clock the test sets."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from websockets.asyncio.client import connect

from warp_empires.net.folder import ARCHIVE, scan
from warp_empires.net.guard import Rules
from warp_empires.net.links import Link
from warp_empires.net.protocol import VERSION, decode, encode
from warp_empires.net.server import GameServer, Limits

from .support import hello, serving


def run(coro):  # noqa: ANN001, ANN201 - a coroutine in, its result out
    return asyncio.run(asyncio.wait_for(coro, 60))


def made(server: GameServer, stranger: str | None) -> str:
    """A game created by `stranger` (None: the host); its id, or the refusal."""
    try:
        room, _ = server.create("rome", 1, [], ["human", "human"], stranger=stranger)
    except ValueError as e:
        return str(e)
    return room.id


def test_strangers_get_a_share_of_the_games_and_the_host_the_rest(
        tmp_path: Path, rome: Path) -> None:
    now = [time.time()]

    async def main() -> list[str]:
        server = GameServer(tmp_path, Limits(games=4, open_idle=3600),
                            rules=Rules(open=True, open_games=2, address_games=1),
                            clock=lambda: now[0])
        out = [made(server, "10.0.0.1"), made(server, "10.0.0.1"), made(server, "10.0.0.2"),
               made(server, "10.0.0.3"), made(server, None), made(server, None),
               made(server, None)]
        # a restart knows which games are strangers' (their seats files say)
        again = GameServer(tmp_path, Limits(games=4), rules=server.rules)
        again.resume()
        assert again.strangers == server.strangers and len(again.strangers) == 2
        # an hour with nobody at the strangers' games: they leave the counts
        now[0] += 3599
        assert server.sweep() == []
        now[0] += 2
        gone = server.sweep()
        assert sorted(gone) == sorted([out[0], out[2]]) and not server.strangers
        assert (tmp_path / ARCHIVE / f"net-{out[0]}.seats").is_file()
        assert len(server.playing) == 2  # the host's stay, however idle
        out.append(made(server, "10.0.0.3"))
        return out

    out = run(main())
    assert len(out[0]) == 16 and "finish or resign one" in out[1]  # one game an address
    assert len(out[2]) == 16 and "open games" in out[3]  # two strangers' games in all
    assert len(out[4]) == 16 and len(out[5]) == 16  # the host's half
    assert "as many games as it may" in out[6]  # --max-games itself
    assert len(out[7]) == 16  # room for strangers again


def test_a_strangers_game_someone_is_at_is_not_archived(tmp_path: Path, rome: Path) -> None:
    now = [time.time()]

    async def main() -> tuple[list[str], str]:
        server = GameServer(tmp_path, Limits(open_idle=3600),
                            rules=Rules(open=True), clock=lambda: now[0])
        game = made(server, "10.0.0.1")
        server.rooms[game].seats[0].connection = object()  # a seat connected
        now[0] += 7200
        kept = server.sweep()
        server.rooms[game].seats[0].connection = None
        server.games[game].seen = now[0]  # it left just now
        now[0] += 3000
        also_kept = server.sweep()
        now[0] += 601
        return [*kept, *also_kept, *server.sweep()], game

    swept, game = run(main())
    assert swept == [game]  # only an hour after the last seat left
    assert game in scan(tmp_path, archived=True)[0]


def test_strangers_seats_take_a_share_of_the_connections(tmp_path: Path, rome: Path) -> None:
    async def main() -> list[str]:
        async with serving(tmp_path, Limits(connections=10),
                           rules=Rules(open=True, open_connections=1, connect_burst=100,
                                       connect_rate=100)) as (server, url):
            async with connect(url, compression=None) as ws:  # a stranger's, no key
                await ws.send(encode({"t": "create", "v": VERSION, "module": "rome",
                                      "players": ["human", "human"]}))
                created = decode(await ws.recv())
            assert server.strangers == {created["game"]: "127.0.0.1"}
            host, host_tokens = server.create("rome", 1, [], ["human", "human"])
            links = [Link(url, created["game"], s, t) for s, t in created["tokens"].items()]
            host_link = next(Link(url, host.id, s, t) for s, t in host_tokens.items())
            got = []
            async with connect(url, compression=None) as first:
                await first.send(encode(hello(links[0])))
                got.append(decode(await first.recv())["t"])
                async with connect(url, compression=None) as second:  # the share is full
                    await second.send(encode(hello(links[1])))
                    got.append(decode(await second.recv())["code"])
                async with connect(url, compression=None) as theirs:  # the host's players
                    await theirs.send(encode(hello(host_link)))
                    got.append(decode(await theirs.recv())["t"])
            return got

    assert run(main()) == ["welcome", "full", "welcome"]


def test_the_hosts_create_never_waits_behind_strangers_and_counts_stay_exact(
        tmp_path: Path, rome: Path) -> None:
    from warp_empires.net.client import ClientError, create_game

    from .support import KEY

    async def main() -> tuple[str, str]:
        async with serving(tmp_path, Limits(games=2),
                           rules=Rules(open=True, connect_rate=1e6, connect_burst=10**6)
                           ) as (server, url):
            async with server._creating:  # a stranger's create under way, however long
                got = await asyncio.wait_for(
                    create_game(url, "rome", 1, [], ["human", "human"], KEY), 10)
                server._making += 1  # and one game of theirs being made: the last place
                try:
                    await create_game(url, "rome", 1, [], ["human", "human"], KEY)
                    refused = "created"
                except ClientError as e:
                    refused = str(e)
                finally:
                    server._making -= 1
            return got["t"], refused

    made_, refused = run(main())
    assert made_ == "created"
    assert "as many games as it may" in refused


def test_a_strangers_ended_game_is_archived_hours_after_not_days(
        tmp_path: Path, rome: Path) -> None:
    now = [time.time()]

    async def main() -> tuple[list[str], list[str], bool]:
        server = GameServer(tmp_path, Limits(open_over=24 * 3600),
                            rules=Rules(open=True), clock=lambda: now[0])
        games = [made(server, "10.0.0.1"), made(server, None)]  # a stranger's, the host's
        for game in games:  # both end at once
            room = server.rooms[game]
            room.apply(room.deciding(), ("resign",))
            room.write()
            server.games[game].changed = now[0]
            server._finished(game)
        now[0] += 24 * 3600 - 1
        early = server.sweep()
        now[0] += 2
        return early, server.sweep(), games[1] in server.games

    early, gone, host_kept = run(main())
    assert early == [] and len(gone) == 1 and host_kept  # the stranger's, on the hour
    assert (tmp_path / ARCHIVE / f"net-{gone[0]}.seats").is_file()
