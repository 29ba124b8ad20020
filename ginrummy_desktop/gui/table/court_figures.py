"""Court figures (jack, queen, king) painted with QPainter for the card renderer.

Each figure is drawn once in a unit square (x 0..1 left to right, y from 0 at the top of the
frame down to about 1 at its centre line) and painted twice, the second time turned 180
degrees, so the card reads the same either way up, like a real double-ended court card. The
halves are split by a slanted line through the centre. Every figure has a head with its
headdress (king: crown, queen: coronet and veil, jack: plumed cap), a ruff collar, a robe in
the suit colour trimmed in gold, a held attribute (king: sword, queen: flower, jack: halberd)
and the suit symbol.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

SuitPath = Callable[[str, QPointF, float], QPainterPath]

GOLD = QColor("#e0b030")
SKIN = QColor("#f4d4b0")
HAIR = QColor("#8a5424")
WHITE = QColor("#fffdf6")
INK = QColor("#2a2118")
# The colour that contrasts with each suit colour on robes and caps (red suits get blue trim,
# the others red), as traditional court cards mix red, blue, yellow and black.
_RED = QColor("#c3192d")
_BLUE = QColor("#2b4c9b")

_SLANT = 0.1  # the dividing line drops this much (unit coords) from right to left


def _upper_half_clip(centre_y: float) -> QPainterPath:
    """Everything above the slanted centre line at unit height ``centre_y`` (unit coords)."""
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(-1, -1), QPointF(2, -1),
                               QPointF(2, centre_y - 3 * _SLANT),
                               QPointF(-1, centre_y + 3 * _SLANT)]))
    path.closeSubpath()
    return path


def paint_court(painter: QPainter, frame: QRectF, rank: int, suit: str, colour: QColor,
                suit_path: SuitPath) -> None:
    """A double-ended figure of ``rank`` (11-13) inside ``frame``, with its border."""
    w = frame.width()
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(WHITE)
    painter.drawRect(frame)
    clip = QPainterPath()
    clip.addRect(frame)
    painter.setClipPath(clip)
    half_h = frame.height() / 2
    scale = min(w, half_h)
    # A half much taller than wide is filled by stretching the figure a little (at most 12%)
    # rather than leaving a long empty robe.
    stretch = min(half_h / scale, 1.12)
    for turned in (False, True):
        painter.save()
        painter.translate(frame.center())
        if turned:
            painter.rotate(180)
        # Unit square: centred across, its top on the frame's top; a taller half than wide
        # leaves the robe (drawn long) to fill the space down to the centre line.
        painter.translate(-scale / 2, -half_h)
        painter.scale(scale, scale * stretch)
        painter.setClipPath(_upper_half_clip(half_h / (scale * stretch)),
                            Qt.ClipOperation.IntersectClip)
        _Figure(painter, rank, suit, colour, suit_path, scale).paint()
        painter.restore()
    painter.restore()
    # Border and the slanted divider, drawn unclipped in card coordinates.
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(colour, max(0.8, w / 90)))
    painter.drawRect(frame)
    c = frame.center()
    painter.setPen(QPen(colour, max(0.6, w / 130)))
    painter.drawLine(QPointF(frame.left(), c.y() + scale * stretch * _SLANT),
                     QPointF(frame.right(), c.y() - scale * stretch * _SLANT))
    painter.restore()


class _Figure:
    """One half-figure in unit coordinates."""

    def __init__(self, painter: QPainter, rank: int, suit: str, colour: QColor,
                 suit_path: SuitPath, scale: float) -> None:
        self.p = painter
        self.rank = rank
        self.suit = suit
        self.colour = QColor(colour)
        self.trim = _BLUE if suit in "DH" and colour.red() > colour.blue() else _RED
        # Outlines stay about half a device pixel wide even on the smallest card.
        self.line = max(0.011, 0.5 / max(scale, 1.0))
        self.suit_path = suit_path
        self.detailed = scale >= 28  # eyes and pattern only where they can be seen

    def pen(self, colour: QColor = INK, factor: float = 1.0) -> QPen:
        pen = QPen(colour, self.line * factor)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        return pen

    def fill(self, path: QPainterPath, brush: QColor, outline: QColor | None = INK) -> None:
        self.p.setPen(self.pen(outline) if outline is not None else Qt.PenStyle.NoPen)
        self.p.setBrush(QBrush(brush))
        self.p.drawPath(path)

    def paint(self) -> None:
        if self.rank == 13:
            self.sword()
        elif self.rank == 11:
            self.halberd()
        self.robe()
        self.collar()
        self.head()
        self.hand()
        if self.rank == 12:
            self.flower()
        self.suit_badge()

    # -- body ---------------------------------------------------------------------------

    def robe(self) -> None:
        robe = QPainterPath()
        robe.moveTo(0.5, 0.56)
        robe.cubicTo(0.3, 0.56, 0.18, 0.6, 0.14, 0.72)
        robe.lineTo(0.12, 1.6)
        robe.lineTo(0.88, 1.6)
        robe.lineTo(0.86, 0.72)
        robe.cubicTo(0.82, 0.6, 0.7, 0.56, 0.5, 0.56)
        self.fill(robe, self.colour)
        # A gold front panel with a trim-coloured border and a row of buttons or a pattern.
        panel = QPainterPath()
        panel.moveTo(0.4, 0.6)
        panel.lineTo(0.6, 0.6)
        panel.lineTo(0.68, 1.6)
        panel.lineTo(0.32, 1.6)
        panel.closeSubpath()
        self.fill(panel, GOLD)
        self.p.setPen(self.pen(self.trim, 2.2))
        self.p.drawLine(QPointF(0.4, 0.6), QPointF(0.32, 1.6))
        self.p.drawLine(QPointF(0.6, 0.6), QPointF(0.68, 1.6))
        if self.detailed:
            self.p.setPen(self.pen(self.colour, 1.6))
            for i in range(4):
                y = 0.68 + i * 0.085
                self.p.drawLine(QPointF(0.44, y), QPointF(0.5, y + 0.04))
                self.p.drawLine(QPointF(0.5, y + 0.04), QPointF(0.56, y))
        # Shoulder trim in the contrasting colour.
        self.p.setPen(self.pen(self.trim, 2.6))
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        cape = QPainterPath()
        cape.moveTo(0.16, 0.74)
        cape.cubicTo(0.22, 0.64, 0.3, 0.62, 0.4, 0.62)
        cape.moveTo(0.84, 0.74)
        cape.cubicTo(0.78, 0.64, 0.7, 0.62, 0.6, 0.62)
        self.p.drawPath(cape)

    def collar(self) -> None:
        ruff = QPainterPath()
        ruff.addEllipse(QPointF(0.5, 0.575), 0.2, 0.055)
        self.fill(ruff, WHITE)
        if self.detailed:
            self.p.setPen(self.pen(INK, 0.7))
            for i in range(1, 8):
                x = 0.3 + i * 0.05
                self.p.drawLine(QPointF(x, 0.535), QPointF(x, 0.615))

    def head(self) -> None:
        cx, cy = 0.5, 0.38
        if self.rank == 12:  # long hair falling behind the shoulders, under a veil
            veil = QPainterPath()
            veil.moveTo(0.5, 0.14)
            veil.cubicTo(0.26, 0.14, 0.24, 0.4, 0.22, 0.6)
            veil.lineTo(0.78, 0.6)
            veil.cubicTo(0.76, 0.4, 0.74, 0.14, 0.5, 0.14)
            self.fill(veil, self.trim)
            hair = QPainterPath()
            hair.addEllipse(QPointF(0.5, 0.36), 0.17, 0.2)
            self.fill(hair, GOLD)
        else:  # hair to the jaw
            hair = QPainterPath()
            hair.addEllipse(QPointF(0.5, 0.38), 0.165, 0.17)
            self.fill(hair, HAIR if self.rank == 11 else GOLD)
        neck = QPainterPath()
        neck.addRect(QRectF(0.45, 0.46, 0.1, 0.09))
        self.fill(neck, SKIN, None)
        face = QPainterPath()
        face.addEllipse(QPointF(cx, cy + 0.01), 0.115, 0.135)
        self.fill(face, SKIN)
        if self.rank == 13:  # beard and moustache
            beard = QPainterPath()
            beard.moveTo(0.39, 0.4)
            beard.cubicTo(0.39, 0.52, 0.45, 0.57, 0.5, 0.58)
            beard.cubicTo(0.55, 0.57, 0.61, 0.52, 0.61, 0.4)
            beard.cubicTo(0.57, 0.45, 0.43, 0.45, 0.39, 0.4)
            self.fill(beard, GOLD)
        if self.detailed:
            self.p.setPen(Qt.PenStyle.NoPen)
            self.p.setBrush(INK)
            for x in (cx - 0.045, cx + 0.045):
                self.p.drawEllipse(QPointF(x, cy - 0.01), 0.014, 0.017)
            self.p.setPen(self.pen(INK, 0.8))
            self.p.drawLine(QPointF(cx, cy), QPointF(cx - 0.01, cy + 0.045))
            self.p.setPen(self.pen(_RED, 1.2))
            self.p.drawLine(QPointF(cx - 0.025, cy + 0.08), QPointF(cx + 0.025, cy + 0.08))
        if self.rank == 13:
            self.crown()
        elif self.rank == 12:
            self.coronet()
        else:
            self.cap()

    # -- headdresses ----------------------------------------------------------------------

    def crown(self) -> None:
        crown = QPainterPath()
        crown.moveTo(0.35, 0.27)
        crown.lineTo(0.33, 0.1)
        crown.lineTo(0.4, 0.17)
        crown.lineTo(0.45, 0.05)
        crown.lineTo(0.5, 0.15)
        crown.lineTo(0.55, 0.05)
        crown.lineTo(0.6, 0.17)
        crown.lineTo(0.67, 0.1)
        crown.lineTo(0.65, 0.27)
        crown.closeSubpath()
        self.fill(crown, GOLD)
        band = QPainterPath()
        band.addRect(QRectF(0.35, 0.22, 0.3, 0.05))
        self.fill(band, self.trim)
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(self.colour)
        for x, y in ((0.33, 0.1), (0.45, 0.05), (0.55, 0.05), (0.67, 0.1)):
            self.p.drawEllipse(QPointF(x, y), 0.022, 0.022)
        self.p.setBrush(WHITE)
        self.p.drawEllipse(QPointF(0.5, 0.245), 0.018, 0.018)

    def coronet(self) -> None:
        coronet = QPainterPath()
        coronet.moveTo(0.37, 0.25)
        coronet.quadTo(0.38, 0.13, 0.44, 0.17)
        coronet.quadTo(0.5, 0.06, 0.56, 0.17)
        coronet.quadTo(0.62, 0.13, 0.63, 0.25)
        coronet.closeSubpath()
        self.fill(coronet, GOLD)
        self.p.setPen(self.pen())
        self.p.setBrush(self.colour)
        self.p.drawEllipse(QPointF(0.5, 0.09), 0.03, 0.03)

    def cap(self) -> None:
        plume = QPainterPath()
        plume.moveTo(0.6, 0.2)
        plume.cubicTo(0.66, 0.07, 0.78, 0.04, 0.84, 0.1)
        plume.cubicTo(0.76, 0.11, 0.7, 0.16, 0.66, 0.24)
        plume.closeSubpath()
        self.fill(plume, self.colour)
        cap = QPainterPath()
        cap.moveTo(0.32, 0.27)
        cap.cubicTo(0.3, 0.12, 0.7, 0.1, 0.7, 0.25)
        cap.closeSubpath()
        self.fill(cap, self.trim)
        brim = QPainterPath()
        brim.addRoundedRect(QRectF(0.3, 0.235, 0.42, 0.05), 0.02, 0.02)
        self.fill(brim, GOLD)

    # -- attributes ---------------------------------------------------------------------

    def sword(self) -> None:
        blade = QPainterPath()
        blade.moveTo(0.86, 0.04)
        blade.lineTo(0.885, 0.1)
        blade.lineTo(0.885, 0.7)
        blade.lineTo(0.835, 0.7)
        blade.lineTo(0.835, 0.1)
        blade.closeSubpath()
        self.fill(blade, QColor("#dfe3ea"))
        guard = QPainterPath()
        guard.addRoundedRect(QRectF(0.77, 0.69, 0.18, 0.035), 0.015, 0.015)
        self.fill(guard, GOLD)
        grip = QPainterPath()
        grip.addRect(QRectF(0.843, 0.725, 0.034, 0.12))
        self.fill(grip, HAIR)

    def halberd(self) -> None:
        shaft = QPainterPath()
        shaft.addRect(QRectF(0.145, 0.08, 0.03, 1.0))
        self.fill(shaft, HAIR)
        head = QPainterPath()  # the axe blade on one side, a hook on the other, a spike on top
        head.moveTo(0.16, 0.0)
        head.lineTo(0.185, 0.1)
        head.lineTo(0.185, 0.14)
        head.cubicTo(0.26, 0.1, 0.3, 0.16, 0.3, 0.22)
        head.cubicTo(0.3, 0.28, 0.26, 0.32, 0.185, 0.28)
        head.lineTo(0.185, 0.3)
        head.lineTo(0.135, 0.3)
        head.lineTo(0.135, 0.22)
        head.lineTo(0.07, 0.2)
        head.lineTo(0.135, 0.17)
        head.lineTo(0.135, 0.1)
        head.closeSubpath()
        self.fill(head, QColor("#dfe3ea"))

    def flower(self) -> None:
        self.p.setPen(self.pen(QColor("#2f7a35"), 2.2))
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        stem = QPainterPath()
        stem.moveTo(0.3, 0.84)
        stem.cubicTo(0.26, 0.7, 0.2, 0.62, 0.18, 0.5)
        self.p.drawPath(stem)
        leaf = QPainterPath()
        leaf.moveTo(0.24, 0.68)
        leaf.quadTo(0.12, 0.66, 0.1, 0.6)
        leaf.quadTo(0.2, 0.6, 0.24, 0.68)
        self.fill(leaf, QColor("#3f9a45"), None)
        for i in range(5):
            centre = QPointF(0.18, 0.46)
            angle = i * 2 * math.pi / 5
            petal = QPainterPath()
            petal.addEllipse(QPointF(centre.x() + 0.045 * math.cos(angle),
                                     centre.y() + 0.045 * math.sin(angle)), 0.035, 0.035)
            self.fill(petal, QColor("#e0607a") if self.trim == _BLUE else _RED)
        dot = QPainterPath()
        dot.addEllipse(QPointF(0.18, 0.46), 0.025, 0.025)
        self.fill(dot, GOLD)

    def hand(self) -> None:
        """The arm that holds the attribute: a sleeve from the shoulder, a cuff and a hand."""
        shoulder, at = {13: (QPointF(0.76, 0.68), QPointF(0.86, 0.84)),
                        12: (QPointF(0.24, 0.68), QPointF(0.3, 0.84)),
                        11: (QPointF(0.26, 0.68), QPointF(0.17, 0.84))}[self.rank]
        arm = QPainterPath()
        arm.moveTo(shoulder)
        arm.quadTo(QPointF(at.x(), shoulder.y() + 0.04), QPointF(at.x(), at.y() - 0.04))
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        self.p.setPen(self.pen(INK, 0.09 / self.line + 2))
        self.p.drawPath(arm)
        self.p.setPen(self.pen(self.trim, 0.09 / self.line))
        self.p.drawPath(arm)
        cuff = QPainterPath()
        cuff.addRoundedRect(QRectF(at.x() - 0.055, at.y() - 0.06, 0.11, 0.04), 0.015, 0.015)
        self.fill(cuff, GOLD)
        hand = QPainterPath()
        hand.addEllipse(at, 0.042, 0.038)
        self.fill(hand, SKIN)

    def suit_badge(self) -> None:
        at = QPointF(0.86, 0.34) if self.rank != 13 else QPointF(0.14, 0.2)
        if self.rank == 11:
            at = QPointF(0.84, 0.36)
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(self.colour)
        self.p.drawPath(self.suit_path(self.suit, at, 0.18))
