"""A small seeded generator whose whole state is one int kept in the game state.

SplitMix64: tiny, fast in pure Python, and its state serialises as a single
unsigned 64-bit integer, so the same seed and actions give the same game byte
for byte, across machines and Python versions (unlike `random`).
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & MASK


def next_u64(state: int) -> tuple[int, int]:
    """Returns (new_state, value)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A value in range(n); the modulo bias over 64 bits is far below anything a game shows."""
    state, value = next_u64(state)
    return state, value % n
