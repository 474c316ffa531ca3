"""A seeded share of the app's key fuzzer (tests/tui/appfuzz.py), in each mode
and at both sizes: any exception in the app is a failure. The full count is
printed by benchmarks/bench_keyfuzz.py."""

from __future__ import annotations

import pytest

from tests.tui.appfuzz import SIZES, app_fuzz
from tests.tui.keyfuzz import MODES


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mode", MODES)
async def test_random_key_bursts_never_crash_the_app(star_wars, mode, size):
    result = await app_fuzz(star_wars, mode, size, seed=5, keys=16)  # CI's budget
    assert result.crashes == []
    assert result.keys >= 16
