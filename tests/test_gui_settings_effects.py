"""Each gameplay setting takes effect: changed with real clicks in Preferences, seen at the table.

"Sort my hand automatically", card faces "Large index", and the four "Ask for confirmation"
boxes (knock, new match, quit, resign), plus the Resign action itself.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup, sort_cards
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.gui.shell.preferences import PreferencesDialog
from ginrummy_desktop.storage import open_storage
from tests.gui_helpers import settle

pytestmark = pytest.mark.real_questions


@pytest.fixture
def storage():
    store = open_storage()  # GINRUMMY_DESKTOP_HOME points at a per-test folder (conftest)
    store.settings.update(animation_speed="instant")  # no pauses before the opponent's moves
    yield store
    store.close()


@pytest.fixture
def window(qtbot, storage):
    win = MainWindow(storage=storage, speed="instant")

    def before_close(widget: MainWindow) -> None:  # the test is over: nobody to answer
        widget.set_confirmations(dict.fromkeys(widget.confirmations, False))
        widget.controller.stop()

    qtbot.addWidget(win, before_close_func=before_close)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


def preferences(qtbot, window, tab: str) -> PreferencesDialog:
    dialog = PreferencesDialog(window.storage, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    bar = dialog.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == tab)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    return dialog


def tick(qtbot, box) -> None:
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def untick_confirmation(qtbot, window, key: str) -> None:
    dialog = preferences(qtbot, window, "Player")
    box = dialog.confirm_checks[key]
    assert box.isChecked()
    tick(qtbot, box)
    assert not window.storage.settings.settings.confirmations[key]
    dialog.close()


def answer(qtbot, window, button: QMessageBox.StandardButton, asked: list[str]) -> None:
    """Click ``button`` on the next confirmation the window shows (from its modal loop)."""
    def click() -> None:
        box = window.last_question
        if box is None or not box.isVisible():
            QTimer.singleShot(20, click)
            return
        asked.append(box.windowTitle())
        QTest.mouseClick(box.button(button), Qt.MouseButton.LeftButton)
    QTimer.singleShot(0, click)


def press(qtbot, window, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key press on the main window, once it is the active window again (a question box
    that just closed had the focus)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    QTest.keyClick(window, key, modifiers)


def new_gin_match(window, qtbot, seed: int = 11) -> None:
    window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=seed))
    settle(qtbot, window.gin_screen.controller)


def stock_point(window) -> QPoint:
    screen = window.gin_screen
    return screen.view.mapFromScene(screen.table.stock_top().card_rect().center())


def until_my_draw(window, qtbot) -> None:
    controller = window.gin_screen.controller
    stand_in = BUILTIN_BOTS["greedy"]()
    for _ in range(40):
        settle(qtbot, controller)
        kinds = {a.kind for a in controller.view().legal_actions}
        if controller.view().to_move == HUMAN and "draw_stock" in kinds:
            return
        controller.play(stand_in.choose(controller.session.observation(HUMAN)))
    raise AssertionError("the person never got to draw")


def test_sort_my_hand_automatically_on_and_off(window, qtbot):
    controller = window.gin_screen.controller
    new_gin_match(window, qtbot)
    assert controller.hand_order == sort_cards(controller.view().hand, "melds")
    # The person picks "by rank" (a real click); each draw keeps the hand sorted that way.
    qtbot.mouseClick(window.gin_screen.buttons["sort_rank"], Qt.MouseButton.LeftButton)
    until_my_draw(window, qtbot)
    qtbot.mouseClick(window.gin_screen.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=stock_point(window))
    assert len(controller.hand_order) == 11
    assert controller.hand_order == sort_cards(controller.hand_order, "rank")

    dialog = preferences(qtbot, window, "Player")
    assert dialog.auto_sort_check.isChecked()
    tick(qtbot, dialog.auto_sort_check)
    dialog.close()
    assert controller.auto_sort is False
    new_gin_match(window, qtbot, seed=12)
    assert controller.hand_order == list(controller.view().hand)  # as dealt
    until_my_draw(window, qtbot)
    before = list(controller.hand_order)
    qtbot.mouseClick(window.gin_screen.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=stock_point(window))
    assert controller.hand_order[:-1] == before  # the drawn card goes to the end, unsorted
    assert controller.hand_order[-1] == controller.drawn


def test_large_index_card_faces(window, qtbot):
    new_gin_match(window, qtbot)
    card = window.gin_screen.controller.hand_order[0]
    item = window.gin_screen.table.item_for(card)
    width = int(item.card_rect().width())
    standard = window.renderer.pixmap(card, width).toImage()
    dialog = preferences(qtbot, window, "Appearance")
    combo = dialog.face_combo
    combo.setFocus()
    for _ in range(combo.count()):  # arrow keys on the closed list, as a keyboard user does
        if combo.currentData() == "large-index":
            break
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    dialog.close()
    assert window.storage.settings.settings.card_face == "large-index"
    assert window.renderer.style.large_index
    large = window.renderer.pixmap(card, width).toImage()
    assert large != standard


def test_new_match_and_rematch_ask_first_and_no_keeps_the_match(window, qtbot):
    new_gin_match(window, qtbot)
    controller = window.gin_screen.controller
    session = controller.session
    asked: list[str] = []
    answer(qtbot, window, QMessageBox.StandardButton.No, asked)
    press(qtbot, window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Abandon this match?"] and controller.session is session
    answer(qtbot, window, QMessageBox.StandardButton.No, asked)
    press(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 2 and controller.session is session
    assert not [d for d in window.dialogs if d.isVisible()]  # no new-match dialog opened
    answer(qtbot, window, QMessageBox.StandardButton.Yes, asked)
    press(qtbot, window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 3 and controller.session is not session
    # With the box unticked, Rematch goes ahead without a question.
    untick_confirmation(qtbot, window, "new_match")
    session = controller.session
    press(qtbot, window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 3 and controller.session is not session


def test_closing_mid_match_asks_and_no_keeps_the_window_open(window, qtbot):
    new_gin_match(window, qtbot)
    asked: list[str] = []
    answer(qtbot, window, QMessageBox.StandardButton.No, asked)
    assert not window.close()
    assert asked == ["Quit during a match?"] and window.isVisible()
    untick_confirmation(qtbot, window, "quit_match")
    assert window.close()
    assert asked == ["Quit during a match?"]


def test_resign_asks_then_ends_the_match_as_a_recorded_loss(window, qtbot, storage):
    new_gin_match(window, qtbot)
    until_my_draw(window, qtbot)
    asked: list[str] = []
    answer(qtbot, window, QMessageBox.StandardButton.No, asked)
    press(qtbot, window, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert asked == ["Resign?"] and not window.gin_screen.controller.resigned
    answer(qtbot, window, QMessageBox.StandardButton.Yes, asked)
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    resign = next(a for a in menu.actions() if a.text().replace("&", "") == "Resign")
    resign.trigger()  # the Game menu's entry
    controller = window.gin_screen.controller
    assert controller.resigned and window.gin_screen.panel.isVisible()
    assert "You resigned" in window.gin_screen.panel.title.text()
    qtbot.waitUntil(lambda: bool(storage.database.history(storage.profile)))  # storage thread
    [row] = storage.database.history(storage.profile)
    assert row.result == "loss"
    assert not storage.autosave().exists()
    # The table takes no more moves; the keys say why.
    press(qtbot, window, Qt.Key.Key_S)
    assert len(controller.view().hand) == 10


def test_resigning_a_cribbage_match(window, qtbot, storage):
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup

    untick_confirmation(qtbot, window, "resign")
    table = window.start_cribbage(CribbageSetup("beginner"))
    settle(qtbot, table)
    press(qtbot, window, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert table.controller.resigned and table.controller.stage == "over"
    assert table.rematch_button.isVisible() and "You resigned" in table.status.message
    qtbot.waitUntil(lambda: bool(storage.database.history(storage.profile)))  # storage thread
    [row] = storage.database.history(storage.profile)
    assert (row.game, row.result) == ("cribbage", "loss")


def find_knock(window, qtbot) -> Action:
    """Play (greedy stand-in) until the person may knock; returns the best knock."""
    controller = window.gin_screen.controller
    stand_in = BUILTIN_BOTS["greedy"]()
    for seed in range(30, 60):
        new_gin_match(window, qtbot, seed=seed)
        for _ in range(60):
            settle(qtbot, controller)
            if controller.reveal is not None or controller.session.over:
                break
            legal = controller.view().legal_actions
            knocks = [a for a in legal if a.kind == "knock"]
            if knocks and not any(a.kind in ("gin", "big_gin") for a in legal):
                return knocks[0]
            action = stand_in.choose(controller.session.observation(HUMAN))
            if action.kind == "knock":
                return action
            controller.play(action)
    raise AssertionError("no knock found")


def test_knock_asks_first(window, qtbot):
    knock = find_knock(window, qtbot)
    controller = window.gin_screen.controller
    hand = controller.view().hand
    asked: list[str] = []
    answer(qtbot, window, QMessageBox.StandardButton.No, asked)
    qtbot.mouseClick(window.gin_screen.buttons["knock"], Qt.MouseButton.LeftButton)
    assert asked == ["Knock?"]
    assert controller.view().hand == hand and controller.reveal is None  # still playing
    untick_confirmation(qtbot, window, "knock")
    controller.select(knock.card)
    qtbot.mouseClick(window.gin_screen.buttons["knock"], Qt.MouseButton.LeftButton)
    assert asked == ["Knock?"]
    assert controller.reveal is not None  # knocked: the hand is over
