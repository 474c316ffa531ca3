"""Twin positions: RULINGS H7 and H9 say a side may learn only what the rules
reveal. Each test builds pairs of positions that differ only in one secret of
one side (its hand, the hidden units of its stacks, its unbought recruit
draw, its spy results) or of the game (the deck order, the seed and the
generator) and requires that everything the other side can read is the same
in both: its view (log included), its prompt, its legal list, and the error
messages of the same illegal actions tried by it. Then each pair plays one
and the same action on, and the other side must still read the same, unless
the rules reveal the secret at that moment (a battle shows both stacks, B2; a
card played is seen; a spy shows what it shows, H4; a cost is paid from a
public bank, H5; sabotage names its victim, M8; a random draw differs with the
generator). That second half is what catches a log event or an automatic
decision that gives a hidden unit away.

The positions come from random games, seeds fixed, of the Star Wars module
and the tiny test theme, played by a random player that seeks contact so that
battles, spies and captures happen.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from warp_empires.engine import (
    IllegalAction,
    State,
    apply,
    decider,
    legal_actions,
    prompt,
    seen_prompt,
    setup,
    view,
)
from warp_empires.engine.actions import VERBS, Action
from warp_empires.engine.decks import deck_of
from warp_empires.engine.invariants import broken
from warp_empires.engine.pending import (
    CardPlay,
    Intercepting,
    MovePhase,
    Moving,
    Recruiting,
    Selection,
    Wearing,
    to_data,
)
from warp_empires.engine.told import as_told
from warp_empires.engine.viewtypes import Decision
from warp_empires.module import load_module
from warp_empires.module.defs import Module

from .builder import blank, card, give, make_module, put, tid

SW = Path(__file__).parents[2] / "modules" / "star_wars"

# Seeds far too long to turn up by chance in a text, so that finding one in a
# log means the seed itself was written there (RULINGS H7).
BIG = 0x5EED_0000_0000_0000


@cache
def star_wars() -> Module:
    return load_module(SW)


@cache
def punic() -> Module:
    return load_module(Path(__file__).parents[1] / "themes" / "punic")


@cache
def tiny() -> Module:
    return make_module()


@cache
def tiny_optional() -> Module:
    """The tiny theme with attrition from stacks of 4, so that it happens."""
    m = make_module()
    return replace(m, options={**m.options,
                               "attrition": replace(m.options["attrition"], stack=4)})


MODULES: dict[str, Callable[[], Module]] = {"star_wars": star_wars, "tiny": tiny,
                                            "tiny_optional": tiny_optional}
# The optional rules the "tiny_optional" games play with (RULINGS O1-O5).
OPTIONAL = ["attrition", "initiative", "interception", "repair_hangar", "withdrawal"]


# Positions from random games


def lively(s: State, legal: list[Action], r: random.Random) -> Action:
    """A random player that plays cards and moves into enemy stacks more often
    than a uniform one, so that battles, spies, sabotage and captures occur."""
    acts = [a for a in legal if a[0] not in ("unpick", "resign", "undo")] or legal
    step = s.step
    if step == "move":
        plays = [a for a in acts if a[0] != "end"]
        if plays and r.random() < 0.85:
            return r.choice(plays)
    elif step == "move_from":
        froms = [a for a in acts if a[0] == "from"]
        if froms and r.random() < 0.9:
            return r.choice(froms)
    elif step == "move_units":
        tos = [a for a in acts if a[0] == "to"]
        enemy = s.stacks[1 - s.active]
        hits = [a for a in tos if enemy[a[1]]]
        if hits and r.random() < 0.7:
            return r.choice(hits)
        if tos and r.random() < 0.5:
            return r.choice(tos)
        picks = [a for a in acts if a[0] == "pick"]
        if picks:
            return r.choice(picks)
    return r.choice(acts)


# Steps that random play reaches often: only this share of their positions is
# kept (every position of the other steps is).
COMMON = {"move": 0.04, "predraw_discard": 0.04, "discard_down": 0.08, "arrange": 0.1,
          "move_from": 0.15, "move_units": 0.2, "recruit": 0.3, "place": 0.5}


def play_positions(module: Module, seeds: range, turns: int, share: float,
                   optional: list[str] | None = None) -> list[State]:
    """Copies of positions met in random games: every position of a rare step,
    `share` times the COMMON share of the others."""
    out: list[State] = []
    for seed in seeds:
        r = random.Random(seed)
        s = setup(module, BIG + seed, {"optional": optional} if optional else None)
        while s.winner < 0 and s.turn <= turns:
            if r.random() < COMMON.get(s.step, 1.0) * share:
                out.append(s.clone())
            side = decider(s)
            apply(s, side, lively(s, legal_actions(s, side), r))
    return out


@cache
def positions(name: str) -> tuple[State, ...]:
    if name == "star_wars":
        return tuple(play_positions(star_wars(), range(14), 24, 1.0))
    if name == "punic":  # a deck per side (docs/rules.md G10); not in MODULES
        return tuple(play_positions(punic(), range(3), 10, 1.0, ["interception"]))
    if name == "tiny_optional":
        return tuple(play_positions(tiny_optional(), range(40), 24, 1.0, OPTIONAL))
    return tuple(play_positions(tiny(), range(30), 24, 1.0))


# What the other side can read


MALFORMED: list[Any] = [(), ("fly",), ("pass", 1), ("to",), ("to", "x"), ("to", True),
                        ["pick"], ("play", -1), ("top", 10**6), ("target", -5),
                        ("pick", 10**6), ("unpick", 3), ("undo",), "pass", None]


def candidates(a: State, b: State, r: random.Random) -> list[Any]:
    """Actions for the other side to try: the decider's legal lists of both
    twins, malformed ones, and random shapes of every verb."""
    out: list[Any] = []
    for s in (a, b):
        for act in legal_actions(s):
            if act not in out:
                out.append(act)
    out += MALFORMED
    n = max(len(a.chits), len(a.module.map.territories), len(a.module.cards))
    for verb in sorted(VERBS - {"resign"}):
        out.append((verb, r.randrange(-1, n + 1)))
    return out


def errors(s: State, side: int, cands: list[Any]) -> list[tuple[str, str, str]]:
    """What `side` is told when it tries each candidate that is not in its legal
    list (those are compared as the legal list itself)."""
    legal = legal_actions(s, side)
    work = s.clone()
    out = []
    for act in cands:
        if act in legal or (type(act) is tuple and act[:1] == ("resign",)):
            continue
        try:
            apply(work, side, act)
        except IllegalAction as e:
            out.append((repr(act), str(e), e.reason))
        except Exception as e:  # a crash is compared too: it must not depend on secrets
            out.append((repr(act), f"{type(e).__name__}: {e}", "crash"))
        else:
            out.append((repr(act), "accepted", ""))
            work = s.clone()
    return out


def readable(s: State, side: int, cands: list[Any] | None = None) -> dict[str, Any]:
    """Everything `side` can read in this position (RULINGS H9)."""
    out = {
        "view": view(s, side, log=True).to_data(),  # as the wire carries it
        "prompt": seen_prompt(s, side).to_data(),
        "legal": legal_actions(s, side),
        # the public lines of the log, which a hot-seat hand-over card shows
        # both people (tui Session.public_since), as far as told (RULINGS Z2)
        "shared": [e["text"] for e in as_told(s, side).log or () if e.get("public")],
    }
    if cands is not None:
        out["errors"] = errors(s, side, cands)
    return out


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """The path and values of the first difference, for a readable failure."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {str(a)[:300]} != {str(b)[:300]}"


