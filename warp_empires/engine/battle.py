"""The Battle phase: one battle per contested territory, cards played in turn,
totals, losses, captures and the retreat (RULINGS B1-B12)."""

from __future__ import annotations

from typing import Any

from . import cards
from .actions import Action
from .board import (
    capture_or_return,
    distinct_by_type,
    log,
    other,
    refill_hands,
    unit_name,
    unit_names,
)
from .state import State


def contested(s: State) -> list[int]:
    a, b = s.stacks
    return [t for t in range(len(a)) if a[t] and b[t]]


def begin_phase(s: State) -> None:
    """Starts the next battle, asks which one, or ends the phase (RULINGS B1)."""
    from . import flow

    places = contested(s)
    if not places:
        flow.end_battle_phase(s)
    elif len(places) == 1:
        _start(s, places[0])
    else:
        s.step = "choose_battle"


def choose_legal(s: State) -> list[Action]:
    return [("battle", t) for t in contested(s)]


def choose_do(s: State, a: Action) -> None:
    _start(s, a[1])


def _start(s: State, t: int) -> None:
    att = s.active
    s.battle = {"t": t, "att": att, "turn": att, "passes": 0, "played": [], "zeroed": [],
                "destroyed": [], "stage": "cards", "winner": -1, "loser": -1, "picker": -1,
                "owed": 0, "lost_force": 0, "winner_lost": 0, "capture": False, "result": "",
                "losses": [], "totals": []}
    s.step = "battle_card"
    # RULINGS B2: both stacks are shown to both players when the battle starts.
    dfn = other(att)
    log(s, f"Battle at {s.territory_name(t)}: {s.says(att, 'attack')} the "
           f"{s.side_name(dfn)}. {s.side_name(att)}: {unit_names(s, s.stacks[att][t])}. "
           f"{s.side_name(dfn)}: {unit_names(s, s.stacks[dfn][t])}.", kind="battle")


def battle_side(s: State) -> int:
    return s.battle["turn"]


def card_legal(s: State) -> list[Action]:
    acts: list[Action] = [("play", k) for k in cards.playable(s, s.battle["turn"], "battle")]
    acts.append(("pass",))
    return acts


def card_do(s: State, a: Action) -> None:
    b = s.battle
    side = b["turn"]
    if a[0] == "pass":
        b["passes"] += 1
        log(s, f"{s.says(side, 'pass')}.", kind="battle")
        if b["passes"] >= 2:  # RULINGS B3: both passed in a row
            _resolve(s)
        else:
            b["turn"] = other(side)
        return
    s.hands[side].remove(a[1])
    s.discard.append(a[1])
    cards.start(s, side, a[1])


def after_card(s: State) -> None:
    b = s.battle
    b["passes"] = 0
    b["turn"] = other(b["turn"])
    t = b["t"]
    if not s.stacks[0][t] or not s.stacks[1][t]:
        _resolve(s)  # a card destroyed a whole stack: nothing left to play for


def totals(s: State) -> list[dict[str, Any]]:
    """Each side's total and its breakdown (RULINGS B5)."""
    b = s.battle
    t = b["t"]
    rules = s.module.rules
    units = s.module.units
    zeroed = b["zeroed"]
    out: list[dict[str, Any]] = []
    for side in (0, 1):
        mine, theirs = s.stacks[side][t], s.stacks[other(side)][t]
        base = sum(units[s.chits[c]].force for c in mine if c not in zeroed)
        bonus = 0
        for who, kind, target in b["played"]:
            if who != side:
                continue
            eff = s.module.cards[kind].effect
            if eff.kind == "side_bonus":
                bonus += eff.amount
            elif eff.kind == "unit_bonus":
                bonus += eff.amount * sum(1 for c in mine if c not in zeroed
                                          and eff.filter.matches(units[s.chits[c]]))
            elif eff.kind == "target_bonus" and target in mine and target not in zeroed:
                bonus += eff.amount
        has_leader = any(units[s.chits[c]].is_leader for c in mine)
        enemy_leader = any(units[s.chits[c]].is_leader for c in theirs)
        leader = rules.leader_bonus if has_leader and not enemy_leader else 0
        majority = 0
        for mb in rules.majority_bonuses:
            n_mine = sum(1 for c in mine if mb.trait in units[s.chits[c]].traits)
            n_theirs = sum(1 for c in theirs if mb.trait in units[s.chits[c]].traits)
            if n_mine > n_theirs:  # equal counts give no one the bonus
                majority += mb.bonus
        out.append({"units": base, "cards": bonus, "leader": leader, "majority": majority,
                    "total": base + bonus + leader + majority})
    return out


