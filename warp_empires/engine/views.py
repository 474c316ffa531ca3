"""What one side may see (RULINGS H1-H6). Front ends render only this; its
types are in viewtypes.py."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .api import STEPS, prompt
from .battle import totals
from .board import other
from .cards import target_type
from .known import known_part
from .state import State
from .steps import SelectStep
from .strength import majorities
from .tables import Tables
from .told import as_told
from .viewtypes import (
    NO_DECISION,
    BattleView,
    Decision,
    HangarEntry,
    InterceptView,
    LastBattle,
    SelectionView,
    StackEntry,
    View,
)


def pending_view(s: State, legal: list[Action] | None = None) -> Decision:
    """The deciding side's own half-made decision: a copy of the pending data,
    plus the open selection (items, picked, what may be picked and confirmed
    now) and, while a card's target is chosen, what its targets are.
    `legal`: the step's legal list, when the caller has it."""
    p = s.pend
    if s.step == "intercept":
        # the moving group's units and the mover's own Move phase are the
        # mover's secrets (RULINGS H2, O1): the interceptor sees where it
        # stopped, how many units moved (logged for both) and what it tried
        return Decision(InterceptView(p.t, len(p.group), p.tried[:]))
    if p is None:
        return NO_DECISION
    selection = None
    step = STEPS.get(s.step)
    if isinstance(step, SelectStep):
        sel = step.selection(s)
        if legal is None:
            legal = step.legal(s)
        picks = {a[1] for a in legal if a[0] == "pick"}
        selection = SelectionView(
            sel.items[:], sel.picked[:],
            # per item: may it be picked now (a picked item may always be unpicked)
            [i in picks for i in range(len(sel.items))],
            # the confirming actions legal now, and the step's confirming verb
            [a for a in legal if a[0] not in ("pick", "unpick")],
            step.confirm_verb if step.kind != "move_units" else "to")
    return Decision(p.copy(), selection, target_type(s) if s.step == "card_target" else None)


