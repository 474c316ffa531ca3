"""Who may create games, and what one client address may do, on a clock
the test moves (net/guard.py); then the same over loopback, with clients
from several 127.0.0.x addresses."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from warp_empires.net.guard import UNNAMED, Door, Rules, host_key, known_key, remember_key
from warp_empires.net.protocol import VERSION, decode, encode
from warp_empires.net.server import Limits

from .support import KEY, hello, links_of, serving


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_strangers_creates_are_rated_per_address() -> None:
    clock = Clock()
    door = Door(Rules(create_rate=1 / 60, create_burst=2), clock)
    assert door.may_create("a") and door.may_create("a") and not door.may_create("a")
    assert door.may_create("b")
    clock.now += 60
    assert door.may_create("a") and not door.may_create("a")


def test_forwarded_addresses_are_believed_only_from_trusted_proxies() -> None:
    door = Door(Rules(trusted_proxies=("10.1.0.0/16",)), Clock())
    assert door.address("10.1.2.3", "1.2.3.4, 5.6.7.8") == "5.6.7.8"  # the proxy's own hop
    assert door.address("9.9.9.9", "5.6.7.8") == "9.9.9.9"  # not a proxy we trust
    assert Door(Rules(), Clock()).address("10.1.2.3", "5.6.7.8") == "10.1.2.3"


def test_a_forwarded_hop_with_a_port_or_brackets_names_its_client_never_the_proxy() -> None:
    # issue 38's tenth attack: `10.9.9.1:1234` and `[2001:db8::1]` counted as
    # the proxy itself: every client shared its limits (the ninth got HTTP
    # 429), and with a local proxy anyone read /metrics
    door = Door(Rules(trusted_proxies=("127.0.0.1",)), Clock())
    assert door.address("127.0.0.1", "10.9.9.1:1234") == "10.9.9.1"
    assert door.address("127.0.0.1", "[2001:db8::1]:443") == "2001:db8::1"
    assert door.address("127.0.0.1", "[2001:db8::1]") == "2001:db8::1"
    assert door.address("127.0.0.1", "2001:db8::1") == "2001:db8::1"
    assert door.address("127.0.0.1", "not an address") == UNNAMED
    assert not door.reads_metrics(door.address("127.0.0.1", "10.9.9.1:1234"))
    assert not door.reads_metrics(UNNAMED)


def test_the_host_key_is_made_once_for_its_owner_and_remembered(tmp_path: Path) -> None:
    key = host_key(tmp_path)
    assert host_key(tmp_path) == key and len(key) >= 32
    assert stat.S_IMODE((tmp_path / "host.key").stat().st_mode) == 0o600
    remember_key(["ws://127.0.0.1:9/"], key)
    assert known_key("ws://127.0.0.1:9/") == key and known_key("ws://127.0.0.1:8/") is None


async def create(url: str, **fields: object) -> dict:
    frame = {"t": "create", "v": VERSION, "module": "star_wars", "seed": 1,
             "players": ["human", "human"], **fields}
    async with connect(url, compression=None) as ws:
        await ws.send(encode(frame))
        return decode(await ws.recv())


def test_who_may_create_what(tmp_path: Path) -> None:
    async def main() -> list[str]:
        out = []
        async with serving(tmp_path / "closed") as (_, url):
            out.append((await create(url))["code"])  # no key: no game
            out.append((await create(url, key="x" * 32))["code"])  # a wrong one
            out.append((await create(url, key=KEY))["t"])
            out.append((await create(url, key=KEY, players=["human", "heuristic"]))["t"])
            out.append((await create(url, key=KEY, players=["heuristic", "heuristic"]))["text"])
            out.append((await create(url, key=KEY, module="./modules/star_wars"))["code"])
        async with serving(tmp_path / "open", rules=Rules(open=True)) as (_, url):
            out.append((await create(url, seed=None))["t"])  # anyone: people only
            out.append((await create(url, seed=None, players=["human", "heuristic"]))["text"])
            # RULINGS H7: whoever chooses the seed knows the deck's order
            out.append((await create(url))["text"])
        return out

    got = asyncio.run(asyncio.wait_for(main(), 60))
    assert got[:4] == ["key", "key", "created", "created"]
    assert "computer" in got[4]  # one game with a computer seat at once (serving's rules)
    assert got[5] == "malformed"  # a path is not a module name
    assert got[6] == "created" and "host" in got[7]
    assert "seed" in got[8] and "host" in got[8]


async def idle(url: str, address: str) -> object:
    """A connection from `address` that never says hello."""
    return await connect(url, compression=None, local_addr=(address, 0)).__aenter__()


def test_idle_sockets_never_lock_a_player_out(tmp_path: Path) -> None:
    clock = Clock()
    rules = Rules(unseated=2, connect_burst=100, evict_after=1.0)

    async def main() -> list[str]:
        async with serving(tmp_path, Limits(connections=5), rules=rules,
                           timer=clock) as (server, url):
            _, links = links_of(server, url)
            held = [await idle(url, "127.0.0.2") for _ in range(2)]
            with pytest.raises(InvalidStatus, match="429"):  # its cap: two not seated
                await idle(url, "127.0.0.2")
            held += [await idle(url, f"127.0.0.{n}") for n in (3, 3, 4)]
            assert server.connections == 5  # full, of sockets that say nothing
            clock.now += 2  # they have had their chance to say hello
            async with connect(url, compression=None) as ws:  # a player, from 127.0.0.1
                await ws.send(encode(hello(links["rebels"])))
                got = [decode(await ws.recv())["t"] for _ in range(2)]
            for ws in held:
                await ws.close()
            return got

    assert asyncio.run(asyncio.wait_for(main(), 60)) == ["welcome", "position"]


def test_the_protocol_version_is_the_whole_number_one_not_a_value_equal_to_it() -> None:
    # attack test: `v: 1.0` and `v: true` were read as version 1
    from warp_empires.net.protocol import BadFrame, client_frame, encode

    hello = {"t": "hello", "game": "0123456789abcdef", "side": "rebels", "token": "x" * 32}
    for v in (1.0, True, "1"):
        with pytest.raises(BadFrame, match="protocol version"):
            client_frame(encode({**hello, "v": v}))
    client_frame(encode({**hello, "v": 1}))  # the real one passes


def test_a_dropped_connection_is_reset_its_unsent_bytes_freed() -> None:
    # the eleventh attack: each dropped reader of a long end stayed in the
    # kernel for about 5 minutes (FIN-WAIT-1) with its unsent bytes: 12,525
    # of them held 910 MB
    import socket
    import struct

    from warp_empires.net.guard import reset

    class Transport:
        def __init__(self, sock: socket.socket) -> None:
            self.sock, self.aborted = sock, False

        def get_extra_info(self, name: str) -> object:
            return self.sock if name == "socket" else None

        def abort(self) -> None:
            self.aborted = True

    listener = socket.create_server(("127.0.0.1", 0))
    b = socket.create_connection(listener.getsockname())
    a, _ = listener.accept()
    listener.close()
    try:
        transport = Transport(a)
        reset(transport)
        assert transport.aborted
        assert struct.unpack("ii", a.getsockopt(socket.SOL_SOCKET, socket.SO_LINGER, 8)) == (1, 0)
    finally:
        a.close()
        b.close()
