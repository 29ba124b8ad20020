"""Gin Rummy scenes (registered for ``--screenshot``).

``gin-mid-hand``, ``gin-end-of-hand``, ``gin-match-over``: a seeded two-player match played by
bots for both seats up to that point (registered first: the usual gin table).
``gin-match-won``: a match the person won against Bea the Beginner, with its arcade score line.
The formats with more than two players and the panels after a hand:
``gin-three-players``: a hand the person sits out, half played by the two computer players.
``gin-partnership``: the end of a partnership deal, both tables' results in the panel.
``gin-resign``: the panel after the person resigned a two-player match.
``gin-move-log``: the mid-hand scene with the move log open.
Both are seeded matches whose person's moves a stand-in bot chooses; any ``--size`` works.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QDeadlineTimer, QEventLoop
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.engine.gin.match import GinMatch
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.gin.opponents import make_bot
from ginrummy_desktop.gui.scenes import SCENES, SCREENSHOT_SEED, register_scene


def _gin_window(stage: str, opponent: str | None = None) -> QWidget:
    """A main window with a seeded match played by bots (for both seats) up to ``stage``
    (``match-won``: the first seed whose match the person's stand-in wins)."""
    from ginrummy_desktop.engine.gin.melds import best_arrangement
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(storage=None, speed="instant")
    window.set_confirmations(dict.fromkeys(window.confirmations, False))  # nobody to answer
    screen = window.gin_screen
    controller = screen.controller
    if opponent is None:
        opponent = "greedy" if "greedy" in BUILTIN_BOTS else next(iter(BUILTIN_BOTS))
    stand_in = make_bot(opponent, seed=7)

    def human_step() -> None:
        session = controller.session
        assert isinstance(session, GinMatch)
        controller.settle()  # the opponent thinks off the GUI thread, also at instant speed
        if controller.reveal is None and session.to_move() == HUMAN:
            controller.play(stand_in.choose(session.observation(HUMAN)))
        controller.settle()

    def good_mid_hand() -> bool:
        view = controller.view()
        return (view.to_move == HUMAN and view.phase == "discard"
                and len(view.discard_pile) >= 5 and view.stock_size >= 8
                and len(best_arrangement(list(view.hand)).melds) >= 2)

    for seed in range(SCREENSHOT_SEED, SCREENSHOT_SEED + 40):
        screen.new_match(MatchSetup(preset="classic", opponent=opponent, seed=seed))
        controller.settle()
        if stage == "mid-hand":
            for _ in range(60):
                if good_mid_hand() or controller.reveal is not None:
                    break
                human_step()
            if good_mid_hand():
                controller.sort_hand("melds")
                controller._announce()
                break
        elif stage == "end-of-hand":
            for _ in range(400):
                if controller.reveal is not None:
                    break
                human_step()
            result = controller.reveal
            if result is not None and result.kind in ("knock", "undercut") and any(
                    hand.layoffs for hand in result.hands):
                break  # a hand that shows lay-offs moving onto the knocker's melds
        else:
            for _ in range(5000):
                if controller.session is not None and controller.session.over:
                    break
                if controller.reveal is not None:
                    screen._continue()
                    continue
                human_step()
            if stage != "match-won" or HUMAN in controller.view().winners:
                break
    return window


for _stage in ("mid-hand", "end-of-hand", "match-over"):
    register_scene(f"gin-{_stage}")(partial(_gin_window, _stage))
register_scene("gin-match-won")(partial(_gin_window, "match-won", "beginner"))


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
    window = SCENES["gin-mid-hand"]()
    window.gin_screen.show_move_log(True)  # type: ignore[attr-defined]
    return window
