"""The "New Cribbage game" dialog: the opponent (same picker as gin) and the game's options."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QCheckBox, QComboBox, QWidget

from ginrummy_desktop.engine.cribbage import CribbageRules
from ginrummy_desktop.engine.cribbage.rules import GAME_LENGTHS, STANDARD_TARGET, option_label
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.common.opponent_picker import NewGameDialog
from ginrummy_desktop.gui.cribbage.opponents import default_opponent, list_opponents


def targets() -> dict[int, str]:
    """Game length -> its words in the chosen language, from the engine's rules for it."""
    return {target: CribbageRules.for_target(target).describe() for target in GAME_LENGTHS}


@dataclass(frozen=True)
class CribbageSetup:
    """Who and what a cribbage game is played with (the settings' ``cribbage_options``)."""

    opponent: str = "expert"
    target: int = STANDARD_TARGET
    stinkhole: bool = False
    muggins: bool = False

    def rules(self) -> CribbageRules:
        # The table's games are cut by the players (the engine's ``player_cuts``).
        return CribbageRules.for_target(self.target, stinkhole=self.stinkhole,
                                        muggins=self.muggins, player_cuts=True)

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
        super().__init__(tr("New Cribbage game"), list_opponents(), current.opponent, parent)
        self.target = QComboBox(self)
        self.target.setAccessibleName(tr("Game length"))
        for target, text in targets().items():
            self.target.addItem(text, target)
        self.target.setCurrentIndex(max(0, self.target.findData(current.target)))
        # Translators: the length of the game (121 or 61 points).
        self.form.addRow(tr_ctx("game length", "Game:"), self.target)
        self.stinkhole = QCheckBox(option_label("stinkhole"), self)
        self.stinkhole.setChecked(current.stinkhole)
        self.form.addRow("", self.stinkhole)
        self.muggins = QCheckBox(option_label("muggins"), self)
        self.muggins.setChecked(current.muggins)
        self.form.addRow("", self.muggins)

    def setup(self) -> CribbageSetup:
        return CribbageSetup(self.opponents.bot_id() or default_opponent(),
                             int(self.target.currentData()), self.stinkhole.isChecked(),
                             self.muggins.isChecked())
