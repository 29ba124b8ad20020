"""The Gin Rummy table: lays out card items, meld bands, piles and the score panel.

``GinTable`` turns a ``GinTableModel`` (what the controller wants shown) into placements and
moves the scene's items there, animated. It decides nothing about the rules: legality comes from
the engine through the controller, melds from the meld solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.translation import mark, tr, tr_ctx, tr_n
from ginrummy_desktop.gui.table.animation import Animator
from ginrummy_desktop.gui.table.card_item import (
    MARK_DEADWOOD,
    MARK_KNOWN,
    MARK_LAID_OFF,
    MARK_LOCKED,
    MARK_NEW,
    CardItem,
)
from ginrummy_desktop.gui.table.card_items import CardItems
from ginrummy_desktop.gui.table.card_renderer import CardRenderer, card_height
from ginrummy_desktop.gui.table.items import Badge, InfoPanel, MeldBand, table_font
from ginrummy_desktop.gui.table.layout import (
    DEFAULT_CARD_SIZE,
    Placement,
    card_scale,
    card_width_for,
    fit_spacing,
    grouped_row,
    separated_spacing,
)
from ginrummy_desktop.gui.table.scene import DropZone, TableScene

TABLE_HEIGHT_UNITS = 5.35  # card widths from the top of the table to its bottom
STOCK_LAYERS = 4  # backs drawn for the stock's thickness
DEAL_STEP_MS = 55  # between two dealt cards (scaled by the animation speed)
ZONE_DISCARD, ZONE_KNOCK, ZONE_HAND = "discard", "knock", "hand"


@dataclass(frozen=True)
class RevealedRow:
    """One player's cards at the end of a hand, grouped for display."""

    groups: tuple[tuple[Card, ...], ...]  # melds (knocker: with lay-offs appended), then deadwood
    meld_count: int  # the first ``meld_count`` groups are melds
    laid_off: frozenset[Card] = frozenset()
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class GinTableModel:
    """Everything the table shows; built by the controller from the engine's view."""

    hand_order: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()
    deadwood_points: int = 0
    opponent_hidden: int = 0
    opponent_known: tuple[Card, ...] = ()
    # A hand the person watches (they sit out): the bottom row is a player's, face down.
    bottom_hidden: int = 0
    bottom_known: tuple[Card, ...] = ()
    # Who each row is, when more than one opponent may sit there (three and four players).
    top_name: str = ""
    bottom_name: str = ""
    discard_pile: tuple[Card, ...] = ()
    stock_size: int = 0
    drawn: Card | None = None
    locked: Card | None = None
    selected: Card | None = None
    accepting: frozenset[str] = frozenset()
    stock_draggable: bool = False
    discard_draggable: bool = False
    hand_draggable: bool = True
    fan_discard: bool = False
    knock_label: str = mark("Knock")  # shown with ``tr`` (the controller's are translated)
    score_title: str = ""
    score_lines: tuple[tuple[str, str, bool], ...] = ()
    reveal_top: RevealedRow | None = None
    reveal_bottom: RevealedRow | None = None
    show_piles: bool = True
    commitment: str = ""  # the hand's fair-deal SHA-256, published before it is played
    extra: dict = field(default_factory=dict)

    @property
    def revealing(self) -> bool:
        return self.reveal_top is not None and self.reveal_bottom is not None


@dataclass
class TableLayout:
    """The computed geometry for one model at one size."""

    card_width: float
    placements: list[Placement]
    bands: list[tuple[int, str, QRectF]]
    zones: dict[str, QRectF]
    score_rect: QRectF
    stock_badge: QRectF
    regions: dict[str, QRectF]  # block name -> bounding rect (for overlap checks)
    middle: QRectF  # free area between the rows (end-of-hand panel goes here)
    # (name, room left of its row) for rows that say whose they are (three and four players).
    name_tags: list[tuple[str, QRectF]] = field(default_factory=list)


def stock_tooltip(model: GinTableModel) -> str:
    """What the stock is, what it does now, and the deal's published commitment."""
    count = model.stock_size
    text = tr_n("Stock: {count} card left", "Stock: {count} cards left", count).format(
        count=count)
    if model.stock_draggable:
        text = tr("{stock} — click or drag to draw").format(stock=text)
    if model.commitment:
        text += "\n" + tr("Fair deal: this hand's deck was committed before play, SHA-256 "
                          "{commitment}… (Game ▸ Deal commitment… shows all of it)").format(
            commitment=model.commitment[:16])
    return text


