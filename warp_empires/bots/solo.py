"""The table-driven solo opponent (RULINGS O6): decides like the genre's solo
systems rather than by search, from tables in the module's data ([solo]).

At the start of each of its Move phases every one of its stacks rolls a d6 for
its order, plus the modifiers that apply (a stronger enemy stack within reach,
a fortification in the stack, a leader in it, an enemy stack within reach):
attack (into the weakest enemy stack it can reach), advance (towards the
nearest enemy or unclaimed revenue territory), hold, or fall back (towards its
own territory, away from the enemy). In each battle it rolls for its posture
on the force-ratio table: charge (every battle card), stand (only cards that
tip the balance) or withdraw (try to withdraw when it defends with the
optional rule, else pass). Everything else (discards, buying, losses,
retreats) it decides like the heuristic player.

It reads only its view and the module's public data, like every player.
"""

from __future__ import annotations

import random

from warp_empires.engine import Action, View
from warp_empires.engine.board import reach
from warp_empires.module.defs import Module, SoloDef

from .base import forward
from .heuristic import HeuristicPlayer
from .measures import distances

MOVING_ORDERS = frozenset({"attack", "advance", "fall_back"})


class SoloPlayer:
    kind = "solo"

    def __init__(self, module: Module, seed: int = 0) -> None:
        if module.solo is None:
            raise ValueError(f"module {module.id} has no [solo] tables for the solo opponent")
        self.m = module
        self.tables: SoloDef = module.solo
        self.rng = random.Random(seed)
        self.base = HeuristicPlayer(module, seed)
        self.dist = distances(module)
        self.turn = -1
        self.orders: dict[int, str] = {}  # territory -> this turn's order, until carried out
        self.order = ""  # the order of the group being moved
        self.battle: tuple[int, int, int] | None = None  # (turn, territory, attacker)
        self.posture = ""

    def choose(self, view: View, legal: list[Action]) -> Action:
        legal = forward(legal)
        if len(legal) == 1:
            return legal[0]
        step = view.step
        if step in ("move", "move_from", "move_units"):
            if view.turn != self.turn:
                self.turn = view.turn
                self.orders = self.give_orders(view)
            choice = getattr(self, "_" + step)(view, legal)
        elif step in ("battle_card", "withdraw"):
            choice = self._battle(view, legal)
        else:
            return self.base.choose(view, legal)
        return choice if choice in legal else self.base.choose(view, legal)

    # Orders

    def give_orders(self, view: View) -> dict[int, str]:
        """Each stack with a unit that can move rolls for its order."""
        side = view.side
        out = {}
        for t, st in enumerate(view.stacks[side]):
            if not st or not any(self.m.units[u.unit].move for u in st.units or ()):
                continue
            roll = self.rng.randint(1, 6) + sum(self.modifiers(view, t).values())
            out[t] = next((o for up_to, o in self.tables.orders if roll <= up_to),
                          self.tables.orders[-1][1])
        return out

    def modifiers(self, view: View, t: int) -> dict[str, int]:
        """The modifiers that apply to the stack at t (SoloDef.modifiers)."""
        side, enemy = view.side, view.enemy
        units = self.m.units
        st = view.stacks[side][t]
        mine = [units[u.unit] for u in (st.units or () if st else ())]
        speed = min((u.move for u in mine if u.move), default=0)
        near = [n for n in reach(self.m.map.territories, view.stacks[enemy], t, speed)
                if view.stacks[enemy][n]]
        force = sum(u.force for u in mine)
        applies = {
            "outnumbered": any(self.base._estimate(view.stacks[enemy][n], enemy) > force
                               for n in near),
            "fortified": any(u.is_fortification for u in mine),
            "leader": any(u.is_leader for u in mine),
            "enemy_in_reach": bool(near),
        }
        return {k: v for k, v in self.tables.modifiers.items() if applies[k]}

    def _move(self, view: View, legal: list[Action]) -> Action:
        plays = [a for a in legal if a[0] == "play"]
        for a in plays:  # the non-move cards that help, as the heuristic plays them
            if self.m.cards[a[1]].effect.kind in ("rescue", "remove_control", "sabotage"):
                return a
        moves = [a for a in plays if self.m.cards[a[1]].effect.kind == "move"]
        if moves and any(o in MOVING_ORDERS for o in self.orders.values()):
            return max(moves, key=lambda a: self.m.cards[a[1]].effect.amount)
        return ("end",)

    def _move_from(self, view: View, legal: list[Action]) -> Action:
        for a in legal:
            if a[0] == "from" and self.orders.get(a[1]) in MOVING_ORDERS:
                self.order = self.orders.pop(a[1])
                return a
        return ("stop",)

    def _move_units(self, view: View, legal: list[Action]) -> Action:
        picks = [a for a in legal if a[0] == "pick"]
        if picks:
            return picks[0]  # the whole stack moves as one
        tos = [a[1] for a in legal if a[0] == "to"]
        if not tos:
            return ("back",)
        return ("to", self._destination(view, view.pend.src, tos))

    def _destination(self, view: View, src: int, tos: list[int]) -> int:
        side, enemy = view.side, view.enemy
        foes = [t for t, st in enumerate(view.stacks[enemy]) if st]
        dist = self.dist
        if self.order == "attack":
            targets = [t for t in tos if view.stacks[enemy][t]]
            if targets:
                return min(targets, key=lambda t: self.base._estimate(
                    view.stacks[enemy][t], enemy))
        if self.order == "fall_back":
            home = [t for t in tos if view.control[t] == side]

            def safety(t: int) -> tuple[int, int]:
                return (min((dist[t][f] for f in foes), default=99), t in home)
            return max(tos, key=safety)
        goals = foes + [t.index for t in self.m.map.territories
                        if t.is_revenue and view.control[t.index] != side]
        quiet = [t for t in tos if not view.stacks[enemy][t]] or tos
        return min(quiet, key=lambda t: (min((dist[t][g] for g in goals), default=99),
                                         dist[src][t]))

    # Battles

    def _battle(self, view: View, legal: list[Action]) -> Action:
        b = view.battle
        if b is None:
            return legal[0]
        side, enemy = view.side, view.enemy
        key = (view.turn, b.t, b.att)
        totals = b.totals
        if self.battle != key:
            self.battle = key
            ratio = 100 * totals[side]["total"] / max(1, totals[enemy]["total"])
            row = next((r for r in self.tables.postures if ratio < r[0]),
                       self.tables.postures[-1])
            roll = self.rng.randint(1, 6)
            self.posture = "charge" if roll <= row[1] else "stand" if roll <= row[2] \
                else "withdraw"
        if view.step == "withdraw":
            return ("withdraw",) if self.posture == "withdraw" else ("fight",)
        plays = [a for a in legal if a[0] == "play"]
        behind = totals[side]["total"] <= totals[enemy]["total"]
        if plays and (self.posture == "charge" or (self.posture == "stand" and behind)):
            return max(plays, key=lambda a: self.base._card_value(view, a[1]))
        return ("pass",)