# The twins: each returns a copy of the position with one secret changed, or
# None where that secret does not exist here.


def _map_pend(p: Any, step: str, f: Callable[[int], int]) -> Any:
    """The pending data with every chit renamed by f (card kinds left alone)."""
    if isinstance(p, Selection):
        if step not in ("predraw_discard", "discard_down"):  # those hold card kinds
            p.items = [f(c) for c in p.items]
    elif isinstance(p, MovePhase):
        p.engaged = [f(c) for c in p.engaged]
    elif isinstance(p, Moving):
        p.engaged = [f(c) for c in p.engaged]
        p.moved = [f(c) for c in p.moved]
        if p.group is not None:
            p.group.items = [f(c) for c in p.group.items]
    elif isinstance(p, Recruiting):
        p.offer.items = [f(c) for c in p.offer.items]
        p.placing = [f(c) for c in p.placing]
    elif isinstance(p, CardPlay):
        if p.chit >= 0:
            p.chit = f(p.chit)
        p.resume = _map_pend(p.resume, p.resume_step, f)
    elif isinstance(p, Wearing):
        p.sel.items = [f(c) for c in p.sel.items]
    elif isinstance(p, Intercepting):
        p.group = [f(c) for c in p.group]
        p.resume = _map_pend(p.resume, p.resume_step, f)
    return p


