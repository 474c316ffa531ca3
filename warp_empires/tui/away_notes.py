"""The notes a joined seat shows when an opponent's connection goes or comes
back: one for a change that lasts, none for an opponent that flaps.

Issue 38's sixth attack: an opponent took its seat over and left again,
about 170 times a second, and the victim's app drew a "left" or "is back"
note for each (its browser tab's process: 8 CPU-s in 17 s). The server now
tells the seats at most once a second (net/presence.py); the app notes a
change once it has held for NOTE_AFTER seconds, so a state that keeps
changing is never noted, and the top line says the latest one meanwhile.
"""

from __future__ import annotations

from typing import Any

NOTE_AFTER = 2.0  # seconds a change of who is connected holds before it is noted


class AwayNotes:
    """What the app (`notify`, `set_timer`: a Textual App's) was last told of
    the sides without a connection, and the change waiting to be."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.noted: list[str] | None = None  # None: before the first presence frame
        self.away: list[str] = []
        self._timer: Any = None

    def told(self, away: list[str]) -> None:
        """A presence frame: `away`, the other sides without a connection."""
        self.away = away
        if self.noted is None:  # the first frame: an opponent not yet here never left
            self.noted = away
            return
        if self._timer is not None:  # it changed again: the wait starts over
            self._timer.stop()
        self._timer = self.app.set_timer(NOTE_AFTER, self.note)

    def note(self) -> None:
        """Notes the change that held (none if it came back as it was)."""
        self._timer = None
        for who in sorted(set(self.away) ^ set(self.noted or ())):
            self.app.notify(f"{who} left: their moves wait for them" if who in self.away
                            else f"{who} is back", timeout=4, markup=False)
        self.noted = self.away
