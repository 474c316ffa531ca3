"""What a side can work out ahead from its own view: the upkeep its revenue
will allow (RULINGS U1), why Control would not claim a territory (K1, K2),
how a battle would go (B5-B8) and what a battle card would add (B4).
Pure functions of a view, like board.reach, so a front end or a computer
player can run them on what it sees; nothing here reads the real state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from warp_empires.engine.strength import battle_totals, loser_loses, winner, winner_owes
from warp_empires.engine.viewtypes import UnitEntry, View
from warp_empires.module.defs import Module, UnitDef


@dataclass(frozen=True, slots=True)
class Upkeep:
    units: int  # the side's units on the map, leaders and fortifications too
    revenue: int  # what its control markers will bring in this turn's Revenue phase
    limit: int  # upkeep_per_revenue x revenue

    @property
    def over(self) -> int:
        """Units that upkeep would disband if nothing changed before it."""
        return max(0, self.units - self.limit)


def revenue_of(module: Module, view: View, side: int) -> int:
    """The revenue of every territory bearing `side`'s marker (RULINGS V1);
    markers are public (H5)."""
    territories = module.map.territories
    return sum(territories[t].revenue for t, c in enumerate(view.control) if c == side)


def upkeep(module: Module, view: View, side: int) -> Upkeep:
    """The upkeep `side` faces if the markers stay as they are (RULINGS U1).
    Stack sizes and markers are public, so this reads the same for both sides."""
    units = sum(e.size for e in view.stacks[side] if e)
    revenue = revenue_of(module, view, side)
    return Upkeep(units, revenue, module.rules.upkeep_per_revenue * revenue)


def last_marker(module: Module, view: View, t: int) -> bool:
    """Whether the enemy's marker at `t` is its last on a revenue territory.
    Removed (a remove_control card, RULINGS M8), it collects no revenue in its next
    turn, whose upkeep then keeps no unit (U1; markers come back only in the
    Control phase, after it), and a side with no units and no revenue
    territory loses (W3). Markers are public (H5)."""
    enemy = 1 - view.side
    return view.control[t] == enemy and module.map.territories[t].is_revenue and not any(
        c == enemy and module.map.territories[u].is_revenue
        for u, c in enumerate(view.control) if u != t)


def own_leaders(module: Module, view: View) -> list[int] | None:
    """The unit types of the viewer's leaders on the map (in repair too: not
    off it, victory.py), or None where the view does not list its own stacks
    (a shared screen's: the count is the viewer's secret, RULINGS H1)."""
    side = view.side
    own = [e for e in view.stacks[side] if e]
    if any(e.units is None for e in own):
        return None
    units = module.units
    return [u.unit for e in own for u in e.units or () if units[u.unit].is_leader] + [
        h.unit for h in view.hangar if units[h.unit].side == side and units[h.unit].is_leader]


def unclaimed_reason(module: Module, view: View, t: int) -> str | None:
    """Why the viewer's Control phase would not put its marker on territory
    `t` where its units stand, or None when it would (or nothing to say: no
    units of its own there, not a revenue territory, already its marker)."""
    side = view.side
    mine = view.stacks[side][t]
    territory = module.map.territories[t]
    if not mine or not territory.is_revenue or view.control[t] == side:
        return None
    # The words are for players, who know no ruling numbers (play-test).
    if view.stacks[1 - side][t]:  # RULINGS K1
        return "an enemy stack is here too"
    units = mine.units
    if units is None:
        return None  # the view does not list them (a shared screen)
    if any(module.rules.can_control(module.units[u.unit]) for u in units):
        return None
    who = "; or ".join(f.words(module.classes, module.traits)
                       for f in module.rules.control_filters)
    return f"no unit here can take control: that needs {who}"  # RULINGS K2


# Battles (RULINGS B5-B8), as far as the viewer can see them


@dataclass(frozen=True, slots=True)
class BattleForecast:
    ours: tuple[int, int]  # the viewer's total, lowest and highest it can be
    theirs: tuple[int, int]  # the enemy's total: a range while units are hidden
    hidden: int  # enemy units the viewer cannot see
    # "win", "lose" (whatever is hidden), "likely win", "likely lose" (on
    # average over what may be hidden) or "uncertain"
    verdict: str
    their_losses: int  # units the enemy loses if the viewer wins (B7)
    our_loss_force: tuple[int, int] | None  # Force the viewer then loses (B8), when known
    our_losses_if_lost: int  # units the viewer loses if it loses (B7)
    # winning, whether that Force takes one of the viewer's leaders: "must" when
    # its other units cannot pay it, "may" when they may not, else ""
    leader_paid: str = ""
    # that leader would be the viewer's last one on the map (a theme may make
    # that a loss of the game, as the first theme's victory conditions do)
    last_leader: bool = False
    # the viewer's stack holds its last leader on the map: losing, the winner
    # picks the first loss (B7) and may take it (play-test 17: a row that
    # forecast a loss said nothing of it; either way the game was lost)
    last_here: bool = False
    their_cards: int = 0  # the enemy's hand size (public): cards may yet turn it
    tie_goes_to: str = ""  # "defender"/"attacker" when the totals are known and equal (B6)

    def words(self) -> str:
        def span(r: tuple[int, int]) -> str:
            return str(r[0]) if r[0] == r[1] else f"{r[0]} to {r[1]}"

        hidden = f" ({self.hidden} hidden)" if self.hidden else ""
        verdict = {"win": "you win", "lose": "you lose", "likely win": "you are likely to win",
                   "likely lose": "you are likely to lose",
                   "uncertain": "could go either way"}
        out = (f"you {span(self.ours)} against {span(self.theirs)}{hidden}: "
               f"{verdict[self.verdict]}")
        if self.tie_goes_to:  # play-test: "you 5 against 5: you lose" said not why
            out += f" (a tie goes to the {self.tie_goes_to})"
        if self.their_cards and self.verdict != "lose":
            # play-test: a flat "you win" with the enemy holding battle cards
            n = self.their_cards
            out += f" before cards (they hold {n} card{'s' if n != 1 else ''})"
        if self.verdict != "lose":
            least = "at least " if self.hidden else ""
            out += f"; winning, they lose {least}{self.their_losses} unit" \
                   f"{'s' if self.their_losses != 1 else ''}"
            if self.our_loss_force is not None and self.our_loss_force[1] > 0:
                out += f" and you lose Force {span(self.our_loss_force)}"
                if self.leader_paid:
                    out += f", which {self.leader_paid} take a leader"
                    if self.last_leader:
                        out += " (your last on the map)"
        if self.verdict != "win":
            out += f"; losing, you lose {self.our_losses_if_lost}"
            if self.last_here:
                out += " (your last leader on the map among them, if the enemy picks it)"
        return out


# How far one expected total must outweigh the other for a "likely" verdict.
LIKELY = 1.25


def _may_hide(module: Module, view: View, enemy: int, t: int,
              known: list[UnitDef]) -> list[UnitDef]:
    """The enemy's units that may be among the hidden ones of its stack at `t`,
    one entry per chit: each kind as many times as the module has it, less the
    ones seen anywhere on the map (tops, stacks shown in full, `known` here),
    held captive or under repair.
    Only public data: the module's counts and what the view shows (RULINGS H2)."""
    left = {u.index: u.count for u in module.units if u.side == enemy}
    for where, entry in enumerate(view.stacks[enemy]):
        if not entry or where == t:
            continue
        for kind in entry.known():
            left[kind] -= 1
    for u in known:
        left[u.index] -= 1
    for kinds in view.captives:  # leaders held captive, by either side (B9)
        for k in kinds:
            if k in left:
                left[k] -= 1
    for h in view.hangar:  # ships under repair (O5)
        if h.unit in left:
            left[h.unit] -= 1
    units = module.units
    return [units[k] for k, n in left.items() for _ in range(max(0, n))]


