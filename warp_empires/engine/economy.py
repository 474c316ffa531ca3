"""Draw, Revenue, Recruit, Upkeep and Control: the phases about cards and money."""

from __future__ import annotations

from .actions import Action
from .board import (
    controlled_revenue,
    discard_card,
    distinct_by_type,
    draw_cards,
    draw_chits,
    log,
    other,
    place,
    roll,
    safe_revenue,
    to_pile,
    unit_name,
    units_on_map,
)
from .state import State

# Draw (RULINGS D1-D3)


def predraw_legal(s: State) -> list[Action]:
    acts: list[Action] = [("discard", k) for k in sorted(set(s.hands[s.active]))]
    acts.append(("draw",))
    return acts


def predraw_do(s: State, a: Action) -> None:
    if a[0] == "discard":
        discard_card(s, s.active, a[1])
        log(s, f"{s.says(s.active, 'discard')} {s.module.cards[a[1]].name}.", kind="discard")
        if s.hands[s.active]:
            return
    draw_cards(s, s.active, s.module.rules.draw)
    after_draw(s)


def after_draw(s: State) -> None:
    from . import flow

    if len(s.hands[s.active]) > s.module.rules.hand_limit:
        s.step = "discard_down"
    else:
        flow.begin_move(s)


def discard_down_legal(s: State) -> list[Action]:
    return [("discard", k) for k in sorted(set(s.hands[s.active]))]


def discard_down_do(s: State, a: Action) -> None:
    discard_card(s, s.active, a[1])
    log(s, f"{s.says(s.active, 'discard')} {s.module.cards[a[1]].name}.", kind="discard")
    after_draw(s)


def discard_down_owed(s: State) -> int:
    return len(s.hands[s.active]) - s.module.rules.hand_limit


# Revenue (RULINGS V1)


def collect_revenue(s: State) -> None:
    side = s.active
    terr = s.module.map.territories
    gained = sum(terr[t].revenue for t in controlled_revenue(s, side))
    s.revenue[side] = gained
    s.banks[side] += gained
    log(s, f"{s.says(side, 'gain')} {gained} revenue (bank {s.banks[side]}).", kind="revenue")


# Recruit (RULINGS R1-R4)


def begin_recruit(s: State) -> bool:
    """Draws the recruit offer; False when the side cannot recruit at all (R3)."""
    side = s.active
    if not safe_revenue(s, side):
        log(s, f"{s.says(side, 'control')} no revenue territory to recruit in.", kind="recruit")
        return False
    s.pend = {"bonus": 0, "drawn": 0}
    _offer(s, s.module.rules.recruit_draw)
    return True


def _offer(s: State, n: int) -> None:
    side = s.active
    drawn = draw_chits(s, side, n)
    s.recruit.extend(drawn)
    s.pend["drawn"] += len(drawn)
    names = ", ".join(unit_name(s, c) for c in drawn) or "nothing (the pile is empty)"
    log(s, f"You draw for recruiting: {names}.", to=side, kind="recruit")
    chits = "chit" if len(drawn) == 1 else "chits"
    log(s, f"{s.says(side, 'draw')} {len(drawn)} {chits} to recruit from.", to=other(side),
        kind="recruit")


def recruit_legal(s: State) -> list[Action]:
    bank = s.banks[s.active]
    units = s.module.units
    acts: list[Action] = [("buy", c) for c in distinct_by_type(s, s.recruit)
                          if units[s.chits[c]].force <= bank]
    acts.append(("done",))
    return acts


def recruit_do(s: State, a: Action) -> None:
    from . import flow

    side = s.active
    if a[0] == "done":
        for c in s.recruit:
            to_pile(s, c)
        if s.recruit:
            log(s, f"You return {len(s.recruit)} unbought chits to your pile.", to=side,
                kind="recruit")
        s.recruit = []
        flow.end_recruit(s)
        return
    chit = a[1]
    cost = s.unit(chit).force
    s.banks[side] -= cost
    s.pend["placing"] = chit  # stays in the recruit draw until it is placed
    # the cost is public (banks are, RULINGS H5); the unit is not, since it may
    # join a stack of which the enemy sees only the top (RULINGS H2)
    log(s, f"You buy {unit_name(s, chit)} for {cost}.", to=side, kind="recruit")
    log(s, f"{s.says(side, 'buy')} a unit for {cost}.", to=other(side), kind="recruit")
    places = safe_revenue(s, side)
    if len(places) == 1:
        _place_recruit(s, places[0])
    else:
        s.step = "place"


def place_legal(s: State) -> list[Action]:
    return [("place", t) for t in safe_revenue(s, s.active)]


def place_do(s: State, a: Action) -> None:
    _place_recruit(s, a[1])


def _place_recruit(s: State, t: int) -> None:
    chit = s.pend.pop("placing")
    s.recruit.remove(chit)
    place(s, chit, t)
    where = s.territory_name(t)
    log(s, f"You place {unit_name(s, chit)} at {where}.", to=s.active, kind="recruit")
    log(s, f"{s.says(s.active, 'place')} a new unit at {where}.", to=other(s.active),
        kind="recruit")
    s.step = "recruit"
    rules = s.module.rules
    # Buying the whole offer earns a bonus draw of 1dN chits (RULINGS R2).
    if (not s.recruit and s.pend["drawn"] and rules.recruit_bonus_die
            and s.pend["bonus"] < rules.recruit_bonus_times):
        s.pend["bonus"] += 1
        n = roll(s, rules.recruit_bonus_die)
        log(s, f"{s.side_name(s.active)} bought every chit drawn and roll {n} "
               f"(d{rules.recruit_bonus_die}) for more.", kind="dice")
        _offer(s, n)


# Upkeep (RULINGS U1)


def upkeep_limit(s: State, side: int) -> int:
    return s.module.rules.upkeep_per_revenue * s.revenue[side]


def upkeep_owed(s: State) -> int:
    return max(0, units_on_map(s, s.active) - upkeep_limit(s, s.active))


def upkeep_legal(s: State) -> list[Action]:
    acts: list[Action] = []
    for stack in s.stacks[s.active]:
        acts.extend(("disband", c) for c in distinct_by_type(s, stack))
    return acts


def upkeep_do(s: State, a: Action) -> None:
    from . import flow

    chit = a[1]
    t = s.where(chit)
    stack = s.stacks[s.active][t]
    if chit == stack[0]:
        # an identical unit lower down goes instead, so the top the enemy sees stays
        chit = next((c for c in reversed(stack) if s.chits[c] == s.chits[chit]), chit)
    stack.remove(chit)
    to_pile(s, chit)
    where = s.territory_name(t)
    log(s, f"You disband {unit_name(s, chit)} at {where} (upkeep).", to=s.active, kind="upkeep")
    log(s, f"{s.says(s.active, 'disband')} a unit at {where} (upkeep).", to=other(s.active),
        kind="upkeep")
    if upkeep_owed(s) == 0:
        flow.end_upkeep(s)


# Control (RULINGS K1-K3)


def take_control(s: State) -> None:
    side = s.active
    needed = s.module.rules.control_traits
    units = s.module.units
    mine, theirs = s.stacks[side], s.stacks[other(side)]
    for terr in s.module.map.territories:
        t = terr.index
        if not terr.is_revenue or not mine[t] or theirs[t] or s.control[t] == side:
            continue
        if needed and not any(units[s.chits[c]].traits & needed for c in mine[t]):
            continue  # RULINGS K2: some occupier must bear a control trait
        s.control[t] = side
        log(s, f"{s.says(side, 'take')} control of {terr.name}.", kind="control")
