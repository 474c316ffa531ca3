"""The rows of the choice list, built from the engine's legal actions and
the deciding side's view.

While a selection is open (pending.Selection: discards, a moving group,
recruits, losses, upkeep) every item keeps its own row in item order, picked
or not, pickable or not, so that the numbers never change while picking; the
confirming actions follow them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warp_empires.engine import Action, Game, Prompt, View, describe_action
from warp_empires.engine.actions import TERRITORY_VERBS
from warp_empires.engine.board import hops_from
from warp_empires.engine.pending import CardPlay
from warp_empires.engine.viewtypes import SelectionView
from warp_empires.present.card_rows import card_row_note
from warp_empires.present.odds import battle_note, last_leader

# Selection steps whose picks name units that may stand anywhere on the map.
WHERE_STEPS = frozenset({"upkeep"})
# Selection steps whose items are units: losses are counted in Force (RULINGS
# B8), upkeep and groups too, so the rows show it.
FORCE_STEPS = frozenset({"casualty", "upkeep", "move_units"})
# Selections whose items are the cards of the viewer's hand, in hand order.
DISCARD_STEPS = frozenset({"predraw_discard", "discard_down"})
# The verbs that name an item of the open selection by its index.
ITEM_VERBS = frozenset({"pick", "unpick"})
RECRUIT_TOO_DEAR = " - can't afford"


@dataclass(frozen=True)
class Choice:
    """One row of the choice list: a legal action as the player reads it, or an
    item of an open selection that cannot be picked now (`enabled` False), kept
    in its place so that the numbers of the rows never change while picking."""

    action: Action
    label: str
    territory: int | None = None  # set when the action picks a territory on the map
    picked: bool | None = None  # an item of a selection: whether it is picked
    enabled: bool = True
    about: int | None = None  # the territory the row is about, shown on the map
    why: str = ""  # why a row that is not enabled cannot be chosen now
    battle: bool = False  # choosing it brings a battle (an enemy stack is there)

    @property
    def is_item(self) -> bool:
        return self.picked is not None


def describe(game: Game, action: Action) -> str:
    """The engine's words for an action in the current position."""
    return describe_action(game.module, game.state, action)


def build_choices(game: Game) -> list[Choice]:
    """The deciding side's rows: while a selection is open, one row per item
    in item order (picked or not, pickable or not), then the confirming
    actions; otherwise the legal actions. Resigning is left to the palette."""
    p = game.prompt()
    if p.side < 0:
        return []
    view = game.view(p.side, log=False)  # the rows never read the log
    legal = game.legal_actions()
    sel = view.pend.selection
    out: list[Choice] = []
    if sel is not None:
        out = _item_rows(game, p.kind, view, sel, set(legal))
    rest = [_choice(game, a, view) for a in legal if a[0] not in ITEM_VERBS]
    # the verb that closes the selection (a group closes with a destination
    # instead, chosen on the map, so its row is not kept)
    verb = sel.confirm_verb if sel is not None and sel.confirm_verb != "to" else None
    if verb is not None and (verb,) not in legal:
        # The confirming row stays in its place, dimmed, until it is allowed.
        owed = still_owed(view, p)
        rest.append(Choice((verb,), f"{describe(game, (verb,))} ({owed})", enabled=False,
                           why=f"{owed} first"))
    src = view.pend.src
    if any(c.action[0] == "to" for c in rest) and src >= 0:
        # Attacks first among the destinations, so the number keys reach them,
        # then the nearest first (recruits keep their places' order: none is
        # put in a fight first). Play-tests: in the map's order a territory next
        # door was row 10, another row 21; with a slow unit ticked the
        # reachable rows were spread over six pages among dimmed ones. (It
        # costs bench_keys' player about one key a turn: its groups go far.)
        hops = hops_from(game.module.map.territories, src)
        first = {c.action[0]: i for i, c in reversed(list(enumerate(rest)))}
        rest.sort(key=lambda c: (first[c.action[0]], not c.battle,
                                 hops[c.action[1]]) if c.action[0] == "to"
                  else (first[c.action[0]], False, 0))
    return out + rest


