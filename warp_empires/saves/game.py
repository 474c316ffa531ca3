"""Saving a Game to a file and rebuilding it from one.

A save holds the seed, options and the decisions that stand, and a snapshot of
the state without its event log. Opening takes the state from the snapshot, so
a long campaign is playable at once; verifying replays the decisions from the
seed (rebuilding the event log on the way) and checks that the replay arrives
at the snapshot and the metadata: a save written by different rules, or
tampered with, is refused instead of silently becoming a different game.
`load_game` does both; the TUI opens first and verifies in the background.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

import warp_empires
from warp_empires.engine import Game, State
from warp_empires.engine.board import HAND_SINCE
from warp_empires.engine.invariants import broken
from warp_empires.module import ModuleError, load_module
from warp_empires.module.defs import Module

from .carry import labelled
from .doc import SaveDoc, SaveMeta, SideInfo
from .errors import SaveError
from .legacy import state_v2_to_v3
from .snapshot import snapshot_problem
from .store import (
    autosave_groups,
    now_iso,
    path_for_name,
    read_save,
    resolve_dir,
    write_autosave,
    write_save,
)

DEFAULT_PLAYERS = ("human", "human")
# The shape of engine states in `base`: 2 before the decisions were reshaped
# (converted on load by legacy.py), 3 since.
STATE_FORMAT = 3
AUTOSAVE_TITLE = "Autosave"


def game_doc(game: Game, name: str, players: Sequence[str] | None = None) -> SaveDoc:
    """The save document of `game` as it stands now."""
    module, state = game.module, game.state
    kinds = tuple(players) if players is not None else DEFAULT_PLAYERS
    if len(kinds) != 2:
        raise ValueError(f"players must name two player kinds, got {kinds!r}")
    sides = tuple(SideInfo(s.id, s.name, kind) for s, kind in zip(module.sides, kinds, strict=True))
    meta = SaveMeta(
        name=labelled(_display_name(name), game.options),
        saved_at=now_iso(),
        program=warp_empires.__version__,
        module_id=module.id,
        module_version=module.version,
        module_fingerprint=module.fingerprint,
        sides=(sides[0], sides[1]),
        turn=state.turn,
        phase=state.phase,
        active=-1 if state.winner >= 0 else state.active,
        game=game.id,
    )
    return SaveDoc(meta=meta, seed=game.seed, options=_plain(game.options),
                   actions=game.actions.copy(),
                   snapshot=state.to_data(log=False),
                   base=None if game.base is None else {"format": STATE_FORMAT,
                                                        "state": game.base})


def _display_name(name: str) -> str:
    # The name a save browser shows: what the player typed, minus anything that
    # could not be shown on one line.
    return "".join(ch for ch in name if ch.isprintable()).strip()[:100]


def save_game(game: Game, path_or_name: str | os.PathLike[str], *,
              dir: str | os.PathLike[str] | None = None,
              players: Sequence[str] | None = None, force: bool = False) -> Path:
    """Save `game` atomically and return the file written.

    A `str` is a save *name*: sanitised and put in `dir` (default: the saves
    folder) as `<name>.wes`, so it can never point outside that folder. A
    `Path` (or other path object) is used exactly as given. `players` are the
    player kinds of sides 0 and 1 ("human", "bot", ...), shown by save browsers.
    A file of another game (or not a save) already there is not replaced
    (SaveExists) unless `force`: saving never silently loses another game.
    """
    if isinstance(path_or_name, str):
        path = path_for_name(path_or_name, dir)
        name = path_or_name
    else:
        path = Path(path_or_name)
        name = path.stem
    return write_save(path, game_doc(game, name, players), force=force)


def autosave(game: Game, dir: str | os.PathLike[str] | None = None, *,
             players: Sequence[str] | None = None) -> Path:
    """Save `game` as its newest autosave (autosave-TAG-1.wes, store.autosave_slots),
    keeping its previous autosaves in the older slots. Meant to be called at
    the end of every player-turn."""
    return write_autosave(game_doc(game, AUTOSAVE_TITLE, players), dir)


def load_game(path: str | os.PathLike[str], module: Module | None = None, *,
              verify: bool = True) -> Game:
    """The game saved in `path`, replayed and verified (`verify_doc`), with its
    whole event log.

    `module` defaults to the installed module the save names; a module whose
    data changed since the save (another fingerprint) is refused. With
    `verify=False` it is `open_game`: the state from the snapshot, no replay.
    """
    game, doc = open_game(path, module)
    return verify_doc(doc, game.module, os.fspath(path)) if verify else game


def open_game(path: str | os.PathLike[str], module: Module | None = None) -> tuple[Game, SaveDoc]:
    """The game of a save, playable at once: its state is the snapshot, checked
    for consistency but not replayed, and its event log starts empty. Pass the
    document to `verify_doc` (it may run on another thread) to replay it; a
    save that fails that must not be played on."""
    where = os.fspath(path)
    doc = read_save(path)
    module = module if module is not None else _find_module(doc.meta, where)
    check_module(doc.meta, module, where)
    try:
        base = _base_state(doc.base)
        # a format-2 snapshot has the old shape; its converted base is the same state
        snapshot = base if doc.base is not None and doc.base["format"] == 2 else doc.snapshot
        state = State.from_data(module, snapshot)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise SaveError(where, f"snapshot does not fit this engine ({type(e).__name__}: {e})") \
            from None
    problem = snapshot_problem(snapshot, state)
    if problem is not None:
        which = "saved state" if doc.base is None else "saved base state"
        raise SaveError(where, f"{which} {problem}")
    _check_meta(doc.meta, state, where)
    state.undo = []
    game = Game(module, doc.seed, dict(doc.options), state, doc.actions.copy(), base,
                doc.meta.game)
    return game, doc


def _check_meta(meta: SaveMeta, state: State, where: str) -> None:
    """What a save browser shows must be the saved game's own position."""
    active = -1 if state.winner >= 0 else state.active
    if (meta.turn, meta.phase, meta.active) != (state.turn, state.phase, active):
        def said(turn: int, phase: str, side: int) -> str:
            who = "game over" if side < 0 else f"side {side} to play"
            return f"turn {turn}, {phase}, {who}"
        raise SaveError(where, f"metadata ({said(meta.turn, meta.phase, meta.active)}) does not "
                               f"match the saved game ({said(state.turn, state.phase, active)})")


