"""Browser seats (`serve --web`, net/web.py): the page's WebSocket, with the
tab's process replaced by a stand-in (no browser, no process), and the app
the process runs (tui/web_seat.py), join-only."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import ssl
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual_serve", reason="the [web] extra is not installed")

import aiohttp  # noqa: E402

from warp_empires.net.client import Seat, create_game  # noqa: E402
from warp_empires.net.guard import Rules  # noqa: E402
from warp_empires.net.links import browser_link, parse_link  # noqa: E402
from warp_empires.net.listen import run_server  # noqa: E402
from warp_empires.net.server import GameServer  # noqa: E402
from warp_empires.net.web import WebFront  # noqa: E402
from warp_empires.net.web_seats import WebBounds, WebSeats  # noqa: E402
from warp_empires.tui.dialogs.ask import MessageDialog  # noqa: E402
from warp_empires.tui.web_seat import WebSeatApp, read_seat  # noqa: E402

from .support import KEY, links_of  # noqa: E402


class TabClock:
    """The tabs' clock, moved only by a slowed tab's waits (which it counts)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.waits: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def wait(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds


class Stand:
    """A tab's process, stood in for: what it was told."""

    def __init__(self, line: bytes, address: str) -> None:
        self.line, self.address = line, address
        self.keys: list[bytes] = []
        self.sizes: list[tuple[int, int]] = []
        self.stopped = asyncio.Event()
        self.stops: list[bool] = []  # at once (the server stopping) or not

    async def start(self, width: int, height: int) -> None:
        self.sizes.append((width, height))

    async def send_bytes(self, data: bytes) -> bool:
        self.keys.append(data)
        return True

    def behind(self) -> bool:
        return False  # it reads every key at once

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.sizes.append((width, height))

    async def focus(self) -> None:
        pass

    async def blur(self) -> None:
        pass

    async def stop(self, at_once: bool = False) -> None:
        self.stops.append(at_once)
        self.stopped.set()


class Started(list[Stand]):
    """The stand-ins started so far; `next()` waits for one more."""

    def __init__(self) -> None:
        super().__init__()
        self.queue: asyncio.Queue[Stand] = asyncio.Queue()

    async def next(self) -> Stand:
        return await asyncio.wait_for(self.queue.get(), 5)


@contextlib.asynccontextmanager
async def web_server(folder: Path, rules: Rules | None = None, timer: Any = None,
                     tls: ssl.SSLContext | None = None, sleep: Any = asyncio.sleep,
                     **bounds: Any
                     ) -> AsyncIterator[tuple[GameServer, WebFront, Started, str]]:
    """A game server with its browser seats, both on free ports; yields it,
    its web side, the stand-ins started so far and the game server's URL.
    127.0.0.1 is a trusted proxy (its X-Forwarded-For names the browser)
    unless `rules` say otherwise."""
    rules = rules or Rules(connect_rate=1e6, connect_burst=10**6,
                           trusted_proxies=("127.0.0.1",))
    server = GameServer(folder, key=KEY, rules=rules, **({"timer": timer} if timer else {}))
    started = Started()

    def spawn(line: bytes, address: str, ws: Any) -> Stand:
        started.append(Stand(line, address))
        started.queue.put_nowait(started[-1])
        return started[-1]

    front = WebFront(server, server.door, WebSeats(WebBounds(**bounds), server.door,
                                                   server.timer), folder / "web", spawn=spawn,
                     tls=tls, sleep=sleep)
    stop = asyncio.Event()
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(run_server(server, "127.0.0.1", 0, tls, ready=port.set_result,
                                          stop=stop, web=front))
    url = f"ws://127.0.0.1:{await port}/"
    server.web_url = f"http://127.0.0.1:{front.port}/"
    try:
        yield server, front, started, url
    finally:
        stop.set()
        await task


async def tab(front: WebFront, path: str, *messages: Any, forwarded: str | None = None,
              wait_close: bool = True) -> tuple[int | None, str]:
    """A browser tab on `path`: sends `messages` (JSON), then waits for the
    close; its code and reason."""
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    async with aiohttp.ClientSession() as session, session.ws_connect(
            f"http://127.0.0.1:{front.port}{path}?width=100&height=30", headers=headers) as ws:
        for m in messages:
            await ws.send_str(m if isinstance(m, str) else json.dumps(m))
        if not wait_close:
            await ws.close()
            return None, ""
        reason = ""
        while True:
            message = await asyncio.wait_for(ws.receive(), 5)
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                reason = str(message.extra or "")
                break
        return ws.close_code, reason


def fragment(link: str) -> str:
    return link.split("#", 1)[1]


def test_the_link_the_host_is_given_opens_its_seat(tmp_path: Path) -> None:
    async def go() -> None:
        async with web_server(tmp_path) as (server, front, started, url):
            created = await create_game(url, "star_wars", None, [], ["human", "human"], KEY)
            assert created["web"] == server.web_url
            side = "empire"
            link = parse_link(f"{created['url']}#game={created['game']}&side={side}"
                              f"&token={created['tokens'][side]}")
            page = browser_link(created["web"], link)
            assert page.startswith(f"{server.web_url}g/{created['game']}/#")
            path = page.split(f":{front.port}", 1)[1].split("#")[0]
            # the page's socket, from a browser behind the trusted proxy
            task = asyncio.create_task(tab(front, path + "ws", ["join", fragment(page)],
                                           forwarded="198.51.100.7", wait_close=False))
            await started.next()
            await task
            # what the process reads first, and plays: the host's seat, for the browser
            read, write = os.pipe()
            os.write(write, started[0].line + b"rest is Textual's")
            seat_link, via = read_seat(read)
            assert os.read(read, 100) == b"rest is Textual's"  # not one byte more was read
            os.close(read)
            os.close(write)
            assert (seat_link.game, seat_link.side, seat_link.token) == (
                link.game, link.side, link.token)
            seat = Seat(seat_link, via=via)

            async def seated(kind: str) -> bool:
                return kind == "position"

            await asyncio.wait_for(seat.run(seated), 10)
            assert seat.side == 1  # the empire's, the module's second side
            room = server.rooms[created["game"]]
            connection = room.seats[1].connection
            assert connection is not None and server.address(connection) == "198.51.100.7"
            assert room.seats[0].connection is None

    asyncio.run(go())


def test_what_a_page_says_is_checked_and_starts_nothing(tmp_path: Path) -> None:
    async def go() -> None:
        async with web_server(tmp_path) as (server, front, started, url):
            game, links = links_of(server, url)
            good = str(links["rebels"]).split("#")[1]
            wrong = good[:-3] + ("AAA" if not good.endswith("AAA") else "BBB")
            other = str(links["empire"]).split("#")[1].replace("side=empire", "side=rebels")
            for messages, said in [
                ((["stdin", "x"], ["join", good]), "no join link"),
                (("not json",), "no join link"),
                ((["join", good + "&" * 500],), "no join link"),  # too long to be one
                ((["join", "game=zz&side=rebels&token=x"],), "game is missing or not well"),
                ((["join", wrong],), "opens no seat"),
                ((["join", other],), "opens no seat"),  # the other side's token
            ]:
                code, reason = await tab(front, "/ws", *messages)
                assert said in reason and code == 1008, (messages, reason)
            assert started == []  # no process for any of them

    asyncio.run(go())


def test_keys_and_sizes_pass_checked_and_a_closed_tab_stops_its_process(tmp_path: Path
                                                                        ) -> None:
    async def go() -> None:
        async with web_server(tmp_path) as (server, front, started, url):
            game, links = links_of(server, url)
            async with aiohttp.ClientSession() as session, session.ws_connect(
                    f"http://127.0.0.1:{front.port}/ws?width=99999&height=-5") as ws:
                await ws.send_str(json.dumps(["join", str(links["rebels"]).split("#")[1]]))
                await ws.send_str(json.dumps(["stdin", "k" * 10_000]))
                await ws.send_str(json.dumps(["resize", {"width": "wide", "height": 40}]))
                await ws.send_str(json.dumps(["ping", "p1"]))
                pong = await asyncio.wait_for(ws.receive(), 5)
                assert json.loads(pong.data) == ["pong", "p1"]
            stand = await started.next()
            await asyncio.wait_for(stand.stopped.wait(), 5)
            assert stand.sizes == [(400, 10), (80, 40)]  # within a screen's sizes
            assert stand.keys == [b"k" * 4096]  # a message of keys at most
            assert front.seats.tabs == []

    asyncio.run(go())


def test_a_flood_of_keys_is_cut_and_a_stopping_server_ends_its_tabs_at_once(
        tmp_path: Path) -> None:
    # issue 38's attack: a page pasting 4 KiB messages as fast as it could kept
    # its process busy (and growing) a minute after the page was gone, and a
    # SIGTERM waited for the tab; and a client's own X-Forwarded-For line, before
    # the one the trusted proxy adds, was taken for its address
    from warp_empires.net.web import EVENTS_BURST, KEYS_BURST, KEYS_CHARS, KEYS_RATE

    async def go() -> None:
        clock = TabClock()
        waits = clock.waits
        async with web_server(tmp_path, timer=clock, sleep=clock.wait) as (
                server, front, started, url):
            game, links = links_of(server, url)
            headers = [("X-Forwarded-For", "10.66.0.1"),  # the client's forgery
                       ("X-Forwarded-For", "198.51.100.9")]  # the proxy's
            async with aiohttp.ClientSession() as session, session.ws_connect(
                    f"http://127.0.0.1:{front.port}/ws", headers=headers) as ws:
                await ws.send_str(json.dumps(["join", str(links["rebels"]).split("#")[1]]))
                stand = await started.next()
                assert stand.address == "198.51.100.9"
                for _ in range(12):
                    await ws.send_str(json.dumps(["stdin", "k" * KEYS_CHARS]))
                await ws.send_str(json.dumps(["ping", "after"]))
                assert json.loads((await asyncio.wait_for(ws.receive(), 5)).data)[1] == "after"
                # the burst at once, then each paste waits for its keys (the
                # fourth attack: dropped ones were still read, by the thousand,
                # on the server's loop)
                assert len(stand.keys) == 12 and len(waits) == 12 - KEYS_BURST // KEYS_CHARS
                assert sum(waits) == (12 * KEYS_CHARS - KEYS_BURST) / KEYS_RATE
                for n in range(EVENTS_BURST + 20):  # and resizes (the fourth attack)
                    await ws.send_str(json.dumps(["resize", {"width": 20 + n % 2,
                                                             "height": 10}]))
                await ws.send_str(json.dumps(["ping", "resized"]))
                assert json.loads((await asyncio.wait_for(ws.receive(), 5)).data)[1] == "resized"
                assert len(stand.sizes) == 1 + EVENTS_BURST  # the start's, then the burst
                await front.stop()  # the server stopping, its page still open
                assert stand.stops[0] is True  # killed, not asked to quit

    asyncio.run(go())


def _reports_then(tmp_path: Path, reports: list[str], then: list[str]
                  ) -> tuple[list[float], list[bytes]]:
    """A tab's seat sent `reports` and then `then` on a clock that stands:
    what the tab's keys waited for, and what its process was given."""
    async def go() -> tuple[list[float], list[bytes]]:
        clock = TabClock()
        async with web_server(tmp_path, timer=clock, sleep=clock.wait) as (
                server, front, started, url):
            _game, links = links_of(server, url)
            async with aiohttp.ClientSession() as session, session.ws_connect(
                    f"http://127.0.0.1:{front.port}/ws") as ws:
                await ws.send_str(json.dumps(["join", str(links["rebels"]).split("#")[1]]))
                stand = await started.next()
                for text in reports + then:
                    await ws.send_str(json.dumps(["stdin", text]))
                await ws.send_str(json.dumps(["ping", "after"]))
                assert json.loads((await asyncio.wait_for(ws.receive(), 5)).data)[1] == "after"
                return clock.waits, list(stand.keys)

    return asyncio.run(go())


def test_a_moving_pointer_over_its_rate_is_dropped_and_never_holds_a_key_back(
        tmp_path: Path) -> None:
    # the app asks the page for every pointer move (its hover): a hand moving
    # the mouse sends 30-60 a second, and slowed like keys they queued, and the
    # keys typed after them waited behind them
    from warp_empires.net.web import MOTIONS_BURST

    # moves (35: the motion bit, 32, set), then a click and a key
    moves = [f"\x1b[<35;{n % 90 + 1};5M" for n in range(MOTIONS_BURST * 4)]
    waits, keys = _reports_then(tmp_path, moves, ["\x1b[<0;7;5M", "x"])
    assert waits == []  # nothing waited for
    assert len([k for k in keys if k.startswith(b"\x1b[<35;")]) == MOTIONS_BURST  # the rest dropped
    assert keys[-2:] == [b"\x1b[<0;7;5M", b"x"]  # passed on at once


def test_a_turning_wheel_over_its_rate_is_dropped_and_never_holds_a_key_back(
        tmp_path: Path) -> None:
    # issue 38's sixth attack: the wheel's reports (buttons 64 and 65) were
    # charged to the keys' rate; 90 s of a wheel turning held the next key 4.2 s
    from warp_empires.net.web import KEYS_BURST, WHEELS_BURST

    # more bytes than the keys' burst (12 each): down and up, shift held on some (4)
    turns = [f"\x1b[<{64 + n % 2 + n % 3 // 2 * 4};9;5M" for n in range(KEYS_BURST // 8)]
    waits, keys = _reports_then(tmp_path, turns, ["x"])
    assert waits == []  # nothing waited for
    assert len(keys) == WHEELS_BURST + 1  # the rest dropped (the clock stood)
    assert keys[-1] == b"x"  # passed on at once


def test_bounds_refuse_with_a_reason_and_idle_tabs_close(tmp_path: Path) -> None:
    async def go() -> None:
        async with web_server(tmp_path, per_address=1, idle=60.0) as (
                server, front, started, url):
            game, links = links_of(server, url)
            join = ["join", str(links["rebels"]).split("#")[1]]
            async with aiohttp.ClientSession() as session, session.ws_connect(
                    f"http://127.0.0.1:{front.port}/ws") as first:
                await first.send_str(json.dumps(join))
                await started.next()
                code, reason = await tab(front, "/ws", join)
                assert code == 1013 and "your address" in reason
                assert len(started) == 1
                # from another address (a trusted proxy's word), one more
                task = asyncio.create_task(tab(front, "/ws", join, forwarded="198.51.100.8"))
                await started.next()
                # both idle past the limit (the tabs' clock moved, not slept)
                for t in front.seats.tabs:
                    t.last -= 61.0
                assert front.seats.close_idle() == 2
                code, reason = await task
                assert "idle" in reason
                message = await asyncio.wait_for(first.receive(), 5)
                assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert front.seats.tabs == []

    asyncio.run(go())


def test_the_browsers_app_is_join_only(tmp_path: Path) -> None:
    link = parse_link("ws://127.0.0.1:9/#game=0123456789abcdef&side=rebels&token="
                      + "t" * 32)

    async def go() -> None:
        app = WebSeatApp(link)
        async with app.run_test() as pilot:
            await pilot.pause()
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Screenshot" not in titles and "Quit" in titles
            assert app.deliver_screenshot() is None
            with pytest.raises(PermissionError):
                app.save_screenshot(path=str(tmp_path))
            app.open_url("https://example.org/")
            assert list(tmp_path.iterdir()) == []
            # a seat that cannot be played says why on the page before the tab ends
            app.joined.stop()
            app._failed("the server refused: no such seat")
            await pilot.pause()
            assert isinstance(app.screen, MessageDialog) and app.is_running
            shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
            assert "cannot be played: the server refused: no such seat" in shown
            await pilot.press("enter")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(go())


def test_a_browsers_silent_connections_are_bounded_per_address(tmp_path: Path) -> None:
    """The browsers' port counts connections from their accept, as the game
    port does (entrance.py, the same rules): one address's silent sockets
    never hold more than its share, and a new one makes room once the
    oldest has had its chance."""
    now = [100.0]

    async def go() -> None:
        rules = Rules(connect_rate=1e6, connect_burst=10**6, unseated=2)
        async with web_server(tmp_path, rules, timer=lambda: now[0]) as (
                server, front, started, url):
            async def opened() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
                return await asyncio.open_connection("127.0.0.1", front.port)

            silent = [await opened(), await opened()]
            reader, writer = await opened()  # a third: the others are too young to go
            assert (await asyncio.wait_for(reader.read(), 5)).startswith(b"HTTP/1.1 429")
            writer.close()
            now[0] += 2.0  # the oldest had its second: it makes room
            reader, writer = await opened()
            assert await asyncio.wait_for(silent[0][0].read(), 5) == b""  # closed
            writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert (await asyncio.wait_for(reader.read(), 5)).startswith(b"HTTP/1.1 200")
            for _, w in silent[1:] + [(reader, writer)]:
                w.close()

    asyncio.run(go())


def test_behind_a_proxy_that_speaks_the_proxy_protocol_each_browser_has_its_address(
        tmp_path: Path) -> None:
    """The browsers' port reads a trusted proxy's PROXY header (both
    versions) as the game's port does: the tab plays for the address it
    names, and that address's silent connections are counted from it."""
    from websockets.asyncio.client import connect

    from .test_entrance import proxy_v2

    async def go() -> None:
        rules = Rules(connect_rate=1e6, connect_burst=10**6, unseated=1,
                      trusted_proxies=("127.0.0.1",))
        async with web_server(tmp_path, rules) as (server, front, started, url):
            async def through(header: bytes) -> tuple[asyncio.StreamReader,
                                                      asyncio.StreamWriter]:
                reader, writer = await asyncio.open_connection("127.0.0.1", front.port)
                writer.write(header)
                await writer.drain()
                return reader, writer

            v1 = b"PROXY TCP4 203.0.113.9 127.0.0.1 40000 443\r\n"
            silent = await through(v1)  # the client's one silent connection
            reader, writer = await through(proxy_v2("203.0.113.9"))
            assert (await asyncio.wait_for(reader.read(), 5)).startswith(b"HTTP/1.1 429")
            reader, writer = await through(proxy_v2("203.0.113.10"))  # another client
            writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert (await asyncio.wait_for(reader.read(), 5)).startswith(b"HTTP/1.1 200")
            silent[1].close()
            # a tab whose proxy names its browser in a version 2 header
            game, links = links_of(server, url)
            page = browser_link(server.web_url or "", links["rebels"])
            sock = socket.socket()
            sock.setblocking(False)
            loop = asyncio.get_running_loop()
            await loop.sock_connect(sock, ("127.0.0.1", front.port))
            await loop.sock_sendall(sock, proxy_v2("198.51.100.7"))
            ws = await connect(f"ws://127.0.0.1:{front.port}/g/{game}/ws", sock=sock,
                               compression=None)
            await ws.send(json.dumps(["join", fragment(page)]))
            stand = await started.next()
            assert stand.address == "198.51.100.7"
            await ws.close()

    asyncio.run(go())


def test_a_tabs_process_runs_below_the_server(tmp_path: Path) -> None:
    # issue 38's fourth attack: 8 strangers' tabs flooding keys within their
    # rates took a player's round trip p95 from 4 to 351 ms on the game port
    import shlex
    import shutil
    from types import SimpleNamespace

    from warp_empires.net.web_process import NICENESS

    server = GameServer(tmp_path, key=KEY)
    front = WebFront(server, server.door, WebSeats(WebBounds(), server.door, server.timer),
                     tmp_path / "web")
    try:
        page = SimpleNamespace(send_bytes=None, send_str=None, close=None)
        process = front._spawn(b"{}\n", "127.0.0.1", page)
        words = shlex.split(process.command)
        assert words[0] == "exec" and words[-2:] == ["-m", "warp_empires.tui.web_seat"]
        if shutil.which("nice"):
            assert words[1:4] == ["nice", "-n", str(NICENESS)] and NICENESS >= 10
    finally:
        shutil.rmtree(front._dir, ignore_errors=True)


def test_a_game_pages_files_are_under_the_games_own_path(tmp_path: Path) -> None:
    # issue 38's eighth attack: each connection of a game's page names the
    # game, so a churn of whole requests naming none makes room first
    # (entrance.py): its socket was closed before its first screen
    async def go() -> tuple[str, list[int], bytes, bytes, list[str | None]]:
        async with web_server(tmp_path) as (server, front, _started, url):
            # the browsers' port holds as many not yet seated as the game's
            # does (with 32, a churn of 1,500 a second closed each after 0.11 s)
            assert front.entrance.limit == 8 * front.seats.bounds.processes \
                + server.rules.max_unseated
            game, _links = links_of(server, url)
            base = f"http://127.0.0.1:{front.port}/g/{game}/"
            named: list[str | None] = []
            vouch = front.entrance.vouch
            for target in (f"/g/{game}/static/js/textual.js", "/static/js/textual.js",
                           f"/g/{game}/ws", "/g/0123456789abcdef/ws"):
                named.append(vouch(target))
            async with aiohttp.ClientSession() as http:
                html = await (await http.get(base)).text()
                mine = await (await http.get(base + "static/js/textual.js")).read()
                shared = await (await http.get(f"http://127.0.0.1:{front.port}"
                                               "/static/js/textual.js")).read()
                statuses = [(await http.get(base + path)).status for path in (
                    "static/js/nothing.js", "static/%2e%2e/%2e%2e/web.py", "static/js")]
            return html, statuses, mine, shared, named

    html, statuses, mine, shared, named = asyncio.run(asyncio.wait_for(go(), 60))
    assert 'src="static/js/textual.js"' in html and "../" not in html
    assert mine == shared and len(mine) > 100_000
    assert statuses == [404, 404, 404]  # none such, out of the files, a folder
    game = named[0]
    assert game is not None and named == [game, None, game, None]