def choices_title(view: View | None, choices: list[Choice],
                  p: Prompt) -> str:
    """The choice list's title while a person decides: how many items are
    picked, and what is still owed where something is (play-test: "0 of 3
    picked" read as "pick 3" where one loss was owed)."""
    picked = sum(1 for c in choices if c.picked)
    items = sum(1 for c in choices if c.is_item)
    if not items:
        return "Choices"
    owed = view.prompt.owed if view is not None else 0
    if view is not None and owed:
        # what is owed first (play-test: "0 of 3 picked, 1 more to pick" read
        # as three to pick, the 3 being the rows)
        return f"Choices: {still_owed(view, p)} ({picked} picked)"
    return f"Choices: {picked} of {items} picked"


def still_owed(view: View, p: Prompt) -> str:
    """What the deciding side must still pick, in words ("2 more to pick")."""
    battle = view.battle
    if p.kind == "casualty" and battle is not None and battle.stage == "winner":
        return f"Force {p.owed} more to pick"  # the winner's losses (RULINGS B8)
    return f"{p.owed} more to pick"


def _item_rows(game: Game, kind: str, view: View, sel: SelectionView,
               legal: set[Action]) -> list[Choice]:
    """One row per item of the open selection, in item order: pressing its
    number picks or unpicks it."""
    module = game.module
    places, types = _visible_chits(view)
    src = view.pend.src
    battle = view.battle
    # a loss or a disband that leaves no leader on the map may end the game
    # (play-test 17: a row losing the last leader did not say so)
    last = last_leader(module, view) if kind in ("casualty", "upkeep") else None
    rows = []
    for i, item in enumerate(sel.items):
        picked = i in sel.picked
        action = ("unpick", i) if picked else ("pick", i)
        label = describe(game, ("pick", i))
        if kind in FORCE_STEPS and item in types:
            unit = module.units[types[item]]
            # A group moves at its slowest unit's speed (RULINGS M1): show that too.
            speed = f", {unit.speed}" if kind == "move_units" else ""
            mark = "; your last leader" if types[item] == last else ""
            label += f" (Force {unit.force}{speed}{mark})"
        about = None
        if kind in FORCE_STEPS:
            about = src if src >= 0 else battle.t if battle else places.get(item)
        if kind in DISCARD_STEPS:
            card = module.cards[item]
            if card.side is not None and card.side != view.side:
                # RULINGS M6: only the other side can play it (play-test: such
                # cards clogged hands, and the rows did not say so)
                label += f" ({module.sides[card.side].short} only)"
        if kind in WHERE_STEPS and item in places:
            # The same unit type may stand in several places: say which one.
            label += f" at {module.map.territories[places[item]].name}"
        enabled = action in legal
        why = ""
        if not enabled and kind == "recruit":
            label += RECRUIT_TOO_DEAR
            why = "your bank has not enough left for it"
        elif not enabled:
            why = "enough are picked; take one back first"
        rows.append(Choice(action, label, None, picked, enabled, about, why))
    return rows


def _choice(game: Game, a: Action, view: View) -> Choice:
    module = game.module
    places, types = _visible_chits(view)
    label = describe(game, a)
    if a[0] in ("play", "target"):
        label += card_row_note(game, a, view, types)
    if a[0] == "to":
        where = module.map.territories[a[1]]
        if where.is_revenue and view.control[a[1]] != view.side:
            # play-test 17: a map label "$2 [R]" beside the next name was read
            # as that territory's, and a leader sent to an empty one
            label += f" (${where.revenue})"
    battle = a[0] in ("to", "place") and bool(view.stacks[1 - view.side][a[1]])
    if battle:
        # Entering an enemy stack ends the move and means a battle (RULINGS M2);
        # a recruit placed beside one fights it in the next Battle phase (R3).
        label += battle_note(module, view, a)
    about = None
    if a[0] == "top" and a[1] in places:
        about = places[a[1]]
        label += f" at {module.map.territories[about].name}"
    territory = _territory_of(a, view)
    return Choice(a, label, territory, about=territory if about is None else about,
                  battle=battle)


