"""How a side played, seen from outside the game: its player-turns, its
leaders lost to capture, and the bank it left unspent when it could have
bought. Benchmarks and `train` watch the real state with it (an observer may
read all of it; no player ever does, RULINGS H9).

Call `before(s, side, action)` before each action is applied and `after(s)`
after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warp_empires.engine import Action, State
from warp_empires.engine.board import units_on_map
from warp_empires.engine.economy import upkeep_limit


@dataclass
class Conduct:
    """Tallies for both sides of one game, indexed by side."""

    turns: list[int] = field(default_factory=lambda: [0, 0])  # player-turns played
    leaders_lost: list[int] = field(default_factory=lambda: [0, 0])  # captured by the enemy
    recruits: list[int] = field(default_factory=lambda: [0, 0])  # Recruit offers closed
    # banks left at the close of an offer when an unbought chit was affordable
    # and keepable: what the issue calls hoarding
    unspent: list[list[int]] = field(default_factory=lambda: [[], []])
    _turn: int = 0
    _held: list[frozenset[int]] = field(default_factory=lambda: [frozenset(), frozenset()])

    def before(self, s: State, side: int, action: Action) -> None:
        """Looks at a Recruit offer as it is closed (`done`): the bank left is
        counted when a chit still on offer was one the side could have paid
        for with it and kept within the upkeep limit (RULINGS R1, U1)."""
        if s.step != "recruit" or action != ("done",) or s.pend is None:
            return
        sel = s.pend.offer
        bought = sel.chosen()
        force = s.tab.chit_force
        left = s.banks[side] - sum(force[c] for c in bought)
        room = upkeep_limit(s, side) - units_on_map(s, side) - len(bought)
        self.recruits[side] += 1
        if room >= 1 and any(force[c] <= left for c in sel.items if c not in bought):
            self.unspent[side].append(left)

    def after(self, s: State) -> None:
        if s.turn > self._turn:
            self._turn = s.turn
            self.turns[s.active] += 1
        for side in (0, 1):
            held = s.tab.leaders[side].intersection(s.captives[1 - side])
            self.leaders_lost[side] += len(held - self._held[side])
            self._held[side] = held

    def summary(self, side: int) -> dict[str, int | list[int]]:
        """One side's tallies as plain data (a benchmark's log line)."""
        return {"turns": self.turns[side], "leaders_lost": self.leaders_lost[side],
                "recruits": self.recruits[side], "unspent": list(self.unspent[side])}
