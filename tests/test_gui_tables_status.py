"""The status line keeps telling what to do next while it reports what just happened."""

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


def test_sorting_shows_beside_the_prompt_not_instead_of_it(window, qtbot):
    screen = window.gin_screen
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=3))
    assert screen.controller.settle()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert screen.controller.view().to_move == HUMAN
    prompt = screen.status.prompt
    assert prompt is not None
    screen.status.notice_ms = 200  # the notice steps aside sooner (no wait in the test)
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_2)  # sort by suit
    shown = screen.status.shown_text
    assert "Sorted by suit" in shown
    assert prompt[0] in shown  # what to do next is still there
    # Once the notice has been read, the prompt stands alone again.
    qtbot.waitUntil(lambda: "Sorted by suit" not in screen.status.shown_text, timeout=10_000)
    assert prompt[0] in screen.status.shown_text


def test_use_this_hint_selects_the_hinted_discard_for_enter(window, qtbot):
    screen = window.gin_screen
    controller = screen.controller
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=6))
    assert controller.settle()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    stand_in_until(screen, lambda: "draw_stock" in {a.kind for a in controller.view()
                                                    .legal_actions})
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_S)  # draw: now a discard is due
    assert not screen.buttons["use_hint"].isVisible()
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_H)
    qtbot.waitUntil(lambda: controller.last_hint is not None, timeout=60_000)
    action, reason = controller.last_hint
    assert action.kind in ("discard", "knock", "gin") and card_text(action.card) in reason
    assert controller.selected is None  # the hint itself changes nothing in the hand
    qtbot.waitUntil(screen.buttons["use_hint"].isVisible)
    qtbot.mouseClick(screen.buttons["use_hint"], Qt.MouseButton.LeftButton)
    assert controller.selected == action.card
    if action.kind == "discard":
        qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_Return)
        assert f"You discarded {card_text(action.card)}" in controller.moves
        assert not screen.buttons["use_hint"].isVisible()  # that hint is spent
