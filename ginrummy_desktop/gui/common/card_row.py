"""A row of overlapping cards painted with the card renderer, in labelled groups: the replay
window, the review window and the lessons all lay hands out with it."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.gui.table.card_renderer import CARD_ASPECT, CardRenderer

FELT = "#1f6b3f"
HIGHLIGHT = "#f2c94c"
Group = tuple[str, Sequence[Card | None]]  # (label under the cards, cards)


class CardRow(QWidget):
    """Rows of overlapping cards painted with the card renderer, in labelled groups (a meld,
    the deadwood...); None is a face-down card. Cards take the size the row is given, between
    ``min_width`` and ``max_width``."""

    def __init__(self, renderer: CardRenderer, max_width: int = 96, overlap: float = 0.45,
                 min_width: int = 36, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.max_width, self.min_width, self.overlap = max_width, min_width, overlap
        self.groups: list[Group] = []
        self.highlight: Card | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(int(min_width * CARD_ASPECT) + self._label_space())

    @property
    def cards(self) -> list[Card | None]:
        return [card for _label, cards in self.groups for card in cards]

    def set_cards(self, cards: Sequence[Card | None], highlight: Card | None = None) -> None:
        self.set_groups([("", cards)], highlight)

    def set_groups(self, groups: Sequence[Group], highlight: Card | None = None) -> None:
        self.groups = [(label, list(cards)) for label, cards in groups if cards]
        self.highlight = highlight
        self.update()

    def _label_space(self) -> int:
        labelled = any(label for label, _ in getattr(self, "groups", []))
        return self.fontMetrics().height() + 4 if labelled else 4

    def card_width(self) -> int:
        """The card width that fits the row's height and width."""
        count = len(self.cards)
        gaps = max(0, len(self.groups) - 1)
        # width needed per unit of card width: overlapped cards, full last cards, group gaps
        units = 1 + (1 - self.overlap) * max(0, count - len(self.groups)) + \
            gaps * (1 + 0.3) if count else 1
        by_width = (self.width() - 8) / units
        by_height = (self.height() - self._label_space() - 8) / CARD_ASPECT
        return int(max(self.min_width, min(self.max_width, by_width, by_height)))

    def sizeHint(self) -> QSize:
        return QSize(self.max_width * 7, int(self.max_width * CARD_ASPECT) + 24)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.groups:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = self.card_width()
        height = width * CARD_ASPECT
        step = width * (1 - self.overlap)
        spans = [width + step * (len(cards) - 1) for _label, cards in self.groups]
        gap = width * 0.3
        total = sum(spans) + gap * (len(spans) - 1)
        x = max(4.0, (self.width() - total) / 2)
        top = max(4.0, (self.height() - self._label_space() - height) / 2)
        dpr = self.devicePixelRatioF()
        for (label, cards), span in zip(self.groups, spans, strict=True):
            left = x
            for card in cards:
                pixmap = self.renderer.pixmap(card, width, dpr, face_up=card is not None)
                painter.drawPixmap(int(x), int(top), pixmap)
                if card is not None and card == self.highlight:
                    painter.setPen(QPen(QColor(HIGHLIGHT), 3))
                    painter.drawRoundedRect(QRectF(x + 1, top + 1, width - 2, height - 2), 6, 6)
                x += step
            if label:
                laid_off = label in ("laid off", tr("laid off"))
                painter.setPen(QColor(HIGHLIGHT if laid_off else "white"))
                painter.drawText(QRectF(left, top + height + 2, span, self._label_space()),
                                 Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                                 label)
            x = left + span + gap
        painter.end()


def in_hand_order(cards: Sequence[Card]) -> list[Card | None]:
    """By suit, then rank, as a player would hold them."""
    ordered: list[Card] = sorted(cards, key=lambda card: (card.suit, card.rank))
    return list[Card | None](ordered)
