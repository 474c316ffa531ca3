"""Saving and loading through warp_empires.saves, in the TUI's terms: a
session in, a session out, and a one-line reason (SaveError) when it fails."""

from __future__ import annotations

from pathlib import Path

from warp_empires.saves import SaveError, read_save
from warp_empires.saves.game import autosave as autosave_game
from warp_empires.saves.game import load_game, save_game
from warp_empires.tui.players import HUMAN, is_known
from warp_empires.tui.session import Session


def save(session: Session, name: str, directory: str | None = None) -> Path:
    return save_game(session.game, name, dir=directory, players=session.players)


def autosave(session: Session, directory: str | None = None) -> Path:
    return autosave_game(session.game, directory, players=session.players)


def load(path: Path, max_turns: int | None = None) -> Session:
    """A session for a saved game, with the players it was saved with."""
    game = load_game(path)
    # A player kind this program does not know (a newer bot) falls back to a person.
    kinds = [s.player if is_known(s.player) else HUMAN for s in read_save(path).meta.sides]
    return Session(game, (kinds[0], kinds[1]), max_turns=max_turns)


__all__ = ["SaveError", "autosave", "load", "save"]