def _resolve(s: State) -> None:
    b = s.battle
    t = b["t"]
    att, dfn = b["att"], other(b["att"])
    if not s.stacks[att][t] and not s.stacks[dfn][t]:
        b["result"] = "Both stacks were destroyed."
        log(s, f"Battle at {s.territory_name(t)}: both stacks destroyed.", kind="battle")
        return _finish(s)
    tot = totals(s)
    if not s.stacks[att][t]:
        winner = dfn
    elif not s.stacks[dfn][t]:
        winner = att
    elif tot[att]["total"] != tot[dfn]["total"]:
        winner = att if tot[att]["total"] > tot[dfn]["total"] else dfn
    else:  # RULINGS B6
        winner = dfn if s.module.rules.tie_winner == "defender" else att
    loser = other(winner)
    b["winner"], b["loser"], b["totals"] = winner, loser, tot
    b["result"] = (f"{s.says(winner, 'win')} at {s.territory_name(t)}, "
                   f"{tot[winner]['total']} to {tot[loser]['total']}.")
    log(s, b["result"], kind="battle")
    rules = s.module.rules
    win_stack = s.stacks[winner][t]
    # RULINGS B9: capture may need a leader in the winning stack, as it stands now.
    b["capture"] = not rules.capture_needs_leader or any(s.unit(c).is_leader for c in win_stack)
    # RULINGS B7: the loser's fortifications are destroyed outright.
    for c in [c for c in s.stacks[loser][t] if s.unit(c).is_fortification]:
        _lose(s, c)
    others = s.stacks[loser][t]
    b["owed"] = (len(others) + 1) // 2
    b["stage"] = "loser"
    b["picker"] = winner  # the winner picks the loser's first loss
    s.step = "casualty"
    _settle(s)


def _lose(s: State, chit: int) -> None:
    """Removes a battle loss from the map; leaders as RULINGS B9 says."""
    b = s.battle
    t = b["t"]
    side = s.side_of(chit)
    s.stacks[side][t].remove(chit)
    force = s.unit(chit).force
    name = unit_name(s, chit)
    if side == b["loser"]:
        b["lost_force"] += force
        fate = capture_or_return(s, chit, b["winner"], b["capture"])
    else:
        b["winner_lost"] += force
        rules = s.module.rules
        allowed = rules.winner_lost_leaders == "captured" and (
            not rules.capture_needs_leader
            or any(s.unit(c).is_leader for c in s.stacks[b["loser"]][t]))
        fate = capture_or_return(s, chit, b["loser"], allowed)
    b["losses"].append([side, s.chits[chit], fate])
    text = f"{s.says(side, 'lose')} {name}"
    if fate == "captured":
        text += " (captured)"
    log(s, text + ".", kind="loss")