def _find_module(meta: SaveMeta, where: str) -> Module:
    try:
        # The id passed the schema's [a-z][a-z0-9_]* check, so it is a bare
        # name looked up on the module search path, never a path to a folder.
        return load_module(meta.module_id)
    except ModuleError as e:
        first = e.problems[0] if e.problems else "not found"
        raise SaveError(where, f"needs module {meta.module_id} {meta.module_version}, "
                               f"which cannot be loaded: {first}") from None


def check_module(meta: SaveMeta, module: Module, where: str) -> None:
    """Refuse a module other than the one the save was made with."""
    if module.id != meta.module_id:
        raise SaveError(where, f"made with module {meta.module_id}, not {module.id}")
    # A later version that says it plays the same (module.same_rules_as) is
    # accepted; the replay check that follows still compares every position.
    if module.fingerprint != meta.module_fingerprint \
            and meta.module_fingerprint not in module.same_rules_as:
        raise SaveError(
            where,
            f"made with module {meta.module_id} {meta.module_version} "
            f"(fingerprint {meta.module_fingerprint[:12]}…), installed is {module.version} "
            f"(fingerprint {module.fingerprint[:12]}…) — data changed")


def _plain(data: Any) -> Any:
    # The snapshot came back from msgpack (lists, not tuples); compare like with like.
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False,
                           strict_map_key=False)


def verify_doc(doc: SaveDoc, module: Module, where: str) -> Game:
    """The document's game rebuilt by replaying its decisions, refused unless it
    arrives at the snapshot and the metadata."""
    try:
        base = _base_state(doc.base)
        game = Game.replay(module, doc.seed, dict(doc.options), [], base, doc.meta.game)
        game.state.undo = None  # a replay takes nothing back
        if base is not None and (problems := broken(game.state)):
            raise ValueError("; ".join(problems[:3]))
    except Exception as e:  # untrusted options or base; any failure is a bad save
        start = "seed and options" if doc.base is None else "saved base state"
        raise SaveError(where, f"cannot start the game from its {start} "
                               f"({type(e).__name__}: {e})") from e
    for i, (side, action) in enumerate(doc.actions):
        try:
            game.apply(side, action)
        except Exception as e:  # an untrusted log may break the engine anyhow
            text = " ".join(map(str, action))
            raise SaveError(where, f"action {i + 1} of {len(doc.actions)} ({text!r} by side "
                                   f"{side}) does not replay: {e}") from e
    replayed = without_words(game.state.to_data(log=False))
    snapshot = without_words(doc.snapshot)
    for name in LATER_FIELDS:
        if name not in snapshot:
            replayed.pop(name, None)  # written before the engine kept it
    if _knew_less(snapshot, replayed):
        snapshot = {**snapshot, "shown": replayed["shown"]}
    if doc.base is not None and doc.base["format"] == 2 and not doc.actions:
        snapshot = replayed  # carried over from format 2: the base is the snapshot
    # to_data() is already plain lists (fast path); tuples would compare unequal.
    if replayed != snapshot and (replayed := _plain(replayed)) != snapshot:
        fields = [k for k in sorted(set(replayed) | set(snapshot))
                  if replayed.get(k) != snapshot.get(k)]
        raise SaveError(where, "replaying the action log does not reproduce the saved state "
                               f"(differs in: {', '.join(fields[:5])}); saved by Warp Empires "
                               f"{doc.meta.program}")
    _check_meta(doc.meta, game.state, where)
    game.state.undo = []
    return game


