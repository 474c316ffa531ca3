"""One dismiss per screen, whatever arrives.

Keys typed in one burst (Ctrl+S, then Enter Enter Enter) all reach a dialog
before its first dismiss has taken it off the stack: each Enter submits again.
Textual's `Screen.dismiss` pops whatever screen is on top, so the second
dismiss took the game under the dialog off screen and the third raised
ScreenStackError; a result handed twice to a callback raised InvalidStateError
(its future already set). A screen that is no longer the top of the stack has
nothing left to answer, so its late dismisses are dropped: here, once for
every screen that dismisses, rather than a guard in each.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete


class DismissOnce:
    """Mixed into a Screen, before it among the bases: `dismiss` acts only
    while the screen is the one on top, which makes it act once."""

    is_active: bool  # Screen's: whether it is the top of the stack

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc]
