"""The card effect vocabulary: which cards may be played, their targets, and
what they do. A card's targets are chosen as it is played (RULINGS B3)."""

from __future__ import annotations

from . import effects
from .actions import Action
from .board import (
    arrival_places,
    controlled_revenue,
    distinct_by_type,
    draw_matching,
    log,
    log_pair,
    occupied,
    other,
    place,
    remove_from_map,
    to_pile,
    unit_name,
    unit_names,
)
from .options import edition
from .pending import CardPlay
from .state import NO_SIDE, State
from .steps import Step
from .told import REVEALS


def can_play(s: State, side: int, kind: int, timing: str) -> bool:
    return s.tab.card_timing[side][kind] == timing and has_effect(s, side, kind)


def playable(s: State, side: int, timing: str) -> list[int]:
    """Card kinds in the side's hand of that timing that have something to act on."""
    hand = s.hands[side]
    if not hand:
        return []
    when = s.tab.card_timing[side]
    kinds = sorted(set(hand)) if len(hand) > 1 else hand
    return [k for k in kinds if when[k] == timing and has_effect(s, side, k)]


def any_mobile(s: State, side: int) -> bool:
    """Whether a move card would have a unit to move (RULINGS M5, M9)."""
    mobile = s.tab.chit_mobile
    engaged = s.pend.engaged if s.step == "move" else ()
    for st in filter(None, s.stacks[side]):  # the empty ones skipped in C
        for c in st:
            if mobile[c] and c not in engaged:
                return True
    return False


def has_effect(s: State, side: int, kind: int) -> bool:
    """Whether the card has something to act on now (RULINGS M5, M8, B3)."""
    eff = s.module.cards[kind].effect
    if eff.kind == "move":
        return any_mobile(s, side)
    k = eff.kind
    if k == "side_bonus" or (k == "spy" and eff.hand):
        return True
    if k == "unit_bonus":
        return bool(_battle_units(s, side, eff.filter))
    if k in ("spy", "sabotage"):
        return any(s.stacks[other(side)])
    if k == "remove_control":
        return bool(removable(s, side, eff.targets))
    if k == "rescue":  # whether _targets would list any: asked without listing them
        units, types = s.module.units, s.chits
        if s.module.map.enter:  # docs/rules.md G1: a leader with somewhere to enter
            return any(units[types[c]].is_leader and arrival_places(s, side, c)
                       for c in s.captives[other(side)])
        return (any(units[types[c]].is_leader for c in s.captives[other(side)])
                and bool(controlled_revenue(s, side)))
    if k in effects.KINDS:  # docs/rules.md G6-G8
        return effects.has_effect(s, side, kind)
    return bool(_targets(s, side, kind, 0))


def removable(s: State, side: int, targets: str) -> list[int]:
    """The enemy's markers a removal card of `side` may take (RULINGS M8): with
    `targets` "unguarded" only where no enemy unit stands, since a garrison keeps
    order (else a first turn could take the enemy's only marker and the game, U1,
    W3). Games of the first edition of the rules keep their any-marker reading."""
    enemy = other(side)
    control = s.control
    guarded = s.stacks[enemy] if targets == "unguarded" and edition(s) >= 2 else None
    out: list[int] = []
    t = -1
    while True:  # index() finds the few markers without a Python loop over the map
        try:
            t = control.index(enemy, t + 1)
        except ValueError:
            return out
        if guarded is None or not guarded[t]:
            out.append(t)


def _battle_units(s: State, side: int, flt) -> list[int]:
    units = s.module.units
    stack = s.stacks[side][s.fight().t]
    return [c for c in stack if flt.matches(units[s.chits[c]])]


