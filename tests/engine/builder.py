"""A tiny two-sided theme built in Python, and a position builder, so that each
rules test sets up exactly the position it is about. Every helper the engine
test files share lives here: setting a position up (`blank`, `put`, `give`,
`hold_captive`), naming things in it (`tid`, `card`, `chit_of`, `stack`),
running the turn on (`advance`, `end_battle_phase`, `at_revenue`,
`end_recruit`, `end_upkeep`, `to_battle`) and taking decisions (`pick_all`,
`picks`, `lose`, `first_casualties`, `pass_both`, `buy_first`).

The map is a line of territories with one branch:

    a - b - c - d - e
            |
            f

Revenue: a 1, c 3, e 2, f 1; b and d are empty space.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from warp_empires.engine import State, apply, legal_actions, prompt, setup
from warp_empires.engine.api import STEPS
from warp_empires.engine.decks import deck_of
from warp_empires.engine.pending import MovePhase
from warp_empires.engine.state import NO_SIDE
from warp_empires.module import load_module
from warp_empires.module.defs import (
    CardDef,
    Condition,
    Effect,
    MajorityBonus,
    MapDef,
    Module,
    OptionDef,
    Rules,
    SideDef,
    SideSetup,
    TerritoryDef,
    UnitDef,
    UnitFilter,
    VictoryDef,
)

TERRITORIES = [("a", 1), ("b", 0), ("c", 3), ("d", 0), ("e", 2), ("f", 1)]
LINKS = [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("c", "f")]
SPEEDS = {"immobile": 0, "slow": 1, "medium": 2, "fast": 3}

# side, id, speed, count, force, class, traits
UNITS = [
    (0, "hero", "fast", 1, 5, "leader", {"aware", "envoy"}),
    (0, "captain", "fast", 1, 3, "leader", set()),
    (0, "cruiser", "medium", 3, 4, "capital", {"bomb"}),
    (0, "frigate", "slow", 2, 2, "capital", {"defense", "carrier"}),
    (0, "wing", "fast", 4, 1, "fighter", {"defense"}),
    (0, "fort", "immobile", 2, 2, "fortification", set()),
    (1, "tyrant", "fast", 1, 5, "leader", {"aware", "envoy"}),
    (1, "enforcer", "fast", 1, 4, "leader", set()),
    (1, "destroyer", "medium", 3, 5, "capital", {"bomb"}),
    (1, "hauler", "slow", 2, 1, "capital", {"carrier"}),
    (1, "swarm", "fast", 4, 1, "fighter", {"defense"}),
    (1, "base", "immobile", 2, 1, "fortification", set()),
]

CAPITAL = UnitFilter(classes=frozenset({"capital"}))
FIGHTER = UnitFilter(classes=frozenset({"fighter"}))
CAPITAL_OR_FIGHTER = UnitFilter(classes=frozenset({"capital", "fighter"}))
# id, count, side, effect
CARDS = [
    ("step", 4, None, Effect("move", amount=1)),
    ("march", 2, None, Effect("move", amount=2)),
    ("guns", 1, None, Effect("unit_bonus", amount=1, filter=CAPITAL)),
    ("siege", 1, None, Effect("unit_bonus", amount=2, filter=UnitFilter(
        classes=frozenset({"capital"}), traits=frozenset({"bomb"})))),
    ("strafe", 1, None, Effect("unit_bonus", amount=2, filter=FIGHTER)),
    ("ambush", 1, None, Effect("side_bonus", amount=5)),
    ("focus", 1, None, Effect("target_bonus", amount=7, filter=UnitFilter(
        traits=frozenset({"aware"})))),
    ("jam", 1, None, Effect("zero_force", filter=CAPITAL)),
    ("flak", 1, None, Effect("destroy", filter=FIGHTER)),
    ("torpedo", 1, None, Effect("destroy", filter=CAPITAL)),
    ("spies", 1, 0, Effect("spy", hand=True, stack=True)),
    ("rescue", 1, 0, Effect("rescue")),
    ("scout", 1, 1, Effect("spy", stack=True)),
    ("agents", 1, 1, Effect("spy", hand=True)),
    ("sabotage", 1, None, Effect("sabotage", filter=UnitFilter(
        classes=frozenset({"fortification"})))),
    ("riot", 1, None, Effect("remove_control")),
]


SW = Path(__file__).parents[2] / "modules" / "star_wars"


@cache
def star_wars() -> Module:
    """The Star Wars module, loaded once for the whole test run."""
    return load_module(SW)


def make_module(**rule_changes: Any) -> Module:
    """The tiny theme, with any `Rules` field changed by keyword."""
    index = {tid: i for i, (tid, _) in enumerate(TERRITORIES)}
    neigh: dict[str, set[str]] = {tid: set() for tid, _ in TERRITORIES}
    for x, y in LINKS:
        neigh[x].add(y)
        neigh[y].add(x)
    territories = tuple(
        TerritoryDef(i, tid, tid.upper(), "planet" if rev else "space", rev, tid in ("a", "e"),
                     tid, tuple(sorted(index[n] for n in neigh[tid])))
        for i, (tid, rev) in enumerate(TERRITORIES))
    units = tuple(
        UnitDef(i, side, uid, uid.title(), speed, SPEEDS[speed], count, force, cls,
                frozenset(traits))
        for i, (side, uid, speed, count, force, cls, traits) in enumerate(UNITS))
    cards = tuple(CardDef(i, cid, cid.title(), count, side, eff, cid)
                  for i, (cid, count, side, eff) in enumerate(CARDS))
    rules = Rules(
        first_side=0, draw=5, hand_limit=7, leader_bonus=5, tie_winner="defender",
        upkeep_per_revenue=5, recruit_draw=5, recruit_bonus_die=6, recruit_bonus_times=1,
        speeds=SPEEDS, control_filters=tuple(UnitFilter(traits=frozenset({t}))
                                            for t in ("bomb", "carrier", "envoy")),
        capture_needs_leader=True, winner_lost_leaders="pile",
        majority_bonuses=(MajorityBonus(UnitFilter(traits=frozenset({"bomb"})), 2),
                          MajorityBonus(UnitFilter(traits=frozenset({"defense"})), 2)),
        elimination=True)
    rules = replace(rules, **rule_changes)

    def uid(side: int, name: str) -> int:
        return next(u.index for u in units if u.side == side and u.id == name)

    # every optional rule (RULINGS O1-O5), with the Star Wars numbers; a game
    # plays with those `play_with` turns on
    options = {
        "interception": OptionDef("interception", "intercept"),
        "withdrawal": OptionDef("withdrawal", "withdraw", pursuit=FIGHTER),
        "attrition": OptionDef("attrition", "attrition", first=FIGHTER),
        "initiative": OptionDef("initiative", "initiative", dice=(8, 8)),
        "repair_hangar": OptionDef("repair_hangar", "hangar", repairs=CAPITAL_OR_FIGHTER,
                                   two_lives=frozenset({uid(1, "destroyer")})),
    }
    return Module(
        id="tiny", name="Tiny", version="1", format=1, description="test theme", path="",
        fingerprint="0" * 64,
        sides=(SideDef(0, "red", "Red League", "Red", "red"),
               SideDef(1, "blue", "Blue Realm", "Blue", "blue")),
        class_roles={"leader": "leader", "fortification": "fortification"},
        classes={"leader": "Leader", "fortification": "Fortification", "fighter": "Fighter",
                 "capital": "Capital"},
        traits={t: (t.title(), t[0].upper()) for t in
                ("aware", "envoy", "bomb", "defense", "carrier")},
        map=MapDef(territories, (), {"planet": "Planet", "space": "Space"}, " ."),
        units=units, cards=cards, rules=rules,
        setup=(SideSetup(0, (), None, (0, 4), True, (uid(0, "hero"),), 2),
               SideSetup(1, (2,), 2, (), False, (uid(1, "tyrant"),), 3)),
        victory=(VictoryDef(0, "Hold c and the tyrant.", (
                     Condition("controls", territory=2),
                     Condition("holds_captive", units=(uid(1, "tyrant"),)))),
                 VictoryDef(1, "No red leader left.", (
                     Condition("no_enemy_leaders_on_map"),
                     Condition("captives_at_least", amount=1)))),
        options=options,
    )


def blank(module: Module | None = None, seed: int = 1) -> State:
    """A state with every chit in its pile, no control, empty hands, at the start
    of side 0's Move phase; tests then place exactly what they need. Elimination
    (RULINGS W3) is off unless the module given has it, since such positions
    start with empty sides."""
    module = module or make_module(elimination=False)
    s = setup(module, seed)
    for side in (0, 1):
        for st in s.stacks[side]:
            s.piles[side].extend(st)
        s.stacks[side] = [()] * len(s.stacks[side])
        deck_of(s, side).extend(s.hands[side])
        s.hands[side] = []
        s.piles[side].sort()
    s.control = [NO_SIDE] * len(module.map.territories)
    s.turn, s.active, s.phase, s.step, s.pend, s.log = 1, 0, "move", "move", MovePhase(), []
    return s


def put(s: State, side: int, where: str, *names: str) -> list[int]:
    """Moves chits of the named unit types from the pile to a territory, in order
    (the first becomes the top of the stack); returns their chit ids."""
    t = tid(s, where)
    out = []
    for name in names:
        unit = s.module.unit_by_id(side, name)
        chit = next(c for c in s.piles[side] if s.chits[c] == unit.index)
        s.piles[side].remove(chit)
        s.stacks[side][t] += (chit,)  # stacks are tuples, replaced whole
        out.append(chit)
    return out


def give(s: State, side: int, *cards: str) -> None:
    """Moves the named cards from the deck (the side's own, docs/rules.md G10,
    or else the other side's: a hand no game deals, for a rule's test) to the
    side's hand."""
    for cid in cards:
        k = s.module.card_by_id(cid).index
        deck = deck_of(s, side)
        (deck if k in deck else deck_of(s, 1 - side)).remove(k)
        s.hands[side].append(k)


