"""Helpers shared by the saves tests (no tests here).

Synthetic documents exercise the file format without the engine; the engine's
real games are used by test_saves_game.py.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import msgpack

from warp_empires.engine.record import ActionLog
from warp_empires.saves import SaveDoc, SaveMeta, SideInfo
from warp_empires.saves.format import HEADER, MAGIC
from warp_empires.saves.migrate import FORMAT_VERSION


def make_doc(n_actions: int = 200, *, name: str = "Test game", turn: int = 7,
             saved_at: str = "2026-11-22T15:30:00+00:00", seed: int = 1234) -> SaveDoc:
    rnd = random.Random(seed)
    verbs = ["play", "to", "from", "pass", "end", "buy", "place", "done"]
    actions: list[tuple[int, tuple[Any, ...]]] = []
    for _ in range(n_actions):
        verb = rnd.choice(verbs)
        args = tuple(rnd.randrange(40) for _ in range(rnd.randrange(3)))
        actions.append((rnd.randrange(2), (verb, *args)))
    meta = SaveMeta(
        game="0123456789abcdef", name=name, saved_at=saved_at, program="0.1.0",
        module_id="star_wars", module_version="1.0.0",
        module_fingerprint="ab" * 32,
        sides=(SideInfo("rebels", "Rebel Alliance", "human"),
               SideInfo("empire", "Galactic Empire", "bot")),
        turn=turn, phase="move", active=1,
    )
    snapshot = {
        "seed": seed, "rng": (1 << 64) - 5, "turn": turn, "phase": "move",
        "stacks": [[[rnd.randrange(80) for _ in range(rnd.randrange(4))] for _ in range(40)]
                   for _ in range(2)],
        "battle": None, "pend": {"card": 3, "left": [1, 2]},
        "log": [{"text": f"event {i}", "to": None, "turn": i // 5, "kind": "x"}
                for i in range(30)],
        "win_reason": "",
    }
    return SaveDoc(meta=meta, seed=seed, options={"variant": "basic"},
                   actions=ActionLog.of(actions), snapshot=snapshot)


def wrap(payload: bytes, version: int = FORMAT_VERSION) -> bytes:
    """A file around raw payload bytes, with a correct checksum: whatever is wrong
    inside must be caught by the unpacker limits or the schema checker."""
    body = HEADER.pack(MAGIC, version) + payload
    return body + hashlib.sha256(body).digest()


def wrap_obj(obj: Any, version: int = FORMAT_VERSION) -> bytes:
    return wrap(msgpack.packb(obj, use_bin_type=True), version)


def v1_dict(doc: SaveDoc) -> dict[str, Any]:
    """`doc` written out by hand in the (unreleased) format-1 layout."""
    m = doc.meta
    return {
        "meta": {
            "name": m.name, "saved_at": m.saved_at,
            "module_id": m.module_id, "module_version": m.module_version,
            "module_fingerprint": m.module_fingerprint,
            "sides": [m.sides[0].id, m.sides[1].id],
            "turn": m.turn, "phase": m.phase, "active": m.active,
        },
        "seed": doc.seed,
        "options": doc.options,
        "actions": [[side, *action] for side, action in doc.actions],
        "snapshot": doc.snapshot,
    }
