"""Painted items only the cribbage table needs: the running count, the announcement flash, the
show's spoken count, and the end-of-game panel with its picture (a trophy or a skunk)."""

from __future__ import annotations

import math

from PySide6.QtCore import (
    Property,
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from ginrummy_desktop.engine.translation import tr_ctx
from ginrummy_desktop.gui.cribbage.pegboard import PLAYER_COLOURS
from ginrummy_desktop.gui.table.box_item import BoxItem
from ginrummy_desktop.gui.table.items import table_font
from ginrummy_desktop.gui.table.palette import READABLE_PX


class _BoxItem(BoxItem):
    """A painted item occupying a rectangle set by the table's layout."""

    def __init__(self, z: float) -> None:
        super().__init__(z, margin=4.0)


class CountDisplay(_BoxItem):
    """The running count of the play, large, with a short note ("31!", "count starts again")."""

    def __init__(self) -> None:
        super().__init__(z=50)
        self.count = 0
        self.note = ""

    def set_count(self, count: int, note: str) -> None:
        if (count, note) != (self.count, self.note):
            self.count, self.note = count, note
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self._rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(255, 255, 255, 70), 1.5))
        painter.setBrush(QColor(0, 0, 0, 80))
        painter.drawRoundedRect(r, r.width() * 0.12, r.width() * 0.12)
        painter.setPen(QColor("#f4ead2"))
        painter.setFont(table_font(r.height() * 0.12, bold=True))
        painter.drawText(QRectF(r.left(), r.top() + r.height() * 0.05, r.width(),
                                r.height() * 0.18), Qt.AlignmentFlag.AlignCenter,
                         tr_ctx("running count heading", "COUNT"))
        painter.setFont(table_font(min(r.height() * 0.48, r.width() * 0.55), bold=True))
        colour = QColor("#ffd84a") if self.count == 31 else QColor("#ffffff")
        painter.setPen(colour)
        painter.drawText(QRectF(r.left(), r.top() + r.height() * 0.2, r.width(),
                                r.height() * 0.55), Qt.AlignmentFlag.AlignCenter, str(self.count))
        if self.note:
            painter.setFont(table_font(r.height() * 0.09))
            painter.setPen(QColor("#e4efe7"))
            painter.drawText(QRectF(r.left() + 4, r.top() + r.height() * 0.75, r.width() - 8,
                                    r.height() * 0.22),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.note)


class Announcement(_BoxItem):
    """A pill that flashes a scoring call ("Fifteen for 2") over the play area, then fades."""

    def __init__(self) -> None:
        super().__init__(z=5000)
        self.text = ""
        self.seat = 0
        self._group: QSequentialAnimationGroup | None = None
        self.setOpacity(0.0)

    def _get_fade(self) -> float:
        return self.opacity()

    def _set_fade(self, value: float) -> None:
        self.setOpacity(value)

    fade = Property(float, _get_fade, _set_fade)

    def flash(self, text: str, seat: int, scale: float, hold_ms: int = 1300) -> None:
        """Show ``text``; ``scale`` 0 (instant speed) leaves it showing until the next one."""
        if self._group is not None:
            self._group.stop()
            self._group = None
        self.text = text
        self.seat = seat
        self.update()
        if scale <= 0:
            self.setOpacity(1.0)
            return
        group = QSequentialAnimationGroup(self)
        appear = QPropertyAnimation(self, b"fade", group)
        appear.setDuration(max(1, int(140 * scale)))
        appear.setStartValue(0.0)
        appear.setEndValue(1.0)
        hold = QPropertyAnimation(self, b"fade", group)
        hold.setDuration(max(1, int(hold_ms * scale)))
        hold.setStartValue(1.0)
        hold.setEndValue(1.0)
        vanish = QPropertyAnimation(self, b"fade", group)
        vanish.setDuration(max(1, int(450 * scale)))
        vanish.setStartValue(1.0)
        vanish.setEndValue(0.0)
        vanish.setEasingCurve(QEasingCurve.Type.InQuad)
        for animation in (appear, hold, vanish):
            group.addAnimation(animation)
        self._group = group
        group.start()

    def clear(self) -> None:
        if self._group is not None:
            self._group.stop()
            self._group = None
        self.text = ""
        self.setOpacity(0.0)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.text:
            return
        r = self._rect
        font = table_font(r.height() * 0.5, bold=True)
        metrics = QFontMetricsF(font)
        width = min(r.width(), metrics.horizontalAdvance(self.text) + r.height() * 1.6)
        pill = QRectF(r.center().x() - width / 2, r.top(), width, r.height())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(pill.translated(3, 4), pill.height() / 2, pill.height() / 2)
        fill = QLinearGradient(pill.topLeft(), pill.bottomLeft())
        fill.setColorAt(0.0, QColor("#fff8e1"))
        fill.setColorAt(1.0, QColor("#f3d98b"))
        painter.setBrush(QBrush(fill))
        painter.setPen(QPen(QColor("#7a5200"), 2))
        painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
        dot = pill.height() * 0.22
        painter.setBrush(PLAYER_COLOURS[self.seat % 2])
        painter.setPen(QPen(PLAYER_COLOURS[self.seat % 2].darker(200), 1))
        painter.drawEllipse(QPointF(pill.left() + pill.height() * 0.55, pill.center().y()),
                            dot, dot)
        painter.setFont(font)
        painter.setPen(QColor("#3a2600"))
        painter.drawText(pill.adjusted(pill.height() * 0.8, 0, -pill.height() * 0.3, 0),
                         Qt.AlignmentFlag.AlignCenter, self.text)