def _winner_owed(s: State) -> int:
    """Force the winner still has to lose: at least half the loser's (RULINGS B8)."""
    b = s.battle
    return max(0, (b["lost_force"] + 1) // 2 - b["winner_lost"])


def _settle(s: State) -> None:
    """Takes losses that leave no choice, and moves on when none are owed."""
    b = s.battle
    t = b["t"]
    if b["stage"] == "loser":
        stack = s.stacks[b["loser"]][t]
        while b["owed"] > 0 and _no_choice(s, stack, b["owed"]):
            _lose(s, stack[0])
            b["owed"] -= 1
        if b["owed"] > 0:
            return
        b["stage"] = "winner"
        b["picker"] = b["winner"]
        stack = s.stacks[b["winner"]][t]
        worth = sum(s.unit(c).force for c in stack)
        if _winner_owed(s) > worth:  # not enough to pay: the whole stack is lost
            for c in stack[:]:
                _lose(s, c)
    if b["stage"] == "winner":
        stack = s.stacks[b["winner"]][t]
        while _winner_owed(s) > 0 and _no_choice(s, [c for c in stack if s.unit(c).force], 1):
            _lose(s, next(c for c in stack if s.unit(c).force))
        if _winner_owed(s) > 0 and stack:
            return
        b["stage"] = "retreat"
        _begin_retreat(s)


def _no_choice(s: State, stack: list[int], owed: int) -> bool:
    """True when picking a loss is no decision: all must go, or all are alike."""
    return bool(stack) and (owed >= len(stack) or len(distinct_by_type(s, stack)) == 1)


def casualty_side(s: State) -> int:
    return s.battle["picker"]


def casualty_owed(s: State) -> int:
    b = s.battle
    return b["owed"] if b["stage"] == "loser" else _winner_owed(s)


def casualty_legal(s: State) -> list[Action]:
    b = s.battle
    side = b["loser"] if b["stage"] == "loser" else b["winner"]
    stack = s.stacks[side][b["t"]]
    if b["stage"] == "winner":
        stack = [c for c in stack if s.unit(c).force > 0]
    return [("lose", c) for c in distinct_by_type(s, stack)]


def casualty_do(s: State, a: Action) -> None:
    b = s.battle
    _lose(s, a[1])
    if b["stage"] == "loser":
        b["owed"] -= 1
        b["picker"] = b["loser"]  # the loser picks the rest (RULINGS B7)
    _settle(s)


def retreat_options(s: State) -> list[int]:
    b = s.battle
    winner = s.stacks[b["winner"]]
    return [n for n in s.module.map.territories[b["t"]].neighbours if not winner[n]]


def _begin_retreat(s: State) -> None:
    b = s.battle
    t, loser = b["t"], b["loser"]
    survivors = s.stacks[loser][t]
    if not survivors:
        return _finish(s)
    options = retreat_options(s)
    if not options:  # RULINGS B10: nowhere to go, the survivors are eliminated
        log(s, f"{s.side_name(loser)} cannot retreat from {s.territory_name(t)}; "
               f"the survivors are eliminated.", kind="battle")
        for c in survivors[:]:
            _lose(s, c)
        return _finish(s)
    if len(options) == 1:
        return _retreat(s, options[0])
    s.step = "retreat"


def retreat_side(s: State) -> int:
    return s.battle["loser"]


def retreat_legal(s: State) -> list[Action]:
    return [("retreat", t) for t in retreat_options(s)]


def retreat_do(s: State, a: Action) -> None:
    _retreat(s, a[1])


def _retreat(s: State, dest: int) -> None:
    b = s.battle
    t, loser = b["t"], b["loser"]
    survivors = s.stacks[loser][t]
    s.stacks[loser][dest].extend(survivors)  # joining a friendly stack keeps its top
    s.stacks[loser][t] = []
    log(s, f"{s.says(loser, 'retreat')} {len(survivors)} unit"
           f"{'s' if len(survivors) != 1 else ''} from {s.territory_name(t)} to "
           f"{s.territory_name(dest)}.", kind="retreat")
    _finish(s)


def _finish(s: State) -> None:
    from . import victory

    b = s.battle
    refill_hands(s, b["att"])  # RULINGS B11
    s.last_battle = b
    s.battle = None
    if victory.check(s):  # RULINGS B12
        return
    begin_phase(s)
