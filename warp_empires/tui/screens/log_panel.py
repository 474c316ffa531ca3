"""The game screen's log: events written as they come, anew after an undo or
a resize (RichLog wraps a line when it is written)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import RichLog

from warp_empires.engine import View
from warp_empires.tui.control_words import Note

# What a card did, told in a message too where the log is hidden (80x24):
# play-test, a spy card's result there seemed to be nothing at all.
_TOLD = frozenset({"spy", "destroy", "rescue"})

LOG_STYLE = {"turn": "bold reverse", "battle": "bold", "loss": "", "draw": "italic",
             "spy": "italic", "control": "", "recruit": "", "initiative": "bold"}


class LogPanel:
    """Needs from the screen: `_view` and Textual's `query_one`,
    `call_after_refresh`, `has_class` and `notify`."""

    @property
    def _view(self) -> View | None:  # the screen's: the view drawn
        raise NotImplementedError
    _log_seen = 0  # events of the view's log already written
    # Lines of the front end's own, written among the next events where each
    # came (Note.at): what was decided for a person (a forced decision,
    # RULINGS H9). Not kept in the game's log, so a log written anew (undo,
    # resize, another viewer) leaves them out, but for those marked `keep`.
    _notes: list[Note]
    _kept_notes: tuple[Note, ...] = ()

    def _rewrite_log(self) -> None:
        """The log written anew once the layout has settled: RichLog wraps a
        line when it is written, so after a resize the old lines kept the old
        width (play-test: a 60-column log in a 160-column window)."""
        self.query_one("#log", RichLog).clear()
        self._log_seen = 0
        self.call_after_refresh(lambda: self._append_log(self._view.log)
                                if self._view is not None else None)

    def _append_log(self, events: list[dict[str, Any]]) -> None:
        log = self.query_one("#log", RichLog)
        if len(events) < self._log_seen:
            # An undo took back logged events (RULINGS Z1): write the log anew.
            log.clear()
            self._log_seen = 0
        start = self._log_seen
        # only news is told in a message, not a log written anew (a hand-over,
        # an undo, a resize): play-test, past 300 events every hand-over told
        # the spy findings of turns long gone again, as if they were fresh
        news = start > 0
        if len(events) - start > 300:
            start = len(events) - 300
        hidden = self.has_class("-tiny") and not self.has_class("-log-shown")
        self._kept_notes += tuple(n for n in self._notes if n.keep)
        # a log written anew: the kept notes again, where their events still are
        again = [n for n in self._kept_notes if n.at is None or n.at <= len(events)] \
            if start == 0 else []
        fresh = [n for n in self._notes if not (start == 0 and n.keep)]
        notes = sorted(again + fresh, key=lambda n: len(events) if n.at is None else n.at)
        self._notes.clear()
        for i in range(start, len(events)):
            while notes and notes[0].at is not None and notes[0].at <= i:
                log.write(Text(notes.pop(0).text, style="italic"))
            event = events[i]
            log.write(Text(event["text"], style=LOG_STYLE.get(event.get("kind", ""), "")))
            if hidden and news and event.get("kind") in _TOLD:
                self.notify(event["text"], timeout=8, markup=False)
        self._log_seen = len(events)
        for note in notes:
            log.write(Text(note.text, style="italic"))