class SpokenBanner(_BoxItem):
    """The show's heading ("Your hand: 8") and the count as spoken, growing item by item."""

    def __init__(self) -> None:
        super().__init__(z=60)
        self.title = ""
        self.spoken = ""

    def set_text(self, title: str, spoken: str) -> None:
        if (title, spoken) != (self.title, self.spoken):
            self.title, self.spoken = title, spoken
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.title:
            return
        r = self._rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(255, 255, 255, 60), 1))
        painter.setBrush(QColor(0, 0, 0, 100))
        painter.drawRoundedRect(r, 10, 10)
        painter.setFont(table_font(r.height() * 0.3, bold=True))
        painter.setPen(QColor("#ffe9a8"))
        painter.drawText(QRectF(r.left() + 12, r.top(), r.width() - 24, r.height() * 0.48),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.title)
        painter.setFont(table_font(r.height() * 0.27))
        painter.setPen(QColor("#ffffff"))
        # Translators: the count as spoken, in the language's quotation marks.
        text = tr_ctx("spoken words", "“{words}”").format(words=self.spoken) if self.spoken else ""
        metrics = QFontMetricsF(painter.font())
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, r.width() - 24)
        painter.drawText(QRectF(r.left() + 12, r.top() + r.height() * 0.45, r.width() - 24,
                                r.height() * 0.5),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)


