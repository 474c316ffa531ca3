"""Guards around bugs of Textual itself, applied when this module is imported
(by both apps: tui/app.py and tui/remote.py). Each names the Textual version
it was found in: on a Textual upgrade (pyproject pins it), check whether it
is still needed.

Textual 8.2.8, `OptionList._move_page` (PageUp, PageDown): it looks up the
line of the highlighted option, but an option list builds its lines only once
it has a size. Ctrl+P and PageUp in one burst reached the command palette's
list after its options and highlight were set and before it was first laid
out: `KeyError: 0`, four times of four (play-test), on the title screen and in
a game. 8.2.8 is the latest release, and Textual's main branch has the same
`_move_page` (its own `scroll_to_highlight` catches this KeyError). Here, a
page key that arrives before the list has a size takes effect once it has one
(the next refresh), or, if it still has none, does nothing: there is no page
to move by. Every option list gets it (the palette's, the menus', a Select's).
"""

from __future__ import annotations

from typing import Literal

from textual.widgets import OptionList

Direction = Literal[-1, 1]

_textual_move_page = OptionList._move_page


def _move_page(self: OptionList, direction: Direction) -> None:
    if self.scrollable_content_region:
        _textual_move_page(self, direction)
    else:
        self.call_after_refresh(_move_page_if_laid_out, self, direction)


def _move_page_if_laid_out(option_list: OptionList, direction: Direction) -> None:
    if option_list.scrollable_content_region and option_list.is_mounted:
        _textual_move_page(option_list, direction)


OptionList._move_page = _move_page  # type: ignore[method-assign]
