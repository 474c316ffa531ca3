"""What the engine works out from a module once, kept for as long as that
module lives and no longer.

A long-running server loads a module for each game it creates or resumes:
a cache that held its modules (or anything made from them) by their id
grew by a module a game (issue 38's soak: 3.9 MB per 100 finished games).
A `PerModule` holds its values under a weak reference to their module, so
they go when the module goes, before its id can be reused.
"""

from __future__ import annotations

import weakref
from typing import Any, Generic, TypeVar

from warp_empires.module.defs import Module

V = TypeVar("V")


class PerModule(Generic[V]):
    """A table of values per module: `of(module)` is that module's own."""

    def __init__(self) -> None:
        self._tables: dict[int, tuple[weakref.ref[Module], dict[Any, V]]] = {}

    def of(self, module: Module) -> dict[Any, V]:
        key = id(module)
        hit = self._tables.get(key)
        if hit is not None and hit[0]() is module:
            return hit[1]
        own: dict[Any, V] = {}
        tables = self._tables
        # dropped when the module goes (before its id can be reused)
        tables[key] = (weakref.ref(module, lambda _: tables.pop(key, None)), own)
        return own

    def __len__(self) -> int:
        """How many modules it holds values for."""
        return len(self._tables)
