"""The Review button at the end of a cribbage game, clicked with the mouse, opens the review of
the finished game's hands with the cribbage analysis (issue 41)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.engine.review import review_match
from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup
from ginrummy_desktop.gui.review.window import ReviewWindow
from ginrummy_desktop.gui.table.background import Background
from tests.gui_helpers import settle
from tests.test_gui_cribbage_app import (
    deal,
    lay_away,
    make_window,
    play_out_the_hand,
    storage,  # noqa: F401 - the fixture
)


def test_review_button_on_the_game_over_reviews_the_finished_game(qtbot, storage):  # noqa: F811
    window = make_window(qtbot, storage)
    # One hand from 110 - 40: the person's show (10) ends the game.
    match = CribbageMatch(first_dealer=1, decks=[deal()], scores=(110, 40))
    table = window.start_cribbage(CribbageSetup("beginner"), match=match)
    assert not table.review_button.isVisible()  # nothing to review while the game is on
    lay_away(qtbot, table)
    play_out_the_hand(qtbot, table)
    qtbot.waitUntil(lambda: table.controller.stage == "over")
    settle(qtbot, table)
    assert table.result_panel.isVisible()
    qtbot.waitUntil(table.review_button.isVisible)
    assert table.rematch_button.isVisible()  # beside it, as before

    qtbot.mouseClick(table.review_button, Qt.MouseButton.LeftButton,
                     pos=table.review_button.rect().center())
    review = window.dialogs[-1]
    assert isinstance(review, ReviewWindow)
    qtbot.waitExposed(review)
    qtbot.waitUntil(lambda: review.review is not None or review.error is not None,
                    timeout=60_000)
    assert review.error is None
    records = match.hand_records()
    assert review.records == records and len(records) == 1  # the game's hands
    assert review.seat == 0 and review.opponent == "beginner"
    expected = review_match(records, 0)
    assert len(review.review.hands) == 1
    assert review.decisions.count() == len(expected.hands[0].decisions) > 0
    # The cribbage analysis: the discard first, with the table of all 15 keeps.
    assert review.entries[0][1].kind == "discard"
    headers = [review.options.horizontalHeaderItem(i).text()
               for i in range(review.options.columnCount())]
    assert headers == ["Option", "Points", "Hand", "Crib", "Net"]
    assert review.options.rowCount() == 15
    assert f"Accuracy {expected.summary.accuracy:.0f}%" in review.summary_label.text()
    review.close()
    Background.wait_all()


def test_no_review_button_on_a_table_the_app_does_not_review(qtbot):
    """A table without a way to open the review (practice, online) shows no Review button."""
    from tests.test_gui_cribbage_table import discard_by_clicking, make_table

    table = make_table(qtbot, scores=(119, 40))
    discard_by_clicking(qtbot, table)
    for name in ("KH", "5H", "5S"):  # the pair makes 121 in the play
        table.controller.play_card(Card.parse(name))
        settle(qtbot, table)
    assert table.controller.stage == "over"
    assert table.rematch_button.isVisible()
    assert not table.review_button.isVisible()
