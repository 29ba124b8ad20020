"""Gin scenes of the formats with more than two players (registered for ``--screenshot``).

``gin-three-players``: a hand the person sits out, half played by the two computer players.
``gin-partnership``: the end of a partnership deal, both tables' results in the panel.
``gin-resign``: the panel after the person resigned a two-player match.
``gin-move-log``: the mid-hand scene with the move log open.
Both are seeded matches whose person's moves a stand-in bot chooses; any ``--size`` works.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QDeadlineTimer, QEventLoop
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.gin.opponents import make_bot
from ginrummy_desktop.gui.shell.screenshots import SCREENSHOT_SEED, register_scene


def _run_until(done: Callable[[], bool], timeout_ms: int = 20_000) -> bool:
    """Run the event loop until ``done()`` (the bots move through it) or the time is up."""
    deadline = QDeadlineTimer(timeout_ms)
    events = QEventLoop()
    while not done() and not deadline.hasExpired():
        events.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    return done()


def _window(preset: str, seed: int) -> QWidget:
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(storage=None, speed="instant")
    window.set_confirmations(dict.fromkeys(window.confirmations, False))
    window.gin_screen.new_match(MatchSetup(preset=preset, opponent="marjj", seed=seed))
    return window


def _person_moves(window: QWidget, stop: Callable[[], bool], limit: int = 400) -> None:
    """Play the person's seat with a stand-in until ``stop()``; continue after each hand."""
    screen = window.gin_screen  # type: ignore[attr-defined]
    controller = screen.controller
    stand_in = make_bot("greedy", seed=7)
    for _ in range(limit):
        if stop() or controller.session.over:
            return
        if controller.session.to_move() == HUMAN and controller.reveal is None:
            controller.play(stand_in.choose(controller.session.observation(HUMAN)))
        elif controller.reveal is not None and not controller.partner_table_running:
            screen._continue()
        else:
            _run_until(lambda: stop() or controller.session.to_move() == HUMAN
                       or (controller.reveal is not None
                           and not controller.partner_table_running), 5_000)


@register_scene("gin-three-players")
def _three_players() -> QWidget:
    """The person sits out; the two computer players are half-way through their hand."""
    window = _window("three-player", SCREENSHOT_SEED)
    controller = window.gin_screen.controller  # type: ignore[attr-defined]
    _person_moves(window, lambda: controller.watching)
    _run_until(lambda: len(controller.view().discard_pile) >= 6 or not controller.watching)
    controller.loop.reset()  # hold the scene still here
    controller.changed.emit()
    return window


@register_scene("gin-partnership")
def _partnership() -> QWidget:
    """A partnership deal just scored: the person's table on the felt, both tables' results."""
    window = _window("partnership", SCREENSHOT_SEED)
    controller = window.gin_screen.controller  # type: ignore[attr-defined]
    _person_moves(window, lambda: len(controller.deal_results) == 2)
    return window


@register_scene("gin-resign")
def _resign() -> QWidget:
    """The person resigned a two-player match a few hands in: the resign panel over the table
    (the score panel beside it must not show through)."""
    window = _window("classic", SCREENSHOT_SEED)
    controller = window.gin_screen.controller  # type: ignore[attr-defined]
    _person_moves(window, lambda: controller.view().hand_number >= 2
                  and controller.reveal is None and controller.session.to_move() == HUMAN)
    window.gin_screen.resign()  # type: ignore[attr-defined]
    return window


@register_scene("gin-move-log")
def _move_log() -> QWidget:
    """The mid-hand scene with the move log open beside the table."""
    from ginrummy_desktop.gui.shell.screenshots import SCENES

    window = SCENES["gin-mid-hand"]()
    window.gin_screen.show_move_log(True)  # type: ignore[attr-defined]
    return window


# The score sheet's scenes (gin-score-sheet, gin-score-sheet-hollywood) register themselves.
from ginrummy_desktop.gui.gin import score_sheet_scenes  # noqa: E402, F401