def play_with(s: State, *names: str) -> None:
    """Turns these optional rules on for the game (RULINGS O1-O5)."""
    s.options = {**s.options, "optional": sorted(names)}


def rig(s: State, *faces: int, sides: int | tuple[int, ...] = 6) -> None:
    """Sets the generator so that the next rolls come up `faces`, in order: the
    tests of a roll's thresholds choose what it shows. `sides` is the die, or
    one die per face."""
    from warp_empires.engine import rng

    dice = sides if isinstance(sides, tuple) else (sides,) * len(faces)
    for start in range(1, 10_000_000):
        state, ok = start, True
        for face, die in zip(faces, dice, strict=True):
            state, value = rng.below(state, die)
            if value + 1 != face:
                ok = False
                break
        if ok:
            s.rng = start
            return
    raise AssertionError(f"no generator state rolls {faces}")


def tid(s: State, where: str) -> int:
    """The index of the territory with that id."""
    return s.module.map.by_id(where).index


def card(s: State, cid: str) -> int:
    """The index of the card kind with that id."""
    return s.module.card_by_id(cid).index


def chit_names(s: State, chits: Sequence[int]) -> list[str]:
    """The unit type ids of these chits, in order."""
    return [s.module.units[s.chits[c]].id for c in chits]


def stack(s: State, side: int, where: str) -> list[str]:
    """The unit type ids of the side's stack in a territory, top first."""
    return chit_names(s, s.stacks[side][tid(s, where)])


