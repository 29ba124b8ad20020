"""Shared set-up for the online window tests: a qasync loop that the Qt loop runs (as in the
app), a referee and headless clients on it, and the window pointed at the test server."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from ginrummy_desktop.gui.online.connection import ServerAddress
from ginrummy_desktop.online.client import OnlineClient
from tests.online_harness import PASSWORD, new_client, referee_config, running_referee

__all__ = ["PASSWORD", "new_client", "online_loop", "referee", "run", "window_factory"]


@pytest.fixture(scope="session")
def _qt_asyncio_loop(qapp):
    """One qasync loop for the session, as the app has one for its life (stopping a loop made
    with ``already_running`` asks the application to quit, so it is never stopped)."""
    qasync = pytest.importorskip("qasync")
    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.events._set_running_loop(None)  # running only inside the tests that use it
    yield loop
    # close() joins the loop's executor threads; it refuses a loop it thinks runs, and stop()
    # would ask the application to quit, so the flag is cleared directly (end of session).
    loop._QEventLoop__is_running = False
    with contextlib.suppress(Exception):
        loop.close()


@pytest.fixture
def online_loop(_qt_asyncio_loop, qapp):
    """The Qt-run asyncio loop, current (and "running", as in the app) for this test only:
    other tests' ``asyncio.run`` must not find a running loop."""
    loop = _qt_asyncio_loop
    asyncio.events._set_running_loop(loop)
    asyncio.set_event_loop(loop)
    yield loop
    for task in asyncio.all_tasks(loop):
        task.cancel()
    for _ in range(5):
        qapp.processEvents()
    asyncio.events._set_running_loop(None)
    asyncio.set_event_loop(None)


def run(qtbot, coroutine, timeout: float = 30.0) -> Any:
    """Run ``coroutine`` on the loop while Qt keeps processing events; its result."""
    task = asyncio.get_event_loop().create_task(coroutine)
    qtbot.waitUntil(task.done, timeout=int(timeout * 1000))
    return task.result()


@pytest.fixture
def referee_changes() -> dict:
    """Referee settings a test changes (parametrize ``referee_changes`` to override)."""
    return {}


@pytest.fixture
def referee(online_loop, ejabberd_server, tmp_path, qtbot, referee_changes):
    """A referee on the Qt-run loop for the test's duration; yields the Referee."""
    config = referee_config(ejabberd_server, tmp_path, **{"clock": 120, **referee_changes})
    manager = running_referee(config)
    instance = run(qtbot, manager.__aenter__())
    yield instance
    run(qtbot, manager.__aexit__(None, None, None))


def client_factory(server: Any, port: int | None = None):
    def make(address: ServerAddress, user: str, password: str) -> OnlineClient:
        client = new_client(server, user, port)
        client.password = password
        return client
    return make


@pytest.fixture
def window_factory(qtbot, ejabberd_server, referee):
    from ginrummy_desktop.gui.online.window import OnlineWindow

    windows = []

    def make(port: int | None = None) -> OnlineWindow:
        window = OnlineWindow(ejabberd_server.domain, client_factory(ejabberd_server, port),
                              speed="instant")
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        windows.append(window)
        return window

    yield make
    for window in windows:
        for pane in window.tables.values():
            pane.controller.stop()
        if window.session is not None:
            session = window.session
            window.session = None
            with contextlib.suppress(Exception):
                run(qtbot, session.sign_out(), 10)
