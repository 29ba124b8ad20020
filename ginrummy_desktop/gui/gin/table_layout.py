"""Where things go on the gin table for a given window size (pure geometry).

``compute_layout(model, width, height)`` places every card, meld band, drop zone and panel:
the opponent's hand at the top, the person's at the bottom (at the end of a hand: both hands
face up in meld groups), and between them the score panel, the stock, the discard pile and the
knock area. Sizes are in card widths so one layout fits every window from 800x600 up. Nothing
here touches the scene; ``table.py`` moves the items to the places computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.gui.gin.display import GinTableModel, RevealedRow, meld_label
from ginrummy_desktop.gui.table.card_item import (
    MARK_DEADWOOD,
    MARK_KNOWN,
    MARK_LAID_OFF,
    MARK_LOCKED,
    MARK_NEW,
)
from ginrummy_desktop.gui.table.card_renderer import card_height
from ginrummy_desktop.gui.table.items import table_font
from ginrummy_desktop.gui.table.layout import (
    Placement,
    card_width_for,
    fit_spacing,
    grouped_row,
    separated_spacing,
)

TABLE_HEIGHT_UNITS = 5.35  # card widths from the top of the table to its bottom
STOCK_LAYERS = 4  # backs drawn for the stock's thickness
ZONE_DISCARD, ZONE_KNOCK, ZONE_HAND = "discard", "knock", "hand"


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


@dataclass
class _Grid:
    """The measures of one layout (scene pixels) and what has been placed so far."""

    width: float
    w: float  # card width
    h: float  # card height
    margin: float
    band_label: float  # height of a meld band's label above its cards
    top_row_y: float
    bottom_row_y: float
    middle_y: float
    cx: float  # the centre the rows are laid around
    avail: float  # the width the rows may take
    placements: list[Placement] = field(default_factory=list)
    bands: list[tuple[int, str, QRectF]] = field(default_factory=list)
    regions: dict[str, QRectF] = field(default_factory=dict)
    zones: dict[str, QRectF] = field(default_factory=dict)
    name_tags: list[tuple[str, QRectF]] = field(default_factory=list)

    @property
    def row_height(self) -> float:
        """A row of cards with its meld labels above."""
        return self.h + self.band_label

    def tag_row(self, name: str, left: float, top: float) -> None:
        """Name the row whose first card is at ``left``, in the felt left of it (if room)."""
        w, h = self.w, self.h
        room = left - self.margin - 0.15 * w
        if name and room >= 1.1 * w:
            tag_h = max(18.0, 0.26 * w)
            self.name_tags.append((name, QRectF(self.margin, top + h / 2 - tag_h / 2, room,
                                                tag_h)))

    def place_row(self, groups: Sequence[tuple[object, ...]], top: float, preferred: float,
                  gap: float, separate: bool = False) -> list[list[QPointF]]:
        """Where each card of each group goes in a row centred on ``cx``."""
        w = self.w
        sizes = [len(g) for g in groups]
        if separate:  # meld groups side by side, so their bands do not overlap
            spacing, gap = separated_spacing(sizes, w, self.avail, preferred, 0.2 * w, 0.34 * w)
        else:
            spacing = fit_spacing(sizes, w, self.avail, preferred, gap, 0.18 * w)
        return grouped_row(sizes, w, spacing, gap, self.cx, top)

    def band_rect(self, spots: list[QPointF], top: float, next_x: float | None) -> QRectF:
        """The band behind a meld's cards, its label above them."""
        w = self.w
        left, right = spots[0].x() - 0.06 * w, spots[-1].x() + 1.06 * w
        if next_x is not None:  # never reach under the next group's band
            right = min(right, next_x - 0.1 * w)
        return QRectF(left, top - self.band_label, right - left,
                      self.h + self.band_label + 0.05 * w)


def _next_group_x(positions: list[list[QPointF]], index: int) -> float | None:
    later = [spots[0].x() for spots in positions[index + 1:] if spots]
    return later[0] if later else None


def _grid(model: GinTableModel, width: float, height: float, middle_reserve: float,
          scale: float) -> _Grid:
    """The card size and the rows' places for this window."""
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
    return _Grid(width, w, h, margin, band_label, top_row_y, bottom_row_y, middle_y, cx, avail)