def advance(s: State, continuation: str) -> None:
    """Runs the turn on from a phase's end, as the engine does when a step
    returns that continuation (flow.CONTINUATIONS): e.g. "move_over" starts
    the Battle phase, "battles_over" runs Revenue and starts Recruit."""
    from warp_empires.engine import flow

    flow.run(s, continuation)


def pick_all(s: State, side: int, items: list[int]) -> None:
    """Picks the given items (card kinds or chits) of the open selection, in order."""
    sel = STEPS[s.step].selection(s)
    for x in items:
        i = next(i for i, it in enumerate(sel.items) if it == x and i not in sel.picked)
        apply(s, side, ("pick", i))


def picks(s: State) -> list[int]:
    """The items (card kinds or chits) of the open selection that may be picked now."""
    sel = STEPS[s.step].selection(s)
    return [sel.items[a[1]] for a in legal_actions(s) if a[0] == "pick"]


def chit_of(s: State, side: int, uid: str) -> int:
    """A chit of that unit type still in the side's pile."""
    return next(c for c in s.piles[side] if s.unit(c).id == uid)


def hold_captive(s: State, captor: int, uid: str) -> int:
    """Takes a chit of that enemy unit type from its owner's pile and makes it
    the captor's captive; returns the chit."""
    c = chit_of(s, 1 - captor, uid)
    s.piles[1 - captor].remove(c)
    s.captives[captor].append(c)
    return c


