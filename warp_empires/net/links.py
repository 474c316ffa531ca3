"""Join links and seat tokens.

A join link names the server, the game, the side and the seat's secret token:

    ws://127.0.0.1:8765/g/0123456789abcdef/#game=0123456789abcdef&side=SIDE_ID&token=...

The path carries the game's id for a proxy in front of several servers
(`game_url`); links made before have none and still work on one server.
Everything a seat needs is after the `#`, a part of a URL that clients never
send in a request: the token travels only inside the first frame (hello),
never in a request line a proxy would log. The server keeps only the token's
SHA-256 and compares digests in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Container
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

from .protocol import GAME_ID, SIDE_ID, TOKEN

TOKEN_BYTES = 24  # 192 bits of randomness


class BadLink(ValueError):
    """A join link that cannot be used; the message says what is wrong with it."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


# Compared against when a game or seat does not exist, so that a refusal takes
# the same work whatever was wrong.
NO_SEAT = digest("no seat")


def matches(token: str, stored: bytes | None) -> bool:
    """Whether `token` opens the seat whose digest is `stored`, in constant time."""
    ok = hmac.compare_digest(digest(token), stored if stored is not None else NO_SEAT)
    return ok and stored is not None


@dataclass(frozen=True)
class Link:
    server: str  # ws://host:port/ or wss://host:port/path
    game: str
    side: str
    token: str

    def __str__(self) -> str:
        query = urlencode({"game": self.game, "side": self.side, "token": self.token})
        return f"{self.server}#{query}"


def new_game_id() -> str:
    """A game's id, chosen by the client that creates it (16 hex digits)."""
    return secrets.token_hex(8)


def game_url(server: str, game: str) -> str:
    """The URL a game's connections go to: the server's, with `g/<id>/` after
    its path, so that a stock proxy in front of several servers routes every
    connection of a game, its creation included, to the same one by hashing
    the path (docs/hosting.md). A server ignores the path: an old link (no
    path) keeps working on a single server."""
    return f"{server.rstrip('/')}/g/{game}/"


def host_proof(key: str, game: str) -> str:
    """What a host's create puts in its URL's query (`?host=`), so that the
    server knows from the request alone, before any frame, that the one who
    holds its key asks (the key itself travels only in the frame)."""
    return hmac.new(key.encode(), game.encode(), hashlib.sha256).hexdigest()[:32]


GAME_IN_PATH = re.compile(r"/g/([0-9a-f]{16})/")


def claimed_game(target: str, playing: Container[str], key: str | None) -> str | None:
    """The game a request's `target` (its path and query) names, when it is
    one in `playing`, or a new one with the host's proof (`host_proof`); else
    None. A stranger cannot guess either: an id is 64 random bits."""
    path, _, query = target.partition("?")
    found = GAME_IN_PATH.search(path)
    if found is None:
        return None
    game = found.group(1)
    if game in playing:
        return game
    proof = parse_qs(query).get("host", [""])[0]
    if key is not None and hmac.compare_digest(proof.encode(), host_proof(key, game).encode()):
        return game
    return None


def server_url(text: str) -> str:
    """SERVER as a user gives it (host:port, ws://..., wss://...), as a URL."""
    text = text.strip()
    if "://" not in text:
        text = f"ws://{text}"
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise BadLink(f"{text[:80]!r} is not a server address (host:port, ws://... or "
                      "wss://...)")
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise BadLink(f"{text[:80]!r}: the port is not a number") from None
    return f"{parts.scheme}://{parts.netloc}{parts.path or '/'}"


def parse_link(text: str) -> Link:
    """A join link, checked; BadLink says what is missing."""
    text = text.strip()
    base, _, fragment = text.partition("#")
    if not fragment:
        raise BadLink("a join link ends in #game=...&side=...&token=...; this one has no '#'")
    fields = parse_qs(fragment, strict_parsing=False)
    values: dict[str, str] = {}
    for key, pattern in (("game", GAME_ID), ("side", SIDE_ID), ("token", TOKEN)):
        found = fields.get(key, [])
        if len(found) != 1 or not pattern.fullmatch(found[0]):
            raise BadLink(f"the join link's {key} is missing or not well formed")
        values[key] = found[0]
    return Link(server_url(base), values["game"], values["side"], values["token"])


def browser_link(web: str, link: Link) -> str:
    """The link of a seat in a browser (serve --web): the server's web address
    with the game's path (routed as `game_url`), and the seat after the `#`
    as in the join link, never sent in a request."""
    return str(Link(game_url(web, link.game), link.game, link.side, link.token))
