"""The view on a table scene: scene coordinates are the viewport's pixels, re-laid out on resize.

Keeping a 1:1 mapping (no zoom transform) means cards are rendered at their real pixel size,
crisp at any window size, and the table decides its own layout for each size.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.table.scene import TableScene


class TableView(QGraphicsView):
    """Shows a ``TableScene`` 1:1 and emits ``resized`` with the new viewport size."""

    resized = Signal(QSize)

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._scene = scene  # a view does not own its scene: keep it alive here
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(tr("Card table"))
        self.setMinimumSize(320, 240)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        self._scene.setSceneRect(QRectF(0, 0, size.width(), size.height()))
        self.resized.emit(size)
