"""The window with real storage: autosave and resume, geometry, live settings, recorded matches."""

from __future__ import annotations

import pytest

from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.storage import open_storage
from tests.start_offers import answer_start_offer


@pytest.fixture
def storage():
    store = open_storage()  # GINRUMMY_DESKTOP_HOME points at a per-test folder (conftest)
    store.settings.update(animation_speed="instant")  # no pauses before the opponent's moves
    yield store
    store.close()


def make_window(qtbot, storage) -> MainWindow:
    window = MainWindow(storage=storage, speed="instant")
    qtbot.addWidget(window)
    return window


def play_moves(window, count: int) -> None:
    controller = window.gin_screen.controller
    bot = BUILTIN_BOTS["greedy"]()
    for _ in range(count):
        if controller.reveal is not None:
            window.gin_screen._continue()
        assert controller.settle()  # the opponent moves off the GUI thread
        if controller.reveal is None and not controller.session.over:
            controller.play(bot.choose(controller.session.observation(HUMAN)))


def test_autosave_and_resume_exactly(qtbot, storage):
    window = make_window(qtbot, storage)
    window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=21))
    play_moves(window, 5)
    controller = window.gin_screen.controller
    controller.sort_hand("rank")
    controller.reorder(controller.hand_order[0], 4)
    controller.action_applied.emit(HUMAN, None)  # what a move does: autosave
    view, order = controller.view(), list(controller.hand_order)
    window.close()
    storage.close()

    again = open_storage()
    try:
        resumed = make_window(qtbot, again)
        resumed.restore_or_start()
        answer_start_offer(qtbot, resumed, "Resume")
        other = resumed.gin_screen.controller
        assert other.view() == view
        assert other.hand_order == order
        assert other.setup.opponent == "greedy"
        assert "Resumed" in resumed.gin_screen.status.message
        resumed.close()
    finally:
        again.close()


def test_window_geometry_is_remembered(qtbot, storage):
    window = make_window(qtbot, storage)
    assert (window.width(), window.height()) == (1280, 800)  # the first-run default
    window.show()
    # Qt clamps restored geometry to the screen; the offscreen screen is 800x600.
    window.resize(800, 600)
    qtbot.waitUntil(lambda: window.width() == 800)
    window.close()
    assert storage.settings.settings.window_geometry["main"]
    second = make_window(qtbot, storage)
    assert (second.width(), second.height()) == (800, 600)
    second.close()


def test_settings_apply_live(qtbot, storage):
    window = make_window(qtbot, storage)
    storage.settings.update(four_colour_deck=True, card_back="red", animation_speed="slow",
                            table_colour="blue", player_name="Ada")
    assert window.renderer.style.four_colour and window.renderer.style.back == "red"
    assert window.gin_screen.animator.speed == "slow"
    assert window.gin_screen.controller.player_name == "Ada"
    window.close()


def test_finished_match_is_recorded_and_autosave_cleared(qtbot, storage):
    window = make_window(qtbot, storage)
    window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=2))
    controller = window.gin_screen.controller
    bot = BUILTIN_BOTS["greedy"]()
    for _ in range(5000):
        if controller.session.over:
            break
        if controller.reveal is not None:
            window.gin_screen._continue()
            continue
        assert controller.settle()  # the opponent moves off the GUI thread
        if controller.reveal is None and not controller.session.over:
            controller.play(bot.choose(controller.session.observation(HUMAN)))
    assert controller.session.over
    window.persistence.jobs.wait()  # matches are stored on the storage thread
    figures = storage.figures("gin")
    assert figures.matches_played == 1
    assert figures.hands_played == len(controller.session.hand_records())
    assert not storage.autosave().exists()
    window.close()


def test_abandoned_match_is_recorded_when_a_new_one_starts(qtbot, storage):
    window = make_window(qtbot, storage)
    window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=2))
    controller = window.gin_screen.controller
    bot = BUILTIN_BOTS["greedy"]()
    while not controller.session.hand_records():
        if controller.reveal is not None:
            break
        assert controller.settle()  # the opponent moves off the GUI thread
        if controller.reveal is None and not controller.session.over:
            controller.play(bot.choose(controller.session.observation(HUMAN)))
    window.rematch()
    window.persistence.jobs.wait()
    assert storage.figures("gin").matches_abandoned == 1
    window.close()


def test_practice_match_with_undo_is_marked_in_the_history(qtbot, storage):
    from ginrummy_desktop.gui.stats.window import HistoryModel

    window = make_window(qtbot, storage)
    window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=2, practice=True))
    controller = window.gin_screen.controller
    play_moves(window, 1)
    assert controller.can_undo
    controller.undo()
    bot = BUILTIN_BOTS["greedy"]()
    while not controller.session.hand_records():
        assert controller.settle()  # the opponent moves off the GUI thread
        if controller.reveal is None and not controller.session.over:
            controller.play(bot.choose(controller.session.observation(HUMAN)))
    window.rematch()
    window.persistence.jobs.wait()
    [row] = storage.database.history(storage.profile)
    assert row.undo_used and row.rules == "classic (practice)"
    stats = window.show_statistics()
    qtbot.waitUntil(lambda: not stats.busy)
    model = stats.history_model
    column = HistoryModel.COLUMNS.index("Undo")
    assert model.data(model.index(0, column)) == "used"
    window.close()
