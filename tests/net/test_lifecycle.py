"""A server's games over their lives: one server per saves folder, games
loaded when joined, finished games released at once, idle games archived
(on a clock the test sets), and `warp-empires games` on a stopped server's
folder."""

from __future__ import annotations

import asyncio
import gc
import os
import shutil
import time
import weakref
from pathlib import Path
from typing import Any

import pytest

from warp_empires.cli import main
from warp_empires.net.folder import ARCHIVE, FolderInUse, FolderLock, move, scan, seats_path
from warp_empires.net.links import Link
from warp_empires.net.server import GameServer, Limits
from warp_empires.saves.game import load_game

from .support import hello, links_of, raw, serving

OLD = Path(__file__).parents[1] / "fixtures" / "server_v1"
OLD_PLAYING, OLD_OVER = "bbb79a805aa7d31b", "0ca5d422d0bdde65"
OLD_TOKEN = "cL7P5YJvCn9aAqtP1IclzbIgzQ9VIeB3"
DAY = 86400.0


def run(coro):  # noqa: ANN001, ANN201 - a coroutine in, its result out
    return asyncio.run(asyncio.wait_for(coro, 60))


def test_a_second_server_on_a_folder_refuses_to_start_in_one_line(tmp_path: Path,
                                                                  capsys) -> None:  # noqa: ANN001
    held = FolderLock(tmp_path).acquire()
    try:
        with pytest.raises(FolderInUse, match="in use by another server"):
            FolderLock(tmp_path).acquire()
        assert main(["serve", "--port", "0", "--saves-dir", str(tmp_path)]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "in use by another server" in err[0], err
        assert main(["games", "list", "--saves-dir", str(tmp_path)]) == 1
        assert "stop it first" in capsys.readouterr().err
    finally:
        held.release()
    FolderLock(tmp_path).acquire().release()  # free again once the holder has gone


def test_a_finished_game_leaves_memory_and_the_count_at_once(tmp_path: Path, rome: Path) -> None:
    async def main_() -> None:
        async with serving(tmp_path, Limits(games=1)) as (server, url):
            game, links = links_of(server, url, module=rome)
            with pytest.raises(ValueError, match="as many games"):
                links_of(server, url, module=rome)
            got = await raw(url, hello(links["rome"]), replies=2)
            await raw(url, hello(links["rome"]), {"t": "decide", "pos": got[1]["pos"],
                                                  "action": ["resign"]}, replies=4)
            assert game not in server.rooms and not server.playing
            links_of(server, url, module=rome)  # room for another game at once
            # the save stays, for a replay and for a seat that comes to see the end
            assert load_game(tmp_path / f"net-{game}.wes").over
            late = await raw(url, hello(links["carthage"]), replies=3)
            assert [f["t"] for f in late] == ["welcome", "position", "over"]
            assert game not in server.rooms  # shown, not kept

    run(main_())


def test_nothing_of_a_finished_game_stays_in_memory(tmp_path: Path, rome: Path) -> None:
    # issue 38's soak: RSS grew 3.9 MB per 100 finished games, each game's
    # module tables kept by a cache of the views'
    async def main_() -> list[weakref.ref[Any]]:
        server = GameServer(tmp_path)
        room, _ = server.create(str(rome), 3, [], ["human", "human"])
        for side in (0, 1):  # what each seat is sent when it joins
            room.position_frame(side, room.history(side))
        gone = [weakref.ref(x) for x in (room, room.game, room.game.module,
                                         room.game.state.tab)]
        await server.decide(room, 0, room.seats[0].position, ("resign",))
        assert room.game.over and room.id not in server.rooms
        return gone

    gone = run(main_())
    gc.collect()
    assert [r() is None for r in gone] == [True] * 4


def test_old_games_are_known_without_loading_and_load_when_joined(tmp_path: Path,
                                                                  rome: Path) -> None:
    for f in OLD.glob("net-*"):
        shutil.copy(f, tmp_path)
    games, problems = scan(tmp_path)
    assert problems == [] and {g: e.over for g, e in games.items()} == {
        OLD_PLAYING: False, OLD_OVER: True}  # an old seats file: its save says

    async def main_() -> None:
        server = GameServer(tmp_path, Limits(archive_days=0))
        assert server.resume() == []
        assert server.rooms == {} and server.playing == {OLD_PLAYING}
        async with serving(tmp_path, Limits(archive_days=0), resume=True) as (server, url):
            link = Link(url, OLD_PLAYING, "rome", OLD_TOKEN)
            # a seats file older than its sides: Rome's token is refused on
            # Carthage's seat without loading the game, its sides read from the
            # save's metadata (issue 38: the side was checked only after a load)
            wrong = await raw(url, hello(link, side="carthage"), replies=2)
            assert wrong[0]["code"] == "refused"
            assert OLD_PLAYING not in server.rooms
            assert server.games[OLD_PLAYING].sides == ("rome", "carthage")
            got = await raw(url, hello(link), replies=2)
            assert [f["t"] for f in got] == ["welcome", "position"]
            room = server.rooms[OLD_PLAYING]
            assert len(room.game.actions) == 6
            await raw(url, hello(link), {"t": "decide", "pos": got[1]["pos"],
                                         "action": ["resign"]}, replies=4)
        again, _ = scan(tmp_path)  # written anew: its seats file now says it is over
        assert again[OLD_PLAYING].over and again[OLD_PLAYING].sides == ("rome", "carthage")

    run(main_())


def test_a_game_nobody_changes_is_archived_and_restored(tmp_path: Path, rome: Path,
                                                        capsys) -> None:  # noqa: ANN001
    now = [time.time()]

    async def main_() -> tuple[str, dict[str, Link]]:
        server = GameServer(tmp_path, Limits(archive_days=30), clock=lambda: now[0])
        idle, links = links_of(server, "ws://127.0.0.1:1/", module=rome)
        busy, _ = links_of(server, "ws://127.0.0.1:1/", module=rome)
        now[0] += 29 * DAY
        assert server.sweep() == []
        server.games[busy].changed = now[0]  # a decision on the other game, today
        now[0] += 2 * DAY
        assert server.sweep() == [idle]
        assert idle not in server.rooms and server.playing == {busy}
        assert (tmp_path / ARCHIVE / f"net-{idle}.wes").is_file()
        assert load_game(tmp_path / ARCHIVE / f"net-{idle}.wes")  # still replayable
        return idle, links

    idle, links = run(main_())

    async def refused() -> list:
        async with serving(tmp_path, resume=True) as (server, url):
            assert idle not in server.games
            return await raw(url, hello(links["rome"]), replies=1)

    assert [f["code"] for f in run(refused())] == ["refused"]
    assert main(["games", "list", "--archived", "--saves-dir", str(tmp_path)]) == 0
    assert idle in capsys.readouterr().out
    assert main(["games", "restore", idle[:6], "--saves-dir", str(tmp_path)]) == 0
    assert "restored" in capsys.readouterr().out

    async def joined() -> list:
        async with serving(tmp_path, resume=True) as (server, url):  # today's clock
            assert idle in server.playing
            link = Link(url, idle, "rome", links["rome"].token)
            return await raw(url, hello(link), replies=2)

    assert [f["t"] for f in run(joined())] == ["welcome", "position"]


def test_archived_games_are_deleted_after_their_keep_once_an_hour(tmp_path: Path,
                                                                  rome: Path) -> None:
    # the archive's disk is bounded (issue 38: strangers' games, 0.9 GB an hour)
    now = [time.time()]
    server = GameServer(tmp_path, Limits(keep_days=365), clock=lambda: now[0])
    old, recent, playing = (server.create(str(rome), 3, [], ["human", "human"])[0].id
                            for _ in range(3))
    for game in (old, recent):
        move(tmp_path, game, to_archive=True)

    def aged(game: str, days: float, archived: bool = True) -> None:
        os.utime(seats_path(tmp_path, game, archived), (now[0], now[0] - days * DAY))

    aged(old, 366)
    aged(recent, 364)
    aged(playing, 400, archived=False)  # not archived: never deleted
    assert server.prune() == [old]
    assert not list((tmp_path / ARCHIVE).glob(f"net-{old}.*"))
    assert len(list((tmp_path / ARCHIVE).glob(f"net-{recent}.*"))) == 2
    assert len(list(tmp_path.glob(f"net-{playing}.*"))) == 2
    aged(recent, 366)
    assert server.prune() == []  # a look at the archive an hour at most
    now[0] += 3600
    assert server.prune() == [recent]
    move(tmp_path, playing, to_archive=True)
    aged(playing, 400)
    now[0] += 3600
    assert GameServer(tmp_path, Limits(keep_days=0), clock=lambda: now[0]).prune() == []


def test_games_lists_shows_closes_and_deletes_on_a_stopped_folder(tmp_path: Path,
                                                                 capsys) -> None:  # noqa: ANN001
    for f in OLD.glob("net-*"):
        shutil.copy(f, tmp_path)
    folder = ["--saves-dir", str(tmp_path)]
    assert main(["games", "list", *folder]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split()[1] for line in out[1:]}
    assert rows == {OLD_PLAYING: "playing", OLD_OVER: "over"}
    assert main(["games", "show", OLD_PLAYING, *folder]) == 0
    shown = capsys.readouterr().out
    assert "human,human" in shown and "rome" in shown and "turn" in shown
    assert main(["games", "close", OLD_PLAYING, *folder]) == 0
    assert not (tmp_path / f"net-{OLD_PLAYING}.seats").exists()
    assert (tmp_path / ARCHIVE / f"net-{OLD_PLAYING}.seats").exists()
    assert main(["games", "delete", OLD_OVER, *folder]) == 0
    assert not list(tmp_path.glob("net-*"))
    capsys.readouterr()
    for bad, words in ((["games", "show", "ffff", *folder], "no game"),
                       (["games", "close", *folder], "needs a GAME"),
                       (["games", "close", OLD_PLAYING, *folder], "already archived")):
        assert main(bad) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and words in err[0], err
