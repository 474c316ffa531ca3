"""Determinization for computer players: from what one side sees, deal a whole
game state that agrees with it, the hidden parts drawn at random.

A search player (e.g. information-set Monte Carlo) cannot look at the real
state, which holds the enemy's secrets (RULINGS H1-H4, H9). It samples worlds
instead: `determinize(module, view, rng)` returns a complete `State` whose
`view(state, side)` is exactly the view it was given, with

- the enemy's hand and the deck dealt from the cards this side has not seen
  (every card of the module less its own hand and the discard pile), the deck
  in a random order; with a deck per side (docs/rules.md G10), the enemy's
  hand and deck from the enemy's cards less its discard pile, and this side's
  own deck, whose cards it knows but not their order, shuffled;
- the units of enemy stacks below their visible top, and the enemy's chit
  pile, dealt from the enemy chits this side cannot see, each visible top kept;
- what this side's spy cards showed it this turn (its `intel`) dealt as seen
  where it still fits: a stack of the seen size with the seen top, a hand
  holding the seen cards that are still unaccounted for;
- a fresh generator state and no real seed (0): the seed is a secret of the
  game (H7), and a sampled world must not replay the real draws anyway.

The enemy's hand is dealt at random from the cards unseen, or, given
`hand_weight` (a card kind's weight), each card drawn in proportion to its
weight: a player's model of which cards a hand that has been played from tends
to keep (bots.held). The weights are the player's, not the game's: the view
alone still decides what may be dealt.

The pending decision and the battle are rebuilt from the view. Only the side
that is deciding sees its pending data (`view.pend`), so only it can be
determinized; for the other side `determinize` raises ValueError.

What the view does not carry is left at its default and listed in
`NOT_IN_VIEW`: none of it changes what the side sees or may do now.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from warp_empires.module.defs import Module

from .passage import admits
from .pending import Battle, CardPlay, Intercepting, MovePhase
from .state import NO_SIDE, State, new_state
from .victory import holds
from .viewtypes import BattleView, InterceptView, LastBattle, View

# Fields of the real state that the view does not carry, so that a dealt state
# has them at a default (see the module docstring). `undo`: the real game's
# checkpoints (RULINGS Z1), so a dealt prompt never offers undo. `intel` of the
# enemy is what its spies showed it of this side this turn. `last_battle` keeps
# only what view() shows of it.
NOT_IN_VIEW = (
    "seed", "rng", "undo", "intel[enemy]",
    "last_battle.turn", "last_battle.passes", "last_battle.zeroed",
    "last_battle.destroyed", "last_battle.stage", "last_battle.picker", "last_battle.owed",
    "last_battle.capture",
    # while the enemy decides whether to intercept (RULINGS O1): which units
    # moved (the top ones of the stack are dealt) and the mover's Move phase
    "intercept:pend.group", "intercept:pend.resume", "intercept:pend.resume_step",
    # where a carrying group caught at sea turns back (docs/rules.md G2): the mover's
    "intercept:pend.back",
    # how many own turns a `hold` victory has held (docs/rules.md G4): told in the
    # log as it grows, not carried by the view; a dealt world starts the count again
    "held",
    # the enemy's units' spaces left after entering a stack (docs/rules.md G16)
    "onward[enemy]",
)

# Deals that would already have ended the game are redrawn this many times at
# most: a victory condition is checked after every battle and phase (RULINGS
# B12), so a world where the enemy has, say, no leader left on the map while
# this side holds one captive is almost never the real one. Not while a battle
# is open: its captures may have made a condition true that is checked only
# when it ends, so there the game going on tells nothing.
REDEALS = 20


def determinize(module: Module, view: View, rng: random.Random,
                hand_weight: Callable[[int], float] | None = None) -> State:
    """A complete state consistent with `view` (one side's `view(state, side)`),
    its hidden parts dealt with `rng`, the enemy's hand cards by `hand_weight`
    where given (see the module docstring). Raises ValueError when the viewing side is
    not the one deciding (its view hides the pending data) or when the view
    does not fit the module."""
    side = view.side
    if view.winner != NO_SIDE or view.prompt.side != side:
        raise ValueError("determinize is for the deciding side")
    s = _public_part(module, view)
    dealt: State | None = None
    for _ in range(REDEALS if s.battle is None else 1):
        dealt = s.clone()
        # dealt here as lists; the engine's stacks are tuples (board.place)
        stacks = [[list(st) for st in row] for row in dealt.stacks]
        _deal_cards(dealt, view, rng, hand_weight)
        _deal_chits(dealt, stacks, view, rng)
        dealt.stacks = [[tuple(st) for st in row] for row in stacks]
        if not _game_would_be_over(dealt):
            break
    assert dealt is not None
    seen = view.pend.data
    if isinstance(seen, InterceptView):  # the group went on top of the stack (RULINGS H2)
        dealt.pend.group = list(dealt.stacks[dealt.pend.mover][seen.t][:seen.size])
    dealt.rng = rng.getrandbits(64)
    return dealt


def _public_part(module: Module, view: View) -> State:
    """Everything the view gives outright: the public facts, this side's own
    secrets, its pending decision and the battle."""
    side = view.side
    n = len(module.map.territories)
    # A new game of the module gives every field (and whatever the engine keeps
    # beside them); each is then set from the view. Seed 0: RULINGS H7, the real
    # seed is nobody's to know. Undo checkpoints of the real game are not this
    # side's to copy (Z1), so `undo` stays None.
    s = new_state(module, 0, view.options)
    s.turn = view.turn
    s.active = view.active
    s.phase = view.phase
    s.step = view.step
    data = view.pend.data
    if isinstance(data, InterceptView):
        # view() leaves out the group and the mover's Move phase (RULINGS O1):
        # the group is dealt below as the top units of the mover's stack where it
        # stopped, and the mover goes on between cards
        # (a withdrawing stack in the Battle phase, O2: the phase goes on)
        moving = view.phase == "move"
        s.pend = Intercepting(data.t, [], "move" if moving else "",
                              MovePhase() if moving else None, data.tried[:], [],
                              1 - side)
    else:
        s.pend = None if data is None else data.copy()
    s.stacks = [[()] * n for _ in range(2)]
    s.piles = [[], []]
    s.captives = [[], []]
    s.recruit = [r.chit for r in view.recruit]
    s.hands = [[], []]
    s.hands[side] = view.hand[:]
    s.deck = []
    s.discard = view.discard[:]
    # docs/rules.md G10: each side's deck dealt below, its discard pile public
    s.decks = [[], []] if view.decks else []
    s.discards = [d[:] for d in view.discards]
    s.onward = [e[:] for e in view.onward]  # G16: this side's own; the enemy's unknown
    s.banks = view.banks[:]
    s.revenue = view.revenue[:]
    s.control = view.control[:]
    s.intel = [[], []]
    s.intel[side] = [dict(i) for i in view.intel]
    s.history = [list(h) for h in view.history]
    s.hangar = [[h.chit, h.turns, h.since] for h in view.hangar]
    s.lives = view.lives[:]
    s.caught = view.caught[:]
    s.tries = []  # not in the view: only the modifier of a further interception try
    s.points = view.points[:]  # docs/rules.md G9: public
    s.shown = view.shown[:]
    # the units both sides know in a stack not shown whole (dealt into it below)
    s.seen = [(sd, t, tuple(u.chit for u in e.seen)) for sd in (0, 1)
              for t, e in enumerate(view.stacks[sd]) if e is not None and e.seen]
    s.winner = view.winner
    s.win_reason = view.win_reason
    s.log = [dict(e) for e in view.log]
    for sd in (0, 1):
        for t, row in enumerate(view.stacks[sd]):
            if row is not None and row.units is not None:
                s.stacks[sd][t] = tuple(u.chit for u in row.units)
    s.battle = None if view.battle is None else _battle(s, view.battle, view.prompt.side)
    s.last_battle = None if view.last_battle is None else _last_battle(s, view.last_battle)
    return s


def _battle(s: State, seen: BattleView, decider: int) -> Battle:
    """The battle from what both sides see of it; the fields view() leaves out
    follow from the rest (RULINGS B3, B7-B9)."""
    b = Battle(seen.t, seen.att, seen.turn)
    b.stage, b.winner, b.loser, b.owed, b.result = (seen.stage, seen.winner, seen.loser,
                                                     seen.owed, seen.result)
    b.played = [list(p) for p in seen.played]
    b.zeroed = seen.zeroed[:]
    b.destroyed = seen.destroyed[:]
    b.losses = [list(x) for x in seen.losses]
    b.spent = seen.spent[:]  # docs/rules.md G9 (when a point was spent is not in the view)
    # B3: the passes in a row are public (the view carries them); once the
    # battle is resolved with a decision still to make, both passed in a row
    # (a card that empties a stack ends the battle within the same action)
    b.passes = seen.passes if b.stage in ("cards", "withdraw", "withdraw_to") else 2
    # B7/B8: the winner picks the loser's first loss, the loser the rest, then
    # the winner its own; in the loser stage the picker is the side deciding.
    if b.stage == "loser":
        b.picker = decider
    elif b.winner != NO_SIDE:
        b.picker = b.winner
    units = s.module.units
    b.lost_force = sum(units[u].force for sd, u, _ in b.losses if sd == b.loser)
    b.winner_lost = sum(units[u].force for sd, u, _ in b.losses if sd != b.loser)
    if b.stage not in ("cards", "withdraw", "withdraw_to"):
        # B9: capture was decided when the battle was resolved, from the winning
        # stack as it stood then: what stands now plus what it has lost since.
        rules = s.module.rules
        then = [s.chits[c] for c in s.stacks[b.winner][b.t]]
        then += [u for sd, u, _ in b.losses if sd == b.winner]
        b.capture = not rules.capture_needs_leader or any(units[u].is_leader for u in then)
        b.totals = [dict(x) for x in seen.totals]
    return b


def _last_battle(s: State, seen: LastBattle) -> Battle:
    """The latest finished battle, as far as view() shows it (NOT_IN_VIEW)."""
    b = Battle(seen.t, seen.att, seen.att)
    b.winner, b.loser, b.result = seen.winner, seen.loser, seen.result
    b.stage = "retreat" if b.winner != NO_SIDE else "cards"
    b.played = [list(p) for p in seen.played]
    b.losses = [list(x) for x in seen.losses]
    b.totals = [dict(x) for x in seen.totals]
    units = s.module.units
    b.lost_force = sum(units[u].force for sd, u, _ in b.losses if sd == b.loser)
    b.winner_lost = sum(units[u].force for sd, u, _ in b.losses if sd != b.loser)
    return b


def _deal_cards(s: State, view: View, rng: random.Random,
                hand_weight: Callable[[int], float] | None = None) -> None:
    """The enemy's hand and the deck from the cards this side has not seen."""
    side = view.side
    enemy = 1 - side
    cards = s.module.cards
    if view.decks:  # docs/rules.md G10: this side's deck holds what it has not drawn
        own = Counter({c.index: (c.decks or (0, 0))[side] for c in cards})
        own.subtract(view.hand)
        own.subtract(view.discards[side])
        if any(n < 0 for n in own.values()) or own.total() != view.decks[side]:
            raise ValueError("this side's deck does not fit its cards")
        s.decks[side] = sorted(own.elements())
        rng.shuffle(s.decks[side])
        unseen = Counter({c.index: (c.decks or (0, 0))[enemy] for c in cards})
        unseen.subtract(view.discards[enemy])
        deck_size = view.decks[enemy]
    else:
        unseen = Counter({c.index: c.count for c in cards})
        unseen.subtract(view.hand)
        unseen.subtract(view.discard)
        deck_size = view.deck_size
    hands = view.hands
    if hands is not None:  # open hands (a teaching game): nothing to deal
        s.hands[enemy] = list(hands[enemy])
        unseen.subtract(hands[enemy])
        size = len(hands[enemy])
    else:
        size = view.hand_sizes[enemy]
    if any(n < 0 for n in unseen.values()):
        raise ValueError("the view shows more cards than the module has")
    pool = sorted(unseen.elements())
    if len(pool) != (0 if hands is not None else size) + deck_size:
        raise ValueError("hand and deck sizes do not fit the cards unseen")
    if hands is None:
        known = _known_hand(view, Counter(pool), size, rng)
        rest = list((Counter(pool) - Counter(known)).elements())
        take = size - len(known)
        if hand_weight is None:
            rng.shuffle(rest)
        else:
            rest = _weighted_order(rest, hand_weight, rng)
        s.hands[enemy] = known + rest[:take]
        rest = rest[take:]
    else:
        rest = pool
    rng.shuffle(rest)
    if view.decks:
        s.decks[enemy] = rest
    else:
        s.deck = rest


def _weighted_order(cards: list[int], weight: Callable[[int], float],
                    rng: random.Random) -> list[int]:
    """`cards` in the order of a draw without replacement in which each card
    is drawn in proportion to its weight (Efraimidis and Spirakis: each card's
    key is a uniform number raised to one over its weight, the largest first)."""
    keyed = [(rng.random() ** (1.0 / weight(k)), k) for k in cards]
    keyed.sort(key=lambda x: -x[0])
    return [k for _, k in keyed]


def _known_hand(view: View, unseen: Counter[int], size: int,
                rng: random.Random) -> list[int]:
    """The cards a spy saw in the enemy's hand this turn (RULINGS H4) that are
    still unaccounted for: not played in the battle being fought, and still
    among the cards unseen."""
    seen = [i for i in view.intel if i.get("kind") == "hand"]
    if not seen or size == 0:
        return []
    known = Counter(seen[-1]["cards"])
    b = view.battle
    if b is not None:  # spies are played in the Move phase, so every card of it came later
        known.subtract(k for who, k, _ in b.played if who != view.side)
    known = +known & unseen
    cards = list(known.elements())
    rng.shuffle(cards)
    return cards[:size]


def _deal_chits(s: State, stacks: list[list[list[int]]], view: View,
                rng: random.Random) -> None:
    """Chit ids everywhere: this side's own are mostly in the view; the enemy's
    hidden units and pile are dealt from the enemy chits it cannot see, into
    `stacks` (s.stacks as lists)."""
    side = view.side
    enemy = 1 - side
    units = s.module.units
    by_type: dict[int, list[int]] = {}
    for c, u in enumerate(s.chits):
        by_type.setdefault(u, []).append(c)
    placed: set[int] = set(s.recruit) | {c for c, _, _ in s.hangar}
    for sd in (0, 1):
        for st in stacks[sd]:
            placed.update(st)
    known = {t: chits for sd, t, chits in s.seen if sd == enemy}
    for chits in known.values():
        placed.update(chits)
    # Cards destroyed in the battle being fought went to their owner's pile (B4).
    to_pile: list[int] = list(s.battle.destroyed) if s.battle is not None else []
    placed.update(to_pile)
    # Captives are public by type (H5); a freed leader being placed is named.
    pinned = [s.pend.chit] if isinstance(s.pend, CardPlay) and s.pend.chit >= 0 else []
    for captor in (0, 1):
        held = []
        for u in view.captives[captor]:
            free = [c for c in by_type[u] if c not in placed]
            if not free:
                raise ValueError(f"no chit of unit type {u} left for the captives")
            chit = next((c for c in free if c in pinned), free[0])
            placed.add(chit)
            held.append(chit)
        s.captives[captor] = held
    for c in to_pile:
        s.piles[units[s.chits[c]].side].append(c)
    s.piles[side] += [c for c, u in enumerate(s.chits)
                      if units[u].side == side and c not in placed]
    pool = [c for c, u in enumerate(s.chits) if units[u].side == enemy and c not in placed]
    hidden = [(t, row.size, row.top) for t, row in enumerate(view.stacks[enemy])
              if row is not None and row.units is None]
    for t, _, top in hidden:
        seen = known.get(t, ())
        # A seen unit of the top's type may be the top (StackEntry.known), and
        # is taken for it: one more of the type from the pool could leave a
        # later stack's top with none (a self-play game of the template, issue 40);
        # the stack's rest is dealt from the pool, where one more may turn up.
        free = [c for c in seen if s.chits[c] == top] or [c for c in pool if s.chits[c] == top]
        if not free:
            raise ValueError(f"no enemy chit of unit type {top} left for the top at {t}")
        chit = rng.choice(free)
        if chit in pool:
            pool.remove(chit)
        stacks[enemy][t] = [chit, *(c for c in seen if c != chit)]
    _deal_spied_stacks(s, stacks, view, hidden, pool, rng)
    rng.shuffle(pool)
    if s.module.map.enter:  # docs/rules.md G1: the most limited stacks first
        hidden.sort(key=lambda h: sum(admits(s.module, s.chits[c], h[0]) for c in pool))
    for t, size, _ in hidden:
        st = stacks[enemy][t]
        need = size - len(st)
        if need > len(pool):
            raise ValueError("enemy stack sizes do not fit the enemy chits")
        rest = _fitting(s, pool, t, need)
        rng.shuffle(rest)
        st.extend(rest)
    s.piles[enemy] += pool
    for sd in (0, 1):
        if len(s.piles[sd]) != view.pile_sizes[sd]:
            raise ValueError(f"side {sd}'s pile size does not fit the view")


def _fitting(s: State, pool: list[int], t: int, need: int) -> list[int]:
    """`need` chits taken from the (shuffled) pool for a hidden stack at t:
    units that may stand there first (docs/rules.md G1; a dealt world must not
    put a fleet on land), any others only when too few may."""
    if not s.module.map.enter:
        rest = pool[:need]
        del pool[:need]
        return rest
    fit = [c for c in pool if admits(s.module, s.chits[c], t)][:need]
    taken = set(fit)
    rest = fit + [c for c in pool if c not in taken][:need - len(fit)]
    for c in rest:
        pool.remove(c)
    return rest


def _deal_spied_stacks(s: State, stacks: list[list[list[int]]], view: View,
                       hidden: list[tuple[int, int, int]], pool: list[int],
                       rng: random.Random) -> None:
    """A stack a spy card showed this turn (RULINGS H4), still of the size and
    top then seen, is dealt as seen where the enemy chits left allow it."""
    enemy = 1 - view.side
    for t, size, top in hidden:
        seen = view.spied(t)
        if seen is None or len(seen) != size or seen[0] != top:
            continue
        # the top and any units known beside it (State.seen) are dealt already
        wanted = Counter(seen)
        wanted.subtract(s.chits[c] for c in stacks[enemy][t])
        if any(n < 0 for n in wanted.values()):
            continue
        chosen: list[int] = []
        for u in wanted.elements():
            free = [c for c in pool if s.chits[c] == u and c not in chosen]
            if not free:
                break
            chosen.append(rng.choice(free))
        else:
            for c in chosen:
                pool.remove(c)
            # in the order the spy saw them, the top first
            have = [*stacks[enemy][t], *chosen]
            ordered = []
            for u in seen:
                c = next(c for c in have if s.chits[c] == u)
                have.remove(c)
                ordered.append(c)
            stacks[enemy][t] = ordered


def _game_would_be_over(s: State) -> bool:
    """Whether some side's victory condition holds in the dealt state: the game
    goes on, so in the real one none held when last checked (RULINGS B12)."""
    return any(all(holds(s, v.side, c) for c in v.all) for v in s.module.victory)
