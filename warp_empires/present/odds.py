"""How a battle would stand, in the words of a destination's row: the same
forecast the side panel and the battle card rows use (engine/forecast.py),
cut to what fits on one row. Play-test: a destination said only "(enemy:
battle)", and a tester twice walked into a fight it could only lose."""

from __future__ import annotations

from warp_empires.engine import Action, View
from warp_empires.engine.forecast import BattleForecast, battle_forecast, own_leaders
from warp_empires.module.defs import Module

# What a row said before it could say more: a stack whose units are all
# hidden and none of the viewer's own there or joining (no forecast).
ENEMY_NOTE = " (enemy: battle)"

_VERDICT = {"win": "you win", "lose": "you lose", "likely win": "likely win",
            "likely lose": "likely lose", "uncertain": "either way"}


def group_units(view: View) -> list[int]:
    """The unit types of the moving group as picked so far, or of the recruit
    being placed (none otherwise): what a destination's battle would add.
    Play-test: a recruit's place beside an enemy stack said only "(enemy:
    battle)", though the recruit is the viewer's own (RULINGS H3)."""
    if view.prompt.kind == "place" and view.pend.placing:
        chit = view.pend.placing[0]
        return [u.unit for u in view.recruit if u.chit == chit]
    last = view.last_battle
    if view.prompt.kind == "advance" and last is not None:  # docs/rules.md G16
        going = {c for c, t, _ in view.onward if t == last.t}
        entry = view.stacks[view.side][last.t]
        return [u.unit for u in entry.units or () if u.chit in going] if entry else []
    selection = view.pend.selection
    src = view.pend.src
    if view.prompt.kind != "move_units" or selection is None or src < 0:
        return []
    chosen = {selection.items[i] for i in selection.picked}
    entry = view.stacks[view.side][src]
    return [u.unit for u in entry.units or () if u.chit in chosen] if entry else []


def brief(odds: BattleForecast) -> str:
    """The forecast in a few words: "you win 12 to 5 before cards", "likely
    lose 6 to 8-14", with the tie rule when the totals are equal and known
    (B6), "before cards" while the enemy holds any (one may turn it), and
    what a win would cost in leaders when it is the last one (last_leader)."""
    def span(r: tuple[int, int]) -> str:
        return str(r[0]) if r[0] == r[1] else f"{r[0]}-{r[1]}"

    if odds.ours[0] == odds.ours[1] and odds.theirs[0] == odds.theirs[1]:
        out = f"{_VERDICT[odds.verdict]} {span(odds.ours)} to {span(odds.theirs)}"
    else:
        # play-test 17: "likely lose 4-9 to 4-30" (a range beside "to") was
        # hard to read; each side's range named
        verdict = "either way" if odds.verdict == "uncertain" else _VERDICT[odds.verdict]
        out = f"{verdict}: you {span(odds.ours)}, they {span(odds.theirs)}"
    if odds.tie_goes_to:
        out += f", a tie goes to the {odds.tie_goes_to}"
    if odds.their_cards and odds.verdict != "lose":
        # play-test: "you win 19 to 5" was lost to three battle cards; the
        # side panel said "before cards", the row did not
        out += " before cards"
    if odds.verdict != "win" and odds.last_here:
        # play-test 17: a row that forecast a loss said nothing of the last
        # leader in the stack, which the winner's first pick takes (B7)
        if odds.leader_paid == "must":
            return f"{out}; either way you lose your last leader"
        out += "; losing costs your last leader"
    cost = winning_cost(odds)
    return f"{out}; {cost}" if cost else out


def winning_cost(odds: BattleForecast, won: bool = False) -> str:
    """What winning would cost the viewer: the Force the winner loses (RULINGS
    B8), and whether a leader (its last on the map) must or may go with it;
    "" when nothing or not known. Play-tests: "you win 14 to 6" with only
    two leaders there, and the win cost one of them; the game was lost with
    the last."""
    force = odds.our_loss_force
    if (odds.verdict == "lose" and not won) or force is None or force[1] <= 0:
        return ""  # (`won`: the battle would be won, whatever the forecast said)
    span = str(force[0]) if force[0] == force[1] else f"{force[0]}-{force[1]}"
    if not odds.leader_paid:
        return f"winning costs you Force {span}"
    # (play-test 17: "Force 3: your last leader" read as the leader's Force)
    who = "your last leader" if odds.last_leader else "a leader"
    if odds.leader_paid == "must":
        return f"winning costs you {who} (Force {span} owed)"
    return f"winning costs you Force {span}, maybe {who}"


def leaderless_victories(module: Module, side: int) -> list[str]:
    """The enemy's victory conditions that need `side` to have no leader on
    the map (a module's `no_enemy_leaders_on_map` clause): what losing the
    last one risks, in the module's words."""
    enemy = 1 - side
    return [v.text for v in module.victory if v.side == enemy
            and any(c.kind == "no_enemy_leaders_on_map" for c in v.all)]


def last_leader(module: Module, view: View) -> int | None:
    """The unit type of the viewer's only leader on the map where the enemy
    wins by a victory asking for none of them (play-test 16: the game ended
    at the capture of the last one, unsaid); None otherwise, and where the
    view does not list the viewer's stacks (a shared screen: how many
    leaders a side has is its secret, RULINGS H1)."""
    if not leaderless_victories(module, view.side):
        return None
    leaders = own_leaders(module, view)
    return leaders[0] if leaders is not None and len(leaders) == 1 else None


def battle_note(module: Module, view: View, action: Action) -> str:
    """The end of a destination's (or a recruit's place's) row where an enemy
    stack stands: the battle it would bring, if nothing more moved (RULINGS
    M2, R3). Only the viewer's own view: what it cannot see is a range (H2)."""
    joining = group_units(view) if action[0] in ("to", "place") else []
    odds = battle_forecast(module, view, action[1], joining)
    return ENEMY_NOTE if odds is None else f" (battle: {brief(odds)})"
