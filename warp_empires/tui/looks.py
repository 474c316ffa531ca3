"""Turning a side's view into what the widgets draw. Pure functions over view
data, so that nothing secret can reach the screen by another road."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.color import Color

from warp_empires.engine import View
from warp_empires.engine.forecast import battle_forecast, unclaimed_reason, upkeep
from warp_empires.module.defs import Module
from warp_empires.present.odds import group_units, leaderless_victories
from warp_empires.tui.labels import side_glyphs
from warp_empires.tui.widgets.map_labels import StackLook, TerritoryLook

if TYPE_CHECKING:
    from warp_empires.present.rows import Choice

PHASES = ("draw", "move", "battle", "revenue", "recruit", "upkeep", "control")


def side_colour(module: Module, side: int) -> Color:
    """The side's colour, its lightness kept mid-range so it reads on dark and
    light themes alike."""
    h, s, lightness = Color.parse(module.sides[side].colour).hsl
    return Color.from_hsl(h, s, min(max(lightness, 0.40), 0.55))


def side_style(module: Module, side: int) -> Style:
    return Style(color=side_colour(module, side).rich_color, bold=True)


def side_text(module: Module, side: int, text: str | None = None) -> Text:
    """A side's name in its colour, prefixed by its letter so colour is not the only cue."""
    glyph = side_glyphs(module)[side]
    return Text(f"{glyph}·{text or module.sides[side].short}", style=side_style(module, side))


def territory_looks(
    module: Module, view: View, abbrevs: list[str]
) -> list[TerritoryLook]:
    looks = []
    for t in range(len(module.map.territories)):
        stacks = []
        for side in (0, 1):
            entry = view.stacks[side][t]
            if entry:
                stacks.append(StackLook(side, abbrevs[entry.top], entry.size))
        looks.append(TerritoryLook(view.control[t], tuple(stacks)))
    return looks


def stack_lines(
    module: Module, view: View, t: int, intel: bool = True
) -> list[Text]:
    """Every stack at a territory, as much of it as the viewer may see."""
    lines: list[Text] = []
    # a spy card's look this turn (RULINGS H4), the latest at t; it stands for
    # the stack while the stack holds as many units (as the forecast reads it)
    spied = view.spied(t) if intel else None
    for side in (0, 1):
        entry = view.stacks[side][t]
        if not entry:
            continue
        head = side_text(module, side)
        if entry.units is not None:
            names = ", ".join(module.units[u.unit].name for u in entry.units)
            # an enemy stack listed outside its battle: both saw it there, and
            # nothing has joined or left it since (engine State.shown)
            seen = side != view.side and (side, t) in view.shown and not (
                view.battle and view.battle.t == t)
            lines.append(Text.assemble(head, f" ({entry.size}): ", names,
                                       (" (as seen in battle)" if seen else "", "italic")))
            if side == view.enemy and spied is not None and len(spied) == entry.size:
                spied = None  # listed whole: the spied list says no more
        elif spied is not None and side == view.enemy and len(spied) == entry.size:
            # play-test 18: "1 more not known" above a spied list of them all
            names = ", ".join(module.units[u].name for u in spied)
            lines.append(Text.assemble(head, f" ({entry.size}): ", names,
                                       (" (spied this turn)", "italic")))
            spied = None
        elif entry.seen:  # seen in a battle, since joined by units not known
            names = ", ".join(module.units[u.unit].name for u in entry.seen)
            top = module.units[entry.top].name
            first = "" if entry.top in {u.unit for u in entry.seen} else f"{top} on top; "
            more = entry.size - len(entry.known())
            lines.append(Text.assemble(head, f" ({entry.size}): {first}", names,
                                       (" (as seen in battle)", "italic"),
                                       f", {more} more not known" if more else ""))
        else:
            top = module.units[entry.top].name
            rest = " on top, the rest hidden" if entry.size > 1 else ""  # one: all there is
            lines.append(Text.assemble(head, f" ({entry.size}): {top}{rest}"))
    if spied is not None:  # the stack has changed since, or is gone
        names = ", ".join(module.units[u].name for u in spied)
        lines.append(Text(f"Spied this turn, before units joined or left: {names}",
                          style="italic"))
    return lines


def _verdict_style(verdict: str) -> str:
    # the words say the verdict too: colour is never alone
    return {"win": "bold green", "likely win": "green", "lose": "bold red",
            "likely lose": "red"}.get(verdict, "yellow")


