"""Card art painted with QPainter: faces, backs, four-colour option, and a pixmap cache.

Everything is vector drawing (paths for suits, real pip layouts, drawn court panels), rendered
once per (card, width, device pixel ratio, style) into a cached pixmap, so cards are crisp at any
size and on high-DPI screens while dragging stays cheap. Game-agnostic: both tables use it.

The cache holds one card size at a time, like KPat's: widths are rounded to ``WIDTH_STEP``
pixels, a new size or style drops the pixmaps of the old one, and the whole cache is bounded in
bytes (``CACHE_BYTES``, least recently used out first), so resizing a window never piles up
pixmaps.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)

from ginrummy_desktop.engine.cards import RANK_LETTERS, Card

CARD_ASPECT = 1.4  # height / width, close to a poker card's 88.9 x 63.5 mm
WIDTH_STEP = 2  # card widths are rounded to this many pixels (fewer sizes while resizing)
CACHE_BYTES = 8 * 1024 * 1024  # a full deck at a large size on a 2x screen is about this

# Named backs: (display name, main colour, accent colour, pattern).
BACKS: dict[str, tuple[str, str, str, str]] = {
    "blue": ("Royal blue lattice", "#1f4e9c", "#dfe8f7", "lattice"),
    "red": ("Crimson lattice", "#a3182b", "#f8e2e4", "lattice"),
    "green": ("Forest rings", "#1d6b45", "#e3f3e9", "rings"),
    "midnight": ("Midnight diamonds", "#1d2238", "#d9b65a", "diamonds"),
}
DEFAULT_BACK = "blue"

_TWO_COLOUR = {"C": "#1b1b1b", "S": "#1b1b1b", "D": "#c3192d", "H": "#c3192d"}
# Four-colour deck: every suit its own colour so suits are told apart at a glance.
_FOUR_COLOUR = {"C": "#17803d", "D": "#1f5fbf", "H": "#c3192d", "S": "#1b1b1b"}

# Pip centres for 2..10 in a unit box: x in {0, .5, 1} (columns), y from 0 (top) to 1 (bottom).
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1),
        (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)],
}


@dataclass(frozen=True, slots=True)
class CardStyle:
    """How cards look; part of the pixmap cache key."""

    four_colour: bool = False
    back: str = DEFAULT_BACK
    face: str = "standard"  # or "large-index": big corner indices, easy to read in a fan

    def suit_colour(self, suit: str) -> QColor:
        return QColor((_FOUR_COLOUR if self.four_colour else _TWO_COLOUR)[suit])


def card_height(width: float) -> float:
    return width * CARD_ASPECT


def rank_label(rank: int) -> str:
    """Index text: ``10`` rather than ``T`` (what people expect to read on a card)."""
    return "10" if rank == 10 else RANK_LETTERS[rank - 1]


def suit_path(suit: str, center: QPointF, size: float) -> QPainterPath:
    """A suit symbol as a filled path about ``size`` tall, centred on ``center``."""
    path = QPainterPath()
    s = size
    if suit == "D":
        path.moveTo(0, -0.5 * s)
        path.quadTo(0.18 * s, -0.2 * s, 0.38 * s, 0)
        path.quadTo(0.18 * s, 0.2 * s, 0, 0.5 * s)
        path.quadTo(-0.18 * s, 0.2 * s, -0.38 * s, 0)
        path.quadTo(-0.18 * s, -0.2 * s, 0, -0.5 * s)
    elif suit == "H":
        path.moveTo(0, 0.48 * s)
        path.cubicTo(-0.2 * s, 0.25 * s, -0.5 * s, 0.05 * s, -0.46 * s, -0.2 * s)
        path.cubicTo(-0.42 * s, -0.5 * s, -0.05 * s, -0.52 * s, 0, -0.25 * s)
        path.cubicTo(0.05 * s, -0.52 * s, 0.42 * s, -0.5 * s, 0.46 * s, -0.2 * s)
        path.cubicTo(0.5 * s, 0.05 * s, 0.2 * s, 0.25 * s, 0, 0.48 * s)
    elif suit == "S":
        path.moveTo(0, -0.5 * s)
        path.cubicTo(0.2 * s, -0.25 * s, 0.5 * s, -0.08 * s, 0.46 * s, 0.15 * s)
        path.cubicTo(0.42 * s, 0.38 * s, 0.1 * s, 0.4 * s, 0.03 * s, 0.22 * s)
        path.quadTo(0.06 * s, 0.42 * s, 0.2 * s, 0.5 * s)
        path.lineTo(-0.2 * s, 0.5 * s)
        path.quadTo(-0.06 * s, 0.42 * s, -0.03 * s, 0.22 * s)
        path.cubicTo(-0.1 * s, 0.4 * s, -0.42 * s, 0.38 * s, -0.46 * s, 0.15 * s)
        path.cubicTo(-0.5 * s, -0.08 * s, -0.2 * s, -0.25 * s, 0, -0.5 * s)
    else:  # clubs: three leaves and a flared stem
        r = 0.225 * s
        path.addEllipse(QPointF(0, -0.25 * s), r, r)
        path.addEllipse(QPointF(-0.25 * s, 0.08 * s), r, r)
        path.addEllipse(QPointF(0.25 * s, 0.08 * s), r, r)
        path.addEllipse(QPointF(0, 0.02 * s), 0.12 * s, 0.12 * s)
        stem = QPainterPath()
        stem.moveTo(-0.04 * s, 0.05 * s)
        stem.lineTo(0.04 * s, 0.05 * s)
        stem.quadTo(0.06 * s, 0.4 * s, 0.2 * s, 0.5 * s)
        stem.lineTo(-0.2 * s, 0.5 * s)
        stem.quadTo(-0.06 * s, 0.4 * s, -0.04 * s, 0.05 * s)
        path = path.united(stem)
    path.setFillRule(Qt.FillRule.WindingFill)
    return path.translated(center)


class CardRenderer:
    """Paints card faces and backs into cached pixmaps.

    One renderer is shared by every table; ``set_style`` clears the cache so a Preferences change
    (four-colour deck, another back) shows at once.
    """

    def __init__(self, style: CardStyle | None = None, cache_bytes: int = CACHE_BYTES) -> None:
        self._style = style or CardStyle()
        self._cache: OrderedDict[tuple, QPixmap] = OrderedDict()
        self._cache_bytes = cache_bytes
        self._bytes = 0
        self._size: tuple[int, float] | None = None  # the (width, dpr) the cache holds

    @property
    def style(self) -> CardStyle:
        return self._style

    def set_style(self, style: CardStyle) -> None:
        if style != self._style:
            self._style = style
            self._clear()

    def cache_size(self) -> int:
        """How many pixmaps are cached."""
        return len(self._cache)

    def cache_bytes(self) -> int:
        """How many bytes the cached pixmaps hold."""
        return self._bytes

    def _clear(self) -> None:
        self._cache.clear()
        self._bytes = 0

    def pixmap(self, card: Card | None, width: int, dpr: float = 1.0, face_up: bool = True
               ) -> QPixmap:
        """The card (or the back when ``card`` is None or ``face_up`` is False) at ``width`` px."""
        width = max(8, int(round(width / WIDTH_STEP)) * WIDTH_STEP)
        dpr = round(float(dpr), 2) or 1.0
        showing = card if (face_up and card is not None) else None
        key = (showing.index if showing else "back", width, dpr)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        if self._size != (width, dpr):  # one size at a time: the old size's pixmaps go
            self._size = (width, dpr)
            self._clear()
        cached = self._render(showing, width, dpr)
        self._cache[key] = cached
        self._bytes += _pixmap_bytes(cached)
        while self._bytes > self._cache_bytes and len(self._cache) > 1:
            _key, old = self._cache.popitem(last=False)
            self._bytes -= _pixmap_bytes(old)
        return cached

    # -- painting -------------------------------------------------------------------------

    def _render(self, card: Card | None, width: int, dpr: float) -> QPixmap:
        height = int(round(card_height(width)))
        pixmap = QPixmap(int(math.ceil(width * dpr)), int(math.ceil(height * dpr)))
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        rect = QRectF(0.5, 0.5, width - 1.0, height - 1.0)
        if card is None:
            self.paint_back(painter, rect)
        else:
            self.paint_face(painter, rect, card)
        painter.end()
        return pixmap

    def paint_face(self, painter: QPainter, rect: QRectF, card: Card) -> None:
        w, h = rect.width(), rect.height()
        radius = w * 0.07
        painter.setPen(QPen(QColor("#8a8a8a"), max(1.0, w / 110)))
        gradient = QLinearGradient(rect.topLeft(), rect.bottomRight())
        gradient.setColorAt(0, QColor("#ffffff"))
        gradient.setColorAt(1, QColor("#f3f1ea"))
        painter.setBrush(QBrush(gradient))
        painter.drawRoundedRect(rect, radius, radius)

        colour = self._style.suit_colour(card.suit)
        self._paint_indices(painter, rect, card, colour)
        if self._style.face == "large-index":  # the pips make room for the big indices
            inner = QRectF(rect.left() + w * 0.3, rect.top() + h * 0.12, w * 0.4, h * 0.76)
        else:
            inner = QRectF(rect.left() + w * 0.22, rect.top() + h * 0.1, w * 0.56, h * 0.8)
        if card.rank == 1:
            size = w * (0.5 if card.suit == "S" else 0.36)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawPath(suit_path(card.suit, inner.center(), size))
        elif card.rank <= 10:
            self._paint_pips(painter, inner, card, colour)
        else:
            self._paint_court(painter, inner, card, colour)

    def _paint_indices(self, painter: QPainter, rect: QRectF, card: Card, colour: QColor) -> None:
        w = rect.width()
        large = self._style.face == "large-index"
        scale = 1.45 if large else 1.0  # the large index fills the visible strip of a fan
        font = QFont("DejaVu Sans")
        font.setBold(True)
        # "10" is two glyphs in a one-glyph column: draw it a little narrower.
        font.setPixelSize(max(6, int(w * scale * (0.17 if card.rank == 10 else 0.2))))
        text = rank_label(card.rank)
        for rotated in (False, True):
            painter.save()
            if rotated:
                painter.translate(rect.center())
                painter.rotate(180)
                painter.translate(-rect.center())
            box = QRectF(rect.left() + w * 0.01, rect.top() + w * 0.035, w * 0.19 * scale,
                         w * 0.22 * scale)
            painter.setFont(font)
            painter.setPen(colour)
            painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                             text)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawPath(suit_path(card.suit, QPointF(box.center().x(),
                                                          box.bottom() + w * 0.1 * scale),
                                       w * 0.14 * scale))
            painter.restore()

    def _paint_pips(self, painter: QPainter, inner: QRectF, card: Card, colour: QColor) -> None:
        size = inner.width() * 0.34
        area = inner.adjusted(size * 0.5, size * 0.55, -size * 0.5, -size * 0.55)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        for fx, fy in _PIPS[card.rank]:
            centre = QPointF(area.left() + fx * area.width(), area.top() + fy * area.height())
            path = suit_path(card.suit, QPointF(0, 0), size)
            transform = QTransform()
            transform.translate(centre.x(), centre.y())
            if fy > 0.5:  # lower pips are upside down, as on a real card
                transform.rotate(180)
            painter.drawPath(transform.map(path))

    def _paint_court(self, painter: QPainter, inner: QRectF, card: Card, colour: QColor) -> None:
        w = inner.width()
        tint = QColor(colour)
        tint.setAlpha(40)
        gold = QColor("#d8a928")
        painter.setPen(QPen(colour, max(1.0, w / 60)))
        painter.setBrush(tint)
        painter.drawRoundedRect(inner, w * 0.06, w * 0.06)
        # Two mirrored halves like a real double-ended court card.
        for rotated in (False, True):
            painter.save()
            painter.translate(inner.center())
            if rotated:
                painter.rotate(180)
            half = QRectF(-inner.width() / 2, -inner.height() / 2, inner.width(),
                          inner.height() / 2)
            self._paint_court_half(painter, half, card, colour, gold)
            painter.restore()
        painter.setPen(QPen(colour, max(1.0, w / 80)))
        painter.drawLine(QPointF(inner.left() + w * 0.08, inner.center().y() + w * 0.08),
                         QPointF(inner.right() - w * 0.08, inner.center().y() - w * 0.08))

    def _paint_court_half(self, painter: QPainter, half: QRectF, card: Card, colour: QColor,
                          gold: QColor) -> None:
        w, h = half.width(), half.height()
        cx = half.center().x()
        emblem_top = half.top() + h * 0.1
        pen = QPen(colour.darker(130), max(1.0, w / 70))
        painter.setPen(pen)
        painter.setBrush(gold)
        if card.rank == 13:  # king: five-pointed crown
            path = QPainterPath()
            base_y, top_y = emblem_top + h * 0.34, emblem_top
            left, right = cx - w * 0.3, cx + w * 0.3
            path.moveTo(left, base_y)
            for i in range(5):
                x = left + (right - left) * i / 4
                path.lineTo(x, top_y if i % 2 == 0 else top_y + h * 0.15)
            path.lineTo(right, base_y)
            path.closeSubpath()
            painter.drawPath(path)
            painter.setBrush(colour)
            for i in (0, 2, 4):
                x = left + (right - left) * i / 4
                painter.drawEllipse(QPointF(x, top_y), w * 0.035, w * 0.035)
        elif card.rank == 12:  # queen: a flower of petals around a jewel
            centre = QPointF(cx, emblem_top + h * 0.2)
            for i in range(8):
                angle = i * math.pi / 4
                petal = QPointF(centre.x() + math.cos(angle) * w * 0.13,
                                centre.y() + math.sin(angle) * w * 0.13)
                painter.drawEllipse(petal, w * 0.075, w * 0.075)
            painter.setBrush(colour)
            painter.drawEllipse(centre, w * 0.08, w * 0.08)
        else:  # jack: a plumed cap over a shield
            path = QPainterPath()
            top = emblem_top
            path.moveTo(cx - w * 0.22, top + h * 0.08)
            path.lineTo(cx + w * 0.22, top + h * 0.08)
            path.lineTo(cx + w * 0.2, top + h * 0.26)
            path.quadTo(cx, top + h * 0.42, cx - w * 0.2, top + h * 0.26)
            path.closeSubpath()
            painter.drawPath(path)
            painter.setBrush(colour)
            plume = QPainterPath()
            plume.moveTo(cx + w * 0.05, top + h * 0.08)
            plume.quadTo(cx + w * 0.3, top - h * 0.05, cx + w * 0.32, top + h * 0.02)
            plume.quadTo(cx + w * 0.2, top + h * 0.06, cx + w * 0.12, top + h * 0.08)
            painter.drawPath(plume)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawPath(suit_path(card.suit, QPointF(cx, half.top() + h * 0.28), w * 0.16))
        font = QFont("DejaVu Serif")
        font.setBold(True)
        font.setPixelSize(max(6, int(h * 0.36)))
        painter.setFont(font)
        painter.setPen(colour)
        letter_box = QRectF(half.left(), half.top() + h * 0.5, w, h * 0.48)
        painter.drawText(letter_box, Qt.AlignmentFlag.AlignCenter, RANK_LETTERS[card.rank - 1])

    def paint_back(self, painter: QPainter, rect: QRectF) -> None:
        _name, main, accent, pattern = BACKS.get(self._style.back, BACKS[DEFAULT_BACK])
        main_colour, accent_colour = QColor(main), QColor(accent)
        w = rect.width()
        radius = w * 0.07
        painter.setPen(QPen(QColor("#6f6f6f"), max(1.0, w / 110)))
        painter.setBrush(QColor("#fbfbf8"))
        painter.drawRoundedRect(rect, radius, radius)
        inner = rect.adjusted(w * 0.07, w * 0.07, -w * 0.07, -w * 0.07)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(main_colour)
        painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
        painter.save()
        clip = QPainterPath()
        clip.addRoundedRect(inner, radius * 0.6, radius * 0.6)
        painter.setClipPath(clip)
        line = QColor(accent_colour)
        line.setAlpha(120)
        painter.setPen(QPen(line, max(1.0, w / 90)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        step = w / 9
        if pattern == "lattice":
            span = inner.width() + inner.height()
            k = -span
            while k < span:
                painter.drawLine(QPointF(inner.left() + k, inner.top()),
                                 QPointF(inner.left() + k + inner.height(), inner.bottom()))
                painter.drawLine(QPointF(inner.left() + k, inner.bottom()),
                                 QPointF(inner.left() + k + inner.height(), inner.top()))
                k += step
        elif pattern == "rings":
            y = inner.top()
            while y < inner.bottom() + step:
                x = inner.left()
                while x < inner.right() + step:
                    painter.drawEllipse(QPointF(x, y), step * 0.7, step * 0.7)
                    x += step * 1.2
                y += step * 1.2
        else:
            y = inner.top()
            row = 0
            while y < inner.bottom() + step:
                x = inner.left() + (step / 2 if row % 2 else 0)
                while x < inner.right() + step:
                    diamond = QPainterPath()
                    diamond.moveTo(x, y - step * 0.45)
                    diamond.lineTo(x + step * 0.3, y)
                    diamond.lineTo(x, y + step * 0.45)
                    diamond.lineTo(x - step * 0.3, y)
                    diamond.closeSubpath()
                    painter.drawPath(diamond)
                    x += step
                y += step * 0.9
                row += 1
        painter.restore()
        # Central medallion with the game's monogram.
        centre = inner.center()
        painter.setPen(QPen(accent_colour, max(1.0, w / 60)))
        painter.setBrush(main_colour.darker(115))
        painter.drawEllipse(centre, inner.width() * 0.3, inner.width() * 0.38)
        font = QFont("DejaVu Serif")
        font.setBold(True)
        font.setPixelSize(max(6, int(w * 0.2)))
        painter.setFont(font)
        painter.setPen(accent_colour)
        painter.drawText(QRectF(centre.x() - w * 0.3, centre.y() - w * 0.3, w * 0.6, w * 0.6),
                         Qt.AlignmentFlag.AlignCenter, "G")


def _pixmap_bytes(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * max(1, pixmap.depth() // 8)