def map_numbers(rows: list[Choice]) -> dict[int, int]:
    """The row number to show on the map for each territory that exactly one
    enabled row picks (two rows of one place, "place" and "retreat" say, are
    left to the list): what a person types for it."""
    seen: dict[int, list[int]] = {}
    for i, row in enumerate(rows):
        if row.territory is not None and row.enabled:
            seen.setdefault(row.territory, []).append(i + 1)
    return {t: numbers[0] for t, numbers in seen.items() if len(numbers) == 1}


def discarding(view: View) -> bool:
    """A discard selection is open and its items are the hand, row for row
    (they are sorted card kinds, as the hand is)."""
    selection = view.pend.selection
    return (view.prompt.kind in DISCARD_STEPS and selection is not None
            and selection.items == view.hand)


def hand_marks(view: View, choices: list[Choice], order: list[int]) -> list[str | None]:
    """What choosing each card of the hand does now (see HandList.show), in
    the order the hand is shown (`order`: the view's hand positions, as
    shown). A discard's rows are the hand's cards in that order already
    (tui/controller.py): play-tests saw the hand tick other cards than the
    rows once the hand was shown as drawn."""
    if discarding(view) and choices:
        return [("[x] discard" if c.picked else "[ ] discard") if c.enabled else None
                for c in choices[:len(view.hand)]]
    plays = {c.action[1] for c in choices if c.action[0] == "play" and c.enabled}
    return ["[play]" if view.hand[i] in plays else None for i in order]


def _visible_chits(view: View) -> tuple[dict[int, int], dict[int, int]]:
    """Chits the view lists unit by unit: where each of the viewer's own stands
    (chit -> territory), and every listed chit's unit type (chit -> type)."""
    places: dict[int, int] = {}
    types: dict[int, int] = {}
    for side, stacks in enumerate(view.stacks):
        for t, entry in enumerate(stacks):
            for unit in entry.units or () if entry is not None else ():
                types[unit.chit] = unit.unit
                if side == view.side:
                    places[unit.chit] = t
    return places, types


def _territory_of(action: Action, view: View) -> int | None:
    """The territory an action names, for highlighting it on the map."""
    verb = action[0]
    if verb in TERRITORY_VERBS:
        return action[1]
    if verb == "target" and view.pend.targets == "territory":
        return action[1]
    return None


# Steps whose rows keep their places while one card is carried out, though the
# legal list shrinks under them: the sources of a move card (a group that has
# moved is no longer one, and "stop" moved up to its number: play-test), and a
# card's targets through a battle (a unit that died took its row, and "2" became
# another unit). What the row said is kept, dimmed, with a note and a reason.
STABLE_STEPS = {
    # (play-test: "(moved)" read wrong where units that cannot move stayed behind)
    "move_from": (" (group gone)", "its group has moved with this card; no unit left "
                  "there can move with it"),
    "card_target": (" (gone)", "it is no longer there"),
    # A group's destinations, while its units are picked: a slow unit ticked
    # shortens the reach, and the rows after it moved up (play-test: `5`, meant
    # for a quiet planet, sent the group into a battle, for good).
    # (RULINGS M1; the words are for players, without the ruling's number)
    "move_units": (" (out of reach)", "the group as picked cannot get there: its "
                   "slowest unit sets how far it goes"),
}


