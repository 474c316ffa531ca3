"""The save file format: envelope, checksum, limits, schema, migrations."""

from __future__ import annotations

import copy
import random
import struct
from pathlib import Path
from typing import Any

import msgpack
import pytest

from tests.test_saves_support import make_doc, v1_dict, wrap, wrap_obj
from warp_empires.saves import FORMAT_VERSION, SaveError, read_save, write_save
from warp_empires.saves.format import MAGIC, MAX_ARRAY_LEN, MAX_STR_LEN, MAX_VALUES, decode, encode
from warp_empires.saves.migrate import STEPS

WHERE = "saves/x.wes"


def reject(data: bytes) -> SaveError:
    with pytest.raises(SaveError) as info:
        decode(data, WHERE)
    message = str(info.value)
    assert message.startswith(WHERE + ": ")
    assert "\n" not in message and "\r" not in message
    return info.value


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    doc = make_doc()
    path = write_save(tmp_path / "a.wes", doc)
    assert read_save(path) == doc


def test_file_starts_with_magic_and_version() -> None:
    data = encode(make_doc(), WHERE)
    assert data[:8] == MAGIC
    assert struct.unpack(">H", data[8:10]) == (FORMAT_VERSION,)


def test_every_truncation_is_rejected() -> None:
    data = encode(make_doc(n_actions=50), WHERE)
    for n in range(len(data)):
        reject(data[:n])


def test_random_byte_flips_are_rejected() -> None:
    data = encode(make_doc(n_actions=50), WHERE)
    rnd = random.Random(4)
    for _ in range(3000):
        damaged = bytearray(data)
        damaged[rnd.randrange(len(data))] ^= rnd.randrange(1, 256)
        reject(bytes(damaged))


