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
    QPolygonF,
    QTransform,
)

from ginrummy_desktop.engine.cards import RANK_LETTERS, Card
from ginrummy_desktop.engine.translation import mark
from ginrummy_desktop.gui.table.court_figures import paint_court

CARD_ASPECT = 1.4  # height / width, close to a poker card's 88.9 x 63.5 mm
_MIN_INDEX_PX = 9.0  # the smallest index rank height, in logical pixels
_MIN_GAP_PX = 3.0  # the least space between the index and the pips or court frame
WIDTH_STEP = 2  # card widths are rounded to this many pixels (fewer sizes while resizing)
CACHE_BYTES = 8 * 1024 * 1024  # a full deck at a large size on a 2x screen is about this

# Named backs: (display name, main colour, accent colour, pattern); the name is shown with
# tr(name).
BACKS: dict[str, tuple[str, str, str, str]] = {
    "blue": (mark("Royal blue lattice"), "#1f4e9c", "#dfe8f7", "lattice"),
    "red": (mark("Crimson lattice"), "#a3182b", "#f8e2e4", "lattice"),
    "green": (mark("Forest rings"), "#1d6b45", "#e3f3e9", "rings"),
    "midnight": (mark("Midnight diamonds"), "#1d2238", "#d9b65a", "diamonds"),
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
    """How cards look; part of the pixmap cache key.

    ``large_index`` gives a big corner rank and suit, readable when cards overlap in a fan.
    """

    four_colour: bool = False
    back: str = DEFAULT_BACK
    large_index: bool = False

    def suit_colour(self, suit: str) -> QColor:
        return QColor((_FOUR_COLOUR if self.four_colour else _TWO_COLOUR)[suit])


def card_height(width: float) -> float:
    return width * CARD_ASPECT


def rank_label(rank: int) -> str:
    """Index text: ``10`` rather than ``T`` (what people expect to read on a card)."""
    return "10" if rank == 10 else RANK_LETTERS[rank - 1]


@dataclass(frozen=True, slots=True)
class FaceLayout:
    """Where everything on a face goes, in the card's own coordinates.

    ``rank_box``/``suit_box`` are the top-left index (the bottom-right one is the same turned
    180 degrees: ``index_boxes`` lists all four). ``pips`` are the pip boxes of a 2-10 (the
    lower ones are painted upside down), ``centre`` the ace's pip box or the court frame.
    """

    card: QRectF
    rank_box: QRectF
    suit_box: QRectF
    pips: tuple[QRectF, ...]
    centre: QRectF

    def index_boxes(self) -> tuple[QRectF, ...]:
        turned = [_turned(box, self.card) for box in (self.rank_box, self.suit_box)]
        return (self.rank_box, self.suit_box, *turned)

    def art_boxes(self) -> tuple[QRectF, ...]:
        return self.pips or (self.centre,)


def _turned(box: QRectF, card: QRectF) -> QRectF:
    """``box`` after turning the card 180 degrees about its centre."""
    c = card.center()
    return QRectF(2 * c.x() - box.right(), 2 * c.y() - box.bottom(), box.width(), box.height())


def face_layout(card_rect: QRectF, rank: int, large_index: bool = False, suit: str = ""
                ) -> FaceLayout:
    """Lay out one face. Everything scales with the width, so every size looks the same.

    The index sits in its own column at the card's edge, and the pips and the court frame keep
    a gap from that column, so no rank (the two-digit "10" included) ever touches the art.
    """
    w, h = card_rect.width(), card_rect.height()
    left, top = card_rect.left(), card_rect.top()
    # (column width, rank height, suit size, gap to the art) as shares of the width
    if large_index:
        column, rank_h, suit_size, gap = 0.22 * w, 0.26 * w, 0.17 * w, 0.04 * w
    else:
        column, rank_h, suit_size, gap = 0.155 * w, 0.17 * w, 0.125 * w, 0.06 * w
    # On small cards the index keeps a readable minimum height, and the art makes room.
    grow = min(max(1.0, _MIN_INDEX_PX / rank_h), 1.5)
    column, rank_h, suit_size = column * grow, rank_h * grow, suit_size * grow
    gap = max(gap, _MIN_GAP_PX)
    margin = 0.035 * w
    column_box = QRectF(left + margin * 0.7, top + margin, column, rank_h)
    suit_box = QRectF(column_box.center().x() - suit_size / 2, column_box.bottom() + 0.025 * w,
                      suit_size, suit_size)
    # The art lives between the index columns, with a gap on each side.
    art_left = column_box.right() + gap
    # "10" has two glyphs: it may use a little of the margin and part of the gap, so it is only a
    # little smaller than the other ranks, and still keeps a clear space before the pips.
    keep = max(0.035 * w, _MIN_GAP_PX)
    rank_box = (column_box.adjusted(-margin * 0.15, 0, max(0.0, gap - keep), 0) if rank == 10
                else column_box)
    art = QRectF(art_left, top + 0.075 * h, card_rect.right() - art_left - (art_left - left),
                 h * 0.85)
    if 11 <= rank <= 13:  # the court frame needs less air than pips: give the figure room
        frame_left = column_box.right() + max(0.03 * w, _MIN_GAP_PX)
        frame = QRectF(frame_left, top + 0.05 * h, card_rect.right() - frame_left
                       - (frame_left - left), h * 0.9)
        return FaceLayout(card_rect, rank_box, suit_box, (), frame)
    if rank == 1:  # one large pip (the ace of spades traditionally the largest)
        size = min(art.width(), (0.56 if suit == "S" else 0.44) * w)
        centre = QRectF(card_rect.center().x() - size / 2, card_rect.center().y() - size / 2,
                        size, size)
        return FaceLayout(card_rect, rank_box, suit_box, (), centre)
    pip = min(art.width() * (0.33 if rank >= 9 else 0.36), 0.19 * w)
    span = QRectF(art.left() + pip / 2, art.top() + pip / 2, art.width() - pip,
                  art.height() - pip)
    pips = tuple(
        QRectF(span.left() + fx * span.width() - pip / 2, span.top() + fy * span.height() - pip / 2,
               pip, pip)
        for fx, fy in _PIPS[rank])
    return FaceLayout(card_rect, rank_box, suit_box, pips, art)


def badge_boxes(card_rect: QRectF, rank: int, large_index: bool = False, suit: str = "",
                count: int = 1) -> list[QRectF]:
    """Upright boxes for ``count`` badges (NEW, SEEN, KEEP) in the index column under the
    top-left suit: the strip a fanned hand always shows, and where no index or pip is drawn
    (the art keeps a gap from that column; the turned index is at the bottom right)."""
    layout = face_layout(card_rect, rank, large_index, suit)
    column = layout.rank_box if rank != 10 else layout.suit_box.united(layout.rank_box)
    left = card_rect.left() + 0.02 * card_rect.width()
    right = min(p.left() for p in layout.pips) if layout.pips else layout.centre.left()
    right = min(right, column.right() + 0.02 * card_rect.width()) - 1
    top = layout.suit_box.bottom() + 0.03 * card_rect.width()
    bottom = card_rect.bottom() - 0.04 * card_rect.width()
    share = (bottom - top) / max(1, count)
    height = min(share - 2, 0.42 * card_rect.height())
    return [QRectF(left, top + i * share, right - left, height) for i in range(count)]


def _raw_suit_path(suit: str) -> QPainterPath:
    """A suit symbol drawn about a unit size around the origin (fitted into boxes later)."""
    path = QPainterPath()
    if suit == "D":
        path.moveTo(0, -0.5)
        path.quadTo(0.2, -0.22, 0.4, 0)
        path.quadTo(0.2, 0.22, 0, 0.5)
        path.quadTo(-0.2, 0.22, -0.4, 0)
        path.quadTo(-0.2, -0.22, 0, -0.5)
        path.closeSubpath()
    elif suit == "H":
        path.moveTo(0, 0.5)
        path.cubicTo(-0.2, 0.26, -0.5, 0.06, -0.48, -0.2)
        path.cubicTo(-0.45, -0.5, -0.06, -0.54, 0, -0.24)
        path.cubicTo(0.06, -0.54, 0.45, -0.5, 0.48, -0.2)
        path.cubicTo(0.5, 0.06, 0.2, 0.26, 0, 0.5)
        path.closeSubpath()
    elif suit == "S":
        path.moveTo(0, -0.5)
        path.cubicTo(0.2, -0.26, 0.5, -0.1, 0.47, 0.13)
        path.cubicTo(0.44, 0.36, 0.14, 0.4, 0.04, 0.22)
        path.quadTo(0.07, 0.42, 0.2, 0.5)
        path.lineTo(-0.2, 0.5)
        path.quadTo(-0.07, 0.42, -0.04, 0.22)
        path.cubicTo(-0.14, 0.4, -0.44, 0.36, -0.47, 0.13)
        path.cubicTo(-0.5, -0.1, -0.2, -0.26, 0, -0.5)
        path.closeSubpath()
    else:
        # Clubs: three round leaves, a solid heart where they meet and a flared stem. All parts
        # run the same way round, so the winding fill paints their overlaps solid (a part
        # drawn the other way would punch a notch), and no boolean operation flattens the
        # curves into visible facets on large cards.
        r = 0.235
        top, side_y, side_x = QPointF(0, -0.265), 0.085, 0.265
        for centre in (top, QPointF(-side_x, side_y), QPointF(side_x, side_y)):
            path.addEllipse(centre, r, r)
        direction = _turning(path)
        heart = QPainterPath()
        heart.addPolygon(QPolygonF([top, QPointF(-side_x, side_y), QPointF(0, 0.2),
                                    QPointF(side_x, side_y)]))
        heart.closeSubpath()
        stem = QPainterPath()
        stem.moveTo(-0.05, 0.05)
        stem.lineTo(0.05, 0.05)
        stem.quadTo(0.07, 0.4, 0.21, 0.5)
        stem.lineTo(-0.21, 0.5)
        stem.quadTo(-0.07, 0.4, -0.05, 0.05)
        stem.closeSubpath()
        for part in (heart, stem):
            path.addPath(part if _turning(part) == direction else part.toReversed())
    path.setFillRule(Qt.FillRule.WindingFill)
    return path


def _turning(path: QPainterPath) -> bool:
    """Which way round the path's first outline runs (the sign of its area)."""
    points = path.toSubpathPolygons()[0].toList()
    following = points[1:] + points[:1]
    area = sum(a.x() * b.y() - b.x() * a.y() for a, b in zip(points, following, strict=True))
    return area > 0


def fit_path(path: QPainterPath, box: QRectF, max_squeeze: float = 1.0) -> QPainterPath:
    """``path`` scaled to fit ``box`` and centred in it.

    The aspect ratio is kept, except that a path too wide for the box may be narrowed to
    ``max_squeeze`` of its width first (a condensed "10") before the whole is shrunk.
    """
    bounds = path.boundingRect()
    if bounds.isEmpty():
        return QPainterPath(path)
    sy = box.height() / bounds.height()
    sx = min(sy, box.width() / bounds.width())
    if sx < sy * max_squeeze:  # even squeezed it does not fit: shrink it all
        sy = sx / max_squeeze
    transform = QTransform()
    transform.translate(box.center().x(), box.center().y())
    transform.scale(sx, sy)
    transform.translate(-bounds.center().x(), -bounds.center().y())
    fitted = transform.map(path)
    fitted.setFillRule(path.fillRule())
    return fitted


def suit_path(suit: str, center: QPointF, size: float) -> QPainterPath:
    """A suit symbol as a filled path ``size`` tall, centred on ``center``."""
    box = QRectF(center.x() - size / 2, center.y() - size / 2, size, size)
    return fit_path(_raw_suit_path(suit), box)


def index_text_path(rank: int) -> QPainterPath:
    """The index rank as an outline (so it can be fitted exactly into its layout box)."""
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(100)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, rank_label(rank))
    return path


