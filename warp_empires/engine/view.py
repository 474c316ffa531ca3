"""What one side may see (RULINGS H1-H6). Front ends render only this."""

from __future__ import annotations

from typing import Any

from .api import prompt
from .battle import totals
from .board import other
from .state import State


def _plain(d: dict[str, Any]) -> dict[str, Any]:
    return {k: (v[:] if isinstance(v, list) else v) for k, v in d.items()}


def view(state: State, side: int, log: bool = True) -> dict[str, Any]:
    """Plain data for `side`: its own secrets, the public facts, and of the enemy
    only what the rules show (hand size, top unit and size of hidden stacks).
    `log=False` leaves the log out, for computer players that do not read it."""
    s = state
    everything = bool(s.options.get("open_hands"))
    b = s.battle
    shown_t = b["t"] if b is not None else -1
    stacks: list[list[dict[str, Any] | None]] = []
    for sd in (0, 1):
        rows: list[dict[str, Any] | None] = []
        for t, st in enumerate(s.stacks[sd]):
            if not st:
                rows.append(None)
            elif sd == side or everything or t == shown_t:
                rows.append({"size": len(st), "top": s.chits[st[0]],
                             "units": [{"chit": c, "unit": s.chits[c]} for c in st]})
            else:
                rows.append({"size": len(st), "top": s.chits[st[0]]})
        stacks.append(rows)
    battle = None
    if b is not None:
        battle = {k: b[k] for k in ("t", "att", "turn", "stage", "winner", "loser", "owed",
                                    "result", "played", "zeroed", "destroyed", "losses")}
        battle["totals"] = b["totals"] or totals(s)
    last = s.last_battle
    pr = prompt(s)
    return {
        "side": side,
        "turn": s.turn,
        "phase": s.phase,
        "active": s.active,
        "step": s.step,
        "prompt": (pr if pr.side == side else pr.public(s)).to_data(),
        # the deciding side's own half-made decision: card in play, group chosen
        "pend": _plain(s.pend) if pr.side == side else {},
        "banks": s.banks[:],
        "revenue": s.revenue[:],
        "control": s.control[:],
        "hand": sorted(s.hands[side]),
        "hands": [sorted(h) for h in s.hands] if everything else None,
        "hand_sizes": [len(h) for h in s.hands],
        "deck_size": len(s.deck),
        "discard": s.discard[:],
        "pile_sizes": [len(p) for p in s.piles],
        "captives": [[s.chits[c] for c in cs] for cs in s.captives],
        "stacks": stacks,
        "battle": battle,
        "last_battle": None if last is None else {
            k: last[k] for k in ("t", "att", "winner", "loser", "result", "played",
                                 "losses", "totals")},
        "recruit": [{"chit": c, "unit": s.chits[c]} for c in s.recruit]
        if side == s.active or everything else [],
        "intel": [dict(i) for i in s.intel[side]],
        "history": [h[:] for h in s.history],
        "log": [e for e in s.log if everything or e["to"] is None or e["to"] == side]
        if log else [],
        "winner": s.winner,
        "win_reason": s.win_reason,
        "enemy": other(side),
    }
