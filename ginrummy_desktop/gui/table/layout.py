"""Geometry helpers for card tables: card size from the window size, rows of cards in groups.

Positions are computed in card-width units and scaled to the window, so one layout fits every
size from 800x600 to 4K. Pure functions over ``QRectF``/``QPointF``: easy to test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from ginrummy_desktop.gui.table.card_renderer import card_height


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one card goes: top-left position, stacking order, face and marks."""

    key: object
    pos: QPointF
    z: float
    face_up: bool = True
    card: object = None
    marks: frozenset[str] = frozenset()
    draggable: bool = False


# The "card size" setting: a share of the largest card the layout fits, so every size keeps
# the whole table inside the window.
CARD_SCALES = {"small": 0.8, "medium": 0.9, "large": 0.95, "huge": 1.0}
DEFAULT_CARD_SIZE = "medium"


def card_scale(size: str) -> float:
    """The factor for a card size name (unknown names get the default)."""
    return CARD_SCALES.get(size, CARD_SCALES[DEFAULT_CARD_SIZE])


def card_width_for(width: float, height: float, width_units: float, height_units: float,
                   minimum: float = 36.0) -> float:
    """The largest card width such that ``width_units`` card widths fit across and
    ``height_units`` card widths fit down the area."""
    return max(minimum, min(width / width_units, height / height_units))


def row_width(group_sizes: Sequence[int], card_width: float, spacing: float,
              group_gap: float) -> float:
    """Width of a row of overlapping cards split into groups (gap added between groups)."""
    sizes = [n for n in group_sizes if n > 0]
    count = sum(sizes)
    if count == 0:
        return 0.0
    return card_width + (count - 1) * spacing + (len(sizes) - 1) * group_gap


def fit_spacing(group_sizes: Sequence[int], card_width: float, available: float,
                preferred: float, group_gap: float, minimum: float) -> float:
    """The card spacing (<= ``preferred``) that makes the grouped row fit ``available``."""
    sizes = [n for n in group_sizes if n > 0]
    count = sum(sizes)
    if count <= 1:
        return preferred
    room = available - card_width - (len(sizes) - 1) * group_gap
    return max(minimum, min(preferred, room / (count - 1)))


def separated_spacing(group_sizes: Sequence[int], card_width: float, available: float,
                      preferred: float, pad: float, minimum: float) -> tuple[float, float]:
    """(spacing, group_gap) so that groups do not overlap each other (``pad`` apart) when the
    row fits that way; otherwise groups overlap like the cards inside them, a little apart."""
    sizes = [n for n in group_sizes if n > 0]
    groups, count = len(sizes), sum(sizes)
    if groups > 1 and count > groups:
        spacing = (available - groups * card_width - (groups - 1) * pad) / (count - groups)
        if spacing >= minimum:
            spacing = min(preferred, spacing)
            return spacing, card_width + pad - spacing
    gap = 0.15 * card_width
    return fit_spacing(sizes, card_width, available, preferred, gap, minimum), gap


def grouped_row(group_sizes: Sequence[int], card_width: float, spacing: float,
                group_gap: float, centre_x: float, top: float) -> list[list[QPointF]]:
    """Top-left positions of each card, group by group, for a row centred on ``centre_x``."""
    total = row_width(group_sizes, card_width, spacing, group_gap)
    x = centre_x - total / 2
    groups: list[list[QPointF]] = []
    first = True
    for size in group_sizes:
        positions = []
        if size and not first:
            x += group_gap
        for _ in range(size):
            positions.append(QPointF(x, top))
            x += spacing
        if size:
            first = False
        groups.append(positions)
    return groups


def card_rect(pos: QPointF, card_width: float) -> QRectF:
    return QRectF(pos.x(), pos.y(), card_width, card_height(card_width))


def insertion_index(xs: Sequence[float], x: float) -> int:
    """Where a card dropped with its left edge at ``x`` goes among cards at ``xs`` (sorted)."""
    for i, left in enumerate(xs):
        if x < left:
            return i
    return len(xs)
