"""The wire protocol between `warp-empires serve` and its clients (docs/protocol.md).

Every frame is one binary WebSocket message holding one msgpack map with a
`t` (its kind). A client's frames are small and checked here, field by field,
before anything reads them: a frame that is not what the protocol says is
answered with an error frame and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import msgpack

VERSION = 1
# What a client may send: far above any real frame (a decision is a few
# bytes, a hello about a hundred), so that a hostile peer cannot make the
# server parse megabytes.
MAX_CLIENT_FRAME = 4096
# What a client accepts: a position with a long game's events can be large.
MAX_SERVER_FRAME = 8 * 1024 * 1024
MAX_ACTION_VALUES = 8  # a verb and its arguments (engine/record.py allows fewer)
GAME_ID = re.compile(r"[0-9a-f]{16}")
SIDE_ID = re.compile(r"[a-z][a-z0-9_]{0,63}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,86}")  # base64url of 16..64 bytes
PLAYER = re.compile(r"[a-z][a-z0-9_.:-]{0,31}")
OPTION = re.compile(r"[a-z][a-z0-9_]{0,31}")
# an installed module's name, never a path: no dot, no separator
MODULE = re.compile(r"[a-z][a-z0-9_]{0,63}")
HOST_KEY = re.compile(r"[A-Za-z0-9_-]{16,128}")

# The kinds of frame each way.
CLIENT_KINDS = ("hello", "create", "decide", "admin")
SERVER_KINDS = ("welcome", "created", "position", "presence", "error", "over", "admin")
ADMIN_ACTIONS = ("list", "show", "close", "delete", "restore")


class BadFrame(Exception):
    """A frame that breaks the protocol; `code` names the kind of fault."""

    def __init__(self, text: str, code: str = "malformed") -> None:
        super().__init__(text)
        self.code = code


def encode(message: dict[str, Any]) -> bytes:
    return msgpack.packb(message, use_bin_type=True)


def decode(data: bytes | str, limit: int = MAX_SERVER_FRAME) -> dict[str, Any]:
    """One frame as a dict; BadFrame if it is not one msgpack map with a kind."""
    if isinstance(data, str):
        raise BadFrame("frames are binary msgpack, not text")
    if len(data) > limit:
        raise BadFrame(f"frame of {len(data)} bytes, more than {limit}", "too_big")
    try:
        value = msgpack.unpackb(data, raw=False, strict_map_key=True)
    except Exception as e:  # noqa: BLE001 - whatever msgpack makes of garbage
        raise BadFrame(f"not a msgpack frame ({type(e).__name__})") from None
    if not isinstance(value, dict) or not isinstance(value.get("t"), str):
        raise BadFrame("a frame is a map with a kind `t`")
    return value


def client_frame(data: bytes | str) -> dict[str, Any]:
    """A client's frame, checked field by field (`hello`, `create`, `decide`)."""
    frame = decode(data, MAX_CLIENT_FRAME)
    kind = frame["t"]
    if kind not in CLIENT_KINDS:
        raise BadFrame(f"unknown frame kind {kind[:20]!r}")
    _check(frame, kind)
    return frame


def _text(frame: dict[str, Any], key: str, pattern: re.Pattern[str]) -> str:
    value = frame.get(key)
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise BadFrame(f"{frame['t']}: `{key}` is missing or not well formed")
    return value


def _int(frame: dict[str, Any], key: str, lo: int, hi: int, optional: bool = False) -> None:
    value = frame.get(key)
    if value is None and optional:
        return
    if type(value) is not int or not lo <= value <= hi:
        raise BadFrame(f"{frame['t']}: `{key}` is not a whole number in {lo}..{hi}")


def _check(frame: dict[str, Any], kind: str) -> None:
    # (`type` too: 1.0 and true equal 1 in Python; attack test)
    if (type(frame.get("v")) is not int or frame.get("v") != VERSION) and kind != "decide":
        raise BadFrame(f"protocol version {frame.get('v')!r:.20} is not {VERSION}", "version")
    if kind == "hello":
        _text(frame, "game", GAME_ID)
        _text(frame, "side", SIDE_ID)
        _text(frame, "token", TOKEN)
        _int(frame, "log", 0, 10_000_000, optional=True)
        if type(frame.get("take", False)) is not bool:
            raise BadFrame("hello: `take` is true or false")
    elif kind == "create":
        _text(frame, "module", MODULE)
        if "game" in frame:  # chosen by the client: it routes by it (docs/hosting.md)
            _text(frame, "game", GAME_ID)
        if "key" in frame:
            _text(frame, "key", HOST_KEY)
        _int(frame, "seed", 0, (1 << 64) - 1, optional=True)
        options = frame.get("options", [])
        if not isinstance(options, list) or len(options) > 16 or not all(
                isinstance(o, str) and OPTION.fullmatch(o) for o in options):
            raise BadFrame("create: `options` is a list of option names")
        players = frame.get("players", ["human", "human"])
        if not isinstance(players, list) or len(players) != 2 or not all(
                isinstance(p, str) and PLAYER.fullmatch(p) for p in players):
            raise BadFrame("create: `players` names two player kinds")
        scenario = frame.get("scenario")
        if scenario is not None and not (isinstance(scenario, str)
                                         and OPTION.fullmatch(scenario)):
            raise BadFrame("create: `scenario` is a scenario id")
    elif kind == "admin":
        _text(frame, "key", HOST_KEY)
        if frame.get("action") not in ADMIN_ACTIONS:
            raise BadFrame(f"admin: `action` is one of {', '.join(ADMIN_ACTIONS)}")
        if "game" in frame and not (isinstance(frame["game"], str)
                                    and re.fullmatch(r"[0-9a-f]{1,16}", frame["game"])):
            raise BadFrame("admin: `game` is a game's id or the start of it")
        if type(frame.get("archived", False)) is not bool:
            raise BadFrame("admin: `archived` is true or false")
    else:  # decide
        _int(frame, "pos", 0, 1 << 62)
        action = frame.get("action")
        if (not isinstance(action, list) or not 1 <= len(action) <= MAX_ACTION_VALUES
                or not isinstance(action[0], str) or len(action[0]) > 32
                or not all(type(x) is int and -(1 << 31) <= x < (1 << 31)
                           for x in action[1:])):
            raise BadFrame("decide: `action` is [verb, whole numbers...]")


def error(code: str, text: str, **more: Any) -> dict[str, Any]:
    return {"t": "error", "code": code, "text": text, **more}


# One refusal for every failed hello: it says nothing of whether the game
# exists or which part was wrong.
REFUSED = error("refused", "no seat matches this link")
