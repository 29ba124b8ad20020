"""The muggins option in the New Cribbage game dialog and in Preferences (saved settings)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, Qt

from ginrummy_desktop.gui.cribbage.new_game_dialog import CribbageSetup, NewCribbageGameDialog
from ginrummy_desktop.gui.shell.preferences import PreferencesDialog
from ginrummy_desktop.storage import SettingsStore, Storage


def test_new_game_dialog_offers_muggins(qtbot):
    dialog = NewCribbageGameDialog(CribbageSetup("expert"))
    qtbot.addWidget(dialog)
    assert not dialog.muggins.isChecked()  # ACC default: the computer counts
    dialog.show()
    qtbot.mouseClick(dialog.muggins, Qt.MouseButton.LeftButton,
                     pos=QPoint(8, dialog.muggins.height() // 2))  # on the tick box
    setup = dialog.setup()
    assert setup.muggins and setup.rules().muggins and "muggins" in setup.rules_text()
    assert CribbageSetup.from_rules("expert", setup.rules()) == setup


def test_preferences_save_the_muggins_option(qtbot, tmp_path):
    storage = Storage(tmp_path)
    try:
        dialog = PreferencesDialog(storage)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        bar = dialog.tabs.tabBar()
        index = next(i for i in range(bar.count()) if bar.tabText(i) == "Cribbage")
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
        box = dialog.muggins_check
        assert not box.isChecked()
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
        assert storage.settings.settings.cribbage_rules().muggins
        saved = SettingsStore(storage.paths.settings_file).settings
        assert saved.cribbage_options["muggins"] is True and saved.cribbage_rules().muggins
    finally:
        storage.close()
