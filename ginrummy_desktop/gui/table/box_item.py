"""``BoxItem``: the base of every painted table item that fills a rectangle the layout gives it
(drop zones, meld bands, panels, badges, the cribbage count and banners)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsObject


class BoxItem(QGraphicsObject):
    """Occupies ``rect()``; ``margin`` px around it are repainted too (outlines, glows).

    Mouse buttons pass through to the cards and the felt underneath.
    """

    def __init__(self, z: float, margin: float = 2.0) -> None:
        super().__init__()
        self._rect = QRectF()
        self._margin = margin
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)
        self.update()

    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        m = self._margin
        return self._rect.adjusted(-m, -m, m, m)