class ResultPanel(_BoxItem):
    """End of game: who won, skunk or double skunk, the score, and a picture to match."""

    def __init__(self) -> None:
        super().__init__(z=6000)
        self.title = ""
        self.subtitle = ""
        self.score_line = ""
        self.picture = "trophy"  # "trophy", "skunk" or "double skunk"
        self.winner = 0

    def set_result(self, title: str, subtitle: str, score_line: str, picture: str,
                   winner: int) -> None:
        self.title, self.subtitle, self.score_line = title, subtitle, score_line
        self.picture, self.winner = picture, winner
        self.update()

    def text(self) -> str:
        return "\n".join(t for t in (self.title, self.subtitle, self.score_line) if t)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self._rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 110))
        painter.drawRoundedRect(r.translated(5, 7), 18, 18)
        back = QLinearGradient(r.topLeft(), r.bottomLeft())
        back.setColorAt(0.0, QColor("#2b1a0c"))
        back.setColorAt(1.0, QColor("#4a2e14"))
        painter.setBrush(QBrush(back))
        painter.setPen(QPen(QColor("#d9a868"), 3))
        painter.drawRoundedRect(r, 18, 18)
        art = QRectF(r.left() + r.width() * 0.05, r.top() + r.height() * 0.12,
                     r.width() * 0.36, r.height() * 0.76)
        if self.picture == "trophy":
            paint_trophy(painter, art, PLAYER_COLOURS[self.winner % 2])
        elif self.picture == "double skunk":
            left = QRectF(art.left(), art.top() + art.height() * 0.22, art.width() * 0.62,
                          art.height() * 0.62)
            right = QRectF(art.left() + art.width() * 0.4, art.top(), art.width() * 0.62,
                           art.height() * 0.62)
            paint_skunk(painter, right)
            paint_skunk(painter, left)
        else:
            paint_skunk(painter, art)
        text = QRectF(art.right() + r.width() * 0.04, r.top() + r.height() * 0.1,
                      r.right() - art.right() - r.width() * 0.08, r.height() * 0.8)
        painter.setPen(QColor("#ffe9a8"))
        painter.setFont(table_font(min(text.height() * 0.2, text.width() * 0.11), bold=True))
        painter.drawText(QRectF(text.left(), text.top(), text.width(), text.height() * 0.36),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                         | Qt.TextFlag.TextWordWrap, self.title)
        painter.setPen(QColor("#ffffff"))
        # The skunk's sentence is long in some languages: it gets the room down to the score
        # line and a smaller size when it would not fit (never below the readable size).
        note = QRectF(text.left(), text.top() + text.height() * 0.37, text.width(),
                      text.height() * 0.39)
        painter.setFont(_fitted_font(self.subtitle, note,
                                     min(text.height() * 0.11, text.width() * 0.07)))
        painter.drawText(note, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                         | Qt.TextFlag.TextWordWrap, self.subtitle)
        painter.setPen(QColor("#e4d6bd"))
        painter.setFont(table_font(min(text.height() * 0.1, text.width() * 0.065)))
        painter.drawText(QRectF(text.left(), text.top() + text.height() * 0.76, text.width(),
                                text.height() * 0.24),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                         | Qt.TextFlag.TextWordWrap, self.score_line)


def _fitted_font(text: str, box: QRectF, pixels: float, bold: bool = True) -> QFont:
    """The table font at ``pixels``, or smaller until ``text`` word-wrapped fits ``box``."""
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
    font = table_font(pixels, bold=bold)
    while font.pixelSize() > READABLE_PX:
        needed = QFontMetricsF(font).boundingRect(box, flags, text)
        if needed.height() <= box.height() and needed.width() <= box.width() + 1:
            break
        font = table_font(font.pixelSize() - 1, bold=bold)
    return font


def paint_trophy(painter: QPainter, box: QRectF, ribbon: QColor) -> None:
    """A gold cup on a plinth, with a ribbon in the winner's peg colour."""
    size = min(box.width(), box.height())
    cx = box.center().x()
    top = box.center().y() - size * 0.45
    w = size * 0.62
    gold = QLinearGradient(QPointF(cx - w / 2, 0), QPointF(cx + w / 2, 0))
    gold.setColorAt(0.0, QColor("#a8741a"))
    gold.setColorAt(0.35, QColor("#ffe082"))
    gold.setColorAt(0.6, QColor("#f2b632"))
    gold.setColorAt(1.0, QColor("#8c5a0e"))
    pen = QPen(QColor("#5c3a06"), max(1.5, size * 0.015))
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    handle = pen
    handle.setWidthF(size * 0.05)
    handle.setColor(QColor("#c98d20"))
    painter.setPen(handle)
    painter.drawArc(QRectF(cx - w / 2 - size * 0.12, top + size * 0.05, size * 0.26, size * 0.3),
                    90 * 16, 180 * 16)
    painter.drawArc(QRectF(cx + w / 2 - size * 0.14, top + size * 0.05, size * 0.26, size * 0.3),
                    -90 * 16, 180 * 16)
    painter.setPen(QPen(QColor("#5c3a06"), max(1.5, size * 0.012)))
    painter.setBrush(QBrush(gold))
    cup = QPainterPath(QPointF(cx - w / 2, top))
    cup.lineTo(cx + w / 2, top)
    cup.cubicTo(cx + w / 2, top + size * 0.38, cx + size * 0.08, top + size * 0.46,
                cx + size * 0.05, top + size * 0.52)
    cup.lineTo(cx - size * 0.05, top + size * 0.52)
    cup.cubicTo(cx - size * 0.08, top + size * 0.46, cx - w / 2, top + size * 0.38,
                cx - w / 2, top)
    painter.drawPath(cup)
    painter.drawRect(QRectF(cx - size * 0.05, top + size * 0.52, size * 0.1, size * 0.14))
    painter.drawRoundedRect(QRectF(cx - size * 0.2, top + size * 0.66, size * 0.4, size * 0.07),
                            3, 3)
    painter.setBrush(QColor("#3b2410"))
    painter.drawRoundedRect(QRectF(cx - size * 0.27, top + size * 0.73, size * 0.54,
                                   size * 0.15), 4, 4)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ribbon)
    painter.drawRect(QRectF(cx - size * 0.24, top + size * 0.77, size * 0.48, size * 0.05))
    star = QPainterPath()
    for i in range(10):
        radius = size * (0.11 if i % 2 == 0 else 0.045)
        angle = -math.pi / 2 + i * math.pi / 5
        point = QPointF(cx + radius * math.cos(angle), top + size * 0.2 + radius * math.sin(angle))
        if i == 0:
            star.moveTo(point)
        else:
            star.lineTo(point)
    star.closeSubpath()
    painter.setBrush(QColor("#fffbe6"))
    painter.drawPath(star)