def swap_chits(s: State, x: int, y: int) -> None:
    """Exchanges the places of chits x and y everywhere (stacks, piles, recruit
    draw, pending data): the position as if y had stood where x stood."""

    def f(c: int) -> int:
        return y if c == x else x if c == y else c

    for side in (0, 1):
        s.stacks[side] = [tuple(f(c) for c in st) for st in s.stacks[side]]  # tuples, as ever
        s.piles[side] = [f(c) for c in s.piles[side]]
        s.captives[side] = [f(c) for c in s.captives[side]]
    s.recruit = [f(c) for c in s.recruit]
    s.pend = _map_pend(s.pend, s.step, f)


def _named(s: State) -> set[int]:
    """Chits the battle records name by id: they were seen, so they stay put."""
    out: set[int] = set()
    for b in (s.battle, s.last_battle):
        if b is not None:
            out.update(t for _, _, t in b.played)
            out.update(b.zeroed)
            out.update(b.destroyed)
    return out


def _pend_chits(p: Any) -> set[int]:
    if isinstance(p, MovePhase):
        return set(p.engaged)
    if isinstance(p, Moving):
        return set(p.engaged) | set(p.moved) | set(p.group.items if p.group else ())
    if isinstance(p, CardPlay):
        return _pend_chits(p.resume)
    if isinstance(p, Intercepting):
        return set(p.group) | _pend_chits(p.resume)
    return set()


def twin_hand(s: State, owner: int, r: random.Random) -> State | None:
    """A card of the owner's hand swapped with a card of another kind from the
    deck (RULINGS H1)."""
    t = s.clone()
    hand = t.hands[owner]
    sel = t.pend if (t.step in ("predraw_discard", "discard_down") and owner == t.active) \
        else None
    if sel is not None:
        free = [i for i in range(len(sel.items)) if i not in sel.picked]
        kinds = sorted({sel.items[i] for i in free})
    else:
        kinds = sorted(set(hand))
    if not kinds:
        return None
    a = r.choice(kinds)
    deck = [i for i, k in enumerate(t.deck) if k != a]
    if not deck:
        return None
    i = r.choice(deck)
    b = t.deck[i]
    hand.remove(a)
    hand.append(b)
    t.deck[i] = a
    if sel is not None:
        j = next(j for j in free if sel.items[j] == a)
        items = sel.items[:]
        items[j] = b
        order = sorted(range(len(items)), key=lambda k: items[k])  # items stay sorted
        place = {old: new for new, old in enumerate(order)}
        sel.items = [items[k] for k in order]
        sel.picked = [place[k] for k in sel.picked]
    return t


def twin_stack(s: State, owner: int, r: random.Random) -> State | None:
    """A unit below the top of one of the owner's stacks swapped with a chit of
    another type from its pile (RULINGS H2). Stacks in battle are shown (B2),
    and so are those both sides saw in one and nothing has joined or left
    since (State.shown), and the units of a stack both know in part
    (State.seen); a fortification only goes where one could stand (a
    revenue territory), and a unit of the group being moved keeps its mobility."""
    seen = _named(s) | {c for _, _, chits in s.seen for c in chits}
    busy = _pend_chits(s.pend)
    shown = s.battle.t if s.battle is not None else -1
    units = s.module.units
    terr = s.module.map.territories
    options = []
    for t, st in enumerate(s.stacks[owner]):
        if t == shown or (owner, t) in s.shown:
            continue
        for x in st[1:]:
            if x in seen:
                continue
            ux = units[s.chits[x]]
            for y in s.piles[owner]:
                uy = units[s.chits[y]]
                if uy.index == ux.index or y in seen:
                    continue
                if (uy.move > 0) != (ux.move > 0) and (x in busy or (
                        uy.move == 0 and not terr[t].is_revenue)):
                    continue
                options.append((x, y))
    if not options:
        return None
    # Mobility and leadership are what automatic decisions turn on (M9, B9, W2):
    # such swaps are tried most.
    telling = [(x, y) for x, y in options
               if (units[s.chits[x]].move > 0) != (units[s.chits[y]].move > 0)
               or units[s.chits[x]].is_leader != units[s.chits[y]].is_leader]
    x, y = r.choice(telling if telling and r.random() < 0.7 else options)
    t = s.clone()
    swap_chits(t, x, y)
    return t


