"""Messages for the user about their files, collected by the storage layer and shown once."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Notice:
    """One plain-words message. ``kind``: ``corrupt``, ``newer_version``, ``locked`` or ``io``."""

    kind: str
    message: str


@dataclass
class Notices:
    """A queue of notices; the app drains it with ``take()`` and shows each message once."""

    _pending: list[Notice] = field(default_factory=list)

    def add(self, kind: str, message: str) -> None:
        self._pending.append(Notice(kind, message))

    def take(self) -> list[Notice]:
        pending, self._pending = self._pending, []
        return pending

    def peek(self) -> list[Notice]:
        return list(self._pending)
