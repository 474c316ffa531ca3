"""The terminal front end (Textual)."""

from __future__ import annotations

from warp_empires.tui.config import GameSettings, LaunchOptions


def run_app(launch: LaunchOptions | None = None, *, headless: bool = False) -> None:
    """Run the app until it exits; import Textual only when asked to."""
    from warp_empires.tui.app import WarpEmpiresApp

    app = WarpEmpiresApp(launch)
    try:
        app.run(headless=headless)
    finally:
        app.autosaver.flush()  # the last autosave is on disk before the program ends


__all__ = ["GameSettings", "LaunchOptions", "run_app"]
