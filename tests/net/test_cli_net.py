"""`serve`, `host` and `join` on the command line: what they print, and one
line with exit status 1 for every mistake."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
from pathlib import Path

from warp_empires.cli import main
from warp_empires.net.links import parse_link

from .support import KEY, serving

ROOT = Path(__file__).parents[2]


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "warp_empires", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 1, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for w in words:
        assert w in lines[0], lines[0]


def test_bad_links_and_dead_servers_get_one_line() -> None:
    one_line_error(cli("join", "not a link"), "no '#'")
    one_line_error(cli("join", "ws://127.0.0.1:1/#game=zz&side=rebels&token=x"), "game")
    one_line_error(cli("host", "ftp://example.org"), "not a server address")
    one_line_error(cli("host", f"127.0.0.1:{free_port()}"), "cannot reach the server")
    one_line_error(cli("join", "ws://127.0.0.1:1/#game=0123456789abcdef&side=rebels&token="
                       + "A" * 32), "join needs a terminal")


def test_serve_on_a_port_in_use_says_so(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        one_line_error(cli("serve", "--port", str(port), "--saves-dir", str(tmp_path)),
                       "cannot listen", str(port))


def test_host_prints_a_link_per_human_side_as_json(tmp_path: Path, capsys,  # noqa: ANN001
                                                   monkeypatch) -> None:  # noqa: ANN001
    ready = threading.Event()
    stop: list[asyncio.Event] = []
    urls: list[str] = []

    def server() -> None:
        async def run() -> None:
            async with serving(tmp_path) as (_, url):
                urls.append(url)
                stop.append(asyncio.Event())
                ready.set()
                await stop[0].wait()
        loop = asyncio.new_event_loop()
        stop_loop.append(loop)
        loop.run_until_complete(run())

    stop_loop: list[asyncio.AbstractEventLoop] = []
    thread = threading.Thread(target=server, daemon=True)
    thread.start()
    assert ready.wait(30)
    try:
        # the key of a server this user started is found (serving remembers
        # it, as `serve` does); another user, without it, is refused in one line
        assert main(["host", urls[0], "--players", "human,human"]) == 0
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "another-user"))
        capsys.readouterr()
        assert main(["host", urls[0], "--players", "human,heuristic"]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "host key" in err[0], err
        assert main(["host", urls[0], "--players", "human,heuristic", "--json",
                     "--key", KEY]) == 0
        out = json.loads(capsys.readouterr().out)
        assert list(out["links"]) == ["rebels"]
        link = parse_link(out["links"]["rebels"])
        assert link.game == out["game"] and link.token not in link.server
        # the rejected wrong token says nothing more from the command line either
        bad = str(link).replace(link.token, "B" * len(link.token))
        done = cli("join", bad, "--player", "heuristic")
        one_line_error(done, "the server refused")
    finally:
        stop_loop[0].call_soon_threadsafe(stop[0].set)
        thread.join(30)


def test_an_ipv6_listening_address_is_named_in_brackets_in_urls() -> None:
    # the tenth attack: `serve --host ::1` printed ws://::1:PORT/ and
    # remembered its key there, so `host 'ws://[::1]:PORT/'` did not find it
    from warp_empires.commands.net_cmds import url_host

    assert url_host("::1") == "[::1]" and url_host("2001:db8::7") == "[2001:db8::7]"
    assert url_host("127.0.0.1") == "127.0.0.1" and url_host("example.org") == "example.org"
