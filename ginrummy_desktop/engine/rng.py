"""A small random generator whose output is the same on every Python version and platform.

``random.Random`` is stable in practice but its ``shuffle`` and ``randrange`` algorithms are not
promised across versions. Recorded seeds must replay the same deals forever, so the engine uses
its own generator: SplitMix64 (Steele, Lea & Flood, 2014), unbiased bounded integers by
rejection, and a textbook Fisher-Yates shuffle. Changing any of this breaks old seeds.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class StableRandom:
    """Deterministic generator from a non-negative integer seed (or OS entropy when None)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = secrets.randbits(64)
        if not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
        self._state = seed & _MASK64

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; rejection keeps it unbiased."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place: for i from the end, swap with a uniform j <= i."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> StableRandom:
        """An independent child generator (used to give each hand or bot its own stream)."""
        return StableRandom(self.next_u64())


def systematic_resample(
    items: Sequence[T], weights: Sequence[float], count: int, rng: StableRandom
) -> list[T]:
    """``count`` of ``items`` drawn by weight with one random number (systematic resampling):
    each appears about ``count`` x its share of the total weight times, in the given order.
    The bots turn many weighted guesses about hidden cards into a few equally weighted ones."""
    if count < 1 or not items or len(items) != len(weights):
        raise ValueError("resampling needs items, one weight each, and a positive count")
    step = sum(weights) / count
    position = rng.random() * step
    picked: list[T] = []
    reached = 0.0
    index = 0
    for _ in range(count):
        while index < len(items) - 1 and reached + weights[index] < position:
            reached += weights[index]
            index += 1
        picked.append(items[index])
        position += step
    return picked


def entropy_seed() -> int:
    """A fresh 64-bit seed from the operating system, for games a person plays."""
    return secrets.randbits(64)
