"""A card on the table: a ``QGraphicsObject`` drawing a cached pixmap plus state marks.

Items know nothing about any game. The table sets what they show (face, marks, selection) and
the scene's drag handling moves them; a controller decides what a drop means.
"""

from __future__ import annotations

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.table.card_renderer import CardRenderer, badge_boxes, card_height

# Marks a table can put on a card; each is drawn differently so colour is never the only cue.
MARK_NEW = "new"  # just drawn: a ribbon with "NEW"
MARK_LOCKED = "locked"  # may not be discarded this turn: hatched veil and a bar
MARK_KNOWN = "known"  # opponent card the player knows: eye badge
MARK_DEADWOOD = "deadwood"  # in the end-of-hand reveal: dimmed
MARK_LAID_OFF = "laid_off"  # laid off on the knocker's meld: "LAID" ribbon
MARK_CHOSEN = "chosen"  # chosen for the crib, not yet sent: "CRIB" ribbon


def badge_font(text: str, across: float, along: float) -> QFont:
    """The bold font of a badge's word: 70% of the badge's breadth, smaller when the word
    would run past the badge's length (it ran from NEW into KEEP below it)."""
    font = QFont("DejaVu Sans")
    font.setBold(True)
    pixels = max(5, int(across * 0.7))
    font.setPixelSize(pixels)
    length = QFontMetricsF(font).horizontalAdvance(text)
    while length > along - 2 and pixels > 1:
        pixels -= 1
        font.setPixelSize(pixels)
        length = QFontMetricsF(font).horizontalAdvance(text)
    return font


