"""Replaying a saved match's hand records in order: the one loop both games' restore checks use."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol


class HandChain(Protocol):
    """A game's running match built from its hand records (``GinMatchChain``,
    ``CribbageMatchChain``): ``add`` raises ``ValueError`` when a hand does not follow."""

    def add(self, record: dict[str, Any]) -> Any: ...


def replay_hands(records: Iterable[Any], chain: HandChain,
                 replay_record: Callable[[dict[str, Any]], Any]) -> None:
    """Replay each record alone, then add it to ``chain``; ``ValueError`` naming the first hand
    (counted from 1) that is not a record, does not replay or does not follow the ones before."""
    for number, record in enumerate(records, start=1):
        if type(record) is not dict:
            raise ValueError(f"hand {number} is not a hand record")
        try:
            replay_record(record)
            chain.add(record)
        except ValueError as error:
            raise ValueError(f"hand {number} does not replay: {error}") from None
