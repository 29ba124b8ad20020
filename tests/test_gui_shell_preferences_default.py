"""Before the newcomer has chosen an opponent, Preferences shows the same friendly one the
welcome page offers, not the strongest (issue 39, defect 8: one default for a newcomer)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, Qt

from tests.gui_helpers import choose_from_menu
from tests.test_gui_first_run import launch  # noqa: F401 - the app started as run_app does


def test_preferences_shows_the_welcomes_friendly_opponent_until_one_is_chosen(
        qtbot, launch):  # noqa: F811
    window = launch()
    storage = window.storage
    page = window.welcome
    assert page is not None  # a newcomer: nothing chosen yet
    offered = {}
    for game, button in page.game_buttons.items():
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton,
                         pos=QPoint(8, button.height() // 2))
        offered[game] = page.picker.bot_id()
    dialog = choose_from_menu(qtbot, window, "&Game", "&Preferences…")
    qtbot.waitExposed(dialog)
    shown = {game: combo.currentData() for game, combo in dialog.opponent_combos.items()}
    assert shown == offered, (f"Preferences shows {shown} before any choice; the welcome "
                              f"offers {offered}")
    dialog.close()
    # What a new game would deal without a choice is the same one.
    assert window.preferred_gin_setup().opponent == offered["gin"]
    assert window.preferred_cribbage_setup().opponent == offered["cribbage"]
    # Showing the default is not a choice: the welcome still waits for one.
    assert storage.settings.settings.default_opponent == {}
