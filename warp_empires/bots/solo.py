"""The table-driven solo opponent (RULINGS O6): decides like the genre's solo
systems rather than by search, from tables in the module's data ([solo]).

At the start of each of its Move phases every one of its stacks rolls a d6 for
its order, plus the modifiers that apply (a stronger enemy stack within reach,
a fortification in the stack, a leader in it, an enemy stack within reach, a
friendly stack within reach retreating or routing, each quarter of the stack
lost since its last turn), and reads one of seed 001's six orders: attack
(into the nearest enemy stack it can reach), advance (towards the nearest
enemy or an objective), move (reposition: towards a revenue territory it does
not hold), stand, retreat (away from the nearest enemy) or rout (to where it is
further from every enemy). In each battle it rolls for its posture
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
from warp_empires.engine.passage import group_passage, group_speed
from warp_empires.engine.powers import may_move
from warp_empires.module.defs import Module, SoloDef

from .base import forward
from .heuristic import HeuristicPlayer
from .measures import distances

MOVING_ORDERS = frozenset({"attack", "advance", "move", "retreat", "rout"})
FALLING_BACK = frozenset({"retreat", "rout"})  # what friends_falling_back reacts to


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
        self.sizes: dict[int, int] = {}  # territory -> its stack's size after our last move
        self.order = ""  # the order of the group being moved
        self.battle: tuple[int, int, int] | None = None  # (turn, territory, attacker)
        self.posture = ""

    def choose(self, view: View, legal: list[Action]) -> Action:
        legal = forward(legal)
        if len(legal) == 1:
            return legal[0]
        step = view.step
        if view.turn == self.turn and step not in ("move", "move_from", "move_units"):
            self.sizes = {t: len(st.units or ()) for t, st in enumerate(view.stacks[view.side])
                          if st}  # after its moves: losses_taken compares with these
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
        """Each stack with a unit that can move rolls for its order, in map order
        (so a stack reacts to the friends that rolled before it)."""
        side = view.side
        out: dict[int, str] = {}
        for t, st in enumerate(view.stacks[side]):
            if not st or not any(self.m.units[u.unit].move for u in st.units or ()):
                continue
            roll = self.rng.randint(1, 6) + sum(self.modifiers(view, t, out).values())
            out[t] = next((o for up_to, o in self.tables.orders if roll <= up_to),
                          self.tables.orders[-1][1])
        return out

    def modifiers(self, view: View, t: int, given: dict[int, str] | None = None
                  ) -> dict[str, int]:
        """The modifiers that apply to the stack at t (SoloDef.modifiers), with
        `given` the orders rolled so far this turn."""
        side, enemy = view.side, view.enemy
        units = self.m.units
        st = view.stacks[side][t]
        mine = [units[u.unit] for u in (st.units or () if st else ())]
        going = [u.unit for u in (st.units or () if st else ()) if units[u.unit].move]
        # RULINGS M1, docs/rules.md G1, G2: as far and where the engine lets it go
        # docs/rules.md G14: a stack without a unit the module names stays
        speed = group_speed(self.m, going) if going and may_move(self.m, going) else 0
        passage = group_passage(self.m, going)
        around = reach(self.m.map.territories, view.stacks[enemy], t, speed, passage)
        near = [n for n in around if view.stacks[enemy][n]]
        force = sum(u.force for u in mine)
        before = self.sizes.get(t, 0)
        quarters = 4 * (before - len(mine)) // before if before > len(mine) else 0
        applies = {
            "outnumbered": int(any(self.base._estimate(view.stacks[enemy][n], enemy) > force
                                   for n in near)),
            "fortified": int(any(u.is_fortification for u in mine)),
            "leader": int(any(u.is_leader for u in mine)),
            "enemy_in_reach": int(bool(near)),
            "friends_falling_back": int(any((given or {}).get(n) in FALLING_BACK
                                            for n in around)),
            "losses_taken": quarters,  # once for each quarter of the stack lost
        }
        return {k: v * applies[k] for k, v in self.tables.modifiers.items() if applies[k]}

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

        def nearest(t: int) -> int:
            return min((dist[t][f] for f in foes), default=99)
        if self.order == "attack":  # seed 001: at the nearest enemy
            targets = [t for t in tos if view.stacks[enemy][t]]
            if targets:
                return min(targets, key=lambda t: (dist[src][t], self.base._estimate(
                    view.stacks[enemy][t], enemy)))
        if self.order == "retreat":  # away from the nearest enemy, home if it can
            home = [t for t in tos if view.control[t] == side]
            return max(tos, key=lambda t: (nearest(t), t in home))
        if self.order == "rout":  # end further from every enemy, as far as it can get
            away = [t for t in tos if all(dist[t][f] > dist[src][f] for f in foes)] or tos
            return max(away, key=lambda t: (nearest(t), sum(dist[t][f] for f in foes)))
        revenue = [t.index for t in self.m.map.territories
                   if t.is_revenue and view.control[t.index] != side]
        # advance: an objective or the nearest enemy; move: reposition, to revenue
        goals = revenue if self.order == "move" and revenue else foes + revenue
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
