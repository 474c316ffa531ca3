"""Help: key bindings, the rules in the project's words, and the module's tables."""

from __future__ import annotations

import string
import textwrap
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Markdown, TabbedContent, TabPane

from warp_empires.module.defs import FORTIFICATION, LEADER, CardDef, Module
from warp_empires.tui.map_legend import map_legend
from warp_empires.tui.screens.help_module import module_rules_help
from warp_empires.tui.widgets.fitted_footer import TidyFooter

HELP_DIR = Path(__file__).resolve().parent.parent / "help"
EFFECT_WIDTH = 50  # characters of a card's effect per table line


def help_text(name: str) -> str:
    return (HELP_DIR / f"{name}.md").read_text(encoding="utf-8")


def rules_markdown(module: Module | None, optional: tuple[str, ...] = ()) -> str:
    """The Rules tab: help/rules.md with the module's own numbers and words
    (its leaders' and fortifications' names, upkeep, speeds, capture and tie
    rules, who can take control); generic wording when no module is chosen.
    The optional rules of the game in play follow, with the module's numbers."""
    words = {"leader": "leader", "fortifications": "fortifications", "upkeep": "five",
             "speeds": "slow 1, medium 2, fast 3 spaces", "control": "",
             "tie": "the module says who wins a tie",
             "capture": "A loser's leader may be taken captive.",
             "capture_when": "the winning stack must hold a leader at that moment, before "
                             "the winner takes its own losses."}
    if module is not None:
        rules = module.rules
        leader = module.role_name(LEADER).lower()
        speeds = [f"{name} {n}" for name, n in rules.speeds.items() if n > 0]
        words.update(
            leader=leader,
            fortifications=_plural(module.role_name(FORTIFICATION).lower()),
            upkeep=str(rules.upkeep_per_revenue),
            speeds=", ".join(speeds) + " spaces",
            tie=f"a tie goes to the {rules.tie_winner}",
            control="" if not rules.control_filters else " and one of them is: " + "; or ".join(
                f.words(module.classes, module.traits) for f in rules.control_filters),
        )
        if rules.capture_needs_leader:
            words["capture"] = (f"A loser's {leader} is taken captive if the winning stack "
                                f"holds a {leader}.")
            words["capture_when"] = (f"the winning stack must hold a {leader} at that moment, "
                                     "before the winner takes its own losses.")
        else:
            words["capture"] = f"A loser's lost {leader} is taken captive."
            words["capture_when"] = f"every {leader} the loser loses is taken captive."
    text = string.Template(help_text("rules")).safe_substitute(words)
    if module is not None and (module.map.enter or module.carriers):
        text += "\n\n## Who goes where\n\n" + "\n".join(entry_help(module))
    added = module_rules_help(module) if module is not None else []
    if added:  # docs/rules.md G10-G15
        text += "\n\n## This module's own rules\n\n" + "\n".join(added)
    if module is not None and optional:
        text += "\n\n## Optional rules in this game\n\n" + "\n".join(
            f"- {optional_rule_help(module, name)}" for name in optional
            if name in module.options)
    return text


def entry_help(module: Module) -> list[str]:
    """The module's kinds that bar units and its carriers, in its own words
    (docs/rules.md G1, G2), one Markdown line each."""
    classes, traits = module.classes, module.traits
    lines = []
    for kind, filters in module.map.enter.items():
        who = "; or ".join(f.words(classes, traits) for f in filters)
        who = who if who.startswith(("units", "any")) else who + " units"
        lines.append(f"- Only {who} may enter a {module.map.kinds.get(kind, kind)}.")
    for cls, carry in module.carriers.items():
        lines.append(f"- Each {classes.get(cls, cls)} carries up to {carry.capacity} of "
                     f"{carry.cargo.words(classes, traits)} through territories they may not "
                     "enter, within one group; a group whose carriers have room for all of "
                     "them moves at the carriers' speed. Carried units land where all may "
                     "stand.")
        if carry.ferry:  # G17
            lines.append(f"- A {classes.get(cls, cls)} also ferries a group of its side from "
                         "where it stands: a group next to it, for which it has room, "
                         "crosses in one move to any other territory next to it.")
    for kind in module.map.arrive:  # G18
        lines.append(f"- A unit bought, rescued or repaired may also enter a "
                     f"{module.map.kinds.get(kind, kind)} next to a revenue territory its "
                     "side controls.")
    lines.append("- A group ends its move, a retreat goes and a recruit enters only where "
                 "every one of its units may stand.")
    return lines


