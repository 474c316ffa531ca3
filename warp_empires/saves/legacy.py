"""Engine states saved in format 2 (before the decisions were reshaped),
brought to what the current engine holds: the pending decision as typed
data (engine/pending.py), a half-chosen group asked again, the seed taken out
of the log (RULINGS H7). Never edited once released: old files depend on it."""

from __future__ import annotations

import re
from typing import Any

Doc = dict[str, Any]


def state_v2_to_v3(old: Doc) -> Doc:
    new = dict(old)
    step = old["step"]
    pend = old["pend"]
    active = old["active"]
    stacks = old["stacks"]
    # RULINGS M9 engages only a group that entered an enemy stack; format 2 held
    # every unit in a contested territory, which is the closest reading kept.
    engaged = [c for t, st in enumerate(stacks[active]) if stacks[1 - active][t] for c in st]
    battle = old["battle"]
    new["battle"] = _battle(battle)
    new["last_battle"] = _battle(old["last_battle"])
    if step == "choose_start":
        new["pend"] = {"type": "Choosers", "sides": list(pend["choosers"])}
    elif step in ("predraw_discard", "discard_down"):
        new["pend"] = _selection(sorted(old["hands"][active]))
    elif step == "move":
        new["pend"] = {"type": "MovePhase", "engaged": engaged}
    elif step in ("move_from", "move_units"):
        # a half-chosen group is the side's own unconfirmed choice: it is asked again
        new["step"] = "move_from"
        new["pend"] = {"type": "Moving", "card": pend["card"], "left": pend["left"],
                       "engaged": engaged, "moved": list(pend["moved"]), "src": -1,
                       "group": None}
    elif step == "card_target":
        ret = pend["ret"]
        resume = {"type": "MovePhase", "engaged": engaged} if ret == "move" else None
        stage = pend["stage"] if "chit" in pend else 0  # Sabotage has no second step now
        new["pend"] = {"type": "CardPlay", "card": pend["card"], "side": pend["side"],
                       "resume_step": ret, "resume": resume, "stage": stage,
                       "chit": pend.get("chit", -1)}
    elif step in ("recruit", "place"):
        placing = [pend["placing"]] if step == "place" else []
        offer = [c for c in old["recruit"] if c not in placing]
        new["pend"] = {"type": "Recruiting", "offer": _selection(offer),
                       "drawn": pend["drawn"], "bonus": pend["bonus"], "placing": placing,
                       "bought_all": False}
    elif step == "casualty":
        side = battle["loser"] if battle["stage"] == "loser" else battle["winner"]
        new["pend"] = _selection(list(stacks[side][battle["t"]]))
    elif step == "upkeep":
        new["pend"] = _selection([c for st in stacks[active] for c in st])
    else:  # choose_battle, battle_card, retreat, game_over
        new["pend"] = None
    # RULINGS H7: the seed is a secret of the game; format 2 logged it.
    new["log"] = [dict(e, text=_SEED.sub("", e["text"])) if e["kind"] == "setup" else e
                  for e in old["log"]]
    return new


_SEED = re.compile(r" \(seed -?\d+\)")


def _selection(items: list[int]) -> Doc:
    return {"type": "Selection", "items": list(items), "picked": []}


def _battle(b: Doc | None) -> Doc | None:
    if b is None:
        return None
    return dict(b, type="Battle")
