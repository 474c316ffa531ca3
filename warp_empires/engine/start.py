"""A new game: piles, deck, starting forces and control (RULINGS S1-S4)."""

from __future__ import annotations

from typing import Any

from warp_empires.module.defs import Module, SideSetup

from . import flow, scenario
from .actions import Action
from .board import draw_chits, log, other, place, shuffle_decks, unit_names
from .known import show_stack
from .options import KEY, RULES_KEY, check_edition, check_keys
from .options import check as check_options
from .pending import Choosers
from .state import State, new_state
from .steps import Step


def setup(module: Module, seed: int, options: dict[str, Any] | None = None,
          log_events: bool = True) -> State:
    """A new game state; the first pending decision may be a side's start.
    The seed decides every shuffle and draw, so it is never logged (RULINGS H7).
    `log_events=False`: a state that keeps no log (State.log), for random
    play and benchmarks that never read one."""
    s = new_state(module, seed, checked_options(module, options))
    if not log_events:
        s.log = None
    shuffle_decks(s)  # RULINGS S4
    chosen = " (from a chosen seed)" if s.options.get("seeded") else ""
    log(s, f"A new game of {module.name} begins{chosen}.", kind="setup")
    if s.options.get(KEY):
        names = ", ".join(name.replace("_", " ") for name in s.options[KEY])
        log(s, f"Optional rules in play: {names}.", kind="setup")
    if s.options.get(scenario.KEY):
        sc = module.scenario_by_id(s.options[scenario.KEY])
        log(s, f"Scenario: {sc.name}.", kind="setup")
    choosers = []
    for ss in s.module.setup:  # the scenario's, when the game plays one
        for t in ss.control:
            s.control[t] = ss.side
        _place(s, ss)
        if ss.start is not None:
            _deploy(s, ss, ss.start)
        elif ss.start_choices:
            choosers.append(ss.side)
    s.pend = Choosers(choosers)
    nxt = next_chooser(s)
    if nxt:
        flow.run(s, nxt)
    return s


def checked_options(module: Module, options: dict[str, Any] | None) -> dict[str, Any]:
    """A copy of a new game's options, its optional rules sorted; ValueError
    with one line for one the game may not hold."""
    options = dict(options or {})
    check_keys(module, options)
    if options.get(KEY):
        options[KEY] = check_options(module, options[KEY])
    if RULES_KEY in options:
        check_edition(options[RULES_KEY])
    if scenario.KEY in options:
        scenario.check(module, options[scenario.KEY])
    return options


def _place(s: State, ss: SideSetup) -> None:
    """Units the setup places in territories of their own (docs/rules.md G3):
    the module's data, so what stands where is said to both sides."""
    if not ss.placed:
        return
    side, pile = ss.side, s.piles[ss.side]
    for t, types in ss.placed:
        for unit_type in types:
            chit = next(c for c in pile if s.chits[c] == unit_type)
            pile.remove(chit)
            place(s, chit, t)
        show_stack(s, side, t)
        log(s, f"{s.says(side, 'start')} at {s.territory_name(t)} with "
               f"{unit_names(s, s.stacks[side][t])}.", kind="setup")


def _deploy(s: State, ss: SideSetup, t: int) -> None:
    side = ss.side
    pile = s.piles[side]
    chits = []
    for unit_type in ss.units:
        chit = next(c for c in pile if s.chits[c] == unit_type)
        pile.remove(chit)
        chits.append(chit)
    chits.extend(draw_chits(s, side, ss.random_units, leaders=False, at=t))
    for c in chits:
        place(s, c, t)
    if ss.control_start and s.module.map.territories[t].is_revenue:
        s.control[t] = side  # RULINGS S3
    name = s.territory_name(t)
    log(s, f"{s.says(side, 'start')} at {name} with {len(chits)} units.", kind="setup")
    log(s, f"Your starting force at {name}: {unit_names(s, chits)}.", to=side, kind="setup")


def next_chooser(s: State) -> str | None:
    """Asks the next side to choose its start, or starts the first turn."""
    if s.pend.sides:
        s.step = "choose_start"
        return None
    return "setup_over"


class ChooseStart(Step):
    kind = "choose_start"
    public = True  # the edge planets and the enemy's stacks are public

    def side(self, s: State) -> int:
        return s.pend.sides[0]

    def legal(self, s: State) -> list[Action]:
        side = self.side(s)
        ss = s.module.setup[side]
        enemy = s.stacks[other(side)]
        return [("start", t) for t in ss.start_choices if not enemy[t]]

    def do(self, s: State, a: Action) -> str | None:
        side = s.pend.sides.pop(0)
        _deploy(s, s.module.setup[side], a[1])
        return next_chooser(s)

    def text(self, s: State) -> str:
        # named as the module names the kind of the places offered ("planet")
        m = s.module
        kinds = {m.map.territories[t].kind for _, t in self.legal(s)}
        word = m.map.kinds.get(kinds.pop(), "territory").lower() if len(kinds) == 1 else \
            "territory"
        return f"Choose the {word} where your forces start."


STEPS = [ChooseStart()]