def test_flipped_byte_in_payload_reports_checksum() -> None:
    data = bytearray(encode(make_doc(), WHERE))
    data[len(data) // 2] ^= 0x40
    assert "checksum mismatch" in str(reject(bytes(data)))


def test_appended_bytes_are_rejected() -> None:
    reject(encode(make_doc(), WHERE) + b"\x00")


def test_not_a_save() -> None:
    assert "not a Warp Empires save" in str(reject(b"PK\x03\x04" + bytes(100)))


def test_newer_format_is_refused_with_a_clear_message() -> None:
    data = wrap_obj(make_doc().to_dict(), version=FORMAT_VERSION + 1)
    err = reject(data)
    assert err.problem == (f"made by a newer Warp Empires (format {FORMAT_VERSION + 1}); "
                           f"this program reads up to {FORMAT_VERSION}")


def test_format_zero_is_refused() -> None:
    assert "unknown format version 0" in str(reject(wrap_obj(make_doc().to_dict(), version=0)))


# Hostile payloads. Each has a correct checksum, so only the unpacker limits
# and the schema checker stand between it and the program.

def _fixmap(pairs: bytes, n: int) -> bytes:
    return bytes([0x80 | n]) + pairs


HOSTILE: dict[str, bytes] = {
    "str32 declaring 4 GiB": b"\xdb\xff\xff\xff\xff" + b"abc",
    "array32 declaring 4 G items": b"\xdd\xff\xff\xff\xff" + b"\xc0" * 10,
    "map32 declaring 4 G pairs": b"\xdf\xff\xff\xff\xff" + b"\xa1a\xc0",
    "bin32 declaring 4 GiB": b"\xc6\xff\xff\xff\xff" + b"x",
    "array over the length limit": b"\xdd" + struct.pack(">I", MAX_ARRAY_LEN + 1)
    + b"\xc0" * (MAX_ARRAY_LEN + 1),
    "millions of empty arrays": (b"\xdd" + struct.pack(">I", 1_000_000)) * 1
    + (b"\xdd" + struct.pack(">I", 3) + b"\x90\x90\x90") * 1_000_000,
    "millions of short strings": b"\xdd" + struct.pack(">I", 1_000_000)
    + (b"\xdd" + struct.pack(">I", 3) + b"\xa2ab" * 3) * 1_000_000,
    "deep nesting of arrays": b"\x91" * 100_000 + b"\xc0",
    "deep nesting of maps": b"\x81\xa1k" * 100_000 + b"\xc0",
    "ext type": b"\xd4\x05\x00",
    "timestamp ext": b"\xd6\xff\x00\x00\x00\x01",
    "int map key": _fixmap(b"\x01\xc0", 1),
    "array map key": _fixmap(b"\x91\x01\xc0", 1),
    "invalid utf-8": _fixmap(b"\xa2\xff\xfe\xc0", 1),
    "reserved byte 0xc1": b"\xc1",
    "empty payload": b"",
    "nil": b"\xc0",
    "array not map": b"\x90",
    "bytes value": msgpack.packb({"meta": b"\x00" * 8}, use_bin_type=True),
    "two values": msgpack.packb({}) + msgpack.packb({}),
}


# The two payloads of millions of values take seconds each: the budget test
# below rejects them once, and checks why.
@pytest.mark.parametrize("name", sorted(n for n in HOSTILE if not n.startswith("millions")))
def test_hostile_payload_is_rejected(name: str) -> None:
    reject(wrap(HOSTILE[name]))


def test_value_budget_stops_millions_of_tiny_values() -> None:
    # Without the budget these 4-16 MB files decode into millions of Python
    # objects (hundreds of MiB) before the schema could refuse them.
    for name in ("millions of empty arrays", "millions of short strings"):
        err = reject(wrap(HOSTILE[name]))
        assert err.problem == f"payload is not valid save data (more than {MAX_VALUES:,} values)"


def test_hostile_payload_inside_a_valid_document() -> None:
    # The nasty value sits in the snapshot of an otherwise good save.
    good = msgpack.packb(make_doc().to_dict(), use_bin_type=True)
    assert good[0] == 0x87  # fixmap of the seven top-level fields, the snapshot last
    last_key = msgpack.packb("snapshot")
    cut = good.rindex(last_key) + len(last_key)
    for nasty in (b"\x91" * 5000 + b"\xc0", b"\xd4\x05\x00", b"\xdb\xff\xff\xff\xff"):
        reject(wrap(good[:cut] + nasty))


def _wrong_value(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return "x"
    if isinstance(value, int):
        return "7"
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return {"a": 1}
    return [1]


def _field_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the document whose type the schema fixes."""
    out = [path] if path else []
    if path[:1] in (("snapshot",), ("options",)):
        return out  # free-form engine data: only its top level has a fixed type
    if isinstance(value, dict):
        for k, v in value.items():
            out += _field_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            out += _field_paths(v, (*path, i))
    return out


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def test_wrong_type_in_each_field_is_rejected() -> None:
    base = make_doc(n_actions=5).to_dict()
    paths = _field_paths(base)
    assert len(paths) > 30
    for path in paths:
        value = base
        for key in path:
            value = value[key]
        if isinstance(value, str) and path[-1] in ("name", "program"):
            bad = 7  # free text: any string is fine, so only a non-string is wrong
        else:
            bad = _wrong_value(value)
        err = reject(wrap_obj(_replace(base, path, bad)))
        assert "bad save data at" in str(err), path


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("path, value", [
    (("meta", "turn"), -1),
    (("meta", "active"), 2),
    (("meta", "sides"), []),
    (("meta", "module", "fingerprint"), "not-hex!"),
    (("meta", "module", "id"), "../evil"),
    (("meta", "name"), "evil\x1b[2J\x1b[31m"),
    (("meta", "name"), "two\nlines"),
    (("meta", "name"), "bidi \u202e txt"),
    (("meta", "saved_at"), "yesterday"),
    (("meta", "saved_at"), "2026-11-22T15:30:00"),  # no UTC offset
    (("meta", "sides", 0, "player"), "Human Player"),
    (("seed",), None),
    (("meta", "game"), "0123"),
    (("meta", "game"), "0123456789ABCDEF"),
    (("actions", 0), []),
    (("actions", 0), 8 * 99),  # verb number 99: there are 8 verbs
    (("actions", 0), -1),
    (("actions", 0), "3"),
    (("actions", 0), True),
    (("actions", 0), None),
    (("actions",), {"a": 1}),
    (("verbs", 0), "not a verb"),
    (("verbs", 0), ""),
    (("snapshot", "pend"), 1.5),
    (("snapshot", "pend"), {"a": _nested(40)}),
    (("options",), []),
])
def test_out_of_range_or_malformed_value_is_rejected(path: tuple[Any, ...], value: Any) -> None:
    base = make_doc(n_actions=5).to_dict()
    err = reject(wrap_obj(_replace(base, path, value)))
    assert "\x1b" not in str(err)


def test_decisions_that_do_not_decode_are_rejected() -> None:
    base = make_doc(n_actions=5).to_dict()
    for flat, problem in (([3], "runs past the end"), ([8 * 40], "verb number 40 of "),
                          ([0, 8 * 40 + 1, 2], "decision 2 (value 1) names verb number 40")):
        err = reject(wrap_obj(dict(base, actions=flat)))
        assert problem in str(err)


def test_missing_and_unknown_fields_are_rejected() -> None:
    base = make_doc(n_actions=5).to_dict()
    for key in list(base) + list(base["meta"]):
        doc = copy.deepcopy(base)
        (doc if key in doc else doc["meta"]).pop(key)
        assert "missing field" in str(reject(wrap_obj(doc)))
    doc = copy.deepcopy(base)
    doc["meta"]["colour"] = "red"
    assert "unknown field 'colour'" in str(reject(wrap_obj(doc)))


def test_encode_refuses_a_save_beyond_the_read_limits() -> None:
    doc = make_doc()
    for snapshot, problem in [
        ({"long": "x" * (MAX_STR_LEN + 1)}, "beyond the read limits"),
        ({f"s{i}": "x" * MAX_STR_LEN for i in range(17)}, "the limit for reading is"),
        ({"many": [[0, 0]] * 600_000}, "beyond the read limits"),
    ]:
        broken = type(doc)(doc.meta, doc.seed, doc.options, doc.actions, snapshot)
        with pytest.raises(SaveError, match=problem):
            encode(broken, WHERE)


def test_encode_refuses_what_decode_would_refuse() -> None:
    doc = make_doc()
    for bad in ({"x": 1.5}, {1: 2}, {"x": b"raw"}, {"x": object()}):
        broken = type(doc)(doc.meta, doc.seed, doc.options, doc.actions, bad)
        with pytest.raises(SaveError, match="refusing to write invalid save data"):
            encode(broken, WHERE)


# Migrations: each step is tested from a hand-made file of its source version.

def test_format_1_save_is_upgraded() -> None:
    doc = make_doc(n_actions=30)
    v1 = {
        "meta": {
            "name": "Old campaign", "saved_at": "2026-01-02T03:04:05+01:00",
            "module_id": "star_wars", "module_version": "0.9.0",
            "module_fingerprint": "cd" * 32, "sides": ["rebels", "empire"],
            "turn": 12, "phase": "battle", "active": 0,
        },
        "seed": 99,
        "options": {},
        "actions": [[0, "start", 17], [1, "pass"], [0, "play", 3]],
        "snapshot": doc.snapshot,
    }
    upgraded, version = decode(wrap_obj(v1, version=1), WHERE)
    assert version == 1
    m = upgraded.meta
    assert (m.name, m.saved_at, m.turn, m.phase, m.active) == (
        "Old campaign", "2026-01-02T03:04:05+01:00", 12, "battle", 0)
    assert (m.module_id, m.module_version, m.module_fingerprint) == (
        "star_wars", "0.9.0", "cd" * 32)
    assert [(s.id, s.name, s.player) for s in m.sides] == [
        ("rebels", "rebels", "human"), ("empire", "empire", "human")]
    assert m.program == "unknown (format 1)"
    assert upgraded.seed == 99
    # format 2 kept the log; format 3 carries the state over as the base (the
    # old log used the old vocabulary and rules: see migrate.v2_to_v3)
    assert STEPS[1](v1)["actions"] == [[0, ["start", 17]], [1, ["pass"]], [0, ["play", 3]]]
    assert upgraded.actions == []
    assert upgraded.base == {"format": 2, "state": doc.snapshot}
    # format 4 keeps no event log in the snapshot (replaying rebuilds it)
    assert upgraded.snapshot == {k: v for k, v in doc.snapshot.items() if k != "log"}


def test_format_1_round_trips_through_the_upgrade() -> None:
    doc = make_doc(n_actions=100)
    v2 = STEPS[1](v1_dict(doc))
    assert [[side, a] for side, a in v2["actions"]] == list(doc.actions)
    upgraded, _ = decode(wrap_obj(v1_dict(doc), version=1), WHERE)
    assert upgraded.base["state"] == doc.snapshot
    assert upgraded.snapshot == {k: v for k, v in doc.snapshot.items() if k != "log"}
    assert upgraded.meta.module_fingerprint == doc.meta.module_fingerprint


def test_damaged_format_1_save_is_rejected_not_crashed() -> None:
    v1 = v1_dict(make_doc(n_actions=5))
    cases = [
        {k: v for k, v in v1.items() if k != "meta"},
        {**v1, "actions": [5]},
        {**v1, "meta": {**v1["meta"], "sides": 3}},
        [1, 2, 3],
    ]
    for case in cases:
        err = reject(wrap_obj(case, version=1))
        assert "format 1" in str(err) or "bad save data" in str(err)


def test_messages_name_the_file_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "broken.wes"
    path.write_bytes(encode(make_doc(), WHERE)[:-1])
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert str(info.value) == f"{path}: checksum mismatch (file damaged or truncated)"
