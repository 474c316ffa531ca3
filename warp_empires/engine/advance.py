"""Moving on after a won battle (docs/rules.md G16), an optional rule
(`[options.advance]`): a group that entered an enemy stack in the Move phase
keeps the spaces it had left (`State.onward`), and when its side wins the
battle there its survivors may go on, together, up to the fewest spaces
any of them has left, as a group moves (R M2, G1, G2)."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .board import join_seen, log, reachable, remove_group
from .options import option
from .passage import Passage, chits_passage
from .state import State
from .steps import Step

# The Battle phase's continuation once the attacker has moved on or stayed
# (flow.py: the next battle, or the phase's end).
NEXT_BATTLE = "battles_next"


def spaces_used(s: State, side: int, src: int, dst: int, steps: int,
                passage: Passage | None) -> int:
    """The fewest spaces from src to dst for a group of `side` (within `steps`)."""
    for n in range(1, steps + 1):
        if dst in reachable(s, side, src, n, passage):
            return n
    return steps


def record(s: State, side: int, src: int, dst: int, group: Sequence[int], steps: int) -> None:
    """A group entering an enemy stack at dst keeps the spaces it had left
    (replaced whole, never changed in place: copies share it)."""
    if not option(s, "advance"):
        return
    left = steps - spaces_used(s, side, src, dst, steps, chits_passage(s, list(group)))
    kept = [e for e in s.onward if e[0] not in group]
    s.onward = kept + [[c, dst, left] for c in group if left > 0]


def advancing(s: State) -> tuple[list[int], int]:
    """The group that may move on from the battle just won, and its spaces:
    the attacker's survivors there that came in with spaces left."""
    b = s.last_battle
    if b is None or b.winner != b.att or not s.onward:
        return [], 0
    here = s.stacks[b.att][b.t]
    left = {c: n for c, t, n in s.onward if t == b.t and c in here}
    return list(left), min(left.values(), default=0)


def destinations(s: State) -> list[int]:
    group, spaces = advancing(s)
    if not group:
        return []
    b = s.last_battle
    assert b is not None
    return reachable(s, b.att, b.t, spaces, chits_passage(s, group))


def offer(s: State) -> bool:
    """After a battle: whether the attacker is asked to move on (G16)."""
    if not s.onward or not option(s, "advance"):
        return False
    if destinations(s):
        s.step = "advance"
        return True
    _spent(s)
    return False


def _spent(s: State) -> None:
    """The spaces kept at the battle's territory are gone, moved on or not."""
    b = s.last_battle
    assert b is not None
    s.onward = [e for e in s.onward if e[1] != b.t]


class Advance(Step):
    """The attacker that won: move the survivors on, or stay (halt)."""

    kind = "advance"

    def legal(self, s: State) -> list[Action]:
        acts: list[Action] = [("to", t) for t in destinations(s)]
        acts.append(("halt",))
        return acts

    def do(self, s: State, a: Action) -> str | None:
        group, spaces = advancing(s)
        b = s.last_battle
        assert b is not None
        _spent(s)  # once asked, the spaces are spent either way: it moves on once
        if a[0] == "halt":
            return NEXT_BATTLE
        dst, side = a[1], b.att
        used = spaces_used(s, side, b.t, dst, spaces, chits_passage(s, group))
        remove_group(s, side, b.t, group)
        join_seen(s, side, dst, group)
        if s.stacks[1 - side][dst] and spaces > used:  # into another battle: may go on after
            s.onward = s.onward + [[c, dst, spaces - used] for c in group]
        log(s, f"{s.says(side, 'move')} on from {s.territory_name(b.t)} to "
               f"{s.territory_name(dst)} with {len(group)} unit"
               f"{'s' if len(group) != 1 else ''}.", kind="move")
        return NEXT_BATTLE

    def text(self, s: State) -> str:
        b = s.last_battle
        assert b is not None
        group, spaces = advancing(s)
        n = len(group)
        return (f"Battle at {s.territory_name(b.t)} won: the {n} unit{'s' if n != 1 else ''} "
                f"that came in may move on, up to {spaces} space{'s' if spaces != 1 else ''}, "
                "or stay.")


STEPS = [Advance()]
