"""The Battle phase: one battle per contested territory, cards played in turn,
totals, losses, captures and the retreat (RULINGS B1-B12)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import advance, cards, hangar, victory
from .actions import Action
from .board import (
    capture_or_return,
    distinct_by_type,
    join_seen,
    last_claimer,
    log,
    occupied,
    other,
    refill_hands,
    remove_from_map,
    remove_group,
    tell_spies,
    unit_name,
    unit_names,
)
from .decks import discard_of
from .known import show_stack
from .options import option
from .passage import admits_all
from .pending import Battle, Selection
from .points import may_spend, spend
from .powers import exposed
from .state import State
from .steps import OwedStep, Step
from .strength import battle_totals, loser_loses, winner_owes
from .strength import winner as battle_winner


def contested(s: State) -> list[int]:
    a, b = s.stacks
    return [t for t in occupied(a) if b[t]]


def begin_phase(s: State) -> str | None:
    """Starts the next battle, asks which one, or ends the phase (RULINGS B1)."""
    s.pend = None
    places = contested(s)
    # RULINGS O1: the battles interceptions brought about are fought first
    places = [t for t in places if t in s.caught] or places
    if not places:
        return "battles_over"
    if len(places) == 1:
        return _start(s, places[0])
    s.step = "choose_battle"
    return None


class ChooseBattle(Step):
    kind = "choose_battle"
    public = True
    all_public = True  # the contested territories are public

    def legal(self, s: State) -> list[Action]:
        return [("battle", t) for t in contested(s)]

    def do(self, s: State, a: Action) -> str | None:
        return _start(s, a[1])

    def text(self, s: State) -> str:
        return "Battle phase: choose the next battle."


def _start(s: State, t: int) -> str | None:
    att = s.active
    b = s.battle = Battle(t, att, att)
    s.step = "battle_card"
    # RULINGS B2: both stacks are shown to both players when the battle starts.
    dfn = other(att)
    log(s, f"Battle at {s.territory_name(t)}: {s.says(att, 'attack', start=False)} "
           f"{s.the(dfn)}. {s.side_name(att)}: {unit_names(s, s.stacks[att][t])}. "
           f"{s.side_name(dfn)}: {unit_names(s, s.stacks[dfn][t])}.", kind="battle")
    if option(s, "withdrawal") and _may_withdraw(s):
        b.stage = "withdraw"  # RULINGS O2: before any card (withdrawal.py)
        s.step = "withdraw"
    return None


def _may_withdraw(s: State) -> bool:
    """The defender has a mobile unit here and a neighbour free of the
    attacker to go to (RULINGS O2, B10)."""
    b = s.fight()
    mobile = s.tab.chit_mobile
    attacker = s.stacks[b.att]
    if b.t in s.caught:
        return False  # our reading: a stack that intercepted cannot refuse that battle
    going = [c for c in s.stacks[other(b.att)][b.t] if mobile[c]]
    return bool(going) and any(not attacker[n] and admits_all(s, going, n)
                               for n in s.module.map.territories[b.t].neighbours)


def _battle_at(s: State) -> str:
    return s.territory_name(s.fight().t)


class BattleCard(Step):
    kind = "battle_card"

    def side(self, s: State) -> int:
        return s.fight().turn

    def legal(self, s: State) -> list[Action]:
        acts: list[Action] = [("play", k) for k in cards.playable(s, s.fight().turn, "battle")]
        if s.points and may_spend(s, s.fight().turn):
            acts.append(("spend",))  # docs/rules.md G9
        acts.append(("pass",))
        return acts

    def check(self, s: State, a: Action) -> bool:
        if a[0] == "pass":
            return True
        if a[0] == "spend":
            return len(a) == 1 and bool(s.points) and may_spend(s, s.fight().turn)
        side = s.fight().turn
        return a[0] == "play" and a[1] in s.hands[side] and cards.can_play(s, side, a[1],
                                                                            "battle")

    def do(self, s: State, a: Action) -> str | None:
        b = s.fight()
        side = b.turn
        if a[0] == "spend":
            spend(s, side)
            return after_card(s)
        if a[0] == "pass":
            b.passes += 1
            if s.log is not None:
                log(s, f"{s.says(side, 'pass')}.", kind="battle")
            if b.passes >= 2:  # RULINGS B3: both passed in a row
                return _resolve(s)
            b.turn = other(side)
            return None
        s.hands[side].remove(a[1])
        discard_of(s, side).append(a[1])
        tell_spies(s, side, {"kind": "played", "card": a[1]})
        return cards.start(s, side, a[1])

    def text(self, s: State) -> str:
        return f"Battle at {_battle_at(s)}: play a battle card or pass."

    def forced(self, s: State, legal: list[Action]) -> bool:
        # Passing is forced for everyone to see only with an empty hand: whether
        # a card in hand is a battle card is secret (RULINGS H9). Points are
        # public (docs/rules.md G9): with points to spend, it is a choice.
        return not s.hands[s.fight().turn] and len(legal) == 1


def after_card(s: State) -> str | None:
    b = s.fight()
    b.passes = 0
    b.turn = other(b.turn)
    t = b.t
    if not s.stacks[0][t] or not s.stacks[1][t]:
        return _resolve(s)  # a card destroyed a whole stack: nothing left to play for
    return None


def totals(s: State) -> list[dict[str, Any]]:
    """Each side's total and its breakdown (RULINGS B5)."""
    b = s.fight()
    chits = s.chits
    return battle_totals(s.module, [[(c, chits[c]) for c in s.stacks[side][b.t]]
                                    for side in (0, 1)], b.zeroed, b.played, b.spent)


