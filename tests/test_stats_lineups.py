"""Statistics keep each line-up apart, and replays and the records list name the players
(issue 39, defect 6), driven with real clicks and keys."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from ginrummy_desktop.gui.common.storage_jobs import StorageJobs
from ginrummy_desktop.gui.stats.window import StatisticsWindow
from ginrummy_desktop.storage import Storage
from ginrummy_desktop.storage.stats import StatisticsQueries
from tests.storage_fixtures import gin_hand, match, played_gin_records


@pytest.fixture
def storage(tmp_path):
    s = Storage(tmp_path)
    yield s
    s.close()


@pytest.fixture
def jobs():
    worker = StorageJobs()
    yield worker
    worker.wait()


def open_window(qtbot, storage, jobs):
    window = StatisticsWindow(StatisticsQueries(storage), jobs)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    settle(qtbot, window)
    return window


def settle(qtbot, window):
    qtbot.waitUntil(lambda: not window.busy and not window.jobs.pending, timeout=10_000)


def click_tab(qtbot, window, title):
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())


def double_click_row(qtbot, view, row):
    rect = view.visualRect(view.model().index(row, 1))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def opponent_rows(window):
    table = window.opponent_table
    return {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())
            if table.item(r, 1) is not None}


def three_player(result, day, seat_ids=("you", "beginner", "marjorie"),
                 names=("Ann", "Bea the Beginner", "Marjorie")):
    summary = match("gin", result, 100 if result == "win" else 40, 40 if result == "win" else 100,
                    [gin_hand("player", 25, 0, "gin", "player")], day=day, opponent="beginner")
    others = [n for seat, n in enumerate(names) if seat != 0]
    return replace(summary, opponent_name=" and ".join(others) if len(names) == 3 else
                   f"{names[1]} and {names[3]}", seat_ids=seat_ids, seat_names=names)


def test_each_line_up_is_a_line_of_its_own_and_a_filter(qtbot, storage, jobs):
    for day, result in enumerate(("win", "loss")):  # Bea alone
        storage.record_match(replace(match("gin", result, 100, 40, [], day=day,
                                           opponent="beginner"),
                                     opponent_name="Bea the Beginner"))
    for day, result in enumerate(("win", "win", "loss"), start=10):  # Bea and Marjorie
        storage.record_match(three_player(result, day))
    window = open_window(qtbot, storage, jobs)
    assert opponent_rows(window) == {"Bea the Beginner and Marjorie": "3",
                                     "Bea the Beginner": "2"}
    combo = window.opponent_combo
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "All opponents", "Bea the Beginner", "Bea the Beginner and Marjorie"]
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_End)  # the three-player line-up
    settle(qtbot, window)
    assert window.figure_labels["matches"].text() == "3"
    assert window.figure_labels["won"].text() == "2 / 1"
    assert window.history_model.rowCount() == 3
    qtbot.keyClick(combo, Qt.Key.Key_Up)  # Bea alone
    settle(qtbot, window)
    assert window.figure_labels["matches"].text() == "2"
    assert {row.lineup_label for row in window.history_model.rows} == {"Bea the Beginner"}


def test_partnerships_with_different_partners_are_different_line_ups(qtbot, storage, jobs):
    for day, partner in enumerate(("Ada", "Bo", "Bo")):
        names = ("Ann", "Cy", partner, "Di")
        storage.record_match(three_player("win", day, seat_ids=("you", "cy", partner.lower(),
                                                                "di"), names=names))
    window = open_window(qtbot, storage, jobs)
    assert opponent_rows(window) == {"Cy and Di (partner: Bo)": "2",
                                     "Cy and Di (partner: Ada)": "1"}


def test_records_list_and_replays_name_the_players(qtbot, storage, jobs):
    record = played_gin_records(seed=3, count=1)[0]
    outcome = record["result"]
    storage.record_match(match("gin", "win", 100, 20, [
        gin_hand("player" if outcome["winner"] == 0 else "opponent", 25, 0, outcome["kind"],
                 "player", record=record)]))
    window = open_window(qtbot, storage, jobs)
    click_tab(qtbot, window, "Records")
    model = window.records_model
    qtbot.waitUntil(lambda: model.rowCount() == 1)
    winner = "You" if outcome["winner"] == 0 else "Expert"
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Opponents"
    assert [model.data(model.index(0, c)) for c in (2, 3)] == [
        "Expert", f"{winner} won {outcome['points']}"]
    double_click_row(qtbot, window.records_view, 0)
    qtbot.waitUntil(lambda: len(window.replays) == 1)
    [replay] = window.replays
    qtbot.addWidget(replay)
    dealer = "You deal" if record["dealer"] == 0 else "Expert deals"
    assert replay.frames[0].description == dealer
    replay.show_step(len(replay.frames) - 1)
    words = [f.description for f in replay.frames] + [replay.top_label.text(),
                                                      replay.bottom_label.text()]
    assert not [text for text in words if "Seat" in text]
    assert replay.bottom_label.text().startswith("You")
    assert "against Expert" in replay.windowTitle()


def three_player_record():
    """A real three-player hand record in which the person (seat 0) sits out."""
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.engine.gin.match import GinMatch
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

    for seed in range(1, 100):
        session = GinMatch(GIN_PRESETS["three-player"], seed)
        if 0 in session.hand.seats:
            continue
        bots = [BUILTIN_BOTS["greedy"](seed=seed + s) for s in range(3)]
        while not session.hand_records():
            seat = session.to_move()
            session.apply(seat, bots[seat].choose(session.observation(seat)))
        if session.hand_records()[0]["result"]["kind"] != "draw":  # someone knocked
            return session.hand_records()[0]
    raise AssertionError("no deal that seats the person out and ends in a knock")


def test_a_three_player_replay_names_both_players_of_the_hand(qtbot, storage, jobs):
    record = three_player_record()
    summary = three_player("win", 0)
    storage.record_match(replace(summary, hands=(replace(summary.hands[0], record=record),)))
    window = open_window(qtbot, storage, jobs)
    click_tab(qtbot, window, "Records")
    qtbot.waitUntil(lambda: window.records_model.rowCount() == 1)
    assert window.records_model.data(window.records_model.index(0, 2)) == \
        "Bea the Beginner and Marjorie"
    double_click_row(qtbot, window.records_view, 0)
    qtbot.waitUntil(lambda: len(window.replays) == 1)
    [replay] = window.replays
    qtbot.addWidget(replay)
    names = {replay.top_label.text().split("  ·  ")[0],
             replay.bottom_label.text().split("  ·  ")[0]}
    assert names == {"Bea the Beginner", "Marjorie"}
    assert not [f for f in replay.frames if "Seat" in f.description]


def test_a_three_player_hand_names_who_knocked_not_the_whole_line_up(qtbot, storage, jobs):
    record = three_player_record()
    outcome = record["result"]
    summary = three_player("win", 0)
    hand = gin_hand("opponent", 0, outcome["points"], outcome["kind"], "opponent",
                    record=record)
    storage.record_match(replace(summary, hands=(hand,)))
    window = open_window(qtbot, storage, jobs)
    click_tab(qtbot, window, "History")
    view = window.history_view
    rect = view.visualRect(view.model().index(0, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.hands_table.rowCount() == 1)
    settle(qtbot, window)
    names = {1: "Bea the Beginner", 2: "Marjorie"}
    text = window.hands_table.item(0, 1).text()
    assert names[outcome["knocker"]] in text, text
    assert " and " not in text and "you" not in text.casefold()


def test_a_new_line_up_recorded_while_the_window_is_open_appears_in_it(qtbot, storage, jobs):
    storage.record_match(replace(match("gin", "win", 100, 40, [], opponent="beginner"),
                                 opponent_name="Bea the Beginner"))
    window = open_window(qtbot, storage, jobs)
    click_tab(qtbot, window, "History")
    assert window.history_model.rowCount() == 1
    jobs.submit(lambda: window.queries.record_match(three_player("loss", 5)), writes=True)
    qtbot.waitUntil(lambda: window.history_model.rowCount() == 2, timeout=10_000)
    settle(qtbot, window)
    assert opponent_rows(window) == {"Bea the Beginner": "1",
                                     "Bea the Beginner and Marjorie": "1"}
    assert window.history_model.rows[0].lineup_label == "Bea the Beginner and Marjorie"
    assert window.figure_labels["won"].text() == "1 / 1"
