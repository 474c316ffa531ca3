"""Draw, Revenue, Recruit, Upkeep and Control: the phases about cards and money."""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .board import (
    arrival_places,
    controlled_revenue,
    draw_cards,
    draw_chits,
    last_claimer,
    log,
    log_pair,
    occupied,
    other,
    place,
    remove_from_map,
    roll,
    to_pile,
    unit_name,
    unit_names,
    units_on_map,
)
from .decks import discard_of
from .passage import admits
from .pending import Recruiting, Selection
from .powers import blockaded
from .state import State
from .steps import OwedStep, SelectStep, Step

# Draw (RULINGS D1-D3)


def begin_draw(s: State) -> str | None:
    if s.hands[s.active]:
        s.step = "predraw_discard"  # RULINGS D1: discard unwanted cards first
        s.pend = Selection(sorted(s.hands[s.active]))
        return None
    draw_cards(s, s.active, s.module.rules.draw)
    return after_draw(s)


def after_draw(s: State) -> str | None:
    if len(s.hands[s.active]) > s.module.rules.hand_limit:
        s.step = "discard_down"
        s.pend = Selection(sorted(s.hands[s.active]))
        return None
    return "draw_over"


def _discard(s: State, kinds: list[int]) -> None:
    hand, discard = s.hands[s.active], discard_of(s, s.active)
    for k in kinds:
        hand.remove(k)
        discard.append(k)
    if kinds and s.log is not None:
        names = ", ".join(map(s.tab.card_name.__getitem__, kinds))
        log(s, f"{s.says(s.active, 'discard')} {names}.", kind="discard")


class PredrawDiscard(SelectStep):
    kind = "predraw_discard"
    confirm_verb = "draw"

    def confirmed(self, s: State, sel: Selection, a: Action) -> str | None:
        _discard(s, sel.chosen())
        draw_cards(s, s.active, s.module.rules.draw)
        return after_draw(s)

    def text(self, s: State) -> str:
        # play-test: discarding two then "pick 3 more" came as a surprise
        rules = s.module.rules
        return (f"Draw phase: pick the cards you want to discard, if any, then draw "
                f"{rules.draw} (hand limit {rules.hand_limit}).")


class DiscardDown(OwedStep):
    kind = "discard_down"

    def owed(self, s: State) -> int:
        return len(s.hands[s.active]) - s.module.rules.hand_limit - len(s.pend.picked)

    def confirmed(self, s: State, sel: Selection, a: Action) -> str | None:
        _discard(s, sel.chosen())
        return after_draw(s)

    def text(self, s: State) -> str:
        n = self.owed(s)
        limit = s.module.rules.hand_limit
        if n:
            return f"Too many cards: pick {n} more to discard (hand limit {limit})."
        # play-test 16: "Discard the picked cards." said neither how many nor why
        k = len(s.pend.picked)
        return f"Discard the {k} picked card{'s' if k != 1 else ''} (hand limit {limit})."


# Revenue (RULINGS V1)


