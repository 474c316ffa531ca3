"""The card effect vocabulary: which cards may be played, their targets, and
what they do. A card's targets are chosen as it is played (RULINGS B3)."""

from __future__ import annotations

from .actions import Action
from .board import (
    distinct_by_type,
    log,
    other,
    place,
    safe_revenue,
    to_pile,
    unit_name,
    unit_names,
)
from .state import NO_SIDE, State


def may_play(s: State, side: int, kind: int) -> bool:
    """A card marked for one side can be played only by that side (RULINGS M6)."""
    owner = s.module.cards[kind].side
    return owner is None or owner == side


def playable(s: State, side: int, timing: str) -> list[int]:
    """Card kinds in the side's hand of that timing that have something to act on."""
    out = []
    cards = s.module.cards
    for k in sorted(set(s.hands[side])):
        if cards[k].timing == timing and may_play(s, side, k) and _has_effect(s, side, k):
            out.append(k)
    return out


def _has_effect(s: State, side: int, kind: int) -> bool:
    eff = s.module.cards[kind].effect
    if eff.kind == "move":
        units = s.module.units
        enemy = s.stacks[other(side)]
        return any(units[s.chits[c]].move > 0 for t, st in enumerate(s.stacks[side])
                   if not enemy[t] for c in st)
    if eff.kind == "side_bonus":
        return True
    if eff.kind == "unit_bonus":
        return bool(_battle_units(s, side, eff.filter))
    return bool(_targets(s, side, kind, 0))


def _battle_units(s: State, side: int, flt) -> list[int]:
    units = s.module.units
    stack = s.stacks[side][s.battle["t"]]
    return [c for c in stack if flt.matches(units[s.chits[c]])]


def _targets(s: State, side: int, kind: int, stage: int) -> list[Action]:
    eff = s.module.cards[kind].effect
    enemy = other(side)
    k = eff.kind
    if k == "spy":
        acts: list[Action] = [("hand",)] if eff.hand else []
        if eff.stack:
            acts.extend(("target", t) for t, st in enumerate(s.stacks[enemy]) if st)
        return acts
    if k == "remove_control":
        return [("target", t) for t, c in enumerate(s.control) if c == enemy]
    if k == "rescue":
        if stage == 0:
            if not safe_revenue(s, side):
                return []
            leaders = [c for c in s.captives[enemy] if s.unit(c).is_leader]
            return [("target", c) for c in distinct_by_type(s, leaders)]
        return [("place", t) for t in safe_revenue(s, side)]
    if k == "sabotage":
        if stage == 0:
            return [("target", t) for t, st in enumerate(s.stacks[enemy]) if st]
        return [("target", c) for c in distinct_by_type(s, _matching_at(s, enemy, kind))]
    if k == "target_bonus":
        return [("target", c) for c in distinct_by_type(s, _battle_units(s, side, eff.filter))]
    if k in ("zero_force", "destroy"):
        zeroed = s.battle["zeroed"]
        cands = [c for c in _battle_units(s, enemy, eff.filter)
                 if not (k == "zero_force" and c in zeroed)]
        return [("target", c) for c in distinct_by_type(s, cands)]
    return []


def _matching_at(s: State, enemy: int, kind: int) -> list[int]:
    flt = s.module.cards[kind].effect.filter
    t = s.pend["where"]
    return [c for c in s.stacks[enemy][t] if flt.matches(s.unit(c))]


def _target_type(kind_name: str, stage: int) -> str:
    if kind_name in ("spy", "remove_control") or (kind_name == "sabotage" and stage == 0):
        return "territory"
    if kind_name == "rescue" and stage == 1:
        return "territory"
    return "chit"


def start(s: State, side: int, kind: int) -> None:
    """The card has left the hand; choose its targets, or resolve it now."""
    eff = s.module.cards[kind].effect
    s.pend = {"card": kind, "side": side, "stage": 0, "ret": s.step}
    if eff.kind in ("side_bonus", "unit_bonus") or (eff.kind == "spy" and not eff.stack):
        _resolve(s, None)
        return
    s.pend["targets"] = _target_type(eff.kind, 0)
    s.step = "card_target"


def target_legal(s: State) -> list[Action]:
    return _targets(s, s.pend["side"], s.pend["card"], s.pend["stage"])