def meld_kind(meld: Sequence[Card]) -> str:
    """"Set" (one rank) or "Run", in the chosen language."""
    return tr_ctx("meld", "Set") if len({c.rank for c in meld}) == 1 else tr_ctx("meld", "Run")


def _meld_label(meld: Sequence[Card]) -> str:
    points = sum(c.points for c in meld)
    # Translators: a meld's label on the table: "Run · 12" (its deadwood points).
    return tr("{meld} · {points}").format(meld=meld_kind(meld), points=points)


def compute_layout(model: GinTableModel, width: float, height: float,
                   middle_reserve: float = 0.0, scale: float = 1.0) -> TableLayout:
    """Pure geometry: where every card, band, zone and panel goes for this window size.

    ``middle_reserve`` is the height (px) the end-of-hand panel needs between the two rows;
    cards shrink at the end of a hand when the window is too small to fit both. ``scale``
    (the card size setting, at most 1) shrinks cards below the largest that fits.
    """
    # Three rows of cards (1.4 widths each), the margins, the hand's meld labels and the lift
    # of a selected card fill 5.35 widths down: on a wide window, where the height decides,
    # the cards take the rows' full share of it instead of leaving felt between the rows.
    w = card_width_for(width, height, 8.6, TABLE_HEIGHT_UNITS) * min(1.0, scale)
    if model.revealing and middle_reserve:
        w = max(30.0, min(w, (height - middle_reserve) / 4.3))
    h = card_height(w)
    margin = 0.25 * w
    band_label = max(12.0, 0.2 * w)
    top_row_y = margin + (band_label if model.revealing else 0)
    bottom_row_y = height - margin - h
    middle_y = (top_row_y + h + bottom_row_y - band_label) / 2 - h / 2
    cx = width / 2
    placements: list[Placement] = []
    bands: list[tuple[int, str, QRectF]] = []
    regions: dict[str, QRectF] = {}
    zones: dict[str, QRectF] = {}
    name_tags: list[tuple[str, QRectF]] = []
    avail = width - 2 * margin
    names = [name for name in (model.top_name, model.bottom_name) if name]
    if model.revealing and names:
        # Three and four players: the rows at the end of a hand (wide, in meld groups) leave
        # the felt on their left to the longest name, so no name tag is cut short.
        tag_font = table_font(max(18.0, 0.26 * w) * 0.62, bold=True)
        longest = max(QFontMetricsF(tag_font).horizontalAdvance(name) for name in names)
        need = longest + 0.5 * max(18.0, 0.26 * w) + 0.15 * w + 2
        avail -= need
        cx += need / 2

    def tag_row(name: str, left: float, top: float) -> None:
        """Name the row whose first card is at ``left``, in the felt left of it (if room)."""
        room = left - margin - 0.15 * w
        if name and room >= 1.1 * w:
            tag_h = max(18.0, 0.26 * w)
            name_tags.append((name, QRectF(margin, top + h / 2 - tag_h / 2, room, tag_h)))

    def place_row(groups: Sequence[tuple[object, ...]], top: float, preferred: float,
                  gap: float, z_base: float, separate: bool = False) -> list[list[QPointF]]:
        sizes = [len(g) for g in groups]
        if separate:  # meld groups side by side, so their bands do not overlap
            spacing, gap = separated_spacing(sizes, w, avail, preferred, 0.2 * w, 0.34 * w)
        else:
            spacing = fit_spacing(sizes, w, avail, preferred, gap, 0.18 * w)
        return grouped_row(sizes, w, spacing, gap, cx, top)

    def band_rect(spots: list[QPointF], top: float, next_x: float | None) -> QRectF:
        left, right = spots[0].x() - 0.06 * w, spots[-1].x() + 1.06 * w
        if next_x is not None:  # never reach under the next group's band
            right = min(right, next_x - 0.1 * w)
        return QRectF(left, top - band_label, right - left, h + band_label + 0.05 * w)

    def next_group_x(positions: list[list[QPointF]], index: int) -> float | None:
        later = [spots[0].x() for spots in positions[index + 1:] if spots]
        return later[0] if later else None

    # -- the player's hand (bottom) and the opponent's hand (top) ---------------------------
    if model.reveal_top is not None and model.reveal_bottom is not None:  # model.revealing
        rows = ((model.reveal_top, top_row_y, 1000.0), (model.reveal_bottom, bottom_row_y, 2000.0))
        style = 0
        for row, top, z_base in rows:
            groups = [tuple(g) for g in row.groups if g]
            positions = place_row(groups, top, 0.62 * w, 0.3 * w, z_base, separate=True)
            z = z_base
            meld_index = 0
            for gi, (group, spots) in enumerate(zip(groups, positions, strict=True)):
                is_meld = gi < row.meld_count
                for card, pos in zip(group, spots, strict=True):
                    marks = set()
                    if not is_meld:
                        marks.add(MARK_DEADWOOD)
                    if card in row.laid_off:
                        marks.add(MARK_LAID_OFF)
                    placements.append(Placement(card, pos, z, True, card, frozenset(marks)))
                    z += 1
                if is_meld and spots:
                    label = row.labels[meld_index] if meld_index < len(row.labels) else ""
                    rect = band_rect(spots, top, next_group_x(positions, gi))
                    bands.append((style, label or _meld_label(group), rect))
                    style += 1
                    meld_index += 1
            if positions and any(positions):
                xs = [p.x() for spots in positions for p in spots]
                regions[f"row{int(z_base)}"] = QRectF(min(xs), top - band_label,
                                                      max(xs) + w - min(xs), h + band_label)
                tag_row(model.top_name if z_base < 2000 else model.bottom_name, min(xs), top)
    else:
        # Opponent: known cards face up at the right end, the rest face down.
        hidden = [("opp", i) for i in range(model.opponent_hidden)]
        known = list(model.opponent_known)
        opp_groups = [tuple(hidden), tuple(known)]
        positions = place_row(opp_groups, top_row_y, 0.42 * w, 0.25 * w, 100)
        z = 100.0
        for key, pos in zip(hidden, positions[0], strict=True):
            placements.append(Placement(key, pos, z, False))
            z += 1
        for card, pos in zip(known, positions[1], strict=True):
            placements.append(Placement(card, pos, z, True, card, frozenset({MARK_KNOWN})))
            z += 1
        all_opp = positions[0] + positions[1]
        if all_opp:
            xs = [p.x() for p in all_opp]
            regions["opponent"] = QRectF(min(xs), top_row_y, max(xs) + w - min(xs), h)
            tag_row(model.top_name, min(xs), top_row_y)

        # A watched hand's second player (the person sits out): face down like the top row.
        if not model.hand_order and (model.bottom_hidden or model.bottom_known):
            low_hidden = [("low", i) for i in range(model.bottom_hidden)]
            low_known = list(model.bottom_known)
            positions = place_row([tuple(low_hidden), tuple(low_known)], bottom_row_y,
                                  0.42 * w, 0.25 * w, 2000)
            z = 2000.0
            for key, pos in zip(low_hidden, positions[0], strict=True):
                placements.append(Placement(key, pos, z, False))
                z += 1
            for card, pos in zip(low_known, positions[1], strict=True):
                placements.append(Placement(card, pos, z, True, card, frozenset({MARK_KNOWN})))
                z += 1
            xs = [p.x() for p in positions[0] + positions[1]]
            regions["watched"] = QRectF(min(xs), bottom_row_y, max(xs) + w - min(xs), h)
            tag_row(model.bottom_name, min(xs), bottom_row_y)

        # Player: contiguous cards of one meld form a segment with a band; segments get gaps.
        meld_of = {card: i for i, meld in enumerate(model.melds) for card in meld}
        segments: list[list[Card]] = []
        for card in model.hand_order:
            # Same meld (or both deadwood) as the previous card: same segment.
            if segments and meld_of.get(card) == meld_of.get(segments[-1][-1]):
                segments[-1].append(card)
            else:
                segments.append([card])
        positions = place_row([tuple(s) for s in segments], bottom_row_y, 0.6 * w, 0.22 * w, 2000,
                              separate=True)
        z = 2000.0
        lift_by = 0.18 * w  # a selected card stands this much higher
        labelled: set[int] = set()
        for si, (segment, spots) in enumerate(zip(segments, positions, strict=True)):
            for card, pos in zip(segment, spots, strict=True):
                marks = set()
                if card == model.drawn:
                    marks.add(MARK_NEW)
                if card == model.locked:
                    marks.add(MARK_LOCKED)
                lift = -lift_by if card == model.selected else 0.0
                placements.append(Placement(card, QPointF(pos.x(), pos.y() + lift), z, True, card,
                                            frozenset(marks), model.hand_draggable))
                z += 1
            hand_meld = meld_of.get(segment[0])
            if hand_meld is not None and spots:
                # A meld split across the hand keeps one colour and pattern on every part,
                # and its label only once (on its first part), so it reads as one meld.
                rect = band_rect(spots, bottom_row_y, next_group_x(positions, si))
                if model.selected in segment:  # the raised card must not hide the label
                    rect.setTop(rect.top() - lift_by)
                label = "" if hand_meld in labelled else _meld_label(model.melds[hand_meld])
                labelled.add(hand_meld)
                bands.append((hand_meld, label, rect))
        if model.hand_order:
            xs = [p.x() for spots in positions for p in spots]
            regions["hand"] = QRectF(min(xs), bottom_row_y - band_label,
                                     max(xs) + w - min(xs), h + band_label)
        zones[ZONE_HAND] = QRectF(margin, bottom_row_y - band_label, avail,
                                  h + band_label)

    # -- middle row: score panel, stock, discard pile, knock area -------------------------
    score_rect = QRectF(margin, middle_y, 2.75 * w, h)
    stock_pos = QPointF(cx - 1.2 * w, middle_y)
    discard_pos = QPointF(cx + 0.2 * w, middle_y)
    knock_rect = QRectF(cx + 1.65 * w, middle_y, 1.15 * w, h)
    fanned = model.fan_discard and bool(model.discard_pile)
    if fanned:  # the fan gets the row between the stock and the knock area, covering neither
        stock_pos = QPointF(score_rect.right() + 0.3 * w, middle_y)
        knock_rect = QRectF(width - margin - 1.15 * w, middle_y, 1.15 * w, h)
    stock_badge = QRectF(stock_pos.x() + 0.12 * w, middle_y + h - 0.32 * w, 0.76 * w, 0.26 * w)
    if model.show_piles and not model.revealing:
        regions["score"] = score_rect
        layers = min(STOCK_LAYERS, model.stock_size)
        for i in range(layers):
            offset = (layers - 1 - i) * 0.012 * w
            placements.append(Placement(("stock", i), QPointF(stock_pos.x() - offset,
                                                              stock_pos.y() - offset),
                                        50 + i, False,
                                        draggable=model.stock_draggable and i == layers - 1))
        regions["stock"] = QRectF(stock_pos.x() - 0.05 * w, middle_y - 0.05 * w, 1.05 * w,
                                  h + 0.05 * w)
        pile = model.discard_pile
        if fanned:
            fan_left = stock_pos.x() + 1.3 * w
            fan_width = knock_rect.left() - 0.25 * w - fan_left
            spacing = min(0.55 * w, max(0.0, fan_width - w) / max(1, len(pile) - 1))
            x0 = fan_left + (fan_width - (w + spacing * (len(pile) - 1))) / 2
            for i, card in enumerate(pile):
                placements.append(Placement(card, QPointF(x0 + i * spacing, middle_y), 3000 + i,
                                            True, card))
            discard_pos = QPointF(x0 + spacing * (len(pile) - 1), middle_y)  # the top card
        else:
            for i, card in enumerate(pile):
                top = i == len(pile) - 1
                placements.append(Placement(card, discard_pos, 60 + i, True, card,
                                            draggable=top and model.discard_draggable))
        zones[ZONE_DISCARD] = QRectF(discard_pos.x(), middle_y, w, h)
        regions["discard"] = QRectF(discard_pos.x(), middle_y, w, h)
        zones[ZONE_KNOCK] = knock_rect
        regions["knock"] = knock_rect
    middle = QRectF(margin, top_row_y + h + 0.2 * w, avail,
                    max(h, bottom_row_y - band_label - 0.2 * w - (top_row_y + h + 0.2 * w)))
    return TableLayout(w, placements, bands, zones, score_rect, stock_badge, regions, middle,
                       name_tags)


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