def _hidden_lead(kinds: list[UnitDef], hidden: int, bonus: int) -> int:
    """What a leader among `hidden` units that may be any of `kinds` adds at
    most to their strongest total (RULINGS B5): the bonus where the strongest
    of them hold one, else the bonus less the Force a leader gives up against
    the weakest of those (play-test 18: "they 7-36" took one hidden unit for
    the strongest ship and a leader at once)."""
    top = sorted(kinds, key=lambda u: (u.force, u.is_leader), reverse=True)[:hidden]
    if not top or any(u.is_leader for u in top):
        return bonus
    best = max(u.force for u in kinds if u.is_leader)
    return max(0, best - top[-1].force + bonus)


def _losses(units: list[UnitDef]) -> int:
    """Units a losing stack loses: every fortification and half the rest,
    rounded up (RULINGS B7)."""
    forts = sum(1 for u in units if u.is_fortification)
    return forts + loser_loses(len(units) - forts)


def _power_shift(module: Module, ours: list[UnitDef], known: list[UnitDef]) -> tuple[int, int]:
    """What units' powers and units that fight nobody there (docs/rules.md G12,
    G13, G23) change in each side's total beyond the units' Force and the
    leader and majority bonuses counted here, from the battle's own sums
    (engine.strength), the units not seen left out (a modder's play-test:
    "you win 17 to 12" at move time, 21 with "powers 4" in the battle)."""
    pairs = [[(i, u.index) for i, u in enumerate(ours)],
             [(len(ours) + i, u.index) for i, u in enumerate(known)]]
    full = battle_totals(module, pairs, (), ())
    shift = [full[i]["total"] - full[i]["leader"] - full[i]["majority"]
             - sum(u.force for u in units) for i, units in enumerate((ours, known))]
    return shift[0], shift[1]