def _resolve(s: State) -> str | None:
    b = s.fight()
    t = b.t
    att, dfn = b.att, other(b.att)
    if not s.stacks[att][t] and not s.stacks[dfn][t]:
        b.result = "Both stacks were destroyed."
        log(s, f"Battle at {s.territory_name(t)}: both stacks destroyed.", kind="battle")
        return _finish(s)
    tot = totals(s)
    winner = battle_winner(att, [bool(s.stacks[0][t]), bool(s.stacks[1][t])],
                           [tot[0]["total"], tot[1]["total"]], s.module.rules.tie_winner)
    loser = other(winner)
    b.winner, b.loser, b.totals = winner, loser, tot
    # a tie decided by RULINGS B6, not by a stack a card destroyed whole
    tie = tot[winner]["total"] == tot[loser]["total"] and bool(s.stacks[att][t]) \
        and bool(s.stacks[dfn][t])
    rule = f" (a tie goes to the {s.module.rules.tie_winner})" if tie else ""
    if s.stacks[loser][t]:
        how = f", {tot[winner]['total']} to {tot[loser]['total']}{rule}"
    else:  # a card destroyed the whole stack: the totals decided nothing
        how = f": {s.says(loser, 'have', start=False)} no units left there"
    b.result = f"{s.says(winner, 'win')} at {s.territory_name(t)}{how}."
    log(s, b.result, kind="battle")
    rules = s.module.rules
    win_stack = s.stacks[winner][t]
    # RULINGS B9: capture may need a leader in the winning stack, as it stands now.
    b.capture = not rules.capture_needs_leader or any(s.unit(c).is_leader for c in win_stack)
    # RULINGS B7: the loser's fortifications are destroyed outright.
    for c in [c for c in _hittable(s, loser) if s.unit(c).is_fortification]:
        _lose(s, c)
    b.owed = loser_loses(len(_hittable(s, loser)))
    b.stage = "loser"
    b.picker = winner  # the winner picks the loser's first loss
    return _settle(s)


def _may_capture(s: State, side: int) -> bool:
    """Whether a leader of `side` lost in this battle is captured (RULINGS B9)."""
    b = s.fight()
    if side == b.loser:
        return b.capture
    rules = s.module.rules
    return rules.winner_lost_leaders == "captured" and (
        not rules.capture_needs_leader
        or any(s.unit(c).is_leader for c in s.stacks[b.loser][b.t]))


def captured_if_lost(s: State, chit: int) -> bool:
    """Whether this unit of the battle would be captured if lost now (RULINGS
    B9): what a loss row says before it is picked."""
    return s.unit(chit).is_leader and _may_capture(s, s.side_of(chit))