class CardItem(QGraphicsObject):
    """One card. ``key`` identifies it across layouts (a Card, or e.g. ``("back", 3)``)."""

    def __init__(self, key: object, renderer: CardRenderer, width: float,
                 card: Card | None = None, face_up: bool = True) -> None:
        super().__init__()
        self.key = key
        self.card = card
        self._renderer = renderer
        self._width = float(width)
        self._face_up = face_up
        self._selected = False
        self._highlight = False
        self._marks: frozenset[str] = frozenset()
        self._flip = 1.0  # horizontal scale used to fake a flip
        self.draggable = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the scene handles the mouse
        self.setCacheMode(QGraphicsObject.CacheMode.NoCache)
        self._update_accessible_text()

    # -- appearance ----------------------------------------------------------------------

    @property
    def width(self) -> float:
        return self._width

    @property
    def height(self) -> float:
        return card_height(self._width)

    def set_width(self, width: float) -> None:
        if abs(width - self._width) > 0.01:
            self.prepareGeometryChange()
            self._width = float(width)
            self.update()

    @property
    def face_up(self) -> bool:
        return self._face_up and self.card is not None

    def set_face(self, card: Card | None, face_up: bool) -> None:
        if card != self.card or face_up != self._face_up:
            self.card = card
            self._face_up = face_up
            self._update_accessible_text()
            self.update()

    @property
    def marks(self) -> frozenset[str]:
        return self._marks

    def set_marks(self, marks: frozenset[str] | set[str]) -> None:
        marks = frozenset(marks)
        if marks != self._marks:
            self._marks = marks
            self._update_accessible_text()
            self.update()

    @property
    def selected(self) -> bool:
        return self._selected

    def set_selected(self, selected: bool) -> None:
        if selected != self._selected:
            self._selected = selected
            self.update()

    def set_highlight(self, on: bool) -> None:
        if on != self._highlight:
            self._highlight = on
            self.update()

    def _get_flip(self) -> float:
        return self._flip

    def set_flip(self, value: float) -> None:
        """The flip's horizontal scale (1.0: flat on the table); ``flip`` animates it."""
        self._flip = value
        self.update()

    flip = Property(float, _get_flip, set_flip)

    def _update_accessible_text(self) -> None:
        text = self.card.name if self.face_up and self.card else tr("face-down card")
        notes = {MARK_NEW: tr("just drawn"), MARK_LOCKED: tr("cannot be discarded this turn"),
                 MARK_KNOWN: tr("known to you"), MARK_LAID_OFF: tr("laid off"),
                 MARK_DEADWOOD: tr("deadwood"), MARK_CHOSEN: tr("chosen for the crib")}
        extra = [notes[m] for m in sorted(self._marks) if m in notes]
        self.setToolTip(tr(", ").join([text, *extra]))

    # -- QGraphicsItem -------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return QRectF(-3, -3, self._width + 6, self.height + 6)

    def card_rect(self) -> QRectF:
        """The card's own rectangle in scene coordinates (without the selection margin)."""
        return QRectF(self.scenePos(), QPointF(self.scenePos().x() + self._width,
                                               self.scenePos().y() + self.height))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        scale = painter.worldTransform().m11()  # views may zoom; keep pixels crisp
        pixel_width = self._width * max(scale, 0.1)
        pixmap = self._renderer.pixmap(self.card, round(pixel_width), dpr, self.face_up)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        if self._flip != 1.0:
            painter.translate(self._width / 2, 0)
            painter.scale(abs(self._flip), 1.0)
            painter.translate(-self._width / 2, 0)
        target = QRectF(0, 0, self._width, self.height)
        painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()))
        painter.restore()
        self._paint_marks(painter)

    def _paint_marks(self, painter: QPainter) -> None:
        w, h = self._width, self.height
        radius = w * 0.07
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if MARK_DEADWOOD in self._marks:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 70))
            painter.drawRoundedRect(QRectF(0, 0, w, h), radius, radius)
        if MARK_LOCKED in self._marks:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(60, 60, 60, 55))
            painter.drawRoundedRect(QRectF(0, 0, w, h), radius, radius)
            painter.setBrush(QBrush(QColor(40, 40, 40, 90), Qt.BrushStyle.BDiagPattern))
            painter.drawRoundedRect(QRectF(0, 0, w, h), radius, radius)
        # Badges stand upright in the index column: visible in a fan, clear of index and pips.
        # Translators: the short upright words on a card's ribbon; keep them short (4-7 letters).
        badges = []
        if MARK_NEW in self._marks:
            badges.append((tr_ctx("card badge", "NEW"), "#7a5200", "#ffc940", "#3a2600"))
        elif MARK_LAID_OFF in self._marks:
            badges.append((tr_ctx("card badge", "LAID"), "#7a5200", "#ffc940", "#3a2600"))
        if MARK_LOCKED in self._marks:
            badges.append((tr_ctx("card badge", "KEEP"), "#202020", "#505050", "#ffffff"))
        if MARK_KNOWN in self._marks:
            badges.append((tr_ctx("card badge", "SEEN"), "#0b3d91", "#dbe8ff", "#0b3d91"))
        if MARK_CHOSEN in self._marks:
            badges.append((tr_ctx("card badge", "CRIB"), "#7a5200", "#ffc940", "#3a2600"))
        if badges and self.card is not None:
            boxes = badge_boxes(QRectF(0, 0, w, h), self.card.rank,
                                self._renderer.style.large_index, self.card.suit, len(badges))
            for (text, edge, fill, ink), box in zip(badges, boxes, strict=True):
                painter.setPen(QPen(QColor(edge), 1))
                painter.setBrush(QColor(fill))
                painter.drawRoundedRect(box, 3, 3)
                self._badge_text(painter, box, text, QColor(ink), upright=True)
        if self._selected or self._highlight:
            colour = QColor("#ffd84a") if self._selected else QColor("#7fe3ff")
            pen = QPen(colour, max(2.0, w / 30))
            if self._highlight and not self._selected:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-1, -1, w + 2, h + 2), radius, radius)

    def _badge_text(self, painter: QPainter, rect: QRectF, text: str, colour: QColor,
                    upright: bool = False) -> None:
        across = rect.width() if upright else rect.height()
        along = rect.height() if upright else rect.width()
        painter.setFont(badge_font(text, across, along))
        painter.setPen(colour)
        if not upright:
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
            return
        painter.save()  # read bottom to top, like a book's spine
        painter.translate(rect.center())
        painter.rotate(-90)
        painter.drawText(QRectF(-rect.height() / 2, -rect.width() / 2, rect.height(),
                                rect.width()), Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()
