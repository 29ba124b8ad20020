"""Every main screen at 800x600, 1280x800 and 2560x1440, and at scale factor 2 on a 1600x1000
screen, checked two ways: here at 800x500 logical (the window fitted to it), and for real in a
child process started with QT_SCALE_FACTOR=2 on an offscreen 1600x1000 screen
(tests/scaled_screens.py). No text is clipped or lies on other text; the scaled screens open
wholly on the screen. One app, each scene built once and resized through the sizes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QCoreApplication, QRect, QRectF
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.gui.scenes import load_scene_modules
from ginrummy_desktop.gui.scenes import settle_scene as settle
from ginrummy_desktop.gui.shell.main_window import MainWindow
from tests.scaled_screens import scaled_environment
from tests.text_layout import text_problems

SCENES = load_scene_modules()
# Every main screen, one scene a line: add yours at the end of its group (or of the list).
MAIN_SCREENS = (
    # Gin Rummy table
    "gin-mid-hand",
    "gin-end-of-hand",
    "gin-match-over",
    "gin-three-players",
    "gin-partnership",
    "gin-score-sheet",
    "gin-score-sheet-hollywood",
    "gin-score-sheet-partnership",
    "gin-resign",
    "gin-move-log",
    "gin-match-won",
    # Cribbage table
    "cribbage-cut",
    "cribbage-cut-starter",
    "cribbage-discard",
    "cribbage-play",
    "cribbage-show",
    "cribbage-over",
    # The shell: first run, Preferences, About, Help, start-up problems, New match dialogs
    "first-run",
    "preferences",
    "preferences-player",
    "preferences-gin",
    "about",
    "help-keys",
    "startup-problems",
    "new-gin-match",
    "new-cribbage-game",
    "resume",
    # Statistics (each tab) and the replay viewer
    "stats-summary",
    "stats-history",
    "stats-charts",
    "stats-records",
    "replay-gin",
    "replay-gin-end",
    "replay-cribbage",
    # The hand review and the guided first games (issue 41)
    "review-gin",
    "review-cribbage",
    "lesson-gin",
    "lesson-cribbage",
)
SCALED_SCREEN = QRect(0, 0, 800, 500)  # QT_SCALE_FACTOR=2 on 1600x1000, in logical pixels
# Smallest first: a table that grew its fonts at 2560x1440 is not shrunk here (see the report).
SIZES = ((800, 500), (800, 600), (1280, 800), (2560, 1440))
# Wider than the scaled screen, and why (each one a known fault to fix, not a licence).
TOO_WIDE_WHEN_SCALED: dict[str, str] = {}


@pytest.mark.parametrize("scene", MAIN_SCREENS)
def test_no_text_is_clipped_or_overlapping_at_any_size(qapp, scene):
    widget = SCENES[scene]()
    try:
        found = []
        for width, height in SIZES:
            widget.resize(width, height)
            if (width, height) == (800, 500) and isinstance(widget, MainWindow):
                widget.fit_to_screen(available=SCALED_SCREEN)
            widget.show()
            settle(widget)
            if (width, height) == (800, 500) and scene not in TOO_WIDE_WHEN_SCALED:
                assert widget.width() <= 800 and widget.height() <= 500, (
                    f"{scene} is {widget.width()}x{widget.height()} on an 800x500 screen")
            found += [f"{width}x{height}: {problem}" for problem in text_problems(widget)]
        assert found == []
        widget.resize(800, 600)  # back from 2560x1440: nothing grown there may hold it wide
        settle(widget)
        resizable = widget.minimumSize() != widget.maximumSize()  # About, message boxes: no
        if resizable and scene not in TOO_WIDE_WHEN_SCALED:
            assert widget.width() == 800, f"{scene} stays {widget.width()} wide"
        assert text_problems(widget) == []
    finally:
        widget.close()
        widget.deleteLater()
        QCoreApplication.processEvents()


@pytest.fixture(scope="module")
def at_scale_two() -> dict[str, dict]:
    """Each main screen opened as the app opens it, under QT_SCALE_FACTOR=2 on a 1600x1000
    screen (one child process for all of them)."""
    done = subprocess.run([sys.executable, "-m", "tests.scaled_screens", *MAIN_SCREENS],
                          env=scaled_environment(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    found = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return {entry["scene"]: entry for entry in found}


@pytest.mark.parametrize("scene", MAIN_SCREENS)
def test_at_scale_factor_two_each_screen_opens_on_the_screen_and_reads_whole(at_scale_two,
                                                                             scene):
    seen = at_scale_two[scene]
    assert seen["ratio"] == 2.0  # really scaled: two device pixels a logical pixel
    if scene not in TOO_WIDE_WHEN_SCALED:
        assert seen["on_screen"], f"{scene} opens at {seen['frame']} on an 800x500 screen"
    assert seen["problems"] == []


def test_the_checker_sees_clipped_labels_buttons_and_overlapping_items(qtbot):
    top = QWidget()
    qtbot.addWidget(top)
    layout = QVBoxLayout(top)
    label = QLabel("A label far too long for the few pixels it is given")
    label.setFixedWidth(60)
    button = QPushButton("A button far too long for its width")
    button.setFixedWidth(50)
    scene = QGraphicsScene(0, 0, 300, 200)
    panel = scene.addRect(QRectF(0, 0, 100, 40))
    inside = scene.addSimpleText("Inside the panel")
    inside.setParentItem(panel)
    outside = scene.addSimpleText("Sticks out of the panel on the right")
    outside.setParentItem(panel)
    outside.setPos(60, 0)
    view = QGraphicsView(scene)
    for widget in (label, button, view):
        layout.addWidget(widget)
    top.resize(400, 400)
    top.show()
    qtbot.waitExposed(top)
    problems = text_problems(top)
    assert any(p.startswith("label") and "clipped" in p for p in problems)
    assert any(p.startswith("button") for p in problems)
    assert any("outside its panel" in p for p in problems)
    assert any("overlaps" in p for p in problems)
    label.setFixedWidth(label.fontMetrics().horizontalAdvance(label.text()) + 10)
    assert not any(p.startswith("label") for p in text_problems(top))


def test_the_checker_sees_clipped_cells_titles_and_columns_out_of_sight(qtbot):
    table = QTableWidget(2, 3)
    qtbot.addWidget(table)
    table.setHorizontalHeaderLabels(["A long column title", "B", "C"])
    table.setItem(0, 0, QTableWidgetItem("A cell far too long for its narrow column"))
    table.setItem(1, 1, QTableWidgetItem("fits"))
    table.setColumnWidth(0, 50)
    table.setColumnWidth(2, 400)
    table.resize(300, 200)
    table.show()
    qtbot.waitExposed(table)
    problems = text_problems(table)
    assert any(p.startswith("column title 'A long") for p in problems)
    assert any(p.startswith("cell 'A cell far") for p in problems)
    assert any(p.startswith("column 'C' ends at") for p in problems)
    assert not any("fits" in p for p in problems)
    table.setColumnWidth(0, 400)
    table.setColumnWidth(2, 20)
    table.horizontalScrollBar().setValue(0)
    problems = text_problems(table)
    assert not any(p.startswith(("cell", "column title 'A")) for p in problems)


def test_the_checker_sees_a_page_cut_off_by_its_scroll_area(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollArea

    area = QScrollArea()
    qtbot.addWidget(area)
    page = QWidget()
    page.setMinimumWidth(500)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(page)
    area.resize(300, 200)
    area.show()
    qtbot.waitExposed(area)
    assert any(p.startswith("page") and "cut off" in p for p in text_problems(area))
    area.resize(600, 200)
    QCoreApplication.processEvents()
    assert text_problems(area) == []
