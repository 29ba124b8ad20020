"""Storage calls off the GUI thread: one storage thread, results back on the GUI thread.

SQLite may wait up to its busy timeout when another process holds the database; on the GUI
thread that froze painting. ``StorageJobs`` runs each call on a thread pool of exactly one
thread, so the one database connection is never used by two threads at once (reads of the
Statistics window and writes of finished matches queue behind each other), and hands each
result to a callback on the GUI thread through a queued signal.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal


class _Relay(QObject):
    done = Signal(int, object, str)  # ticket, result, error text ("" when it worked)


class _Job(QRunnable):
    def __init__(self, ticket: int, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self._ticket, self._work, self._relay = ticket, work, relay
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self._work()
        except Exception as error:  # noqa: BLE001 - reported to the caller, never lost
            text = "".join(traceback.format_exception_only(type(error), error)).strip()
            self._relay.done.emit(self._ticket, None, text or type(error).__name__)
            return
        self._relay.done.emit(self._ticket, result, "")


class StorageJobs(QObject):
    """``submit(work, done, failed)`` runs ``work()`` on the storage thread, then ``done(result)``
    or ``failed(message)`` on the GUI thread. With a ``key``, a newer job of the same key makes
    the older one's result stale: it is dropped (the figures of a filter no longer chosen).
    ``changed`` is emitted after each job submitted with ``writes=True`` has finished."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one thread: the connection is never shared at once
        self._relay = _Relay()  # no parent: running jobs keep it alive, whatever happens here
        self._relay.done.connect(self._deliver)
        self._ticket = 0
        self._waiting: dict[int, tuple[Callable[[Any], None] | None,
                                       Callable[[str], None] | None, bool]] = {}
        self._latest: dict[str, int] = {}

    @property
    def pending(self) -> int:
        """Jobs submitted whose result has not been delivered yet."""
        return len(self._waiting)

    def submit(self, work: Callable[[], Any], done: Callable[[Any], None] | None = None,
               failed: Callable[[str], None] | None = None, *, key: str | None = None,
               writes: bool = False) -> int:
        self._ticket += 1
        ticket = self._ticket
        if key is not None:
            self._latest[key] = ticket
        self._waiting[ticket] = (
            done if key is None else self._if_latest(key, ticket, done),
            failed if key is None else self._if_latest(key, ticket, failed), writes)
        self._pool.start(_Job(ticket, work, self._relay))
        return ticket

    def _if_latest(self, key: str, ticket: int, call: Callable[[Any], None] | None
                   ) -> Callable[[Any], None] | None:
        if call is None:
            return None

        def deliver(value: Any) -> None:
            if self._latest.get(key) == ticket:
                call(value)
        return deliver

    def _deliver(self, ticket: int, result: object, error: str) -> None:
        done, failed, writes = self._waiting.pop(ticket, (None, None, False))
        if error:
            if failed is not None:
                failed(error)
        elif done is not None:
            done(result)
        if writes:
            self.changed.emit()

    def wait(self, msecs: int = -1) -> bool:
        """Block until every submitted job has run and its result is delivered, including jobs
        those results submit (shutdown: storage closes only after this; tests)."""
        for _round in range(100):  # a result may submit more work (a refresh after a write)
            if not self._pool.waitForDone(msecs):
                return False
            QCoreApplication.sendPostedEvents(self)  # the queued results, nothing else
            if not self._waiting:
                return True
        return not self._waiting
