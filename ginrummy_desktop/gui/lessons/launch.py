"""Opening a lesson from the main window (Help menu, welcome page): one window per game."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ginrummy_desktop.gui.lessons.progress import LessonProgress
from ginrummy_desktop.gui.lessons.window import LessonWindow


def open_lesson(window: Any, game: str) -> QWidget:
    """The lesson of ``game`` ("gin" or "cribbage"), raised if already open."""
    for dialog in getattr(window, "dialogs", []):
        if isinstance(dialog, LessonWindow) and dialog.lesson.lesson_id == game \
                and dialog.isVisible():
            dialog.raise_()
            dialog.activateWindow()
            return dialog
    progress = LessonProgress()
    lesson = LessonWindow(game, progress, getattr(window, "renderer", None), window)
    if progress.problem and hasattr(window, "notify"):
        window.notify(progress.problem)
    dialogs = getattr(window, "dialogs", None)
    if isinstance(dialogs, list):
        dialogs.append(lesson)
    lesson.show()
    from ginrummy_desktop.gui.common.window_fit import keep_on_screen

    keep_on_screen(lesson)
    return lesson
