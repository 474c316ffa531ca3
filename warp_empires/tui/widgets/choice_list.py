"""The pending decision's legal actions, numbered: Enter, a click or the
number key picks one."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from warp_empires.tui.session import Choice

KEYS = "123456789"


class ChoiceList(OptionList):
    DEFAULT_CSS = """
    ChoiceList { height: 1fr; border: round $accent 50%; }
    ChoiceList:focus { border: round $accent; }
    """

    class Picked(Message):
        def __init__(self, choice: Choice) -> None:
            self.choice = choice
            super().__init__()

    class Previewed(Message):
        """The highlight moved onto a choice (the map shows its territory)."""

        def __init__(self, choice: Choice) -> None:
            self.choice = choice
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: list[Choice] = []
        self._shown: list | None = None
        self._note = ""
        self.border_title = "Choices"

    def show(self, choices: list[Choice], title: str = "Choices", note: str = "") -> None:
        """`note`: a line under the choices (not a choice) for what the list leaves out."""
        if ([c.action for c in choices], title, note) == (self._shown, self.border_title,
                                                          self._note):
            return
        self._shown = [c.action for c in choices]
        self._note = note
        self.choices = list(choices)
        self.border_title = title
        options = []
        for i, choice in enumerate(choices):
            key = KEYS[i] if i < len(KEYS) else " "
            label = Text.assemble((f"{key} ", "bold"), choice.label)
            if choice.territory is not None:
                label.append("  ◆map", style="dim")
            options.append(Option(label, id=f"choice-{i}"))
        if not choices:
            options.append(Option(Text("nothing for you to decide now", style="dim"),
                                  disabled=True))
        if note:
            options.append(Option(Text(f"  {note}", style="dim italic"), disabled=True))
        self.set_options(options)
        if choices:
            self.highlighted = 0

    def pick(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.post_message(self.Picked(self.choices[index]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.pick(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.choices):
            self.post_message(self.Previewed(self.choices[event.option_index]))
