"""Non-card items shared by tables: meld bands, info panels and small labels.

Meld bands differ by colour *and* fill pattern *and* carry a text label, so colour is never
the only signal.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from ginrummy_desktop.gui.table.box_item import BoxItem
from ginrummy_desktop.gui.table.palette import READABLE_PX

# (colour, pattern) per meld; a hand has at most 3 melds of 3+ cards among 11 cards.
BAND_STYLES: tuple[tuple[str, Qt.BrushStyle], ...] = (
    ("#ffd54a", Qt.BrushStyle.Dense5Pattern),
    ("#7fd4ff", Qt.BrushStyle.BDiagPattern),
    ("#ff9fd0", Qt.BrushStyle.CrossPattern),
    ("#b6f28a", Qt.BrushStyle.FDiagPattern),
)


def table_font(pixel_size: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(READABLE_PX, int(pixel_size)))
    font.setBold(bold)
    return font


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
