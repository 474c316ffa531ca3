"""Fixtures of the network tests."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from .support import ROME


@pytest.fixture
def rome(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Rome and Carthage test theme, found by its name as well (a client
    loads the module the server names, and so does a server resuming a game)."""
    monkeypatch.setenv("WARP_EMPIRES_MODULES", str(ROME.parent))
    return ROME


@pytest.fixture(autouse=True)
def loggers() -> Iterator[None]:
    """The server's and asyncio's loggers as they were before the test
    (ops.log_to routes both into the JSON log of the test's stream; left in
    place, a later test's events went to a stream pytest had closed, and its
    stderr filled with "--- Logging error ---")."""
    saved = []
    for name in ("warp_empires", "asyncio"):
        log = logging.getLogger(name)
        saved.append((log, list(log.handlers), list(log.filters), log.propagate, log.level))
    yield
    for log, handlers, filters, propagate, level in saved:
        log.handlers[:], log.filters[:], log.propagate = handlers, filters, propagate
        log.setLevel(level)