def _place_revealed(grid: _Grid, model: GinTableModel, top_row: RevealedRow,
                    bottom_row: RevealedRow) -> None:
    """The end of a hand: both hands face up, melds in banded groups, deadwood last."""
    w = grid.w
    style = 0
    for row, top, z_base in ((top_row, grid.top_row_y, 1000.0),
                             (bottom_row, grid.bottom_row_y, 2000.0)):
        groups = [tuple(g) for g in row.groups if g]
        positions = grid.place_row(groups, top, 0.62 * w, 0.3 * w, separate=True)
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
                grid.placements.append(Placement(card, pos, z, True, card, frozenset(marks)))
                z += 1
            if is_meld and spots:
                label = row.labels[meld_index] if meld_index < len(row.labels) else ""
                rect = grid.band_rect(spots, top, _next_group_x(positions, gi))
                grid.bands.append((style, label or meld_label(group), rect))
                style += 1
                meld_index += 1
        if positions and any(positions):
            xs = [p.x() for spots in positions for p in spots]
            grid.regions[f"row{int(z_base)}"] = QRectF(
                min(xs), top - grid.band_label, max(xs) + w - min(xs), grid.row_height)
            grid.tag_row(model.top_name if z_base < 2000 else model.bottom_name, min(xs), top)


def _place_face_down_row(grid: _Grid, hidden: list[tuple[str, int]], known: list[Card],
                         top: float, z: float, region: str, name: str) -> None:
    """A hand the person may not see: face down, the cards known from the pile face up at its
    right end."""
    w = grid.w
    positions = grid.place_row([tuple(hidden), tuple(known)], top, 0.42 * w, 0.25 * w)
    for key, pos in zip(hidden, positions[0], strict=True):
        grid.placements.append(Placement(key, pos, z, False))
        z += 1
    for card, pos in zip(known, positions[1], strict=True):
        grid.placements.append(Placement(card, pos, z, True, card, frozenset({MARK_KNOWN})))
        z += 1
    spots = positions[0] + positions[1]
    if spots:
        xs = [p.x() for p in spots]
        grid.regions[region] = QRectF(min(xs), top, max(xs) + w - min(xs), grid.h)
        grid.tag_row(name, min(xs), top)


def _hand_segments(model: GinTableModel) -> tuple[dict[Card, int], list[list[Card]]]:
    """Contiguous cards of one meld form a segment (or deadwood, between melds)."""
    meld_of = {card: i for i, meld in enumerate(model.melds) for card in meld}
    segments: list[list[Card]] = []
    for card in model.hand_order:
        # Same meld (or both deadwood) as the previous card: same segment.
        if segments and meld_of.get(card) == meld_of.get(segments[-1][-1]):
            segments[-1].append(card)
        else:
            segments.append([card])
    return meld_of, segments


