"""Cribbage discard: choose two, then confirm; nothing moves under the mouse meanwhile.

Real mouse and key events on the table's viewport against the real engine (the stacked deal
of ``test_gui_cribbage_table``).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt

from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.gui.table import card_item
from tests.gui_helpers import settle
from tests.test_gui_cribbage_keyboard import active_table
from tests.test_gui_cribbage_table import HUMAN, at, make_table

# The "CRIB" ribbon on a chosen card (looked up, not imported: a table without it must fail
# at the assertion about what a click does, not at import).
MARK_CHOSEN = getattr(card_item, "MARK_CHOSEN", "chosen")


def test_a_click_raises_the_card_in_place_and_the_rest_stay_still(qtbot):
    table = active_table(qtbot)  # Enter confirms: the table's window takes the keys
    before = {card: table.card_centre(card) for card in HUMAN}
    # Click 9C, then click where 2D stood before the first click: that must be 2D.
    nine, two = Card.parse("9C"), Card.parse("2D")
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=at(table, before[nine]))
    settle(qtbot, table)
    after = {card: table.card_centre(card) for card in HUMAN}
    moved = [str(card) for card in HUMAN if card != nine and after[card] != before[card]]
    assert moved == [], f"one click on 9C moved the other cards under the mouse: {moved}"
    assert after[nine].x() == before[nine].x() and after[nine].y() < before[nine].y()
    assert MARK_CHOSEN in table.item_for(nine).marks
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=at(table, before[two]))
    settle(qtbot, table)
    assert set(table.display.pending) == {nine, two}
    # Nothing is laid away until the person confirms; the prompt says how.
    assert table.controller.match.observation(0).own_discards == ()
    assert "Send to crib" in table.status.shown_text
    qtbot.keyClick(table.view.viewport(), Qt.Key.Key_Return)
    settle(qtbot, table)
    assert set(table.controller.match.observation(0).own_discards) == set(parse_cards("9C 2D"))


def test_a_second_click_on_a_chosen_card_takes_it_back_where_it_was(qtbot):
    table = make_table(qtbot)
    nine = Card.parse("9C")
    start = table.card_centre(nine)
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=at(table, start))
    settle(qtbot, table)
    # The raised card is still under the mouse: a second click there takes it back.
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=at(table, start))
    settle(qtbot, table)
    assert table.display.pending == ()
    assert table.card_centre(nine) == start
    assert MARK_CHOSEN not in table.item_for(nine).marks


def test_resigning_a_cribbage_game_speaks_of_a_game(qtbot):
    table = make_table(qtbot)
    assert table.controller.resign()
    assert "wins the game" in table.status.shown_text
    assert "the match" not in table.status.shown_text and " · " not in table.status.shown_text


def test_use_this_hint_chooses_the_advised_toss_for_the_person_to_send(qtbot):
    table = make_table(qtbot)
    assert not table.use_hint_button.isVisible()
    qtbot.mouseClick(table.hint_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    qtbot.waitUntil(table.use_hint_button.isVisible)
    advised = set(table.display.hint_cards)
    assert len(advised) == 2
    qtbot.mouseClick(table.use_hint_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert set(table.display.pending) == advised
    assert all(MARK_CHOSEN in table.item_for(card).marks for card in advised)
    assert table.controller.match.observation(0).own_discards == ()  # still the person's call
    qtbot.mouseClick(table.send_button, Qt.MouseButton.LeftButton)
    settle(qtbot, table)
    assert set(table.controller.match.observation(0).own_discards) == advised
