"""A position file written from a game state (docs/positions.md): the
starting template `warp-empires module position MODULE` prints, which reads
back as the same position."""

from __future__ import annotations

import json
from collections.abc import Iterable

from warp_empires.engine import Game, State
from warp_empires.module.defs import Module


def opening_state(module: Module, seed: int) -> State:
    """The module's opening as set up by `seed`, each side that chooses its
    start taking the first place offered, before anyone draws a card."""
    game = Game.new(module, seed)
    while game.state.step == "choose_start":
        game.apply(game.prompt().side, game.legal_actions()[0])
    return game.state


def position_file(s: State, phase: str = "draw", hands: bool = False) -> str:
    """TOML for `s` at the start of `phase`; the hands only with `hands`
    (at the opening nobody holds a card before the first draw)."""
    m = s.module
    ids = json.dumps  # a TOML basic string is a JSON string for ids
    lines = [f"# A position of {m.id} (docs/positions.md): edit it, then",
             "#   warp-empires play --position FILE",
             "[position]", f"module = {ids(m.id)}", f"side = {ids(m.sides[s.active].id)}",
             f"phase = {ids(phase)}", f"turn = {max(1, s.turn)}"]
    for side, info in enumerate(m.sides):
        lines += ["", f"[{info.id}]", f"bank = {s.banks[side]}"]
        hand = [m.cards[k].id for k in s.hands[side]] if hands else []
        lines.append(f"hand = {_list(hand)}")
        held = (t.id for t in m.map.territories if s.control[t.index] == side)
        lines.append(f"control = {_list(held)}")
        lines.append(f"captives = {_list(m.units[s.chits[c]].id for c in s.captives[side])}")
        lines += ["", f"[{info.id}.stacks]  # territory = [units, top first]"]
        for t in m.map.territories:
            stack = s.stacks[side][t.index]
            if stack:
                lines.append(f"{t.id} = {_list(m.units[s.chits[c]].id for c in stack)}")
    return "\n".join(lines) + "\n"


def _list(items: Iterable[str]) -> str:
    return "[" + ", ".join(json.dumps(x) for x in items) + "]"
