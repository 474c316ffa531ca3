"""A player's own weights file that is not one (issue 40, bots/weights.py):
the New Game start says so in a dialog, in the file's own line, instead of
crashing the app."""

from __future__ import annotations

from textual.widgets import Static

from tests.tui.helpers import game_app
from warp_empires.module import load_module
from warp_empires.tui.config import GameSettings
from warp_empires.tui.dialogs.ask import MessageDialog


async def test_a_bad_own_weights_file_is_told_in_a_dialog(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from warp_empires.bots.weights import user_weights_path

    own = user_weights_path(load_module("star_wars"))
    own.parent.mkdir(parents=True)
    own.write_text('{"format": 1, "weights": {"force": "[b]much[/b]"}}')
    settings = GameSettings(module="star_wars", players=("human", "bot:normal"), seed=7)
    async with game_app(tmp_path, settings=settings).run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, MessageDialog)
        text = str(dialog.query_one("#question", Static).render())
        assert "Cannot start the game" in text and "weights.force: must be a number" in text
        assert "[b]much[/b]" in text  # the file's text is shown, never read as markup
