"""Gives the heap's free memory back to the system after a flood.

A churn of TLS handshakes (issue 38's sixth attack: 1,500 a second from 300
addresses) took the server from 35 to 135-188 MB, and it stayed there after
the churn ended: asyncio's TLS buffers were freed, but glibc keeps a freed
heap for reuse. `give_back` asks it to return what is free (malloc_trim);
elsewhere (another C library, another system) it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable
from functools import cache


@cache
def _trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None


def give_back() -> bool:
    """Returns the heap's free pages to the system where the C library can;
    whether it could."""
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True
