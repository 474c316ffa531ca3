"""The heap's free memory given back after a flood (net/memory.py): a TLS
churn took the server from 35 to 146 MB and it stayed there; the minute's
sweep now gives it back (76 MB a minute after)."""

from __future__ import annotations

import asyncio
import ctypes.util

import pytest

from warp_empires.net import listen
from warp_empires.net.memory import give_back


class _Server:
    def __init__(self) -> None:
        self.swept = 0

    def sweep(self) -> None:
        self.swept += 1

    def prune(self) -> None:
        pass


def test_the_minutes_sweep_gives_the_heaps_free_memory_back(monkeypatch) -> None:  # noqa: ANN001
    given: list[bool] = []
    slept: list[float] = []

    async def sleep(seconds: float) -> None:  # the test's clock: no real wait
        slept.append(seconds)
        if len(slept) > 2:
            raise asyncio.CancelledError

    monkeypatch.setattr(listen.asyncio, "sleep", sleep)
    monkeypatch.setattr(listen, "give_back", lambda: given.append(True) or True)
    server = _Server()
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(listen._sweep_often(server))  # type: ignore[arg-type]
    assert slept == [60, 60, 60] and server.swept == 2 and given == [True, True]


@pytest.mark.skipif(ctypes.util.find_library("c") is None, reason="no C library found")
def test_give_back_works_where_the_c_library_has_malloc_trim() -> None:
    has_trim = hasattr(ctypes.CDLL(ctypes.util.find_library("c")), "malloc_trim")
    assert give_back() is has_trim
