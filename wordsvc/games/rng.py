"""The games' seeded random generator, kept inside the state as (seed, counter).

Each draw is SplitMix64 of ``seed + counter``, so a state holds two integers instead of a
generator's internals, serialises as JSON, and the same seed and actions give the same game on
any machine. No global ``random``, time or environment is involved.
"""

from __future__ import annotations

from collections.abc import MutableMapping, MutableSequence
from typing import TypeVar

from wordsvc.games.contract import RuleError

MASK = (1 << 64) - 1
T = TypeVar("T")


def _splitmix64(value: int) -> int:
    value = (value + 0x9E3779B97F4A7C15) & MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & MASK
    return value ^ (value >> 31)


def next_u64(rng: MutableMapping[str, int]) -> int:
    """The next 64-bit draw of ``rng`` (``{"seed": s, "counter": n}``), advancing it."""
    value = _splitmix64((rng["seed"] * 0x9E3779B97F4A7C15 + rng["counter"]) & MASK)
    rng["counter"] += 1
    return value


def below(rng: MutableMapping[str, int], n: int) -> int:
    """A uniform integer in ``0..n-1`` (rejection sampling, so no modulo bias)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = MASK - (MASK + 1) % n
    while True:
        value = next_u64(rng)
        if value <= limit:
            return value % n


def shuffle(rng: MutableMapping[str, int], items: MutableSequence[T]) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def new_rng(seed: int) -> dict[str, int]:
    """A generator for a new game. ``seed`` is a whole number (never a bool, a float or None),
    else :class:`RuleError` ``invalid_seed``: every engine's ``new`` starts here."""
    if type(seed) is not int:
        raise RuleError("invalid_seed", "A game's seed is a whole number.", {"seed": repr(seed)})
    return {"seed": seed & MASK, "counter": 0}
