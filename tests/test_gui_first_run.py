"""The first launch: a welcome asks the name, a game and an opponent (real keys and clicks),
that game starts, and later launches go straight to the table."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, Qt

from ginrummy_desktop.gui.cribbage.opponents import list_opponents as cribbage_opponents
from ginrummy_desktop.gui.gin.opponents import list_opponents as gin_opponents
from ginrummy_desktop.gui.shell.main_window import CRIBBAGE, GIN, MainWindow
from ginrummy_desktop.gui.shell.start_offer import WAITING_OBJECT
from ginrummy_desktop.storage import Storage


@pytest.fixture
def launch(qtbot, tmp_path):
    """Start the app the way run_app does, on storage under tmp_path (reopened per launch)."""
    opened = []

    def start() -> MainWindow:
        storage = Storage(tmp_path)
        window = MainWindow(storage=storage, speed="instant")
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.restore_or_start()
        window.show()
        qtbot.waitExposed(window)
        opened.append((window, storage))
        return window

    yield start
    for window, storage in opened:
        window.close()
        storage.close()


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(8, widget.height() // 2))


def click_opponent(qtbot, picker, bot_id: str) -> None:
    row = next(i for i in range(picker.count())
               if picker.item(i).data(Qt.ItemDataRole.UserRole) == bot_id)
    rect = picker.visualItemRect(picker.item(row))
    qtbot.mouseClick(picker.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_first_launch_welcomes_then_plays_the_chosen_cribbage_opponent(qtbot, launch):
    window = launch()
    page = window.welcome
    assert page is not None and window.stack.currentWidget() is page
    assert window.gin_screen.controller.session is None  # nothing dealt behind the welcome
    qtbot.keyClicks(page.name_edit, "Ann")
    click(qtbot, page.game_buttons["cribbage"])
    names = [page.picker.item(i).text().split("  ")[0] for i in range(page.picker.count())]
    assert names == [info.name for info in cribbage_opponents()]
    weakest = cribbage_opponents()[-1]
    click_opponent(qtbot, page.picker, weakest.bot_id)
    qtbot.mouseClick(page.play_button, Qt.MouseButton.LeftButton)
    assert window.welcome is None
    assert window.game == CRIBBAGE
    assert window.stack.currentWidget() is window.cribbage_table
    assert window.cribbage_setup.opponent == weakest.bot_id
    assert window.cribbage_table.controller.names[0] == "Ann"
    settings = window.storage.settings.settings
    assert settings.player_name == "Ann"
    assert settings.default_opponent[CRIBBAGE] == weakest.bot_id
    window.close()
    window.storage.close()  # the app quits

    again = launch()
    assert again.welcome is None  # later launches go straight to a table
    assert again.player_name == "Ann"
    current = again.stack.currentWidget()
    # A table, or plain felt behind the question whether to resume Ann's unfinished game.
    waiting = current.objectName() == WAITING_OBJECT and getattr(again, "start_offer", None)
    assert current in (again.gin_screen, again.cribbage_table) or waiting


def test_enter_in_the_name_field_deals_gin_against_the_picked_opponent(qtbot, launch):
    window = launch()
    page = window.welcome
    first = gin_opponents()[0]
    click_opponent(qtbot, page.picker, first.bot_id)
    qtbot.keyClicks(page.name_edit, "Bo")
    qtbot.keyClick(page.name_edit, Qt.Key.Key_Return)
    assert window.welcome is None and window.game == GIN
    controller = window.gin_screen.controller
    assert controller.setup.opponent == first.bot_id
    assert controller.player_name == "Bo"
    assert window.gin_screen.active  # the gin keys play again


def test_a_blank_name_is_you(qtbot, launch):
    window = launch()
    qtbot.mouseClick(window.welcome.play_button, Qt.MouseButton.LeftButton)
    assert window.storage.settings.settings.player_name == "You"
    assert window.gin_screen.controller.player_name == "You"
