"""What the other side has been told of the mover's Move phase (RULINGS Z2).

A side's own Move phase is told to the other side when the phase ends, or
sooner when something is drawn or rolled, or when the other side must decide.
Until then the mover may take any of it back (Z1), and the other side reads the
position as it was last told: `State.told` holds a copy of it, taken when the
untold stretch began (the phase's start, the latest draw or roll, the other
side's latest decision). One rule, read by `view` and by what the server sends.

Only states that keep a log keep `told` (a Game and its replays): playouts keep
neither and pay nothing for it.
"""

from __future__ import annotations

from .decks import cards_left
from .pending import CardPlay
from .state import NO_SIDE, State

# Cards whose outcome at an enemy stack tells its player what the stack holds
# (sabotage M8, a defection G7): "finds nothing" says as much as a loss.
PROBES = frozenset({"sabotage", "defect"})
# Cards whose play in the Move phase shows their player something, a spy's
# look or a probe's outcome: undo stops there (RULINGS Z1), as their prompt
# and row say.
REVEALS = PROBES | {"spy"}


def untold(s: State, deciding: int) -> bool:
    """Whether `s` is in a stretch the other side is not told yet: the active
    side deciding in its own Move phase."""
    return deciding == s.active and s.phase == "move" and s.winner == NO_SIDE


def chance(s: State) -> tuple[int, int]:
    """What changes when something is drawn or rolled: the generator and the deck."""
    return s.rng, cards_left(s)


def revealed(s: State) -> tuple[int, int]:
    """What grows when a spy card shows something to its player (RULINGS H4)."""
    return len(s.intel[0]), len(s.intel[1])


def probed(before: State, action: tuple[object, ...]) -> bool:
    """Whether the decision aims a probing card at a stack: its outcome is a
    reveal to its player, which undo may not take back (RULINGS Z1, Z2). A
    play-tester took back a sabotage that had "found nothing" and struck the
    next stack knowing; a sabotage that destroys already stands (it draws)."""
    p = before.pend
    return (action[:1] == ("target",) and isinstance(p, CardPlay)
            and before.module.cards[p.card].effect.kind in PROBES)


def begin(s: State, deciding: int) -> None:
    """Before a decision of `deciding`: a stretch with no copy yet (a position
    opened from a save, or built by hand) starts here, told as it stands."""
    if s.told is None and untold(s, deciding):
        s.told = s.clone()
        s.told.told = None


def after(s: State, deciding: int, drawn: bool) -> bool:
    """Keeps `s.told` after a decision whose effect is done (`drawn`: it drew or
    rolled at random); whether the other side was told just now."""
    if not untold(s, deciding):
        s.told = None  # the phase is over, or the other side decides: all is told
        return True
    if s.told is None or drawn:
        s.told = s.clone()  # the stretch starts here, with everything so far told
        s.told.told = None
        return True
    return False


def as_told(s: State, reader: int) -> State:
    """The position as `reader` was last told it: the state itself, or, for the
    side not moving during the mover's untold stretch, the copy kept then."""
    t = s.told
    return s if t is None or reader == s.active else t
