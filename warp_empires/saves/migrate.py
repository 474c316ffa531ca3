"""Upgrading saves written by older format versions, one version at a time.

`STEPS[v]` turns a decoded format-v document into a format-(v+1) document. A save
of format v runs STEPS[v], STEPS[v+1], ... up to FORMAT_VERSION, then meets the
same schema check as a fresh save. Steps are never edited once released (old
files in the wild depend on them); a change of format appends a step. Each
step has a test built from a hand-made file of its source version.

Steps run on untrusted data before the schema check, so they must only read
with plain indexing; a wrong shape raises KeyError/TypeError/..., which
`upgrade` reports as a damaged save.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

Doc = dict[str, Any]

# Format 1 was the first draft of the format, never released; it is kept so
# that the migration path is real and tested from the start.
FIRST_VERSION = 1


def v1_to_v2(doc: Doc) -> Doc:
    """Format 2 nests the module identity, records who plays each side and the
    program version, and keeps each action as one value [side, [verb, args...]]
    (format 1 flattened it to [side, verb, args...])."""
    meta = doc["meta"]
    new_meta = {
        "name": meta["name"],
        "saved_at": meta["saved_at"],
        # Format 1 did not record the program; say so rather than guess.
        "program": "unknown (format 1)",
        "module": {
            "id": meta["module_id"],
            "version": meta["module_version"],
            "fingerprint": meta["module_fingerprint"],
        },
        # Format 1 kept side ids only; the id stands in for the name, and
        # format-1 games were all hot-seat games between humans.
        "sides": [{"id": sid, "name": sid, "player": "human"} for sid in meta["sides"]],
        "turn": meta["turn"],
        "phase": meta["phase"],
        "active": meta["active"],
    }
    actions = [[entry[0], list(entry[1:])] for entry in doc["actions"]]
    return {
        "meta": new_meta,
        "seed": doc["seed"],
        "options": doc["options"],
        "actions": actions,
        "snapshot": doc["snapshot"],
    }


def v2_to_v3(doc: Doc) -> Doc:
    """Format 3 came with the reshaped decisions (selections, arranging as its
    own step, undo) and rulings M8, M9 and R3. A format-2 action log used the
    old vocabulary under the old rules (Sabotage chose its target, recruits
    avoided enemy stacks), so it cannot replay: the game continues from its
    saved state, kept as the `base` that a new action log starts from. The
    engine state inside is converted when the game is loaded
    (saves/legacy.py), where the module is known; the old log is dropped."""
    return {
        "meta": doc["meta"],
        "seed": doc["seed"],
        "options": doc["options"],
        "base": {"format": 2, "state": doc["snapshot"]},
        "actions": [],
        "snapshot": doc["snapshot"],
    }


def v3_to_v4(doc: Doc) -> Doc:
    """Format 4 keeps only what cannot be rebuilt: the snapshot loses the event
    log (replaying the actions writes it again), the decisions are one flat
    list of small ints with each verb written once (engine/record.py), and the metadata
    names the game, so that one game's save never silently replaces
    another's. A format-3 game gets an id made from its seed, the same for
    every save of that game."""
    meta = dict(doc["meta"])
    meta["game"] = hashlib.sha256(f"warp-empires game {doc['seed']}".encode()).hexdigest()[:16]
    snapshot = {k: v for k, v in doc["snapshot"].items() if k != "log"}
    numbers: dict[str, int] = {}
    flat: list[Any] = []
    for side, action in doc["actions"]:
        verb, args = action[0], action[1:]
        if type(verb) is not str or side not in (0, 1) or len(args) > 3:
            raise ValueError("an action is not [side, [verb, up to 3 args]]")
        flat.append(numbers.setdefault(verb, len(numbers)) * 8 + side * 4 + len(args))
        flat.extend(args)
    return {
        "meta": meta,
        "seed": doc["seed"],
        "options": doc["options"],
        "base": doc["base"],
        "verbs": list(numbers),
        "actions": flat,
        "snapshot": snapshot,
    }


def v4_to_v5(doc: Doc) -> Doc:
    """Format 5 names the edition of the rules a game was started under
    (engine/options.py RULES), so that a game keeps the rules it was played by
    when they change. Every earlier save was played under edition 1."""
    options = dict(doc["options"])
    options.setdefault("rules", 1)
    snapshot = dict(doc["snapshot"])  # the state keeps its options too
    if "options" in snapshot:
        snapshot["options"] = {**snapshot["options"], "rules": options["rules"]}
    return {**doc, "options": options, "snapshot": snapshot}


STEPS: dict[int, Callable[[Doc], Doc]] = {
    1: v1_to_v2,
    2: v2_to_v3,
    3: v3_to_v4,
    4: v4_to_v5,
}

FORMAT_VERSION = FIRST_VERSION + len(STEPS)

# What a step may raise on a damaged or hostile older file.
STEP_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError)


class MigrationFailed(Exception):
    pass


def upgrade(doc: Any, version: int) -> Doc:
    """The document brought from `version` up to FORMAT_VERSION (unchecked)."""
    for v in range(version, FORMAT_VERSION):
        if type(doc) is not dict:
            raise MigrationFailed(f"format {v} data is not a map")
        try:
            doc = STEPS[v](doc)
        except STEP_ERRORS as e:
            raise MigrationFailed(
                f"cannot upgrade from format {v}: damaged data ({type(e).__name__}: {e})"
            ) from e
    return doc
