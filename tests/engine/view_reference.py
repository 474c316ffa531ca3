"""The view as view() built it before it was typed (as of commit 10c02b9),
kept verbatim as the reference that View.to_data() must equal key for key
and byte for byte (test_viewtypes.py). Only its imports changed, and the keys
added since (`shown`, a stack's `seen`); remove it
with those tests once nothing needs to show that the wire form is the old one."""

from __future__ import annotations

from typing import Any

from warp_empires.engine.api import STEPS, prompt
from warp_empires.engine.battle import totals
from warp_empires.engine.board import other
from warp_empires.engine.cards import target_type
from warp_empires.engine.pending import to_data
from warp_empires.engine.state import State
from warp_empires.engine.steps import SelectStep
from warp_empires.engine.strength import majorities
from warp_empires.engine.told import as_told

# Everything about a battle is public (RULINGS B2): the two stacks and what happens.
BATTLE_SEEN = ("t", "att", "turn", "passes", "stage", "winner", "loser", "picker", "owed",
               "lost_force", "winner_lost", "capture", "result", "played", "zeroed",
               "destroyed", "losses")
LAST_BATTLE_SEEN = ("t", "att", "winner", "loser", "result", "played", "losses", "totals")


def pending_view(s: State) -> dict[str, Any]:
    """The deciding side's own half-made decision as plain data: the pending
    data itself, plus `selection` (items and picked indices) when a selection is
    open and `targets` ("territory" or "chit") when a card's target is chosen."""
    if s.step == "intercept":
        # the moving group's units and the mover's own Move phase are the
        # mover's secrets (RULINGS H2, O1): the interceptor sees where it
        # stopped, how many units moved (logged for both) and what it tried
        p = s.pend
        return {"type": "Intercepting", "t": p.t, "size": len(p.group), "tried": p.tried[:]}
    out = to_data(s.pend) or {}
    step = STEPS.get(s.step)
    if isinstance(step, SelectStep) and s.pend is not None:
        sel = step.selection(s)
        legal = step.legal(s)
        picks = {a[1] for a in legal if a[0] == "pick"}
        out["selection"] = {
            "items": sel.items[:], "picked": sel.picked[:],
            # per item: may it be picked now (a picked item may always be unpicked)
            "pickable": [i in picks for i in range(len(sel.items))],
            # the confirming actions legal now, and the step's confirming verb
            "confirm": [list(a) for a in legal if a[0] not in ("pick", "unpick")],
            "confirm_verb": step.confirm_verb if step.kind != "move_units" else "to",
        }
    if s.step == "card_target":
        out["targets"] = target_type(s)
    return out


def old_view(state: State, side: int, log: bool = True, public: bool = False) -> dict[str, Any]:
    """Plain data for `side`: its own secrets, the public facts, and of the enemy
    only what the rules show (hand size, top unit and size of hidden stacks).
    `log=False` leaves the log out, for computer players that do not read it.

    `public=True` is what a bystander sees while `side` decides on a screen
    both players share: none of `side`'s secrets (hand, hidden stacks, recruits
    on offer, spy results, private log lines), and its prompt and half-made
    decision only when the decision is all public (Prompt.all_public).
    Read, like view(), as far as the reader was told (RULINGS Z2)."""
    s = as_told(state, 1 - side if public else side)
    everything = bool(s.options.get("open_hands"))
    own = not public or everything  # whether `side`'s own secrets are in
    b = s.battle
    shown_t = b.t if b is not None else -1
    stacks: list[list[dict[str, Any] | None]] = []
    for sd in (0, 1):
        rows: list[dict[str, Any] | None] = []
        for t, st in enumerate(s.stacks[sd]):
            if not st:
                rows.append(None)
            elif (sd == side and own) or everything or t == shown_t or (sd, t) in s.shown:
                rows.append({"size": len(st), "top": s.chits[st[0]],
                             "units": [{"chit": c, "unit": s.chits[c]} for c in st]})
            else:
                row = {"size": len(st), "top": s.chits[st[0]]}
                # units of it both sides know (State.seen), a key added since
                part = next((c for d, w, c in s.seen if (d, w) == (sd, t)), ())
                if part:
                    row["seen"] = [{"chit": c, "unit": s.chits[c]} for c in part]
                rows.append(row)
        stacks.append(rows)
    battle = None
    if b is not None:
        battle = {k: _plain(getattr(b, k)) for k in BATTLE_SEEN}
        battle["totals"] = b.totals or totals(s)
        # which majority bonuses each side holds, for the words (RULINGS B5):
        # while the totals are counted from the stacks as they stand, not once
        # they are settled and the losses have begun
        battle["majorities"] = None if b.totals else majorities(
            s.module, [[s.chits[c] for c in s.stacks[sd][b.t]] for sd in (0, 1)])
    last = s.last_battle
    pr = prompt(s)
    mine = pr.side == side and (own or pr.all_public)  # the decider's own words
    return {
        "side": side,
        "turn": s.turn,
        "phase": s.phase,
        "active": s.active,
        "step": s.step,
        "prompt": (pr if mine else pr.public(s)).to_data(),
        # the deciding side's own half-made decision: card in play, group chosen
        "pend": pending_view(s) if mine else {},
        "banks": s.banks[:],
        "revenue": s.revenue[:],
        "control": s.control[:],
        "hand": sorted(s.hands[side]) if own else [],
        "hands": [sorted(h) for h in s.hands] if everything else None,
        "hand_sizes": [len(h) for h in s.hands],
        "deck_size": len(s.deck),
        "discard": s.discard[:],
        "pile_sizes": [len(p) for p in s.piles],
        "captives": [[s.chits[c] for c in cs] for cs in s.captives],
        # RULINGS O5: ships in repair, public like the battles they came from
        "hangar": [{"chit": c, "unit": s.chits[c], "turns": left, "since": since}
                   for c, left, since in s.hangar],
        "lives": s.lives[:] if everything else
        [c for c in s.lives if own and s.tab.chit_side[c] == side],  # RULINGS O5, H9
        "caught": s.caught[:],  # successful interceptions are logged for both
        "shown": [[sd, t] for sd, t in s.shown],  # stacks both sides have seen (B2)
        "stacks": stacks,
        "battle": battle,
        "last_battle": None if last is None else {
            k: _plain(getattr(last, k)) for k in LAST_BATTLE_SEEN},
        "recruit": [{"chit": c, "unit": s.chits[c]} for c in s.recruit]
        if (side == s.active and own) or everything else [],
        "intel": [dict(i) for i in s.intel[side]] if own else [],
        "history": [h[:] for h in s.history],
        "log": [e for e in s.log if everything or e["to"] is None or (e["to"] == side and own)
                or (not own and e.get("public"))]
        if log and s.log is not None else [],
        "options": dict(s.options),
        "winner": s.winner,
        "win_reason": s.win_reason,
        "enemy": other(side),
    }


def _plain(v: Any) -> Any:
    return [x[:] if type(x) is list else x for x in v] if type(v) is list else v