def battle_forecast(module: Module, view: View, t: int,
                    joining: Sequence[int] = ()) -> BattleForecast | None:
    """The battle at `t` as the viewer can foresee it, with its own units there
    plus `joining` (unit types of a group that would move in); None when there
    would be no battle. Cards are left out: nobody knows which will be played."""
    side = view.side
    enemy = 1 - side
    ours = [module.units[u.unit] for u in _units(view, side, t)]
    ours += [module.units[u] for u in joining]
    theirs_entry = view.stacks[enemy][t]
    if not ours or not theirs_entry:
        return None
    listed = theirs_entry.units
    # A spy card's look this turn (RULINGS H4) counts while the stack still
    # holds as many units (play-test: a Probe Droid had just shown the stack
    # and the forecast still gave a range over "7 hidden").
    spied = view.spied(t)
    if listed is not None:
        known = [module.units[u.unit] for u in listed]
    elif spied is not None and len(spied) == theirs_entry.size:
        known = [module.units[u] for u in spied]
    else:  # its top, and the units known beside it (State.seen)
        known = [module.units[k] for k in theirs_entry.known()]
    hidden = theirs_entry.size - len(known)
    kinds = _may_hide(module, view, enemy, t, known) if hidden else []
    forces = sorted(u.force for u in kinds)
    rules = module.rules

    base = sum(u.force for u in ours)
    seen = sum(u.force for u in known)
    t_lo = seen + sum(forces[:hidden])
    t_hi = seen + sum(forces[len(forces) - hidden:])
    # what the hidden units come to on average, each unit that may be there as
    # likely as any other: the verdict leans on it when the ranges overlap
    t_mid = seen + hidden * sum(forces) / max(1, len(forces))
    units_lo, units_hi = t_lo, t_hi
    o_lo = o_hi = base
    # leader bonus (B5): to the side with a leader when the other has none
    we_lead = any(u.is_leader for u in ours)
    they_lead = any(u.is_leader for u in known)
    they_may_lead = they_lead or (hidden > 0 and any(u.is_leader for u in kinds))
    bonus = rules.leader_bonus
    if we_lead:
        o_hi += 0 if they_lead else bonus
        o_lo += 0 if they_may_lead else bonus
    else:
        t_hi += bonus if they_lead else _hidden_lead(kinds, hidden, bonus) if they_may_lead else 0
        t_lo += bonus if they_lead else 0
    for mb in rules.majority_bonuses:
        n_ours = sum(1 for u in ours if mb.filter.matches(u))
        n_known = sum(1 for u in known if mb.filter.matches(u))
        may = min(hidden, sum(1 for u in kinds if mb.filter.matches(u)))
        if n_ours > n_known + may:
            o_lo += mb.bonus
        if n_ours > n_known:
            o_hi += mb.bonus
        if n_known > n_ours:
            t_lo += mb.bonus
        if n_known + may > n_ours:
            t_hi += mb.bonus
    if module.powered or module.fighting:  # G12, G13, G23, as the battle sums them
        o_shift, t_shift = _power_shift(module, ours, known)
        o_lo, o_hi, t_lo, t_hi = o_lo + o_shift, o_hi + o_shift, t_lo + t_shift, t_hi + t_shift
        units_lo, units_hi = units_lo + t_shift, units_hi + t_shift
        t_mid += t_shift
    attacking = view.active == side
    ties_ours = (rules.tie_winner == "attacker") == attacking
    if o_lo > t_hi or (o_lo == t_hi and ties_ours):
        verdict = "win"
    elif o_hi < t_lo or (o_hi == t_lo and not ties_ours):
        verdict = "lose"
    else:
        # bonuses as likely one way as the other: halfway between their bounds
        t_mid += (t_lo - units_lo + t_hi - units_hi) / 2
        o_mid = (o_lo + o_hi) / 2
        verdict = ("likely win" if o_mid > t_mid * LIKELY
                   else "likely lose" if o_mid * LIKELY < t_mid else "uncertain")
    loss_force: tuple[int, int] | None = None
    if not hidden:  # B7, B8: what they lose, and what that costs the winner
        forts = [u.force for u in known if u.is_fortification]
        rest = sorted(u.force for u in known if not u.is_fortification)
        k = loser_loses(len(rest))
        low = sum(forts) + sum(rest[:k])  # the cheapest go
        high = sum(forts) + (rest[-1] + sum(rest[:k - 1]) if k else 0)  # the dearest first
        worth = sum(u.force for u in ours)
        loss_force = (min(worth, winner_owes(low)), min(worth, winner_owes(high)))
    # Play-test: a winner's only leader went to pay its losses and the game was
    # lost with it (a side with no leader on the map, RULINGS W2); say so first.
    leader_paid = ""
    if loss_force is not None and any(u.is_leader for u in ours):
        others = sum(u.force for u in ours if not u.is_leader)
        leader_paid = ("must" if loss_force[0] > others
                       else "may" if loss_force[1] > others else "")
    # Play-test: a side won a battle, paid with its last leader on the map,
    # and lost the game at once (a victory condition): say when it would be.
    # A group moving in takes its leaders from elsewhere. Only where the view
    # lists all the viewer's stacks (not a shared screen's: H1).
    last_here = False
    if own_leaders(module, view) is not None and sum(1 for u in ours if u.is_leader) == 1:
        elsewhere = sum(1 for tt, st in enumerate(view.stacks[side]) if st and tt != t
                        for u in st.units or () if module.units[u.unit].is_leader)
        last_here = elsewhere - sum(1 for u in joining if module.units[u].is_leader) <= 0
    last_leader = bool(leader_paid) and last_here
    return BattleForecast((o_lo, o_hi), (t_lo, t_hi), hidden, verdict,
                          their_losses=_losses(known) if not hidden else
                          loser_loses(theirs_entry.size),
                          our_loss_force=loss_force, our_losses_if_lost=_losses(ours),
                          leader_paid=leader_paid, last_leader=last_leader,
                          last_here=last_here,
                          their_cards=view.hand_sizes[enemy],
                          tie_goes_to=rules.tie_winner if o_lo == o_hi == t_lo == t_hi else "")


