"""What happens at the tables, told to whoever subscribed (the lobby now, tournaments later), so
no one has to reach into the table service to find out.

Events are published on the event loop after the change is made; a subscriber is called at once,
in the order of subscription, and must not block. A subscriber that fails is logged and skipped:
the tables never stop because a listener broke.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger("ginrummy.events")


@dataclass(frozen=True)
class TableOpened:
    """A new table waits for a guest."""

    table: str
    game: str
    host: str


@dataclass(frozen=True)
class TableClosed:
    """An open table was left by its host before anyone sat down."""

    table: str
    game: str


@dataclass(frozen=True)
class PlayerSeated:
    """The second seat was taken and the match dealt (the table is no longer open)."""

    table: str
    game: str
    player: str
    seat: int


@dataclass(frozen=True)
class TableChanged:
    """A playing table's version moved without a move (a player went away or came back)."""

    table: str
    game: str
    seq: int


@dataclass(frozen=True)
class MatchEnded:
    """A match is over and stored; ``ratings`` holds the new ratings of a rated match."""

    table: str
    game: str
    players: tuple[str | None, ...]
    winners: tuple[int, ...]
    reason: str
    ratings: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerGone:
    """The last session of an account ended."""

    user: str


TableEvent = TableOpened | TableClosed | PlayerSeated | TableChanged | MatchEnded | PlayerGone
E = TypeVar("E", TableOpened, TableClosed, PlayerSeated, TableChanged, MatchEnded, PlayerGone)


class EventBus:
    """Publish/subscribe by event type."""

    def __init__(self) -> None:
        self._handlers: dict[type, list[Callable[[Any], None]]] = {}

    def subscribe(self, kind: type[E], handler: Callable[[E], None]) -> None:
        self._handlers.setdefault(kind, []).append(handler)

    def publish(self, event: TableEvent) -> None:
        for handler in list(self._handlers.get(type(event), ())):
            try:
                handler(event)
            except Exception:  # noqa: BLE001 - a broken subscriber must not stop the tables
                log.exception("a subscriber to %s failed", type(event).__name__)
