"""Screenshot scenes of the guided first games.

``lesson-gin``: the first chapter (melds), after a wrong try: the explanation and the upcard
outlined. ``lesson-cribbage``: the crib, the two cards to lay away outlined.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.gui.scenes import SCENES


def _lesson(lesson_id: str) -> QWidget:
    from ginrummy_desktop.gui.lessons.window import LessonWindow

    window = LessonWindow(lesson_id)  # no progress: a scene never writes the player's files
    if lesson_id == "gin":
        window.try_move(Action("pass"))
    return window


SCENES["lesson-gin"] = lambda: _lesson("gin")
SCENES["lesson-cribbage"] = lambda: _lesson("cribbage")
