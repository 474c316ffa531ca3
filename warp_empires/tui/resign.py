"""Resigning, asked first: the same in the app and in a joined game's app
(`warp-empires join`, which had no way to resign: play-test)."""

from __future__ import annotations

from typing import Any

from textual.app import App

from warp_empires.tui.dialogs.ask import AskDialog


class AskToResign(App[Any]):
    """App base: `action_resign` resigns for the side at this keyboard."""

    def game_session(self) -> Any:
        """The session of the game on screen, or None (each app says)."""
        return None

    def action_resign(self) -> None:
        from warp_empires.tui.screens.game import GameScreen

        session = self.game_session()
        screen = self.screen
        if session is None or session.over or not isinstance(screen, GameScreen):
            return
        side = screen.viewer
        if side is None or not session.is_human(side):
            return
        name = session.module.sides[side].the()

        def answer(choice: str | None) -> None:
            if choice == "resign":
                session.resign(side)
                screen.sync()

        # Cancel first, so a stray Enter keeps the game (play-test: Resign had the focus)
        self.push_screen(AskDialog(f"Resign the game for {name}?",
                                   [("cancel", "Cancel"), ("resign", "Resign")]), answer)
