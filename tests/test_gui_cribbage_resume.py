"""A cribbage game resumed after a quit comes back with the person's marks at the table.

Cribbage offers no undo (gin does, in practice games), so what a player had is: the cards
chosen for the crib but not sent, the keyboard focus, the hint on show, the cut for the deal
on show before Deal, and the commitments published before each hand (Verify deal).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup
from ginrummy_desktop.storage import open_storage
from tests.gui_helpers import settle
from tests.start_offers import answer_start_offer
from tests.test_gui_cribbage_app import click, click_card, deal, make_window, storage  # noqa: F401

Key = Qt.Key


def resumed_table(qtbot):
    again = open_storage()
    window = make_window(qtbot, again)
    window.restore_or_start()
    answer_start_offer(qtbot, window, "Resume")
    assert window.game == "cribbage"
    settle(qtbot, window.cribbage_table)
    return again, window, window.cribbage_table


def test_the_crib_choice_focus_and_hint_survive_a_resume(qtbot, storage):  # noqa: F811
    window = make_window(qtbot, storage)
    match = CribbageMatch(first_dealer=1, decks=[deal()])
    table = window.start_cribbage(CribbageSetup("greedy"), match=match)
    settle(qtbot, table)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    controller = table.controller
    click_card(qtbot, table, Card.parse("9C"))  # chosen for the crib, not sent
    qtbot.keyClick(table.view.viewport(), Key.Key_Right)  # the keyboard focus
    qtbot.keyClick(table.view.viewport(), Key.Key_H)  # the discard advisor
    qtbot.waitUntil(lambda: bool(table.display.hint_lines), timeout=20_000)
    hint_lines, focus = table.display.hint_lines, table.display.focus
    assert focus is not None
    commitment = controller.published[1]
    window.close()
    storage.close()

    again, resumed, other = resumed_table(qtbot)
    try:
        assert other.display.pending == (Card.parse("9C"),)
        assert other.item_for(Card.parse("9C")).selected
        assert other.display.focus == focus
        assert other.display.hint_lines == hint_lines and other.hint_panel.isVisible()
        assert other.controller.published[1] == commitment
        # The resumed choice is live: a second card and Send lay both away.
        click_card(qtbot, other, Card.parse("2D"))
        click(qtbot, other.send_button, other.send_button.rect().center())
        qtbot.waitUntil(lambda: other.controller.stage == "play")
        assert other.controller.match.discards[0] == (Card.parse("2D"), Card.parse("9C"))
        resumed.close()
    finally:
        again.close()


def test_the_cut_for_the_deal_on_show_comes_back_waiting_for_deal(qtbot, storage):  # noqa: F811
    window = make_window(qtbot, storage)
    table = window.start_cribbage(CribbageSetup("beginner"),
                                  match=CribbageMatch(seed=5, rules=CribbageRules(
                                      player_cuts=True)))
    settle(qtbot, table)
    controller = table.controller
    for _ in range(6):
        if table.continue_button.isVisible():
            break
        qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton,
                         pos=table.view.mapFromScene(table.pack_point(20)))
        settle(qtbot, table)
        qtbot.waitUntil(lambda: controller.waiting_for_human)
    assert table.continue_button.text() == "Deal"
    cards = controller.match.cuts[-1]
    window.close()
    storage.close()

    again, resumed, other = resumed_table(qtbot)
    try:
        assert other.controller.stage == "cut" and other.continue_button.isVisible()
        assert tuple(c for *_, c in other.display.cut_cards) == cards
        assert other.display.show_title.startswith("Low card deals")
        click(qtbot, other.continue_button, other.continue_button.rect().center())
        qtbot.waitUntil(lambda: other.controller.stage == "discard")
        assert other.controller.match.hand_number == 1
        resumed.close()
    finally:
        again.close()


def test_a_damaged_table_state_drops_the_marks_but_resumes_the_game(qtbot, storage):  # noqa: F811
    window = make_window(qtbot, storage)
    table = window.start_cribbage(CribbageSetup("greedy"),
                                  match=CribbageMatch(first_dealer=1, decks=[deal()]))
    settle(qtbot, table)
    controller = table.controller
    state = controller.snapshot()
    state["table"] = {"pending": ["ZZ"], "hint": {"title": 3}}
    controller.restore_table(state["table"])
    assert table.display.pending == () and not table.display.hint_lines
    controller.restore_table({"pending": ["AS"]})  # a card the person does not hold
    assert table.display.pending == ()
    window.close()
