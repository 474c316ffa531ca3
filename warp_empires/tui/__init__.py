"""The terminal front end (Textual)."""

from __future__ import annotations

from warp_empires.tui.config import GameSettings, LaunchOptions


def run_app(launch: LaunchOptions | None = None, *, headless: bool = False) -> int:
    """Run the app until it exits; its exit status (1 after a crash, tui/crash.py).
    Imports Textual only when asked to."""
    from warp_empires.tui.app import WarpEmpiresApp

    app = WarpEmpiresApp(launch)
    try:
        app.run(headless=headless)
    finally:
        app.autosaver.flush()  # the last autosave is on disk before the program ends
    return app.return_code or 0


__all__ = ["GameSettings", "LaunchOptions", "run_app"]
