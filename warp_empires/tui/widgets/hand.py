"""The viewing side's hand. A card that a legal action can use now is marked
and selectable (Enter or click); the rest are listed greyed. While cards are
being picked for discarding, each card shows whether it is picked."""

from __future__ import annotations

from rich.markup import escape
from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from warp_empires.module.defs import Module


class HandList(OptionList):
    DEFAULT_CSS = """
    HandList { height: auto; max-height: 60%; border: round $primary 50%; padding: 0; }
    /* one line a card: OptionList wraps a Text's no_wrap away (play-test at 80x24:
       "move" alone on a second line) */
    HandList { text-wrap: nowrap; text-overflow: ellipsis; }
    HandList:focus { border: heavy $primary; }
    """

    class CardChosen(Message):
        """The card in row `index` of the hand (of kind `kind`) was chosen."""

        def __init__(self, index: int, kind: int) -> None:
            self.index = index
            self.kind = kind
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._kinds: list[int] = []
        self._shown: tuple = ()

    def show(
        self, module: Module, hand: list[int], marks: list[str | None],
        enemy_hand: list[int] | None = None, title: str = "Hand", enemy_note: str = "open",
        side: int | None = None,
    ) -> None:
        """`marks[i]`: what choosing row i of the hand does now ("[play]",
        "[x] discard" for a card picked to discard), or None when no legal
        action can use that card."""
        marks = marks + [None] * (len(hand) - len(marks))
        key = (tuple(hand), tuple(marks), tuple(enemy_hand or ()), title, enemy_note)
        if key == self._shown:
            return
        self._shown = key
        # a side's name, not markup; a shared screen's note has no count
        self.border_title = escape(title if not hand and "hidden" in title
                                   else f"{title} ({len(hand)})")
        options: list[Option] = []
        self._kinds = []
        for i, kind in enumerate(hand):
            card = module.cards[kind]
            verb = marks[i]
            # One line each, what choosing it does first: a row wider than the
            # panel ends in "…" rather than wrapping its mark in two (play-test).
            text = Text(no_wrap=True, overflow="ellipsis")
            text.append("▶ " if verb else "  ", style="bold")
            if verb:
                text.append(f"{verb} ", style="italic")
            text.append(card.name, style="bold" if verb else "")
            text.append(f"  {card.timing}", style="dim")
            if card.side is not None and card.side != side:
                # RULINGS M6: a card of the other side can only be discarded; on
                # one's own such cards the note only pushed the row past the panel
                text.append(f"  {module.sides[card.side].short} only", style="dim italic")
            options.append(Option(text, id=f"card-{i}", disabled=verb is None))
            self._kinds.append(kind)
        if not hand:
            # a shared screen hides the hands: not the same as holding none (play-test)
            shown = "not shown while both may watch" if "hidden" in title else "no cards"
            options.append(Option(Text(shown, style="dim"), disabled=True))
        if enemy_hand is not None:
            # a line a card, as the own hand's (play-test 17: one line of them
            # all was cut off after the first name at the panel's edge)
            head = f"Enemy hand ({enemy_note}):" + ("" if enemy_hand else " no cards")
            options.append(Option(Text(head, style="italic"), disabled=True))
            options.extend(Option(Text(f"  {module.cards[k].name}", style="italic"),
                                  disabled=True) for k in enemy_hand)
        highlighted = self.highlighted
        self.set_options(options)
        if highlighted is not None and highlighted < len(options):
            self.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if option_id.startswith("card-"):
            index = int(option_id[5:])
            self.post_message(self.CardChosen(index, self._kinds[index]))

    # The highlight skips greyed rows, so the rows past the last card that can
    # be chosen (cards not playable now, a spied enemy hand) are reached by
    # scrolling: Down, PageDown and End scroll on once the highlight can go no
    # further (play-test at 80x24: the bottom of the panel was out of reach).
    def _last_enabled(self) -> int:
        return max((i for i in range(self.option_count)
                    if not self.get_option_at_index(i).disabled), default=-1)

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self._last_enabled():
            super().action_cursor_down()
        else:
            self.scroll_down(animate=False, immediate=True)

    def action_page_down(self) -> None:
        if self.highlighted is None or self.highlighted < self._last_enabled():
            super().action_page_down()
        else:
            self.scroll_page_down(animate=False, immediate=True)

    def action_last(self) -> None:
        super().action_last()
        self.scroll_end(animate=False, immediate=True)
