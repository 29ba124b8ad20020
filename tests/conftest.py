"""Shared test setup: headless Qt and a private data folder for every test."""

from __future__ import annotations

import os

import pytest

# Real XMPP/PostgreSQL servers as child processes for the online tests (tests/online_servers.py).
pytest_plugins = ["tests.online_servers", "tests.online_gui_support", "tests.translation_support"]

# Qt must know it runs headless before any QApplication exists.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests read the English words; the app follows the system's language (LANGUAGE first).
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _private_app_home(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the app's settings, statistics and autosave at a fresh folder for each test."""
    monkeypatch.setenv("GINRUMMY_DESKTOP_HOME", str(tmp_path_factory.mktemp("app-home")))


@pytest.fixture
def drag_on_view():
    """``drag(view, start, end)``: press, move in steps with the left button held, release.

    Points are scene coordinates; events go to ``view.viewport()`` like a real mouse. Moves are
    sent as ``QMouseEvent`` with ``LeftButton`` in ``buttons()`` because ``QTest.mouseMove``
    does not report held buttons.
    """
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    def drag(view, start, end, steps: int = 6) -> None:
        viewport = view.viewport()
        begin = view.mapFromScene(start)
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         begin)
        for i in range(1, steps + 1):
            point = start + (end - start) * (i / steps)
            local = QPointF(view.mapFromScene(point))
            event = QMouseEvent(QMouseEvent.Type.MouseMove, local,
                                QPointF(viewport.mapToGlobal(local.toPoint())),
                                Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                                Qt.KeyboardModifier.NoModifier)
            QApplication.sendEvent(viewport, event)
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           view.mapFromScene(end))

    return drag


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "real_questions: the window's confirmations are shown "
                                       "and must be answered (by clicking) in the test")


@pytest.fixture(autouse=True)
def _confirmations_answered_yes(request: pytest.FixtureRequest,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside tests of the confirmations themselves, a person who always answers "Yes":
    a modal question would otherwise wait for ever (closing a window mid-match asks)."""
    if "qtbot" not in request.fixturenames or "real_questions" in request.keywords:
        return
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    monkeypatch.setattr(MainWindow, "ask", lambda _window, _box: True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Let background jobs still running in Qt's pool (a bot thinking for a table a test has
    closed) finish before the interpreter tears down, as ``app.main`` does at its exit: Python
    code running on a pool thread during finalisation can crash the process."""
    import sys

    if "PySide6.QtCore" in sys.modules:
        from PySide6.QtCore import QThreadPool

        QThreadPool.globalInstance().waitForDone(30_000)
