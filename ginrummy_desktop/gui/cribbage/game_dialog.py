"""Temporary: ``new_game_dialog.py`` is the New game dialog's module now. Only registration.py
and window_table.py (being edited elsewhere) still import these names from here; this file goes
once they import ``new_game_dialog`` (issue 42)."""

from ginrummy_desktop.gui.cribbage.new_game_dialog import (  # noqa: F401
    CribbageSetup,
    NewCribbageGameDialog,
)
