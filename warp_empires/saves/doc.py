"""The contents of a save (current format version) as typed objects, and its schema.

`SaveDoc.to_dict()` is exactly what is packed into the file; `SaveDoc.from_dict()`
accepts only a dict that passed `check_document`. Changing either means a new
format version and a migration step (see docs/save-format.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from . import schema as s

# Bounds on what a save may hold. They are far above any real game (400
# player-turns of random play are about 9,300 actions) and exist so that a
# hostile file cannot make the loader do unbounded work: replaying costs about
# 30 microseconds an action, so the longest log allowed replays in seconds.
MAX_ACTIONS = 200_000
MAX_ACTION_ARGS = 4
MAX_DATA_DEPTH = 32
MAX_SNAPSHOT_VALUES = 2_000_000
MAX_OPTION_VALUES = 1_000
MAX_TURN = 1_000_000

ID = r"[a-z][a-z0-9_]*"
PLAYER = r"[a-z][a-z0-9_.:-]*"

check_side = s.record({
    "id": s.text(64, ID, min_len=1),
    "name": s.text(100, min_len=1),
    "player": s.text(32, PLAYER, min_len=1),
})

check_meta = s.record({
    "name": s.text(100),
    "saved_at": s.timestamp(),
    "program": s.text(40),
    "module": s.record({
        "id": s.text(64, ID, min_len=1),
        "version": s.text(40, min_len=1),
        "fingerprint": s.text(128, r"[0-9a-f]+", min_len=8),
    }),
    "sides": s.list_of(check_side, max_len=2, min_len=2),
    "turn": s.integer(0, MAX_TURN),
    "phase": s.text(32, ID, min_len=1),
    "active": s.integer(-1, 1),
})

check_document = s.record({
    "meta": check_meta,
    "seed": s.integer(s.INT64_MIN, s.UINT64_MAX),
    "options": s.plain_data(MAX_DATA_DEPTH, MAX_OPTION_VALUES),
    "base": s.optional(s.plain_data(MAX_DATA_DEPTH, MAX_SNAPSHOT_VALUES)),
    "actions": s.action_log(MAX_ACTIONS, MAX_ACTION_ARGS, verb_len=32),
    "snapshot": s.plain_data(MAX_DATA_DEPTH, MAX_SNAPSHOT_VALUES),
})

Action = tuple[Any, ...]  # (verb, int, ...)


@dataclass(frozen=True, slots=True)
class SideInfo:
    id: str
    name: str
    player: str  # who plays it: "human", "bot", "bot:<name>", ...


@dataclass(frozen=True, slots=True)
class SaveMeta:
    """What a save browser shows without replaying anything."""

    name: str
    saved_at: str  # ISO 8601 with UTC offset
    program: str  # Warp Empires version that wrote the file
    module_id: str
    module_version: str
    module_fingerprint: str
    sides: tuple[SideInfo, SideInfo]
    turn: int
    phase: str
    active: int  # side index, -1 when the game is over

    @property
    def active_id(self) -> str | None:
        return self.sides[self.active].id if self.active >= 0 else None

    @property
    def saved_at_time(self) -> datetime:
        return datetime.fromisoformat(self.saved_at)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "saved_at": self.saved_at,
            "program": self.program,
            "module": {"id": self.module_id, "version": self.module_version,
                       "fingerprint": self.module_fingerprint},
            "sides": [{"id": x.id, "name": x.name, "player": x.player} for x in self.sides],
            "turn": self.turn,
            "phase": self.phase,
            "active": self.active,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SaveMeta:
        a, b = (SideInfo(x["id"], x["name"], x["player"]) for x in d["sides"])
        return cls(
            name=d["name"], saved_at=d["saved_at"], program=d["program"],
            module_id=d["module"]["id"], module_version=d["module"]["version"],
            module_fingerprint=d["module"]["fingerprint"], sides=(a, b),
            turn=d["turn"], phase=d["phase"], active=d["active"],
        )


@dataclass(frozen=True, slots=True)
class SaveDoc:
    meta: SaveMeta
    seed: int
    options: dict[str, Any]
    actions: list[tuple[int, Action]]  # [(side, (verb, args...)), ...]
    snapshot: dict[str, Any]  # State.to_data() at the time of saving
    # the state the actions start from, when not a new game from the seed (a
    # game carried over from an older format: see migrate.v2_to_v3)
    base: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "meta": self.meta.to_dict(),
            "seed": self.seed,
            "options": self.options,
            "base": self.base,
            "actions": [[side, list(action)] for side, action in self.actions],
            "snapshot": self.snapshot,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SaveDoc:
        return cls(
            meta=SaveMeta.from_dict(d["meta"]),
            seed=d["seed"],
            options=d["options"],
            actions=[(side, tuple(action)) for side, action in d["actions"]],
            snapshot=d["snapshot"],
            base=d["base"],
        )
