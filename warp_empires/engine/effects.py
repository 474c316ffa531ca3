"""Card effects a module may add (docs/rules.md G6-G8), played in the Move
phase like the other non-battle cards (RULINGS M6): `revenue` (the side's
bank gains), `defect` (an enemy unit changes sides) and `random_loss` (a
unit of any stack on the map, own included, is lost at random)."""

from __future__ import annotations

from .actions import Action
from .board import (
    draw_matching,
    log,
    occupied,
    other,
    place,
    remove_from_map,
    take_random,
    to_pile,
    unit_name,
)
from .passage import admits
from .state import State

KINDS = frozenset({"revenue", "defect", "random_loss"})
UNTARGETED = frozenset({"revenue", "random_loss"})  # resolved as they are played


def has_effect(s: State, side: int, kind: int) -> bool:
    """Whether the card has something to act on now."""
    k = s.module.cards[kind].effect.kind
    if k == "revenue":
        return True
    if k == "defect":
        return any(s.stacks[other(side)])
    return bool(_loss_stacks(s, side, kind))  # random_loss


def targets(s: State, side: int, kind: int) -> list[Action]:
    """defect: any enemy stack; what it holds is not listed (RULINGS H9)."""
    return [("target", t) for t in occupied(s.stacks[other(side)])]


def resolve(s: State, side: int, kind: int, a: Action | None) -> None:
    card = s.module.cards[kind]
    k = card.effect.kind
    if k == "revenue":  # G6
        s.banks[side] += card.effect.amount
        log(s, f"{card.name}: {s.says(side, 'gain', start=False)} {card.effect.amount} "
               f"(bank {s.banks[side]}).", kind="card")
    elif k == "defect":
        assert a is not None
        _defect(s, side, kind, a[1])
    else:
        _random_loss(s, side, kind)


def _defect(s: State, side: int, kind: int, t: int) -> None:
    """G7: a unit of the named enemy stack matching the card's filter, drawn
    at random, leaves its side; a unit of the card's `into` type from the
    side's pile takes its place there (if the pile has one and it may stand
    there, G1). Both sides learn the outcome and nothing more (as sabotage)."""
    card = s.module.cards[kind]
    enemy = other(side)
    where = s.territory_name(t)
    chit = draw_matching(s, enemy, t, card.effect.filter)
    if chit is None:
        log(s, f"{card.name} at {where} sways nobody.", kind="card")
        return
    remove_from_map(s, chit, t)
    to_pile(s, chit)
    into = card.effect.unit
    fresh = next((c for c in s.piles[side] if s.chits[c] == into), None)
    if fresh is None or not admits(s.module, into, t):
        log(s, f"{card.name}: {unit_name(s, chit)} at {where} deserts "
               f"{s.the(enemy)}.", kind="card")
        return
    s.piles[side].remove(fresh)
    place(s, fresh, t, on_top=True)
    log(s, f"{card.name}: {unit_name(s, chit)} at {where} changes sides and joins "
           f"{s.the(side)} as {unit_name(s, fresh)}.", kind="card")


def _loss_stacks(s: State, side: int, kind: int) -> list[tuple[int, int]]:
    """The stacks (side, territory) a random loss played by `side` may strike:
    all on the map (G8), or only those in territories of the card's kinds
    and only the enemy's, as the card says (G19)."""
    effect = s.module.cards[kind].effect
    sides = (other(side),) if effect.enemy else (0, 1)
    territories = s.module.map.territories
    return [(owner, t) for owner in sides for t in occupied(s.stacks[owner])
            if not effect.kinds or territories[t].kind in effect.kinds]


def _random_loss(s: State, player: int, kind: int) -> None:
    """G8: one stack of those the card may strike (G19), drawn at random, then
    one of its units matching the card's filter, drawn at random, is lost."""
    card = s.module.cards[kind]
    stacks = _loss_stacks(s, player, kind)
    side, t = stacks[take_random(s, list(range(len(stacks))))]
    where = s.territory_name(t)
    chit = draw_matching(s, side, t, card.effect.filter)
    if chit is None:
        log(s, f"{card.name} strikes the stack of {s.the(side)} at {where}, and spares it.",
            kind="destroy")
        return
    remove_from_map(s, chit, t)
    to_pile(s, chit)
    log(s, f"{card.name} strikes the stack of {s.the(side)} at {where}: "
           f"{unit_name(s, chit)} is lost.", kind="destroy")
