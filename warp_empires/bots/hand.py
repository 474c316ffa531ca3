"""Which cards a side keeps when it must discard down to the hand limit
(RULINGS D1): the one weighing of what a card in hand is worth now, used by
every computer player and by the app's `a` key there (present/suggest.py),
so that the key ticks what the computer would let go.

Each kind of card the side may hold has a worth now (`Worth.first`) and the
number of copies a turn can use (`Worth.uses`), both read from the effect's
kind, amount and timing and from the board in the side's own view, never the
state and never the enemy's hand unless the view shows it (RULINGS H9):

- a move card: 7, the heuristic's worth of a group moved, a little more per
  group it moves; a turn uses two or three of them (one a stack that can
  move, two at least: the heuristic plays about two a turn);
- a battle card: the Force it would add in a fight of this side as things
  stand: a bonus for its units counts those of its stack with most of them, a
  card that zeroes or destroys an enemy unit the Force of the strongest such
  unit seen (one drawn from the enemy's types when only hidden units could be
  one); two a turn;
- a card played in the Move phase: a removal of a control marker, the revenue
  of the best marker it may take; a rescue, a leader of this side held
  captive; a sabotage, a unit it destroys seen in an enemy stack; a spy, an
  enemy hand it does not see or an enemy stack with units it does not see.
  One a turn (a rescue, a removal or a sabotage: one per captive, marker or
  stack it can act on);
- a card that ends the game at once (winning_now) above all, and one of the
  other side's, which this side can never play (RULINGS M6), below all.

The hand is then kept greedily (keep_order): each time the card that adds most
to what is kept already. A card adds its worth, less for every card of its
timing (move, battle, other) kept before it (DECAY: a hand needs a mix), and
only a tenth of it once the copies a turn can use are kept (SURPLUS). So a
useful spy or battle card outlasts a second removal card with one marker to
take, and a fourth move card (issue 39's play-test: `a` kept two removal
cards or four move cards, and let a spy card and a battle card go).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from warp_empires.engine import Action, View
from warp_empires.engine.forecast import last_marker
from warp_empires.module.defs import Module, UnitFilter

# What each further card of a timing already kept is worth, as a share of the
# one before: move cards 7, 4.9, 3.4; battle cards likewise.
DECAY = 0.7
# The share of its worth a copy adds once a turn's uses are kept.
SURPLUS = 0.1
# A move card: a group moved, about a revenue territory reached or a battle
# joined; each further group it may move adds a little (one group < three).
MOVE_WORTH = 7.0
GROUP_WORTH = 0.1
# Move cards a turn uses: one a stack that can move, two at least (a unit may
# move again under another card, RULINGS M4), three at most.
MOVE_USES = (2, 3)
# Battle cards of one kind a turn uses (a fight on each side's turn).
BATTLE_USES = 2
# A spy card with something to show.
SPY_WORTH = 3.0
# A rescue with a leader of this side held captive (and somewhere to return).
RESCUE_WORTH = 6.0
# A removal of a control marker: this plus the revenue of the best marker.
REMOVAL_WORTH = 2.0
# What a card that has nothing to act on now is worth: it may later.
IDLE = 0.5
# The share of a unit type's Force counted when only a hidden unit could be one.
HIDDEN_SHARE = 0.7


@dataclass(frozen=True)
class Worth:
    """One card kind in hand, now: what one copy is worth and how many copies
    a turn can use; `group` names the copies that share those uses (every
    move card shares one)."""

    first: float
    uses: int
    group: str


def worth_now(module: Module, view: View) -> dict[int, Worth]:
    """Every card kind's worth to the viewing side as things stand, from its
    own view (RULINGS H9)."""
    board = _Board(module, view)
    return {kind: board.worth(kind) for kind in range(len(module.cards))}


def keep_order(module: Module, view: View, cards: list[int]) -> list[int]:
    """Indices into `cards` (card kinds), the one to keep first first: each
    time the card that adds most to what is kept already (the earlier card on
    a tie)."""
    worth = worth_now(module, view)
    timing = [module.cards[k].timing for k in cards]
    left = list(range(len(cards)))
    kept: list[int] = []
    by_timing: dict[str, int] = {}
    by_group: dict[str, int] = {}

    def gain(i: int) -> float:
        w = worth[cards[i]]
        if w.first <= 0 or math.isinf(w.first):
            return w.first
        g = w.first * DECAY ** by_timing.get(timing[i], 0)
        return g * SURPLUS if by_group.get(w.group, 0) >= w.uses else g

    while left:
        best = max(left, key=lambda i: (gain(i), -i))
        left.remove(best)
        kept.append(best)
        by_timing[timing[best]] = by_timing.get(timing[best], 0) + 1
        group = worth[cards[best]].group
        by_group[group] = by_group.get(group, 0) + 1
    return kept


def to_discard(module: Module, view: View) -> set[int] | None:
    """Down to the hand limit (RULINGS D1): the items of the selection to let
    go, those that add least to the hand kept; None at any other step."""
    sel = view.pend.selection
    if view.step != "discard_down" or sel is None:
        return None
    items = sel.items
    order = keep_order(module, view, items)
    # how many go is the engine's count (still owed, and those ticked)
    return set(order[len(items) - view.prompt.owed - len(sel.picked):])


def discard_action(module: Module, view: View, legal: list[Action]) -> Action | None:
    """The next action down to the hand limit towards to_discard's cards: the
    first of them still to tick, else confirming; None when neither is legal."""
    drop = to_discard(module, view) or set()
    for i in sorted(drop):
        if ("pick", i) in legal:
            return ("pick", i)
    return ("confirm",) if ("confirm",) in legal else None


def winning_now(module: Module, view: View) -> dict[int, float]:
    """Card kinds the viewing side may play that end the game, above every
    other card: one that removes a control marker while the enemy holds one
    revenue marker (forecast.last_marker; RULINGS M8, U1, W3). Every computer
    player keeps them at the hand limit (play-test: hard let one go at turn 7
    when it would have won at once)."""
    side = view.side
    last = [t for t in range(len(view.control)) if last_marker(module, view, t)]
    if not last:
        return {}
    # RULINGS M8: a card that takes only unguarded markers is decisive only
    # while no enemy unit stands on that last one
    open_ = any(not view.stacks[1 - side][t] for t in last)
    return {kind: math.inf for kind, card in enumerate(module.cards)
            if card.effect.kind == "remove_control" and card.side in (None, side)
            and (open_ or card.effect.targets == "any")}


class _Board:
    """What one side's view shows that the cards act on, gathered once."""

    def __init__(self, module: Module, view: View) -> None:
        self.m = module
        self.side = side = view.side
        self.enemy = enemy = 1 - side
        units = module.units
        # own stacks as unit types; those with a unit that can move
        self.own = [[units[u.unit] for u in st.units or ()] for st in view.stacks[side] if st]
        self.movable = sum(1 for st in self.own if any(u.move > 0 for u in st))
        # enemy units seen (top units, stacks shown in full), per stack, and
        # whether any enemy unit on the map is hidden from this side
        self.seen: list[list[int]] = []
        self.hidden = False
        for st in view.stacks[enemy]:
            if not st:
                continue
            known = st.known()
            self.seen.append(known)
            self.hidden = self.hidden or st.size > len(known)
        self.enemy_hand = view.hand_sizes[enemy] > 0 and view.hands is None
        self.captive_leaders = sum(1 for u in view.captives[enemy]
                                   if units[u].side == side and units[u].is_leader)
        revenue = module.map.territories
        self.holds_revenue = any(c == side and revenue[t].is_revenue
                                 for t, c in enumerate(view.control))
        # the revenue of each enemy marker a removal card may take (RULINGS M8)
        self.markers: dict[str, list[int]] = {"any": [], "unguarded": []}
        for t, c in enumerate(view.control):
            if c == enemy:
                self.markers["any"].append(revenue[t].revenue)
                if not view.stacks[enemy][t]:
                    self.markers["unguarded"].append(revenue[t].revenue)
        self.winning = winning_now(module, view)

    def worth(self, kind: int) -> Worth:
        card = self.m.cards[kind]
        effect = card.effect
        group = card.id
        if card.side is not None and card.side != self.side:
            return Worth(-1.0, 1, group)
        if kind in self.winning:
            return Worth(math.inf, 1, group)
        k = effect.kind
        if k == "move":
            uses = min(max(self.movable, MOVE_USES[0]), MOVE_USES[1])
            return Worth(MOVE_WORTH + GROUP_WORTH * effect.amount, uses, "move")
        if k == "side_bonus":
            return Worth(float(effect.amount), BATTLE_USES, group)
        if k in ("unit_bonus", "target_bonus"):
            most = max((sum(1 for u in st if effect.filter.matches(u)) for st in self.own),
                       default=0)
            if not most:
                return Worth(IDLE, BATTLE_USES, group)
            many = 1 if k == "target_bonus" else most
            return Worth(float(effect.amount * many), BATTLE_USES, group)
        if k in ("zero_force", "destroy"):
            force = self._enemy_force(effect.filter)
            if force is None:
                return Worth(IDLE, BATTLE_USES, group)
            # a destroyed unit is gone for good, its losses with it (RULINGS B4)
            return Worth(force + (1.0 if k == "destroy" else 0.0), BATTLE_USES, group)
        if k == "spy":
            useful = (effect.hand and self.enemy_hand) or (effect.stack and self.hidden)
            return Worth(SPY_WORTH if useful else IDLE, 1, group)
        if k == "rescue":
            if not self.captive_leaders:
                return Worth(IDLE, 1, group)
            # a leader freed needs a revenue territory of this side (RULINGS R3)
            first = RESCUE_WORTH if self.holds_revenue else RESCUE_WORTH / 2
            return Worth(first, self.captive_leaders, group)
        if k == "remove_control":
            markers = self.markers.get(effect.targets, self.markers["unguarded"])
            if not markers:
                return Worth(IDLE * 2, 1, group)
            return Worth(REMOVAL_WORTH + max(markers), len(markers), group)
        if k == "sabotage":
            stacks = [max(self.m.units[u].force for u in st if effect.filter.matches(
                self.m.units[u])) for st in self.seen
                if any(effect.filter.matches(self.m.units[u]) for u in st)]
            if stacks:
                return Worth(max(stacks) + 1.0, len(stacks), group)
            # a stack not seen in full may hold one: a guess, no more
            return Worth(IDLE * 2 if self._hidden_force(effect.filter) else IDLE, 1, group)
        return Worth(1.0, 1, group)  # an effect kind this weighing does not know

    def _enemy_force(self, flt: UnitFilter) -> float | None:
        """The Force of the strongest enemy unit matching `flt` seen, else of
        one hidden units could be; None: none can be on the map now."""
        units = self.m.units
        seen = [units[u].force for st in self.seen for u in st if flt.matches(units[u])]
        if seen:
            return float(max(seen))
        return self._hidden_force(flt)

    def _hidden_force(self, flt: UnitFilter) -> float | None:
        """A share of the mean Force of the enemy's chits matching `flt`,
        when some enemy unit on the map is hidden; else None."""
        if not self.hidden:
            return None
        types = [u for u in self.m.units if u.side == self.enemy and flt.matches(u)]
        count = sum(u.count for u in types)
        if not count:
            return None
        return HIDDEN_SHARE * sum(u.force * u.count for u in types) / count