def _targets(s: State, side: int, kind: int, stage: int) -> list[Action]:
    eff = s.module.cards[kind].effect
    enemy = other(side)
    k = eff.kind
    if k == "spy":
        acts: list[Action] = [("hand",)] if eff.hand else []
        if eff.stack:
            acts.extend(("target", t) for t in occupied(s.stacks[enemy]))
        return acts
    if k == "remove_control":
        return [("target", t) for t in removable(s, side, eff.targets)]
    if k == "rescue":
        if stage == 0:
            # RULINGS M8, R3: it needs a revenue territory the side controls
            if not controlled_revenue(s, side):
                return []
            leaders = [c for c in s.captives[enemy] if s.unit(c).is_leader
                       and arrival_places(s, side, c)]  # docs/rules.md G1
            return [("target", c) for c in distinct_by_type(s, leaders)]
        return [("place", t) for t in arrival_places(s, side, s.pend.chit)]
    if k == "sabotage":
        # RULINGS M8, H9: any enemy stack; what it holds is not listed
        return [("target", t) for t in occupied(s.stacks[enemy])]
    if k == "defect":  # docs/rules.md G7, as sabotage
        return effects.targets(s, side, kind)
    if k == "target_bonus":
        return [("target", c) for c in distinct_by_type(s, _battle_units(s, side, eff.filter))]
    if k in ("zero_force", "destroy"):
        zeroed = s.fight().zeroed
        cands = [c for c in _battle_units(s, enemy, eff.filter)
                 if not (k == "zero_force" and c in zeroed)]
        return [("target", c) for c in distinct_by_type(s, cands)]
    return []


def target_type(s: State) -> str:
    """What the pending card's `target` argument names: "territory" or "chit"."""
    p = s.pend
    k = s.module.cards[p.card].effect.kind
    if k in ("spy", "remove_control", "sabotage", "defect") or (
            k == "rescue" and p.stage == 1):
        return "territory"
    return "chit"


def start(s: State, side: int, kind: int) -> str | None:
    """The card has left the hand; choose its targets, or resolve it now."""
    eff = s.module.cards[kind].effect
    s.pend = CardPlay(kind, side, s.step, s.pend)
    if eff.kind in ("side_bonus", "unit_bonus") or (eff.kind == "spy" and not eff.stack) \
            or eff.kind in effects.UNTARGETED:
        return _resolve(s, None)
    s.step = "card_target"
    return None


TARGET_WORDS = {
    ("spy", 0): "choose an enemy stack to look at",
    ("remove_control", 0): "choose an enemy control marker to remove",
    ("rescue", 0): "choose the captive leader to free",
    ("rescue", 1): "choose where the freed leader returns",
    ("sabotage", 0): "choose an enemy stack to sabotage",
    ("defect", 0): "choose the enemy stack one of whose units changes sides",
    ("target_bonus", 0): "choose your unit to get +{amount}",
    ("zero_force", 0): "choose the enemy unit that will count 0 Force",
    ("destroy", 0): "choose the enemy unit to destroy",
}


class CardTarget(Step):
    kind = "card_target"
    # every target is a public fact: enemy stacks and markers, captives, and
    # the units of a battle, which both sides see (RULINGS B2, H5)
    public = True

    def side(self, s: State) -> int:
        return s.pend.side

    def legal(self, s: State) -> list[Action]:
        p = s.pend
        return _targets(s, p.side, p.card, p.stage)

    def do(self, s: State, a: Action) -> str | None:
        return _resolve(s, a)

    def text(self, s: State) -> str:
        p = s.pend
        card = s.module.cards[p.card]
        eff = card.effect
        words = TARGET_WORDS.get((eff.kind, p.stage), "choose a target")
        if eff.kind == "spy" and eff.hand:
            words += ", or look at their hand"
        # undo stops at what a look or a probe shows (docs/rules.md, RULINGS
        # Z1): said before, in the phase where all else can be taken back
        # (play-test 17: a sabotage fixed the moves before it, unsaid)
        stands = (" What it shows stands, and so does all you did before it."
                  if eff.kind in REVEALS and s.phase == "move"
                  and p.side == s.active else "")
        return f"{card.name}: {words.format(amount=eff.amount)}.{stands}"


