"""The PROXY protocol: the header a proxy in front of the server sends at
the start of each connection, before its request, naming the client it
comes from (HAProxy's `send-proxy`, version 1, a line of text, and
`send-proxy-v2`, version 2, binary). Read on both of a server's ports, the
game's (entrance.py) and the browsers' (web.py), from `--trust-proxy`
addresses only: their clients are counted and limited by the address named
from the first bytes, before any request comes.
"""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .entrance import Entrance, Refusal

V1_MAX = 107  # the longest version 1 line, its \r\n included
V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"
V2_ADDRESSES_MAX = 216  # the longest address block (two Unix paths)
# version 2's address families: (address bytes, IP version), TCP and UDP
V2_FAMILIES = {0x11: (4, 4), 0x12: (4, 4), 0x21: (16, 6), 0x22: (16, 6)}


def proxied(line: bytes) -> str | None:
    """The client address a version 1 line names ("" for UNKNOWN: the
    proxy's own), or None when it is not such a line."""
    parts = line.decode("ascii", "replace").split(" ")
    if parts[:2] == ["PROXY", "UNKNOWN"]:
        return ""
    if len(parts) != 6 or parts[0] != "PROXY" or parts[1] not in ("TCP4", "TCP6"):
        return None
    try:
        ip = ipaddress.ip_address(parts[2])
    except ValueError:
        return None
    return str(ip) if ip.version == (4 if parts[1] == "TCP4" else 6) else None


def proxied_v2(header: bytes) -> str | None:
    """The client address a whole version 2 header names ("" for a LOCAL
    command or an address that is no IP: the proxy's own), or None when it
    is not such a header."""
    if len(header) < 16 or not header.startswith(V2_SIGNATURE) or header[12] >> 4 != 2:
        return None
    command, family = header[12] & 0xF, header[13]
    if command not in (0, 1):
        return None
    if command == 0 or family not in V2_FAMILIES:  # LOCAL (a health check), UNSPEC, Unix
        return ""
    size, version = V2_FAMILIES[family]
    if len(header) < 16 + 2 * size + 4:
        return None
    ip = ipaddress.ip_address(header[16:16 + size])
    return str(ip) if ip.version == version else None


class ProxyHeader:
    """The header at the start of one connection from a trusted proxy, read
    as its bytes come: `feed` returns what follows it, or None while it is
    not whole. A connection that starts with no header is left to its
    request (X-Forwarded-For, guard.Door.address). Once read: `client`, the
    address it named ("" for none), counted from now by `entrance`
    (`refusal` when that address is full), and `bad` for a header that is
    not one."""

    def __init__(self, conn: Any, entrance: Entrance) -> None:
        self.conn, self.entrance = conn, entrance
        self.got = b""
        self.client = ""
        self.bad = False
        self.refusal: Refusal | None = None

    def feed(self, data: bytes) -> bytes | None:
        got = self.got = self.got + data
        if len(got) < len(V2_SIGNATURE) and (V2_SIGNATURE.startswith(got)
                                             or b"PROXY ".startswith(got[:6])):
            return None  # too little yet to tell
        if got.startswith(V2_SIGNATURE):
            if len(got) < 16:
                return None
            end = 16 + int.from_bytes(got[14:16], "big")
            if end - 16 > V2_ADDRESSES_MAX:
                return self._named(None, b"")
            return None if len(got) < end else self._named(proxied_v2(got[:end]), got[end:])
        if not got.startswith(b"PROXY "):
            return got  # no header: its request may name the client
        end = got.find(b"\r\n")
        if end < 0:
            return None if len(got) <= V1_MAX else self._named(None, b"")
        return self._named(proxied(got[:end]) if end < V1_MAX else None, got[end + 2:])

    def _named(self, client: str | None, rest: bytes) -> bytes:
        self.got = b""
        if client is None:
            self.bad = True
            return b""
        self.client = client
        if client:
            self.refusal = self.entrance.forwarded(self.conn, client)
        return rest if self.refusal is None else b""
