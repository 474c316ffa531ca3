"""What an operator has: one JSON line an event (and never a token or a
key in them), /health and /metrics over plain HTTP, and admin requests with
the host key for `games` on a running server."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import threading
from pathlib import Path

import pytest

from warp_empires.cli import main
from warp_empires.net.client import ClientError, admin_request, create_game
from warp_empires.net.folder import ARCHIVE
from warp_empires.net.ops import log_to

from .support import KEY, hello, links_of, raw, serving


def run(coro):  # noqa: ANN001, ANN201 - a coroutine in, its result out
    return asyncio.run(asyncio.wait_for(coro, 60))


async def get(url: str, path: str, method: str = "GET") -> tuple[int, str]:
    """A plain HTTP GET (or `method`): its status and body."""
    host, port = url.split("//")[1].strip("/").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    head = (await reader.readuntil(b"\r\n\r\n")).decode()
    length = int(next(line.split(":")[1] for line in head.splitlines()
                      if line.lower().startswith("content-length")))
    body = (await reader.readexactly(length)).decode()
    writer.close()
    return int(head.split()[1]), body


def test_each_event_is_one_json_line_and_tells_no_secret(tmp_path: Path, rome: Path) -> None:
    stream = io.StringIO()
    log_to(stream, "debug")
    tokens: list[str] = []

    async def main_() -> None:
        async with serving(tmp_path) as (_, url):
            created = await create_game(url, "rome", 1, [], ["human", "human"], KEY)
            tokens.extend(created["tokens"].values())
            link = next(iter(links_of_created(url, created)))
            got = await raw(url, hello(link), replies=2)
            await raw(url, hello(link), {"t": "decide", "pos": got[1]["pos"],
                                         "action": ["resign"]}, replies=4)
            await raw(url, hello(link, token="A" * 32), replies=1)

    try:
        run(main_())
    finally:  # as the other tests expect it: through to the root logger
        ours = logging.getLogger("warp_empires")
        ours.handlers.clear()
        ours.propagate = True
        ours.setLevel(logging.NOTSET)
        logging.getLogger("websockets").setLevel(logging.NOTSET)
    lines = stream.getvalue().splitlines()
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    events = [r["event"] for r in records]
    for name in ("connect", "create", "hello", "decide", "over", "refuse"):
        assert name in events, (name, events)
    assert all({"time", "level", "event"} <= set(r) for r in records)
    text = stream.getvalue()
    assert KEY not in text and not any(t in text for t in tokens)


def links_of_created(url: str, created: dict) -> list:
    from warp_empires.net.links import Link

    return [Link(url, created["game"], side, token)
            for side, token in created["tokens"].items()]


def test_health_and_metrics_over_plain_http(tmp_path: Path) -> None:
    async def main_() -> tuple[tuple[int, str], tuple[int, str]]:
        async with serving(tmp_path) as (server, url):
            _, links = links_of(server, url)
            got = await raw(url, hello(links["rebels"]), replies=2)
            await raw(url, hello(links["rebels"]), {"t": "decide", "pos": got[1]["pos"],
                                                    "action": got[1]["legal"][0]}, replies=3)
            return await get(url, "/health"), await get(url, "/metrics")

    health, metrics = run(main_())
    assert health[0] == 200 and json.loads(health[1]) == {"status": "ok", "games": 1}
    assert metrics[0] == 200
    figures = dict(line.rsplit(" ", 1) for line in metrics[1].splitlines()
                   if line and not line.startswith("#"))
    assert float(figures["warp_empires_games"]) == 1
    assert float(figures["warp_empires_decisions_total"]) == 1
    assert float(figures["warp_empires_decide_seconds_count"]) == 1


def test_health_and_metrics_answer_get_and_head_only(tmp_path: Path) -> None:
    # the game port answered 200 to POST, PUT, DELETE, TRACE and FOO on /health
    async def main_() -> list[tuple[int, str]]:
        async with serving(tmp_path) as (_, url):
            return [await get(url, path, method) for path in ("/health", "/metrics")
                    for method in ("POST", "PUT", "DELETE", "OPTIONS", "TRACE", "FOO")]

    answers = run(main_())
    assert len(answers) == 12 and all(status == 405 for status, _ in answers)
    assert "GET and HEAD only" in answers[0][1]


def test_metrics_are_only_for_the_addresses_named(tmp_path: Path) -> None:
    # An attacker read /metrics as decisions were made: its counts moved with
    # each decision of an untold Move phase, which the other side is not shown
    # (RULINGS Z2). Only `serve --metrics-from` addresses may read them, a
    # trusted proxy's client by its X-Forwarded-For; /health stays for all.
    from warp_empires.net.guard import Rules

    async def main_() -> list[int]:
        rules = Rules(connect_rate=1e6, connect_burst=10**6, trusted_proxies=("127.0.0.1",),
                      metrics_from=("10.1.0.0/16",))
        async with serving(tmp_path, rules=rules) as (_, url):
            host, port = url.split("//")[1].strip("/").split(":")
            out = []
            # the last: a client's own line, then the proxy's (issue 38's attack:
            # two lines were a traceback a request, and the first was believed)
            for lines in ([], ["203.0.113.7"], ["10.1.2.3"], ["10.1.2.3", "203.0.113.7"]):
                reader, writer = await asyncio.open_connection(host, int(port))
                extra = "".join(f"X-Forwarded-For: {line}\r\n" for line in lines)
                writer.write(f"GET /metrics HTTP/1.1\r\nHost: x\r\n{extra}\r\n".encode())
                out.append(int((await reader.readuntil(b"\r\n\r\n")).split()[1]))
                writer.close()
            out.append((await get(url, "/health"))[0])
            return out

    # this machine, not named; a stranger through the proxy; the monitoring
    assert run(main_()) == [403, 403, 200, 403, 200]


def test_admin_requests_need_the_key_and_act_on_the_running_server(tmp_path: Path) -> None:
    async def main_() -> None:
        async with serving(tmp_path) as (server, url):
            game, links = links_of(server, url)
            with pytest.raises(ClientError, match="host key"):
                await admin_request(url, "W" * 32, "list")
            listed = await admin_request(url, KEY, "list")
            assert game in "\n".join(listed) and "playing" in "\n".join(listed)
            # closing a game its seat plays: the seat is told, and let go
            got = await raw(url, hello(links["rebels"]), replies=2)
            assert got[0]["t"] == "welcome"
            seat = asyncio.create_task(raw(url, hello(links["rebels"], take=True),
                                           replies=5))
            await asyncio.sleep(0)
            while server.rooms[game].seats[0].connection is None:
                await asyncio.sleep(0)
            assert "closed" in (await admin_request(url, KEY, "close", game[:8]))[0]
            told = await seat
            assert told[-1] == {"t": "error", "code": "over",
                                "text": "the server's host closed this game"}
            assert game not in server.playing and game not in server.rooms
            assert (tmp_path / ARCHIVE / f"net-{game}.seats").exists()
            await admin_request(url, KEY, "restore", game)
            assert game in server.playing
            replies = await raw(url, hello(links["rebels"]), replies=2)
            assert [f["t"] for f in replies] == ["welcome", "position"]

    run(main_())


def test_games_on_a_running_server_from_the_command_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    ready, stop = threading.Event(), []
    urls: list[str] = []

    def server() -> None:
        async def serve_() -> None:
            async with serving(tmp_path) as (srv, url):
                links_of(srv, url)
                urls.append(url)
                stop.append((asyncio.get_running_loop(), asyncio.Event()))
                ready.set()
                await stop[0][1].wait()
        asyncio.run(serve_())

    thread = threading.Thread(target=server, daemon=True)
    thread.start()
    assert ready.wait(30)
    try:
        # the key of a server this user started is found (serving remembers it)
        assert main(["games", "list", "--server", urls[0]]) == 0
        assert "playing" in capsys.readouterr().out
        assert main(["games", "list", "--server", urls[0], "--key", "W" * 32]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "host key" in err[0], err
    finally:
        stop[0][0].call_soon_threadsafe(stop[0][1].set)
        thread.join(30)


def test_the_serve_log_goes_to_standard_error_as_it_is_when_written(monkeypatch) -> None:
    # `serve` bound the log to the stderr of its start: in the suite a test's
    # captured stderr, closed after it, so a later test's stderr filled with
    # "--- Logging error ---" (a flaky failure of test_games_on_a_running_server...)
    import sys

    first, second = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", first)
    log_to(None, "info")
    logging.getLogger("warp_empires.test").info("one")
    first.close()
    monkeypatch.setattr(sys, "stderr", second)
    logging.getLogger("warp_empires.test").info("two")
    lines = second.getvalue().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["text"] == "two"