def twin_recruit(s: State, owner: int, r: random.Random) -> State | None:
    """A drawn chit not bought (yet) swapped with a pile chit of another type
    (RULINGS H3); while placing, a bought unit swapped with one of the same
    cost, since the cost was paid from a public bank (H5)."""
    if owner != s.active or s.step not in ("recruit", "place"):
        return None
    p = s.pend
    units = s.module.units
    if s.step == "recruit":
        drawn = [c for i, c in enumerate(p.offer.items) if i not in p.offer.picked]
    else:
        drawn = p.placing
    options = []
    for x in drawn:
        ux = units[s.chits[x]]
        for y in s.piles[owner]:
            uy = units[s.chits[y]]
            if uy.index != ux.index and (s.step == "recruit" or uy.force == ux.force):
                options.append((x, y))
    if not options:
        return None
    x, y = r.choice(options)
    t = s.clone()
    swap_chits(t, x, y)
    return t


def twin_deck(s: State, owner: int, r: random.Random) -> State | None:
    """The deck in another order (the owner's own, with a deck per side,
    docs/rules.md G10): a secret of the game, of neither side."""
    if len(set(deck_of(s, owner))) < 2:
        return None
    t = s.clone()
    while deck_of(t, owner) == deck_of(s, owner):
        r.shuffle(deck_of(t, owner))
    return t


def twin_intel(s: State, owner: int, r: random.Random) -> State | None:
    """Other results of the owner's spy cards (RULINGS H4: its player alone)."""
    t = s.clone()
    if t.intel[owner]:
        t.intel[owner] = t.intel[owner][:-1]
    else:
        enemy = 1 - owner
        t.intel[owner] = [{"kind": "hand", "cards": sorted(t.hands[enemy])}]
        stacks = [i for i, st in enumerate(t.stacks[enemy]) if st]
        if stacks:
            i = r.choice(stacks)
            t.intel[owner].append({"kind": "stack", "territory": i,
                                   "units": [t.chits[c] for c in t.stacks[enemy][i]]})
    return t


def twin_rng(s: State, owner: int, r: random.Random) -> State | None:
    """Another seed and generator state (RULINGS H7)."""
    t = s.clone()
    t.rng = r.getrandbits(64)
    t.seed = BIG + r.getrandbits(40)
    return t


TWINS: dict[str, Callable[[State, int, random.Random], State | None]] = {
    "hand": twin_hand, "stack": twin_stack, "recruit": twin_recruit, "deck": twin_deck,
    "intel": twin_intel, "rng": twin_rng,
}
# Secrets of the game itself: neither side may read them.
NOBODYS = frozenset({"deck", "rng"})


# When the rules reveal the secret after one more action


def _types(s: State, chits: list[int]) -> list[int]:
    return [s.chits[c] for c in chits]


def revealed(kind: str, owner: int, before: tuple[State, State], after: tuple[State, State],
             ) -> bool:
    """True when the action just played shows the secret by the rules, so the
    twins may from then on read differently."""
    (a0, b0), (a, b) = before, after
    other = 1 - owner
    if a.winner != b.winner or a.winner >= 0:
        return True  # the end of the game is public
    if (a.battle is None) != (b.battle is None):
        return True
    if a.battle is not None and any(a.stacks[sd][a.battle.t] != b.stacks[sd][a.battle.t]
                                    for sd in (0, 1)):
        return True  # RULINGS B2: both stacks are shown when a battle starts
    if to_data(a.last_battle) != to_data(b.last_battle):
        return True
    if a.captives != b.captives:
        return True  # captures follow battles, which show the stacks
    if a.intel[other] != b.intel[other] or kind in NOBODYS and a.intel[owner] != b.intel[owner]:
        return True  # RULINGS H4: a spy card shows its player what it shows
    if a.discard != b.discard or a.discards != b.discards:
        return True  # a card played or discarded is seen
    if Counter(a.hands[other]) != Counter(b.hands[other]):
        return True  # a card drawn from the deck is seen by who draws it
    if kind in NOBODYS and Counter(a.hands[owner]) != Counter(b.hands[owner]):
        return True
    if kind == "deck" and (a.deck != a0.deck or b.deck != b0.deck or a.decks != a0.decks
                           or b.decks != b0.decks):
        return True  # who draws sees the cards drawn, in the order drawn
    if a.control != b.control:
        # RULINGS K2, H5: a marker is placed where some occupier bears a control
        # trait, and markers are public, so the rules themselves tell that much.
        return True
    if a.banks != b.banks:
        return True  # RULINGS H5: costs are paid from public banks
    if kind == "rng" and (a.rng != a0.rng or b.rng != b0.rng):
        return True  # something was drawn or rolled: its outcome may be shown
    tops_a = [s[0] if s else -1 for s in a.stacks[owner]]
    tops_b = [s[0] if s else -1 for s in b.stacks[owner]]
    if _types(a, [c for c in tops_a if c >= 0]) != _types(b, [c for c in tops_b if c >= 0]):
        return True  # RULINGS H2: the top of a stack is shown
    if a0.step == "card_target" and a0.module.cards[a0.pend.card].effect.kind == "sabotage":
        return True  # RULINGS M8: both sides learn the outcome
    if a0.step == "intercept" and (a.rng != a0.rng or b.rng != b0.rng):
        return True  # RULINGS O1: the roll's modifiers tell who has a leader
    return False