def optional_rule_help(module: Module, name: str) -> str:
    """One optional rule (RULINGS O1-O5) in a sentence or three, with the
    module's numbers (docs/rules.md has the readings behind them)."""
    o = module.options[name]
    leader = module.role_name(LEADER).lower()
    fortifications = _plural(module.role_name(FORTIFICATION).lower())
    if name == "interception":
        return (f"**Interception.** When an enemy group stops next to your stacks without "
                f"entering one, each of them may try to catch it, one at a time: {o.roll}+ on "
                f"a d6, +1 if only your stack has a {leader}, -1 if only the group has one. "
                f"On a success your stack's mobile units move in and a battle follows. "
                f"The same holds against your groups.")
    if name == "withdrawal":
        chase = _plural(o.pursuit.words(module.classes, module.traits).lower())
        return (f"**Withdrawal.** When a battle starts, before any card, the defender may "
                f"roll to slip away: {o.roll}+ on a d6, -1 if the attacker has more {chase}, "
                f"+1 if only the defender has a {leader}, -1 if only the attacker has one. Its "
                f"mobile units then leave unharmed to a neighbouring territory; its "
                f"{fortifications} stay and fight alone.")
    if name == "attrition":
        return (f"**Attrition.** At the end of a player's turn, each of their stacks of "
                f"{o.stack} or more units rolls a d6 and loses that many units divided by "
                f"{o.divide_controlled} (rounded up) in a territory they control, or divided "
                f"by {o.divide_elsewhere} elsewhere. The owner picks which: "
                f"{fortifications} and {leader}s last.")
    if name == "repair_hangar":
        faces = "; ".join(
            f"{_faces(o.fate, n)}: {'destroyed' if not n else f'back after {n} turns'}"
            for n in dict.fromkeys(o.fate))
        ships = _plural(o.repairs.words(module.classes, module.traits).lower())
        names = sorted(module.units[u].name for u in o.two_lives)
        marked = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        two = (f" {marked} ha{'ve' if len(o.two_lives) > 1 else 's'} two lives: the first "
               f"loss sends {'them' if len(o.two_lives) > 1 else 'it'} to the hangar for "
               f"{o.two_lives_turns} turns without a roll." if marked else "")
        return (f"**Repair hangar.** {ships.capitalize()} lost in battle (not to a card) roll "
                f"a d{len(o.fate)}, counting their owner's turns: {faces}. They return free "
                f"at the start of their owner's Recruit phase, in a revenue territory the "
                f"owner controls.{two}")
    if name == "initiative":
        dice = ", ".join(f"{side.short} d{o.dice[side.index]}" for side in module.sides)
        first = module.sides[module.rules.first_side].says("play")
        return (f"**Initiative.** {first} the first round. From then on, each round "
                f"both sides roll their die ({dice}): the higher plays first, a tie keeps the "
                f"order of the round before. A side may so play two turns in a row.")
    return f"**{name.replace('_', ' ').capitalize()}.** {o.text}"


def _faces(fate: tuple[int, ...], turns: int) -> str:
    """The faces of the fate die giving `turns`, as '1-2' or '5'."""
    faces = [i + 1 for i, n in enumerate(fate) if n == turns]
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]}-{faces[-1]}" \
        if faces == list(range(faces[0], faces[-1] + 1)) else ", ".join(map(str, faces))


def _plural(word: str) -> str:
    return word if word.endswith("s") else word + "s"


_SCORE_WORDS = {"revenue": "revenue", "territories": "territories", "units": "units on the map",
                "force": "Force on the map"}


def _timing(when: str, hold: int) -> str:
    """When a victory is checked, in a few words (docs/rules.md G4)."""
    if hold:
        return f" (held at the end of {hold} of its own turns in a row)"
    return " (checked at the end of each round)" if when == "round" else ""


def module_markdown(module: Module) -> str:
    """The module's identity, sides and victory conditions as Markdown."""
    lines = [f"# {module.name} {module.version}", "", module.description, "", "## Sides", ""]
    for side in module.sides:
        lines.append(f"- **{side.name}** ({side.short})")
    first = module.sides[module.rules.first_side].short
    if module.rules.first_roll:  # docs/rules.md G3
        sides = module.sides
        first = f"a die decides (1-3 {sides[0].short}, 4-6 {sides[1].short})"
    lines += ["", f"First turn: {first}.", "", "## Winning", ""]
    for victory in module.victory:
        lines.append(f"- **{module.sides[victory.side].short}**: {victory.text}"
                     f"{_timing(victory.when, victory.hold)}")
    rules = module.rules
    if rules.turn_limit:  # docs/rules.md G4
        tie = module.sides[rules.limit_tie].the()  # "the Allies", as sentences name it
        lines.append(f"- After {rules.turn_limit} rounds the side with more "
                     f"{_SCORE_WORDS[rules.limit_score]} wins; a tie goes to {tie}.")
    lines += ["", "## The map", "", *map_legend(module)]  # what `·` and "edge" mean
    lines += [
        "",
        "## Numbers",
        "",
        f"- Draw {rules.draw} cards a turn; hand limit {rules.hand_limit}.",
        f"- {module.role_name(LEADER)} bonus +{rules.leader_bonus}; ties go to the "
        f"{rules.tie_winner}.",
        f"- Upkeep: {rules.upkeep_per_revenue} units per point of revenue.",
        f"- Recruit: draw {rules.recruit_draw} chits.",
    ]
    for bonus in rules.majority_bonuses:
        who = bonus.filter.words(module.classes, module.traits)
        lines.append(f"- +{bonus.bonus} to the side with more of its {who} in a battle.")
    if rules.control_filters:
        who = "; or ".join(f.words(module.classes, module.traits) for f in rules.control_filters)
        lines.append(f"- Only these can take control of a territory: {who}.")
    return "\n".join(lines)


