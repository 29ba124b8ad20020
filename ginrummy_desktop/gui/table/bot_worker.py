"""Run computer-player decisions off the UI thread.

A bot may think for half a second; doing that on the UI thread would freeze the window. Each
request runs on Qt's global thread pool and its result comes back through a queued signal, with
a ticket so a result that arrives after the game moved on (undo, new match) is ignored.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Relay(QObject):
    done = Signal(int, object, str)  # ticket, result, error text ("" when fine)


class _Job(QRunnable):
    def __init__(self, ticket: int, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self._ticket = ticket
        self._work = work
        self._relay = relay
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self._work()
        except Exception as error:  # a broken bot must not take the app down
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            self._relay.done.emit(self._ticket, None, detail or "error")
            return
        self._relay.done.emit(self._ticket, result, "")


class BotWorker(QObject):
    """Submits work to a thread; ``finished(ticket, result, error)`` arrives on the UI thread."""

    finished = Signal(int, object, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._relay = _Relay()
        self._relay.done.connect(self._deliver)
        self._ticket = 0
        self._pending: set[int] = set()

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def submit(self, work: Callable[[], Any]) -> int:
        self._ticket += 1
        self._pending.add(self._ticket)
        QThreadPool.globalInstance().start(_Job(self._ticket, work, self._relay))
        return self._ticket

    def cancel_all(self) -> None:
        """Forget every pending request: their results will be dropped."""
        self._pending.clear()

    def _deliver(self, ticket: int, result: object, error: str) -> None:
        if ticket in self._pending:
            self._pending.discard(ticket)
            self.finished.emit(ticket, result, error)

    @staticmethod
    def wait_all(msecs: int = 5000) -> bool:
        """Block until the pool is idle (for shutdown and tests)."""
        return QThreadPool.globalInstance().waitForDone(msecs)
