"""Checks that hold after every action of every game; the fuzzer runs them.

Returns a list of broken invariants in words (empty when all hold), so that a
failing fuzz game says what went wrong, not just that something did.
"""

from __future__ import annotations

from collections import Counter

from .api import STEPS, legal_actions
from .decks import cards_discarded, cards_left
from .known import known_part
from .passage import admits
from .state import NO_SIDE, State
from .told import as_told
from .views import view

# The pending data each step works on (pending.py).
PEND_TYPES = {
    "choose_start": "Choosers", "predraw_discard": "Selection", "discard_down": "Selection",
    "move": "MovePhase", "arrange": "MovePhase", "move_from": "Moving", "move_units": "Moving",
    "card_target": "CardPlay", "choose_battle": None, "battle_card": None,
    "casualty": "Selection", "retreat": None, "recruit": "Recruiting", "place": "Recruiting",
    "upkeep": "Selection", "attrition": "Wearing",
    "withdraw": None, "withdraw_to": None, "intercept": "Intercepting", "move_on": "Intercepting",
    "hangar_return": "Returning", "advance": None,
}


def broken(s: State) -> list[str]:
    out: list[str] = []
    m = s.module
    seen: dict[int, str] = {}

    def mark(chit: int, where: str, owner: int) -> None:
        if chit in seen:
            out.append(f"chit {chit} is both in {seen[chit]} and {where}")
        seen[chit] = where
        if s.side_of(chit) != owner:
            out.append(f"chit {chit} of side {s.side_of(chit)} is in {where}")

    for side in (0, 1):
        for c in s.piles[side]:
            mark(c, f"pile {side}", side)
        for t, st in enumerate(s.stacks[side]):
            for c in st:
                mark(c, f"stack {side}@{t}", side)
        for c in s.captives[side]:
            mark(c, f"captives of {side}", 1 - side)
    for c in s.recruit:
        mark(c, "recruit draw", s.active)
    for c, _, _ in s.hangar:
        mark(c, "the hangar", s.side_of(c))
    if len(seen) != len(s.chits):
        out.append(f"{len(s.chits) - len(seen)} chits are nowhere")
    if m.map.enter:  # docs/rules.md G1: a unit stands only where its kind admits it
        # G2: but for a carried group paused where it may be intercepted
        aboard = set(s.pend.group) if s.step in ("intercept", "move_on") \
            and getattr(s.pend, "back", -1) >= 0 else set()
        for side in (0, 1):
            for t, st in enumerate(s.stacks[side]):
                for c in st:
                    if c not in aboard and not admits(m, s.chits[c], t):
                        out.append(f"{m.units[s.chits[c]].id} (chit {c}) stands at "
                                   f"{m.map.territories[t].id}, which its kind bars")
    for t, c in enumerate(s.control):
        if c != NO_SIDE and not m.map.territories[t].is_revenue:
            out.append(f"control marker on {m.map.territories[t].id}, no revenue territory")
    out.extend(_cards(s))
    for side in (0, 1):
        # RULINGS W3: a resignation may end the game while a hand is still
        # over the limit (before its discard): a position as possible as any
        # (the eleventh attack: such a game's save was refused on every load)
        if (len(s.hands[side]) > m.rules.hand_limit and s.step != "discard_down"
                and s.winner == NO_SIDE):
            out.append(f"side {side} holds {len(s.hands[side])} cards after drawing")
        if s.banks[side] < 0:
            out.append(f"side {side} bank is {s.banks[side]}")
    if s.phase == "revenue" and s.winner == NO_SIDE:
        both = [t for t in range(len(s.control)) if s.stacks[0][t] and s.stacks[1][t]]
        if both:
            out.append(f"both sides stand at {both} after the Battle phase")
    if s.battle is not None and s.phase != "battle":
        out.append(f"a battle is open in the {s.phase} phase")
    if s.winner == NO_SIDE:
        if s.step not in STEPS:
            out.append(f"unknown step {s.step!r}")
            return out
        want = PEND_TYPES[s.step]
        got = type(s.pend).__name__ if s.pend is not None else None
        if want != got:
            out.append(f"step {s.step} has pending data {got}, not {want}")
            return out
        legal = legal_actions(s)
        if not legal:
            out.append(f"no legal action at {s.step}")
        step = STEPS[s.step]
        for a in legal:
            if not step.check(s, a):
                out.append(f"{a} is listed at {s.step} but its check refuses it")
    out.extend(leaks(s))
    return out


def leaks(s: State) -> list[str]:
    """What one side's view shows of the other's secrets (RULINGS H1-H4)."""
    if s.options.get("open_hands"):
        return []
    out = []
    for side in (0, 1):
        v = view(s, side)
        seen = as_told(s, side)  # the position as this side was told it (RULINGS Z2)
        battle_t = seen.battle.t if seen.battle else -1
        enemy = 1 - side
        if v.hands is not None or sorted(v.hand) != sorted(seen.hands[side]):
            out.append(f"view of side {side} shows a hand that is not its own")
        for t, st in enumerate(v.stacks[enemy]):
            if st and st.units is not None and t != battle_t and (enemy, t) not in seen.shown:
                out.append(f"view of side {side} shows the hidden stack at {t}")
            if st and st.seen and {u.chit for u in st.seen} != set(known_part(seen, enemy, t)):
                out.append(f"view of side {side} names units of the stack at {t} "
                           "that both sides do not know")
        if any(e["to"] == enemy for e in v.log):
            out.append(f"view of side {side} shows the other side's private log")
        if v.recruit and s.active != side:
            out.append(f"view of side {side} shows the other side's recruit draw")
    places = len(s.stacks[0])
    for side, t in s.shown:
        if side not in (0, 1) or not 0 <= t < places:  # a save's word, not the engine's
            out.append(f"a stack marked as seen is off the map (side {side}, territory {t})")
        elif not s.stacks[side][t]:  # board.forget_shown missed a change
            out.append(f"the stack of side {side} at {t} is marked as seen but is empty")
    for side, t, chits in s.seen:
        if side not in (0, 1) or not 0 <= t < places:
            out.append(f"a stack known in part is off the map (side {side}, territory {t})")
        elif not chits or (side, t) in s.shown or not set(chits) < set(s.stacks[side][t]):
            # board.py keeps a stack known whole in `shown`, in part here
            out.append(f"the units of side {side} at {t} known in part are not some of "
                       "the stack's")
    return out


def _cards(s: State) -> list[str]:
    """Every card is in a deck, a discard pile or a hand: with per-side decks
    (docs/rules.md G10), each side's cards stay among its own."""
    m = s.module
    cards = cards_left(s) + cards_discarded(s) + sum(len(h) for h in s.hands)
    if cards != sum(c.count for c in m.cards):
        return [f"{cards} cards in play, the module has {sum(c.count for c in m.cards)}"]
    if bool(s.decks) != m.side_decks or (s.decks and (s.deck or s.discard)):
        return ["the decks are not the ones the module has (shared or a deck per side)"]
    out = []
    for side, deck in enumerate(s.decks):
        held = Counter(deck + s.discards[side] + s.hands[side])
        for c in m.cards:
            if held[c.index] != (c.decks or (0, 0))[side]:
                out.append(f"side {side} has {held[c.index]} of card {c.id} in its deck, "
                           f"discard pile and hand; its deck had {(c.decks or (0, 0))[side]}")
    return out