def paint_skunk(painter: QPainter, box: QRectF) -> None:
    """A friendly cartoon skunk: black body, white stripe and a big plumed tail."""
    size = min(box.width(), box.height())
    x0 = box.center().x() - size / 2
    y0 = box.center().y() - size / 2

    def p(x: float, y: float) -> QPointF:
        return QPointF(x0 + x * size, y0 + y * size)

    black = QRadialGradient(p(0.45, 0.55), size * 0.5)
    black.setColorAt(0.0, QColor("#3a3a44"))
    black.setColorAt(1.0, QColor("#0d0d12"))
    outline = QPen(QColor("#f5f5f5"), max(1.2, size * 0.012))
    # Tail: a big plume curling up behind the body.
    tail = QPainterPath(p(0.62, 0.72))
    tail.cubicTo(p(0.98, 0.7), p(1.02, 0.2), p(0.78, 0.08))
    tail.cubicTo(p(0.62, 0.0), p(0.5, 0.18), p(0.62, 0.3))
    tail.cubicTo(p(0.7, 0.38), p(0.74, 0.52), p(0.56, 0.62))
    tail.closeSubpath()
    painter.setPen(outline)
    painter.setBrush(QBrush(black))
    painter.drawPath(tail)
    stripe = QPainterPath(p(0.64, 0.66))
    stripe.cubicTo(p(0.9, 0.6), p(0.92, 0.24), p(0.76, 0.14))
    stripe.cubicTo(p(0.84, 0.3), p(0.8, 0.52), p(0.6, 0.6))
    stripe.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#f5f5f5"))
    painter.drawPath(stripe)
    # Body and legs.
    painter.setPen(outline)
    painter.setBrush(QBrush(black))
    for lx in (0.3, 0.42, 0.55, 0.64):
        painter.drawRoundedRect(QRectF(x0 + lx * size, y0 + 0.72 * size, size * 0.07,
                                       size * 0.16), size * 0.03, size * 0.03)
    painter.drawEllipse(QRectF(x0 + 0.22 * size, y0 + 0.45 * size, size * 0.5, size * 0.34))
    # Head with a white blaze.
    painter.drawEllipse(QRectF(x0 + 0.04 * size, y0 + 0.4 * size, size * 0.28, size * 0.26))
    painter.drawEllipse(QRectF(x0 + 0.1 * size, y0 + 0.34 * size, size * 0.09, size * 0.1))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#f5f5f5"))
    blaze = QPainterPath(p(0.17, 0.42))
    blaze.cubicTo(p(0.3, 0.36), p(0.5, 0.42), p(0.62, 0.5))
    blaze.cubicTo(p(0.48, 0.47), p(0.3, 0.46), p(0.19, 0.52))
    blaze.closeSubpath()
    painter.drawPath(blaze)
    painter.setBrush(QColor("#ffffff"))
    painter.drawEllipse(p(0.13, 0.52), size * 0.035, size * 0.035)
    painter.setBrush(QColor("#000000"))
    painter.drawEllipse(p(0.125, 0.522), size * 0.018, size * 0.018)
    painter.setBrush(QColor("#ff8fa3"))
    painter.drawEllipse(p(0.05, 0.58), size * 0.028, size * 0.022)
