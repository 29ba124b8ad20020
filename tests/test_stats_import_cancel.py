"""A large import can be cancelled, and quitting during one never waits for it (issue 45,
item 5): nothing half-imported is stored."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
import random
import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QPushButton

from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
from ginrummy_desktop.gui.stats.window import StatisticsWindow
from ginrummy_desktop.storage import Storage
from ginrummy_desktop.storage.stats import StatisticsQueries

COPIES = 100  # 400 lines: the import is held at line 100 (see hold_imports_midway)


def match_records(seed: int = 5, hands: int = 4) -> list[dict]:
    """The first hands of a real gin match (a simple policy; no bot needed)."""
    rng = random.Random(seed)
    session = GinMatch(GIN_PRESETS["classic"], seed)
    while len(session.hand_records()) < hands and not session.over:
        seat = session.to_move()
        legal = session.legal_actions(seat)
        ends = [a for a in legal if a.kind in ("gin", "big_gin", "knock")]
        stock = [a for a in legal if a.kind == "draw_stock"]
        session.apply(seat, ends[0] if ends else stock[0] if stock else rng.choice(legal))
    return session.hand_records()


@pytest.fixture(scope="module")
def records_text() -> str:
    return "".join(json.dumps(record) + "\n" for record in match_records())


@pytest.fixture
def storage(tmp_path):
    s = Storage(tmp_path)
    yield s
    s.close()


def import_button(window) -> QPushButton:
    return window.import_button


def hold_imports_midway(monkeypatch) -> threading.Event:
    """Make every import pause after its first 100 lines until the returned event is set or
    the import is cancelled, so a test's cancel or quit lands while the import runs however
    fast the machine is."""
    release = threading.Event()
    real_import = StatisticsQueries.import_records

    def held_import(self, path, keep_going=None):
        def checked(line: int) -> bool:
            going = keep_going is None or keep_going(line)
            waits = 2000 if line == 100 else 0  # 20 s at most: a quit that blocks still ends
            while waits and going and not release.wait(0.01):
                waits -= 1
                going = keep_going is None or keep_going(line)
            return going
        return real_import(self, path, checked)

    monkeypatch.setattr(StatisticsQueries, "import_records", held_import)
    return release


def start_import(qtbot, window, path, monkeypatch) -> threading.Event:
    """Click "Import records…", choose ``path`` in the file dialog and wait for the progress
    line; the import then holds midway until the returned event is set."""
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)  # the first load has finished
    release = hold_imports_midway(monkeypatch)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))
    qtbot.mouseClick(import_button(window), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "lines checked" in window.status.text(), timeout=20_000)
    assert import_button(window).text() == "Cancel import"
    return release


def stored_records(storage) -> int:
    return storage.database.connection.execute("SELECT COUNT(*) FROM records").fetchone()[0]


def test_cancel_import_stops_a_large_import_and_stores_nothing(qtbot, storage, tmp_path,
                                                               monkeypatch, records_text):
    jobs = StorageJobs()
    window = StatisticsWindow(StatisticsQueries(storage), jobs)
    qtbot.addWidget(window)
    window.show()
    big = tmp_path / "big.jsonl"
    big.write_text(records_text * COPIES)
    release = start_import(qtbot, window, big, monkeypatch)
    qtbot.mouseClick(import_button(window), Qt.MouseButton.LeftButton)  # Cancel import
    release.set()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.status.text() == "Import cancelled: nothing was stored."
    assert import_button(window).text() == "Import records…"
    assert stored_records(storage) == 0
    # The same records, in a file that is let finish, are stored: the cancel kept them out.
    small = tmp_path / "small.jsonl"
    small.write_text(records_text)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(small), ""))
    qtbot.mouseClick(import_button(window), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.status.text().startswith("4 record(s) imported")
    assert stored_records(storage) == 4
    assert jobs.wait(20_000)


def test_quitting_during_a_large_import_closes_at_once_and_stores_nothing(
        qtbot, storage, tmp_path, monkeypatch, records_text):
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from tests.gui_helpers import choose_from_menu

    main = MainWindow(storage=storage, speed="instant")
    main.set_confirmations(dict.fromkeys(main.confirmations, False))  # no "Quit now?"
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    stats = choose_from_menu(qtbot, main, "&Game", "&Statistics…")
    qtbot.waitExposed(stats)
    big = tmp_path / "big.jsonl"
    big.write_text(records_text * COPIES)
    release = start_import(qtbot, stats, big, monkeypatch)
    choose_from_menu(qtbot, main, "&Game", "&Quit")
    release.set()
    # Quitting stops the import before it waits for the storage thread: the window is gone
    # and the storage thread idle as soon as the key is handled, not a minute later.
    qtbot.waitUntil(lambda: not main.isVisible(), timeout=20_000)
    assert main.persistence.jobs.pending == 0
    assert stored_records(storage) == 0