def view(state: State, side: int, log: bool = True, public: bool = False) -> View:
    """What `side` may see: its own secrets, the public facts, and of the enemy
    only what the rules show (hand size, top unit and size of hidden stacks).
    `log=False` leaves the log out, for computer players that do not read it.

    `public=True` is what a bystander sees while `side` decides on a screen
    both players share: none of `side`'s secrets (hand, hidden stacks, recruits
    on offer, spy results, private log lines), and its prompt and half-made
    decision only when the decision is all public (Prompt.all_public).

    The side not moving, and a bystander, see the mover's Move phase only as
    far as it has been told (RULINGS Z2, told.py)."""
    s = as_told(state, other(side) if public else side)
    everything = bool(s.options.get("open_hands"))
    own = not public or everything  # whether `side`'s own secrets are in
    b = s.battle
    shown_t = b.t if b is not None else -1
    chits = s.chits
    entry = s.tab.chit_entry
    # a stack's entries are made once (they are frozen, and so are the stacks'
    # tuples they come from, board.place): a view is made for every decision
    listed, hidden = _made(s.tab)
    stacks: list[list[StackEntry | None]] = []
    for sd in (0, 1):
        rows: list[StackEntry | None] = []
        for t, st in enumerate(s.stacks[sd]):
            if not st:
                rows.append(None)
            elif (sd == side and own) or everything or t == shown_t or (sd, t) in s.shown:
                e = listed.get(st)
                if e is None:
                    e = listed[st] = StackEntry(len(st), chits[st[0]],
                                                tuple([entry[c] for c in st]))
                rows.append(e)
            elif s.seen and (part := known_part(s, sd, t)):
                # known in part (board.py): not kept, as such stacks are few
                rows.append(StackEntry(len(st), chits[st[0]], None,
                                       tuple([entry[c] for c in part])))
            else:
                e = hidden.get(st)
                if e is None:
                    e = hidden[st] = StackEntry(len(st), chits[st[0]])
                rows.append(e)
        stacks.append(rows)
    battle = None
    if b is not None:
        battle = BattleView(
            b.t, b.att, b.turn, b.passes, b.stage, b.winner, b.loser, b.picker, b.owed,
            b.lost_force, b.winner_lost, b.capture, b.result, _lists(b.played), b.zeroed[:],
            b.destroyed[:], _lists(b.losses), b.totals[:] if b.totals else totals(s),
            # which majority bonuses each side holds, for the words (RULINGS B5):
            # while the totals are counted from the stacks as they stand, not once
            # they are settled and the losses have begun
            None if b.totals else majorities(
                s.module, [[chits[c] for c in s.stacks[sd][b.t]] for sd in (0, 1)]),
            b.spent[:])  # docs/rules.md G9: public, as the battle is
    last = s.last_battle
    pr = prompt(s)
    mine = pr.side == side and (own or pr.all_public)  # the decider's own words
    if mine:
        step = STEPS[s.step]
        # one legal list for the prompt's `forced` and the open selection
        legal = step.legal(s) if isinstance(step, SelectStep) else None
        seen = pr.settled(None if legal is None else step.forced(s, legal))
        pend = pending_view(s, legal)
    else:
        seen = pr.public(s).settled()
        pend = NO_DECISION
    return View(
        side=side, turn=s.turn, phase=s.phase, active=s.active, step=s.step,
        prompt=seen,
        # the deciding side's own half-made decision: card in play, group chosen
        pend=pend,
        banks=s.banks[:], revenue=s.revenue[:], control=s.control[:],
        hand=sorted(s.hands[side]) if own else [],
        hands=[sorted(h) for h in s.hands] if everything else None,
        hand_sizes=[len(h) for h in s.hands], deck_size=len(s.deck),
        discard=s.discard[:], pile_sizes=[len(p) for p in s.piles],
        captives=[[chits[c] for c in cs] for cs in s.captives],
        # RULINGS O5: ships in repair, public like the battles they came from
        hangar=[HangarEntry(c, chits[c], left, since) for c, left, since in s.hangar],
        # RULINGS O5, H9: a side sees its own units' spent lives. An enemy
        # unit's mark comes back when it goes to the pile, which may happen
        # unseen (an attrition loss it picked): shown, the mark would tell
        # which unit went (a twin test found it); its first loss is in the log.
        lives=s.lives[:] if everything else
        [c for c in s.lives if own and s.tab.chit_side[c] == side],
        caught=s.caught[:],  # successful interceptions are logged for both
        shown=s.shown[:],  # stacks both sides have seen (B2)
        stacks=stacks,
        battle=battle,
        last_battle=None if last is None else LastBattle(
            last.t, last.att, last.winner, last.loser, last.result, _lists(last.played),
            _lists(last.losses), last.totals[:]),
        recruit=[entry[c] for c in s.recruit] if (side == s.active and own) or everything
        else [],
        # the entries of both are never changed once added (State.clone)
        intel=s.intel[side][:] if own else [],
        history=s.history[:],
        log=[e for e in s.log if everything or e["to"] is None or (e["to"] == side and own)
             or (not own and e.get("public"))] if log and s.log is not None else [],
        options=dict(s.options),
        winner=s.winner, win_reason=s.win_reason, enemy=other(side),
        points=s.points[:],  # docs/rules.md G9: public
        decks=[len(d) for d in s.decks], discards=[d[:] for d in s.discards],  # G10
        # G16: what moved in and its spaces left are the owner's to know
        onward=[e[:] for e in s.onward if everything or (own and s.tab.chit_side[e[0]] == side)])


def hand_as_drawn(state: State, side: int) -> list[int]:
    """`side`'s own hand in the order it drew the cards: a card held keeps its
    place, cards drawn come after, as drawn (board.draw_cards), and a save
    holds that order in its snapshot, so a resumed game shows the hand as it
    was. The view lists a hand sorted so that its order tells nothing; this
    order is only what `side` saw itself draw (its log names each draw in it),
    for showing `side` its own hand, never the enemy's (RULINGS H1)."""
    return as_told(state, side).hands[side][:]


def _lists(v: list[list[Any]]) -> list[list[Any]]:
    return [x[:] for x in v]


# Stack entries kept per module (Tables.listed, Tables.hidden) at most: emptied
# when they grow past it (search players deal many worlds).
MADE_MAX = 50_000


def _made(tab: Tables) -> tuple[dict[tuple[int, ...], StackEntry],
                                dict[tuple[int, ...], StackEntry]]:
    if len(tab.listed) + len(tab.hidden) > MADE_MAX:
        tab.listed.clear()
        tab.hidden.clear()
    return tab.listed, tab.hidden