def card_gain(module: Module, view: View, kind: int) -> int:
    """How much playing card `kind` now would move the battle's totals in the
    player's favour (its own total up, or the enemy's down), at best: 0 when
    it would change nothing. Both stacks are in view during a battle (B2).
    The computer players' quick measure: it leaves out the majority and
    leader bonuses a card may also swing (card_outcome has them, for the
    rows a person reads)."""
    eff = module.cards[kind].effect
    b = view.battle
    if b is None:
        return 0
    side, enemy = view.side, view.enemy
    units = module.units
    zeroed = set(b.zeroed)

    def alive(s: int) -> list[int]:
        st = view.stacks[s][b.t]
        return [units[u.unit].force for u in (st.units or () if st else ())
                if u.chit not in zeroed and eff.filter.matches(units[u.unit])]

    k = eff.kind
    if k == "side_bonus":
        return eff.amount
    if k == "unit_bonus":
        return eff.amount * len(alive(side))
    if k == "target_bonus":
        return eff.amount if alive(side) else 0
    if k in ("zero_force", "destroy"):
        return max(alive(enemy), default=0)
    return 0


@dataclass(frozen=True, slots=True)
class CardOutcome:
    """What a battle card played now would do, with its best target (B4, B5)."""

    swing: int  # how far it moves (own total - enemy total) the player's way
    totals: tuple[int, int]  # (own, enemy) afterwards
    wins: bool  # whether the player would then win the battle as it stands
    tie: bool  # the totals would then be equal (the tie rule decides, B6)
    wiped: bool  # the enemy stack would then be gone
    targeted: bool  # targets that differ in what they bring: `swing` is the best
    has_target: bool = True  # False: nothing for it to act on (no unit it names)


