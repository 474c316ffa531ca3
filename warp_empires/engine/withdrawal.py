"""Withdrawal (RULINGS O2, an optional rule): when a battle starts, before any
card, the defender may roll to avoid it. On a success its mobile units retreat
as after a lost battle (B10) but lose nothing; its fortifications stay and
fight alone. Every roll and modifier is public, and so is the decision: the
stacks of a battle are shown to both sides (B2). With interception (O1) also
on, the withdrawing units may be intercepted where they go, like a moving
group, by the attacker's stacks next to it."""

from __future__ import annotations

from .actions import Action
from .battle import begin_phase
from .board import join_seen, log, other, remove_group, roll_against
from .interception import candidates, playing
from .options import option
from .passage import admits_all
from .pending import Intercepting
from .state import State
from .steps import Step
from .victory import check as victory_check


def destinations(s: State) -> list[int]:
    b = s.fight()
    attacker = s.stacks[b.att]
    mobile = s.tab.chit_mobile
    # docs/rules.md G1: only where every withdrawing unit may enter
    going = [c for c in s.stacks[other(b.att)][b.t] if mobile[c]]
    return [n for n in s.module.map.territories[b.t].neighbours
            if not attacker[n] and admits_all(s, going, n)]


def modifiers(s: State) -> list[tuple[int, str]]:
    """The roll's modifiers, each with its reason (RULINGS O2)."""
    opt = option(s, "withdrawal")
    assert opt is not None
    b = s.fight()
    att, dfn = s.stacks[b.att][b.t], s.stacks[other(b.att)][b.t]
    units = s.module.units
    out: list[tuple[int, str]] = []
    if opt.pursuit.classes or opt.pursuit.traits:
        chase = sum(1 for c in att if opt.pursuit.matches(units[s.chits[c]]))
        flee = sum(1 for c in dfn if opt.pursuit.matches(units[s.chits[c]]))
        if chase > flee:
            what = opt.pursuit.words(s.module.classes, s.module.traits).lower()
            what = what if what.endswith("s") else what + "s"  # "fighter squads"
            out.append((-1, f"the attacker has more {what}"))
    leads = [any(units[s.chits[c]].is_leader for c in st) for st in (att, dfn)]
    if leads[1] and not leads[0]:
        out.append((1, "only the defender has a leader"))
    elif leads[0] and not leads[1]:
        out.append((-1, "only the attacker has a leader"))
    return out


def odds_text(s: State) -> str:
    """'4+ on a d6, -1: the attacker has more fighter squads'."""
    opt = option(s, "withdrawal")
    assert opt is not None
    mods = "".join(f", {n:+d}: {why}" for n, why in modifiers(s))
    return f"{opt.roll}+ on a d6{mods}"


class Withdraw(Step):
    kind = "withdraw"
    all_public = True  # the battle's stacks are public (RULINGS B2), and so the odds

    def side(self, s: State) -> int:
        return other(s.fight().att)

    def legal(self, s: State) -> list[Action]:
        return [("withdraw",), ("fight",)]

    def do(self, s: State, a: Action) -> str | None:
        b = s.fight()
        side = other(b.att)
        where = s.territory_name(b.t)
        if a[0] == "fight":
            log(s, f"{s.says(side, 'stand')} and {s.module.sides[side].verb('fight')} at "
                   f"{where}.", kind="battle")
            return _fight(s)
        opt = option(s, "withdrawal")
        assert opt is not None
        ok, rolled = roll_against(s, modifiers(s), opt.roll)
        log(s, f"{s.the(side, start=True)} {s.module.sides[side].verb('try')} to withdraw "
               f"from {where}: {rolled}: "
               f"{'success' if ok else 'failure, the battle is fought'}.", kind="dice")
        if not ok:
            return _fight(s)
        dests = destinations(s)
        if len(dests) == 1:
            return _withdraw(s, dests[0])
        b.stage = "withdraw_to"
        s.step = "withdraw_to"
        return None

    def text(self, s: State) -> str:
        b = s.fight()
        return (f"Battle at {s.territory_name(b.t)}: try to withdraw before it starts "
                f"({odds_text(s)}), or fight?")


class WithdrawTo(Step):
    kind = "withdraw_to"
    public = True
    all_public = True

    def side(self, s: State) -> int:
        return other(s.fight().att)

    def legal(self, s: State) -> list[Action]:
        return [("retreat", t) for t in destinations(s)]

    def do(self, s: State, a: Action) -> str | None:
        return _withdraw(s, a[1])

    def text(self, s: State) -> str:
        return (f"Withdrawing from {s.territory_name(s.fight().t)}: choose where your mobile "
                f"units go.")


def _fight(s: State) -> str | None:
    b = s.fight()
    b.stage = "cards"
    b.passes = 0
    s.step = "battle_card"
    return None


def _withdraw(s: State, dest: int) -> str | None:
    """The mobile units go, unharmed; fortifications stay and fight alone."""
    b = s.fight()
    t, side = b.t, other(b.att)
    mobile = s.tab.chit_mobile
    stack = s.stacks[side][t]
    going = tuple(c for c in stack if mobile[c])
    staying = tuple(c for c in stack if not mobile[c])
    join_seen(s, side, dest, going)  # joining a friendly stack keeps its top
    remove_group(s, side, t, going)
    n = len(going)
    log(s, f"{s.says(side, 'withdraw')} {n} unit{'s' if n != 1 else ''} from "
           f"{s.territory_name(t)} to {s.territory_name(dest)}.", kind="retreat")
    # RULINGS O2 with O1: the attacker may try to intercept it where it went
    caught = playing(s) and bool(candidates(s, dest, side))
    if staying:
        log(s, f"The fortifications at {s.territory_name(t)} stay and fight alone.",
            kind="battle")
        _fight(s)
        if caught:
            s.pend = Intercepting(dest, list(going), s.step, s.pend, mover=side)
            s.step = "intercept"
        return None
    b.result = f"{s.says(side, 'withdraw')} from {s.territory_name(t)}: no battle."
    s.last_battle = b
    s.battle = None
    s.pend = None
    if victory_check(s):
        return None
    if caught:
        s.pend = Intercepting(dest, list(going), "", None, mover=side)
        s.step = "intercept"
        return None
    return begin_phase(s)


STEPS = [Withdraw(), WithdrawTo()]
