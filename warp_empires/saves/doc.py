"""The contents of a save (current format version) as typed objects, and its schema.

`SaveDoc.to_dict()` is exactly what is packed into the file; `SaveDoc.from_dict()`
accepts only a dict that passed `check_document`. Changing either means a new
format version and a migration step (see docs/save-format.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from warp_empires.engine.record import MAX_ARGS, ActionLog, BadRecord, starts_of

from . import schema as s

# Bounds on what a save may hold. They are far above any real game (400
# player-turns of random play are about 9,300 actions) and exist so that a
# hostile file cannot make the loader do unbounded work: replaying costs about
# 30 microseconds an action, so the longest log allowed replays in seconds.
MAX_ACTIONS = 200_000
MAX_ACTION_VALUES = MAX_ACTIONS * (1 + MAX_ARGS)
MAX_DATA_DEPTH = 32
MAX_SNAPSHOT_VALUES = 2_000_000
MAX_OPTION_VALUES = 1_000
MAX_TURN = 1_000_000

MAX_VERBS = 64
ID = r"[a-z][a-z0-9_]*"
PLAYER = r"[a-z][a-z0-9_.:-]*"
GAME_ID = r"[0-9a-f]{16}"

check_side = s.record({
    "id": s.text(64, ID, min_len=1),
    "name": s.text(100, min_len=1),
    "player": s.text(32, PLAYER, min_len=1),
})

check_meta = s.record({
    "game": s.text(16, GAME_ID, min_len=16),
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

_check_fields = s.record({
    "meta": check_meta,
    "seed": s.integer(s.INT64_MIN, s.UINT64_MAX),
    "options": s.plain_data(MAX_DATA_DEPTH, MAX_OPTION_VALUES),
    "base": s.optional(s.plain_data(MAX_DATA_DEPTH, MAX_SNAPSHOT_VALUES)),
    "verbs": s.list_of(s.text(32, ID, min_len=1), max_len=MAX_VERBS),
    "actions": s.flat_ints(MAX_ACTION_VALUES),
    "snapshot": s.plain_data(MAX_DATA_DEPTH, MAX_SNAPSHOT_VALUES),
})


def check_document(value: Any, where: str) -> None:
    """Every field, then what ties fields together: the decisions decode
    (engine/record.py), each naming a verb of `verbs`."""
    _check_fields(value, where)
    if len(value["actions"]) // 2 > MAX_ACTIONS:
        raise s.Invalid("actions", f"more than {MAX_ACTIONS} decisions")
    try:
        starts_of(value["actions"], len(value["verbs"]))
    except BadRecord as e:
        raise s.Invalid("actions", str(e)) from None


@dataclass(frozen=True, slots=True)
class SideInfo:
    id: str
    name: str
    player: str  # who plays it: "human", "bot", "bot:<name>", ...


@dataclass(frozen=True, slots=True)
class SaveMeta:
    """What a save browser shows without replaying anything."""

    game: str  # the game's id: saves of one campaign share it (no silent overwrite)
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

    def saved_at_local(self) -> str:
        """When it was saved, in local time, for a listing ("2026-11-23 15:30")."""
        try:
            return self.saved_at_time.astimezone().strftime("%Y-%m-%d %H:%M")
        except (OverflowError, ValueError, OSError):  # the clock cannot show it
            return self.saved_at[:16].replace("T", " ")

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
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
            game=d["game"], name=d["name"], saved_at=d["saved_at"], program=d["program"],
            module_id=d["module"]["id"], module_version=d["module"]["version"],
            module_fingerprint=d["module"]["fingerprint"], sides=(a, b),
            turn=d["turn"], phase=d["phase"], active=d["active"],
        )


@dataclass(frozen=True, slots=True)
class SaveDoc:
    meta: SaveMeta
    seed: int
    options: dict[str, Any]
    actions: ActionLog  # the decisions that stand, in the record's compact form
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
            "verbs": self.actions.verbs,
            "actions": self.actions.flat,
            "snapshot": self.snapshot,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SaveDoc:
        return cls(
            meta=SaveMeta.from_dict(d["meta"]),
            seed=d["seed"],
            options=d["options"],
            actions=ActionLog(d["verbs"], d["actions"]),
            snapshot=d["snapshot"],
            base=d["base"],
        )
