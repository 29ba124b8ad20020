"""The accuracy of every review the person finished, for the Statistics window's trend.

Kept in ``review-history.json`` in the app's data folder: one entry per reviewed hand or match
(``when``, ``game``, ``accuracy`` 0-100, ``decisions``, and ``key``, the records' fingerprint,
so the same hands reviewed twice count once), the newest ``LIMIT`` only. Written atomically; a
damaged file is set aside and the history starts afresh (never an error for the person).
"""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ginrummy_desktop.engine.review import can_review
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.storage.files import atomic_write_text, move_aside
from ginrummy_desktop.storage.jsonfile import JsonProblem, Missing, read_json_file
from ginrummy_desktop.storage.paths import app_paths

FILE_NAME = "review-history.json"
LIMIT = 500
MAX_BYTES = 1_000_000


class ReviewHistory:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else app_paths().data_dir / FILE_NAME
        self.problem = ""
        self.items: list[dict[str, Any]] = self._load()

    def _load(self) -> list[dict[str, Any]]:
        try:
            data = read_json_file(self.path, MAX_BYTES)
        except Missing:
            return []
        except JsonProblem as error:
            self.problem = tr("the review history could not be read ({error}); starting "
                              "afresh").format(error=error)
            with contextlib.suppress(OSError):
                move_aside(self.path)
            return []
        if not isinstance(data, list):
            return []
        return [item for item in data if _valid(item)]

    def entries(self, game: str | None = None) -> list[dict[str, Any]]:
        """Oldest first, of one game or of every game."""
        return [item for item in self.items if game is None or item["game"] == game]

    def add(self, key: str, game: str, accuracy: float, decisions: int,
            when: datetime | None = None) -> None:
        """Remember one finished review (again for the same ``key``: replaced, not added)."""
        stamp = (when or datetime.now(UTC)).isoformat(timespec="seconds")
        self.items = [item for item in self.items if item["key"] != key]
        self.items.append({"key": key, "game": game, "accuracy": round(accuracy, 1),
                           "decisions": decisions, "when": stamp})
        self.items = self.items[-LIMIT:]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(self.items))
        except OSError as error:
            self.problem = tr("the review history could not be saved ({error})").format(
                error=error)


def _valid(item: Any) -> bool:
    return (isinstance(item, dict) and isinstance(item.get("key"), str)
            and can_review(item.get("game"))
            and isinstance(item.get("accuracy"), int | float)
            and 0 <= item["accuracy"] <= 100
            and isinstance(item.get("decisions"), int) and isinstance(item.get("when"), str))