def with_card(module: Module, cid: str, effect: Effect, side: int | None = None) -> Module:
    """The module with one more card kind (one copy) in the deck."""
    extra = CardDef(len(module.cards), cid, cid.title(), 1, side, effect, cid)
    return replace(module, cards=module.cards + (extra,))


# Battles


def to_battle(s: State) -> None:
    """Side 0 ends its Move phase: the Battle phase starts."""
    apply(s, 0, ("end",))


def pass_both(s: State) -> None:
    """Both sides pass in the battle's card play, the deciding side first (RULINGS B3)."""
    apply(s, prompt(s).side, ("pass",))
    apply(s, prompt(s).side, ("pass",))


def lose(s: State, side: int, *chits: int) -> None:
    """The casualty selection: picks these chits, then confirms (RULINGS B7, B8)."""
    pick_all(s, side, list(chits))
    apply(s, side, ("confirm",))


def first_casualties(s: State) -> None:
    """Takes every owed loss with the first units offered, whoever picks."""
    while s.winner < 0 and prompt(s).kind == "casualty":
        acts = legal_actions(s)
        act = ("confirm",) if ("confirm",) in acts else next(a for a in acts if a[0] == "pick")
        apply(s, prompt(s).side, act)


# Revenue, Recruit, Upkeep, Control


def end_battle_phase(s: State) -> None:
    """Ends the Battle phase: Revenue runs and the Recruit phase starts."""
    s.phase = "battle"
    advance(s, "battles_over")


def at_revenue(s: State, bank: int = 0) -> None:
    """Sets side 0's bank, then ends the Battle phase (Revenue, then Recruit)."""
    s.banks[0] = bank
    end_battle_phase(s)


def end_recruit(s: State) -> None:
    """Ends the Recruit phase: Upkeep starts."""
    advance(s, "recruit_over")


def end_upkeep(s: State) -> None:
    """Ends the Upkeep phase: Control runs, then the turn goes on."""
    advance(s, "upkeep_over")


def buy_first(s: State) -> int:
    """Side 0 picks the first affordable chit of the recruit offer; returns it."""
    i = next(a[1] for a in legal_actions(s) if a[0] == "pick")
    apply(s, 0, ("pick", i))
    return s.pend.offer.items[i]


def destinations(s: State, where: str, *chits: int) -> set[str]:
    """The engine's own list of where a group of these chits of side 0 may go
    with a one-group move card played (docs/rules.md G1, G2, G17)."""
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, where)))
    items = s.pend.group.items
    for c in chits:
        apply(s, 0, ("pick", items.index(c)))
    ids = s.module.map.territories
    return {ids[a[1]].id for a in legal_actions(s) if a[0] == "to"}