# The comparison


def spread(states: tuple[State, ...], per_step: int) -> set[int]:
    """The indexes of at most `per_step` positions of each step, spread evenly
    over the games: every step keeps its rare positions, and the common ones
    (battle cards, moves: a third of all) stop dominating the time. The
    benchmark bench_secrecy.py compares twins by the ten thousand."""
    of_step: dict[str, list[int]] = {}
    for n, s in enumerate(states):
        of_step.setdefault(s.step, []).append(n)
    chosen: set[int] = set()
    for found in of_step.values():
        stride = -(-len(found) // per_step)
        chosen.update(found[::stride])
    return chosen


def compare_twins(name: str, kinds: list[str], per_step: int = 10**9
                  ) -> tuple[list[str], Counter]:
    """Builds the twins of each kind at up to `per_step` positions of each step
    and compares what the other side reads, now and after one more action.
    Returns the failures and how many twins were compared per (kind, step)."""
    fails: list[str] = []
    done: Counter = Counter()
    chosen = spread(positions(name), per_step)
    for n, s in enumerate(positions(name)):
        if n not in chosen:
            continue
        if broken(s):
            fails.append(f"{name} #{n}: the position itself is broken: {broken(s)}")
            continue
        d = decider(s)
        for kind in kinds:
            r = random.Random(n * 7919 + len(kind))
            owners = (0, 1) if kind in ("hand", "stack") else (s.active,)
            for owner in owners:
                twin = TWINS[kind](s, owner, r)
                if twin is None:
                    continue
                bad = broken(twin)
                assert not bad, f"{name} #{n} {kind} twin is not a legal position: {bad}"
                where = f"{name} #{n} turn {s.turn} {s.phase}/{s.step} ({kind} of side {owner})"
                readers = (0, 1) if kind in NOBODYS else (1 - owner,)
                cands = candidates(s, twin, r)
                for reader in readers:
                    got = readable(s, reader, cands), readable(twin, reader, cands)
                    if got[0] != got[1]:
                        fails.append(f"{where}: side {reader} reads "
                                     f"{first_difference(*got)}")
                done[kind, s.step] += 1
                fails += step_on(kind, owner, s, twin, d, r, where)
    return fails, done


def step_on(kind: str, owner: int, a: State, b: State, d: int, r: random.Random,
            where: str) -> list[str]:
    """Plays the same action in both twins (up to two of those legal in both)
    and compares what the other side reads after it, unless the rules have
    just revealed the secret."""
    legal_b = legal_actions(b)
    common = [x for x in legal_actions(a) if x in legal_b and x[0] != "resign"]
    # Decisions that close something (a move, a selection, a pass) are where
    # the engine decides the next thing by itself: those are tried first.
    closing = [x for x in common if x[0] not in ("pick", "unpick")]
    picks = [x for x in common if x[0] in ("pick", "unpick")]
    fails = []
    for act in (r.sample(closing, len(closing)) + r.sample(picks, len(picks)))[:2]:
        a2, b2 = a.clone(), b.clone()
        apply(a2, d, act)
        apply(b2, d, act)
        if revealed(kind, owner, (a, b), (a2, b2)):
            continue
        readers = (0, 1) if kind in NOBODYS else (1 - owner,)
        for reader in readers:
            got = readable(a2, reader), readable(b2, reader)
            if got[0] != got[1]:
                fails.append(f"{where}, after side {d} plays {act}: side {reader} reads "
                             f"{first_difference(*got)}")
    return fails


def summary(fails: list[str]) -> str:
    return f"{len(fails)} leaks, e.g.:\n" + "\n".join(fails[:12])


# The tests


@pytest.mark.parametrize("name", sorted(MODULES))
@pytest.mark.parametrize("kind", sorted(TWINS))
def test_h9_other_side_reads_the_same_in_twin_positions(name: str, kind: str) -> None:
    # RULINGS H1-H4, H7, H9: nothing the other side reads depends on the secret.
    # Up to 40 positions of each step (20 for the secrets of the game, deck and
    # seed, read by both sides): every step is tried, the rare ones at all
    # their positions.
    fails, done = compare_twins(name, [kind], 20 if kind in NOBODYS else 40)
    assert sum(done.values()) >= (20 if kind == "recruit" else 60), done
    steps = {step for _, step in done}
    assert len(steps) >= (1 if kind == "recruit" else 8), done
    assert not fails, summary(fails)


def test_twins_reach_the_steps_that_matter() -> None:
    # The positions must cover the decisions where secrets could slip out:
    # otherwise the twin tests above would pass for want of trying.
    steps = Counter(s.step for s in positions("star_wars"))
    steps.update(s.step for s in positions("tiny"))
    for step in ("choose_start", "predraw_discard", "discard_down", "move", "arrange",
                 "move_from", "move_units", "card_target", "battle_card", "casualty",
                 "recruit", "place", "upkeep"):
        assert steps[step] >= 3, (step, steps)
    assert len(positions("star_wars")) >= 300, len(positions("star_wars"))
    optional = Counter(s.step for s in positions("tiny_optional"))
    for step in ("intercept", "withdraw", "withdraw_to", "attrition"):  # RULINGS O1-O3
        assert optional[step] >= 3, (step, optional)
    cards = {(s.module.name, s.module.cards[s.pend.card].effect.kind)
             for s in positions("star_wars") + positions("tiny") if s.step == "card_target"}
    kinds = {k for _, k in cards}
    assert {"spy", "sabotage", "destroy"} <= kinds, cards


@pytest.mark.parametrize("name", sorted(MODULES))
def test_h7_the_seed_is_never_shown(name: str) -> None:
    # RULINGS H7: not in the log, the view or a prompt of either side
    checked = 0
    chosen = spread(positions(name), 40)
    for s in (s for n, s in enumerate(positions(name)) if n in chosen):
        secret = {str(s.seed), f"{s.seed:x}", f"{s.seed:X}", str(s.rng), f"{s.rng:x}"}
        for side in (0, 1):
            v = view(s, side, log=True).to_data()
            text = json.dumps(v) + prompt(s).text + prompt(s).public(s).text
            found = [x for x in secret if x in text]
            assert not found, f"side {side} can read {found} at turn {s.turn} {s.step}"
            checked += 1
    assert checked >= 200


def test_the_twin_check_catches_a_leak() -> None:
    # The comparison must fail when something secret is shown: a position whose
    # log names a hidden unit to the other side reads differently in its twin.
    s = next(p for p in positions("tiny") if any(len(st) > 1 for st in p.stacks[p.active])
             and p.battle is None).clone()  # the shared positions stay as they are
    owner = s.active
    twin = twin_stack(s, owner, random.Random(1))
    assert twin is not None
    for p in (s, twin):
        p.told = None  # all told (RULINGS Z2), so that the line is read at once
        hidden = [c for st in p.stacks[owner] for c in st[1:]]
        p.log = p.log + [{"turn": p.turn, "phase": p.phase, "to": None, "kind": "info",
                          "text": " ".join(p.unit(c).name for c in hidden)}]
    assert readable(s, 1 - owner) != readable(twin, 1 - owner)


def test_h9_a_move_card_does_not_end_by_itself_on_what_is_hidden() -> None:
    # RULINGS H2, H9 ("what is decided automatically"): after a group moves, the
    # card must not end by itself because no unit is left that could move, when
    # that turns on a unit the enemy cannot see. Here Red's stack at C shows a
    # fortification on top; below it stands a wing (mobile) in one twin and a
    # second fortification in the other.
    twins = []
    for below in ("wing", "fort"):
        s = blank()
        put(s, 0, "a", "cruiser")
        put(s, 0, "c", "fort", below)
        put(s, 1, "e", "swarm")
        give(s, 0, "march")  # two groups
        apply(s, 0, ("play", card(s, "march")))
        apply(s, 0, ("from", tid(s, "a")))
        apply(s, 0, ("pick", 0))
        twins.append(s)
    assert broken(twins[0]) == [] and broken(twins[1]) == []
    assert readable(twins[0], 1) == readable(twins[1], 1)  # the secret is kept so far
    for s in twins:
        apply(s, 0, ("to", tid(s, "b")))
    got = readable(twins[0], 1), readable(twins[1], 1)
    assert got[0] == got[1], first_difference(*got)


def test_z1_a_decision_that_can_be_taken_back_showed_nothing() -> None:
    # RULINGS Z1, H9 ("undo included"): a side may take a decision back only
    # while it has drawn nothing at random and shown nothing to either side. So
    # after any action that leaves an undo checkpoint, the other side reads the
    # same as before it (the kind of decision pending aside: that the deciding
    # side is, say, choosing a group rather than a card is not a fact of the
    # game), and the deck and the generator are untouched.
    from warp_empires.engine import Game

    fails: list[str] = []
    kept = 0
    for name in sorted(MODULES):
        for seed in range(6):
            game = Game.new(MODULES[name](), BIG + seed)
            r = random.Random(seed)
            while not game.over and game.state.turn <= 10:
                s = game.state
                d = decider(s)
                before = view(s, 1 - d).to_data()
                deck, gen, checkpoints, step = s.deck[:], s.rng, len(s.undo), s.step
                act = lively(s, legal_actions(s, d), r)
                game.apply(d, act)
                if len(s.undo) <= checkpoints:
                    continue
                kept += 1
                after = view(s, 1 - d).to_data()
                for k in before:
                    # RULINGS Z2: not even the kind of decision pending changes
                    if before[k] != after[k]:
                        fails.append(f"{name} seed {seed} turn {s.turn} {step}: {act} by side "
                                     f"{d} can be taken back, but side {1 - d} read "
                                     f"{first_difference(before[k], after[k], k)}")
                        break
                if s.deck != deck or s.rng != gen:
                    fails.append(f"{name} seed {seed} turn {s.turn} {step}: {act} drew at "
                                 f"random and can be taken back")
    assert kept >= 500, kept
    assert not fails, summary(fails)


def shared_screen(s: State) -> dict[str, Any]:
    """What a screen both players watch shows while the decider takes an
    all-public decision: the bystander's view of the decider, and its list."""
    d = decider(s)
    return {"view": view(s, d, log=True, public=True).to_data(), "legal": legal_actions(s, d)}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_h6_an_all_public_decision_shows_no_secret_of_either_side(name: str) -> None:
    # RULINGS H6, H9, B2: battle losses, retreats and the order of battles are
    # taken on a screen both players see, with no hand-over between them. So
    # what that screen shows must be the same whichever secrets either side
    # holds, the decider's own included.
    fails: list[str] = []
    compared: Counter = Counter()
    for n, s in enumerate(positions(name)):
        if not prompt(s).all_public:
            continue
        for kind in sorted(TWINS):
            r = random.Random(n * 31 + len(kind))
            for owner in (0, 1):
                twin = TWINS[kind](s, owner, r)
                if twin is None:
                    continue
                got = shared_screen(s), shared_screen(twin)
                if got[0] != got[1]:
                    fails.append(f"{name} #{n} {s.step} ({kind} of side {owner}): "
                                 f"{first_difference(*got)}")
                compared[s.step] += 1
    assert compared["casualty"] >= 10 and compared["retreat"] + compared["choose_battle"] >= 5, \
        compared
    assert not fails, summary(fails)


def test_a_shared_screen_keeps_the_decider_words_only_when_all_public() -> None:
    # The prompt of a private decision (a battle card) is not on a shared screen;
    # that of a casualty is, with its selection.
    s = next(p for p in positions("star_wars") if p.step == "battle_card")
    v = view(s, decider(s), public=True)
    assert v.pend == Decision() and v.prompt.text.startswith("Waiting for")
    assert v.hand == [] and v.intel == [] and v.recruit == []
    c = next(p for p in positions("star_wars") if p.step == "casualty")
    v = view(c, decider(c), public=True)
    assert v.prompt.all_public and v.pend.selection is not None
    assert v.prompt.text == prompt(c).text
