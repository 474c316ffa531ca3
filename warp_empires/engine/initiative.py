"""Initiative by quality (RULINGS O4, an optional rule): each round both sides
roll their quality die (green d6, veteran d8, elite d10, from the module) and
the higher plays the round's first player-turn; a tie goes to the side that
played first in the round before. The first round belongs to the module's
first side. A side may so play two turns in a row."""

from __future__ import annotations

from .board import log, other, roll
from .options import option
from .state import State


def next_side(s: State) -> int:
    """Who plays the player-turn after the one ending now."""
    opt = option(s, "initiative")
    if opt is None or s.turn % 2 == 1:
        return other(s.active)  # the round's second turn goes to the other side
    # A round (two player-turns) has ended: roll for the next one.
    first_last_round = other(s.active)
    rolls = [roll(s, opt.dice[side]) for side in (0, 1)]
    if rolls[0] != rolls[1]:
        winner, why = (0 if rolls[0] > rolls[1] else 1), ""
    else:
        winner = first_last_round
        why = " (a tie: it stays with the side that played first last round)"
    shown = ", ".join(f"{s.the(side, start=side == 0)} {s.module.sides[side].verb('roll')} "
                      f"{rolls[side]} (d{opt.dice[side]})" for side in (0, 1))
    log(s, f"Initiative for round {s.turn // 2 + 1}: {shown}; "
           f"{s.says(winner, 'play', start=False)} first{why}.", kind="dice")
    if winner == s.active:
        # RULINGS O4: said in a line of its own, for both sides, since the
        # roll's line alone left players unaware whose turn came next
        log(s, f"{s.says(winner, 'play')} two player-turns in a row (initiative).",
            kind="initiative")
    return winner