def claim_lost_if_lost(s: State, chit: int) -> bool:
    """Whether this loss of the winner would leave its stack with no unit that
    can take control of the territory, where its side has no marker yet
    (RULINGS K2): a loss row says so before it is picked (play-test: a claim
    was lost to a loss chosen without seeing it)."""
    b = s.fight()
    side = s.side_of(chit)
    return side == b.winner and b.stage == "winner" and last_claimer(s, side, b.t, chit)


def _lose(s: State, chit: int) -> None:
    """Removes a battle loss from the map; leaders as RULINGS B9 says."""
    b = s.fight()
    t = b.t
    side = s.side_of(chit)
    remove_from_map(s, chit, t)
    force = s.unit(chit).force
    if side == b.loser:
        b.lost_force += force
    else:
        b.winner_lost += force
    if hangar.takes(s, chit):  # RULINGS O5, when the game plays with it
        fate = "hangar"
    else:
        fate = capture_or_return(s, chit, other(side), _may_capture(s, side))
    b.losses.append([side, s.chits[chit], fate])
    if s.log is None:
        return
    text = f"{s.says(side, 'lose')} {unit_name(s, chit)}"
    if fate == "captured":
        text += " (captured)"
    elif fate == "hangar":
        text += " (to the hangar)"
    log(s, text + ".", kind="loss")


def winner_owed(s: State) -> int:
    """Force the winner still has to lose: at least half the loser's (RULINGS B8)."""
    b = s.fight()
    return max(0, winner_owes(b.lost_force) - b.winner_lost)


def _forceful(s: State, stack: Sequence[int]) -> list[int]:
    return [c for c in stack if s.unit(c).force]


def _settle(s: State) -> str | None:
    """Takes losses that leave no choice, asks for a selection where there is
    one, and moves on when none are owed."""
    b = s.fight()
    if b.stage == "loser":
        while b.owed > 0 and _no_choice(s, _hittable(s, b.loser), b.owed):
            _lose(s, _hittable(s, b.loser)[0])
            b.owed -= 1
        b.owed = min(b.owed, len(_hittable(s, b.loser)))  # G23: none left to hit
        if b.owed > 0:
            s.step = "casualty"
            s.pend = Selection(_hittable(s, b.loser))
            return None
        b.stage = "winner"
        b.picker = b.winner
        worth = sum(s.unit(c).force for c in _hittable(s, b.winner))
        if winner_owed(s) > worth:  # not enough to pay: the whole stack is lost
            for c in _hittable(s, b.winner):
                _lose(s, c)
    if b.stage == "winner":
        while winner_owed(s) > 0 and _no_choice(s, _forceful(s, _hittable(s, b.winner)), 1):
            _lose(s, _forceful(s, _hittable(s, b.winner))[0])
        if winner_owed(s) > 0 and _hittable(s, b.winner):
            s.step = "casualty"
            s.pend = Selection(_forceful(s, _hittable(s, b.winner)))
            return None
        b.stage = "retreat"
        s.pend = None
        return _begin_retreat(s)
    return None


def _hittable(s: State, side: int) -> list[int]:
    """The units of `side`'s stack in the battle that it may lose: all of them,
    or those some unit of the enemy's stack, as it was when the battle was
    resolved, fights (docs/rules.md G23)."""
    b = s.fight()
    if not s.module.fighting:
        return list(s.stacks[side][b.t])
    theirs = {s.chits[c] for c in s.stacks[1 - side][b.t]}
    theirs.update(u for sd, u, _ in b.losses if sd != side)
    return exposed(s.module, [(c, s.chits[c]) for c in s.stacks[side][b.t]], theirs)


def _no_choice(s: State, stack: Sequence[int], owed: int) -> bool:
    """True when picking a loss is no decision: all must go, or all are alike."""
    return bool(stack) and (owed >= len(stack) or len(distinct_by_type(s, stack)) == 1)