def target_side(s: State) -> int:
    return s.pend["side"]


def target_do(s: State, a: Action) -> None:
    _resolve(s, a)


def _resolve(s: State, a: Action | None) -> None:
    side, kind = s.pend["side"], s.pend["card"]
    card = s.module.cards[kind]
    eff = card.effect
    k = eff.kind
    enemy = other(side)
    if k == "spy":
        if a is None or a[0] == "hand":
            names = ", ".join(sorted(s.module.cards[c].name for c in s.hands[enemy])) or "no cards"
            s.intel[side].append({"kind": "hand", "cards": sorted(s.hands[enemy])})
            log(s, f"{card.name}: the {s.says(enemy, 'hold')} {names}.", to=side, kind="spy")
            log(s, f"{s.says(side, 'look')} at your hand.", to=enemy, kind="spy")
        else:
            t = a[1]
            stack = s.stacks[enemy][t]
            s.intel[side].append({"kind": "stack", "territory": t,
                                  "units": [s.chits[c] for c in stack]})
            log(s, f"{card.name}: at {s.territory_name(t)} the {s.says(enemy, 'have')} "
                   f"{unit_names(s, stack)}.", to=side, kind="spy")
            log(s, f"{s.says(side, 'look')} at your stack at {s.territory_name(t)}.", to=enemy,
                kind="spy")
    elif k == "remove_control":
        t = a[1]
        s.control[t] = NO_SIDE
        log(s, f"{card.name}: {s.says(enemy, 'lose')} control of {s.territory_name(t)}.",
            kind="control")
    elif k == "rescue":
        if s.pend["stage"] == 0:
            s.pend["chit"] = a[1]
            places = safe_revenue(s, side)
            if len(places) > 1:
                s.pend["stage"] = 1
                s.pend["targets"] = "territory"
                return
            a = ("place", places[0])
        chit = s.pend["chit"]
        s.captives[enemy].remove(chit)
        place(s, chit, a[1], on_top=True)
        log(s, f"{card.name}: {unit_name(s, chit)} is freed and returns at "
               f"{s.territory_name(a[1])}.", kind="rescue")
    elif k == "sabotage":
        if s.pend["stage"] == 0:
            s.pend["where"] = a[1]
            found = _matching_at(s, enemy, kind)
            if not found:
                log(s, f"{card.name} at {s.territory_name(a[1])} finds nothing to destroy.",
                    kind="card")
                return _finish(s)
            if len(distinct_by_type(s, found)) > 1:
                s.pend["stage"] = 1
                s.pend["targets"] = "chit"
                return
            a = ("target", found[0])
        chit = a[1]
        t = s.pend["where"]
        s.stacks[enemy][t].remove(chit)
        to_pile(s, chit)
        log(s, f"{card.name}: {unit_name(s, chit)} at {s.territory_name(t)} is destroyed.",
            kind="destroy")
    else:
        _battle_effect(s, side, kind, a)
    _finish(s)


def _battle_effect(s: State, side: int, kind: int, a: Action | None) -> None:
    card = s.module.cards[kind]
    k = card.effect.kind
    b = s.battle
    target = a[1] if a is not None else -1
    b["played"].append([side, kind, target])
    sname = s.says(side, "play")
    if k == "destroy":
        enemy = other(side)
        s.stacks[enemy][b["t"]].remove(target)
        to_pile(s, target)  # RULINGS B4: back to the pile at once, no longer a loss
        b["destroyed"].append(target)
        log(s, f"{sname} {card.name}: {unit_name(s, target)} is destroyed.", kind="battle")
    elif k == "zero_force":
        b["zeroed"].append(target)
        log(s, f"{sname} {card.name}: {unit_name(s, target)} counts 0 Force.",
            kind="battle")
    elif k == "target_bonus":
        log(s, f"{sname} {card.name}: {unit_name(s, target)} gets "
               f"+{card.effect.amount}.", kind="battle")
    else:
        log(s, f"{sname} {card.name}.", kind="battle")


def _finish(s: State) -> None:
    ret = s.pend["ret"]
    s.pend = {}
    s.step = ret
    if ret == "battle_card":
        from . import battle

        battle.after_card(s)