def battles_ahead(module: Module, view: View) -> Text:
    """Every territory where both sides stand, with the viewer's forecast:
    the battles that ending the Move phase brings (RULINGS B1)."""
    out = Text("Battles if the Move phase ends now:\n", style="bold")
    found = False
    for t, territory in enumerate(module.map.territories):
        odds = battle_forecast(module, view, t)
        if odds is None:
            continue
        found = True
        out.append(f"{territory.name}: ", style="bold")
        out.append(f"{odds.words()}.\n", style=_verdict_style(odds.verdict))
    if not found:
        out.append("none.\n", style="dim")
    return out


def territory_details(module: Module, view: View, t: int,
                      joining: list[int] | None = None) -> Text:
    """The territory under the cursor: what it is, the battle it would see
    (with the unit types of a group that would move in, `joining`), who
    controls it and why Control would not claim it, and the stacks."""
    territory = module.map.territories[t]
    kind = module.map.kinds.get(territory.kind, territory.kind)
    out = Text()
    out.append(territory.name, style="bold")
    facts = [kind]
    if territory.is_revenue:
        facts.append(f"revenue ${territory.revenue}")
    if territory.edge:
        facts.append("edge")
    out.append("  " + ", ".join(facts) + "\n")
    # the forecast first: at 80x24 the panel shows five rows (play-test: it
    # was cut off below the stacks)
    if view.battle is None or view.battle.t != t:  # the battle panel shows that one
        odds = battle_forecast(module, view, t, joining or [])
        if odds is not None:
            out.append(f"Battle forecast: {odds.words()}.\n",
                       style=_verdict_style(odds.verdict))
            if odds.last_leader and odds.leader_paid and odds.verdict != "lose":
                # play-test: nothing said the game was at stake
                for text in leaderless_victories(module, view.side):
                    out.append(f"{module.sides[1 - view.side].short} win: {text}\n",
                               style="bold red")
    control = view.control[t]
    out.append("Control: ")
    out.append_text(side_text(module, control) if control >= 0 else Text("none"))
    out.append("\n")
    why = unclaimed_reason(module, view, t)
    if why is not None:
        out.append(f"Not claimed in Control: {why}.\n", style="italic")
    for line in stack_lines(module, view, t) or [Text("No units.", style="dim")]:
        out.append_text(line)
        out.append("\n")
    names = ", ".join(module.map.territories[n].name for n in territory.neighbours)
    out.append(f"Next to: {names}", style="dim")
    return out


def recruit_room(module: Module, view: View, buying: int) -> Text:
    """While recruiting: how many units the upkeep this turn keeps against
    those on the map and those picked to buy (RULINGS U1). Play-test: a unit
    was bought and disbanded in the same turn, with no word at 80x24."""
    due = upkeep(module, view, view.side)
    after = due.units + buying
    if after > due.limit:
        return Text(f"  upkeep keeps {due.limit}: {after - due.limit} of these would be "
                    "disbanded", style="bold red")
    # play-test: "room for 0 more" with two ticked read as a fault: it counts them
    besides = f" besides the {buying} picked" if buying else ""
    return Text(f"  upkeep keeps {due.limit}: room for {due.limit - after} more{besides}",
                style="dim")


def joining(view: View, choices: list[Choice], territory: int) -> list[int]:
    """The unit types of the group being formed, if `territory` is one of its
    destinations: the battle forecast counts them in."""
    if not any(c.territory == territory for c in choices):
        return []
    return group_units(view)


def home_territory(view: View, choices: list[Choice]) -> int:
    """Where the map's cursor starts: a choice, else the viewer's first stack
    or territory."""
    for choice in choices:
        if choice.territory is not None:
            return choice.territory
        if choice.about is not None:
            return choice.about
    mine = view.stacks[view.side]
    for t, entry in enumerate(mine):
        if entry:
            return t
    return next((t for t, c in enumerate(view.control) if c == view.side), 0)


def enemy_hand(view: View) -> tuple[list[int] | None, str]:
    """The other side's hand where the view shows it (open hands, or a spy's
    look this turn) and a note saying why. A spied hand is kept true: the
    cards the enemy played since are taken out, and the note says how many it
    drew (engine board.tell_spies; play-test: the list kept a card played since)."""
    if view.hands:
        return view.hands[view.enemy], "open"
    notes = view.intel
    last = next((i for i in range(len(notes) - 1, -1, -1) if notes[i].get("kind") == "hand"),
                None)
    if last is None:
        return None, ""
    cards = list(notes[last]["cards"])
    drawn = 0
    for note in notes[last + 1:]:
        if note.get("kind") == "played" and note["card"] in cards:
            cards.remove(note["card"])
        elif note.get("kind") == "drew":
            drawn += note["cards"]
    if drawn:
        return cards, f"spied this turn, and {drawn} card{'s' if drawn != 1 else ''} drawn since"
    return cards, "spied this turn"
