"""Screenshot scenes of the score sheet: ``gin-score-sheet``, ``gin-score-sheet-hollywood`` and
``gin-score-sheet-partnership``.

A seeded match whose person's moves a stand-in bot chooses, played for several hands, with the
sheet docked beside the table in the next hand; any ``--size`` works.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

# The gin scenes first: the usual gin table (gin-mid-hand) stays the first gin scene registered.
from ginrummy_desktop.gui.scenes import SCREENSHOT_SEED, register_scene
from ginrummy_desktop.gui.scenes import gin as gin_scenes

SHEET_HANDS = 5


def played_window(preset: str, hands: int, seed: int = SCREENSHOT_SEED) -> QWidget:
    """A main window whose match (``preset``) has ``hands`` hands scored and the next one
    dealt, the score sheet shown (fewer hands if the match ends first)."""
    from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
    from ginrummy_desktop.gui.gin.opponents import make_bot
    from ginrummy_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(storage=None, speed="instant")
    window.set_confirmations(dict.fromkeys(window.confirmations, False))  # nobody to answer
    screen = window.gin_screen
    controller = screen.controller
    stand_in = make_bot("greedy", seed=7)
    screen.new_match(MatchSetup(preset=preset, opponent="greedy", seed=seed))
    for _ in range(5000):
        session = controller.session
        assert session is not None
        controller.settle()  # the opponent thinks off the GUI thread, also at instant speed
        if session.over:
            break
        if controller.reveal is not None:
            if len(session.hand_records()) >= hands:
                screen._continue()  # noqa: SLF001 - the scene deals the next hand
                controller.settle()
                break
            screen._continue()  # noqa: SLF001
        elif session.to_move() == HUMAN:
            controller.play(stand_in.choose(session.observation(HUMAN)))
    screen.show_score_sheet(True)
    return window


@register_scene("gin-score-sheet")
def _score_sheet() -> QWidget:
    return played_window("classic", SHEET_HANDS)


@register_scene("gin-score-sheet-hollywood")
def _score_sheet_hollywood() -> QWidget:
    return played_window("hollywood", SHEET_HANDS + 1)


@register_scene("gin-score-sheet-partnership")
def _score_sheet_partnership() -> QWidget:
    """Two partnership deals scored and the next one half played: a column per team."""
    window = gin_scenes._window("partnership", SCREENSHOT_SEED)  # noqa: SLF001 - same scenes
    controller = window.gin_screen.controller  # type: ignore[attr-defined]
    gin_scenes._person_moves(  # noqa: SLF001
        window, lambda: len(controller.session.hand_records()) >= 5)
    controller.loop.reset()  # hold the scene still here (the other table stops too)
    controller.changed.emit()
    window.gin_screen.show_score_sheet(True)  # type: ignore[attr-defined]
    return window
