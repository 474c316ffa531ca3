"""A seeded share of the controller's key fuzzer (tests/tui/keyfuzz.py):
every crash or inconsistent state is a failure. The full count is printed by
benchmarks/bench_keyfuzz.py."""

from __future__ import annotations

import pytest

from tests.tui.keyfuzz import MODES, fuzz


@pytest.mark.parametrize("mode", MODES)
def test_random_keys_never_crash_the_controller(star_wars, mode):
    result = fuzz(star_wars, mode, seed=11, keys=1500)
    assert result.crashes == []
    assert result.decisions > 20  # the keys made decisions, not only noise
