"""HAProxy on loopback, for the benchmarks that play through a proxy
(server_proxy.py, browser_seat.py --proxy): its global and defaults sections,
as docs/hosting.md has them (without TLS: loopback; a `maxconn` that a
user's open-files limit allows), written once here, and its start.
Debian's `haproxy` package; callers skip with one line without it.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

HEAD = """global
    maxconn 4000
defaults
    mode http
    timeout connect 5s
    timeout http-request 5s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
"""


def haproxy() -> str | None:
    """The haproxy program, or None where it is not installed."""
    return shutil.which("haproxy")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(sections: str, port: int, work: Path) -> subprocess.Popen[bytes]:
    """HAProxy with HEAD and `sections` (frontends and backends; the frontend
    binds 127.0.0.1:`port`), its config in `work`, once it listens; the
    caller ends it (terminate)."""
    program = haproxy()
    assert program is not None, "haproxy is not installed"
    (work / "haproxy.cfg").write_text(HEAD + sections)
    proc = subprocess.Popen([program, "-db", "-f", str(work / "haproxy.cfg")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):  # until it listens (10 s at most)
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    return proc
