"""The app always starts: damaged files on a prepared data root, the app started offscreen;
and after the app is killed mid-match, its next start offers to resume the match.

Each test prepares ``GINRUMMY_DESKTOP_HOME``, runs the real entry point (``app.main([])``), reads
the start-up dialog, clicks its OK button, waits for the main window and closes it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from ginrummy_desktop import app
from ginrummy_desktop.applog import LOGGER
from ginrummy_desktop.storage import app_paths
from tests.storage_fixtures import frozen_folder

AUTOSAVE = "autosave-player.json"


def _canonical(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def _v1_autosave(state, sha256: str | None = None) -> str:
    digest = sha256 or hashlib.sha256(_canonical(state).encode()).hexdigest()
    return json.dumps({"format": "ginrummy-desktop-autosave", "version": 1, "sha256": digest,
                       "state": state})


class Started:
    """What a start of the app showed: the start-up dialog's text and the main window."""

    def __init__(self) -> None:
        self.dialog: str | None = None
        self.window = None
        self.notifications: list[str] = []
        self.player_name: str | None = None
        self.statistics_on_disk: bool | None = None


def start_app(qapp, monkeypatch, root, at_window=None) -> Started:
    """Run ``app.main([])`` on ``root``; once its window is on screen, ``at_window(window)``
    is called on every poll until it returns True (by default at once), then the window is
    closed, which ends the app."""
    monkeypatch.setenv("GINRUMMY_DESKTOP_HOME", str(root))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # the app installs its own
    handlers = list(LOGGER.handlers)
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    # Closing the window mid-match asks "Quit the match?": these tests answer yes.
    monkeypatch.setattr(MainWindow, "ask", lambda self, box: True)
    started = Started()

    def poll() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == "startupProblems":
            started.dialog = f"{box.text()}\n{box.informativeText()}"
            QTest.mouseClick(box.button(QMessageBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
            return
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow) and widget.isVisible():
                if at_window is not None and not at_window(widget):
                    return  # asked again at the next poll
                timer.stop()
                started.window = widget
                started.notifications = list(widget.notifications)
                started.player_name = widget.player_name
                persistence = widget.persistence
                started.statistics_on_disk = (
                    persistence is not None and not persistence.storage.database.in_memory)
                widget.close()
                return

    timer = QTimer()
    timer.timeout.connect(poll)
    timer.start(20)
    # Not a timing assertion: only a way out if the app never shows its window. Stopped when
    # the app returns: fired later, outside app.exec, exit() would leave Qt's "quit now" flag
    # set and make every later test's event-loop wait return at once (their waits time out).
    way_out = QTimer()
    way_out.setSingleShot(True)
    way_out.timeout.connect(lambda: QApplication.instance().exit(99))
    way_out.start(60_000)
    try:
        code = app.main([])
    finally:
        timer.stop()
        way_out.stop()
        for handler in LOGGER.handlers[:]:
            if handler not in handlers:
                LOGGER.removeHandler(handler)
                handler.close()
        LOGGER.setLevel(logging.NOTSET)
    assert code == 0
    assert started.window is not None, "the app went on to its window"
    started.window.deleteLater()
    return started


@pytest.fixture
def root(tmp_path):
    paths = app_paths(tmp_path / "home")
    paths.ensure()
    return tmp_path / "home"


def _data(root):
    return app_paths(root).data_dir


@pytest.mark.parametrize("content", [
    '{"format":"ginrummy-desktop-autosave","version":1,"sha256":"x","state":{"a":NaN}}',
    _v1_autosave([]),
    _v1_autosave(5),
    _v1_autosave({"game": "gin", "match": {"a": 1}}),
    "[" * 100_000,
    "",
], ids=["nan-state", "list-state", "number-state", "bad-match", "nested", "empty"])
def test_a_damaged_autosave_is_set_aside_and_the_app_starts(qapp, monkeypatch, root, content):
    (_data(root) / AUTOSAVE).write_text(content)
    started = start_app(qapp, monkeypatch, root)
    moved = list(_data(root).glob(AUTOSAVE + ".invalid-*"))
    assert len(moved) == 1 and moved[0].read_text() == content  # kept for the person
    assert "saved match in progress could not be resumed" in started.dialog
    assert str(moved[0]) in started.dialog  # says where
    assert started.statistics_on_disk


def test_an_autosave_that_cannot_be_moved_aside_is_ignored(qapp, monkeypatch, root):
    data = _data(root)
    (data / AUTOSAVE).write_text(_v1_autosave([]))
    (data / "autosave-player.lock").write_text("")  # the lock can be taken in place
    sqlite3.connect(data / "statistics.sqlite3").close()
    with frozen_folder(data):
        started = start_app(qapp, monkeypatch, root)
    assert (data / AUTOSAVE).read_text() == _v1_autosave([])  # untouched
    assert f"left as {data / AUTOSAVE} and ignored" in started.dialog


def test_a_settings_field_of_the_wrong_type_leaves_storage_on(qapp, monkeypatch, root):
    settings = app_paths(root).settings_file
    settings.write_text(json.dumps({
        "format": "ginrummy-desktop-settings", "version": 1, "last_profile": [],
        "profiles": {"ann": {"player_name": "Ann"}},
    }))
    started = start_app(qapp, monkeypatch, root)
    assert started.player_name == "Ann"  # the profile was read, the bad field ignored
    assert started.statistics_on_disk
    assert (_data(root) / "statistics.sqlite3").exists()


def test_settings_nested_100000_deep_are_set_aside(qapp, monkeypatch, root):
    settings = app_paths(root).settings_file
    settings.write_text('{"a":' * 100_000 + "1" + "}" * 100_000)
    started = start_app(qapp, monkeypatch, root)
    [moved] = settings.parent.glob("settings.json.corrupt-*")
    assert "settings file could not be used because it is nested" in started.dialog
    assert str(moved) in started.dialog
    assert started.statistics_on_disk


def test_a_damaged_database_in_a_read_only_folder_leaves_the_rest_on(qapp, monkeypatch, root):
    data = _data(root)
    database = data / "statistics.sqlite3"
    database.write_bytes(b"this is not a database" * 100)
    (data / "autosave-player.lock").write_text("")
    settings = app_paths(root).settings_file
    settings.write_text(json.dumps({"format": "ginrummy-desktop-settings", "version": 1,
                                    "profiles": {"player": {"player_name": "Bea"}}}))
    with frozen_folder(data):
        started = start_app(qapp, monkeypatch, root)
    assert database.read_bytes() == b"this is not a database" * 100
    assert f"statistics file {database} could not be used" in started.dialog
    assert "could not be moved aside" in started.dialog
    assert started.player_name == "Bea"  # settings still on


def test_a_clean_start_shows_no_dialog(qapp, monkeypatch, root):
    started = start_app(qapp, monkeypatch, root)
    assert started.dialog is None and started.notifications == []


# The real app (``app.main``) on a prepared data root, driven from inside its event loop: once it
# has dealt, a stand-in plays into the second hand (tests/crash_play.py) and reports what the
# table holds; the test then kills the process.
PLAYED_THEN_KILLED = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from ginrummy_desktop import app
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from tests.crash_play import play_into_the_second_hand

    qapp = QApplication([])

    def play() -> None:
        windows = [w for w in qapp.topLevelWidgets()
                   if isinstance(w, MainWindow) and w.isVisible()]
        if not windows or windows[0].gin_screen.controller.session is None:
            QTimer.singleShot(20, play)  # the app has not dealt yet
            return
        play_into_the_second_hand(windows[0].gin_screen)

    QTimer.singleShot(0, play)
    sys.exit(app.main([]))
""")


def test_after_the_app_is_killed_mid_match_its_next_start_offers_to_resume(qapp, monkeypatch,
                                                                           root):
    from ginrummy_desktop.gui.shell.start_offer import opponent_name
    from ginrummy_desktop.gui.table.card_item import MARK_NEW
    from ginrummy_desktop.storage import open_storage

    monkeypatch.setenv("GINRUMMY_DESKTOP_HOME", str(root))
    store = open_storage()  # not the first run (no welcome): the app deals at once
    store.settings.update(animation_speed="instant", default_opponent={"gin": "greedy"})
    store.close()
    child = subprocess.Popen([sys.executable, "-c", PLAYED_THEN_KILLED], text=True,
                             stdout=subprocess.PIPE, env=dict(os.environ))
    try:
        line = child.stdout.readline()  # printed once that position is autosaved
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert child.returncode == -signal.SIGKILL
    assert line, "the killed app played to the agreed position"
    before = json.loads(line)

    seen: dict = {}

    def resume(window) -> bool:
        box = getattr(window, "start_offer", None)
        if box is None or not box.isVisible():
            return False
        controller = window.gin_screen.controller
        seen["dealt before the answer"] = controller.session is not None
        seen["question"] = box.text()
        [button] = [b for b in box.buttons() if b.text() == "Resume"]
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        seen["order"] = [str(c) for c in controller.hand_order]
        seen["drawn"] = str(controller.drawn)
        seen["marked new"] = MARK_NEW in window.gin_screen.table.item_for(controller.drawn).marks
        seen["undo"] = len(controller._undo)
        return True

    started = start_app(qapp, monkeypatch, root, at_window=resume)
    assert started.dialog is None  # the killed app's lock and files are no problem
    assert seen["dealt before the answer"] is False  # it asks; nothing dealt behind it
    mine, theirs = before["scores"]
    assert seen["question"] == (f"Resume your match against {opponent_name('gin', 'greedy')} "
                                f"(score {mine}–{theirs}, hand {before['hand']})?")
    assert seen["order"] == before["order"] and seen["drawn"] == before["drawn"]
    assert seen["marked new"] and seen["undo"] == before["undo"]
