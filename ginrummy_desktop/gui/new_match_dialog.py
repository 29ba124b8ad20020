"""The "New Gin Rummy match" dialog: choose an opponent (emblem, style, strength) and rules."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.gin.rules import GIN_PRESETS
from ginrummy_desktop.gui.gin_controller import MatchSetup
from ginrummy_desktop.gui.gin_opponents import OpponentInfo, default_opponent, list_opponents

# Two-player presets the table can show (three-player and partnership need other tables).
TABLE_PRESETS = tuple(name for name, rules in GIN_PRESETS.items() if rules.players == 2)
PRESET_NOTES = {
    "classic": "Gin 25, undercut 25, big gin 31, box 20, game 100; to 100",
    "traditional": "Pagat: gin 20, undercut 10, no big gin; to 100",
    "tournament": "Research rules: no box or game bonus; knock limit 10",
    "oklahoma": "The upcard sets the knock limit; a spade upcard doubles; to 150",
    "straight": "Only gin ends a hand",
    "hollywood": "Three games scored at once",
}
_EMBLEM_COLOURS = ("#1f4e9c", "#a3182b", "#1d6b45", "#6b3fa0", "#b8651b", "#1d2238", "#2f7f7a")


def emblem_icon(info: OpponentInfo, size: int = 48) -> QIcon:
    """A round medallion with the persona's emblem letter, its colour from the bot id."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(_EMBLEM_COLOURS[sum(map(ord, info.bot_id)) % len(_EMBLEM_COLOURS)])
    painter.setBrush(colour)
    painter.setPen(QColor("#d9b65a"))
    painter.drawEllipse(QRectF(2, 2, size - 4, size - 4))
    font = QFont("DejaVu Serif")
    font.setBold(True)
    font.setPixelSize(int(size * 0.45))
    painter.setFont(font)
    painter.setPen(QColor("#fff6dc"))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter,
                     (info.emblem or info.name[:1])[:2])
    painter.end()
    return QIcon(pixmap)


class NewMatchDialog(QDialog):
    """Pick opponent and preset; ``setup()`` gives the chosen ``MatchSetup``."""

    def __init__(self, current: MatchSetup | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Gin Rummy match")
        self.setAccessibleName("New Gin Rummy match")
        current = current or MatchSetup(opponent=default_opponent())
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Choose your opponent</b>"))
        self.opponents = QListWidget(self)
        self.opponents.setAccessibleName("Opponents")
        self.opponents.setIconSize(QSize(44, 44))
        self.opponents.setSpacing(2)
        for info in list_opponents():
            item = QListWidgetItem(emblem_icon(info), f"{info.name}\n{info.style}  ·  "
                                                     f"strength: {info.rating}")
            item.setData(Qt.ItemDataRole.UserRole, info.bot_id)
            item.setToolTip(f"{info.name}: {info.style} (strength: {info.rating})")
            self.opponents.addItem(item)
            if info.bot_id == current.opponent:
                self.opponents.setCurrentItem(item)
        if self.opponents.currentItem() is None and self.opponents.count():
            self.opponents.setCurrentRow(0)
        layout.addWidget(self.opponents, 1)
        form = QFormLayout()
        self.preset = QComboBox(self)
        self.preset.setAccessibleName("Rules preset")
        for name in TABLE_PRESETS:
            self.preset.addItem(f"{name.title()} — {PRESET_NOTES.get(name, '')}", name)
        index = self.preset.findData(current.preset)
        self.preset.setCurrentIndex(max(0, index))
        form.addRow("Rules:", self.preset)
        self.practice = QCheckBox("Practice game (undo allowed; marked so in statistics)", self)
        self.practice.setChecked(current.practice)
        form.addRow("", self.practice)
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Deal")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.opponents.itemDoubleClicked.connect(lambda _item: self.accept())
        layout.addWidget(buttons)
        self.resize(560, 460)

    def setup(self) -> MatchSetup:
        item = self.opponents.currentItem()
        opponent = item.data(Qt.ItemDataRole.UserRole) if item else default_opponent()
        return MatchSetup(preset=self.preset.currentData(), opponent=opponent,
                          practice=self.practice.isChecked())
