"""The score sheet beside the gin table, opened and followed with real keys and mouse clicks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QPushButton

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.gin import GIN_PRESETS, GinMatch
from ginrummy_desktop.engine.gin.match import cut_for_deal
from ginrummy_desktop.engine.gin.results import match_totals
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.gin.keys import shortcut_rows
from tests.gui_helpers import open_gin_window, settle
from tests.test_gin_match import KNOCK_DEAL
from tests.text_layout import text_problems

# A seed whose cut makes the opponent deal: the person is first to play every rigged hand.
PERSON_FIRST = next(seed for seed in range(200) if cut_for_deal(seed, 2) == 1)
KNOCK_CARD = Card.parse("QD")  # the rigged hand: take the upcard AD, knock discarding QD (45)


@pytest.fixture
def window(qtbot):
    yield from open_gin_window(qtbot, ask=False)


def rigged(window, preset: str = "classic"):
    """A match whose every hand the person wins by knocking for 45 on their first turn."""
    screen = window.gin_screen
    match = GinMatch(GIN_PRESETS[preset], seed=PERSON_FIRST, deals=lambda _n: KNOCK_DEAL)
    screen.start_session(match, MatchSetup(preset=preset, opponent="greedy"))
    return screen


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(window, key, modifier)
    settle(qtbot, window.gin_screen)


def knock_with_keys(qtbot, window) -> None:
    """Take the upcard (D), select the queen with the arrow keys, knock (K)."""
    controller = window.gin_screen.controller
    assert controller.view().to_move == HUMAN
    press(qtbot, window, Qt.Key.Key_D)
    for _ in range(12):
        if controller.selected == KNOCK_CARD:
            break
        press(qtbot, window, Qt.Key.Key_Right)
    assert controller.selected == KNOCK_CARD
    hands = len(controller.session.hand_records())
    press(qtbot, window, Qt.Key.Key_K)
    qtbot.waitUntil(lambda: len(controller.session.hand_records()) == hands + 1)


def next_hand(qtbot, window) -> None:
    press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.gin_screen.controller.reveal is None)


def open_view_menu_entry(qtbot, window, entry: str) -> None:
    bar = window.menuBar()
    view = next(a for a in bar.actions() if a.text().replace("&", "") == "View")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(view).center())
    menu = view.menu()
    qtbot.waitUntil(menu.isVisible)
    action = next(a for a in menu.actions() if a.text().replace("&", "") == entry)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def test_ctrl_g_opens_the_sheet_beside_the_table_with_the_focus_and_closes_it(qtbot, window):
    screen = rigged(window)
    panel = screen.score_sheet
    assert not panel.isVisible()
    press(qtbot, window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(panel.isVisible)
    assert panel.view.hasFocus()  # Page Up/Down scroll it from the keyboard
    assert screen.view_actions["score_sheet"].isChecked()
    assert "No hand has been scored yet" in panel.view.labels()
    press(qtbot, window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not panel.isVisible())
    assert not screen.view_actions["score_sheet"].isChecked()
    assert ("Ctrl+G", "Score sheet", "Show or hide the running score sheet") in shortcut_rows()


def test_view_menu_click_opens_it_and_each_hand_adds_a_line_with_the_engines_totals(qtbot,
                                                                                   window):
    screen = rigged(window)
    open_view_menu_entry(qtbot, window, "Score sheet")
    panel = screen.score_sheet
    qtbot.waitUntil(panel.isVisible)
    knock_with_keys(qtbot, window)
    sheet = panel.sheet()
    assert sheet is not None and len(sheet.rows) == 1
    (line,) = sheet.rows
    assert line.scorer == HUMAN and line.entries == ((45, None),) and line.boxes == (HUMAN,)
    labels = panel.view.labels()
    assert "You knocked with 1: you score 45" in labels and "45" in labels
    next_hand(qtbot, window)
    knock_with_keys(qtbot, window)
    sheet = panel.sheet()
    assert [row.totals[0] for row in sheet.rows] == [(45, 0), (90, 0)]
    assert sheet.seat_totals() == screen.controller.session.seat_scores()
    assert sheet.games[0].boxes == (2, 0)
    assert panel.view.labels().count("90") >= 2  # the line and the running total under it


def test_the_sheet_does_not_cover_the_cards_at_800x600(qtbot, window):
    window.resize(800, 600)
    screen = rigged(window)
    press(qtbot, window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    panel = screen.score_sheet
    qtbot.waitUntil(panel.isVisible)
    qtbot.waitUntil(lambda: screen.view.width() < 800 - panel.width() + 10)
    table_area = QRect(screen.view.mapTo(window, QPoint(0, 0)), screen.view.size())
    sheet_area = QRect(panel.mapTo(window, QPoint(0, 0)), panel.size())
    assert not table_area.intersects(sheet_area)
    visible = screen.view.mapToScene(screen.view.viewport().rect()).boundingRect()
    cards = list(screen.table.cards.items.values())
    assert cards and all(visible.contains(item.sceneBoundingRect()) for item in cards)
    assert text_problems(window) == []  # nothing on the sheet or the bars is cut off


def test_hollywood_sheet_shows_three_games_per_player(qtbot, window):
    screen = rigged(window, "hollywood")
    press(qtbot, window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    panel = screen.score_sheet
    qtbot.waitUntil(panel.isVisible)
    for hand in range(3):
        knock_with_keys(qtbot, window)
        if hand < 2:
            next_hand(qtbot, window)
    sheet = panel.sheet()
    assert len(sheet.games) == 3
    assert [game.scores[HUMAN] for game in sheet.games] == [135, 90, 45]
    assert sheet.games[0].winner == HUMAN  # 135 closes game 1
    labels = panel.view.labels()
    assert labels.count("G1") == labels.count("G2") == labels.count("G3") == 2
    assert "Game 1: won by you" in labels
    assert sheet.totals[HUMAN] == screen.controller.session.seat_scores()[HUMAN] == 270


def test_the_match_over_panel_opens_the_sheet_with_the_final_bonuses(qtbot, window):
    screen = rigged(window)
    for hand in range(3):  # 135: game, three boxes and a shutout
        knock_with_keys(qtbot, window)
        if hand < 2:
            next_hand(qtbot, window)
    session = screen.controller.session
    assert session.over
    button = next(b for b in screen.panel.findChildren(QPushButton) if b.text() == "Score sheet")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    panel = screen.score_sheet
    qtbot.waitUntil(panel.isVisible)
    sheet = panel.sheet()
    assert sheet.over
    assert sheet.seat_totals() == match_totals(session.final_breakdown, session.seat_scores())
    labels = panel.view.labels()
    assert "Game bonus, doubled for a shutout" in labels and "Total" in labels
    assert str(sheet.totals[HUMAN]) in labels
    assert button.isHidden()  # offered while the sheet is shut
    window.resize(800, 600)  # the panel and the sheet side by side, nothing cut off
    qtbot.waitUntil(lambda: window.width() == 800)
    qtbot.waitUntil(lambda: text_problems(window) == [])
    qtbot.mouseClick(panel.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.isHidden() and button.isVisible())


def bot_match(preset: str, hands: int) -> GinMatch:
    """A seeded match of greedy bots, stopped after ``hands`` hand records."""
    from ginrummy_desktop.engine.gin.bots import GreedyBot

    match = GinMatch(GIN_PRESETS[preset], seed=21)
    bots = [GreedyBot(seed=seat) for seat in range(match.rules.players)]
    while len(match.hand_records()) < hands and not match.over:
        seat = match.to_move()
        match.apply(seat, bots[seat].choose(match.observation(seat)))
    return match


@pytest.mark.parametrize(("preset", "columns"), [("three-player", ["You", "Bea", "Cy"]),
                                                 ("partnership", ["You and Bea", "Ada and Cy"])])
def test_three_players_and_partnerships_get_a_column_per_player_or_team(qtbot, preset,
                                                                          columns):
    from ginrummy_desktop.engine.gin.score_sheet import build_score_sheet
    from ginrummy_desktop.gui.gin.score_sheet import ScoreSheetView

    match = bot_match(preset, 3)  # partnerships: one deal scored, the next half played
    sheet = build_score_sheet(match.rules, match.hand_records())
    view = ScoreSheetView()
    qtbot.addWidget(view)
    view.resize(340, 500)
    view.show()
    qtbot.waitExposed(view)
    names = {0: "You", 1: "Bea", 2: "Cy"} if preset == "three-player" \
        else {0: "You", 1: "Ada", 2: "Bea", 3: "Cy"}
    view.show_sheet(sheet, names)
    labels = view.labels()
    assert all(column in labels for column in columns), labels
    totals = [str(total) for total in sheet.totals]
    assert labels[-len(totals):] == totals  # the running total line, a figure per column
    assert sheet.seat_totals() == match.seat_scores()
    if preset == "partnership":
        assert sheet.rows[-1].complete is False
        assert any("the other table is still playing" in text for text in labels)
    assert text_problems(view) == []


def test_a_long_sheet_scrolls_with_page_down_and_up(qtbot):
    from ginrummy_desktop.engine.gin.score_sheet import build_score_sheet
    from ginrummy_desktop.gui.gin.score_sheet import ScoreSheetView

    match = bot_match("classic", 40)  # the whole match (about ten hands)
    sheet = build_score_sheet(match.rules, match.hand_records())
    view = ScoreSheetView()
    qtbot.addWidget(view)
    view.resize(320, 260)
    view.show()
    qtbot.waitExposed(view)
    view.show_sheet(sheet, {0: "You", 1: "Ada"})
    bar = view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert bar.value() > 0
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert bar.value() == bar.maximum()  # the running total line is at the bottom
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert bar.value() < bar.maximum()


@pytest.mark.parametrize("preset", ["three-player", "partnership"])
def test_the_sheet_follows_three_player_and_partnership_matches_at_the_table(qtbot, window,
                                                                            preset):
    from ginrummy_desktop.gui.scenes import gin as gin_scenes

    screen = window.gin_screen
    screen.new_match(MatchSetup(preset=preset, opponent="greedy", seed=PERSON_FIRST))
    press(qtbot, window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    panel = screen.score_sheet
    qtbot.waitUntil(panel.isVisible)
    controller = screen.controller
    gin_scenes._person_moves(window, lambda: len(controller.session.hand_records()) >= 4)
    records = controller.session.hand_records()
    qtbot.waitUntil(lambda: panel.sheet() is not None
                    and sum(len(row.endings) for row in panel.sheet().rows) == len(records))
    sheet = panel.sheet()
    assert sheet.sides == (3 if preset == "three-player" else 2)
    assert sheet.seat_totals() == controller.session.seat_scores()
    names = controller.seat_names()
    assert all(name in " ".join(panel.view.labels()) for name in names.values())
    controller.loop.reset()