class HelpScreen(Screen[None]):
    """Tabs of help; Escape goes back to where you were."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        # the page keys scroll the open tab wherever the focus is (play-test:
        # PageDown did nothing until Tab moved the focus into the text)
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
    ]

    DEFAULT_CSS = """
    HelpScreen TabbedContent { height: 1fr; }
    HelpScreen Markdown { margin: 0 2; }
    HelpScreen TabPane { padding: 0; }
    HelpScreen DataTable { height: 1fr; }
    """

    def __init__(self, module: Module | None, optional: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.module = module
        self.optional = optional  # the optional rules of the game in play (RULINGS O1-O5)

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent():
            # Each text in a focusable scroller, so arrows and PageDown read on.
            with TabPane("Keys", id="keys"), VerticalScroll(can_focus=True):
                yield Markdown(help_text("keys"))
            with TabPane("Rules", id="rules"), VerticalScroll(can_focus=True):
                yield Markdown(rules_markdown(self.module, self.optional))
            if self.module is not None:
                with TabPane("Module", id="module"), VerticalScroll(can_focus=True):
                    yield Markdown(module_markdown(self.module))
                with TabPane("Units", id="units"):
                    yield DataTable(id="unit-table", zebra_stripes=True, cursor_type="row")
                with TabPane("Cards", id="cards"):
                    yield DataTable(id="card-table", zebra_stripes=True, cursor_type="row")
        yield TidyFooter()

    def action_page(self, direction: int) -> None:
        pane = self.query_one(TabbedContent).active_pane
        if pane is None:
            return
        scroller = next((w for w in pane.query("VerticalScroll, DataTable")), None)
        if scroller is None:
            return
        if direction > 0:
            scroller.scroll_page_down(animate=False)
        else:
            scroller.scroll_page_up(animate=False)

    def on_mount(self) -> None:
        self.title = "Help"
        if self.module is None:
            return
        module = self.module
        units = self.query_one("#unit-table", DataTable)
        heads = ("Side", "Unit", "Class", "Speed", "Force", "Chits")
        rows = [(module.sides[u.side].short, u.name, module.classes.get(u.cls, u.cls),
                 f"{u.move} {u.speed}", str(u.force), str(u.count),
                 ", ".join(module.traits.get(t, (t, ""))[0] for t in sorted(u.traits)))
                for u in module.units]
        # The last column wraps in the room the others leave (a table cell does
        # not wrap by itself; play-test: at 80 columns traits and effects were
        # cut off the screen's edge). Too narrow for a column of its own, the
        # traits go under the unit's name.
        room = self._last_column_room([heads, *(r[:-1] for r in rows)])
        under = room < 20
        units.add_columns(*heads, *(() if under else ("Traits",)))
        for side, name, *middle, traits in rows:
            lines = textwrap.wrap(traits, max(len(r[1]) for r in rows) if under else room)
            cells = ((side, "\n".join([name, *lines]), *middle) if under
                     else (side, name, *middle, "\n".join(lines)))
            units.add_row(*map(Text, cells), height=max(1, len(lines) + under))  # never markup
        cards = self.query_one("#card-table", DataTable)
        cards.add_columns("Card", "Copies", "Who", "When", "Effect")
        rows = [(c.name, _copies(module, c),
                 "either" if c.side is None else module.sides[c.side].short,
                 c.timing.capitalize(), c.text) for c in module.cards]
        room = min(EFFECT_WIDTH, self._last_column_room([("Card", "Copies", "Who", "When"),
                                                         *(r[:-1] for r in rows)]))
        for row in rows:
            effect = textwrap.wrap(row[-1], room) or [""]
            cards.add_row(*map(Text, (*row[:-1], "\n".join(effect))), height=len(effect))

    def _last_column_room(self, rows: list[tuple[str, ...]]) -> int:
        """The characters a table's last column has on this screen, beside the
        widest cells of the others (each cell padded by one either side; the
        margins and the scroll bar take 6)."""
        others = sum(max(len(cell) for cell in column) + 2 for column in zip(*rows, strict=True))
        return max(16, self.app.size.width - others - 8)


def _copies(module: Module, card: CardDef) -> str:
    """A card's copies, deck by deck with a deck per side (docs/rules.md G10):
    "Red 5, Blue 4"."""
    if card.decks is None:
        return str(card.count)
    return ", ".join(f"{module.sides[side].short} {n}" for side, n in enumerate(card.decks) if n)
