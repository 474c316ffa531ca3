"""The side panel's scrolling part (the battle, the recap, a territory's
details), which says when some of it is out of sight below: play-test 16, at
140x42, read a battle panel cut off after its own stack and a territory's
list cut off by a hand of 12 cards, with nothing to say there was more."""

from __future__ import annotations

from textual import events
from textual.containers import VerticalScroll
from textual.reactive import reactive

# On the line under it (the status panel's top border): the panel is reached
# with Tab from the choices (the focus goes round the map, the choices, this
# panel, the hand and the log) and scrolled with the arrows, or with the mouse
# wheel. (Play-test 17: "more above" beside a down arrow read as its opposite.)
MORE_BELOW = "▼ more: Tab to the panel, then ↓"


class SideScroll(VerticalScroll):
    # focused, its scroll bar takes the colour of a focused panel's border
    # (play-test 17: nothing showed it had the keys); an edge of its own would
    # cost the panel's text a column
    DEFAULT_CSS = """
    SideScroll:focus { scrollbar-color: $accent; scrollbar-color-hover: $accent; }
    """

    # whether some of the panel is out of sight below (the screen watches it)
    below = reactive(False)

    def on_mount(self) -> None:
        self.watch(self, "scroll_y", self._check, init=False)
        self.watch(self, "virtual_size", self._check, init=False)

    def on_resize(self, event: events.Resize) -> None:
        self._check()

    def _check(self, *_: object) -> None:
        self.below = self.max_scroll_y - self.scroll_y >= 1
