"""The main window's saved size and place (a settings entry), read before the window shows.

Kept apart from ``persistence.py`` (which loads the games' summaries and the storage thread) so
the window can take its saved geometry and map before those load.
"""

from __future__ import annotations

import base64
from typing import Any

from PySide6.QtCore import QByteArray

GEOMETRY_KEY = "main"  # the window's entry in the settings' window_geometry


def restore_geometry(window: Any, storage: Any) -> bool:
    """Give ``window`` its saved size and place; False if none was saved (or it is unusable)."""
    text = storage.settings.settings.window_geometry.get(GEOMETRY_KEY)
    if not text:
        return False
    try:
        data = QByteArray(base64.b64decode(text.encode()))
    except ValueError:
        return False
    return bool(window.restoreGeometry(data))
