"""The bytes of a save file: envelope, msgpack payload, checksum.

    offset 0   8 bytes   magic b"WARPSAVE"
    offset 8   2 bytes   format version, unsigned big-endian
    offset 10  n bytes   payload: one msgpack map (see doc.py)
    end - 32  32 bytes   sha256 of everything before it

The envelope is the same for every format version, so that any version can be
recognised, checked and refused or upgraded before its payload is parsed.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import msgpack

from . import migrate
from .carry import carried
from .doc import SaveDoc, SaveMeta, check_document, check_meta
from .errors import SaveError
from .migrate import FORMAT_VERSION
from .proof import position_label
from .schema import Invalid

MAGIC = b"WARPSAVE"
HEADER = struct.Struct(">8sH")
DIGEST_SIZE = 32
MIN_SIZE = HEADER.size + 1 + DIGEST_SIZE

# Hard limits for reading (docs/save-format.md says why). A 400-player-turn
# game is 0.93 MB and 140,000 values, so they leave room for campaigns of
# several thousand player-turns.
MAX_FILE_SIZE = 16 * 1024 * 1024
MAX_STR_LEN = 1024 * 1024
MAX_BIN_LEN = 0  # no field holds bytes
MAX_ARRAY_LEN = 1_000_000
MAX_MAP_LEN = 100_000
# Arrays and maps and their elements, all together. Every value costs a byte
# of file but 50-70 bytes of Python memory: without this, 16 MiB of one-byte
# empty arrays would decode into over 1 GiB of lists; with it, the worst file
# measured costs about 160 MiB and under a second before it is refused.
MAX_VALUES = 2_000_000


def encode(doc: SaveDoc, where: str) -> bytes:
    """The file bytes for `doc`; refuses a document it could not read back."""
    data = doc.to_dict()
    try:
        check_document(data, "")
    except Invalid as e:
        raise SaveError(where, f"refusing to write invalid save data: {e}") from None
    try:
        payload = msgpack.packb(data, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as e:
        raise SaveError(where, f"cannot encode save data: {e}") from None
    if len(payload) + MIN_SIZE > MAX_FILE_SIZE:
        raise SaveError(where, f"refusing to write a save of {len(payload):,} bytes; "
                               f"the limit for reading is {MAX_FILE_SIZE:,}")
    # The same limits the reader applies (lengths, value count): a save this
    # program writes is always one it can read back.
    try:
        unpack(payload, where)
    except SaveError as e:
        raise SaveError(where, f"refusing to write a save beyond the read limits: {e.problem}") \
            from None
    body = HEADER.pack(MAGIC, FORMAT_VERSION) + payload
    return body + hashlib.sha256(body).digest()


def envelope(data: bytes, where: str) -> tuple[int, bytes]:
    """(format version, payload) after checking magic, checksum and version."""
    if not data:
        raise SaveError(where, "empty file")
    if not data.startswith(MAGIC[: len(data)]):
        raise SaveError(where, "not a Warp Empires save (no WARPSAVE marker)")
    if len(data) < MIN_SIZE:
        raise SaveError(where, f"truncated ({len(data)} bytes)")
    body, digest = data[:-DIGEST_SIZE], data[-DIGEST_SIZE:]
    if hashlib.sha256(body).digest() != digest:
        raise SaveError(where, "checksum mismatch (file damaged or truncated)")
    _, version = HEADER.unpack_from(body)
    if version > FORMAT_VERSION:
        raise SaveError(where, f"made by a newer Warp Empires (format {version}); "
                               f"this program reads up to {FORMAT_VERSION}")
    if version < migrate.FIRST_VERSION:
        raise SaveError(where, f"unknown format version {version}")
    return version, body[HEADER.size:]


_MISSING = object()


def _refuse_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension type {code} is not allowed")


class _ValueBudget:
    """Counts the elements of every array and map as the unpacker builds them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.left = limit

    def take(self, container: Any) -> Any:
        self.left -= len(container) + 1  # the container itself counts too
        if self.left < 0:
            raise ValueError(f"more than {self.limit:,} values")
        return container


