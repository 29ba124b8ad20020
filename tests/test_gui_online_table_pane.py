"""The online table pane is a whole QWidget (issue 42: mypy found that the pane kept its table
in an attribute called ``screen``, which hid ``QWidget.screen()``, so anything asking the pane
which screen it is on, as ``window_fit.open_fitted(..., near=pane)`` does, got the table
instead of a QScreen and failed). The table is ``pane.table`` now."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.gui.common.window_fit import open_fitted
from ginrummy_desktop.gui.online.table_pane import TablePane


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_the_pane_says_which_screen_it_is_on_and_holds_its_table(qtbot, game: str) -> None:
    pane = TablePane("ann", "instant", game=game)
    qtbot.addWidget(pane)
    pane.show()
    assert isinstance(pane.screen(), QScreen)
    assert pane.table is pane.seat_game.widget and pane.table.isAncestorOf(pane.reconnecting)

    opened = QWidget()  # a window opened from the table opens on the table's screen
    qtbot.addWidget(opened)
    open_fitted(opened, QSize(400, 300), near=pane)
    assert opened.isVisible() and opened.screen() is pane.screen()
