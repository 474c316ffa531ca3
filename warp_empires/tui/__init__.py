"""The terminal front end (Textual)."""

from __future__ import annotations

from warp_empires.tui.config import GameSettings, LaunchOptions


def run_app(launch: LaunchOptions | None = None, *, headless: bool = False) -> None:
    """Run the app until it exits; import Textual only when asked to."""
    from warp_empires.tui.app import WarpEmpiresApp

    WarpEmpiresApp(launch).run(headless=headless)


__all__ = ["GameSettings", "LaunchOptions", "run_app"]
