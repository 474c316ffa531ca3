"""Connections that have asked for something whole (a request whose headers
end, a whole TLS ClientHello) make room after those that have not
(net/entrance.py `_in_all`, net/tls_gate.py), on a clock the test holds
still. Issue 38's seventh attack sent half TLS records and half requests
from 10,000-30,000 addresses, each connecting so rarely that it weighed as
a player's address, and at the bound on connections not yet seated the
oldest went: a TLS player 100 ms away failed 28 of 29 creates."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from benchmarks.server_wide import client_hello, fragmented
from warp_empires.net.entrance import Entrance, Regulars
from warp_empires.net.guard import Door, Rules
from warp_empires.net.links import claimed_game, game_url, host_proof, new_game_id
from warp_empires.net.protocol import VERSION, decode, encode
from warp_empires.net.server import Limits
from warp_empires.net.tls_gate import READ_BUFFER, TlsGate, whole_hello

from .support import KEY, hello, links_of, serving, until
from .test_entrance import Clock, Conn
from .test_tls import contexts

HELLO = client_hello()  # a real ClientHello, one record
HALF_RECORD = HELLO[:100]
HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # its headers never end


def gate_of(clock: Clock, vouch: Callable[[str], str | None] = lambda target: None,
            **more: Any) -> Entrance:
    """An entrance of 4 unseated connections at most, on `clock`."""
    return Entrance(Door(Rules(connect_burst=1000, unseated=8, max_unseated=4), clock),
                    1000, clock, vouch, **more)


def churn(gate: Entrance, count: int, address: Callable[[int], str],
          target: Callable[[int], str] | None = None) -> list[Conn]:
    """`count` connections from `address(n)`, each asking for `target(n)`
    (None: half a request, then nothing), every refusal none."""
    out = []
    for n in range(count):
        gate.clock.now += 0.001  # type: ignore[attr-defined]
        conn = Conn()
        out.append(conn)
        assert gate.arrived(conn, address(n)) is None
        if target is None:
            gate.spoke(conn)
        else:
            gate.requested(conn, target(n))
    return out


def test_a_churn_of_halves_from_many_addresses_never_closes_a_player_that_asked() -> None:
    gate = gate_of(Clock())
    player = Conn()
    assert gate.arrived(player, "10.0.9.9") is None
    gate.asked(player)  # its ClientHello came whole with its connection
    # each address once: each weighs as the player's does; half a record each
    halves = churn(gate, 400, lambda n: f"10.{n // 250}.{n % 250}.1")
    assert not player.aborted  # before, the oldest of alike addresses: closed at the fourth
    assert sum(c.aborted for c in halves) == 400 - 3
    # of those that asked, the oldest still makes room when all have
    gate.asked(halves[-1])
    gate.asked(halves[-2])
    gate.asked(halves[-3])
    gate.arrived(Conn(), "10.7.7.7")
    assert player.aborted


def test_a_client_hello_is_whole_half_or_not_tls() -> None:
    assert whole_hello(HELLO) is True
    assert whole_hello(HELLO + b"more") is True
    assert whole_hello(HALF_RECORD) is None and whole_hello(HELLO[:3]) is None
    # the eighth attack: a whole first record holding a few bytes of one
    split = fragmented(HELLO)
    assert split != HELLO and whole_hello(split[:5 + 16]) is None
    assert whole_hello(split[:-1]) is None and whole_hello(split) is True
    assert whole_hello(b"GET / HTTP/1.1\r\n") is False
    assert whole_hello(b"\x16\x02") is False  # not a version 3 record
    assert whole_hello(b"\x16\x03\x01\xff\xff") is False  # longer than a record may be
    assert whole_hello(b"\x16\x03\x01\x00\x04\x02\x00\x00\x00") is False  # no ClientHello
    assert whole_hello(HELLO[:5] + b"\x01\x01\x00\x00") is False  # longer than HELLO_MOST
    assert whole_hello(b"\x16\x03\x01\x00\x00" * 7000) is False  # records of nothing


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].strip("/"))


@pytest.mark.parametrize("port", ["plain", "tls"])
def test_a_player_who_asked_outlives_a_churn_of_halves(tmp_path: Path, port: str) -> None:
    tls, trusting = contexts() if port == "tls" else (None, None)
    half = HALF_RECORD if tls else HALF_REQUEST
    clock = Clock()  # held still: no connection is a second old, every try weighs as made

    async def main() -> tuple[str, int]:
        rules = Rules(connect_rate=1e6, connect_burst=10**6, unseated=8, max_unseated=4)
        async with serving(tmp_path, rules=rules, timer=clock, tls=tls) as (server, url):
            _, links = links_of(server, url)
            async with connect(url, compression=None, ssl=trusting) as ws:  # asked; no hello yet
                writers = []
                for n in range(12):  # from 12 addresses, one each
                    _, writer = await asyncio.open_connection(
                        "127.0.0.1", port_of(url), local_addr=(f"127.0.0.{n + 2}", 0))
                    writer.write(half[:7])
                    await writer.drain()
                    writer.write(half[7:])  # never whole
                    writers.append(writer)
                    await until(lambda: not server.entrance._mute)  # each read
                await ws.send(encode(hello(links["rebels"])))
                first = decode(await ws.recv())["t"]
            halves = len(server.entrance._unasked)
            for writer in writers:
                writer.close()
            return first, halves

    first, halves = asyncio.run(asyncio.wait_for(main(), 60))
    assert first == "welcome"  # before: closed at the churn's second, the oldest of alike
    assert halves == 3  # the rest closed to make room


def test_half_a_client_hello_begins_no_handshake(tmp_path: Path) -> None:
    # asyncio's TLS protocol holds 256 KiB from when it is made: half a
    # record holds its own bytes only, and has not asked; once whole, the
    # handshake begins
    tls, _ = contexts()

    async def main() -> list[tuple[bool, bool]]:
        async with serving(tmp_path, tls=tls, timer=Clock()) as (server, url):
            _, writer = await asyncio.open_connection("127.0.0.1", port_of(url))
            writer.write(HALF_RECORD)
            await until(lambda: not server.entrance._mute)
            (conn,) = server.entrance._since
            gate = conn.transport.get_protocol()
            assert isinstance(gate, TlsGate)
            seen = [(gate.handshake is not None, conn in server.entrance._unasked)]
            writer.write(HELLO[100:])  # the rest of it
            await until(lambda: gate.handshake is not None)
            seen.append((True, conn in server.entrance._unasked))
            writer.close()
            return seen

    assert asyncio.run(asyncio.wait_for(main(), 60)) == [(False, True), (True, False)]


WHOLE_REQUEST = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\n\r\n")  # a player's first, then no hello


def test_a_request_names_a_game_of_the_server_or_the_hosts_new_one() -> None:
    live = {"0123456789abcdef"}
    assert claimed_game("/g/0123456789abcdef/", live, None) == "0123456789abcdef"
    assert claimed_game("/play/g/0123456789abcdef/ws?width=80", live, None) == "0123456789abcdef"
    assert claimed_game("/g/fedcba9876543210/", live, None) is None  # none such
    assert claimed_game("/", live, "KEY") is None
    proof = host_proof("KEY", "fedcba9876543210")
    assert claimed_game(f"/g/fedcba9876543210/?host={proof}", live, "KEY") == "fedcba9876543210"
    assert claimed_game(f"/g/fedcba9876543210/?host={proof}", live, "OTHER") is None
    assert claimed_game(f"/g/0000000000000000/?host={proof}", live, "KEY") is None  # its own game
    assert claimed_game(f"/g/fedcba9876543210/?host={proof}", live, None) is None  # no key here


def test_of_whole_requests_those_naming_no_game_make_room_first() -> None:
    # issue 38, after the seventh attack: a churn that sends whole requests,
    # then nothing, is answered as a player is; it cannot name a game of the
    # server (an id is 64 random bits), a player's request does
    games = {"aaaaaaaaaaaaaaaa": "", "bbbbbbbbbbbbbbbb": ""}
    gate = gate_of(Clock(), lambda target: claimed_game(target, games, None))
    player = Conn()
    gate.arrived(player, "10.0.9.9")
    gate.requested(player, "/g/aaaaaaaaaaaaaaaa/")
    # a third knows one game's id: many at one game weigh as many
    whole = churn(gate, 300, lambda n: f"10.{n // 250}.{n % 250}.1",
                  lambda n: "/g/bbbbbbbbbbbbbbbb/" if n % 3 == 0 else "/")
    assert not player.aborted
    assert sum(c.aborted for c in whole) == 300 - 3


@pytest.mark.parametrize("who", ["player", "host"])
def test_a_player_or_host_outlives_a_churn_of_whole_requests(tmp_path: Path, who: str) -> None:
    clock = Clock()

    async def main() -> str:
        rules = Rules(connect_rate=1e6, connect_burst=10**6, unseated=8, max_unseated=4)
        async with serving(tmp_path, rules=rules, timer=clock) as (server, url):
            game, links = links_of(server, url)
            if who == "player":
                target = game_url(url, game)
                first = encode(hello(links["rebels"]))
            else:  # as create_game asks (net/client.py)
                game = new_game_id()
                target = f"{game_url(url, game)}?host={host_proof(KEY, game)}"
                first = encode({"t": "create", "v": VERSION, "module": "star_wars",
                                "players": ["human", "human"], "game": game, "key": KEY})
            async with connect(target, compression=None) as ws:  # no first frame yet
                writers = []
                for n in range(12):
                    _, writer = await asyncio.open_connection(
                        "127.0.0.1", port_of(url), local_addr=(f"127.0.0.{n + 2}", 0))
                    writer.write(WHOLE_REQUEST)
                    writers.append(writer)
                    await until(lambda: not server.entrance._unasked)  # each read
                await ws.send(first)
                answer = decode(await ws.recv())["t"]
            for writer in writers:
                writer.close()
            return answer

    answer = asyncio.run(asyncio.wait_for(main(), 60))
    assert answer == ("welcome" if who == "player" else "created")


def test_a_tls_connection_reads_into_a_small_buffer(tmp_path: Path) -> None:
    # asyncio's own is 256 KiB, kept for the connection's life: with the
    # bound on unseated connections raised to 1,024 (whole ClientHellos from
    # 30,000 addresses, issue 38's eighth attack), 144 -> 408 MB
    tls, trusting = contexts()

    async def main() -> int:
        async with serving(tmp_path, tls=tls) as (server, url):
            _, links = links_of(server, url)
            async with connect(game_url(url, links["rebels"].game), compression=None,
                               ssl=trusting) as ws:
                await ws.send(encode(hello(links["rebels"])))
                assert decode(await ws.recv())["t"] == "welcome"
                seat = server.rooms[links["rebels"].game].seats[0].connection
                assert seat is not None
                return len(seat.transport._ssl_protocol._ssl_buffer)

    assert asyncio.run(asyncio.wait_for(main(), 60)) == READ_BUFFER == 32 * 1024
    assert Rules().max_unseated == 1024


def test_connections_the_server_is_closing_make_room_when_it_is_full(tmp_path: Path) -> None:
    # issue 38's eighth attack: a bogus first frame (or a hello to no game)
    # from 40 addresses, each within its rate; each refused connection then
    # waited 10 s for a close that never came, and the server, full of them,
    # answered players HTTP 503
    bogus = b"\x82\x83\x00\x00\x00\x00abc"  # a masked binary frame that is no hello

    async def main() -> str:
        limits = Limits(connections=4)
        rules = Rules(connect_rate=1e6, connect_burst=10**6)
        async with serving(tmp_path, limits, rules=rules, timer=Clock()) as (server, url):
            _, links = links_of(server, url)
            sockets = []
            for n in range(6):  # each refused, its close never answered
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port_of(url), local_addr=(f"127.0.0.{n + 2}", 0))
                writer.write(WHOLE_REQUEST + bogus)
                await reader.readuntil(b"\r\n\r\n")  # upgraded
                await reader.readuntil(b"\x88")  # refused: the server's close comes
                sockets.append((reader, writer))
            async with connect(game_url(url, links["rebels"].game), compression=None) as ws:
                await ws.send(encode(hello(links["rebels"])))
                first = decode(await ws.recv())["t"]
            for _, writer in sockets:
                writer.close()
            return first

    first = asyncio.run(asyncio.wait_for(main(), 60))
    assert first == "welcome"  # before: HTTP 503 until their closes timed out


def test_a_player_seated_in_its_game_outlives_a_churn_naming_that_game(tmp_path: Path) -> None:
    # issue 38's eighth attack: an opponent, who knows the game's id, churned
    # whole requests naming it from 30,000 addresses; a connection of that
    # game from an address seated in it of late makes room last
    clock = Clock()

    async def main() -> str:
        rules = Rules(connect_rate=1e6, connect_burst=10**6, unseated=8, max_unseated=4)
        async with serving(tmp_path, rules=rules, timer=clock) as (server, url):
            game, links = links_of(server, url)
            target = game_url(url, game)
            async with connect(target, compression=None) as ws:  # seated once, from 127.0.0.1
                await ws.send(encode(hello(links["rebels"])))
                assert decode(await ws.recv())["t"] == "welcome"
            async with connect(target, compression=None) as ws:  # back; no hello yet
                writers = []
                naming = WHOLE_REQUEST.replace(b"GET / ", f"GET /g/{game}/ ".encode())
                for n in range(12):
                    _, writer = await asyncio.open_connection(
                        "127.0.0.1", port_of(url), local_addr=(f"127.0.0.{n + 2}", 0))
                    writer.write(naming)
                    writers.append(writer)
                    await until(lambda: not server.entrance._unasked)  # each read
                await ws.send(encode(hello(links["rebels"], take=True)))
                answer = decode(await ws.recv())["t"]
            for writer in writers:
                writer.close()
            return answer

    assert asyncio.run(asyncio.wait_for(main(), 60)) == "welcome"  # before: closed


def test_regulars_are_the_last_few_addresses_of_each_seat_of_the_last_games() -> None:
    regulars = Regulars()
    for n in range(10):
        regulars.seated("g", f"10.0.0.{n}", 0)
    assert not regulars.has("g", "10.0.0.1") and regulars.has("g", "10.0.0.9")
    assert sum(regulars.has("g", f"10.0.0.{n}") for n in range(10)) == Regulars.PER_SEAT
    regulars.seated("g", "2001:db8:1:2::5", 0)
    assert regulars.has("g", "2001:db8:1:2::/64")  # as the entrance counts it (guard.holder)
    assert not regulars.has("h", "10.0.0.9") and not regulars.has("g", None)


def test_an_opponents_hellos_from_new_addresses_never_push_the_other_seat_out() -> None:
    # issue 38's tenth attack: the opponent took its own seat over from 8
    # new addresses, the victim's address fell off the game's 8, and its
    # rejoins under a churn naming the game failed 23 of 23
    regulars = Regulars()
    regulars.seated("g", "10.0.0.1", 0)  # the victim, at its seat
    regulars.seated("g", "10.0.0.2", None)  # the host's create
    for n in range(50):
        regulars.seated("g", f"10.9.0.{n}", 1)  # the opponent, at its own
    assert regulars.has("g", "10.0.0.1") and regulars.has("g", "10.0.0.2")


def test_a_request_naming_a_game_leaves_its_address_no_busier() -> None:
    # issue 38's eighth attack: a browser's page opens several connections at
    # once, each counted against its address until seated, and its address
    # weighed more than a churn's (1.7 -> 4.8 against 1): its page went first
    clock = Clock()
    games = {"aaaaaaaaaaaaaaaa": ""}
    gate = Entrance(Door(Rules(connect_burst=1000), clock), 1000, clock,
                    lambda target: claimed_game(target, games, None))
    tab = [Conn() for _ in range(4)]
    for conn in tab:
        gate.arrived(conn, "10.0.0.1")
    assert round(gate.door.busy("10.0.0.1")) == 4
    gate.requested(tab[0], "/g/aaaaaaaaaaaaaaaa/")
    gate.requested(tab[1], "/g/aaaaaaaaaaaaaaaa/static/js/textual.js")
    gate.requested(tab[2], "/static/js/textual.js")  # names no game: counted still
    assert round(gate.door.busy("10.0.0.1")) == 2


def test_connections_naming_strangers_games_make_room_before_the_hosts() -> None:
    # issue 38's ninth attack: with --open, strangers created 330 games, sat
    # in them (their addresses then regulars of their games) and churned
    # requests naming them; a host's create (its proof) went first
    strangers = {f"{n:016x}" for n in range(330)}
    games = set(strangers) | {"aaaaaaaaaaaaaaaa"}
    regulars = Regulars()
    gate = gate_of(Clock(), lambda target: claimed_game(target, games, "KEY"),
                   regulars=regulars, stranger=lambda game: game in strangers)
    for n in range(330):
        regulars.seated(f"{n:016x}", f"10.1.{n // 250}.{n % 250}")
    host, player = Conn(), Conn()
    gate.arrived(host, "10.0.9.9")
    gate.requested(host, f"/g/bbbbbbbbbbbbbbbb/?host={host_proof('KEY', 'bbbbbbbbbbbbbbbb')}")
    gate.arrived(player, "10.0.9.8")  # a first join of a host's game: no regular yet
    gate.requested(player, "/g/aaaaaaaaaaaaaaaa/")
    theirs = churn(gate, 330, lambda n: f"10.1.{n // 250}.{n % 250}", lambda n: f"/g/{n:016x}/")
    assert not host.aborted and not player.aborted
    assert sum(c.aborted for c in theirs) == 330 - 2
