"""Temporary re-export (issue 42): window fitting moved to ``gui/common/window_fit.py``.

Kept only while ``gui/shell/main_window.py`` and ``gui/stats/window.py`` (other work in
progress) still import this path.
"""

from ginrummy_desktop.gui.common.window_fit import (
    DEFAULT_SIZE,
    PREFERRED_MINIMUM,
    client_room,
    default_geometry,
    fitted,
    inside,
    keep_on_screen,
    minimum_for,
    open_fitted,
)

__all__ = ["DEFAULT_SIZE", "PREFERRED_MINIMUM", "client_room", "default_geometry", "fitted",
           "inside", "keep_on_screen", "minimum_for", "open_fitted"]
