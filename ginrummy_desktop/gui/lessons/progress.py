"""Which chapter each lesson has reached, kept in ``lessons.json`` in the app's data folder.

Written atomically after every chapter; a damaged or unreadable file is set aside and the
lessons start from their first chapter (a lesson is never worth stopping the app for).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.storage.files import atomic_write_text, move_aside
from ginrummy_desktop.storage.jsonfile import JsonProblem, Missing, read_json_file
from ginrummy_desktop.storage.paths import app_paths

FILE_NAME = "lessons.json"
MAX_BYTES = 4096


class LessonProgress:
    """``chapter(lesson_id)`` reached so far; ``remember(lesson_id, chapter)`` saves it."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else app_paths().data_dir / FILE_NAME
        self.problem = ""  # why the saved progress could not be read or written, if it could not
        self._chapters: dict[str, int] = self._load()

    def _load(self) -> dict[str, int]:
        try:
            data = read_json_file(self.path, MAX_BYTES)
        except Missing:
            return {}
        except JsonProblem as error:
            self.problem = tr("lesson progress could not be read ({error}); starting "
                              "afresh").format(error=error)
            with contextlib.suppress(OSError):  # the file stays where it is, unread
                move_aside(self.path)
            return {}
        if not isinstance(data, dict):
            return {}
        return {str(key): value for key, value in data.items()
                if isinstance(value, int) and not isinstance(value, bool) and value >= 0}

    def chapter(self, lesson_id: str) -> int:
        return self._chapters.get(lesson_id, 0)

    def remember(self, lesson_id: str, chapter: int) -> None:
        if self._chapters.get(lesson_id) == chapter:
            return
        self._chapters[lesson_id] = chapter
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(self._chapters, sort_keys=True))
        except OSError as error:  # a read-only folder: the lesson goes on, unsaved
            self.problem = tr("lesson progress could not be saved ({error})").format(
                error=error)
