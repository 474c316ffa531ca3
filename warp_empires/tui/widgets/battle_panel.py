"""The battle as the viewer sees it: both stacks, each side's total and its
breakdown, the cards played in turn, losses and the result."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from warp_empires.engine import View
from warp_empires.engine.viewtypes import BattleView, LastBattle
from warp_empires.module.defs import LEADER, Module
from warp_empires.tui.looks import side_text, stack_lines

# What became of a lost unit, as the losses line says it (RULINGS B9, O5).
FATE_NOTE = {"captured": " (captured)", "hangar": " (to the hangar)"}

_PARTS = (("units", "units"), ("cards", "cards"), ("leader", "leader"),
          ("majority", "majority"), ("points", "points"),
          ("powers", "powers"))  # docs/rules.md G12: units' bonuses against a kind


def battle_text(
    module: Module, view: View, seen: dict[int, int] | None = None
) -> Text | None:
    """`seen` maps chits shown in this game's battles to their unit types, so a
    card's target can be named after the unit has left the stack."""
    battle: BattleView | LastBattle | None = view.battle
    finished = battle is None
    if finished:
        # A finished battle stays on show until the Battle phase is over, if it
        # was fought in this phase: not an earlier turn's at the phase's start.
        battle = view.last_battle if view.phase == "battle" \
            and _fought_this_turn(view) else None
    if battle is None:
        return None
    t = battle.t
    out = Text()
    att = battle.att
    out.append(f"Battle at {module.map.territories[t].name}", style="bold")
    out.append(" (over)\n" if finished else "\n", style="dim")
    out.append_text(side_text(module, att))
    out.append(" attack, ")
    out.append_text(side_text(module, 1 - att))
    out.append(" defend\n")
    # The totals before the stacks: in a short panel (80x24) they are what
    # must not be cut (play-test: the totals and the last lines went).
    fighting = battle if isinstance(battle, BattleView) else None
    _totals(module, battle, out, _majorities(module, fighting))
    if fighting is not None:
        for line in stack_lines(module, view, t, intel=False):
            out.append_text(line)
            out.append("\n")
    destroyed = set(fighting.destroyed if fighting is not None else ())
    zeroed = set(fighting.zeroed if fighting is not None else ())
    for who, kind, target in battle.played:
        out.append("  played: ")
        out.append_text(side_text(module, who))
        out.append(f" {module.cards[kind].name}")
        unit = (seen or {}).get(target)
        if unit is not None:
            out.append(f" on {module.units[unit].name}")
            if target in destroyed:
                out.append(" (destroyed)", style="bold")
            elif target in zeroed:
                out.append(" (Force 0)", style="bold")
        out.append("\n")
    losses = battle.losses
    if losses:
        out.append("Losses: ")
        out.append(", ".join(
            f"{module.units[unit].name}{FATE_NOTE.get(fate, '')}"
            for _side, unit, fate in losses
        ))
        out.append("\n")
    if battle.result:
        out.append(battle.result, style="bold")
    elif fighting is not None and fighting.stage == "cards":
        out.append_text(side_text(module, fighting.turn))
        out.append(" to play a card or pass", style="italic")
    return out


def _totals(module: Module, battle: BattleView | LastBattle, out: Text,
            majorities: list[list[str]] | None = None) -> None:
    """Each side's total with its breakdown, a line each; `majorities` names
    each side's majority bonuses (play-test: "majority 2" did not say which)."""
    for side, total in enumerate(battle.totals):
        out.append_text(side_text(module, side))
        # the leader bonus is named as the module names its leaders ("general 3")
        names = {"leader": module.role_name(LEADER).lower(),
                 "points": module.rules.points_name}  # docs/rules.md G9
        if majorities and majorities[side]:
            names["majority"] = f"{', '.join(majorities[side])} majority"
        parts = " + ".join(f"{names.get(key, name)} {total[key]}" for key, name in _PARTS
                           if total.get(key))
        out.append(f"  total {total['total']}", style="bold")
        out.append(f"  ({parts or '0'})\n")


def _majorities(module: Module, battle: BattleView | None) -> list[list[str]] | None:
    """The names of the majority bonuses each side holds ("Bombardment"), as
    the view lists them (engine strength.majorities); None for a battle over."""
    held = battle.majorities if battle is not None else None
    if held is None:
        return None
    names: list[list[str]] = []
    for side in (0, 1):
        names.append([])
        for i in held[side]:
            f = module.rules.majority_bonuses[i].filter
            names[side].append(" and ".join(
                [module.traits.get(x, (x, ""))[0] for x in sorted(f.traits)]
                + [module.classes.get(c, c) for c in sorted(f.classes)]) or "unit")
    return names


class BattlePanel(Static):
    DEFAULT_CSS = """
    BattlePanel { height: auto; padding: 0 1; border: round $warning; display: none; }
    BattlePanel.-on { display: block; }
    """

    def show(self, module: Module, view: View,
             seen: dict[int, int] | None = None) -> None:
        text = battle_text(module, view, seen)
        self.set_class(text is not None, "-on")
        if text is not None:
            self.border_title = "Battle"
            self.update(text)


def _fought_this_turn(view: View) -> bool:
    """Whether the log shows a battle of this player-turn (every battle's
    start is logged for both sides, RULINGS B2)."""
    return any(e.get("kind") == "battle" and e.get("turn") == view.turn
               for e in reversed(view.log[-200:]))
