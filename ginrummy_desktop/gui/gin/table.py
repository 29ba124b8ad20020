"""The Gin Rummy table: lays out card items, meld bands, piles and the score panel.

``GinTable`` turns a ``GinTableModel`` (``display.py``: what the controller wants shown) into
placements (``table_layout.py``: pure geometry) and moves the scene's items there, animated.
It decides nothing about the rules: legality comes from the engine through the controller,
melds from the meld solver.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.gin.display import GinTableModel, stock_tooltip
from ginrummy_desktop.gui.gin.table_items import MeldBand
from ginrummy_desktop.gui.gin.table_layout import (
    ZONE_DISCARD,
    ZONE_HAND,
    ZONE_KNOCK,
    TableLayout,
    compute_layout,
)
from ginrummy_desktop.gui.table.animation import Animator
from ginrummy_desktop.gui.table.card_item import CardItem
from ginrummy_desktop.gui.table.card_items import CardItems
from ginrummy_desktop.gui.table.card_renderer import CardRenderer
from ginrummy_desktop.gui.table.items import Badge, InfoPanel, table_font
from ginrummy_desktop.gui.table.layout import DEFAULT_CARD_SIZE, Placement, card_scale
from ginrummy_desktop.gui.table.scene import DropZone, TableScene

DEAL_STEP_MS = 55  # between two dealt cards (scaled by the animation speed)


class GinTable(QObject):
    """Owns the gin table's scene items and keeps them where the model says."""

    def __init__(self, scene: TableScene, renderer: CardRenderer, animator: Animator) -> None:
        super().__init__()
        self.scene = scene
        self.renderer = renderer
        self.animator = animator
        self.model = GinTableModel()
        self.layout: TableLayout | None = None
        self.cards = CardItems(scene, renderer, animator)
        self.items: dict[object, CardItem] = self.cards.items  # the same live mapping
        self._bands: list[MeldBand] = []
        self.score_panel = InfoPanel()
        self.stock_badge = Badge()
        self.name_tags: list[Badge] = []
        scene.addItem(self.score_panel)
        scene.addItem(self.stock_badge)
        self.zones = {
            ZONE_DISCARD: scene.add_zone(DropZone(ZONE_DISCARD, "", visible_frame=True)),
            ZONE_KNOCK: scene.add_zone(DropZone(ZONE_KNOCK, tr("Drop here to knock"))),
            ZONE_HAND: scene.add_zone(DropZone(ZONE_HAND, "", visible_frame=False)),
        }
        self._size = (800.0, 600.0)
        self.middle_reserve = 0.0  # px kept free between the rows at the end of a hand
        self.card_scale = card_scale(DEFAULT_CARD_SIZE)

    # -- public ---------------------------------------------------------------------------

    def set_size(self, width: float, height: float) -> None:
        """Lay out again for a new viewport size (without animation: the window is resizing)."""
        self._size = (float(width), float(height))
        self._sync(animate=False)

    def set_card_scale(self, scale: float) -> None:
        """Cards as a share of the largest that fits (the card size setting)."""
        self.card_scale = scale
        self._sync(animate=False)

    def show(self, model: GinTableModel, animate: bool = True, deal: bool = False) -> None:
        self.model = model
        self._sync(animate=animate, deal=deal)

    def refresh(self) -> None:
        """Re-apply the current model (e.g. to spring a refused card back)."""
        self._sync(animate=True)

    def item_for(self, key: object) -> CardItem | None:
        return self.items.get(key)

    def stock_top(self) -> CardItem | None:
        layers = [k for k in self.items if isinstance(k, tuple) and k[:1] == ("stock",)]
        return self.items[max(layers)] if layers else None

    def discard_top(self) -> CardItem | None:
        pile = self.model.discard_pile
        return self.items.get(pile[-1]) if pile else None

    def target_pos(self, key: object) -> QPointF | None:
        if self.layout is None:
            return None
        for placement in self.layout.placements:
            if placement.key == key:
                return placement.pos
        return None

    def hand_centres(self) -> list[float]:
        """Layout x centres of the hand's cards in order (for drop-to-reorder)."""
        if self.layout is None:
            return []
        w = self.layout.card_width
        order = {c: i for i, c in enumerate(self.model.hand_order)}
        spots = sorted((order[p.key], p.pos.x() + w / 2) for p in self.layout.placements
                       if isinstance(p.key, Card) and p.key in order and p.pos.y() >
                       self._size[1] / 2)
        return [x for _, x in spots]

    def block_rects(self) -> dict[str, QRectF]:
        return dict(self.layout.regions) if self.layout else {}

    # -- syncing items --------------------------------------------------------------------

    def _sync(self, animate: bool = True, deal: bool = False) -> None:
        width, height = self._size
        layout = compute_layout(self.model, width, height, self.middle_reserve,
                                self.card_scale)
        self.layout = layout
        w = layout.card_width
        stock_top = self._stock_top_pos(layout)

        def origin(placement: Placement, vanished: list[QPointF]) -> QPointF:
            # A card the opponent discards or reveals comes out of the opponent's hand.
            from_opponent = placement.key in self.model.discard_pile or (
                self.model.revealing and placement.pos.y() < height / 2)
            if isinstance(placement.key, Card) and from_opponent and vanished:
                return vanished.pop()
            return stock_top

        def decorate(item: CardItem, placement: Placement) -> None:
            item.set_selected(placement.card is not None
                              and placement.card == self.model.selected
                              and placement.pos.y() > height / 2)

        deal_order = self._deal_order() if deal else {}
        self.cards.sync(
            layout.placements, w, animate, origin,
            delay_ms=lambda _i, p: DEAL_STEP_MS * deal_order.get(p.key, 0) if deal else 0,
            decorate=decorate,
            # The stock is on the table before dealing starts.
            at_once=lambda p: deal and isinstance(p.key, tuple) and p.key[0] == "stock")
        self._sync_bands(layout)
        if deal and self.animator.busy:
            for band in self._bands:  # melds appear once the cards have arrived
                band.setVisible(False)
            self.animator.when_idle(self._show_bands)
        self._sync_panels(layout)
        self._sync_name_tags(layout)

    def _deal_order(self) -> dict[object, int]:
        """Deal one card at a time, alternately to each player, then turn the upcard."""
        model = self.model
        order: dict[object, int] = {}
        for i in range(model.opponent_hidden):
            order[("opp", i)] = 2 * i
        for j, card in enumerate(model.hand_order):
            order[card] = 2 * j + 1
        for j in range(model.bottom_hidden):
            order[("low", j)] = 2 * j + 1
        bottom = max(len(model.hand_order), model.bottom_hidden)
        for card in model.discard_pile:
            order[card] = 2 * max(model.opponent_hidden, bottom) + 1
        return order

    def _stock_top_pos(self, layout: TableLayout) -> QPointF:
        stock = [p for p in layout.placements if isinstance(p.key, tuple) and p.key[0] == "stock"]
        if stock:
            return stock[-1].pos
        width, height = self._size
        return QPointF(width / 2 - 1.2 * layout.card_width, height / 2 - layout.card_width * 0.7)

    def _sync_bands(self, layout: TableLayout) -> None:
        while len(self._bands) > len(layout.bands):
            self.scene.removeItem(self._bands.pop())
        while len(self._bands) < len(layout.bands):
            band = MeldBand(0, "")
            self.scene.addItem(band)
            self._bands.append(band)
        label_height = max(12.0, 0.2 * layout.card_width)
        for band, (style, label, rect) in zip(self._bands, layout.bands, strict=True):
            band.style_index = style
            band.label = label
            band.setZValue(1999 if rect.top() > self._size[1] / 2 else 999)
            band.set_geometry(rect, label_height)

    def _sync_panels(self, layout: TableLayout) -> None:
        model = self.model
        showing = model.show_piles and not model.revealing
        self.score_panel.setVisible(showing)
        self.score_panel.set_rect(layout.score_rect)
        self.score_panel.set_content(model.score_title, list(model.score_lines))
        self.stock_badge.setVisible(showing)
        self.stock_badge.set_rect(layout.stock_badge)
        self.stock_badge.set_text(tr("Stock {count}").format(count=model.stock_size),
                                  short=str(model.stock_size))
        tip = stock_tooltip(model)
        self.stock_badge.setToolTip(tip)
        for key, item in self.items.items():  # after the cards' own tooltips were set
            if isinstance(key, tuple) and key[:1] == ("stock",):
                item.setToolTip(tip)
        for zone_id, zone in self.zones.items():
            rect = layout.zones.get(zone_id)
            zone.setVisible(rect is not None)
            if rect is not None:
                zone.set_rect(rect)
            zone.accepting = zone_id in model.accepting
            zone.update()
        self.zones[ZONE_KNOCK].label = tr(model.knock_label)

    def _sync_name_tags(self, layout: TableLayout) -> None:
        """One pill per named row, as wide as its name needs (at most the room it has)."""
        while len(self.name_tags) > len(layout.name_tags):
            self.scene.removeItem(self.name_tags.pop())
        while len(self.name_tags) < len(layout.name_tags):
            tag = Badge()
            self.scene.addItem(tag)
            self.name_tags.append(tag)
        for tag, (name, room) in zip(self.name_tags, layout.name_tags, strict=True):
            metrics = QFontMetricsF(table_font(room.height() * 0.62, bold=True))
            text = metrics.elidedText(name, Qt.TextElideMode.ElideRight,
                                      room.width() - room.height())
            width = min(room.width(), metrics.horizontalAdvance(text) + room.height())
            tag.set_text(text)
            tag.setToolTip(name)
            tag.set_rect(QRectF(room.right() - width, room.top(), width, room.height()))

    def _show_bands(self) -> None:
        for band in self._bands:
            band.setVisible(True)

    def bands(self) -> list[MeldBand]:
        return list(self._bands)
