"""Per-account rate limits (token buckets): chat lines, table creation, quick-match requests."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """At most ``burst`` actions at once, refilled at ``per_minute`` a minute."""

    per_minute: float
    burst: int


class RateLimiter:
    """``allow(account, kind)`` is False when that account has used up its allowance."""

    def __init__(self, limits: dict[str, Limit], clock: Callable[[], float] = time.monotonic):
        self._limits = limits
        self._clock = clock
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}

    def allow(self, account: str, kind: str) -> bool:
        limit = self._limits.get(kind)
        if limit is None:
            return True
        now = self._clock()
        tokens, then = self._buckets.get((account, kind), (float(limit.burst), now))
        tokens = min(float(limit.burst), tokens + (now - then) * limit.per_minute / 60.0)
        if tokens < 1.0:
            self._buckets[(account, kind)] = (tokens, now)
            return False
        self._buckets[(account, kind)] = (tokens - 1.0, now)
        return True