def collect_revenue(s: State) -> None:
    side = s.active
    places = controlled_revenue(s, side)
    gained = sum(map(s.tab.territory_revenue.__getitem__, places))
    cut = blockaded(s, side, places) if s.module.rules.blockade else []
    gained -= sum(s.tab.territory_revenue[t] - s.tab.territory_revenue[t] // 2 for t in cut)
    s.revenue[side] = gained
    s.banks[side] += gained
    if s.log is not None:  # docs/rules.md G15: a blockade is told to both
        more = f"; blockaded, so halved: {', '.join(map(s.territory_name, cut))}" if cut else ""
        log(s, f"{s.says(side, 'gain')} {gained} revenue (bank {s.banks[side]}){more}.",
            kind="revenue")


# Recruit (RULINGS R1-R4)


def begin_recruit(s: State) -> str | None:
    """Draws the recruit offer, or ends the phase when the side cannot recruit
    at all: it controls no revenue territory (R3)."""
    side = s.active
    if not controlled_revenue(s, side):
        log(s, f"{s.says(side, 'control')} no revenue territory to recruit in.", kind="recruit")
        return "recruit_over"
    s.pend = Recruiting(Selection([]))
    _offer(s, s.module.rules.recruit_draw)
    return None


def _offer(s: State, n: int) -> None:
    side = s.active
    drawn = draw_chits(s, side, n)
    s.recruit.extend(drawn)
    s.pend.offer = Selection(drawn)
    s.pend.drawn = len(drawn)
    s.step = "recruit"
    if s.log is None:
        return
    names = unit_names(s, drawn) if drawn else "nothing (the pile is empty)"
    chits = "chit" if len(drawn) == 1 else "chits"
    log_pair(s, side, f"You draw for recruiting: {names}.",
             f"{s.says(side, 'draw')} {len(drawn)} {chits} to recruit from.", "recruit")


def _cost(s: State, chits: list[int]) -> int:
    return sum(map(s.tab.chit_force.__getitem__, chits))


class Recruit(SelectStep):
    kind = "recruit"
    confirm_verb = "done"

    def selection(self, s: State) -> Selection:
        return s.pend.offer

    def can_pick(self, s: State, sel: Selection, i: int) -> bool:
        if s.module.map.enter:  # docs/rules.md G1
            return self.pick_test(s, sel)(i)
        spent = _cost(s, sel.chosen())
        return spent + s.tab.chit_force[sel.items[i]] <= s.banks[s.active]

    def pick_test(self, s: State, sel: Selection) -> Callable[[int], bool]:
        left = s.banks[s.active] - _cost(s, sel.chosen())  # the same for every item
        force, items = s.tab.chit_force, sel.items
        if s.module.map.enter:  # docs/rules.md G1: only a unit with somewhere to enter
            side = s.active
            return lambda i: force[items[i]] <= left and bool(
                arrival_places(s, side, items[i]))
        return lambda i: force[items[i]] <= left

    def room(self, s: State, sel: Selection) -> bool | None:
        return None  # it depends on each unit's price (RULINGS R1)

    def forced(self, s: State, legal: list[Action]) -> bool:
        """Nothing can be bought, and everyone can see it: banks (RULINGS H5)
        and prices are public, so a bank below the price of every unit of the
        side leaves only finishing (H9). Play-test: a bonus draw after a bank
        spent to 0 still asked for a decision."""
        side = s.active
        cheapest = min(u.force for u in s.module.units if u.side == side)
        return legal == [("done",)] and s.banks[side] < cheapest

    def confirmed(self, s: State, sel: Selection, a: Action) -> str | None:
        side = s.active
        bought = sel.chosen()
        cost = _cost(s, bought)
        s.banks[side] -= cost
        rest = [c for c in sel.items if c not in bought]
        for c in rest:
            s.recruit.remove(c)
            to_pile(s, c)
        if bought and s.log is not None:
            # the cost is public (banks are, RULINGS H5); the units are not, since
            # they may join stacks of which the enemy sees only the top (H2)
            units = "unit" if len(bought) == 1 else "units"
            log_pair(s, side, f"You buy {unit_names(s, bought)} for {cost}.",
                     f"{s.says(side, 'buy')} {len(bought)} {units} for {cost}.", "recruit")
        if not bought and sel.items and s.log is not None:
            # play-test: after a bonus draw the log said nothing more
            log_pair(s, side, "You buy nothing.", f"{s.says(side, 'buy')} nothing.", "recruit")
        if rest and s.log is not None:
            chits = "chit" if len(rest) == 1 else "chits"
            log(s, f"You return {len(rest)} unbought {chits} to your pile.", to=side,
                kind="recruit")
        s.pend.placing = bought
        s.pend.bought_all = bool(bought) and not rest
        return next_placement(s)

    def text(self, s: State) -> str:
        sel = s.pend.offer
        spent = _cost(s, sel.chosen())
        # play-test 16: "picked 9" read as 9 units beside the list's "3 of 5 picked"
        return (f"Recruit phase: pick the units to buy (bank {s.banks[s.active]}, the "
                f"picked cost {spent}), then finish.")


def next_placement(s: State) -> str | None:
    """Places bought units where there is no choice, asks where otherwise; then
    the bonus draw (RULINGS R2) or the end of the phase."""
    p = s.pend
    while p.placing:
        places = arrival_places(s, s.active, p.placing[0])
        if len(places) > 1:
            s.step = "place"
            return None
        _place_recruit(s, places[0])
    rules = s.module.rules
    # Buying the whole offer earns a bonus draw of 1dN chits (RULINGS R2).
    if p.bought_all and rules.recruit_bonus_die and p.bonus < rules.recruit_bonus_times:
        p.bonus += 1
        p.bought_all = False
        n = roll(s, rules.recruit_bonus_die)
        rolls = s.module.sides[s.active].verb("roll")
        log(s, f"{s.the(s.active, start=True)} bought every chit drawn and {rolls} {n} "
               f"(d{rules.recruit_bonus_die}) for more.", kind="dice")
        _offer(s, n)
        return None
    return "recruit_over"


def _place_recruit(s: State, t: int) -> None:
    chit = s.pend.placing.pop(0)
    s.recruit.remove(chit)
    place(s, chit, t)
    if s.log is None:
        return
    where = s.territory_name(t)
    log_pair(s, s.active, f"You place {unit_name(s, chit)} at {where}.",
             f"{s.says(s.active, 'place')} a new unit at {where}.", "recruit")


class Place(Step):
    kind = "place"
    public = True  # control markers are public (RULINGS H5)

    def legal(self, s: State) -> list[Action]:
        # RULINGS R3: any controlled revenue territory, enemy stack or not,
        # whose kind admits the unit (docs/rules.md G1)
        return [("place", t) for t in arrival_places(s, s.active, s.pend.placing[0])]

    def check(self, s: State, a: Action) -> bool:
        if s.module.map.arrive:  # docs/rules.md G18: next to one, too
            return a[0] == "place" and a[1] in arrival_places(s, s.active, s.pend.placing[0])
        return (a[0] == "place" and 0 <= a[1] < len(s.control) and s.control[a[1]] == s.active
                and s.module.map.territories[a[1]].is_revenue
                and (not s.module.map.enter
                     or admits(s.module, s.chits[s.pend.placing[0]], a[1])))

    def do(self, s: State, a: Action) -> str | None:
        _place_recruit(s, a[1])
        return next_placement(s)

    def text(self, s: State) -> str:
        return f"Recruit phase: choose where {s.unit(s.pend.placing[0]).name} enters play."

    def owed(self, s: State) -> int:
        return len(s.pend.placing)


# Upkeep (RULINGS U1)


def upkeep_limit(s: State, side: int) -> int:
    return s.module.rules.upkeep_per_revenue * s.revenue[side]


def upkeep_over_limit(s: State) -> int:
    return max(0, units_on_map(s, s.active) - upkeep_limit(s, s.active))


def begin_upkeep(s: State) -> str | None:
    over = upkeep_over_limit(s)
    if over == 0:
        return "control"  # nothing disbanded, so nothing new for a victory check
    s.step = "upkeep"
    s.pend = Selection([c for st in s.stacks[s.active] for c in st])
    return None


def claim_lost_if_disbanded(s: State, chit: int) -> bool:
    """Whether disbanding this unit would leave its stack with no unit that can
    take control of its territory in the Control phase to come, where its side
    has no marker and the enemy no stack (RULINGS K1, K2): an upkeep row says
    so, as a loss row does (play-test: a fighter disbanded, the planet not taken)."""
    side, t = s.active, s.where(chit)
    return not s.stacks[other(side)][t] and last_claimer(s, side, t, chit)


class Upkeep(OwedStep):
    kind = "upkeep"

    def owed(self, s: State) -> int:
        # the items are every unit on the map, and stay so while selecting
        sel = s.pend
        return len(sel.items) - upkeep_limit(s, s.active) - len(sel.picked)

    def confirmed(self, s: State, sel: Selection, a: Action) -> str | None:
        side = s.active
        chosen = sel.chosen()
        places: list[str] = []
        for chit in chosen:
            t = s.where(chit)
            stack = s.stacks[side][t]
            if chit == stack[0]:
                # an identical unit lower down and not disbanded goes instead,
                # so the top the enemy sees stays
                alike = [c for c in stack[1:] if s.chits[c] == s.chits[chit] and c not in chosen]
                if alike:
                    chit = alike[-1]
            remove_from_map(s, chit, t)
            to_pile(s, chit)
            places.append(s.territory_name(t))
        where = ", ".join(sorted(set(places)))
        n = len(chosen)
        log_pair(s, side, f"You disband {unit_names(s, chosen)} (upkeep).",
                 f"{s.says(side, 'disband')} {n} unit{'s' if n != 1 else ''} at {where} "
                 "(upkeep).", "upkeep")
        return "upkeep_over"

    def text(self, s: State) -> str:
        n = self.owed(s)
        limit = upkeep_limit(s, s.active)
        if not n:
            return f"Upkeep: you may keep {limit} units; disband the picked units."
        return f"Upkeep: you may keep {limit} units; pick {n} more to disband."


# Control (RULINGS K1-K3)


def take_control(s: State) -> None:
    side = s.active
    can_control = s.tab.unit_controls
    types, control = s.chits, s.control
    mine, theirs = s.stacks[side], s.stacks[other(side)]
    revenue = s.tab.territory_revenue
    for t in occupied(mine):  # in territory order, as a pass over the revenue ones
        if not revenue[t] or theirs[t] or control[t] == side:
            continue
        if not any(can_control[types[c]] for c in mine[t]):
            continue  # RULINGS K2: some occupier must match the module's control filter
        control[t] = side
        log(s, f"{s.says(side, 'take')} control of {s.territory_name(t)}.", kind="control")


STEPS = [PredrawDiscard(), DiscardDown(), Recruit(), Place(), Upkeep()]
