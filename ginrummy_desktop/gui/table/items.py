"""Non-card items shared by tables: info panels and small labels (gin's meld bands are in
``gui/gin/table_items.py``)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from ginrummy_desktop.gui.table.box_item import BoxItem
from ginrummy_desktop.gui.table.palette import READABLE_PX


def table_font(pixel_size: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(READABLE_PX, int(pixel_size)))
    font.setBold(bold)
    return font


class InfoPanel(BoxItem):
    """A rounded panel of text lines (left text, right text, bold) under a title.

    Translucent over the felt by default; ``opaque=True`` gives it a solid backing so it reads
    over cards (the cribbage discard advisor's table).
    """

    OPAQUE_FILL = QColor("#123823")

    def __init__(self, opaque: bool = False) -> None:
        super().__init__(z=-8)
        self.opaque = opaque
        self.title = ""
        self.lines: list[tuple[str, str, bool]] = []  # (left text, right text, bold)

    def set_content(self, title: str, lines: list[tuple[str, str, bool]]) -> None:
        self.title = title
        self.lines = list(lines)
        self.update()

    def text(self) -> str:
        return "\n".join([self.title] + [f"{a} {b}".strip() for a, b, _ in self.lines])

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self._rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(255, 255, 255, 60), 1.5))
        palette = getattr(self.scene(), "table_palette", None)
        opaque = palette.panel if palette is not None else self.OPAQUE_FILL
        painter.setBrush(opaque if self.opaque else QColor(0, 0, 0, 95))
        painter.drawRoundedRect(r, 10, 10)
        rows = len(self.lines) + 1.4
        line_h = r.height() * 0.9 / rows
        pad = r.width() * 0.06
        y = r.top() + r.height() * 0.05
        painter.setFont(table_font(min(line_h * 0.72, r.width() * 0.085), bold=True))
        painter.setPen(QColor("#ffe9a8"))
        title_box = QRectF(r.left() + pad, y, r.width() - 2 * pad, line_h * 1.3)
        metrics = QFontMetricsF(painter.font())
        painter.drawText(title_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         metrics.elidedText(self.title, Qt.TextElideMode.ElideRight,
                                            title_box.width()))
        y += line_h * 1.4
        for left, right, bold in self.lines:
            painter.setFont(table_font(min(line_h * 0.62, r.width() * 0.075), bold=bold))
            painter.setPen(QColor("#ffffff") if bold else QColor("#e4efe7"))
            box = QRectF(r.left() + pad, y, r.width() - 2 * pad, line_h)
            metrics = QFontMetricsF(painter.font())
            right_w = metrics.horizontalAdvance(right) + 4
            painter.drawText(box.adjusted(0, 0, -right_w, 0),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             metrics.elidedText(left, Qt.TextElideMode.ElideRight,
                                                box.width() - right_w))
            painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             right)
            y += line_h


class Badge(BoxItem):
    """A small pill-shaped label (stock count, "Dealer", pile captions).

    Text keeps a readable minimum size, so on small cards a long text would spill out of the
    pill: a badge given a ``short`` form ("31" for "Stock 31") shows that instead."""

    def __init__(self, text: str = "") -> None:
        super().__init__(z=500, margin=1.0)
        self.text = text
        self.short = ""

    def set_text(self, text: str, short: str = "") -> None:
        if (text, short) != (self.text, self.short):
            self.text, self.short = text, short
            self.update()

    def shown_text(self) -> str:
        """The text the badge paints: the whole text if it fits, else the short form."""
        h = self._rect.height()
        room = self._rect.width() - 0.5 * h
        fits = QFontMetricsF(table_font(h * 0.62, bold=True)).horizontalAdvance(self.text) <= room
        return self.text if fits or not self.short else self.short

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        h = self._rect.height()
        painter.setPen(QPen(QColor(255, 255, 255, 120), 1))
        painter.setBrush(QColor(0, 0, 0, 160))
        painter.drawRoundedRect(self._rect, h / 2, h / 2)
        painter.setFont(table_font(h * 0.62, bold=True))
        painter.setPen(QColor("#ffffff"))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.shown_text())