class RowMemory:
    """Keeps the rows of a STABLE_STEPS list in their places: a row that is no
    longer legal stays, dimmed, and a new row comes at the end (a new
    destination after the last destination). Only the
    deciding side's own rows of this turn are remembered (a screen's memory is
    forgotten at each hand-over), so nothing in it is another side's."""

    def __init__(self) -> None:
        self._rows: dict[tuple, list[Choice]] = {}
        # each list as it last stood with its closing rows (a group's destinations)
        self._closable: dict[tuple, list[Choice]] = {}
        self._turn = -1

    def forget(self) -> None:
        self._rows.clear()
        self._closable.clear()

    def keep(self, view: View, rows: list[Choice]) -> list[Choice]:
        """`rows` in the places they had when this list was last shown."""
        if view.turn != self._turn:
            self.forget()
            self._turn = view.turn
        key = _stable_key(view)
        if key is None or not rows:
            return rows
        before = self._rows.get(key)
        if before is None:
            before = rows
        now = {_row_id(c): c for c in rows}
        note, why = STABLE_STEPS[view.step]
        # A selection's closing rows (a group's destinations) exist only while
        # it can close at all: with nothing picked, after the first pick was
        # taken back, they go rather than stay dimmed (play-test: `12` landed
        # on a dimmed destination of an empty group).
        selection = view.pend.selection
        verb = selection.confirm_verb if selection else None
        closing = verb if selection and not any(a[0] == verb for a in selection.confirm) \
            else None
        if closing is None and key in self._closable \
                and not any(c.action[0] == verb for c in before):
            # ... and come back to the rows they had (a stack picked whole,
            # all unpicked with `a`, one picked: the destinations' numbers
            # were one more, after "back", and `6` meant another planet)
            before = self._closable[key]
        out = [now.pop(_row_id(c)) if _row_id(c) in now else
               c if not c.enabled else
               Choice(c.action, c.label + note, enabled=False, about=c.about, why=why)
               for c in before if _row_id(c) in now or c.action[0] != closing]
        for row in now.values():  # new rows, in the engine's order, after the old ones;
            # a new destination after the last destination (play-test: one
            # reachable once a slow unit was unpicked came after "choose
            # another group", two pages down): only "back" moves down, a verb
            # with a key of its own ("stop" keeps its number: issue 10)
            last = max((i for i, c in enumerate(out) if c.action[0] == "to"), default=-1) \
                if row.action[0] == "to" else -1
            out.insert(last + 1 if last >= 0 else len(out), row)
        self._rows[key] = out
        if verb is not None and any(c.action[0] == verb for c in out):
            self._closable[key] = out
        return out


def _row_id(row: Choice) -> tuple:
    """What a row stands for: an item of a selection is the same row picked or
    not (its action turns from pick to unpick)."""
    return ("item", row.action[1]) if row.is_item else row.action


def _stable_key(view: View) -> tuple[Any, ...] | None:
    """One card being carried out. The hand's size tells two plays of the same
    card apart (the first one has left the hand), and stays the same when the
    play is taken back and begun again (undo after "stop": play-test). A
    group is known by where it starts and the units there."""
    step = view.step
    if step not in STABLE_STEPS:
        return None
    pend = view.pend
    battle = view.battle
    selection = pend.selection
    stage = pend.data.stage if isinstance(pend.data, CardPlay) else None
    return (view.side, step, pend.card, stage, len(view.hand),
            battle.t if battle else None, pend.src,
            tuple(selection.items) if selection else None)


class HandOrder:
    """The order each side has seen its own hand in: a card it holds keeps its
    place, and cards drawn come after the ones held (the engine lists a hand
    sorted by kind, so that its order tells nothing). Play-test: after the
    draw, new cards sorted in among the old ones moved the numbers of the
    discard rows, and a player discarded the three cards it meant to keep. The
    memory is of a side's own cards only, and orders only that side's screen."""

    def __init__(self) -> None:
        self._seen: dict[int, list[int]] = {}

    def arrange(self, side: int, hand: list[int]) -> list[int]:
        """The positions of `hand` in the order to show them (a permutation)."""
        unused = list(range(len(hand)))
        order: list[int] = []
        for kind in self._seen.get(side, []):
            i = next((i for i in unused if hand[i] == kind), None)
            if i is not None:
                unused.remove(i)
                order.append(i)
        order.extend(unused)
        seen = [hand[i] for i in order]
        if seen != self._seen.get(side):
            self._seen[side] = seen
            self.changed(side)
        return order

    def changed(self, side: int) -> None:
        """Called when the order seen of `side`'s hand changes (a seat that
        keeps it across a restart writes it down here)."""

    def to_data(self, side: int) -> list[int]:
        return list(self._seen.get(side, []))

    def restore(self, side: int, kinds: list[int]) -> None:
        """The order seen before, as `to_data` gave it."""
        self._seen[side] = [k for k in kinds if type(k) is int]
