"""The review window through real clicks: after a gin hand, on a cribbage hand, cancelling the
analysis, and "Try again" from a decision played on with the mouse as unrated practice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.review import review_hand
from ginrummy_desktop.gui.review.try_again import BANNER, TryAgainWindow
from ginrummy_desktop.gui.review.window import ReviewWindow
from ginrummy_desktop.gui.stats.replay_window import ReplayWindow
from ginrummy_desktop.gui.table.background import Background
from tests.gui_helpers import choose_from_menu, open_gin_window, stand_in_until
from tests.test_review_engine import cribbage_records, gin_records


@pytest.fixture
def window(qtbot):
    yield from open_gin_window(qtbot, ask=False)


def _analysed(qtbot, review: ReviewWindow) -> ReviewWindow:
    qtbot.waitUntil(lambda: review.review is not None or review.error is not None,
                    timeout=60_000)
    return review


def _click(qtbot, button) -> None:
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_review_button_after_a_gin_hand_steps_through_its_decisions(qtbot, window):
    screen = window.gin_screen
    window.start_default_match()
    stand_in_until(screen, lambda: screen.controller.reveal is not None)
    qtbot.waitUntil(screen.panel.isVisible)
    review_button = screen.panel.button("Review")
    assert review_button is not None
    _click(qtbot, review_button)
    review = _analysed(qtbot, window.dialogs[-1])
    assert isinstance(review, ReviewWindow) and review.error is None
    record = screen.controller.session.hand_records()[-1]
    expected = review_hand(record, 0)
    assert review.decisions.count() == len(expected.decisions) > 0
    assert review.decisions.currentRow() == 0
    first = expected.decisions[0]
    assert first.chosen_option.label in review.chosen_label.text()
    assert review.reason_label.text() == first.reason
    assert review.options.rowCount() == len(first.options)
    if len(expected.decisions) > 1:
        qtbot.keyClick(review, Qt.Key.Key_Right)
        assert review.decisions.currentRow() == 1
        _click(qtbot, review.back_button)
        assert review.decisions.currentRow() == 0
    last = review.decisions.count() - 1
    qtbot.mouseClick(review.decisions.viewport(), Qt.MouseButton.LeftButton,
                     pos=review.decisions.visualItemRect(review.decisions.item(last)).center())
    assert review.position == last
    assert f"Accuracy {expected.summary.accuracy:.0f}%" in review.summary_label.text()
    # The table shows only what the person could see: the opponent's cards face down.
    assert review.top_row.cards and all(card is None for card in review.top_row.cards)


def test_the_menu_reviews_the_whole_match_so_far(qtbot, window):
    screen = window.gin_screen
    window.start_default_match()
    assert window.review_last_hand() is None  # nothing finished yet: a message, no window
    stand_in_until(screen, lambda: len(screen.controller.session.hand_records()) >= 1)
    review = _analysed(qtbot, choose_from_menu(qtbot, window, "&Game", "Review this ma&tch…"))
    assert len(review.review.hands) == len(screen.controller.session.hand_records())


def test_cribbage_review_shows_the_whole_discard_table(qtbot):
    record = cribbage_records()[0]
    review = ReviewWindow([record], 0, {0: "You", 1: "Max"})
    qtbot.addWidget(review)
    review.show()
    _analysed(qtbot, review)
    assert review.decisions.currentRow() == 0
    headers = [review.options.horizontalHeaderItem(i).text()
               for i in range(review.options.columnCount())]
    assert headers == ["Option", "Points", "Hand", "Crib", "Net"]
    assert review.options.rowCount() == 15
    plays = [i for i, (_, d) in enumerate(review.entries) if d.kind == "play"]
    if plays:
        qtbot.mouseClick(review.decisions.viewport(), Qt.MouseButton.LeftButton,
                         pos=review.decisions.visualItemRect(
                             review.decisions.item(plays[0])).center())
        assert review.options.columnCount() == 2
        assert "Count" in review.note_label.text()


def test_cancel_stops_the_analysis_and_shows_the_hands_done(qtbot):
    records = [r for seed in (21, 22, 23) for r in gin_records(("simple", "expert"), seed, 3)]
    review = ReviewWindow(records, 0)
    qtbot.addWidget(review)
    review.show()
    _click(qtbot, review.cancel_button)  # the first hand is still being analysed
    _analysed(qtbot, review)
    assert 1 <= len(review.review.hands) < len(records)
    assert f"stopped after {len(review.review.hands)} of {len(records)}" in \
        review.summary_label.text()
    assert not review.progress.isVisible()


def test_a_record_that_does_not_replay_is_explained(qtbot):
    broken = dict(gin_records()[0], actions=[[0, "discard", "XX"]])
    review = _analysed(qtbot, ReviewWindow([broken], 0))
    qtbot.addWidget(review)
    assert "cannot be reviewed" in review.summary_label.text()
    assert not review.try_button.isEnabled()


def test_replay_window_opens_the_review_for_the_person(qtbot):
    record = gin_records()[0]
    replay = ReplayWindow(record, {0: "Max", 1: "You"})
    qtbot.addWidget(replay)
    replay.show()
    _click(qtbot, replay.review_button)
    [review] = replay.findChildren(ReviewWindow)
    _analysed(qtbot, review)
    assert review.seat == 1 and review.review.hands[0].seat == 1


def _left_edge(item) -> QPointF:
    rect = item.card_rect()
    return QPointF(rect.left() + rect.width() * 0.15, rect.center().y())


def test_try_again_plays_the_hand_on_from_a_discard_as_practice(qtbot):
    record = gin_records(("simple", "expert"), 5, 2)[1]
    review = ReviewWindow([record], 0, {0: "You", 1: "Max"}, opponent="simple")
    qtbot.addWidget(review)
    review.show()
    _analysed(qtbot, review)
    target = next(i for i, (_, d) in enumerate(review.entries) if d.kind == "discard")
    qtbot.mouseClick(review.decisions.viewport(), Qt.MouseButton.LeftButton,
                     pos=review.decisions.visualItemRect(review.decisions.item(target)).center())
    _, decision = review.entries[target]
    _click(qtbot, review.try_button)
    [practice] = review.practice_windows
    assert isinstance(practice, TryAgainWindow) and practice.banner.text() == BANNER
    qtbot.waitExposed(practice)
    screen, controller = practice.screen, practice.controller
    assert controller.setup.practice and controller.setup.opponent == "simple"
    # The same cards as at that moment of the record.
    frame_hand = set(review.frames[0][decision.step - 1].hands[
        review.frames[0][decision.step - 1].seats.index(0)])
    observation = controller.session.observation(0)
    assert set(observation.hand) == frame_hand and observation.phase == "discard"
    # Throw the best card this time, with a double-click on it.
    best = Card.parse(decision.best.action[1])
    item = screen.table.item_for(best)
    qtbot.mouseDClick(screen.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=screen.view.mapFromScene(_left_edge(item)))
    qtbot.waitUntil(lambda: best in controller.session.hand.discard_pile, timeout=10_000)
    assert best not in controller.session.observation(0).hand
    qtbot.waitUntil(lambda: controller.view().to_move == 0 or controller.reveal is not None,
                    timeout=20_000)  # the same opponent answered
    practice.close()
    Background.wait_all()


def test_try_again_in_cribbage_starts_at_the_recorded_moment(qtbot):
    record = cribbage_records()[1]
    seat = record["dealer"]
    review = _analysed(qtbot, ReviewWindow([record], seat))
    qtbot.addWidget(review)
    review.show()
    plays = [i for i, (_, d) in enumerate(review.entries) if d.kind == "play"]
    target = plays[0] if plays else 0
    review.decisions.setCurrentRow(target)
    _, decision = review.entries[target]
    _click(qtbot, review.try_button)
    [practice] = review.practice_windows
    qtbot.waitExposed(practice)
    match = practice.controller.match
    assert practice.controller.human == seat
    assert len(match.observation(seat).played) == sum(
        1 for e in record["actions"][: decision.step - 1] if e["action"]["kind"] == "play")
    practice.close()
    Background.wait_all()


def test_a_finished_review_feeds_the_accuracy_trend(qtbot, tmp_path):
    from ginrummy_desktop.gui.review.history import ReviewHistory
    from ginrummy_desktop.gui.review.trend import AccuracyTrend

    history = ReviewHistory(tmp_path / "review-history.json")
    record = gin_records(("simple", "expert"), 5, 2)[1]
    review = _analysed(qtbot, ReviewWindow([record], 0, history=history))
    qtbot.addWidget(review)
    again = _analysed(qtbot, ReviewWindow([record], 0, history=history))  # the same hand
    qtbot.addWidget(again)
    cancelled = ReviewWindow(list(gin_records(("simple", "expert"), 31, 3)), 0,
                             history=history)
    qtbot.addWidget(cancelled)
    cancelled.cancel()
    _analysed(qtbot, cancelled)
    [entry] = ReviewHistory(tmp_path / "review-history.json").entries("gin")
    assert entry["accuracy"] == pytest.approx(review.review.summary.accuracy, abs=0.05)
    chart = AccuracyTrend(history)
    qtbot.addWidget(chart)
    assert [s.points for s in chart.series] == [[(1.0, entry["accuracy"] / 100)]]
    chart.load("cribbage")
    assert chart.series == []


def test_a_damaged_review_history_is_set_aside(tmp_path):
    from ginrummy_desktop.gui.review.history import ReviewHistory

    path = tmp_path / "review-history.json"
    path.write_text("[{oops", encoding="utf-8")
    history = ReviewHistory(path)
    assert history.entries() == [] and history.problem
    history.add("k", "cribbage", 87.5, 8)
    assert ReviewHistory(path).entries("cribbage")[0]["accuracy"] == 87.5