def _resolve(s: State, a: Action | None) -> str | None:
    p = s.pend
    side, kind = p.side, p.card
    card = s.module.cards[kind]
    eff = card.effect
    k = eff.kind
    enemy = other(side)
    if k == "spy":
        if a is None or a[0] == "hand":
            names = ", ".join(sorted(s.module.cards[c].name for c in s.hands[enemy])) or "no cards"
            # replaced, not appended to: copies of the state share these lists
            s.intel[side] = [*s.intel[side], {"kind": "hand", "cards": sorted(s.hands[enemy])}]
            log_pair(s, side, f"{card.name}: {s.says(enemy, 'hold', start=False)} {names}.",
                     f"{s.says(side, 'look')} at the hand of {s.the(enemy)}.", "spy")
        else:
            t = a[1]
            stack = s.stacks[enemy][t]
            s.intel[side] = [*s.intel[side], {"kind": "stack", "territory": t,
                                              "units": [s.chits[c] for c in stack]}]
            log_pair(s, side, f"{card.name}: at {s.territory_name(t)} "
                     f"{s.says(enemy, 'have', start=False)} {unit_names(s, stack)}.",
                     f"{s.says(side, 'look')} at the stack of {s.the(enemy)} at "
                     f"{s.territory_name(t)}.", "spy")
    elif k in effects.KINDS:  # docs/rules.md G6-G8
        effects.resolve(s, side, kind, a)
    elif a is None:  # a bonus for the whole side or a kind of unit: nothing to target
        _battle_effect(s, side, kind, a)
    elif k == "remove_control":
        t = a[1]
        s.control[t] = NO_SIDE
        # a card's doing, not the Control phase's routine claims (the hand-over
        # card keeps it before those)
        log(s, f"{card.name}: {s.says(enemy, 'lose', start=False)} control of "
               f"{s.territory_name(t)}.", kind="card")
    elif k == "rescue":
        if p.stage == 0:
            p.chit = a[1]
            places = arrival_places(s, side, p.chit)
            if len(places) > 1:
                p.stage = 1
                return None
            a = ("place", places[0])
        chit = p.chit
        s.captives[enemy].remove(chit)
        place(s, chit, a[1], on_top=True)
        log(s, f"{card.name}: {unit_name(s, chit)} is freed and returns at "
               f"{s.territory_name(a[1])}.", kind="rescue")
    elif k == "sabotage":
        _sabotage(s, enemy, kind, a[1])
    else:
        _battle_effect(s, side, kind, a)
    return _finish(s)


def _sabotage(s: State, enemy: int, kind: int, t: int) -> None:
    """RULINGS M8: one matching unit of the named stack, drawn at random, is
    destroyed; both sides learn the outcome and nothing more."""
    card = s.module.cards[kind]
    chit = draw_matching(s, enemy, t, card.effect.filter)
    where = s.territory_name(t)
    if chit is None:
        log(s, f"{card.name} at {where} finds nothing to destroy.", kind="destroy")
        return
    remove_from_map(s, chit, t)
    to_pile(s, chit)
    log(s, f"{card.name}: {unit_name(s, chit)} at {where} is destroyed.", kind="destroy")


def _battle_effect(s: State, side: int, kind: int, a: Action | None) -> None:
    card = s.module.cards[kind]
    k = card.effect.kind
    b = s.fight()
    target = a[1] if a is not None else -1
    b.played.append([side, kind, target])
    sname = s.says(side, "play")
    if k == "destroy":
        remove_from_map(s, target, b.t)
        to_pile(s, target)  # RULINGS B4: back to the pile at once, no longer a loss
        b.destroyed.append(target)
        log(s, f"{sname} {card.name}: {unit_name(s, target)} is destroyed.", kind="battle")
    elif k == "zero_force":
        b.zeroed.append(target)
        log(s, f"{sname} {card.name}: {unit_name(s, target)} counts 0 Force.",
            kind="battle")
    elif k == "target_bonus":
        log(s, f"{sname} {card.name}: {unit_name(s, target)} gets "
               f"+{card.effect.amount}.", kind="battle")
    else:
        log(s, f"{sname} {card.name}.", kind="battle")


def _finish(s: State) -> str | None:
    p = s.pend
    s.pend = p.resume
    s.step = p.resume_step
    return "battle_card_over" if p.resume_step == "battle_card" else None


STEPS = [CardTarget()]
