"""At start the app asks instead of dealing silently: a match cut short by a crash (the app
SIGKILLed mid-hand) is offered for resuming, with its NEW/KEEP marks and undo history; "New match"
records it as abandoned; after a finished match the table stays calm and offers Rematch."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtCore import Qt

from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.gui.table.card_item import MARK_NEW
from ginrummy_desktop.storage import open_storage
from tests.start_offers import answer_start_offer, start_offer

# A practice match against "greedy": one hand played to its end, then the person draws in the
# second hand (the drawn card is marked NEW, undo has entries). The autosave is written after
# that move; the script then reports what the table holds and waits to be killed.
CHILD = textwrap.dedent("""
    import time
    from PySide6.QtWidgets import QApplication
    from ginrummy_desktop.gui.gin.controller import MatchSetup
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from ginrummy_desktop.storage import open_storage
    from tests.crash_play import play_into_the_second_hand

    app = QApplication([])
    storage = open_storage()
    storage.settings.update(animation_speed="instant")
    window = MainWindow(storage=storage, speed="instant")
    window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=21, practice=True))
    play_into_the_second_hand(window.gin_screen)
    time.sleep(600)
""")


def crash_mid_match() -> dict:
    """Run the app's window in a child process, play, SIGKILL it; what its table held."""
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE,
                             text=True, env=dict(os.environ))
    try:
        line = child.stdout.readline()  # the child has autosaved when it prints
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert child.returncode == -signal.SIGKILL
    assert line, "the child played to the agreed position"
    return json.loads(line)


def start_window(qtbot, store) -> MainWindow:
    window = MainWindow(storage=store, speed="instant")
    qtbot.addWidget(window)
    window.restore_or_start()
    return window


def test_after_a_crash_the_offer_appears_and_resume_restores_marks_and_undo(qtbot):
    before = crash_mid_match()
    store = open_storage()
    try:
        window = start_window(qtbot, store)
        controller = window.gin_screen.controller
        assert controller.session is None  # nothing dealt or resumed behind the question
        question = answer_start_offer(qtbot, window, "Resume")
        mine, theirs = before["scores"]
        assert question.startswith("Resume your match against ")
        assert question.endswith(f"(score {mine}–{theirs}, hand {before['hand']})?")
        assert [str(c) for c in controller.hand_order] == before["order"]
        assert str(controller.drawn) == before["drawn"]
        assert MARK_NEW in window.gin_screen.table.item_for(controller.drawn).marks
        assert controller.can_undo and len(controller._undo) == before["undo"]
        hand_before_undo = set(controller.view().hand)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: len(controller.view().hand) == len(hand_before_undo) - 1)
        assert controller.view().to_move == HUMAN and controller.drawn is None
        window.close()
    finally:
        store.close()


def test_after_a_crash_new_match_starts_fresh_and_records_the_old_one_abandoned(qtbot):
    crash_mid_match()
    store = open_storage()
    try:
        window = start_window(qtbot, store)
        answer_start_offer(qtbot, window, "New match")
        controller = window.gin_screen.controller
        assert controller.session is not None and not controller.session.hand_records()
        assert not controller.setup.practice  # the default match, not the old one
        queries = window.persistence.queries

        def results() -> list[str]:
            return [row.result for row in queries.database.history(queries.profile)]
        qtbot.waitUntil(lambda: results() == ["abandoned"], timeout=10_000)
        window.close()
    finally:
        store.close()


def test_after_a_finished_match_the_next_start_does_not_deal(qtbot):
    store = open_storage()
    try:
        window = MainWindow(storage=store, speed="instant")
        qtbot.addWidget(window)
        window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=3))
        assert window.gin_screen.controller.resign()  # the match is over and recorded
        queries = window.persistence.queries
        qtbot.waitUntil(lambda: len(queries.database.history(queries.profile)) == 1)
        window.close()
    finally:
        store.close()
    store = open_storage()
    try:
        window = start_window(qtbot, store)
        box = start_offer(qtbot, window)
        assert [b.text() for b in box.buttons()] == ["Rematch", "New match"]
        assert "You lost your last match against" in box.text()
        controller = window.gin_screen.controller
        assert controller.session is None  # a calm table, no silent deal
        answer_start_offer(qtbot, window, "Rematch")
        assert controller.session is not None and controller.setup.opponent == "greedy"
        window.close()
    finally:
        store.close()


@pytest.mark.parametrize("table", [None, {"drawn": 5, "locked": [], "undo": "x"}],
                         ids=["saved-before-marks-were-kept", "damaged-marks"])
def test_an_autosave_without_usable_marks_still_resumes(qtbot, table):
    store = open_storage()
    try:
        window = MainWindow(storage=store, speed="instant")
        qtbot.addWidget(window)
        window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=5))
        controller = window.gin_screen.controller
        assert controller.settle()
        state = controller.snapshot()
        if table is None:
            del state["table"]
        else:
            state["table"] = table
        window.persistence.autosave.save(state)
        view, order = controller.view(), list(controller.hand_order)
        window.persistence.autosave = None  # closing must not overwrite the prepared save
        window.close()
    finally:
        store.close()
    store = open_storage()
    try:
        window = start_window(qtbot, store)
        answer_start_offer(qtbot, window, "Resume")
        controller = window.gin_screen.controller
        assert controller.view() == view and controller.hand_order == order
        assert controller.drawn is None and not controller.can_undo
        assert not window.notifications  # resumed without a problem to report
        window.close()
    finally:
        store.close()
