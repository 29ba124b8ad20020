"""A classic wooden cribbage board as one scene item: holes, leapfrogging pegs, scores.

``CribbagePegboard`` is a ``QGraphicsObject`` painted with ``QPainter`` at whatever size it is
given (``set_size``), so it stays crisp when the window grows. It only shows scores; the engine
decides them, and the engine's rules (``reset(rules)``) give its holes, game hole and skunk
lines. Feed it either score events (``peg(player, points, reason)``) or the engine's peg
positions (``set_pegs(player, front, back, reason)``); both move the *rear* peg past the front one
(leapfrog), so the gap between a player's pegs always shows the last score. Moves are animated
along the groove one at a time at the chosen speed (``"instant"`` for none); ``pegging_finished``
fires when the board is at rest. Hovering a peg shows what its player's last score was for.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRectF,
    Qt,
    QVariantAnimation,
    Signal,
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
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ginrummy_desktop.engine.cribbage.rules import CribbageRules
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wording import YOU, shown_name
from ginrummy_desktop.gui.cribbage.pegboard_layout import (
    GROUP,
    STREET_LENGTH,
    PegboardLayout,
)
from ginrummy_desktop.gui.table.palette import READABLE_PX, READABLE_SMALL_PX

PLAYER_COLOURS = (QColor("#2563c9"), QColor("#c9302c"))
# Milliseconds per hole travelled, plus a fixed lift-and-set-down time, for each speed.
PEGGING_SPEEDS: dict[str, tuple[int, int]] = {
    "instant": (0, 0),
    "fast": (6, 120),
    "normal": (14, 220),
    "slow": (30, 380),
}
_MAX_MOVE_MS = 1800

_WOOD_LIGHT = QColor("#d9a868")
_WOOD_MID = QColor("#b9803f")
_WOOD_DARK = QColor("#8a5425")
_INK = QColor("#3b2410")


@dataclass(frozen=True)
class LastScore:
    """What a player's most recent score was: shown when the pointer rests on one of its pegs."""

    points: int
    reason: str
    before: int
    after: int

    def describe(self, name: str) -> str:
        what = self.reason or tr_n("{count} point", "{count} points", self.points).format(
            count=self.points)
        # Translators: a peg's note: who scored, what for, and the holes it moved between.
        return tr("{name}: {what}\n{before} → {after}").format(
            name=shown_name(name), what=what, before=self.before, after=self.after)


@dataclass
class _Move:
    player: int
    peg: int
    start: int
    end: int


class PegItem(QGraphicsObject):
    """One peg. Knows its player and index; paints a turned wooden-and-lacquer peg from above."""

    def __init__(self, board: CribbagePegboard, player: int, index: int) -> None:
        super().__init__(board)
        self.board = board
        self.player = player
        self.index = index
        self.lifted = False
        self.setAcceptHoverEvents(True)
        self.setZValue(2 + player)

    def radius(self) -> float:
        return self.board.layout.unit * 0.34

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        r = self.radius() * 1.9
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        r = self.radius() * 1.25  # a little generous so the small peg is easy to hover
        path.addEllipse(QPointF(0, 0), r, r)
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        r = self.radius() * (1.15 if self.lifted else 1.0)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        drop = r * (0.55 if self.lifted else 0.22)
        painter.setBrush(QColor(20, 10, 0, 90 if self.lifted else 120))
        painter.drawEllipse(QPointF(drop, drop * 1.2), r * 1.02, r * 1.02)
        colour = PLAYER_COLOURS[self.player]
        if self.board.hovered_player == self.player:
            colour = colour.lighter(125)
        shine = QRadialGradient(QPointF(-r * 0.35, -r * 0.4), r * 1.5)
        shine.setColorAt(0.0, colour.lighter(190))
        shine.setColorAt(0.35, colour)
        shine.setColorAt(1.0, colour.darker(210))
        painter.setBrush(QBrush(shine))
        painter.setPen(QPen(colour.darker(260), max(0.6, r * 0.08)))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 150))
        painter.drawEllipse(QPointF(-r * 0.33, -r * 0.38), r * 0.26, r * 0.18)

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.board.show_last_score(self.player, self)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.board.hide_last_score()
        super().hoverLeaveEvent(event)