def _unpacker(payload: bytes) -> msgpack.Unpacker:
    budget = _ValueBudget(MAX_VALUES)
    unpacker = msgpack.Unpacker(
        None,
        max_buffer_size=max(len(payload), 1),
        max_str_len=MAX_STR_LEN,
        max_bin_len=MAX_BIN_LEN,
        max_array_len=MAX_ARRAY_LEN,
        max_map_len=MAX_MAP_LEN,
        strict_map_key=True,
        ext_hook=_refuse_ext,
        list_hook=budget.take,
        object_hook=budget.take,
        raw=False,
    )
    unpacker.feed(payload)
    return unpacker


@contextmanager
def _unpack_errors(where: str) -> Iterator[None]:
    """Every way msgpack can refuse a payload, as a SaveError."""
    try:
        yield
    except msgpack.OutOfData:
        raise SaveError(where, "payload ends early (declared length exceeds the data)") from None
    except (msgpack.exceptions.StackError, RecursionError):
        raise SaveError(where, "payload is nested too deeply") from None
    except (ValueError, msgpack.UnpackException, MemoryError) as e:
        # Limit errors, bad UTF-8, non-string keys, refused ext types: all
        # ValueError subclasses or UnpackException.
        detail = str(e) or type(e).__name__
        raise SaveError(where, f"payload is not valid save data ({detail})") from None


def unpack(payload: bytes, where: str) -> Any:
    """The one msgpack value of `payload`, read under hard limits."""
    with _unpack_errors(where):
        unpacker = _unpacker(payload)
        value = unpacker.unpack()
    if unpacker.tell() != len(payload):
        raise SaveError(where, "extra bytes after the payload")
    return value


def decode_meta(data: bytes, where: str) -> tuple[SaveMeta, int]:
    """Only the metadata (and the file's format version), for listings: the
    file is checksummed whole, but of the payload only `meta` is decoded."""
    meta, version, _, _ = decode_listing(data, where)
    return meta, version


def decode_listing(data: bytes, where: str) -> tuple[SaveMeta, int, bool, str | None]:
    """The metadata, the format version, whether the game starts from a
    saved position (`base`: its start cannot be checked) and the position
    file it started from (proof.position_label), for listings."""
    version, payload = envelope(data, where)
    if version != FORMAT_VERSION:
        # Old files are rare and small; upgrading them whole keeps one code path.
        doc, version = decode(data, where)
        return doc.meta, version, doc.base is not None, position_label(doc.options)
    meta: Any = _MISSING
    from_position = False
    options: Any = None
    with _unpack_errors(where):
        unpacker = _unpacker(payload)
        for _ in range(unpacker.read_map_header()):
            key = unpacker.unpack()
            if key == "meta":
                meta = unpacker.unpack()
            elif key == "base":
                from_position = unpacker.unpack() is not None
            elif key == "options":  # small: the schema allows 1,000 values
                options = unpacker.unpack()
            else:
                unpacker.skip()
    if meta is not _MISSING:
        try:
            check_meta(meta, "meta")
        except Invalid as e:
            raise SaveError(where, f"bad save data at {e}") from None
        return SaveMeta.from_dict(meta), version, from_position, position_label(options)
    raise SaveError(where, "bad save data at top level: missing field 'meta'")


def decode(data: bytes, where: str) -> tuple[SaveDoc, int]:
    """The checked document from file bytes, upgraded to the current format,
    with the format version the file was written in."""
    version, payload = envelope(data, where)
    value = unpack(payload, where)
    try:
        value = migrate.upgrade(value, version)
    except migrate.MigrationFailed as e:
        raise SaveError(where, str(e)) from None
    try:
        check_document(value, "")
    except Invalid as e:
        raise SaveError(where, f"bad save data at {e}") from None
    # a game of the first edition of revised option rules plays on from its
    # position, labelled (carry.py)
    return carried(SaveDoc.from_dict(value)), version
