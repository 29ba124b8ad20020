"""The "New Cribbage game" dialog: the opponent (same picker as gin) and the game's options."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QCheckBox, QComboBox, QWidget

from ginrummy_desktop.engine.cribbage import CribbageRules
from ginrummy_desktop.gui.cribbage.opponents import default_opponent, list_opponents
from ginrummy_desktop.gui.shell.opponent_picker import NewGameDialog

TARGETS = {121: "121 points: the standard game (skunk at 90, double skunk at 60)",
           61: "61 points: the short game, once around (skunk at 30)"}


@dataclass(frozen=True)
class CribbageSetup:
    """Who and what a cribbage game is played with (the settings' ``cribbage_options``)."""

    opponent: str = "expert"
    target: int = 121
    stinkhole: bool = False
    muggins: bool = False

    def rules(self) -> CribbageRules:
        if self.target == 61:
            return CribbageRules.short_game(stinkhole=self.stinkhole, muggins=self.muggins)
        return CribbageRules(target=self.target, stinkhole=self.stinkhole, muggins=self.muggins)

    def rules_text(self) -> str:
        """How the game is named in the statistics history."""
        return (f"{self.target} points" + (", stinkhole" if self.stinkhole else "")
                + (", muggins" if self.muggins else ""))

    @classmethod
    def from_rules(cls, opponent: str, rules: CribbageRules) -> CribbageSetup:
        return cls(opponent, rules.target, rules.stinkhole, rules.muggins)


class NewCribbageGameDialog(NewGameDialog):
    """Pick an opponent and options; ``setup()`` gives the chosen ``CribbageSetup``."""

    def __init__(self, current: CribbageSetup | None = None,
                 parent: QWidget | None = None) -> None:
        current = current or CribbageSetup(default_opponent())
        super().__init__("New Cribbage game", list_opponents(), current.opponent, parent)
        self.target = QComboBox(self)
        self.target.setAccessibleName("Game length")
        for target, text in TARGETS.items():
            self.target.addItem(text, target)
        self.target.setCurrentIndex(max(0, self.target.findData(current.target)))
        self.form.addRow("Game:", self.target)
        self.stinkhole = QCheckBox("Stinkhole (house rule: no pegging out with a go or his heels "
                                   "from the hole before the last)", self)
        self.stinkhole.setChecked(current.stinkhole)
        self.form.addRow("", self.stinkhole)
        self.muggins = QCheckBox("Muggins (you count your own hand and crib; the computer "
                                 "takes any points you miss)", self)
        self.muggins.setChecked(current.muggins)
        self.form.addRow("", self.muggins)

    def setup(self) -> CribbageSetup:
        return CribbageSetup(self.opponents.bot_id() or default_opponent(),
                             int(self.target.currentData()), self.stinkhole.isChecked(),
                             self.muggins.isChecked())
