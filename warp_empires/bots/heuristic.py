"""A simple rule-of-thumb player: buys what it can keep, attacks where it expects
to win, heads for its victory conditions and keeps its leaders in strong stacks.

It reads only the view and the module's public data, so it never cheats.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from warp_empires.engine import Action, View
from warp_empires.engine.board import reach
from warp_empires.engine.forecast import card_gain
from warp_empires.engine.passage import group_speed
from warp_empires.engine.viewtypes import InterceptView, StackEntry, UnitEntry
from warp_empires.module.defs import Module

from .base import forward
from .cardplay import sabotage_target
from .groups import alone_group, carried_group, leading, units_shown, view_passage
from .hand import discard_action, worth_now
from .hunting import Hunting
from .losses import Losses
from .measures import (
    Outlook,
    avg_force,
    distances,
    leaders_seen,
    selection_items,
    stack_force,
    threatened,
)
from .recruiting import Recruiting

CARD_VALUE = {"move": 7, "destroy": 6, "side_bonus": 5, "target_bonus": 5, "zero_force": 5,
              "unit_bonus": 3, "rescue": 6, "sabotage": 2, "remove_control": 2, "spy": 1,
              "revenue": 3, "defect": 3, "random_loss": 1}  # docs/rules.md G6-G8
ATTACK_MARGIN = 1.25
# A move card is spent only on a plan worth this much: a step of one space
# towards a goal (score 1) is not worth a card that could win a battle later.
PLAY_MOVE_WORTH = 2.5
# What risking a leader's capture costs a plan: capturing leaders is how a side
# wins or loses in many themes (victory conditions that count captives, RULINGS W1, W2).
LEADER_RISK = 20


class HeuristicPlayer(Recruiting, Losses, Hunting):
    kind = "heuristic"

    def __init__(self, module: Module, seed: int = 0) -> None:
        self.m = module
        self.rng = random.Random(seed)
        self.dist = distances(module)
        self.avg_force = [avg_force(module, side) for side in (0, 1)]
        # per unit type, looked up in every plan's score
        self.force_of = [u.force for u in module.units]
        self.leader_of = [u.is_leader for u in module.units]
        self.claims_of = [module.rules.can_control(u) for u in module.units]
        self.plan: tuple[int, int, list[int]] | None = None
        # Where each unit has been this Move phase, so that no stack goes back
        # to where it came from (the shuttling of issue 11): (turn, chit -> places).
        self.been: tuple[int, dict[int, set[int]]] = (-1, {})
        # Starts given up under the current card: a plan the rules refuse is not
        # proposed again (else from/back could loop for ever).
        self.refused: set[int] = set()
        # Down to the hand limit: bots.hand's weighing, the app's `a` key's too
        # (a baseline player of bots.oldkeep has the old one)
        self.discard: Callable[[Module, View, list[Action]], Action | None] = discard_action

    def choose(self, view: View, legal: list[Action]) -> Action:
        legal = forward(legal)
        if len(legal) == 1:
            return legal[0]
        step = view.step
        handler = getattr(self, "_" + step, None)
        choice = handler(view, legal) if handler else None
        return choice if choice in legal else self.rng.choice(legal)

    # Cards

    def _card_value(self, view: View, kind: int) -> float:
        card = self.m.cards[kind]
        if card.side is not None and card.side != view.side:
            return -1  # can never be played by us (RULINGS M6)
        return CARD_VALUE.get(card.effect.kind, 1) + card.effect.amount * 0.1

    def _predraw_discard(self, view: View, legal: list[Action]) -> Action:
        """Only the cards this side can never play (RULINGS M6): any other
        card let go before the draw is a choice lost, since the discard down
        to the hand limit comes after it (D1)."""
        items = selection_items(view)
        worth = worth_now(self.m, view)
        for a in legal:
            if a[0] == "pick" and worth[items[a[1]]].first < 0:
                return a
        return ("draw",)

    def _discard_down(self, view: View, legal: list[Action]) -> Action | None:
        return self.discard(self.m, view, legal)

    # Setup

    def _choose_start(self, view: View, legal: list[Action]) -> Action:
        terr = self.m.map.territories
        return max(legal, key=lambda a: (terr[a[1]].revenue, self.rng.random()))

    # Move phase: a plan is (source, destination, units) with a score

    def _move(self, view: View, legal: list[Action]) -> Action:
        plays = [a for a in legal if a[0] == "play"]
        full = len(view.hand) >= self.m.rules.hand_limit
        for a in plays:
            kind = self.m.cards[a[1]].effect.kind
            # a defection, like sabotage, needs a stack seen to hold a unit it sways (G7)
            if kind in ("rescue", "remove_control", "revenue") or (kind in ("sabotage", "defect")
                    and sabotage_target(self.m, view, a[1], full) is not None):
                return a
            # G8 strikes any stack: worth it when most units on the map are the
            # enemy's, or always when it strikes only the enemy's (G19)
            if kind == "random_loss" and (self.m.cards[a[1]].effect.enemy or
                                          units_shown(view, view.enemy)
                                          > 2 * units_shown(view, view.side)):
                return a
        moves = [a for a in plays if self.m.cards[a[1]].effect.kind == "move"]
        self.refused = set()
        # units engaged this phase may not move again (RULINGS M9)
        engaged = view.pend.engaged
        # Issue 11, the stall once the chit pile is empty: a step towards a
        # target (score 1) was never worth a card, so every Move phase ended at
        # once. With a full hand the next Draw discards down to the hand limit
        # anyway (RULINGS D1): a card is then spent on any move worth making.
        worth = 0.5 if full else PLAY_MOVE_WORTH
        if moves and self._best_plan(view, engaged, worth=worth) is not None:
            return max(moves, key=lambda a: self.m.cards[a[1]].effect.amount)
        return ("end",)

    def _move_from(self, view: View, legal: list[Action]) -> Action:
        sources = [a[1] for a in legal if a[0] == "from" and a[1] not in self.refused]
        pend = view.pend
        plan = self._best_plan(view, pend.moved + pend.engaged, sources)
        self.plan = plan
        return ("from", plan[0]) if plan else ("stop",)

    def _move_units(self, view: View, legal: list[Action]) -> Action:
        plan = getattr(self, "plan", None)
        pend = view.pend
        if pend.selection is None:
            return ("back",)
        if not plan or plan[0] != pend.src:
            # the source was chosen for it (the only stack a card can move is
            # taken at once in the app: present.suggest.evident_move; a forced
            # decision): a plan from there, rather than back and the same again
            plan = self._best_plan(view, pend.moved + pend.engaged, [pend.src])
            self.plan = plan
            if plan is None:
                return ("back",)
        items, picked = pend.selection.items, pend.selection.picked
        chosen = {items[i] for i in picked}
        offered = {items[a[1]]: a for a in legal if a[0] == "pick"}
        for chit in plan[2]:
            if chit not in chosen:
                alike = self._alike(view, chit, set(offered) - chosen)
                if alike is not None:
                    chosen.add(alike)
                    return offered[alike]
        if ("to", plan[1]) in legal:
            self.plan = None
            self._remember_move(view, pend.src, plan[1], [items[i] for i in picked])
            return ("to", plan[1])
        self.plan = None
        self.refused.add(pend.src)
        return ("back",)

    def _places(self, view: View) -> dict[int, set[int]]:
        """Where each own unit has been this turn's Move phase."""
        if self.been[0] != view.turn:
            self.been = (view.turn, {})
        return self.been[1]

    def _remember_move(self, view: View, src: int, dest: int, chits: list[int]) -> None:
        places = self._places(view)
        for c in chits:
            places.setdefault(c, set()).update((src, dest))

    def _alike(self, view: View, chit: int, offered: set[int]) -> int | None:
        if chit in offered:
            return chit
        unit = self._unit_of(view, chit)
        for c in offered:
            if self._unit_of(view, c) == unit:
                return c
        return None

    def _best_plan(self, view: View, moved: list[int], sources: list[int] | None = None,
                   worth: float = 0.5) -> tuple[int, int, list[int]] | None:
        plans = self.plans(view, moved, sources)
        if not plans or plans[0][0] <= worth:
            return None
        return plans[0][1]

    def plans(self, view: View, moved: list[int], sources: list[int] | None = None
              ) -> list[tuple[float, tuple[int, int, list[int]]]]:
        """Every group move worth a look, best first: (score, (source,
        destination, chits)). A search player takes its shortlist from here."""
        side = view.side
        units = self.m.units
        # RULINGS M9: a unit that entered an enemy stack moves no more this phase
        stuck = set(moved) | set(view.pend.engaged)
        places = self._places(view)
        board = Outlook(self.m, self.dist, self._goals(view), view)
        joins: dict[int, Facts] = {}  # the own stack at each destination
        out: list[tuple[float, tuple[int, int, list[int]]]] = []
        for t, st in enumerate(view.stacks[side]):
            if not st or (sources is not None and t not in sources):
                continue
            free = [u for u in st.units or () if u.chit not in stuck and units[u.unit].move > 0]
            if not free:
                continue
            for group in self._groups(view, t, free):
                types = [u.unit for u in group]
                speed = group_speed(self.m, types)  # RULINGS M1, docs/rules.md G2
                chits = [u.chit for u in group]
                left = [u.unit for u in st.units or () if u.chit not in chits]
                facts = self._facts(types, t, len(group) < len(free), left, speed)
                for d in self._reach(view, t, speed, types, chits):
                    if any(d in places.get(c, ()) for c in chits):
                        continue  # never back to where it was this phase: no shuttling
                    if d not in joins:
                        joins[d] = self._facts(_types(view.stacks[side][d]))
                    out.append((self._score(view, facts, d, joins[d], board), (t, d, chits)))
        out.sort(key=lambda x: -x[0])
        return out

    def _groups(self, view: View, t: int, free: list[UnitEntry]) -> list[list[UnitEntry]]:
        """The whole stack, its carriers with as much cargo as they carry
        (docs/rules.md G2: a group too big to carry cannot cross), its units
        that move alone (G21), single non-leader units able to take control."""
        units, rules = self.m.units, self.m.rules
        out = [free]
        out.extend(carried_group(self.m, free) + alone_group(self.m, free))
        seen: set[int] = set()
        for u in free:
            unit = units[u.unit]
            if unit.is_leader or u.unit in seen or len(free) == 1:
                continue
            if rules.can_control(unit):
                seen.add(u.unit)
                out.append([u])
        return leading(self.m, out)  # docs/rules.md G14, as the engine's legal list has it

    def _reach(self, view: View, start: int, steps: int, types: list[int],
               chits: list[int]) -> list[int]:
        # docs/rules.md G1, G2, G17: where the group may end, as the engine has it
        return reach(self.m.map.territories, view.stacks[view.enemy], start, steps,
                     view_passage(self.m, view, types, chits))

    def _facts(self, types: list[int], src: int | None = None, detached: bool = False,
               left: list[int] | None = None, speed: int = 0) -> Facts:
        """What _score asks of a group (or of the stack a group joins), worked
        out once for all its destinations: the playouts score millions."""
        leader, claims = self.leader_of, self.claims_of
        left = left or []
        return Facts(types, src, detached, left, speed, sum(self.force_of[u] for u in types),
                     any(leader[u] for u in types), all(leader[u] for u in types),
                     any(claims[u] for u in types), all(leader[u] for u in left),
                     any(claims[u] for u in left))

    def _score(self, view: View, g: Facts, dest: int, joined: Facts, b: Outlook) -> float:
        """A group move's worth to the plan list: group `g` to `dest`, where it
        joins the own stack `joined` (empty Facts where there is none)."""
        side, enemy = view.side, view.enemy
        src, detached, left = g.src, g.detached, g.left
        terr = self.m.map.territories[dest]
        # a group joining a friendly stack fights beside it (RULINGS M3)
        mine = g.force + joined.force
        leaders = g.any_leader
        if leaders or joined.any_leader:
            mine += self.m.rules.leader_bonus
        foe = view.stacks[enemy][dest]
        score = 0.0
        # only leaders, with no other unit to shield them: a capture waiting to happen
        bare = leaders and g.all_leaders and joined.all_leaders
        only_leaders = src is not None and g.all_leaders
        if foe:
            worth = self._attack(foe, enemy, mine)
            if worth is None or bare:
                return -100.0
            score += worth
        elif bare and dest in b.reached:
            # Issue 11: a leader alone where an enemy stack can reach it next turn
            # is captured (RULINGS B9), not only one right beside an enemy stack.
            score -= LEADER_RISK
        elif detached and dest in b.near1:
            score -= 4  # a lone unit next to an enemy stack is lost
        elif only_leaders and src in b.reached and g.left_all_leaders:
            # leaders left alone (by a battle, or by the units that left them)
            # within enemy reach: getting them to safety is worth a card
            score += LEADER_RISK / 2
        elif joined.types and dest in b.reached and not only_leaders and joined.all_leaders:
            score += LEADER_RISK / 2  # an escort for leaders left alone there
        if left and src is not None and src in b.reached and g.left_all_leaders:
            score -= LEADER_RISK  # leaves its leaders alone within an enemy stack's reach
        if not foe and not bare and src is not None:
            score += self._approach(view, g.types, dest, mine, g.speed)  # bots.hunting
        control = view.control
        claim = terr.is_revenue and control[dest] != side
        claimer = g.claims
        if claim and claimer:
            score += terr.revenue * 5 + (4 if control[dest] == enemy else 0)
        if src is not None and claimer and src in b.unclaimed and not g.left_claims:
            # Leaving a territory the group would have claimed itself loses that claim.
            score -= b.worth[src] * 5 + (4 if control[src] == enemy else 0)
        if dest in b.goals and not detached:
            score += 15 if mine >= 30 else 1
        if src is not None and not detached:
            if b.targets:
                score += (b.to_target(src) - b.to_target(dest)) * 1.0
            if src in b.held and src in b.near2 and not only_leaders:
                score -= 6  # leaders alone do not hold a territory anyway
        if detached and src is not None and not claim:
            score -= 3  # a lone unit only moves to claim something
        return score

    def _goals(self, view: View) -> list[int]:
        side = view.side
        out: list[int] = []
        for v in self.m.victory:
            if v.side == side:
                out.extend(c.territory for c in v.all if c.kind == "controls"
                           and view.control[c.territory] != side)
        return out

    def _attack(self, foe: StackEntry, enemy: int, mine: float) -> float | None:
        """What attacking the enemy stack `foe` with `mine` Force is worth to
        a plan; None where it would not outweigh the stack as an attack must.
        Each leader seen in it adds `hunt` (bots.hunting)."""
        need, worth = self._odds(foe, enemy)
        return None if mine < need else worth

    def _odds(self, foe: StackEntry, enemy: int) -> tuple[float, float]:
        """The Force an attack on `foe` needs, and what it is then worth (_attack)."""
        est = self._estimate(foe, enemy)
        return (est * ATTACK_MARGIN + 3,
                8 + est + (self.hunt * leaders_seen(self.leader_of, foe) if self.hunt else 0.0))

    def _estimate(self, foe: StackEntry | None, enemy: int) -> float:
        if foe is None:
            return 0.0
        return stack_force(self.force_of, foe, self.avg_force[enemy])

    # Battle

    def _choose_battle(self, view: View, legal: list[Action]) -> Action:
        return legal[0]

    def _battle_card(self, view: View, legal: list[Action]) -> Action:
        b = view.battle
        if b is None:
            return ("pass",)
        side, enemy = view.side, view.enemy
        t = b.totals
        margin = t[side]["total"] - t[enemy]["total"]
        defender = b.att != side
        if margin > 4 or (margin == 0 and defender and self.m.rules.tie_winner == "defender"):
            return ("pass",)
        gains = [(a, card_gain(self.m, view, a[1])) for a in legal if a[0] == "play"]
        gains = [(a, g) for a, g in gains if g > 0]
        if not gains and ("spend",) in legal and -3 <= margin <= 0:
            return ("spend",)  # docs/rules.md G9: a point where a few turn it
        if not gains or margin + sum(g for _, g in gains) < 0:
            return ("pass",)  # nothing would change, or not enough to turn it: keep them
        # the least valuable card that puts it ahead, else the one that helps most
        ahead = [a for a, g in gains if margin + g > 0]
        if ahead:
            return min(ahead, key=lambda a: self._card_value(view, a[1]))
        return max(gains, key=lambda x: x[1])[0]

    def _card_target(self, view: View, legal: list[Action]) -> Action:
        if ("hand",) in legal:
            return ("hand",)
        card = view.pend.card
        if card >= 0 and self.m.cards[card].effect.kind in ("sabotage", "defect"):
            t = sabotage_target(self.m, view, card, full_hand=True)
            if ("target", t) in legal:
                return ("target", t)
        if view.pend.targets == "territory" or legal[0][0] == "place":
            enemy = view.stacks[view.enemy]
            terr = self.m.map.territories

            def worth(a: Action) -> int:
                st = enemy[a[1]]
                return terr[a[1]].revenue + (st.size if st else 0)
            return max(legal, key=worth)
        units = self.m.units
        zeroed = set(view.battle.zeroed) if view.battle else set()
        return max(legal, key=lambda a: (a[1] not in zeroed,
                                         units[self._unit_of(view, a[1])].force))

    def _unit_of(self, view: View, chit: int) -> int:
        for side_rows in view.stacks:
            for st in side_rows:
                if st:
                    for u in st.units or st.seen:
                        if u.chit == chit:
                            return u.unit
        return 0

    def _retreat(self, view: View, legal: list[Action]) -> Action:
        side = view.side

        def safety(a: Action) -> int:
            t = a[1]
            own = view.stacks[side][t]
            return ((own.size if own else 0) * 2 + (view.control[t] == side) * 3
                    - threatened(view, t, self.dist) * 5)
        return max(legal, key=safety)

    # Optional rules (RULINGS O2, O3): the same choices as their standard cousins

    _withdraw_to = _retreat

    def _move_on(self, view: View, legal: list[Action]) -> Action:
        """Goes on after a failed interception: the destination was chosen (O1)."""
        return ("on",)

    def _intercept(self, view: View, legal: list[Action]) -> Action:
        """Catches the group where its own mobile units there look stronger (O1)."""
        side, enemy = view.side, view.enemy
        units = self.m.units
        group = view.pend.data
        if not isinstance(group, InterceptView):
            return ("decline",)
        target = self._estimate(view.stacks[enemy][group.t], enemy)

        def mobile_force(a: Action) -> int:
            st = view.stacks[side][a[1]]
            return sum(units[u.unit].force for u in (st.units or () if st else ())
                       if units[u.unit].move)
        tries = [a for a in legal if a[0] == "intercept"]
        best = max(tries, key=mobile_force, default=None)
        if best is not None and mobile_force(best) > target * ATTACK_MARGIN:
            return best
        return ("decline",)

    def _withdraw(self, view: View, legal: list[Action]) -> Action:
        """Slips away from a battle it expects to lose (the stacks are shown, B2)."""
        if view.battle is None:
            return ("fight",)
        totals = view.battle.totals
        behind = totals[view.side]["total"] < totals[view.enemy]["total"]
        return ("withdraw",) if behind else ("fight",)


@dataclass(frozen=True)
class Facts:
    """A group's (or a stack's) facts that its every destination's score reads."""

    types: list[int]
    src: int | None
    detached: bool
    left: list[int]  # the units it leaves behind at `src`
    speed: int
    force: int
    any_leader: bool
    all_leaders: bool  # True for no units
    claims: bool  # some unit may take control
    left_all_leaders: bool  # True where it leaves none
    left_claims: bool


def _types(entry: StackEntry | None) -> list[int]:
    return [u.unit for u in entry.units or ()] if entry else []
