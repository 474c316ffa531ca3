"""Public facts of both sides: banks, revenues, hands, piles, units on the map
against the upkeep limit, deck, discard, captives, ships in the repair hangar."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from warp_empires.engine import View
from warp_empires.engine.forecast import Upkeep, upkeep
from warp_empires.module.defs import Module
from warp_empires.present.odds import last_leader
from warp_empires.tui.labels import side_glyphs
from warp_empires.tui.looks import side_style, side_text


class StatusPanel(Static):
    """Kept in view under the side panel's scrolling part: both banks always
    show (play-test at 80x24: they had scrolled out of sight). On a short
    screen it is one line a side (`set_compact`)."""

    DEFAULT_CSS = """
    StatusPanel { height: auto; padding: 0 1; border-top: solid $primary; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.compact = False
        self._shown: tuple[Module, View] | None = None

    def show(self, module: Module, view: View) -> None:
        self._shown = (module, view)
        self.update(compact_status_text(module, view) if self.compact
                    else status_text(module, view))

    def set_compact(self, compact: bool) -> None:
        """One line a side (a short screen), or the whole panel."""
        if compact != self.compact:
            self.compact = compact
            if self._shown is not None:
                self.show(*self._shown)


def compact_status_text(module: Module, view: View) -> Text:
    """The panel in one line a side, the bank first: "R $3 (+2) · hand 5 ·
    units 6/10" (the side's letter in its colour, as on the map), each followed
    by the lines that warn of it (upkeep, captives, the hangar); the deck is
    left out. (Play-test at 80x24: the first side's captive was listed under
    the second side's line when all the warnings came after both lines.)"""
    text = Text()
    for side in (0, 1):
        due = upkeep(module, view, side)
        text.append(side_glyphs(module)[side], style=side_style(module, side))
        text.append(f" ${view.banks[side]} (+{due.revenue}) · hand {view.hand_sizes[side]} · ")
        text.append(f"units {due.units}/{due.limit}", style="bold red" if due.over else "")
        text.append("\n")
        text.append_text(_side_notes(module, view, side, due, compact=True))
    text.rstrip()
    return text


def _side_notes(module: Module, view: View, side: int, due: Upkeep,
                compact: bool = False) -> Text:
    """The lines that warn of one side, indented: its upkeep (the viewer's
    own), the captives it holds, its ships in repair."""
    text = Text()
    if due.over and side == view.side:
        text.append(f"  upkeep would disband {due.over} unit"
                    f"{'s' if due.over != 1 else ''} at revenue {due.revenue} "
                    f"(limit {due.limit})\n", style="bold red")
        if due.limit == 0 and module.rules.elimination:
            # Play-test: an Incite Uprising on a side's only planet
            # ended the game at its next upkeep, unannounced (RULINGS
            # U1, W3: no units and no revenue territory loses).
            text.append("  with no revenue territory left either, that loses the game\n",
                        style="bold red")
    if side == view.side:
        text.append_text(_last_leader(module, view, compact))
    captives = view.captives[side]
    if captives:
        names = ", ".join(module.units[u].name for u in captives)
        text.append(f"  holds captive: {names}\n", style="italic")
    # RULINGS O5: ships in repair are public, with the turns they have left
    repairs = [h for h in view.hangar if module.units[h.unit].side == side]
    if repairs:
        names = ", ".join(
            f"{module.units[h.unit].name} (back in {h.turns} turn"
            f"{'s' if h.turns != 1 else ''})" if h.turns else
            f"{module.units[h.unit].name} (ready, waiting for a territory)"
            for h in repairs)
        text.append(f"  hangar: {names}\n", style="italic")
    return text


def _last_leader(module: Module, view: View, compact: bool = False) -> Text:
    """A warning while the viewer has one leader on the map and the enemy
    wins by a victory that asks for none (play-test 16: the game ended at the
    capture of the last one, and nothing had said it was the last). With
    none there is nothing left to guard (where the victory also asks for a
    captive, only a capture gives one). Only on the viewer's own
    screens: how many leaders it has is its secret. One line on a short
    screen (`compact`), where the panel has little room."""
    leader = last_leader(module, view)
    if leader is None:
        return Text()
    name = module.units[leader].name
    # ("may": the victory may ask more, a captive say)
    words = f"your last leader: {name}" if compact else (
        f"{name} is your last leader: lose it and "
        f"{module.sides[1 - view.side].the()} may win")
    return Text(f"  {words}\n", style="bold red")


def status_text(module: Module, view: View) -> Text:
    """The panel's text: public facts of both sides, and the viewer's upkeep
    warning."""
    text = Text()
    for side in (0, 1):
        # The upkeep the markers allow against the units on the map (RULINGS
        # U1): public facts, shown for both sides.
        due = upkeep(module, view, side)
        text.append_text(side_text(module, side))
        # what the markers bring at the next Revenue phase, as the upkeep
        # line reckons it (play-test: "+5", last turn's, beside "revenue 0")
        text.append(f" ${view.banks[side]} (+{due.revenue})\n")
        text.append(f"  hand {view.hand_sizes[side]} · pile {view.pile_sizes[side]}"
                    f" · ")
        # play-test: "on map 6 of 5" was not understood; the help explains
        # "units 6/5", which fits the panel where "limit" did not
        text.append(f"units {due.units}/{due.limit}",
                    style="bold red" if due.over else "")
        text.append("\n")
        text.append_text(_side_notes(module, view, side, due))
    # docs/rules.md G10: with a deck per side, each side's deck and discard pile
    piles = [(view.deck_size, view.discard, "")] if not view.decks else [
        (view.decks[side], view.discards[side], f"{module.sides[side].short}: ")
        for side in (0, 1)]
    for i, (size, discard, whose) in enumerate(piles):
        text.append(("\n" if i else "") + f"{whose}Deck {size}  Discard {len(discard)}")
        if discard:
            text.append(f" (top: {module.cards[discard[-1]].name})", style="dim")
    return text
