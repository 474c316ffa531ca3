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

import inspect
from typing import Literal

from textual import work
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
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


# Textual 8.2.8, `CommandPalette._gather_commands`: the worker that fills the
# palette's list looks the list up when it starts. The app's key fuzzer
# (tests/tui/appfuzz.py) opened and closed the palette in one burst of keys
# (Ctrl+P, then Escape): the worker started after the palette had taken its
# widgets down, and `NoMatches: CommandList` failed the worker and the app.
# A palette whose list is gone is closing: there is nothing to fill.
_textual_gather = inspect.unwrap(CommandPalette._gather_commands)  # the undecorated method


@work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
async def _gather_commands(self: CommandPalette, search_value: str) -> None:
    if not self.query(CommandList):
        return
    try:
        await _textual_gather(self, search_value)
    except NoMatches:
        if self.query(CommandList):
            raise  # not the palette closing: Textual's own failure, as it was


CommandPalette._gather_commands = _gather_commands  # type: ignore[method-assign]


# Textual 8.2.8, `_ansi_sequences.ANSI_SEQUENCES_KEYS`: Escape followed at
# once by a digit, `-` or `=` (WezTerm on macOS sends those for Option and a
# key of the number row) is read as one character such as `¡` or `™`. Here
# Escape then a digit is a common burst (close a dialog, take row 1): the
# play-test's `Ctrl+S Escape 1` left the save dialog open with `¡` in its name
# and row 1 unticked. Without these entries the parser reads `alt+1`, which
# the app takes as Escape, then 1 (tui/key_order.py). No key of ours is such
# a character, and one typed as itself (a Spanish `¡`) is not affected: only
# the escape sequences go.
#
# The same for Escape then `b` or `f` (read as Ctrl+Left and Ctrl+Right, the
# word moves some macOS terminals send for Option and an arrow; a real Ctrl
# and an arrow is a longer sequence, unaffected): `Escape b` lost both keys
# in the second play-test.
ESCAPED_LETTERS = ("\x1bb", "\x1bf")


def _drop_option_digits() -> None:
    from textual._ansi_sequences import ANSI_SEQUENCES_KEYS

    for sequence in [s for s, v in ANSI_SEQUENCES_KEYS.items()
                     if len(s) == 2 and s[0] == "\x1b"
                     and (isinstance(v, str) or s in ESCAPED_LETTERS)]:
        del ANSI_SEQUENCES_KEYS[sequence]  # type: ignore[attr-defined]


_drop_option_digits()
