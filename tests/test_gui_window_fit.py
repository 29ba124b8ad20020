"""The main window fits the screen it opens on at any scale (made-up screen sizes)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QRect, QSize

from ginrummy_desktop.gui.common.window_fit import default_geometry, fitted, minimum_for
from ginrummy_desktop.gui.shell.main_window import MainWindow

# QT_SCALE_FACTOR=2 on a 1600x1000 screen (a 40 px panel at the top): 800x480 logical.
SCALED_LAPTOP = QRect(0, 20, 800, 480)
FULL_HD = QRect(0, 0, 1920, 1050)


def inside(rect: QRect, area: QRect) -> bool:
    return area.contains(rect)


def test_the_minimum_never_exceeds_the_screen():
    assert minimum_for(FULL_HD) == QSize(800, 600)
    assert minimum_for(SCALED_LAPTOP) == QSize(800, 480)


@pytest.mark.parametrize("area", [SCALED_LAPTOP, FULL_HD, QRect(1920, 0, 1280, 984)])
def test_the_default_window_is_centred_and_inside(area):
    rect = default_geometry(area)
    assert inside(rect, area)
    assert rect.center() == area.center() or abs(rect.center().x() - area.center().x()) <= 1
    assert rect.width() <= 1280 and rect.height() <= 800


def test_a_saved_2560x1600_window_is_shrunk_onto_the_scaled_screen():
    saved = QRect(100, 100, 2560, 1600)
    rect = fitted(saved, SCALED_LAPTOP)
    assert rect == SCALED_LAPTOP


def test_a_window_saved_on_a_screen_now_gone_comes_back():
    rect = fitted(QRect(3000, 900, 1000, 700), FULL_HD)
    assert inside(rect, FULL_HD) and rect.size() == QSize(1000, 700)


def test_a_window_that_fits_stays_where_it_was():
    saved = QRect(50, 60, 1024, 700)
    assert fitted(saved, FULL_HD) == saved


def test_the_main_window_fits_a_scaled_screen(qtbot):
    window = MainWindow(storage=None, speed="instant")
    qtbot.addWidget(window)
    window.resize(2560, 1600)
    window.fit_to_screen(available=SCALED_LAPTOP)
    assert window.minimumSize().height() <= SCALED_LAPTOP.height()
    assert inside(window.geometry(), SCALED_LAPTOP)
    window.fit_to_screen("default", available=FULL_HD)
    assert window.size() == QSize(1280, 800)
    assert inside(window.geometry(), FULL_HD)


def test_a_dialog_is_only_shrunk_and_moved_as_far_as_the_screen_needs():
    from ginrummy_desktop.gui.common.window_fit import inside

    assert inside(QRect(54, -10, 693, 520), SCALED_LAPTOP) == QRect(54, 20, 693, 480)
    assert inside(QRect(100, 100, 300, 200), FULL_HD) == QRect(100, 100, 300, 200)


def test_a_shown_window_fits_with_its_frame(qtbot):
    from PySide6.QtWidgets import QWidget

    from ginrummy_desktop.gui.common.window_fit import client_room, open_fitted

    window = QWidget()
    qtbot.addWidget(window)
    assert client_room(window, FULL_HD) == FULL_HD  # no frame before it is shown
    open_fitted(window, QSize(5000, 5000))
    available = window.screen().availableGeometry()
    assert window.frameGeometry() != window.geometry()  # the offscreen frame has margins
    assert available.contains(window.frameGeometry())
