"""Leaders a stronger enemy stack could attack next turn, and the group moves
that take them out of its reach: a search player weighs such a move beside
the heuristic's shortlist, so that its playouts, not a rule of thumb, say
whether saving them is worth it (issue 40: most leaders the computer lost
were in a stack an enemy stack one space away outweighed, where it had won a
battle the turn before; a rule that made the heuristic itself avoid that
lost more games than it saved, 45% of 600 against the heuristic of before).

Pure functions of the side's own view and the Outlook built from it (RULINGS H9).
"""

from __future__ import annotations

from warp_empires.engine import View
from warp_empires.module.defs import Module

from .measures import Outlook

Plan = tuple[int, int, list[int]]  # (source, destination, chits), as HeuristicPlayer.plans
# How much more Force than an enemy stack's estimate (its top unit's and the
# enemy's average for each unit below, RULINGS H2) a stack with a leader must
# have not to be exposed by a move: the estimate fell short where leaders were
# lost (the doom stack of turn 2, 23 Force, was seen as about 15).
CAUTION = 1.25
# Tried again and not kept (2026-12-02, normal against the heuristic, the deals
# of seeds 0-37, each against this level as it is): 1.6 won 33 against 35 and
# lost 63 leaders against 58; per 100 own player-turns 11.21 against 13.12,
# only because its games were longer (29.4 turns against 23.0). 2.0, seeds
# 0-13: 11 won against 12, 24 leaders lost against 22 (31.3 turns against 18.6).
# Tried and not kept (session 16): most leaders normal still lost defending
# were in stacks its own view did not call exposed, many only because an
# attacker with a leader of its own takes the defender's leader bonus away
# (RULINGS B5). Counting that bonus on the attacker's side where danger and
# refuge are judged (exposed, rescue): against the heuristic, 114 of 130
# deals won against 119 (0 only with it, 5 only without), 11.56 leaders lost
# per 100 own player-turns against 12.72 (bench-logs nh_lift.jsonl). Counting
# it in every group move's judgement too (exposes), with a hidden stack of
# more than one unit taken to hold a leader: in 40 probe games the games
# grew half as long again and it lost more leaders (75-87 against 66).


def exposed(module: Module, view: View, board: Outlook) -> set[int]:
    """Territories where this side's stack holds a leader and the strongest
    enemy stack that could attack it next turn has more Force than it
    (its leader bonus counted, RULINGS B5)."""
    units = module.units
    bonus = module.rules.leader_bonus
    out = set()
    for t, st in enumerate(view.stacks[view.side]):
        if not st or not st.units or not any(units[u.unit].is_leader for u in st.units):
            continue
        if board.threat[t] > sum(units[u.unit].force for u in st.units) + bonus:
            out.add(t)
    return out


def exposes(module: Module, view: View, board: Outlook, plan: Plan,
            attacks: bool = False) -> bool:
    """Whether a group move leaves a leader in a stack that an enemy stack
    able to attack it next turn outweighs (CAUTION): at its destination (with
    the stack it joins), or at its source (the leaders it leaves behind).
    An attack is judged only if `attacks` (as if won and free: about half the
    leaders normal lost were in a stack that had won an attack there the turn
    before); else what stays after a battle is the playouts' to say."""
    src, dest, chits = plan
    if not attacks and view.stacks[view.enemy][dest]:
        return False
    units = module.units
    bonus = module.rules.leader_bonus
    own = view.stacks[view.side]
    moving = set(chits)
    source = own[src]
    here = (source.units or ()) if source is not None else ()
    group = [u.unit for u in here if u.chit in moving]
    left = [u.unit for u in here if u.chit not in moving]
    there = own[dest]
    joined = [u.unit for u in there.units or ()] if there else []

    def outweighed(stack: list[int], t: int) -> bool:
        return (any(units[u].is_leader for u in stack)
                and board.threat[t] * CAUTION > sum(units[u].force for u in stack) + bonus)

    return outweighed(group + joined, dest) or outweighed(left, src)


def rescue(module: Module, view: View, board: Outlook,
           plans: list[tuple[float, Plan]]) -> Plan | None:
    """The best-scored plan that takes a leader from an exposed stack to
    where no enemy stack that could reach it outweighs the stack it makes;
    None where no leader is exposed or none can be saved."""
    danger = exposed(module, view, board)
    if not danger:
        return None
    units = module.units
    bonus = module.rules.leader_bonus
    chit_unit = {u.chit: u.unit for st in view.stacks[view.side] if st for u in st.units or ()}
    for _, plan in plans:
        src, dest, chits = plan
        group = [chit_unit[c] for c in chits]
        if src not in danger or not any(units[u].is_leader for u in group):
            continue
        if view.stacks[view.enemy][dest]:
            continue  # an attack is no refuge
        there = view.stacks[view.side][dest]
        joined = [u.unit for u in there.units or ()] if there else []
        power = sum(units[u].force for u in group + joined) + bonus
        if board.threat[dest] <= power:
            return plan
    return None
