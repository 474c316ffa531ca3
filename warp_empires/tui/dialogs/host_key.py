"""Ask for another server's host key (New Game on a server that creates games
for its host only, when no key for it is known here): asked once, then
remembered for that server (net/guard.py `remember_key`)."""

from __future__ import annotations

from textual.widgets import Input

from warp_empires.tui.dialogs.one_field import OneFieldDialog


class HostKeyDialog(OneFieldDialog[str]):
    """Dismisses with the key typed or pasted, or None on Escape."""

    BUTTON = "Host"

    def __init__(self, server: str, refused: bool) -> None:
        super().__init__()
        self.server, self.refused = server, refused

    def asking(self) -> str:
        return (f"{self.server} creates games for its host only. Its host key "
                "(host.key in the server's saves folder), remembered here for this server:")

    def field(self) -> Input:
        return Input(placeholder="paste the key here", password=True, id="key")

    def on_mount(self) -> None:
        if self.refused:
            self.problem("The server refused that key.")

    def answer(self, text: str) -> str | None:
        if not text.strip():
            self.problem("Type or paste the key first.")
            return None
        return text.strip()
