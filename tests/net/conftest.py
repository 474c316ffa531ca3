"""Fixtures of the network tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .support import ROME


@pytest.fixture
def rome(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Rome and Carthage test theme, found by its name as well (a client
    loads the module the server names, and so does a server resuming a game)."""
    monkeypatch.setenv("WARP_EMPIRES_MODULES", str(ROME.parent))
    return ROME
