"""One asyncio loop for the app, run by Qt's own event loop (qasync), and a safe way to start tasks.

The app's Qt loop is already running when the online window opens, so the qasync loop is made
with ``already_running=True``: asyncio callbacks run as Qt events, and no call here waits.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger("ginrummy.online.gui")
_tasks: set[asyncio.Task] = set()  # strong references: a task nobody holds may be collected


def qt_loop() -> asyncio.AbstractEventLoop:
    """The running asyncio loop, or a new qasync loop attached to the running QApplication."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    import qasync
    from PySide6.QtWidgets import QApplication

    loop = qasync.QEventLoop(QApplication.instance(), already_running=True)
    asyncio.set_event_loop(loop)
    return loop


def spawn(coroutine: Coroutine[Any, Any, Any],
          on_error: Callable[[str], None] | None = None,
          on_done: Callable[[Any], None] | None = None) -> asyncio.Task:
    """Run ``coroutine`` on the loop; its result goes to ``on_done``, a failure's reason to
    ``on_error`` (a refusal's own words, or the exception's text), never to a traceback."""
    task = qt_loop().create_task(coroutine)
    _tasks.add(task)

    def finished(done: asyncio.Task) -> None:
        _tasks.discard(done)
        if done.cancelled():
            return
        error = done.exception()
        try:
            if error is not None:
                reason = getattr(error, "reason", None) or str(error) or type(error).__name__
                if on_error is not None:
                    on_error(reason)
                else:
                    log.warning("online task failed: %s", reason)
            elif on_done is not None:
                on_done(done.result())
        except Exception:  # a broken handler must not take the loop's callbacks with it
            log.exception("handling an online task's result failed")

    task.add_done_callback(finished)
    return task
