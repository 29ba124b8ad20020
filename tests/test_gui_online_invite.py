"""Inviting a friend: the button offers both games and says which friend and game it invites."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from ginrummy_desktop.gui.online.friends import FriendsTab


def _choose_in_open_menu(keys: list[Qt.Key]) -> None:
    """Press keys in the menu the click opened (it runs its own event loop)."""
    def press() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, press)
            return
        for key in keys:
            QTest.keyClick(menu, key)
    QTimer.singleShot(20, press)


def test_invite_offers_each_game_and_names_the_chosen_one(qtbot):
    tab = FriendsTab()
    qtbot.addWidget(tab)
    tab.show()
    tab.set_friend("bea", True, "")
    invites: list[tuple[str, str]] = []
    tab.invite_wanted.connect(lambda user, game: invites.append((user, game)))

    titles = [action.text() for action in tab.invite_button.menu().actions()]
    assert titles == ["Gin Rummy table", "Cribbage table"]

    _choose_in_open_menu([Qt.Key.Key_Down, Qt.Key.Key_Return])  # no friend selected yet
    QTest.mouseClick(tab.invite_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Select a friend" in tab.notice.text(), timeout=5000)
    assert invites == []

    tab.friend_list.setCurrentRow(0)
    _choose_in_open_menu([Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Return])
    QTest.mouseClick(tab.invite_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: invites == [("bea", "cribbage")], timeout=5000)