# The sentences a state keeps for players to read (why the game ended, how the
# latest battle went). A newer version may word them differently, or name a side
# otherwise: a save stands for the decisions and the position, not the wording.
WORDS = ("win_reason",)
# State fields the engine keeps since a later version, public and rebuilt by
# any replay: a save written before them has none, and its game opens without
# (stacks seen in a battle are then hidden again until the next one there).
LATER_FIELDS = ("shown", "seen")
BATTLE_WORDS = ("result",)


def _knew_less(snapshot: dict[str, Any], replayed: dict[str, Any]) -> bool:
    """Whether the saved stacks seen (`shown`) are some of the replay's, not
    all: a save written before a stack seen whole stayed known when it moved
    on whole (docs/rules.md, Battles) knows fewer, which hides nothing it
    should show. One listing a stack the replay does not is refused, since
    it would show the enemy a secret (RULINGS H2)."""
    saved, again = snapshot.get("shown"), replayed.get("shown")
    if not isinstance(saved, list) or not isinstance(again, list) or saved == again:
        return False
    try:
        return {tuple(p) for p in saved} < {tuple(p) for p in again}
    except TypeError:  # an untrusted field of another shape: the comparison says so
        return False


def without_words(data: dict[str, Any]) -> dict[str, Any]:
    """State data (`State.to_data`) less the sentences kept for players (WORDS),
    and less the notes following a spied hand (HAND_SINCE): public, rebuilt by
    any replay, and missing from saves written before they were kept."""
    out = {k: v for k, v in data.items() if k not in WORDS}
    intel = out.get("intel")
    if isinstance(intel, list) and any(
            isinstance(i, dict) and i.get("kind") in HAND_SINCE for notes in intel
            if isinstance(notes, list) for i in notes):
        out["intel"] = [[i for i in notes if not (isinstance(i, dict)
                                                  and i.get("kind") in HAND_SINCE)]
                        if isinstance(notes, list) else notes for notes in intel]
    for key in ("battle", "last_battle"):
        battle = out.get(key)
        if isinstance(battle, dict) and any(w in battle for w in BATTLE_WORDS):
            out[key] = {k: v for k, v in battle.items() if k not in BATTLE_WORDS}
    return out


def attach_log(game: Game, replayed: Game) -> None:
    """Gives a game opened from its snapshot the event log its verification
    rebuilt, before whatever was logged since it opened (also in its undo
    checkpoints, so that taking a decision back keeps the history)."""
    earlier = replayed.state.log
    game.state.log[:0] = earlier
    for checkpoint in game.state.undo or ():
        checkpoint.log[:0] = earlier
    told = game.state.told  # what the other side was told (RULINGS Z2) reads it too
    if told is not None and told.log is not None and earlier is not None:
        told.log[:0] = earlier


def _base_state(base: dict[str, Any] | None) -> dict[str, Any] | None:
    """The engine state a save's actions start from (None: a new game from the seed)."""
    if base is None:
        return None
    if base.get("format") == 2:
        return state_v2_to_v3(base["state"])
    if base.get("format") == STATE_FORMAT:
        return base["state"]
    raise ValueError(f"unknown base state format {base.get('format')!r}")


@dataclass
class AutosaveLoad:
    game: Game
    path: Path
    skipped: list[SaveError] = field(default_factory=list)  # newer slots that failed


def load_latest_autosave(dir: str | os.PathLike[str] | None = None,
                         module: Module | None = None) -> AutosaveLoad:
    """The newest autosave of the game autosaved last that loads, falling back
    slot by slot past damaged ones (then to the games autosaved before it)."""
    skipped: list[SaveError] = []
    for group in autosave_groups(dir):
        for slot in group:
            try:
                return AutosaveLoad(load_game(slot, module), slot, skipped)
            except SaveError as e:
                skipped.append(e)
    folder = resolve_dir(dir)
    if not skipped:
        raise SaveError(folder, "no autosave yet")
    reasons = "; ".join(f"{Path(e.where).name}: {e.problem}" for e in skipped)
    raise SaveError(folder, f"no autosave could be loaded ({reasons})")