def _turned_path(path: QPainterPath, centre: QPointF) -> QPainterPath:
    transform = QTransform()
    transform.translate(centre.x(), centre.y())
    transform.rotate(180)
    transform.translate(-centre.x(), -centre.y())
    turned = transform.map(path)
    turned.setFillRule(path.fillRule())
    return turned


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
        w = rect.width()
        radius = w * 0.07
        painter.setPen(QPen(QColor("#8a8a8a"), max(1.0, w / 110)))
        gradient = QLinearGradient(rect.topLeft(), rect.bottomRight())
        gradient.setColorAt(0, QColor("#ffffff"))
        gradient.setColorAt(1, QColor("#f3f1ea"))
        painter.setBrush(QBrush(gradient))
        painter.drawRoundedRect(rect, radius, radius)

        colour = self._style.suit_colour(card.suit)
        layout = face_layout(rect, card.rank, self._style.large_index, card.suit)
        self._paint_indices(painter, layout, card, colour)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        pip = _raw_suit_path(card.suit)
        if card.rank == 1:
            painter.drawPath(fit_path(pip, layout.centre))
        elif card.rank <= 10:
            middle = rect.center().y()
            for box in layout.pips:
                shape = fit_path(pip, box)
                if box.center().y() > middle + 0.5:  # lower pips upside down, as on a real card
                    shape = _turned_path(shape, box.center())
                painter.drawPath(shape)
        else:
            paint_court(painter, layout.centre, card.rank, card.suit, colour, suit_path)

    def _paint_indices(self, painter: QPainter, layout: FaceLayout, card: Card,
                       colour: QColor) -> None:
        text = fit_path(index_text_path(card.rank), layout.rank_box, max_squeeze=0.72)
        suit = fit_path(_raw_suit_path(card.suit), layout.suit_box)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        centre = layout.card.center()
        for shape in (text, suit):
            painter.drawPath(shape)
            painter.drawPath(_turned_path(shape, centre))

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
