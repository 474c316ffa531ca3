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
def asyncio_logger() -> Iterator[None]:
    """asyncio's logger as it was before the test (ops.log_to routes it into
    the JSON log of the test's stream)."""
    aio = logging.getLogger("asyncio")
    saved = (list(aio.handlers), list(aio.filters), aio.propagate)
    yield
    aio.handlers[:], aio.filters[:], aio.propagate = saved
