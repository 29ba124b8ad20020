"""Statistics window and replay viewer driven with real clicks and keys."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json

import pytest
from PySide6.QtCore import Qt

from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
from ginrummy_desktop.gui.gin.history_words import ENDINGS as GIN_ENDINGS
from ginrummy_desktop.gui.stats.replay_window import ReplayWindow
from ginrummy_desktop.gui.stats.window import StatisticsWindow
from ginrummy_desktop.storage import Storage
from ginrummy_desktop.storage.stats import StatisticsQueries
from tests.storage_fixtures import (
    CRIBBAGE_MATCHES,
    GIN_MATCHES,
    gin_hand,
    gin_record,
    match,
    played_gin_records,
)


@pytest.fixture
def storage(tmp_path):
    s = Storage(tmp_path)
    for summary in GIN_MATCHES + CRIBBAGE_MATCHES:
        s.record_match(summary)
    yield s
    s.close()


@pytest.fixture
def jobs():
    worker = StorageJobs()
    yield worker
    worker.wait()


def open_window(qtbot, storage, jobs, queries=None):
    w = StatisticsWindow(queries or StatisticsQueries(storage), jobs)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    settle(qtbot, w)
    return w


def settle(qtbot, window):
    """Wait until every query the window asked for has been laid out."""
    qtbot.waitUntil(lambda: not window.busy and not window.jobs.pending, timeout=5000)


@pytest.fixture
def window(qtbot, storage, jobs):
    return open_window(qtbot, storage, jobs)


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
    settle(qtbot, window)
    assert shown(window, "win_rate") == "67%"
    assert shown(window, "gins") == "1 / 1" and shown(window, "undercuts") == "1 / 1"
    assert shown(window, "deadwood") == "16.0"
    assert not window.game_boxes["cribbage"].isVisibleTo(window)
    qtbot.keyClick(window.game_combo, Qt.Key.Key_Down)  # -> Cribbage
    settle(qtbot, window)
    assert shown(window, "best_hand") == "29  (a perfect 29!)"
    assert shown(window, "skunks_taken") == "0 / 1"
    assert window.opponent_table.rowCount() == 1


def test_best_score_is_the_arcade_score_of_the_best_gin_win(qtbot, window):
    from ginrummy_desktop.engine.gin.results import arcade_score

    # Gin wins 120–45 and 110–20: (110 − 20) × 200 is the best; losses never count.
    assert arcade_score(110, 20) == 18_000 and arcade_score(20, 110) == 0
    assert shown(window, "best_score") == "18,000"
    window.opponent_combo.setFocus()
    qtbot.keyClick(window.opponent_combo, Qt.Key.Key_Home)
    qtbot.keyClick(window.opponent_combo, Qt.Key.Key_Down)  # Expert: its gin win was 120–45
    settle(qtbot, window)
    assert shown(window, "best_score") == "15,000"


def test_switching_profile_shows_that_players_statistics(qtbot, window, storage):
    storage.settings.add_profile("Ann")
    storage.settings.switch_profile("ann")
    settle(qtbot, window)
    assert shown(window, "matches") == "0" and window.history_model.rowCount() == 0
    storage.settings.switch_profile("player")
    settle(qtbot, window)
    assert shown(window, "matches") == "6 (1 abandoned)"


def test_opponent_filter(qtbot, window):
    window.opponent_combo.setFocus()
    names = [window.opponent_combo.itemText(i) for i in range(window.opponent_combo.count())]
    assert names == ["All opponents", "Expert", "Novice"]
    qtbot.keyClick(window.opponent_combo, Qt.Key.Key_End)  # Novice
    settle(qtbot, window)
    assert shown(window, "matches") == "1"
    assert window.history_model.rowCount() == 1


class CountingQueries(StatisticsQueries):
    """Counts the figures queries (they run on the storage thread)."""

    figures_runs = 0

    def figures(self, game, opponent_id, lineup=None):
        CountingQueries.figures_runs += 1
        return super().figures(game, opponent_id, lineup)


def test_typing_in_the_filter_refilters_the_history_only(qtbot, storage, jobs):
    window = open_window(qtbot, storage, jobs, CountingQueries(storage))
    click_tab(qtbot, window, "History")
    runs = CountingQueries.figures_runs
    qtbot.keyClicks(window.search_edit, "novice")
    assert window.history_model.rowCount() == 6  # nothing re-filtered while typing
    qtbot.waitUntil(lambda: window.history_model.rowCount() == 1)
    assert window.status.text() == "1 of 6 matches shown."
    assert CountingQueries.figures_runs == runs  # the figures do not depend on the text
    assert shown(window, "matches") == "6 (1 abandoned)"


def test_a_locked_database_does_not_block_the_window(qtbot, window, storage, jobs):
    """Another process holds the write lock: a finished match waits for it on the storage
    thread (so do the queries queued behind it) while the window keeps taking keys, and
    everything arrives once the lock is released."""
    import sqlite3
    import subprocess
    import sys

    path = str(storage.paths.database_file)
    holder = subprocess.Popen(
        [sys.executable, "-c", (
            "import sqlite3, sys\n"
            f"db = sqlite3.connect({path!r}, isolation_level=None)\n"
            "db.execute('BEGIN EXCLUSIVE')\n"
            "print('locked', flush=True)\n"
            "sys.stdin.readline()\n"
            "db.rollback()\n")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    summary = match("gin", "win", 150, 10, [gin_hand("player", 150, 0, "gin", "player")],
                    day=50)
    try:
        assert holder.stdout.readline().strip() == "locked"
        jobs.submit(lambda: window.queries.record_match(summary), writes=True)
        window.game_combo.setFocus()
        qtbot.keyClick(window.game_combo, Qt.Key.Key_Down)  # the window still takes keys
        assert window.game_combo.currentData() == "gin" and window.busy
        window.repaint()  # and paints, while the write waits for the lock
        reader = sqlite3.connect(path)
        assert reader.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 6
        reader.close()
    finally:
        holder.communicate("\n", timeout=10)
    # Gin Rummy is chosen: its four matches and the one stored once the lock was released.
    qtbot.waitUntil(lambda: shown(window, "matches") == "5 (1 abandoned)", timeout=10_000)
    assert shown(window, "best_score") == "28,000"  # the new 150–10 gin win


def test_history_sorts_filters_and_opens_a_match(qtbot, window, storage):
    click_tab(qtbot, window, "History")
    model, view = window.history_model, window.history_view
    assert model.rowCount() == 6
    assert model.data(model.index(0, 1)) == "Cribbage"  # newest first
    header = view.horizontalHeader()
    for _ in range(2):  # a second click on the Score header reverses the order
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                         pos=_header_point(header, 3))
        settle(qtbot, window)  # sorted off the GUI thread
        scores = [model.data(model.index(r, 3)) for r in range(model.rowCount())]
        margins = [int(a) - int(b) for a, b in (s.split("–") for s in scores)]
        descending = header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
        assert header.sortIndicatorSection() == 3
        assert margins == sorted(margins, reverse=descending)
    qtbot.keyClicks(window.search_edit, "novice")
    qtbot.waitUntil(lambda: model.rowCount() == 1)
    window.search_edit.clear()
    qtbot.waitUntil(lambda: model.rowCount() == 6)
    row = next(r for r in range(model.rowCount()) if model.rows[r].hands == 4)
    click_cell(qtbot, view, row, 0)
    qtbot.waitUntil(lambda: window.hands_table.rowCount() == 4)
    outcomes = [window.hands_table.item(r, 1).text() for r in range(4)]
    assert outcomes == ["You went gin", "Expert knocked", "You undercut Expert",
                        "You went big gin"]
    assert window.hands_table.item(3, 4).text() == "120–9"
    assert [p[1] for p in window.progress_chart.series[0].points] == [0, 35, 35, 65, 120]


def test_long_outcomes_are_not_cut_off(qtbot, storage, jobs):
    storage.record_match(match("gin", "loss", 0, 130, [
        gin_hand("opponent", 0, 30, "undercut", "player")], day=40, opponent="ada the expert"))
    window = open_window(qtbot, storage, jobs)
    click_tab(qtbot, window, "History")
    click_cell(qtbot, window.history_view, 0, 0)
    table = window.hands_table
    qtbot.waitUntil(lambda: table.rowCount() == 1)
    item = table.item(0, 1)
    assert item.text() == "Ada The Expert undercut you" and item.toolTip() == item.text()
    needed = table.fontMetrics().horizontalAdvance(item.text())
    assert table.columnWidth(1) > needed  # the column takes the room its text needs
    assert all(table.columnWidth(c) >= table.fontMetrics().horizontalAdvance(
        table.item(0, c).text()) for c in range(5))


def _header_point(header, section):
    from PySide6.QtCore import QPoint

    return QPoint(header.sectionViewportPosition(section) + header.sectionSize(section) // 2,
                  header.height() // 2)


def test_double_clicking_a_recorded_hand_opens_its_replay(qtbot, storage, jobs):
    record = gin_record()
    storage.record_match(match("gin", "win", 100, 0, [
        gin_hand("player", 100, 0, "gin", "player", record=record),
        gin_hand("opponent", 0, 5, "knock", "opponent"),
    ], day=30))
    window = open_window(qtbot, storage, jobs)
    click_tab(qtbot, window, "History")
    click_cell(qtbot, window.history_view, 0, 0)
    qtbot.waitUntil(lambda: window.hands_table.rowCount() == 2)
    click_cell(qtbot, window.hands_table, 1, 0)
    assert not window.replay_button.isEnabled()  # no record kept for that hand
    click_cell(qtbot, window.hands_table, 0, 0)
    assert window.replay_button.isEnabled()
    click_cell(qtbot, window.hands_table, 0, 1, double=True)
    qtbot.waitUntil(lambda: len(window.replays) == 1)
    [replay] = window.replays
    qtbot.addWidget(replay)
    assert replay.record == record
    assert replay.frames[0].description == "Expert deals"


def test_charts_are_drawn_when_their_tab_opens(qtbot, window):
    assert window.win_rate_chart.series == []  # not computed until someone looks
    click_tab(qtbot, window, "Charts")
    settle(qtbot, window)
    [series] = window.win_rate_chart.series
    assert len(series.points) == 5  # decided matches
    assert dict(window.points_chart.bars)["0"] == 4 + 0
    image = window.points_chart.grab().toImage()
    assert image.width() > 100


def test_export_and_import_report_in_the_window(qtbot, window, tmp_path):
    window.export_history(tmp_path / "history.csv")
    qtbot.waitUntil(lambda: window.status.text() == "Exported 6 matches to history.csv.")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(played_gin_records()[0]) + "\n{oops\n")
    window.import_records(bad)
    qtbot.waitUntil(lambda: window.status.text().startswith(
        "1 record(s) imported, 0 already present, 1 refused"))
    window.export_history(tmp_path / "missing-folder" / "x.csv")
    qtbot.waitUntil(lambda: "Could not write x.csv: No such file" in window.status.text())


def test_a_match_recorded_while_the_window_is_open_appears_in_it(qtbot, window, storage):
    summary = match("gin", "win", 150, 10, [gin_hand("player", 150, 0, "gin", "player")],
                    day=50)
    window.jobs.submit(lambda: window.queries.record_match(summary), writes=True)
    qtbot.waitUntil(lambda: shown(window, "matches") == "7 (1 abandoned)")
    assert shown(window, "best_score") == "28,000"


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
    assert replay.move_label.text() == "Bot takes 8♦ from the discard pile"
    assert len(replay.top_row.cards) == 11 and replay.top_row.highlight.rank == 8
    qtbot.mouseClick(replay.back_button, Qt.MouseButton.LeftButton)
    assert replay.move_label.text() == "You pass"
    qtbot.keyClick(replay, Qt.Key.Key_Right)
    assert replay.position == 2
    qtbot.mouseClick(replay.last_button, Qt.MouseButton.LeftButton)
    assert replay.move_label.text() == "You discard 9♦"
    assert not replay.forward_button.isEnabled()
    assert replay.counter_label.text() == "Move 5 of 5"
    click_cell(qtbot, replay.moves, 1, 0)
    assert replay.position == 1
    qtbot.mouseClick(replay.first_button, Qt.MouseButton.LeftButton)
    assert replay.position == 0 and replay.pile_row.cards[-1].rank == 8
    qtbot.keyClick(replay, Qt.Key.Key_End)
    assert replay.position == 5


def test_replay_labels_sit_above_their_own_cards_with_you_at_the_bottom(qtbot):
    for names in ({0: "You", 1: "Bot"}, {0: "Bot", 1: "You"}):
        w = ReplayWindow(gin_record(), names)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        assert w.bottom_label.text().startswith("You")
        for label, row in ((w.top_label, w.top_row), (w.bottom_label, w.bottom_row)):
            assert label.geometry().bottom() <= row.geometry().top()
            assert label.x() == w.top_label.x()  # same side for both players
        assert w.bottom_row.geometry().top() > w.top_row.geometry().bottom()


def test_replay_ends_with_the_melds_and_the_score(qtbot):
    from tests.test_engine_replay import _played_gin_hand

    record = next(r for r in map(_played_gin_hand, range(20))
                  if r["result"]["kind"] == "knock" and any(
                      h["layoffs"] for h in r["result"]["hands"]))
    w = ReplayWindow(record, {0: "You", 1: "Max"})
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert not w.scoring_label.isVisibleTo(w)
    qtbot.mouseClick(w.forward_button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(w, Qt.Key.Key_End)
    assert w.position == len(w.frames) - 1
    labels = [label for label, _ in w.top_row.groups + w.bottom_row.groups]
    assert "meld" in labels and "deadwood" in labels and "laid off" in labels
    assert w.scoring_label.isVisibleTo(w)
    assert "Deadwood difference" in w.scoring_label.text()
    points = record["result"]["points"]
    assert f"score{'s' if record['result']['winner'] == 1 else ''} {points}" in \
        w.scoring_label.text()
    assert "Deadwood" in w.top_label.text() and "Deadwood" in w.bottom_label.text()


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
    settle(qtbot, window)
    click_tab(qtbot, window, "Records")
    model = window.records_model
    qtbot.waitUntil(lambda: model.rowCount() == 1)
    outcome = record["result"]
    ending = GIN_ENDINGS[outcome["kind"]]
    # Nothing names an imported record's players: they are called by their part in the deal.
    winner = "Dealer" if outcome["winner"] == record["dealer"] else "Non-dealer"
    assert [model.data(model.index(0, c)) for c in (1, 2, 3, 4, 5)] == [
        "Gin Rummy", "–", f"{winner} won {outcome['points']}", ending, "imported"]
    click_cell(qtbot, window.records_view, 0, 1, double=True)
    qtbot.waitUntil(lambda: len(window.replays) == 1)
    [replay] = window.replays
    qtbot.addWidget(replay)
    assert len(replay.frames) >= len(record["actions"]) + 1
    assert replay.frames[0].description == "Dealer deals"
    assert not [f for f in replay.frames if "Seat" in f.description]


def test_cribbage_records_say_how_the_deal_ended():
    from ginrummy_desktop.gui.stats.window import record_ending
    from ginrummy_desktop.storage.database import RecordInfo

    def line(kind, last):
        return RecordInfo(1, "cribbage", "played", 0.0, kind, last)

    assert record_ending(line("continue", "crib")) == "Deal over, game went on"
    assert record_ending(line("win", "play")) == "Won in the play"
    assert record_ending(line("skunk", "hand")) == "Won in the show (skunk)"


def test_history_shows_the_match_totals_of_the_match_over_panel(qtbot, storage, jobs):
    from datetime import UTC, datetime
    from types import SimpleNamespace

    from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.gui.shell.persistence import match_summary

    session = GinMatch(GIN_PRESETS["classic"], seed=11)
    bots = [BUILTIN_BOTS["knocker"](seed=1), BUILTIN_BOTS["greedy"](seed=2)]
    while not session.over:
        seat = session.to_move()
        session.apply(seat, bots[seat].choose(session.observation(seat)))
    totals = {side: points for label, side, points in session.final_breakdown
              if label == "Total"}
    assert totals[0] != session.seat_scores()[0]  # boxes and the game bonus count too
    controller = SimpleNamespace(session=session, setup=SimpleNamespace(
        preset="classic", opponent="greedy", practice=False), opponent_name="Greedy",
        undo_used=False)
    storage.record_match(match_summary(controller, datetime.now(UTC), "win"))
    window = open_window(qtbot, storage, jobs)
    click_tab(qtbot, window, "History")
    model = window.history_model
    newest = next(r for r in range(model.rowCount()) if model.rows[r].opponent_id == "greedy")
    assert model.data(model.index(newest, 3)) == f"{totals[0]}–{totals[1]}"


def test_the_app_reads_and_writes_statistics_off_the_gui_thread(qtbot, storage, monkeypatch):
    import threading

    import ginrummy_desktop.storage.stats as stats_module
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    threads = []
    original_figures, original_record = stats_module.figures, storage.record_match
    monkeypatch.setattr(stats_module, "figures", lambda *args: (
        threads.append(threading.current_thread()), original_figures(*args))[1])
    monkeypatch.setattr(storage, "record_match", lambda summary: (
        threads.append(threading.current_thread()), original_record(summary))[1])
    main = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(main)
    [action] = [a for a in main.menuBar().actions()[0].menu().actions()
                if a.text() == "&Statistics…"]
    action.trigger()
    stats = main.dialogs[-1]
    qtbot.waitUntil(lambda: not stats.busy)
    main.persistence.record_in_background(
        match("gin", "win", 150, 10, [gin_hand("player", 150, 0, "gin", "player")], day=70))
    qtbot.waitUntil(lambda: shown(stats, "matches") == "7 (1 abandoned)")
    main.close()
    assert len(threads) >= 3  # the window's figures, the match, the figures again
    assert threading.main_thread() not in threads


def test_closing_the_window_while_its_queries_wait_is_harmless(qtbot, storage, jobs):
    import subprocess
    import sys

    from PySide6.QtCore import QCoreApplication, QEvent

    holder = subprocess.Popen(
        [sys.executable, "-c", (
            "import sqlite3, sys\n"
            f"db = sqlite3.connect({str(storage.paths.database_file)!r}, isolation_level=None)\n"
            "db.execute('BEGIN EXCLUSIVE')\n"
            "print('locked', flush=True)\n"
            "sys.stdin.readline()\n")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        summary = match("gin", "win", 150, 10, [gin_hand("player", 150, 0, "gin", "player")])
        jobs.submit(lambda: StatisticsQueries(storage).record_match(summary), writes=True)
        window = StatisticsWindow(StatisticsQueries(storage), jobs)  # queries queue behind it
        window.show()
        assert window.busy
        window.close()
        window.deleteLater()
        QCoreApplication.sendPostedEvents(window, QEvent.Type.DeferredDelete)
    finally:
        holder.communicate("\n", timeout=10)
    assert jobs.wait(20_000) and not jobs.pending  # the results find no window: dropped
    assert storage.figures().matches_played == 7


def test_statistics_opened_from_the_menu_fits_the_screen_and_every_tab_reads_whole(qtbot,
                                                                                 storage):
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from tests.gui_helpers import choose_from_menu
    from tests.text_layout import text_problems

    main = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    stats = choose_from_menu(qtbot, main, "&Game", "&Statistics…")
    assert isinstance(stats, StatisticsWindow)
    qtbot.waitExposed(stats)
    settle(qtbot, stats)
    # Wholly on the (offscreen, 800 px wide) screen, though it prefers 1000x700.
    assert stats.screen().availableGeometry().contains(stats.frameGeometry())
    assert stats.minimumSizeHint().height() <= 480  # fits 800x500 at scale 2, with a title
    for title in ("Summary", "History", "Charts", "Records"):
        click_tab(qtbot, stats, title)
        settle(qtbot, stats)
        if title == "History":
            click_cell(qtbot, stats.history_view, 0, 0)
            qtbot.waitUntil(lambda: stats.hands_table.rowCount() > 0)
        assert text_problems(stats) == [], title
    main.close()
