"""The table colour paints the whole window: button bar, status line and side panels."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.gui.table.palette import TablePalette


@pytest.fixture
def window(qtbot):
    win = MainWindow(storage=None, speed="instant")
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.gin_screen.controller.synchronous = True
    win.gin_screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=5))
    return win


def colour_at(widget: QWidget, point: QPoint):
    return widget.grab().toImage().pixelColor(point)


def choose_felt(qtbot, window, title: str) -> None:
    """View > Table colour > ``title`` through the menu's own action."""
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    felt = next(a.menu() for a in view.actions() if a.text() == "&Table colour")
    next(a for a in felt.actions() if a.text() == title).trigger()


@pytest.mark.parametrize("colour", ["red", "blue", "#806020"])
def test_bar_and_status_line_follow_the_felt(qtbot, window, colour):
    if colour.startswith("#"):
        window.set_table_colour(colour)
    else:
        choose_felt(qtbot, window, colour.title())
    expected = TablePalette.for_felt(colour)
    bar = window.gin_screen.findChild(QWidget, "actionBar")
    assert colour_at(bar, QPoint(1, 1)) == expected.bar
    status = window.gin_screen.status
    assert colour_at(status, QPoint(status.width() - 2, 2)) == expected.status
    assert window.gin_screen.scene.table_palette == expected


@pytest.mark.parametrize("colour", ["green", "blue", "red", "grey"])
def test_bars_and_panels_are_darker_shades_of_the_felt(colour):
    palette = TablePalette.for_felt(colour)
    for shade in (palette.bar, palette.status, palette.panel):
        assert shade.value() < palette.felt.value()
        if colour != "grey":
            assert abs(shade.hue() - palette.felt.hue()) <= 8


def test_a_bad_colour_falls_back_to_green():
    assert TablePalette.for_felt("no-such") == TablePalette.for_felt("green")
