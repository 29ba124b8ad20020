"""Painted items only the gin table needs: the meld bands.

A meld band differs from the others by colour *and* fill pattern *and* carries a text label
(its kind and points), so colour is never the only signal. The items both games draw (info
panels, badges) are in ``gui/table/items.py``.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from ginrummy_desktop.gui.table.box_item import BoxItem
from ginrummy_desktop.gui.table.items import table_font

# (colour, pattern) per meld; a hand has at most 3 melds of 3+ cards among 11 cards.
BAND_STYLES: tuple[tuple[str, Qt.BrushStyle], ...] = (
    ("#ffd54a", Qt.BrushStyle.Dense5Pattern),
    ("#7fd4ff", Qt.BrushStyle.BDiagPattern),
    ("#ff9fd0", Qt.BrushStyle.CrossPattern),
    ("#b6f28a", Qt.BrushStyle.FDiagPattern),
)



class MeldBand(BoxItem):
    """A patterned rounded band behind the cards of one meld, with a label above the cards."""

    def __init__(self, style_index: int, label: str) -> None:
        super().__init__(z=-5)
        self.style_index = style_index
        self.label = label
        self._label_height = 14.0

    def set_geometry(self, rect: QRectF, label_height: float) -> None:
        self._label_height = label_height
        self.set_rect(rect)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        colour_name, pattern = BAND_STYLES[self.style_index % len(BAND_STYLES)]
        colour = QColor(colour_name)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = self._label_height * 0.5
        fill = QColor(colour)
        fill.setAlpha(60)
        painter.setPen(QPen(colour, 2))
        painter.setBrush(fill)
        painter.drawRoundedRect(self._rect, radius, radius)
        hatch = QColor(colour)
        hatch.setAlpha(150)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(hatch, pattern))
        painter.drawRoundedRect(self._rect, radius, radius)
        if not self.label:  # a later part of a split meld: the first part carries the label
            return
        label_box = QRectF(self._rect.left() + radius, self._rect.top(),
                           self._rect.width() - 2 * radius, self._label_height)
        painter.setFont(table_font(self._label_height * 0.78, bold=True))
        painter.setPen(QColor("#101010"))
        metrics = QFontMetricsF(painter.font())
        text = metrics.elidedText(self.label, Qt.TextElideMode.ElideRight, label_box.width())
        back = QRectF(label_box.left() - 3, label_box.top() + 1,
                      metrics.horizontalAdvance(text) + 6, self._label_height - 2)
        painter.setBrush(colour)
        painter.drawRoundedRect(back, 3, 3)
        painter.setPen(QColor("#101010"))
        painter.drawText(label_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         text)
