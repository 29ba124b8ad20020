"""Database writes off the event loop, in order, with nothing acknowledged before it is stored.

One thread runs every write in the order it was queued (so a move is never stored before the
one it follows, and a rating read and updated in one job cannot race another). What depends on
a write (a reply, an event to a player) is released on the event loop only once that write and
every write queued before it have committed: a referee killed at any instant has told no one
about a change it had not stored, as before the writes left the loop.

With no event loop running (a script, a unit test driving the service by hand) there is no loop
to keep free: a write is waited for where it is queued.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

log = logging.getLogger("ginrummy.store")
T = TypeVar("T")
Then = Callable[[Any], None]
Failed = Callable[[BaseException], None]


def _done(result: Any = None) -> Future[Any]:
    future: Future[Any] = Future()
    future.set_result(result)
    return future


class StoreWriter:
    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]] | None] = \
            queue.SimpleQueue()
        # Loop side, in queue order: each write's future and what to run once it is settled.
        self._waiting: deque[tuple[Future[Any], Then | None, Failed | None]] = deque()
        self._releasing = False
        self._thread = threading.Thread(target=self._work, name="service-store-writer",
                                         daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ the writer thread
    def _work(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            job, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(job())
            except BaseException as error:  # noqa: BLE001 - handed to whoever waits for it
                future.set_exception(error)

    # ------------------------------------------------------------------ the loop side
    def write(self, job: Callable[[], T], then: Callable[[T], None] | None = None,
              failed: Failed | None = None) -> Future[T]:
        """Queue ``job``. Once it and every earlier write are settled, ``then(result)`` (or
        ``failed(error)``; without one the error is logged) runs on the loop."""
        future: Future[T] = Future()
        self._waiting.append((future, then, failed))
        self._jobs.put((job, future))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            future.exception()  # no loop to keep free: wait here
            self._release()
        else:
            future.add_done_callback(lambda _: loop.call_soon_threadsafe(self._release))
        return future

    def after_writes(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once every write queued so far has committed (at once if none is
        pending, or when called from a ``then``: everything before it is stored)."""
        if not self._waiting or self._releasing:
            callback()
        else:
            self._waiting.append((_done(), lambda _: callback(), None))

    async def settled(self) -> None:
        """Wait until every write queued so far, and what waited for it, is done."""
        if not self._waiting:
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def release() -> None:
            if not done.done():
                done.set_result(None)

        self.after_writes(release)
        await done

    async def run(self, job: Callable[[], T]) -> T:
        """Queue ``job`` and wait for its result (or its error)."""
        result: asyncio.Future[T] = asyncio.get_running_loop().create_future()

        def then(value: T) -> None:
            if not result.done():
                result.set_result(value)

        def failed(error: BaseException) -> None:
            if not result.done():
                result.set_exception(error)

        self.write(job, then=then, failed=failed)
        return await result

    def _release(self) -> None:
        self._releasing = True
        try:
            while self._waiting and self._waiting[0][0].done():
                future, then, failed = self._waiting.popleft()
                error = future.exception()
                try:
                    if error is None:
                        if then is not None:
                            then(future.result())
                    elif failed is not None:
                        failed(error)
                    else:
                        log.error("a database write failed", exc_info=error)
                except Exception:  # noqa: BLE001 - the next waiting ones must still run
                    log.exception("handling a database write's outcome failed")
        finally:
            self._releasing = False

    def drain(self, timeout: float = 30.0) -> None:
        """Block until every queued write is done and released (shutting down, or a test)."""
        marker: Future[Any] = Future()
        self._jobs.put((lambda: None, marker))
        marker.result(timeout)
        self._release()

    def close(self, timeout: float = 30.0) -> None:
        """Finish every queued write, then stop the thread."""
        if not self._thread.is_alive():
            return
        self.drain(timeout)
        self._jobs.put(None)
        self._thread.join(timeout)