def _place_hand(grid: _Grid, model: GinTableModel) -> None:
    """The person's hand: each meld's segment on a band, segments apart; the selected card
    raised."""
    w, top = grid.w, grid.bottom_row_y
    meld_of, segments = _hand_segments(model)
    positions = grid.place_row([tuple(s) for s in segments], top, 0.6 * w, 0.22 * w,
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
            grid.placements.append(Placement(card, QPointF(pos.x(), pos.y() + lift), z, True,
                                             card, frozenset(marks), model.hand_draggable))
            z += 1
        hand_meld = meld_of.get(segment[0])
        if hand_meld is not None and spots:
            # A meld split across the hand keeps one colour and pattern on every part,
            # and its label only once (on its first part), so it reads as one meld.
            rect = grid.band_rect(spots, top, _next_group_x(positions, si))
            if model.selected in segment:  # the raised card must not hide the label
                rect.setTop(rect.top() - lift_by)
            label = "" if hand_meld in labelled else meld_label(model.melds[hand_meld])
            labelled.add(hand_meld)
            grid.bands.append((hand_meld, label, rect))
    if model.hand_order:
        xs = [p.x() for spots in positions for p in spots]
        grid.regions["hand"] = QRectF(min(xs), top - grid.band_label,
                                      max(xs) + w - min(xs), grid.row_height)
    grid.zones[ZONE_HAND] = QRectF(grid.margin, top - grid.band_label, grid.avail,
                                   grid.row_height)


def _place_hands(grid: _Grid, model: GinTableModel) -> None:
    """The opponent's hand (top), a watched hand's second player, the person's hand (bottom)."""
    _place_face_down_row(grid, [("opp", i) for i in range(model.opponent_hidden)],
                         list(model.opponent_known), grid.top_row_y, 100.0, "opponent",
                         model.top_name)
    # A watched hand's second player (the person sits out): face down like the top row.
    if not model.hand_order and (model.bottom_hidden or model.bottom_known):
        _place_face_down_row(grid, [("low", i) for i in range(model.bottom_hidden)],
                             list(model.bottom_known), grid.bottom_row_y, 2000.0, "watched",
                             model.bottom_name)
    _place_hand(grid, model)


def _place_pile(grid: _Grid, model: GinTableModel, discard_pos: QPointF, stock_x: float,
                knock_rect: QRectF, fanned: bool) -> QPointF:
    """The discard pile's cards, stacked or fanned; returns where its top card lies."""
    w, middle_y = grid.w, grid.middle_y
    pile = model.discard_pile
    if fanned:
        fan_left = stock_x + 1.3 * w
        fan_width = knock_rect.left() - 0.25 * w - fan_left
        spacing = min(0.55 * w, max(0.0, fan_width - w) / max(1, len(pile) - 1))
        x0 = fan_left + (fan_width - (w + spacing * (len(pile) - 1))) / 2
        for i, card in enumerate(pile):
            grid.placements.append(Placement(card, QPointF(x0 + i * spacing, middle_y),
                                             3000 + i, True, card))
        return QPointF(x0 + spacing * (len(pile) - 1), middle_y)  # the top card
    for i, card in enumerate(pile):
        top = i == len(pile) - 1
        grid.placements.append(Placement(card, discard_pos, 60 + i, True, card,
                                         draggable=top and model.discard_draggable))
    return discard_pos


def _place_middle(grid: _Grid, model: GinTableModel) -> tuple[QRectF, QRectF]:
    """The middle row: score panel, stock, discard pile, knock area; returns the score panel's
    and the stock badge's rectangles."""
    w, h, cx, middle_y = grid.w, grid.h, grid.cx, grid.middle_y
    score_rect = QRectF(grid.margin, middle_y, 2.75 * w, h)
    stock_pos = QPointF(cx - 1.2 * w, middle_y)
    discard_pos = QPointF(cx + 0.2 * w, middle_y)
    knock_rect = QRectF(cx + 1.65 * w, middle_y, 1.15 * w, h)
    fanned = model.fan_discard and bool(model.discard_pile)
    if fanned:  # the fan gets the row between the stock and the knock area, covering neither
        stock_pos = QPointF(score_rect.right() + 0.3 * w, middle_y)
        knock_rect = QRectF(grid.width - grid.margin - 1.15 * w, middle_y, 1.15 * w, h)
    stock_badge = QRectF(stock_pos.x() + 0.12 * w, middle_y + h - 0.32 * w, 0.76 * w, 0.26 * w)
    if model.show_piles and not model.revealing:
        grid.regions["score"] = score_rect
        layers = min(STOCK_LAYERS, model.stock_size)
        for i in range(layers):
            offset = (layers - 1 - i) * 0.012 * w
            grid.placements.append(Placement(
                ("stock", i), QPointF(stock_pos.x() - offset, stock_pos.y() - offset), 50 + i,
                False, draggable=model.stock_draggable and i == layers - 1))
        grid.regions["stock"] = QRectF(stock_pos.x() - 0.05 * w, middle_y - 0.05 * w,
                                       1.05 * w, h + 0.05 * w)
        discard_pos = _place_pile(grid, model, discard_pos, stock_pos.x(), knock_rect, fanned)
        grid.zones[ZONE_DISCARD] = QRectF(discard_pos.x(), middle_y, w, h)
        grid.regions["discard"] = QRectF(discard_pos.x(), middle_y, w, h)
        grid.zones[ZONE_KNOCK] = knock_rect
        grid.regions["knock"] = knock_rect
    return score_rect, stock_badge


def compute_layout(model: GinTableModel, width: float, height: float,
                   middle_reserve: float = 0.0, scale: float = 1.0) -> TableLayout:
    """Pure geometry: where every card, band, zone and panel goes for this window size.

    ``middle_reserve`` is the height (px) the end-of-hand panel needs between the two rows;
    cards shrink at the end of a hand when the window is too small to fit both. ``scale``
    (the card size setting, at most 1) shrinks cards below the largest that fits.
    """
    grid = _grid(model, width, height, middle_reserve, scale)
    if model.reveal_top is not None and model.reveal_bottom is not None:  # model.revealing
        _place_revealed(grid, model, model.reveal_top, model.reveal_bottom)
    else:
        _place_hands(grid, model)
    score_rect, stock_badge = _place_middle(grid, model)
    w, h = grid.w, grid.h
    middle_top = grid.top_row_y + h + 0.2 * w
    middle = QRectF(grid.margin, middle_top, grid.avail,
                    max(h, grid.bottom_row_y - grid.band_label - 0.2 * w - middle_top))
    return TableLayout(w, grid.placements, grid.bands, grid.zones, score_rect, stock_badge,
                       grid.regions, middle, grid.name_tags)
