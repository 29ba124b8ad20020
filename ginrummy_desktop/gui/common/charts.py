"""Small charts painted with QPainter: line charts (win rate, score progression) and bar charts
(points per hand). No plotting library: a few hundred lines beat a heavy dependency."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ginrummy_desktop.engine.registry import get_game
from ginrummy_desktop.engine.translation import tr

PLAYER_COLOUR = "#1f6fd1"
OPPONENT_COLOUR = "#d1495b"
GRID_COLOUR = "#d8dde3"
AXIS_TEXT = "#4a4f55"
LEGEND_ROW = 18  # px: the legend's own line under the title of a narrow chart

Formatter = Callable[[float], str]


@dataclass(frozen=True)
class Series:
    """One line: ``points`` as (x, y) in data units, drawn in ``colour``."""

    name: str
    points: Sequence[tuple[float, float]]
    colour: str = PLAYER_COLOUR
    step: bool = False  # draw as steps (score after each hand) instead of straight segments


def rule_lines(game: str, rules: Mapping[str, Any] | None) -> list[tuple[float, str]]:
    """The score lines of one match's own rules (its target; a cribbage game's skunk lines too),
    as the engine names them; none when the rules are unknown or unreadable."""
    if not rules:
        return []
    try:
        parsed = get_game(game).rules_from_dict(rules)  # type: ignore[attr-defined]
    except (ValueError, TypeError, AttributeError):
        return []
    return [(float(points), label) for points, label in parsed.score_lines() if points > 0]


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low..high`` (1, 2 or 5 times a power of ten apart)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw * 0.999)
    first = (low // step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        if value >= low - step * 1e-9:
            ticks.append(round(value, 10))
        value += step
    return ticks


class _ChartBase(QWidget):
    """Title, margins, empty-state text and axis helpers shared by both chart kinds."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.empty_text = tr("Nothing to show yet: play a few matches.")
        # Small enough for two charts, one above the other, in a window on an 800x600 screen.
        self.setMinimumSize(280, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(520, 280)

    def _plot_area(self) -> QRectF:
        return QRectF(56, 34, max(10, self.width() - 76), max(10, self.height() - 74))

    def _begin(self) -> QPainter:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#20242a"))
        painter.drawText(QRectF(12, 6, self.width() - 24, 24),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.title)
        painter.setFont(self.font())
        return painter

    def _empty(self, painter: QPainter) -> None:
        painter.setPen(QColor(AXIS_TEXT))
        # Wrapped: a translated sentence may be longer than a small chart is wide.
        painter.drawText(self._plot_area(),
                         Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.empty_text)

    def _y_axis(self, painter: QPainter, area: QRectF, low: float, high: float,
                fmt: Formatter) -> Callable[[float], float]:
        def to_y(value: float) -> float:
            return area.bottom() - (value - low) / (high - low) * area.height()

        for tick in nice_ticks(low, high):
            y = to_y(tick)
            painter.setPen(QPen(QColor(GRID_COLOUR), 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(QColor(AXIS_TEXT))
            painter.drawText(QRectF(0, y - 9, area.left() - 6, 18),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, fmt(tick))
        return to_y


class LineChart(_ChartBase):
    """Lines over a shared x axis; optional horizontal reference lines (e.g. the target score and
    the skunk lines of the match's own rules)."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.series: list[Series] = []
        self.y_range: tuple[float, float] | None = None
        self.y_format: Formatter = lambda v: f"{v:g}"
        self.x_format: Formatter = lambda v: f"{v:g}"
        self.references: list[tuple[float, str]] = []

    @property
    def reference(self) -> tuple[float, str] | None:
        """The first reference line (the highest one given), or None."""
        return self.references[0] if self.references else None

    def set_series(self, series: Sequence[Series], y_range: tuple[float, float] | None = None,
                   y_format: Formatter | None = None, x_format: Formatter | None = None,
                   reference: tuple[float, str] | None = None,
                   references: Sequence[tuple[float, str]] = ()) -> None:
        self.series = [s for s in series if s.points]
        self.y_range = y_range
        self.y_format = y_format or self.y_format
        self.x_format = x_format or self.x_format
        self.references = ([reference] if reference else []) + list(references)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = self._begin()
        if not self.series:
            self._empty(painter)
            painter.end()
            return
        area = self._plot_area()
        xs = [x for s in self.series for x, _ in s.points]
        ys = [y for s in self.series for _, y in s.points]
        ys.extend(value for value, _ in self.references)
        low, high = self.y_range or (min(0.0, min(ys)), max(ys) * 1.05 or 1.0)
        x_low, x_high = min(xs), max(xs)
        if x_high == x_low:
            x_low, x_high = x_low - 1, x_high + 1
        to_y = self._y_axis(painter, area, low, high, self.y_format)

        def to_x(value: float) -> float:
            return area.left() + (value - x_low) / (x_high - x_low) * area.width()

        painter.setPen(QColor(AXIS_TEXT))
        for fraction, align in ((0.0, Qt.AlignmentFlag.AlignLeft),
                                (1.0, Qt.AlignmentFlag.AlignRight)):
            value = x_low + fraction * (x_high - x_low)
            # The first date starts at the axis, clear of the lowest y label beside it.
            box = QRectF(area.left() - 4 if fraction == 0 else area.right() - 190,
                         area.bottom() + 4, 200, 18)
            painter.drawText(box, align | Qt.AlignmentFlag.AlignTop, self.x_format(value))
        for value, label in self.references:
            painter.setPen(QPen(QColor("#8a8f96"), 1, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(area.left(), to_y(value)), QPointF(area.right(), to_y(value)))
            painter.drawText(QPointF(area.left() + 4, to_y(value) - 4), label)
        for series in self.series:
            path = QPainterPath()
            for index, (x, y) in enumerate(series.points):
                point = QPointF(to_x(x), to_y(y))
                if index == 0:
                    path.moveTo(point)
                else:
                    if series.step:
                        path.lineTo(QPointF(point.x(), path.currentPosition().y()))
                    path.lineTo(point)
            painter.setPen(QPen(QColor(series.colour), 2.2))
            painter.drawPath(path)
            if len(series.points) <= 40:
                painter.setBrush(QColor(series.colour))
                for x, y in series.points:
                    painter.drawEllipse(QPointF(to_x(x), to_y(y)), 3, 3)
                painter.setBrush(Qt.BrushStyle.NoBrush)
        self._legend(painter, area)
        painter.end()

    def _legend_width(self) -> int:
        return sum(self.fontMetrics().horizontalAdvance(s.name) + 26 for s in self.series)

    def _legend_below_title(self) -> bool:
        """A narrow chart (at 800x600) has no room for the legend beside its title."""
        if len(self.series) < 2:
            return False
        bold = QFont(self.font())
        bold.setBold(True)
        title = QFontMetrics(bold).horizontalAdvance(self.title)
        return 12 + title + 16 + self._legend_width() > self.width() - 20

    def _plot_area(self) -> QRectF:
        area = super()._plot_area()
        if self._legend_below_title():
            area.setTop(area.top() + LEGEND_ROW)
        return area

    def _legend(self, painter: QPainter, area: QRectF) -> None:
        if len(self.series) < 2:
            return
        x = area.right()
        top = 14 + (LEGEND_ROW + 4 if self._legend_below_title() else 0)
        for series in reversed(self.series):
            width = painter.fontMetrics().horizontalAdvance(series.name) + 26
            x -= width
            painter.fillRect(QRectF(x, top, 14, 4), QColor(series.colour))
            painter.setPen(QColor(AXIS_TEXT))
            painter.drawText(QPointF(x + 18, top + 7), series.name)


class BarChart(_ChartBase):
    """Counts per bucket, e.g. how many hands scored 0, 1-5, 6-10, ... points."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.bars: list[tuple[str, int]] = []
        self.colour = PLAYER_COLOUR

    def set_bars(self, bars: Sequence[tuple[str, int]]) -> None:
        self.bars = list(bars)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = self._begin()
        if not self.bars or not any(count for _, count in self.bars):
            self._empty(painter)
            painter.end()
            return
        area = self._plot_area()
        high = max(count for _, count in self.bars) * 1.1
        to_y = self._y_axis(painter, area, 0, high, lambda v: f"{v:g}")
        slot = area.width() / len(self.bars)
        label_every = max(1, int(len(self.bars) * 34 / max(1.0, area.width())) + 1)
        for index, (label, count) in enumerate(self.bars):
            left = area.left() + index * slot + slot * 0.12
            bar = QRectF(left, to_y(count), slot * 0.76, area.bottom() - to_y(count))
            painter.fillRect(bar, QColor(self.colour))
            if index % label_every == 0:
                painter.setPen(QColor(AXIS_TEXT))
                painter.drawText(QRectF(area.left() + index * slot - 20, area.bottom() + 4,
                                        slot + 40, 18), Qt.AlignmentFlag.AlignHCenter, label)
        painter.end()


def bucket_counts(distribution: dict[int, int], max_buckets: int = 16) -> list[tuple[str, int]]:
    """Group ``{points: hands}`` into at most ``max_buckets`` labelled bars ("0", "1-5", ...).

    Zero gets its own bar: in Gin Rummy most hands score nothing for one side.
    """
    if not distribution:
        return []
    top = max(distribution)
    width = 1
    while (top + width - 1) // width > max_buckets - 1:
        width = {1: 2, 2: 5}.get(width, width * 2 if str(width)[0] == "5" else width * 5 // 2)
    bars = [("0", distribution.get(0, 0))]
    start = 1
    while start <= top:
        end = start + width - 1
        count = sum(n for points, n in distribution.items() if start <= points <= end)
        bars.append((str(start) if width == 1 else f"{start}-{end}", count))
        start = end + 1
    return bars