class Casualty(OwedStep):
    """Choosing losses (RULINGS B7, B8): the winner picks the loser's first,
    the loser the rest, then the winner its own, by printed Force."""

    kind = "casualty"
    # the units of a battle and what each side owes are public (RULINGS B2, B7, B8)
    all_public = True

    def side(self, s: State) -> int:
        return s.fight().picker

    def _need(self, s: State) -> int:
        b = s.fight()
        return 1 if b.picker != b.loser else b.owed

    def owed(self, s: State) -> int:
        b = s.fight()
        if b.stage == "loser":
            return self._need(s) - len(s.pend.picked)
        return max(0, winner_owed(s) - sum(s.unit(c).force for c in s.pend.chosen()))

    def confirmed(self, s: State, sel: Selection, a: Action) -> str | None:
        b = s.fight()
        for c in sel.chosen():
            _lose(s, c)
            if b.stage == "loser":
                b.owed -= 1
        if b.stage == "loser":
            b.picker = b.loser  # the loser picks the rest (RULINGS B7)
        return _settle(s)

    def text(self, s: State) -> str:
        b = s.fight()
        n = self.owed(s)
        if n == 0:
            return f"Battle at {_battle_at(s)}: confirm the picked units."
        if b.stage == "loser":
            if b.picker != b.loser:  # RULINGS B7: the winner picks only the first
                if b.owed == 1:
                    return (f"Battle at {_battle_at(s)} won: pick the unit "
                            f"{s.says(b.loser, 'lose', start=False)}.")
                return (f"Battle at {_battle_at(s)} won: pick the first of the {b.owed} units "
                        f"{s.says(b.loser, 'lose', start=False)}; they choose the rest.")
            return f"Battle at {_battle_at(s)} lost: pick your lost units, {n} more."
        return f"Battle at {_battle_at(s)} won: pick your own losses, Force {n} more."


def retreat_options(s: State) -> list[int]:
    b = s.fight()
    winner = s.stacks[b.winner]
    # docs/rules.md G1: only where every survivor may enter (none carried: one space)
    neighbours = s.module.map.territories[b.t].neighbours
    if not s.module.map.enter:
        return [n for n in neighbours if not winner[n]]
    survivors = s.stacks[b.loser][b.t]
    return [n for n in neighbours if not winner[n] and admits_all(s, survivors, n)]


def _begin_retreat(s: State) -> str | None:
    b = s.fight()
    t, loser = b.t, b.loser
    survivors = s.stacks[loser][t]
    if not survivors:
        return _finish(s)
    options = retreat_options(s)
    if not options:  # RULINGS B10: nowhere to go, the survivors are eliminated
        log(s, f"{s.the(loser, start=True)} cannot retreat from {s.territory_name(t)}; "
               f"the survivors are eliminated.", kind="battle")
        for c in survivors[:]:
            _lose(s, c)
        return _finish(s)
    if len(options) == 1:
        return _retreat(s, options[0])
    s.step = "retreat"
    return None


class Retreat(Step):
    kind = "retreat"
    public = True
    all_public = True

    def side(self, s: State) -> int:
        return s.fight().loser

    def legal(self, s: State) -> list[Action]:
        return [("retreat", t) for t in retreat_options(s)]

    def do(self, s: State, a: Action) -> str | None:
        return _retreat(s, a[1])

    def text(self, s: State) -> str:
        return f"Battle at {_battle_at(s)} lost: choose where your survivors retreat."


def _retreat(s: State, dest: int) -> str | None:
    b = s.fight()
    t, loser = b.t, b.loser
    survivors = s.stacks[loser][t]
    join_seen(s, loser, dest, survivors)  # joining a friendly stack keeps its top
    remove_group(s, loser, t, survivors)
    log(s, f"{s.says(loser, 'retreat')} {len(survivors)} unit"
           f"{'s' if len(survivors) != 1 else ''} from {s.territory_name(t)} to "
           f"{s.territory_name(dest)}.", kind="retreat")
    return _finish(s)


def _finish(s: State) -> str | None:
    b = s.fight()
    refill_hands(s, b.att)  # RULINGS B11
    for side in (0, 1):
        show_stack(s, side, b.t)  # both sides saw what is left there (RULINGS B2)
    s.last_battle = b
    s.battle = None
    s.pend = None
    if victory.check(s) or advance.offer(s):  # RULINGS B12; docs/rules.md G16
        return None
    return begin_phase(s)


STEPS = [ChooseBattle(), BattleCard(), Casualty(), Retreat()]