class _Callout(QGraphicsItem):
    """The little parchment note that says what a hovered peg's last score was for."""

    def __init__(self, board: CribbagePegboard) -> None:
        super().__init__(board)
        self.board = board
        self.text = ""
        self.setZValue(10)
        self.setVisible(False)

    def font(self) -> QFont:
        font = QFont()
        font.setPixelSize(max(9, round(self.board.layout.unit * 0.62)))
        return font

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self.text = text
        self.update()

    def _size(self) -> tuple[float, float]:
        from PySide6.QtGui import QFontMetricsF

        metrics = QFontMetricsF(self.font())
        lines = self.text.splitlines() or [""]
        width = max(metrics.horizontalAdvance(line) for line in lines)
        pad = metrics.height() * 0.5
        return width + 2 * pad, metrics.height() * len(lines) + 2 * pad * 0.8

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        w, h = self._size()
        return QRectF(0, 0, w + 3, h + 3)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        w, h = self._size()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70))
        painter.drawRoundedRect(QRectF(3, 3, w, h), 6, 6)
        painter.setBrush(QColor("#fdf6e3"))
        painter.setPen(QPen(QColor("#6b4a2a"), 1.2))
        painter.drawRoundedRect(QRectF(0, 0, w, h), 6, 6)
        painter.setFont(self.font())
        painter.setPen(QColor("#2b1a0c"))
        painter.drawText(QRectF(0, 0, w, h), Qt.AlignmentFlag.AlignCenter, self.text)


