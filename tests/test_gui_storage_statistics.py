"""Statistics window and replay viewer driven with real clicks and keys."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json

import pytest
from PySide6.QtCore import Qt
from tests.storage_fixtures import (
    CRIBBAGE_MATCHES,
    GIN_MATCHES,
    gin_hand,
    gin_record,
    match,
    played_gin_records,
)

from ginrummy_desktop.gui.stats.replay_window import ReplayWindow
from ginrummy_desktop.gui.stats.window import StatisticsWindow
from ginrummy_desktop.storage import Storage


@pytest.fixture
def storage(tmp_path):
    s = Storage(tmp_path)
    for summary in GIN_MATCHES + CRIBBAGE_MATCHES:
        s.record_match(summary)
    yield s
    s.close()


@pytest.fixture
def window(qtbot, storage):
    w = StatisticsWindow(storage)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def click_tab(qtbot, window, title):
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())


def click_cell(qtbot, view, row, column, double=False):
    rect = view.visualRect(view.model().index(row, column))
    action = qtbot.mouseDClick if double else qtbot.mouseClick
    if double:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    action(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def shown(window, key):
    return window.figure_labels[key].text()


def test_overall_and_per_game_figures(qtbot, window):
    assert shown(window, "matches") == "6 (1 abandoned)"
    assert shown(window, "won") == "3 / 2" and shown(window, "win_rate") == "60%"
    assert shown(window, "current") == "1 lost"
    window.game_combo.setFocus()
    qtbot.keyClick(window.game_combo, Qt.Key.Key_Down)  # All games -> Gin Rummy
    assert shown(window, "win_rate") == "67%"
    assert shown(window, "gins") == "1 / 1" and shown(window, "undercuts") == "1 / 1"
    assert shown(window, "deadwood") == "16.0"
    assert not window.cribbage_box.isVisibleTo(window)
    qtbot.keyClick(window.game_combo, Qt.Key.Key_Down)  # -> Cribbage
    assert shown(window, "best_hand") == "29  (a perfect 29!)"
    assert shown(window, "skunks_taken") == "0 / 1"
    assert window.opponent_table.rowCount() == 1


def test_switching_profile_shows_that_players_statistics(qtbot, window, storage):
    storage.settings.add_profile("Ann")
    storage.settings.switch_profile("ann")
    assert shown(window, "matches") == "0" and window.history_model.rowCount() == 0
    storage.settings.switch_profile("player")
    assert shown(window, "matches") == "6 (1 abandoned)"


def test_opponent_filter(qtbot, window):
    window.opponent_combo.setFocus()
    names = [window.opponent_combo.itemText(i) for i in range(window.opponent_combo.count())]
    assert names == ["All opponents", "Expert", "Novice"]
    qtbot.keyClick(window.opponent_combo, Qt.Key.Key_End)  # Novice
    assert shown(window, "matches") == "1"
    assert window.history_model.rowCount() == 1


def test_history_sorts_filters_and_opens_a_match(qtbot, window, storage):
    click_tab(qtbot, window, "History")
    model, view = window.history_model, window.history_view
    assert model.rowCount() == 6
    assert model.data(model.index(0, 1)) == "Cribbage"  # newest first
    header = view.horizontalHeader()
    for _ in range(2):  # a second click on the Score header reverses the order
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                         pos=_header_point(header, 3))
        scores = [model.data(model.index(r, 3)) for r in range(model.rowCount())]
        margins = [int(a) - int(b) for a, b in (s.split("–") for s in scores)]
        descending = header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
        assert header.sortIndicatorSection() == 3
        assert margins == sorted(margins, reverse=descending)
    qtbot.keyClicks(window.search_edit, "novice")
    assert model.rowCount() == 1
    assert window.status.text() == "1 of 6 matches shown."
    window.search_edit.clear()
    row = next(r for r in range(model.rowCount()) if model.rows[r].hands == 4)
    click_cell(qtbot, view, row, 0)
    assert window.hands_table.rowCount() == 4
    outcomes = [window.hands_table.item(r, 1).text() for r in range(4)]
    assert outcomes == ["Gin by you", "Knock by Expert", "You undercut", "Big gin by you"]
    assert window.hands_table.item(3, 4).text() == "120–9"
    assert [p[1] for p in window.progress_chart.series[0].points] == [0, 35, 35, 65, 120]


def _header_point(header, section):
    from PySide6.QtCore import QPoint

    return QPoint(header.sectionViewportPosition(section) + header.sectionSize(section) // 2,
                  header.height() // 2)


def test_double_clicking_a_recorded_hand_opens_its_replay(qtbot, storage):
    record = gin_record()
    storage.record_match(match("gin", "win", 100, 0, [
        gin_hand("player", 100, 0, "gin", "player", record=record),
        gin_hand("opponent", 0, 5, "knock", "opponent"),
    ], day=30))
    window = StatisticsWindow(storage)
    qtbot.addWidget(window)
    window.show()
    click_tab(qtbot, window, "History")
    click_cell(qtbot, window.history_view, 0, 0)
    click_cell(qtbot, window.hands_table, 1, 0)
    assert not window.replay_button.isEnabled()  # no record kept for that hand
    click_cell(qtbot, window.hands_table, 0, 0)
    assert window.replay_button.isEnabled()
    click_cell(qtbot, window.hands_table, 0, 1, double=True)
    [replay] = window.replays
    qtbot.addWidget(replay)
    assert replay.record == record
    assert replay.frames[0].description == "Expert deals"


def test_charts_are_drawn_when_their_tab_opens(qtbot, window):
    assert window.win_rate_chart.series == []  # not computed until someone looks
    click_tab(qtbot, window, "Charts")
    [series] = window.win_rate_chart.series
    assert len(series.points) == 5  # decided matches
    assert dict(window.points_chart.bars)["0"] == 4 + 0
    image = window.points_chart.grab().toImage()
    assert image.width() > 100


def test_export_and_import_report_in_the_window(qtbot, window, tmp_path):
    window.export_history(tmp_path / "history.csv")
    assert window.status.text() == "Exported 6 matches to history.csv."
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(played_gin_records()[0]) + "\n{oops\n")
    window.import_records(bad)
    assert window.status.text().startswith("1 record(s) imported, 0 already present, 1 refused")
    window.export_history(tmp_path / "missing-folder" / "x.csv")
    assert "Could not write x.csv" in window.status.text()


# ----- replay viewer -------------------------------------------------------------------------
@pytest.fixture
def replay(qtbot):
    w = ReplayWindow(gin_record(), {0: "You", 1: "Bot"})
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_replay_buttons_and_keys_step_through_the_hand(qtbot, replay):
    assert replay.move_label.text() == "Bot deals"
    assert not replay.back_button.isEnabled()
    assert len(replay.bottom_row.cards) == 10 and len(replay.top_row.cards) == 10
    qtbot.mouseClick(replay.forward_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(replay.forward_button, Qt.MouseButton.LeftButton)
    assert replay.move_label.text() == "Bot takes 8D from the discard pile"
    assert len(replay.top_row.cards) == 11 and replay.top_row.highlight.rank == 8
    qtbot.mouseClick(replay.back_button, Qt.MouseButton.LeftButton)
    assert replay.move_label.text() == "You pass"
    qtbot.keyClick(replay, Qt.Key.Key_Right)
    assert replay.position == 2
    qtbot.mouseClick(replay.last_button, Qt.MouseButton.LeftButton)
    assert replay.move_label.text() == "You discard 9D"
    assert not replay.forward_button.isEnabled()
    assert replay.counter_label.text() == "Move 5 of 5"
    click_cell(qtbot, replay.moves, 1, 0)
    assert replay.position == 1
    qtbot.mouseClick(replay.first_button, Qt.MouseButton.LeftButton)
    assert replay.position == 0 and replay.pile_row.cards[-1].rank == 8


def test_a_record_that_cannot_be_replayed_is_shown_as_text(qtbot):
    from PySide6.QtWidgets import QLabel, QPlainTextEdit

    w = ReplayWindow({"game": "cribbage", "deck": None})
    qtbot.addWidget(w)
    texts = [label.text() for label in w.findChildren(QLabel)]
    assert any("cannot be replayed move by move" in text for text in texts)
    assert '"game": "cribbage"' in w.findChild(QPlainTextEdit).toPlainText()


def test_imported_records_are_listed_and_replayable(qtbot, window, tmp_path):
    path = tmp_path / "shared.jsonl"
    record = played_gin_records(seed=4, count=1)[0]
    path.write_text(json.dumps(record) + "\n")
    window.import_records(path)
    click_tab(qtbot, window, "Records")
    model = window.records_model
    assert model.rowCount() == 1
    ending = record["result"]["kind"].replace("_", " ")
    assert [model.data(model.index(0, c)) for c in (1, 2, 3)] == ["Gin Rummy", ending,
                                                                  "imported"]
    click_cell(qtbot, window.records_view, 0, 1, double=True)
    [replay] = window.replays
    qtbot.addWidget(replay)
    assert len(replay.frames) == len(record["actions"]) + 1
