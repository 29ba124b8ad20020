"""The "New Gin Rummy match" dialog: choose an opponent (emblem, style, strength) and rules."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QWidget

from ginrummy_desktop.engine.gin.rules import GIN_PRESETS, preset_description
from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.gin.opponents import default_opponent, list_opponents
from ginrummy_desktop.gui.shell.opponent_picker import NewGameDialog

# Two-player presets the table can show (three-player and partnership need other tables).
TABLE_PRESETS = tuple(name for name, rules in GIN_PRESETS.items() if rules.players == 2)


class NewMatchDialog(NewGameDialog):
    """Pick opponent and preset; ``setup()`` gives the chosen ``MatchSetup``."""

    def __init__(self, current: MatchSetup | None = None, parent: QWidget | None = None) -> None:
        current = current or MatchSetup(opponent=default_opponent())
        super().__init__("New Gin Rummy match", list_opponents(), current.opponent, parent)
        self.preset = QComboBox(self)
        self.preset.setAccessibleName("Rules preset")
        for name in TABLE_PRESETS:
            self.preset.addItem(f"{name.title()} — {preset_description(name)}", name)
        self.preset.setCurrentIndex(max(0, self.preset.findData(current.preset)))
        self.form.addRow("Rules:", self.preset)
        self.practice = QCheckBox("Practice game (undo allowed; marked so in statistics)", self)
        self.practice.setChecked(current.practice)
        self.form.addRow("", self.practice)

    def setup(self) -> MatchSetup:
        opponent = self.opponents.bot_id() or default_opponent()
        return MatchSetup(preset=self.preset.currentData(), opponent=opponent,
                          practice=self.practice.isChecked())
