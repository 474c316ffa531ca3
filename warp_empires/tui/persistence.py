"""Saving and loading through warp_empires.saves, in the TUI's terms: a
session in, a session out, and a one-line reason when it fails."""

from __future__ import annotations

from pathlib import Path

from warp_empires import saves
from warp_empires.saves import SaveError
from warp_empires.tui.players import HUMAN
from warp_empires.tui.session import Session


def _player_names(session: Session) -> tuple[str, str]:
    return session.players


def save(session: Session, name: str, directory: str | None = None) -> Path:
    return saves.save_game(session.game, name, directory=directory,
                           players=_player_names(session))


def autosave(session: Session, directory: str | None = None) -> Path:
    return saves.autosave(session.game, directory, players=_player_names(session))


def load(path: Path, max_turns: int | None = None) -> Session:
    """A session for a saved game; SaveError says in one line why not."""
    loaded = saves.load_game(path)
    game = loaded.game
    players = tuple(loaded.players) if getattr(loaded, "players", None) else (HUMAN, HUMAN)
    return Session(game, (players[0], players[1]), max_turns=max_turns)


__all__ = ["SaveError", "autosave", "load", "save"]
