"""The move log beside each table: every move of the hand in play, in words."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ginrummy_desktop.engine.cards import card_text
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from tests.gui_helpers import open_gin_window, stand_in_until


@pytest.fixture
def window(qtbot):
    yield from open_gin_window(qtbot, ask=False)


def test_gin_move_log_lists_each_move_and_starts_afresh_each_hand(window, qtbot):
    screen = window.gin_screen
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=8))
    assert screen.controller.settle()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert not screen.move_log.isVisible()
    qtbot.mouseClick(screen.buttons["moves"], Qt.MouseButton.LeftButton)
    assert screen.move_log.isVisible()
    assert screen.view_actions["move_log"].isChecked()
    # Draw from the stock with the key, then discard the drawn card with Enter.
    stand_in_until(screen, lambda: {a.kind for a in screen.controller.view().legal_actions}
                   >= {"draw_stock"} and screen.controller.view().to_move == HUMAN)
    before = len(screen.move_log.lines)
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_S)
    drawn = screen.controller.drawn
    assert drawn is not None
    assert screen.move_log.lines[before] == f"You drew {card_text(drawn)} from the stock"
    discard = next(a.card for a in screen.controller.view().legal_actions
                   if a.kind == "discard")
    rect = screen.table.item_for(discard).card_rect()  # click the strip a fanned card shows
    qtbot.mouseClick(screen.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=screen.view.mapFromScene(rect.left() + rect.width() * 0.15,
                                                  rect.center().y()))
    assert screen.controller.selected == discard
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_Return)
    assert screen.move_log.lines[before + 1] == f"You discarded {card_text(discard)}"
    assert screen.controller.settle()
    # The opponent's move is logged as it is played; the list on screen is the log.
    assert len(screen.move_log.lines) >= before + 3
    assert screen.move_log.list.count() == len(screen.move_log.lines)
    assert [screen.move_log.list.item(i).text() for i in range(screen.move_log.list.count())] \
        == screen.controller.moves
    # The next hand starts with an empty log; L hides the panel again.
    hand = screen.controller.view().hand_number
    stand_in_until(screen, lambda: screen.controller.view().hand_number > hand
                   and screen.controller.reveal is None)
    assert all("knocked" not in line and "gin" not in line.lower()
               for line in screen.move_log.lines[:1])
    assert len(screen.move_log.lines) <= 4
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_L)
    assert not screen.move_log.isVisible()


def test_cribbage_move_log_lists_discards_and_plays(qtbot):
    from ginrummy_desktop.engine.cards import Card
    from tests.gui_helpers import settle
    from tests.test_gui_cribbage_table import at, discard_by_clicking, make_table

    table = make_table(qtbot)
    qtbot.mouseClick(table.moves_button, Qt.MouseButton.LeftButton)
    assert table.move_log.isVisible()
    discard_by_clicking(qtbot, table)
    lines = table.move_log.lines
    assert "You lay 9♣ 2♦ away to the crib" in lines
    assert "Computer lays two cards away" in lines  # the opponent's cards stay unseen
    king = Card.parse("KH")
    qtbot.mouseDClick(table.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=at(table, table.card_centre(king)))
    settle(qtbot, table)
    assert table.move_log.lines[-2:] == ["You play K♥", "Computer plays 10♣"]
    assert table.move_log.list.count() == len(table.move_log.lines)
    qtbot.mouseClick(table.move_log.close_button, Qt.MouseButton.LeftButton)
    assert not table.move_log.isVisible() and not table.moves_button.isChecked()


def test_a_hand_sat_out_is_watched_move_by_move_then_shown_face_up(window, qtbot):
    """Three-player gin: the person sits out a hand; both players' rows are on the felt, each
    move is logged as it is played, and at the end both hands lie face up."""
    screen = window.gin_screen
    controller = screen.controller
    screen.new_match(MatchSetup(preset="three-player", opponent="greedy", seed=8))
    from ginrummy_desktop.gui.scenes.gin import _person_moves

    _person_moves(window, lambda: controller.watching)  # a stand-in plays the person's hands
    assert controller.watching
    qtbot.mouseClick(screen.buttons["moves"], Qt.MouseButton.LeftButton)
    model = screen.table.model
    players = controller.view().in_hand
    assert HUMAN not in players
    assert model.top_name and model.bottom_name  # both players' rows, named
    assert model.opponent_hidden + len(model.opponent_known) == 10
    assert model.bottom_hidden + len(model.bottom_known) == 10
    logged = len(controller.moves)
    qtbot.waitUntil(lambda: len(controller.moves) > logged + 1, timeout=15_000)
    names = {controller.name_of(seat) for seat in players}
    assert all(any(line.startswith(name) for name in names) for line in controller.moves)
    assert screen.move_log.lines == controller.moves
    # Space plays the rest out; the result shows both hands face up.
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: controller.reveal is not None, timeout=20_000)
    qtbot.waitUntil(lambda: not screen.animator.busy, timeout=10_000)
    shown = screen.table.model
    assert shown.revealing
    hands = [card for row in (shown.reveal_top, shown.reveal_bottom) for group in row.groups
             for card in group]
    assert len(hands) == 20
    assert all(screen.table.item_for(card).face_up for card in hands)