class CribbagePegboard(QGraphicsObject):
    """The peg board. Player 0 is the person at the table, player 1 the opponent."""

    pegging_finished = Signal()
    peg_landed = Signal(int, int)  # player, score shown now

    def __init__(
        self,
        names: tuple[str, str] | None = None,
        width: float = 240,
        height: float = 820,
        parent: QGraphicsItem | None = None,
        rules: CribbageRules | None = None,
    ) -> None:
        super().__init__(parent)
        self.names = tuple(names or (YOU, tr("Computer")))
        self.rules = rules or CribbageRules()
        self._rect = QRectF(0, 0, width, height)
        self.layout = PegboardLayout.for_size(width, height, self.rules.target)
        self.speed = "normal"
        self.hovered_player: int | None = None
        self._holes = [[0, 0], [0, 0]]  # where each peg stands (0 = its start hole)
        self._shown = [0, 0]  # score printed in the header: updated as pegs land
        self._last: list[LastScore | None] = [None, None]
        self._queue: deque[_Move] = deque()
        self._animation: QVariantAnimation | None = None
        self._moving: _Move | None = None
        self._grain: list[tuple[QPainterPath, QColor]] = []
        self.pegs = [[PegItem(self, p, i) for i in range(2)] for p in range(2)]
        self._callout = _Callout(self)
        # The wood and holes are costly to paint and rarely change: cache them per device pixel,
        # which Qt re-renders at the new resolution when the view scales, so it stays sharp.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._relayout()

    # -- model ------------------------------------------------------------------------------
    def score(self, player: int) -> int:
        """The player's score (where the front peg stands or is heading)."""
        return max(self._holes[player])

    def front_peg(self, player: int) -> int:
        return max(self._holes[player])

    def back_peg(self, player: int) -> int:
        return min(self._holes[player])

    def shown_score(self, player: int) -> int:
        """The score printed beside the board: it changes when the moving peg lands."""
        return self._shown[player]

    def last_score(self, player: int) -> LastScore | None:
        return self._last[player]

    @property
    def game_hole(self) -> int:
        """The hole that wins: the rules' target."""
        return self.rules.target

    def peg(self, player: int, points: int, reason: str = "") -> None:
        """Score ``points`` for ``player``: the rear peg leapfrogs to the new total."""
        if points <= 0 or self.score(player) >= self.game_hole:
            return  # a zero hand moves no peg (ACC 8.1); nothing moves once a game is won
        total = min(self.score(player) + points, self.game_hole)
        self.set_pegs(player, total, self.score(player), reason)

    def set_pegs(self, player: int, front: int, back: int, reason: str = "") -> None:
        """Show the engine's peg positions; animates whichever peg had to move."""
        front, back = max(front, back), min(front, back)
        if not 0 <= back <= front <= self.game_hole:
            raise ValueError(
                f"peg positions must be within 0..{self.game_hole}, not {front}/{back}")
        current = self._holes[player]
        if sorted(current) == [back, front]:
            return
        before = max(current)
        if front in current:
            # A peg already stands at the new front: only the other one moves (a restore).
            moves = [(1 - current.index(front), back)]
        elif back in current:
            # The usual leapfrog: the peg at the old front stays, the rear one jumps ahead.
            stay = 1 if current[0] == current[1] else current.index(back)
            moves = [(1 - stay, front)]
        else:
            rear = 0 if current[0] <= current[1] else 1
            moves = [(1 - rear, back), (rear, front)]
        for peg, target in moves:
            self._queue.append(_Move(player, peg, current[peg], target))
            current[peg] = target
        if front > before:
            self._last[player] = LastScore(front - before, reason, before, front)
        self._run_queue()

    def reset(self, rules: CribbageRules | None = None) -> None:
        """Both players back to their start holes (a new game); nothing animates. ``rules``
        (when given) is the new game's: the board takes its holes and lines from them."""
        if rules is not None and rules != self.rules:
            self.rules = rules
            self.prepareGeometryChange()
            self._relayout()
        self._stop_animation()
        self._queue.clear()
        self._holes = [[0, 0], [0, 0]]
        self._shown = [0, 0]
        self._last = [None, None]
        self._place_all_pegs()
        self.update()

    def set_names(self, names: tuple[str, str]) -> None:
        self.names = tuple(names)
        self.update()

    def set_speed(self, speed: str) -> None:
        """Pegging speed: one of ``PEGGING_SPEEDS`` ("instant", "fast", "normal", "slow")."""
        if speed not in PEGGING_SPEEDS:
            choices = ", ".join(PEGGING_SPEEDS)
            raise ValueError(f"unknown pegging speed {speed!r}; choose one of {choices}")
        self.speed = speed
        if speed == "instant":
            self.finish_animations()

    def is_animating(self) -> bool:
        return self._moving is not None or bool(self._queue)

    def finish_animations(self) -> None:
        """Jump every peg to where it is going (e.g. when the player skips ahead)."""
        self._stop_animation()
        self._queue.clear()
        self._place_all_pegs()
        for player in range(2):
            self._land(player)
        self.pegging_finished.emit()

    # -- geometry -----------------------------------------------------------------------------
    def set_size(self, width: float, height: float) -> None:
        """Resize the board; everything is laid out again at the new scale."""
        self.prepareGeometryChange()
        self._rect = QRectF(0, 0, max(40.0, width), max(120.0, height))
        self._relayout()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return self._rect

    def hole_position(self, player: int, peg: int, hole: int) -> QPointF:
        """Where a peg of ``player`` stands at ``hole`` (0 = its start hole), in item coords."""
        x, y = self.layout.position(player, peg, hole)
        return QPointF(x, y)

    def peg_hole(self, player: int, peg: int) -> int:
        return self._holes[player][peg]

    def _relayout(self) -> None:
        self.layout = PegboardLayout.for_size(self._rect.width(), self._rect.height(),
                                              self.rules.target)
        self._grain = self._make_grain()
        for row in self.pegs:
            for peg in row:
                peg.prepareGeometryChange()
        if self._moving is None:
            self._place_all_pegs()
        self.update()

    def _place_all_pegs(self) -> None:
        for player in range(2):
            for index in range(2):
                self.pegs[player][index].lifted = False
                self.pegs[player][index].setPos(
                    self.hole_position(player, index, self._holes[player][index])
                )

    # -- animation ------------------------------------------------------------------------------
    def _run_queue(self) -> None:
        if self._moving is not None:
            return
        if self.speed == "instant":
            touched = {move.player for move in self._queue}
            self._queue.clear()
            self._place_all_pegs()
            for player in touched:
                self._land(player)
            self.pegging_finished.emit()
            return
        if not self._queue:
            self.pegging_finished.emit()
            return
        move = self._queue.popleft()
        self._moving = move
        per_hole, base = PEGGING_SPEEDS[self.speed]
        duration = min(_MAX_MOVE_MS, base + per_hole * abs(move.end - move.start))
        animation = QVariantAnimation(self)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(duration)
        animation.setEasingCurve(QEasingCurve.Type.InOutCubic)
        animation.valueChanged.connect(self._step)
        animation.finished.connect(self._move_done)
        self._animation = animation
        item = self.pegs[move.player][move.peg]
        item.lifted = True
        item.update()
        animation.start()

    def _step(self, value: float) -> None:
        move = self._moving
        if move is None:
            return
        x, y = self.layout.travel(move.player, move.peg, move.start, move.end, float(value))
        self.pegs[move.player][move.peg].setPos(x, y)

    def _move_done(self) -> None:
        move = self._moving
        self._moving = None
        self._animation = None
        if move is not None:
            item = self.pegs[move.player][move.peg]
            item.lifted = False
            item.setPos(self.hole_position(move.player, move.peg, move.end))
            if not any(m.player == move.player for m in self._queue):
                self._land(move.player)
        self._run_queue()

    def _stop_animation(self) -> None:
        if self._animation is not None:
            self._animation.valueChanged.disconnect(self._step)
            self._animation.finished.disconnect(self._move_done)
            self._animation.stop()
            self._animation = None
        self._moving = None

    def _land(self, player: int) -> None:
        if self._shown[player] != self.score(player):
            self._shown[player] = self.score(player)
            self.update()
            self.peg_landed.emit(player, self._shown[player])

    # -- hover ------------------------------------------------------------------------------------
    def show_last_score(self, player: int, peg: PegItem) -> None:
        last = self._last[player]
        text = last.describe(self.names[player]) if last else tr("{name}: no score yet").format(
            name=shown_name(self.names[player]))
        self.hovered_player = player
        self._callout.set_text(text)
        box = self._callout.boundingRect()
        pos = peg.pos() + QPointF(self.layout.unit * 0.7, -box.height() - self.layout.unit * 0.4)
        # Keep the note on the board.
        pos.setX(min(max(2.0, pos.x()), self._rect.width() - box.width() - 2))
        pos.setY(min(max(2.0, pos.y()), self._rect.height() - box.height() - 2))
        self._callout.setPos(pos)
        self._callout.setVisible(True)
        for row in self.pegs:
            for item in row:
                item.update()

    def hide_last_score(self) -> None:
        self.hovered_player = None
        self._callout.setVisible(False)
        for row in self.pegs:
            for item in row:
                item.update()

    def callout_text(self) -> str:
        """The hover note's text while it shows, else an empty string."""
        return self._callout.text if self._callout.isVisible() else ""

    # -- painting -------------------------------------------------------------------------------
    def _make_grain(self) -> list[tuple[QPainterPath, QColor]]:
        """Wavy grain lines, seeded so the same board looks the same every time."""
        lay = self.layout
        rng = random.Random(1207)
        left, top = lay.x0, lay.y0
        lines: list[tuple[QPainterPath, QColor]] = []
        count = max(14, int(lay.width / max(2.0, lay.unit * 0.35)))
        for i in range(count):
            x = left + lay.width * (i + rng.random() * 0.8) / count
            path = QPainterPath(QPointF(x, top))
            wave = lay.unit * (0.1 + rng.random() * 0.3)
            phase = rng.random() * 6.28
            steps = 24
            for k in range(1, steps + 1):
                y = top + lay.height * k / steps
                dx = wave * math.sin(phase + k * 0.32) + wave * 0.3 * math.sin(k * 0.9 + i)
                path.lineTo(QPointF(x + dx, y))
            shade = QColor(90, 45, 10, 18 + rng.randrange(30))
            if rng.random() < 0.25:
                shade = QColor(255, 225, 170, 22 + rng.randrange(20))
            lines.append((path, shade))
        return lines

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        lay = self.layout
        u = lay.unit
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        board = QRectF(lay.x0, lay.y0, lay.width, lay.height)
        self._paint_wood(painter, board)
        self._paint_header(painter)
        self._paint_grooves(painter)
        self._paint_labels(painter)
        self._paint_skunk_lines(painter)
        radius = u * 0.2
        for player in range(2):
            for hole in range(1, lay.holes + 1):
                x, y = lay.hole(player, hole)
                self._paint_hole(painter, x, y, radius)
            for peg in range(2):
                x, y = lay.start_hole(player, peg)
                self._paint_hole(painter, x, y, radius)
        gx, gy = lay.game_hole()
        painter.setPen(QPen(_INK, max(0.8, u * 0.06)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(gx, gy), u * 0.5, u * 0.5)
        self._paint_hole(painter, gx, gy, u * 0.27)
        font = QFont()
        font.setPixelSize(max(READABLE_SMALL_PX, round(u * 0.5)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(_INK)
        painter.drawText(
            QRectF(gx - u * 2, gy + u * 0.55, u * 4, u * 0.8),
            Qt.AlignmentFlag.AlignCenter,
            tr_ctx("peg board: the winning hole", "GAME"),
        )
        sx = (lay.lane_x(0, 0) + lay.lane_x(1, 0)) / 2
        _, sy = lay.start_hole(0, 1)
        painter.drawText(
            QRectF(sx - u * 2, sy + u * 0.35, u * 4, u * 0.8),
            Qt.AlignmentFlag.AlignCenter,
            tr_ctx("peg board: the start holes", "START"),
        )

    def _paint_wood(self, painter: QPainter, board: QRectF) -> None:
        u = self.layout.unit
        corner = u * 0.9
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawRoundedRect(board.translated(u * 0.15, u * 0.22), corner, corner)
        wood = QLinearGradient(board.topLeft(), board.topRight())
        wood.setColorAt(0.0, _WOOD_MID)
        wood.setColorAt(0.18, _WOOD_LIGHT)
        wood.setColorAt(0.5, _WOOD_MID.lighter(112))
        wood.setColorAt(0.82, _WOOD_LIGHT)
        wood.setColorAt(1.0, _WOOD_MID.darker(105))
        painter.setBrush(QBrush(wood))
        painter.setPen(QPen(_WOOD_DARK.darker(130), max(1.0, u * 0.08)))
        painter.drawRoundedRect(board, corner, corner)
        painter.save()
        clip = QPainterPath()
        clip.addRoundedRect(board, corner, corner)
        painter.setClipPath(clip)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path, shade in self._grain:
            painter.setPen(QPen(shade, max(0.6, u * 0.07)))
            painter.drawPath(path)
        painter.restore()
        # A bevel: light along the top-left edge, darker along the bottom-right.
        inset = board.adjusted(u * 0.18, u * 0.18, -u * 0.18, -u * 0.18)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(255, 235, 200, 90), max(0.8, u * 0.07)))
        painter.drawRoundedRect(inset, corner * 0.8, corner * 0.8)

    def header_rect(self) -> QRectF:
        """The score panel at the top of the board (board coordinates)."""
        lay = self.layout
        u = lay.unit
        return QRectF(lay.x0 + u * 0.5, lay.y0 + u * 0.3, lay.width - u, u * 2.9)

    def skunk_lines(self) -> list[tuple[int, str]]:
        """The rules' skunk lines that fall on the board: ``(hole, "S")`` and ``(hole, "SS")``."""
        lines = [(self.rules.skunk_line, "S")]
        if self.rules.has_double_skunk:
            lines.append((self.rules.double_skunk_line, "SS"))
        return [(hole, mark) for hole, mark in lines if 1 <= hole < self.layout.holes]

    def _line_geometry(self, hole: int) -> tuple[QPointF, QPointF, QRectF]:
        """The stroke of the line between ``hole`` and ``hole + 1`` and its label's box: across
        the U-turn when a street ends there, else across the street between the two holes."""
        lay = self.layout
        u = lay.unit
        if lay.is_turn(hole):
            (cx, cy), radius, on_top = lay.turn(0, hole)
            _, other_radius, _ = lay.turn(1, hole)
            outer = max(radius, other_radius) + u * 0.55
            inner = min(radius, other_radius) - u * 0.55
            apex = cy - outer if on_top else cy + outer
            inner_apex = cy - inner if on_top else cy + inner
            box_y = apex - u * 0.85 if on_top else apex + u * 0.05
            # As wide as its words in the font they are painted in (the readable minimum
            # outgrows u * 3 on a small board), centred on the turn, inside the board.
            width = max(u * 3, self._skunk_text_width(hole) + u * 0.4)
            bounds = self.boundingRect()
            left = min(max(cx - width / 2, bounds.left()), bounds.right() - width)
            return (QPointF(cx, apex), QPointF(cx, inner_apex),
                    QRectF(left, box_y, width, u * 0.8))
        street = (hole - 1) // STREET_LENGTH
        (_, y1), (_, y2) = lay.hole(0, hole), lay.hole(0, hole + 1)
        y = (y1 + y2) / 2
        left = lay.street_x(street) - u * 0.45
        right = lay.street_x(street) + u * 1.45
        return (QPointF(left, y), QPointF(right, y),
                QRectF(right + u * 0.1, y - u * 0.4, u * 3, u * 0.8))

    def skunk_labels(self) -> list[tuple[str, QRectF]]:
        """Each skunk line's label and where it is printed, beside its U-turn."""
        return [(self._skunk_text(hole, mark), self._line_geometry(hole)[2])
                for hole, mark in self.skunk_lines()]

    @staticmethod
    def _skunk_text(hole: int, mark: str) -> str:
        return f"{mark}  {hole}|{hole + 1}"

    def skunk_font(self) -> QFont:
        """The skunk lines' label font (never below the readable small size)."""
        font = QFont()
        font.setPixelSize(max(READABLE_SMALL_PX, round(self.layout.unit * 0.5)))
        font.setBold(True)
        return font

    def _skunk_text_width(self, hole: int) -> float:
        mark = dict(self.skunk_lines()).get(hole, "SS")
        return QFontMetricsF(self.skunk_font()).horizontalAdvance(self._skunk_text(hole, mark))

    def _paint_header(self, painter: QPainter) -> None:
        lay = self.layout
        u = lay.unit
        top = lay.y0 + u * 0.45
        row_height = u * 1.3
        panel = self.header_rect()
        painter.setPen(QPen(QColor(60, 30, 5, 120), max(0.8, u * 0.05)))
        painter.setBrush(QColor(40, 20, 5, 55))
        painter.drawRoundedRect(panel, u * 0.4, u * 0.4)
        name_font = QFont()
        name_font.setPixelSize(max(READABLE_PX, round(u * 0.72)))
        name_font.setBold(True)
        score_font = QFont(name_font)
        score_font.setPixelSize(max(READABLE_PX + 1, round(u * 1.0)))
        for player in range(2):
            y = top + player * row_height
            row = QRectF(panel.left() + u * 0.3, y, panel.width() - u * 0.6, row_height)
            colour = PLAYER_COLOURS[player]
            painter.setPen(QPen(colour.darker(220), max(0.6, u * 0.05)))
            painter.setBrush(colour)
            painter.drawEllipse(QPointF(row.left() + u * 0.35, row.center().y()), u * 0.3, u * 0.3)
            painter.setFont(name_font)
            painter.setPen(QColor("#fff7e6"))
            painter.drawText(
                row.adjusted(u * 0.9, 0, 0, 0),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                shown_name(self.names[player]),
            )
            painter.setFont(score_font)
            painter.drawText(
                row,
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                str(self._shown[player]),
            )

    def _paint_grooves(self, painter: QPainter) -> None:
        """Faint inlaid lines in each player's colour join that player's holes into a track."""
        lay = self.layout
        u = lay.unit
        for player in range(2):
            colour = QColor(PLAYER_COLOURS[player])
            colour.setAlpha(95)
            path = self._track_path(player)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            channel = QPen(QColor(70, 35, 8, 55), u * 0.62)
            channel.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(channel)
            painter.drawPath(path)
            painter.setPen(QPen(colour, max(0.8, u * 0.13)))
            painter.drawPath(path)

    def _track_path(self, player: int) -> QPainterPath:
        """The player's whole groove from the start holes round every U-turn to the last hole."""
        lay = self.layout
        path = QPainterPath()
        path.moveTo(*lay.start_hole(player, 1))
        for hole in range(1, lay.holes + 1):
            if lay.is_turn(hole - 1):
                for k in range(1, 24):
                    path.lineTo(*lay.track_point(player, 0, hole - 1 + k / 24))
            path.lineTo(*lay.hole(player, hole))
        return path

    def _paint_labels(self, painter: QPainter) -> None:
        lay = self.layout
        u = lay.unit
        font = QFont()
        font.setPixelSize(max(READABLE_SMALL_PX, round(u * 0.46)))
        painter.setFont(font)
        painter.setPen(QColor(59, 36, 16, 200))
        for street in range(lay.streets):
            x = lay.street_x(street) - u * 0.95
            for hole_in_street in range(GROUP, STREET_LENGTH + 1, GROUP):
                hole = street * STREET_LENGTH + hole_in_street
                if hole > lay.holes:
                    break
                _, y = lay.hole(0, hole)
                painter.drawText(
                    QRectF(x - u * 0.6, y - u * 0.4, u * 1.2, u * 0.8),
                    Qt.AlignmentFlag.AlignCenter,
                    str(hole),
                )
        # Short rules across each street between groups of five, as on a turned board.
        painter.setPen(QPen(QColor(59, 36, 16, 90), max(0.5, u * 0.04)))
        for street in range(lay.streets):
            left = lay.street_x(street) - u * 0.45
            right = lay.street_x(street) + u * 1.45
            for hole_in_street in range(GROUP, STREET_LENGTH, GROUP):
                hole = street * STREET_LENGTH + hole_in_street
                if hole >= lay.holes:
                    break
                _, y1 = lay.hole(0, hole)
                _, y2 = lay.hole(0, hole + 1)
                y = (y1 + y2) / 2
                painter.drawLine(QPointF(left, y), QPointF(right, y))

    def _paint_skunk_lines(self, painter: QPainter) -> None:
        u = self.layout.unit
        painter.setFont(self.skunk_font())
        for (hole, _), (text, _) in zip(self.skunk_lines(), self.skunk_labels(), strict=True):
            start, end, box = self._line_geometry(hole)
            painter.setPen(QPen(QColor("#7a1010"), max(1.0, u * 0.12)))
            painter.drawLine(start, end)
            painter.setPen(QColor("#7a1010"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    @staticmethod
    def _paint_hole(painter: QPainter, x: float, y: float, radius: float) -> None:
        hole = QRadialGradient(QPointF(x + radius * 0.25, y + radius * 0.3), radius * 1.2)
        hole.setColorAt(0.0, QColor("#1a0d04"))
        hole.setColorAt(0.7, QColor("#2c1606"))
        hole.setColorAt(1.0, QColor("#6d4016"))
        painter.setPen(QPen(QColor(255, 230, 190, 110), max(0.5, radius * 0.18)))
        painter.setBrush(QBrush(hole))
        painter.drawEllipse(QPointF(x, y), radius, radius)
