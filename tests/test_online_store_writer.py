"""Issue 42: the referee's database writes run on one thread, in order, and nothing that depends
on a write (a reply, an event) is released before that write and every earlier one are stored."""

from __future__ import annotations

import asyncio
import threading

from ginrummy_desktop.online.store_writer import StoreWriter


def test_writes_run_in_order_off_the_loop_and_release_after_commit():
    writer = StoreWriter()
    done: list[str] = []
    released: list[str] = []
    gate = threading.Event()

    async def scenario() -> None:
        loop_thread = threading.get_ident()
        threads: list[int] = []

        def slow_first() -> None:
            gate.wait(5)
            threads.append(threading.get_ident())
            done.append("first")

        writer.write(slow_first, then=lambda _: released.append("after first"))
        writer.after_writes(lambda: released.append("event"))
        writer.write(lambda: done.append("second"))
        await asyncio.sleep(0.05)
        assert released == [], "an event went out before the write it follows was stored"
        gate.set()
        await writer.settled()
        assert done == ["first", "second"]
        assert released == ["after first", "event"]
        assert threads and threads[0] != loop_thread
        writer.after_writes(lambda: released.append("now"))  # nothing pending: at once
        assert released[-1] == "now"

    asyncio.run(scenario())
    writer.close()


def test_a_failed_write_is_reported_and_the_next_ones_still_run():
    writer = StoreWriter()
    outcome: list[str] = []

    async def scenario() -> None:
        def broken() -> None:
            raise RuntimeError("disk full")

        writer.write(broken, then=lambda _: outcome.append("stored"),
                     failed=lambda error: outcome.append(f"failed: {error}"))
        assert await writer.run(lambda: 42) == 42
        assert outcome == ["failed: disk full"]

    asyncio.run(scenario())
    writer.close()


def test_without_an_event_loop_a_write_is_waited_for_where_it_is_queued():
    writer = StoreWriter()
    results: list[int] = []
    writer.write(lambda: 7, then=results.append)
    assert results == [7]
    writer.close()
