"""The Statistics, replay and review windows in German, French and Spanish: the records list's
sentences, the figures, the history, the replay's buttons and counter, the review's verdicts
and summary read from the catalogues, every placeholder filled (issue 42). The Statistics window
in German is rendered at 800x600 to /tmp for a look."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import tempfile
from pathlib import Path

import pytest

from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n
from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
from ginrummy_desktop.gui.review.trend import AccuracyTrend
from ginrummy_desktop.gui.review.window import ReviewWindow
from ginrummy_desktop.gui.stats import window as stats
from ginrummy_desktop.gui.stats.replay_window import ReplayWindow, replay_names
from ginrummy_desktop.storage.database import RecordInfo
from ginrummy_desktop.storage.stats import StatisticsQueries
from tests.test_gui_storage_statistics import storage  # noqa: F401, F811 - the filled storage fixture
from tests.test_review_engine import cribbage_records, gin_records
from tests.translation_support import filled

# A word of each language's statistics, so the catalogue was read and not the English.
STATISTICS = {"de": "Statistik", "fr": "Statistiques", "es": "Estadísticas"}
HISTORY = {"de": "Verlauf", "fr": "Historique", "es": "Historial"}
YOU_WON = {"de": "Du gewinnst 25", "fr": "Vous gagnez 25", "es": "Ganas 25"}


def gin_line(**fields) -> RecordInfo:
    values = dict(record_id=7, game="gin", source="played", added_at=0.0, result_kind="knock",
                  opponents="Ada", player_seat=0, winner_seat=0, points=25, dealer_seat=1)
    values.update(fields)
    return RecordInfo(**values)


def test_records_list_sentences(language):
    assert stats.record_result(gin_line()) == YOU_WON[language]
    other = filled(stats.record_result(gin_line(winner_seat=1, points=9)))
    assert other == tr("{name} won {points}").format(name="Ada", points=9) != "Ada won 9"
    imported = filled(stats.record_result(gin_line(opponents=None, player_seat=None,
                                                   winner_seat=1)))
    assert imported.startswith(tr("Dealer")) and "25" in imported  # the seats by their part
    assert stats.record_result(gin_line(result_kind="draw")) == tr("No score") != "No score"
    crib = RecordInfo(8, "cribbage", "imported", 0.0, "skunk", "go", "Greta", 0,
                      player_points=12, opponent_points=8)
    assert filled(stats.record_result(crib)) == tr("You {points}, {opponent} {opponent_points}"
                                                   ).format(points=12, opponent="Greta",
                                                            opponent_points=8)
    assert stats.record_ending(crib) == tr("Won in the play (skunk)") != "Won in the play (skunk)"
    assert stats.record_ending(gin_line()) == tr_ctx("hand ending", "Knock") != "Knock"
    assert stats.RecordsModel._text(crib, 5) == tr_ctx("record source", "imported") != "imported"
    assert replay_names({}, (0, 1), 0) == {0: tr("Dealer"), 1: tr("Non-dealer")}


def test_figures_durations_rules_and_results(language):
    assert filled(stats._matches_figure(6, 1)).startswith("6 (1 ")
    assert stats._matches_figure(6, 1) != "6 (1 abandoned)"
    assert filled(stats._duration(3900)).startswith("1 h 05")
    assert stats._result_word("win") == tr_ctx("match result", "Win") != "Win"
    assert stats._rules_text("classic (practice)", "gin") != "classic (practice)"
    assert filled(stats._rules_text("121 points, muggins", "cribbage")).startswith("121 ")
    model = stats.HistoryModel()
    headers = [model.headerData(c, stats.Qt.Orientation.Horizontal)
               for c in range(model.columnCount())]
    assert headers[-1] == tr_ctx("history column", "Undo") and "Duration" not in headers


def test_statistics_window_in_each_language(qtbot, language, storage):  # noqa: F811
    jobs = StorageJobs()
    window = stats.StatisticsWindow(StatisticsQueries(storage), jobs)
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.busy and not jobs.pending, timeout=10_000)
    assert window.windowTitle() == STATISTICS[language]
    assert window.tabs.tabText(1) == HISTORY[language]
    assert filled(window.figure_labels["matches"].text()) == tr_n(
        "{played} ({count} abandoned)", "{played} ({count} abandoned)", 1).format(
            played=6, count=1) != "6 (1 abandoned)"
    assert window.figure_labels["current"].text() == tr_n("{count} lost", "{count} lost", 1
                                                          ).format(count=1)
    status = filled(window.status.text())
    assert status == tr_n("{shown} of {count} match shown.", "{shown} of {count} matches shown.",
                          6).format(shown=6, count=6)
    window.tabs.setCurrentIndex(1)
    window.open_match(window.history_model.rows[-1])
    qtbot.waitUntil(lambda: not window.busy and not jobs.pending, timeout=10_000)
    title = filled(window.match_title.text())
    assert tr("<b>{game} against {opponents}</b>, {when}: {result} {score}").split("{")[0] in \
        title
    for row in range(window.hands_table.rowCount()):
        filled(window.hands_table.item(row, 1).text())
    if language == "de":  # a look at the window at the smallest screen it supports
        window.tabs.setCurrentIndex(0)
        qtbot.wait(50)
        out = Path(tempfile.gettempdir()) / "statistics-de-800x600.png"
        assert window.grab().save(str(out))
    window.close()
    jobs.wait()


def test_replay_window_buttons_and_counter(qtbot, language):
    replay = ReplayWindow(gin_records()[0], {0: "You", 1: "Ada"})
    qtbot.addWidget(replay)
    replay.show_step(2)
    assert replay.counter_label.text() == tr("Move {number} of {count}").format(
        number=2, count=len(replay.frames) - 1) != f"Move 2 of {len(replay.frames) - 1}"
    assert replay.review_button.text() == tr_ctx("replay button", "Review") != "Review"
    assert replay.windowTitle() == tr("Hand replay")
    labels = replay.top_label.text() + replay.bottom_label.text()
    assert tr("You") in labels and "You" not in labels  # worded, not the seat's key
    assert tr("Dealer") in labels


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_review_window_verdicts_and_summary(qtbot, language, game):
    records = gin_records() if game == "gin" else cribbage_records()
    review = ReviewWindow([records[0]], 0, {0: "You", 1: "Ada"})
    qtbot.addWidget(review)
    qtbot.waitUntil(lambda: review.review is not None or review.error is not None,
                    timeout=60_000)
    assert review.error is None
    summary = filled(review.summary_label.text())
    assert "Accuracy" not in summary and "decisions" not in summary
    assert review.windowTitle() == tr("Hand review") != "Hand review"
    for index in range(len(review.entries)):
        review.show_decision(index)
        chosen = filled(review.chosen_label.text())
        assert tr("You chose: {option} ({value})").split("{")[0] in chosen
        filled(review.top_label.text())
        filled(review.bottom_label.text())
        assert review.bottom_label.text().startswith(tr("You"))
    review.show_decision(0)  # gin: the first draw; cribbage: the discard and its figures
    headers = [review.options.horizontalHeaderItem(i).text()
               for i in range(review.options.columnCount())]
    assert headers[:2] == [tr("Option"), tr("Points")]  # French: "Option", "Points" too
    if game == "cribbage":
        assert headers[2:] == [tr_ctx("cribbage discard figure", word)
                               for word in ("Hand", "Crib", "Net")]
    for row in range(review.decisions.count()):
        filled(review.decisions.item(row).text())
    review.close()


def test_accuracy_trend_title_and_empty_text(qtbot, language, tmp_path):
    from ginrummy_desktop.gui.review.history import ReviewHistory

    chart = AccuracyTrend(ReviewHistory(tmp_path / "history.json"))
    qtbot.addWidget(chart)
    assert filled(chart.title) != "Accuracy of your reviews (last 20)"
    assert "20" in chart.title
    assert chart.empty_text == tr("Review a hand (Game → Review last hand…)\nto start this "
                                  "trend.") and "Review a hand" not in chart.empty_text
