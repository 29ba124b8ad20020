"""The one way the GUI runs slow work (bot decisions, hints, advisors, counts) off its thread.

``Background.run(work, done, failed)`` runs ``work()`` on a pool thread and calls ``done(result)``
or ``failed(reason)`` back on the GUI thread. ``cancel()`` forgets every pending operation (new
match, undo, the table closing): their results are dropped, never delivered. The speed setting
never changes where work runs; "instant" only removes pauses.

``time_limit_ms`` turns a call that does not return in time into ``failed("no answer within
...")``; the thread itself cannot be stopped in Python, so its late result is dropped.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from ginrummy_desktop.engine.translation import tr

#: Threads that ran background work (tests check that no bot call happens on the GUI thread).
WORKER_THREADS: set[int] = set()


class _Relay(QObject):
    done = Signal(int, object, str)  # operation id, result, failure text ("" when fine)


class _Job(QRunnable):
    def __init__(self, op_id: int, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self._op_id = op_id
        self._work = work
        self._relay = relay
        self.setAutoDelete(True)

    def run(self) -> None:
        WORKER_THREADS.add(threading.get_ident())
        try:
            result = self._work()
        except Exception as error:  # noqa: BLE001 - a broken bot must not take the app down
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            self._relay.done.emit(self._op_id, None, detail or type(error).__name__)
            return
        self._relay.done.emit(self._op_id, result, "")


class Background(QObject):
    """Runs callables on a thread pool (Qt's global one unless ``pool`` is given); results come
    back on the GUI thread."""

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        self._pool = pool if pool is not None else QThreadPool.globalInstance()
        self._relay = _Relay()  # no parent: running jobs keep it alive, whatever happens here
        self._relay.done.connect(self._deliver)
        self._next_id = 0
        self._pending: dict[int, tuple[Callable[[Any], None], Callable[[str], None]]] = {}
        self._timers: dict[int, QTimer] = {}

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    @property
    def pending(self) -> int:
        """Operations started whose result has not been delivered (or dropped) yet."""
        return len(self._pending)

    def run(self, work: Callable[[], Any], done: Callable[[Any], None],
            failed: Callable[[str], None] | None = None, time_limit_ms: int | None = None) -> int:
        """Start ``work``; returns its id (for ``forget``)."""
        self._next_id += 1
        op_id = self._next_id
        self._pending[op_id] = (done, failed or (lambda _reason: None))
        if time_limit_ms is not None:
            timer = QTimer(self)
            timer.setSingleShot(True)
            timer.timeout.connect(lambda: self._deliver(
                op_id, None, tr("no answer within {seconds} s").format(
                    seconds=f"{time_limit_ms / 1000:g}")))
            timer.start(time_limit_ms)
            self._timers[op_id] = timer
        self._pool.start(_Job(op_id, work, self._relay))
        return op_id

    def forget(self, op_id: int) -> None:
        """Drop one pending operation's result."""
        self._pending.pop(op_id, None)
        timer = self._timers.pop(op_id, None)
        if timer is not None:
            timer.stop()
            timer.deleteLater()

    def cancel(self) -> None:
        """Forget every pending operation: their results will be dropped."""
        for op_id in list(self._pending):
            self.forget(op_id)

    def _deliver(self, op_id: int, result: object, error: str) -> None:
        callbacks = self._pending.get(op_id)
        if callbacks is None:
            return  # cancelled, timed out already, or answered already
        self.forget(op_id)
        done, failed = callbacks
        if error:
            failed(error)
        else:
            done(result)

    @staticmethod
    def wait_all(msecs: int = 5000) -> bool:
        """Block until the pool is idle (for shutdown and tests)."""
        return QThreadPool.globalInstance().waitForDone(msecs)
