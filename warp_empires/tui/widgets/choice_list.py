"""The pending decision's rows, numbered: Enter, a click or the number key
picks one. While a selection is open each item keeps its row, marked `[x]`
when picked, so the numbers never change while picking and unpicking."""

from __future__ import annotations

from rich.markup import escape
from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from warp_empires.present.rows import Choice

KEYS = "123456789"
MAX_ROWS_BY_NUMBER = 99  # with 10 or more rows a row is typed as one or two digits


def row_key(index: int, rows: int) -> str:
    """The number shown on row `index` of `rows`: two columns wide once a list
    needs two digits, so that the words line up."""
    if index >= MAX_ROWS_BY_NUMBER:
        return "  "
    return f"{index + 1:>2}" if rows >= 10 else f"{index + 1}"


def choice_text(key: str, choice: Choice, marks: bool = True) -> Text:
    """One row: its key, the picked mark of a selection item (unless not
    `marks`: a pick that confirms itself), the words."""
    text = Text.assemble((f"{key} ", "bold"))
    if choice.is_item and marks:
        # A mark as well as the style: picked is never told by colour alone.
        text.append("[x] " if choice.picked else "[ ] ", style="bold" if choice.picked else "")
    text.append(choice.label, style="bold" if choice.picked else "")
    if choice.territory is not None:
        text.append("  ◆map", style="dim")
    if not choice.enabled:
        text.stylize("dim")
    return text


class ChoiceList(OptionList):
    DEFAULT_CSS = """
    ChoiceList { height: 1fr; border: round $accent 50%; }
    /* the focused panel's border changes shape, not only shade (play-test:
       which panel had the keys showed only in the footer) */
    ChoiceList:focus { border: heavy $accent; }
    """

    class Picked(Message):
        """Row `index` was chosen (Enter on it, or a click)."""

        def __init__(self, choice: Choice, index: int) -> None:
            self.choice = choice
            self.index = index
            super().__init__()

    class UnhighlightedEnter(Message):
        """Enter with no row highlighted (the controller says what it means:
        a row number being typed settles, else nothing is chosen)."""

    class Previewed(Message):
        """The highlight moved onto a choice (the map shows its territory)."""

        def __init__(self, choice: Choice) -> None:
            self.choice = choice
            super().__init__()

    MAX_ROWS = MAX_ROWS_BY_NUMBER

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: list[Choice] = []
        self._shown: tuple | None = None
        self.border_title = "Choices"

    def show(self, choices: list[Choice], title: str = "Choices", note: str = "",
             keep_highlight: bool = False, highlight: bool = True,
             marks: bool = True) -> None:
        """`note`: a line under the choices (not a choice). `marks=False`: the
        items without their tick boxes (a pick that confirms itself). `keep_highlight`:
        the same decision goes on (a pick in a selection), so the highlighted
        row stays where the person left it instead of going back to the top.
        `highlight=False`: no row is highlighted until a key or a click moves
        to one, so a lone Enter takes nothing."""
        shown = (tuple(choices), title, note, marks)
        if shown == self._shown:
            return
        same_rows = self._shown is not None and self._shown[::2] == shown[::2] \
            and self._shown[3] == marks
        self._shown = shown
        if same_rows and (self.highlighted is not None or not highlight):
            # Only the title changed (a row number being typed): the rows stay
            # as they are, where the person paged or scrolled to, highlight and
            # all. Rebuilt, they went back to the top (play-test: `1` `4` after
            # PageDown seemed to tick only row 4, row 1 was out of sight).
            self.border_title = escape(title)
            return
        highlighted = self.highlighted
        self.choices = list(choices)
        self.border_title = escape(title)  # may quote a module's words
        options = []
        for i, choice in enumerate(choices):
            key = row_key(i, len(choices))
            options.append(Option(choice_text(key, choice, marks), id=f"choice-{i}",
                                  disabled=not choice.enabled))
        if not choices:
            options.append(Option(Text("nothing for you to decide now", style="dim"),
                                  disabled=True))
        if note:
            options.append(Option(Text(f"  {note}", style="dim italic"), disabled=True))
        self.set_options(options)
        start = highlighted if keep_highlight and highlighted is not None else 0
        # The row left highlighted, or the next one that can be chosen (a row
        # may have been dimmed by the pick just made), else the first one.
        usable = [i for i, c in enumerate(choices) if c.enabled]
        self.highlighted = next((i for i in usable if i >= start), usable[0] if usable else None)
        if not highlight and (not keep_highlight or highlighted is None):
            self.highlighted = None  # and stays so while the same decision is redrawn
        self.call_after_refresh(self._say_hidden)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._say_hidden()

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_hidden)

    def _say_hidden(self) -> None:
        """How many rows are out of sight, on the lower border (play-test: at
        120x40 rows 8-12 of a discard were never seen)."""
        below = max(0, round(self.max_scroll_y - self.scroll_y))
        above = max(0, round(self.scroll_y))
        parts = ([f"↑ {above} more"] if above else []) + ([f"↓ {below} more"] if below else [])
        # and the key that shows them, from anywhere (play-test: "I found no
        # key that scrolls it" with the map focused)
        self.border_subtitle = "  ".join(parts) + (" (PgUp/PgDn)" if parts else "")

    def action_select(self) -> None:
        if self.highlighted is None:
            self.post_message(self.UnhighlightedEnter())
            return
        super().action_select()

    def pick(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.post_message(self.Picked(self.choices[index], index))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.pick(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.choices):
            self.post_message(self.Previewed(self.choices[event.option_index]))
