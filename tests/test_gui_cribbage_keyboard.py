"""Cribbage played from the keyboard alone: real key events, the real engine, a stacked deal.

The deal of ``test_gui_cribbage_table`` (the person is the pone; the scripted opponent deals
and keeps four ten-cards), so every card the person must reach is known in advance.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.gui.cribbage.display import STAGE_DISCARD, STAGE_PLAY, STAGE_SHOW
from ginrummy_desktop.gui.cribbage.keys import CRIBBAGE_KEYS
from ginrummy_desktop.gui.shell.help_pages import shortcuts_html
from tests.gui_helpers import settle
from tests.test_gui_cribbage_table import make_table

Key = Qt.Key


def press(qtbot, table, key: Qt.Key) -> None:
    qtbot.keyClick(table.view.viewport(), key)
    settle(qtbot, table)


def focus_card(qtbot, table, card: Card) -> None:
    """Right arrow until the keyboard focus is on ``card`` (at most once round the hand)."""
    for _ in range(len(table.controller.display.hand) + 1):
        if table.controller.display.focus == card:
            return
        press(qtbot, table, Key.Key_Right)
    assert table.controller.display.focus == card


def active_table(qtbot):
    table = make_table(qtbot)
    table.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is table)
    return table


def test_a_whole_hand_is_played_with_the_keyboard_alone(qtbot):
    table = active_table(qtbot)
    controller = table.controller
    assert controller.stage == STAGE_DISCARD and controller.display.focus is None

    # Two cards to the crib: arrows to each, Space to choose it, Enter to send.
    for card in parse_cards("9C 2D"):
        focus_card(qtbot, table, card)
        assert table.item_for(card).selected  # the focus is drawn raised
        press(qtbot, table, Key.Key_Space)
        assert card in controller.display.pending
    assert table.send_button.isEnabled()
    press(qtbot, table, Key.Key_Return)
    qtbot.waitUntil(lambda: controller.stage == STAGE_PLAY)
    assert controller.match.crib and not controller.display.pending

    # The play: arrows and Enter for each card; the person's go is said for them.
    for card in parse_cards("KH 5H 5S TH"):
        qtbot.waitUntil(lambda: controller.stage == STAGE_PLAY and controller.waiting_for_human
                        and controller.match.to_move() == controller.human)
        focus_card(qtbot, table, card)
        press(qtbot, table, Key.Key_Return)
        assert controller.stage == STAGE_SHOW or card not in controller.display.hand
    qtbot.waitUntil(lambda: controller.stage == STAGE_SHOW and table.continue_button.isVisible())
    scores_after_show = tuple(controller.match.scores)
    assert scores_after_show[0] > 0  # the play and the show pegged the person's points

    # N deals the next hand.
    press(qtbot, table, Key.Key_N)
    qtbot.waitUntil(lambda: controller.stage == STAGE_DISCARD)
    assert controller.match.hand_number == 2 and len(controller.display.hand) == 6


def test_enter_without_a_focused_card_explains_and_escape_takes_the_choice_back(qtbot):
    table = active_table(qtbot)
    controller = table.controller
    press(qtbot, table, Key.Key_Right)
    first = controller.display.focus
    assert first == controller.display.hand[0]
    press(qtbot, table, Key.Key_Left)  # wraps to the last card
    assert controller.display.focus == controller.display.hand[-1]
    press(qtbot, table, Key.Key_Space)
    assert len(controller.display.pending) == 1
    press(qtbot, table, Key.Key_Escape)
    assert controller.display.pending == ()


def test_h_asks_for_the_discard_advisor(qtbot):
    table = active_table(qtbot)
    press(qtbot, table, Key.Key_H)
    qtbot.waitUntil(lambda: bool(table.controller.display.hint_lines), timeout=20_000)
    press(qtbot, table, Key.Key_Escape)
    assert not table.controller.display.hint_lines


def test_help_lists_the_keys_of_both_games():
    from ginrummy_desktop.gui.gin.keys import shortcut_rows

    html = shortcuts_html(shortcut_rows())
    assert "Gin Rummy" in html and "Cribbage" in html
    for _id, label, keys, _text in CRIBBAGE_KEYS:
        assert label in html and keys[0] in html


def play_to_the_show(qtbot, table) -> None:
    controller = table.controller
    for card in parse_cards("9C 2D"):
        focus_card(qtbot, table, card)
        press(qtbot, table, Key.Key_Space)
    press(qtbot, table, Key.Key_Return)
    for card in parse_cards("KH 5H 5S TH"):
        qtbot.waitUntil(lambda: controller.stage == STAGE_PLAY and controller.waiting_for_human
                        and controller.match.to_move() == controller.human)
        focus_card(qtbot, table, card)
        press(qtbot, table, Key.Key_Return)
    qtbot.waitUntil(lambda: controller.stage == STAGE_SHOW and table.continue_button.isVisible())


def test_verify_deal_after_the_show_checks_the_commitment_published_before_it(qtbot):
    table = active_table(qtbot)
    published = table.controller.match.commitment
    assert not table.verify_button.isVisible()  # nothing to verify during the deal
    play_to_the_show(qtbot, table)
    assert table.verify_button.isVisible()
    qtbot.mouseClick(table.verify_button, Qt.MouseButton.LeftButton)
    box = table.verification_box
    assert box is not None and box.isVisible()
    assert "Verified" in box.text() and published in box.text()
    box.close()
    # Had the deck been changed after the commitment was published, the check says so.
    table.controller.published[1] = "0" * 64
    qtbot.keyClick(table.view.viewport(), Key.Key_V)
    assert "Mismatch" in table.verification_box.text()
    table.verification_box.close()
    press(qtbot, table, Key.Key_N)
    assert not table.verify_button.isVisible()


def test_in_the_app_window_the_keys_play_cribbage_and_leave_the_hidden_gin_table_alone(qtbot):
    from ginrummy_desktop.engine.cribbage import CribbageMatch
    from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from tests.test_gui_cribbage_table import DEAL, NEXT_DEAL

    window = MainWindow(storage=None, speed="instant")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    gin_hand_before = window.gin_screen.controller.selected
    table = window.start_cribbage(CribbageSetup("beginner"),
                                  match=CribbageMatch(first_dealer=1, decks=[DEAL, NEXT_DEAL]))
    settle(qtbot, table)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(table.view.viewport(), Key.Key_Right)
    assert table.controller.display.focus == table.controller.display.hand[0]
    qtbot.keyClick(table.view.viewport(), Key.Key_Space)
    assert len(table.controller.display.pending) == 1
    assert window.gin_screen.controller.selected == gin_hand_before