def card_outcome(module: Module, view: View, kind: int,
                 target: int | None = None) -> CardOutcome | None:
    """The battle as it would stand after card `kind` (engine/strength.py, as
    the battle counts it: majorities and the leader bonus included), with its
    best target, or with `target` (a chit) once the player chooses it; None
    for a card that is not a battle card, or with no battle."""
    b = view.battle
    if b is None:
        return None
    t = b.t
    side, enemy = view.side, view.enemy
    units = module.units
    stacks = [[(u.chit, u.unit) for u in _units(view, sd, t)] for sd in (0, 1)]
    zeroed, played = b.zeroed[:], [list(x) for x in b.played]
    eff = module.cards[kind].effect
    k = eff.kind
    # (target, stacks, zeroed, played) as they would be after the card
    worlds: list[tuple[int, list[list[tuple[int, int]]], list[int], list[list[int]]]] = []
    if k in ("side_bonus", "unit_bonus"):
        worlds.append((-1, stacks, zeroed, [*played, [side, kind, -1]]))
    elif k == "target_bonus":
        worlds += [(c, stacks, zeroed, [*played, [side, kind, c]])
                   for c, u in stacks[side] if eff.filter.matches(units[u])]
    elif k in ("zero_force", "destroy"):
        for c, u in stacks[enemy]:
            if not eff.filter.matches(units[u]) or (k == "zero_force" and c in zeroed):
                continue
            if k == "destroy":
                rest = [x for x in stacks[enemy] if x[0] != c]
                worlds.append((c, [rest, stacks[1]] if enemy == 0 else [stacks[0], rest],
                               zeroed, played))
            else:
                worlds.append((c, stacks, [*zeroed, c], played))
    else:
        return None
    if target is not None:
        worlds = [w for w in worlds if w[0] == target]
    before = battle_totals(module, stacks, zeroed, played, b.spent)
    margin = before[side]["total"] - before[enemy]["total"]
    outcomes = []
    for _, st, z, pl in worlds or [(-1, stacks, zeroed, played)]:
        after = battle_totals(module, st, z, pl, b.spent)
        own, theirs = after[side]["total"], after[enemy]["total"]
        wiped = not st[enemy]
        wins = winner(b.att, [bool(st[0]), bool(st[1])],
                      [after[0]["total"], after[1]["total"]], module.rules.tie_winner) == side
        outcomes.append(CardOutcome(own - theirs - margin, (own, theirs), wins,
                                    own == theirs and not wiped, wiped, False))
    best = max(outcomes, key=lambda o: (o.wins, o.swing))
    # "up to": the target to choose makes a difference
    return replace(best, targeted=len({o.swing for o in outcomes}) > 1, has_target=bool(worlds))


def wins_as_it_stands(module: Module, view: View) -> bool | None:
    """Whether the viewer wins the battle being fought if card play ended now:
    the totals as they stand (cards, points and majorities counted, all
    public: B2, B5) and the tie rule (B6), or a stack already gone; None with
    no battle, or once the totals are settled."""
    b = view.battle
    if b is None or b.stage != "cards" or not b.totals:
        return None
    present = [bool(_units(view, side, b.t)) for side in (0, 1)]
    if not any(present):
        return False
    return winner(b.att, present, [b.totals[0]["total"], b.totals[1]["total"]],
                  module.rules.tie_winner) == view.side


def _units(view: View, side: int, t: int) -> tuple[UnitEntry, ...]:
    """The units the view lists of `side`'s stack at `t` (none if hidden or empty)."""
    st = view.stacks[side][t]
    return st.units or () if st is not None else ()
