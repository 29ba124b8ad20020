"""The felt table scene: card items, drop zones and in-scene dragging, for any card game.

Dragging is done with press/move/release on the scene (not ``QDrag``) so that it can be driven
by synthetic mouse events in tests. A drag starts after ``DRAG_THRESHOLD`` pixels; while
dragging, the drop zone that overlaps the card most *and may take that card* lights up, as in
KPat: the scene asks the game ``accepts(zone_id, item)`` (set by the controller, from the
engine's legal actions) for each zone, per card. On release the scene only *reports* the drop
(``card_dropped``). The game controller decides what it means and re-lays out the table, which
moves an unaccepted card back to where it came from.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLineF, QObject, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ginrummy_desktop.gui.table.box_item import BoxItem
from ginrummy_desktop.gui.table.card_item import CardItem
from ginrummy_desktop.gui.table.palette import TABLE_COLOURS as TABLE_COLOURS  # re-exported
from ginrummy_desktop.gui.table.palette import TablePalette

DRAG_THRESHOLD = 4.0
DRAG_Z = 10_000.0


# An idle zone's inside and label (e.g. "Knock area"): readable on every felt colour.
ZONE_IDLE_FILL = (0, 0, 0, 60)
ZONE_IDLE_LABEL = (255, 255, 255, 190)


class DropZone(BoxItem):
    """A named area cards can be dropped on (the discard pile, a knock area, the hand...)."""

    def __init__(self, zone_id: str, label: str = "", visible_frame: bool = True) -> None:
        super().__init__(z=-10, margin=3.0)
        self.zone_id = zone_id
        self.label = label
        self.accepting = False
        self.visible_frame = visible_frame
        self._hover = False

    @property
    def hovered(self) -> bool:
        """True while a dragged card that this zone may take is over it."""
        return self._hover

    def set_hover(self, on: bool) -> None:
        if on != self._hover:
            self._hover = on
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.visible_frame and not self._hover:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        active = self.accepting or self._hover
        colour = QColor(255, 255, 255, 170 if active else 110)
        pen = QPen(colour, 2.5 if self._hover else 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        # A darkened inside (not a lighter one) keeps the label readable on every felt, the
        # red and blue ones too, where white at low opacity all but vanished.
        fill = QColor(255, 255, 255, 45) if self._hover else QColor(*ZONE_IDLE_FILL)
        painter.setBrush(fill)
        radius = min(self._rect.width(), self._rect.height()) * 0.08
        painter.drawRoundedRect(self._rect, radius, radius)
        if self.label:
            font = QFont("DejaVu Sans")
            font.setBold(True)
            font.setPixelSize(max(9, int(self._rect.width() * 0.13)))
            painter.setFont(font)
            painter.setPen(QColor(255, 255, 255, 235) if active else QColor(*ZONE_IDLE_LABEL))
            painter.drawText(self._rect.adjusted(4, 4, -4, -4),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.label)


class TableScene(QGraphicsScene):
    """A felt-covered scene that reports clicks, double-clicks and drops of card items."""

    card_clicked = Signal(object)  # CardItem
    card_double_clicked = Signal(object)  # CardItem
    card_dropped = Signal(object, str, QPointF)  # item, zone id ("" for none), card centre
    drag_started = Signal(object)
    background_clicked = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table_palette = TablePalette.for_felt("green")
        self._felt = self.table_palette.felt
        self._zones: list[DropZone] = []
        self._press_item: CardItem | None = None
        self._press_pos = QPointF()
        self._grab_offset = QPointF()
        self._dragging = False
        self._drag_origin_z = 0.0
        self._hover_zone: DropZone | None = None
        # Whether a zone may take this card now; None: every zone marked ``accepting`` does.
        self.accepts: Callable[[str, CardItem], bool] | None = None

    # -- felt --------------------------------------------------------------------------

    def set_felt_colour(self, colour: str) -> None:
        self.table_palette = TablePalette.for_felt(colour)
        self._felt = self.table_palette.felt
        self.update()

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        area = self.sceneRect()
        gradient = QRadialGradient(area.center(), max(area.width(), area.height()) * 0.75)
        gradient.setColorAt(0.0, self._felt.lighter(118))
        gradient.setColorAt(1.0, self._felt.darker(150))
        painter.fillRect(rect, QBrush(gradient))

    # -- zones -------------------------------------------------------------------------

    def add_zone(self, zone: DropZone) -> DropZone:
        self._zones.append(zone)
        self.addItem(zone)
        return zone

    def zone(self, zone_id: str) -> DropZone | None:
        return next((z for z in self._zones if z.zone_id == zone_id), None)

    def best_zone_for(self, rect: QRectF, accepting_only: bool = True,
                      item: CardItem | None = None) -> DropZone | None:
        """The visible zone overlapping ``rect`` the most (None when none overlaps); by default
        only zones that accept a drop now (of ``item``, when given and ``accepts`` is set)."""
        best, best_area = None, 0.0
        for zone in self._zones:
            if not zone.isVisible() or accepting_only and not self._takes(zone, item):
                continue
            overlap = zone.rect().intersected(rect)
            area = overlap.width() * overlap.height()
            if area > best_area:
                best, best_area = zone, area
        return best

    def _takes(self, zone: DropZone, item: CardItem | None) -> bool:
        if item is not None and self.accepts is not None:
            return self.accepts(zone.zone_id, item)
        return zone.accepting

    # -- mouse -------------------------------------------------------------------------

    @property
    def dragging(self) -> bool:
        return self._dragging

    def card_at(self, pos: QPointF) -> CardItem | None:
        for item in self.items(pos, Qt.ItemSelectionMode.IntersectsItemShape,
                               Qt.SortOrder.DescendingOrder):
            if isinstance(item, CardItem) and item.isVisible() and item.card_rect().contains(pos):
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        item = self.card_at(event.scenePos())
        if item is None:
            self.background_clicked.emit()  # e.g. a click skips running animations
            super().mousePressEvent(event)
            return
        self._press_item = item
        self._press_pos = event.scenePos()
        self._grab_offset = event.scenePos() - item.pos()
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        item = self._press_item
        if item is None or not (event.buttons() & Qt.MouseButton.LeftButton):
            super().mouseMoveEvent(event)
            return
        if not self._dragging:
            if not item.draggable:
                return
            if QLineF(self._press_pos, event.scenePos()).length() < DRAG_THRESHOLD:
                return
            self._dragging = True
            self._drag_origin_z = item.zValue()
            item.setZValue(DRAG_Z)
            self.drag_started.emit(item)
        item.setPos(event.scenePos() - self._grab_offset)
        zone = self.best_zone_for(item.card_rect(), item=item)
        if zone is not self._hover_zone:
            if self._hover_zone is not None:
                self._hover_zone.set_hover(False)
            if zone is not None:
                zone.set_hover(True)
            self._hover_zone = zone
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        item = self._press_item
        self._press_item = None
        if item is None:
            super().mouseReleaseEvent(event)
            return
        if self._dragging:
            self._dragging = False
            zone = self._hover_zone
            if zone is not None:
                zone.set_hover(False)
            self._hover_zone = None
            item.setZValue(self._drag_origin_z)
            if zone is None:
                # Report a drop on a zone that does not accept now too, so the game can say why.
                zone = self.best_zone_for(item.card_rect(), accepting_only=False)
            self.card_dropped.emit(item, zone.zone_id if zone else "", item.card_rect().center())
        else:
            self.card_clicked.emit(item)
        event.accept()

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        item = self.card_at(event.scenePos())
        if item is not None and event.button() == Qt.MouseButton.LeftButton:
            self.card_double_clicked.emit(item)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)
