"""Ask for a join link (Title screen: Join with a link)."""

from __future__ import annotations

from textual.widgets import Input

from warp_empires.net.links import BadLink, Link, parse_link
from warp_empires.tui.dialogs.one_field import OneFieldDialog


class LinkDialog(OneFieldDialog[Link]):
    """Dismisses with the join link typed or pasted, checked, or None on Escape."""

    ASK = "The join link the host gave you (ws://...#game=...&side=...&token=...):"
    BUTTON = "Join"

    def field(self) -> Input:
        return Input(placeholder="paste the link here", id="link")

    def answer(self, text: str) -> Link | None:
        try:
            return parse_link(text)
        except BadLink as e:
            self.problem(str(e))
            return None
