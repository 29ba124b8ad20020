"""What both "New game" dialogs share: the opponent list (emblem, name, style, measured
strength), the dialog frame and its "Deal" button."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.common.opponents import OpponentInfo

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


def deal_buttons(dialog: QDialog) -> QDialogButtonBox:
    """"Deal" and "Cancel" for a new-game dialog."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel, dialog)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr_ctx("deal the cards", "Deal"))
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class OpponentPicker(QListWidget):
    """One row per opponent; ``bot_id()`` is the chosen one (double-click = ``activated``)."""

    def __init__(self, opponents: Iterable[OpponentInfo], current: str | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(tr("Opponents"))
        self.setIconSize(QSize(44, 44))
        self.setSpacing(2)
        self.setWordWrap(True)  # long style lines wrap instead of needing a sideways scroll
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for info in opponents:
            # The strength goes beside the name: at the end of the style line it was cut off.
            line = tr("{name}  ·  strength: {strength}").format(name=info.name,
                                                                 strength=info.rating)
            item = QListWidgetItem(emblem_icon(info), f"{line}\n{info.style}")
            item.setData(Qt.ItemDataRole.UserRole, info.bot_id)
            item.setToolTip(tr("{name}: {style} (strength: {strength})").format(
                name=info.name, style=info.style, strength=info.rating))
            self.addItem(item)
            if info.bot_id == current:
                self.setCurrentItem(item)
        if self.currentItem() is None and self.count():
            self.setCurrentRow(0)
        # A double-click on an opponent deals at once.
        self.itemDoubleClicked.connect(lambda _item: parent.accept()
                                       if isinstance(parent, QDialog) else None)

    def bot_id(self) -> str | None:
        item = self.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None


class NewGameDialog(QDialog):
    """"Choose your opponent" above a form of the game's options (``self.form``) and "Deal"."""

    def __init__(self, title: str, opponents: Iterable[OpponentInfo], current: str | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("<b>Choose your opponent</b>")))
        self.opponents = OpponentPicker(opponents, current, self)
        layout.addWidget(self.opponents, 1)
        self.form = QFormLayout()
        layout.addLayout(self.form)
        layout.addWidget(deal_buttons(self))
        self.resize(560, 460)
