"""A 61-point cribbage game shows its own lines: on the board, in the message, in the chart.

The game is played at the table (the person's moves made by a beginner bot through the
controller, the opponent a real bot) until one ends in a skunk; then the match is stored and
opened in the statistics window.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt

from ginrummy_desktop.engine.cards import Card, parse_cards
from ginrummy_desktop.engine.cribbage.rules import SHORT_TARGET, CribbageRules
from ginrummy_desktop.engine.cribbage.scoring import MAX_SHOW_POINTS, score_show


@pytest.fixture
def skunk_table(qtbot):
    from ginrummy_desktop.gui.scenes.cribbage import short_game_skunk

    table = short_game_skunk()
    qtbot.addWidget(table)
    result = table.display.result
    assert result is not None and result.outcome == "skunk", "no skunk in the seeded games"
    return table


def test_the_board_message_and_result_use_the_short_games_lines(skunk_table):
    table = skunk_table
    rules = table.controller.match.rules
    assert rules.target == SHORT_TARGET and rules.skunk_line == 30
    board = table.board
    assert board.layout.streets == 2 and board.layout.holes == 60
    assert board.game_hole == 61
    winner = table.display.result.winner
    assert board.front_peg(winner) == 61  # pegged into the 61-point game hole, not clamped at 121
    assert board.front_peg(1 - winner) <= 30
    assert [text for text, _ in board.skunk_labels()] == ["S  30|31"]  # no double skunk line
    assert "30 line" in table.result_panel.subtitle
    assert "90" not in table.result_panel.subtitle
    assert "skunk" in table.status.text().lower()


def test_the_statistics_chart_draws_the_matchs_own_lines(qtbot, skunk_table, tmp_path):
    from datetime import UTC, datetime

    from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
    from ginrummy_desktop.gui.cribbage.summary import game_summary
    from ginrummy_desktop.gui.stats.window import StatisticsWindow
    from ginrummy_desktop.storage import Storage
    from ginrummy_desktop.storage.stats import StatisticsQueries

    match = skunk_table.controller.match
    storage = Storage(tmp_path)
    try:
        result = "win" if match.winner == 0 else "loss"
        storage.record_match(game_summary(
            match, opponent_id="careful", opponent_name="Careful", rules="61 points",
            started_at=datetime.now(UTC), result=result))
        jobs = StorageJobs()
        window = StatisticsWindow(StatisticsQueries(storage), jobs)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        qtbot.waitUntil(lambda: not window.busy and not jobs.pending, timeout=5000)
        bar = window.tabs.tabBar()
        index = next(i for i in range(bar.count()) if bar.tabText(i) == "History")
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
        view = window.history_view
        rect = view.visualRect(view.model().index(0, 0))
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.waitUntil(lambda: window.progress_chart.references != [], timeout=5000)
        assert window.progress_chart.references == [(61.0, "game 61"), (30.0, "skunk 30")]
    finally:
        jobs.wait()
        storage.close()


def test_the_standard_game_keeps_the_acc_lines():
    rules = CribbageRules.for_target(121)
    assert rules.score_lines() == ((121, "game 121"), (90, "skunk 90"),
                                   (60, "double skunk 60"))
    assert rules.outcome_note("double skunk", "Ann").endswith("the 60 line.")
    assert "double skunk at 60" in rules.describe()
    assert "double" not in CribbageRules.for_target(61).describe()


def test_the_count_box_allows_exactly_the_largest_hand(qtbot):
    from ginrummy_desktop.gui.cribbage.table import CribbageTable

    assert score_show(parse_cards("5C 5D 5H JS"), Card.parse("5S")).total == MAX_SHOW_POINTS
    table = CribbageTable(speed="instant")
    qtbot.addWidget(table)
    assert table.count_entry.maximum() == MAX_SHOW_POINTS


def test_no_show_scores_more_than_the_largest_hand():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from ginrummy_desktop.engine.cards import FULL_DECK

    @settings(max_examples=300, deadline=None)
    @given(st.permutations(FULL_DECK), st.booleans())
    def check(deck, is_crib):
        assert score_show(deck[:4], deck[4], is_crib=is_crib).total <= MAX_SHOW_POINTS

    check()


@pytest.mark.parametrize("target", [61, 121, 91])
def test_a_board_has_the_holes_of_its_own_game(target):
    from ginrummy_desktop.gui.cribbage.pegboard_layout import PegboardLayout

    layout = PegboardLayout.for_size(240, 700, target)
    points = {layout.hole(p, h) for p in range(2) for h in range(1, target)}
    points |= {layout.start_hole(p, i) for p in range(2) for i in range(2)}
    points.add(layout.game_hole())
    assert len(points) == 2 * (target - 1) + 4 + 1
    assert layout.hole(0, target) == layout.game_hole()
    for x, y in points:
        assert layout.x0 < x < layout.x0 + layout.width
        assert layout.y0 < y < layout.y0 + layout.height
    with pytest.raises(ValueError, match=f"1..{target - 1}"):
        layout.hole(0, target + 1)
