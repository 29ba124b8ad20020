"""The panels over the tables: what Enter does to them, and that they read whole.

Driven with real key and mouse events on the main window.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ginrummy_desktop.gui.gin.controller import MatchSetup
from tests.gui_helpers import open_gin_window, stand_in_until


@pytest.fixture
def window(qtbot):
    yield from open_gin_window(qtbot, ask=False)


def _play_to_match_over(window):
    screen = window.gin_screen
    # A short match (to 10) so a handful of hands ends it.
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=5,
                                overrides={"target": 10}))
    stand_in_until(screen, lambda: screen.controller.session.over, limit=2000)
    assert screen.panel.isVisible()
    return screen


def test_enter_keeps_the_match_over_panel_and_its_buttons(window, qtbot):
    screen = _play_to_match_over(window)
    assert "Rematch" in screen.panel.button_texts()
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_Return)
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_Enter)
    qtbot.keyClick(screen.view.viewport(), Qt.Key.Key_Space)
    assert screen.panel.isVisible()
    rematch = screen.panel.button("Rematch")
    assert rematch is not None and rematch.isVisible() and rematch.isEnabled()
    # The panel's buttons still work after the keys: Rematch deals a new match.
    old = screen.controller.session
    qtbot.mouseClick(rematch, Qt.MouseButton.LeftButton)
    assert screen.controller.session is not old
    assert not screen.controller.session.over
    assert not screen.panel.isVisible()


def test_verify_deal_lists_the_deck_as_cards_a_player_reads(window, qtbot):
    from ginrummy_desktop.engine.cards import Card, card_text

    screen = window.gin_screen
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=4))
    stand_in_until(screen, lambda: screen.controller.reveal is not None)
    qtbot.waitUntil(screen.panel.isVisible)
    qtbot.mouseClick(screen.panel.button("Verify deal"), Qt.MouseButton.LeftButton)
    text = screen.verification_box.text()
    deck = screen.controller.session.hand_records()[-1]["deck"]
    assert "Verified" in text
    first, last = card_text(Card.parse(deck[0])), card_text(Card.parse(deck[-1]))
    # The readable deck comes first; the codes that are hashed follow for a check by hand.
    assert text.index(first) < text.index(" ".join(deck))
    assert last in text
    screen.verification_box.close()
