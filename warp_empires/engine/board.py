"""Shared operations on a state: the log, random draws, cards, stacks, reach."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from itertools import compress
from typing import Any

from warp_empires.module.defs import TerritoryDef, UnitFilter

from . import rng
from .decks import deck_of, discard_of
from .known import forget_shown, joined, known_part, knows
from .passage import Passage, admits, group_speed
from .state import State


def other(side: int) -> int:
    return 1 - side


def log(s: State, text: str, to: int | None = None, kind: str = "info",
        public: bool = False) -> None:
    """Adds an event; `to` None means both sides may read it (RULINGS H3-H5).
    `public`: words for one side that say only what anyone may know (the
    enemy's form of a move whose units are secret), so that a bystander reads
    them too (the public replay, H8). Nothing is kept by a state that keeps no
    log (State.log None)."""
    if s.log is not None:
        s.log.append({"turn": s.turn, "phase": s.phase, "to": to, "kind": kind, "text": text,
                      "public": public or to is None})


def log_pair(s: State, side: int, own: str, others: str, kind: str) -> None:
    """One event in two forms: `own` for `side`, with its secrets; `others`
    for the enemy, and any bystander, without them."""
    log(s, own, to=side, kind=kind)
    log(s, others, to=1 - side, kind=kind, public=True)


def roll(s: State, sides: int) -> int:
    s.rng, value = rng.below(s.rng, sides)
    return value + 1


def roll_against(s: State, mods: list[tuple[int, str]], need: int) -> tuple[bool, str]:
    """A d6 with modifiers against a number (RULINGS O1, O2): whether it
    succeeds, and the words for the log, 'rolled 3 +1 (why) = 4, needs 4'."""
    n = roll(s, 6)
    total = n + sum(m for m, _ in mods)
    shown = "".join(f" {m:+d} ({why})" for m, why in mods)
    return total >= need, f"rolled {n}{shown}{f' = {total}' if mods else ''}, needs {need}"


def take_random(s: State, pool: list[int]) -> int:
    """Removes and returns a random element of `pool`."""
    s.rng, i = rng.below(s.rng, len(pool))
    pool[i], pool[-1] = pool[-1], pool[i]
    return pool.pop()


def shuffle(s: State, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        s.rng, j = rng.below(s.rng, i + 1)
        items[i], items[j] = items[j], items[i]


# Cards


def _reshuffle(s: State, side: int) -> list[int]:
    """The discard pile shuffled into a new deck, which is returned."""
    if s.decks:
        s.decks[side], s.discards[side] = s.discards[side], []
        shuffle(s, s.decks[side])
        log(s, f"The discard pile of {s.the(side)} is shuffled into a new deck.",
            kind="shuffle")
        return s.decks[side]
    s.deck, s.discard = s.discard, []
    shuffle(s, s.deck)
    log(s, "The discard pile is shuffled into a new deck.", kind="shuffle")
    return s.deck


def shuffle_decks(s: State) -> None:
    """A new game's deck shuffled, or each side's (RULINGS S4, docs/rules.md G10)."""
    for deck in s.decks or (s.deck,):
        shuffle(s, deck)


def draw_cards(s: State, side: int, n: int) -> list[int]:
    """Draws up to n cards, reshuffling the discard into an empty deck (RULINGS
    D2): the shared ones, or the side's own (docs/rules.md G10)."""
    drawn: list[int] = []
    deck = deck_of(s, side)
    for _ in range(n):
        if not deck:
            if not discard_of(s, side):
                break  # both empty: drawing stops, which is not an error (D2)
            deck = _reshuffle(s, side)
        drawn.append(deck.pop())
    s.hands[side].extend(drawn)
    if drawn:
        tell_spies(s, side, {"kind": "drew", "cards": len(drawn)})
    if drawn and s.log is not None:
        names = ", ".join(map(s.tab.card_name.__getitem__, drawn))
        log_pair(s, side, f"You draw {names}.",
                 f"{s.says(side, 'draw')} {len(drawn)} card{'s' if len(drawn) != 1 else ''}.",
                 "draw")
    return drawn




# Intel entries that follow a spied hand: what its owner did with it since,
# all public (a card played, how many drawn). Rebuilt by any replay of the
# decisions; saves older than them hold none (saves/game.py compares without).
HAND_SINCE = ("played", "drew")


def tell_spies(s: State, side: int, entry: dict[str, Any]) -> None:
    """Notes a change to `side`'s hand (an entry of a HAND_SINCE kind) for an
    enemy that a spy card showed this hand this turn (RULINGS H4), so that what
    it was shown stays true (play-test: the list kept a card played since)."""
    spy = other(side)
    notes = s.intel[spy]
    if notes and any(i["kind"] == "hand" for i in notes):
        s.intel[spy] = [*notes, entry]  # replaced, not appended to: copies share the lists


def refill_hands(s: State, first: int) -> None:
    """Both sides draw up to the hand limit, the given side first (RULINGS B11)."""
    limit = s.module.rules.hand_limit
    for side in (first, other(first)):
        missing = limit - len(s.hands[side])
        if missing > 0:
            draw_cards(s, side, missing)


# Units


def unit_name(s: State, chit: int) -> str:
    return s.tab.chit_name[chit]


def unit_names(s: State, chits: Sequence[int]) -> str:
    return ", ".join(map(s.tab.chit_name.__getitem__, chits)) or "nothing"


# Stacks are tuples, replaced whole and never changed in place: a copy of a
# state shares them, so `State.clone` copies two short lists, not every stack.


# Every change to a stack goes through these, and each keeps what both sides
# know of it: a stack shown whole (`State.shown`) stays so only while nothing
# has joined or left it; one joined by units not known keeps its known units
# (`State.seen`, play-test 16: a stack seen in battle and joined by one unit
# was forgotten whole); a unit leaving unnamed forgets the lot.


def place(s: State, chit: int, t: int, on_top: bool = False) -> None:
    side = s.tab.chit_side[chit]
    row = s.stacks[side]
    before = row[t]
    row[t] = (chit, *before) if on_top else (*before, chit)
    if s.shown:
        joined(s, side, t, before)


def put_on_top(s: State, side: int, t: int, group: Sequence[int]) -> None:
    """The group joins the stack at t, its first unit on top (RULINGS H2)."""
    row = s.stacks[side]
    before = row[t]
    row[t] = (*group, *before)
    if s.shown:
        joined(s, side, t, before)


def put_below(s: State, side: int, t: int, group: Sequence[int]) -> None:
    row = s.stacks[side]
    before = row[t]
    row[t] = (*before, *group)
    if s.shown:
        joined(s, side, t, before)


def remove_from_map(s: State, chit: int, t: int) -> None:
    side = s.tab.chit_side[chit]
    row = s.stacks[side]
    row[t] = tuple(c for c in row[t] if c != chit)
    if s.shown or s.seen:
        forget_shown(s, side, t)


def remove_group(s: State, side: int, t: int, group: Sequence[int]) -> None:
    row = s.stacks[side]
    row[t] = tuple(c for c in row[t] if c not in group)
    if s.shown or s.seen:
        forget_shown(s, side, t)


def to_top(s: State, side: int, t: int, chit: int) -> None:
    """The owner puts one of the stack's units on top (RULINGS H2): the same
    units, so a stack shown stays shown (the new top is in sight anyway)."""
    row = s.stacks[side]
    row[t] = (chit, *(c for c in row[t] if c != chit))


def join_seen(s: State, side: int, dest: int, group: Sequence[int]) -> None:
    """A group both sides have just seen in battle goes under the stack at
    `dest` (a retreat or withdrawal keeps that stack's top): what was known
    there stays known beside it, all of the stack where it was known whole."""
    known = (*known_part(s, side, dest), *group)
    put_below(s, side, dest, group)
    knows(s, side, dest, known)


def move_group(s: State, side: int, src: int, dest: int, group: Sequence[int]) -> None:
    """The group leaves `src` and goes on top of the stack at `dest` (RULINGS
    H2: its first unit on top). A whole stack moving keeps what both sides
    know of it, the enemy sees the stack's size and the group's (H2, the
    move's line in the log), so it knows that all of it went (play-tests 13
    and 14: the forecast forgot a stack seen in battle as soon as it moved on
    whole); a group split off is not known unit by unit."""
    whole = len(group) == len(s.stacks[side][src])
    going = known_part(s, side, src) if whole and (s.shown or s.seen) else ()
    staying = known_part(s, side, dest) if going or s.seen else ()
    remove_group(s, side, src, group)
    put_on_top(s, side, dest, group)
    if going or staying:
        knows(s, side, dest, (*going, *staying))


def to_pile(s: State, chit: int) -> None:
    s.piles[s.side_of(chit)].append(chit)
    if chit in s.lives:
        # RULINGS O5: a two-lives unit bought again has both lives again
        s.lives = [c for c in s.lives if c != chit]


def draw_chits(s: State, side: int, n: int, leaders: bool = True, at: int = -1) -> list[int]:
    """Draws up to n random chits from a side's pile (RULINGS R1, S2); with
    `at`, only units that may stand there (docs/rules.md G22)."""
    pile = s.piles[side]
    if leaders:
        pool = pile
    else:
        pool = [c for c in pile if not s.unit(c).is_leader]
    if at >= 0 and s.module.map.enter:
        pool = [c for c in pool if admits(s.module, s.chits[c], at)]
    drawn: list[int] = []
    while pool and len(drawn) < n:
        c = take_random(s, pool)
        drawn.append(c)
    if pool is not pile:
        for c in drawn:
            pile.remove(c)
    return drawn


def occupied(row: Sequence[tuple[int, ...]]) -> Iterator[int]:
    """The territories where a side's row of stacks has units, in order: most
    are empty, and compress skips those without a Python step each."""
    return compress(range(len(row)), row)


def units_on_map(s: State, side: int) -> int:
    return sum(map(len, s.stacks[side]))


def stack_move(s: State, stack: list[int]) -> int:
    """Spaces a group may move: that of its slowest unit (RULINGS M1), or of
    its carriers when the rest ride (docs/rules.md G2), with a unit's movement
    power (G11)."""
    if s.module.carriers or s.module.powered:
        return group_speed(s.module, [s.chits[c] for c in stack])
    return min(map(s.tab.chit_move.__getitem__, stack))


def reachable(s: State, side: int, start: int, steps: int,
              passage: Passage | None = None) -> list[int]:
    """Territories a group can reach in up to `steps` moves (RULINGS M2), where
    `passage` lets it end and pass (docs/rules.md G1, G2; None: anywhere)."""
    return reach(s.module.map.territories, s.stacks[other(side)], start, steps, passage)


def reach(territories: Sequence[TerritoryDef], enemy_at: Sequence[Any], start: int,
          steps: int, passage: Passage | None = None) -> list[int]:
    """Territories reachable in up to `steps` moves, entering but never passing
    through one where `enemy_at` is truthy, and with a `passage` only where it
    lets the group end (passing only where it lets it pass). Pure, so that
    computer players can ask it of what their view shows."""
    if steps <= 0:
        return []
    if passage is not None:
        return _reach_by(territories, enemy_at, start, steps, passage)
    seen = {start}
    frontier = [start]
    for _ in range(steps - 1):
        nxt: list[int] = []
        for t in frontier:
            for n in territories[t].neighbours:
                if n not in seen:
                    seen.add(n)
                    if not enemy_at[n]:
                        nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    else:  # the last move enters its ring and goes no further: no test per territory
        for t in frontier:
            seen.update(territories[t].neighbours)
    seen.discard(start)  # what is left is every territory entered
    return sorted(seen)


def _reach_by(territories: Sequence[TerritoryDef], enemy_at: Sequence[Any], start: int,
              steps: int, passage: Passage) -> list[int]:
    end, cross, links = passage.end, passage.cross, passage.links or {}
    seen = {start}
    out: list[int] = []
    frontier = [start]
    for _ in range(steps):
        nxt: list[int] = []
        for t in frontier:
            for n in ((*territories[t].neighbours, *links[t]) if t in links
                      else territories[t].neighbours):  # G17: a ferry's far shores
                if n in seen or not cross[n]:
                    continue
                seen.add(n)
                if enemy_at[n]:  # an enemy stack stops it: only where it may end (G1)
                    if end[n]:
                        out.append(n)
                    continue
                if end[n]:
                    out.append(n)
                nxt.append(n)
        frontier = nxt
    return sorted(out)


def hops_from(territories: Sequence[TerritoryDef], start: int) -> list[int]:
    """Each territory's distance in moves from `start`, breadth first, as if
    nothing stood in the way. Pure: computer players and the rows' order use it."""
    dist = [10**6] * len(territories)
    dist[start] = 0
    queue = deque([start])
    while queue:
        t = queue.popleft()
        for n in territories[t].neighbours:
            if dist[n] > dist[t] + 1:
                dist[n] = dist[t] + 1
                queue.append(n)
    return dist


def last_claimer(s: State, side: int, t: int, chit: int) -> bool:
    """Whether `chit` is the last unit of `side`'s stack at `t`, besides those
    already picked to go (the open selection's), able to take control of that
    revenue territory, where `side` has no marker yet (RULINGS K1, K2): a row
    that would let it go says so first."""
    rules = s.module.rules
    if not rules.control_filters or s.control[t] == side \
            or not s.module.map.territories[t].is_revenue or not rules.can_control(s.unit(chit)):
        return False
    going = set(s.pend.chosen())
    return not any(c != chit and c not in going and rules.can_control(s.unit(c))
                   for c in s.stacks[side][t])


def controlled_revenue(s: State, side: int) -> list[int]:
    control = s.control
    return [t for t in s.tab.revenue if control[t] == side]




def arrival_places(s: State, side: int, chit: int) -> list[int]:
    """Where a unit of `side` arriving from off the map (a recruit, a rescued
    leader, a repaired ship) may enter: a revenue territory the side controls
    (RULINGS R3) whose kind admits it (docs/rules.md G1), or a territory
    next to one whose kind the module opens to arrivals that way (G18)."""
    places = controlled_revenue(s, side)
    if s.module.map.arrive:
        territories, arrive = s.module.map.territories, s.module.map.arrive
        places = sorted(set(places).union(n for t in places for n in territories[t].neighbours
                                          if territories[n].kind in arrive))
    if not s.module.map.enter:
        return places
    unit_type = s.chits[chit]
    return [t for t in places if admits(s.module, unit_type, t)]


def draw_matching(s: State, side: int, t: int, flt: UnitFilter) -> int | None:
    """A unit of `side`'s stack at t matching `flt`, drawn at random, or None
    when it has none (sabotage, a defection, a random loss)."""
    found = [c for c in s.stacks[side][t] if flt.matches(s.unit(c))]
    return take_random(s, found) if found else None


def distinct_by_type(s: State, chits: Sequence[int]) -> list[int]:
    """One chit of each unit type, the lowest, in chit order: choices between two
    identical units are the same choice, so legal lists name one of them."""
    if len(chits) < 2:
        return list(chits)
    types = s.chits
    seen: set[int] = set()
    out: list[int] = []
    for c in sorted(chits):
        t = types[c]
        if t not in seen:
            seen.add(t)
            out.append(c)
    return out


def capture_or_return(s: State, chit: int, captor: int, allowed: bool) -> str:
    """A lost leader is captured by `captor` when allowed, else returns to its pile
    (RULINGS B9). Other units always return to their pile."""
    if allowed and s.unit(chit).is_leader:
        s.captives[captor].append(chit)
        return "captured"
    to_pile(s, chit)
    return "returned"
