"""Storage calls off the GUI thread: one storage thread, results back on the GUI thread.

SQLite may wait up to its busy timeout when another process holds the database; on the GUI
thread that froze painting. ``StorageJobs`` is the table's ``Background`` helper on a pool of
exactly one thread of its own, so the one database connection is never used by two threads at
once (reads of the Statistics window and writes of finished matches queue behind each other),
and a storage call waiting for a lock never holds a thread the bots need.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, Signal

from ginrummy_desktop.gui.table.background import Background


class StorageJobs(Background):
    """``submit(work, done, failed)`` runs ``work()`` on the storage thread, then ``done(result)``
    or ``failed(message)`` on the GUI thread. With a ``key``, a newer job of the same key makes
    the older one's result stale: it is dropped (the figures of a filter no longer chosen).
    ``changed`` is emitted after each job submitted with ``writes=True`` has finished.

    A long job that can stop (an import) is submitted with a ``stop`` event it checks as it
    goes; ``stop_long_jobs()`` sets every pending one, so quitting never waits for them."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        pool = QThreadPool()
        pool.setMaxThreadCount(1)  # one thread: the connection is never shared at once
        super().__init__(parent, pool)
        pool.setParent(self)
        self._latest: dict[str, int] = {}
        self._stops: dict[int, threading.Event] = {}

    def submit(self, work: Callable[[], Any], done: Callable[[Any], None] | None = None,
               failed: Callable[[str], None] | None = None, *, key: str | None = None,
               writes: bool = False, stop: threading.Event | None = None) -> int:
        ticket: list[int] = []

        def finish(call: Callable[[Any], None] | None) -> Callable[[Any], None]:
            def deliver(value: Any) -> None:
                self._stops.pop(ticket[0], None)
                if call is not None and (key is None or self._latest.get(key) == ticket[0]):
                    call(value)
                if writes:
                    self.changed.emit()
            return deliver

        ticket.append(self.run(work, finish(done), finish(failed)))
        if key is not None:
            self._latest[key] = ticket[0]
        if stop is not None:
            self._stops[ticket[0]] = stop
        return ticket[0]

    def stop_long_jobs(self) -> None:
        """Ask every pending job that can stop (an import) to stop now (quitting)."""
        for stop in self._stops.values():
            stop.set()

    def wait(self, msecs: int = -1) -> bool:
        """Block until every submitted job has run and its result is delivered, including jobs
        those results submit (shutdown: storage closes only after this; tests)."""
        for _round in range(100):  # a result may submit more work (a refresh after a write)
            if not self._pool.waitForDone(msecs):
                return False
            QCoreApplication.sendPostedEvents(self)  # the queued results, nothing else
            if not self.pending:
                return True
        return not self.pending
