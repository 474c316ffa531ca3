"""A new game from a position file (docs/positions.md): a game with a `base`.

The position becomes an engine state (engine/staging.py), checked as a saved
snapshot is (saves/snapshot.py: sizes, every invariant, every view and
prompt), and the game's decisions start from it. Its options name the
position and the file's sha256, so that the opening line, every save, the
save listing and `replay --verify` say which position the game started from.
"""

from __future__ import annotations

import os
from typing import Any

from warp_empires.engine import Game
from warp_empires.engine.options import KEY, RULES, RULES_KEY
from warp_empires.engine.staging import staged_state, winner_at_start
from warp_empires.module.defs import Module

from .position import Position, PositionError
from .proof import POSITION_KEY
from .snapshot import snapshot_problem


def position_game(module: Module, position: Position, seed: int | None = None,
                  open_hands: bool = False) -> Game:
    """A game starting at `position`. Its seed (the one given, else the
    file's, else a secret one: RULINGS H7) shuffles what the file leaves out
    and rolls every die; `open_hands`: a teaching game. PositionError (one
    line) when the position cannot be played."""
    chosen = seed if seed is not None else position.seed
    options: dict[str, Any] = {RULES_KEY: RULES,
                               POSITION_KEY: {"name": position.name, "sha256": position.sha256}}
    if chosen is not None:
        options["seeded"] = True  # anyone with the seed can replay it
    else:
        chosen = int.from_bytes(os.urandom(8), "big")
    if open_hands:
        options["open_hands"] = True
    if position.optional:
        options[KEY] = list(position.optional)
    try:
        state = staged_state(module, chosen, position.setting, options)
        data = state.to_data()
        problem = snapshot_problem(data, state)
        problem = f"the position {problem}" if problem else winner_at_start(state)
    except ValueError as e:  # pieces the module does not have (the reader counts them first)
        problem = str(e)
    if problem is not None:
        raise PositionError(position.path, problem)
    game = Game(module, chosen, dict(state.options), state, [], data)
    state.undo = []  # people may take back decisions (RULINGS Z1)
    return game

