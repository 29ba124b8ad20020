"""Replay viewer: step through a recorded Gin Rummy or Cribbage hand, both hands face up.

The frames come from ``storage.replay.replay_frames`` (pure Python); this window only shows
them. Cards are drawn by the shared ``CardRenderer``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QKeySequence, QPainter, QPaintEvent, QPen, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.gui.table.card_renderer import CardRenderer, card_height
from ginrummy_desktop.storage.replay import ReplayFrame, replay_frames

FELT = "#1f6b3f"


class CardRow(QWidget):
    """A row of overlapping cards painted with the card renderer (None = a face-down card)."""

    def __init__(self, renderer: CardRenderer, card_width: int = 64, overlap: float = 0.45,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.card_width = card_width
        self.overlap = overlap
        self.cards: list[Card | None] = []
        self.highlight: Card | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(int(card_height(card_width)) + 8)

    def set_cards(self, cards: Sequence[Card | None], highlight: Card | None = None) -> None:
        self.cards = list(cards)
        self.highlight = highlight
        self.update()

    def sizeHint(self) -> QSize:
        step = int(self.card_width * (1 - self.overlap))
        return QSize(self.card_width + step * 11 + 8, int(card_height(self.card_width)) + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        step = self.card_width * (1 - self.overlap)
        total = self.card_width + step * max(0, len(self.cards) - 1)
        x = max(4.0, (self.width() - total) / 2)
        dpr = self.devicePixelRatioF()
        for card in self.cards:
            pixmap = self.renderer.pixmap(card, self.card_width, dpr, face_up=card is not None)
            painter.drawPixmap(int(x), 4, pixmap)
            if card is not None and card == self.highlight:
                painter.setPen(QPen(QColor("#f2c94c"), 3))
                painter.drawRoundedRect(QRectF(x + 1, 5, self.card_width - 2,
                                               card_height(self.card_width) - 2), 6, 6)
            x += step
        painter.end()


class ReplayWindow(QWidget):
    """Shows one hand record; ``step_forward``/``step_back`` (buttons, arrow keys) move through it.

    ``names`` maps seats to player names (e.g. ``{0: "You", 1: "Expert"}``).
    """

    def __init__(self, record: dict[str, Any], names: dict[int, str] | None = None,
                 renderer: CardRenderer | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Hand replay")
        self.setWindowFlag(Qt.WindowType.Window)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), QColor(FELT))
        palette.setColor(self.foregroundRole(), QColor("white"))
        self.setPalette(palette)
        self.renderer = renderer or CardRenderer()
        self.record = record
        self.names = names or {}
        self.frames: list[ReplayFrame] = []
        self.position = 0
        self.error: str | None = None
        try:
            self.frames = replay_frames(record, self.names)
        except ValueError as problem:  # a damaged record: show it as text
            self.error = str(problem)
        self._build()
        self.show_step(0)

    # ----- building --------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        if self.error is not None:
            note = QLabel(f"This hand cannot be replayed move by move: {self.error}.")
            note.setWordWrap(True)
            text = QPlainTextEdit(json.dumps(self.record, indent=2, sort_keys=True))
            text.setReadOnly(True)
            layout.addWidget(note)
            layout.addWidget(text)
            self.resize(640, 480)
            return
        seats = self.frames[0].seats
        self.top_label = QLabel(self._seat_name(seats[1]) + " (dealer)")
        self.top_row = CardRow(self.renderer)
        middle = QHBoxLayout()
        self.stock_label = QLabel()
        self.stock_label.setMinimumWidth(150)
        self.stock_label.setWordWrap(True)
        self.pile_row = CardRow(self.renderer, card_width=56, overlap=0.7)
        middle.addWidget(self.stock_label)
        middle.addWidget(self.pile_row, 1)
        self.bottom_row = CardRow(self.renderer)
        self.bottom_label = QLabel(self._seat_name(seats[0]))
        self.move_label = QLabel()
        self.move_label.setObjectName("replayMove")
        font = self.move_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.move_label.setFont(font)
        buttons = QHBoxLayout()
        self.first_button = QPushButton("« Deal")
        self.back_button = QPushButton("‹ Back")
        self.forward_button = QPushButton("Forward ›")
        self.last_button = QPushButton("End »")
        self.counter_label = QLabel()
        for button in (self.first_button, self.back_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.counter_label)
        buttons.addStretch(1)
        for button in (self.forward_button, self.last_button):
            buttons.addWidget(button)
        self.first_button.clicked.connect(lambda: self.show_step(0))
        self.back_button.clicked.connect(self.step_back)
        self.forward_button.clicked.connect(self.step_forward)
        self.last_button.clicked.connect(lambda: self.show_step(len(self.frames) - 1))
        QShortcut(QKeySequence(Qt.Key.Key_Right), self, self.step_forward)
        QShortcut(QKeySequence(Qt.Key.Key_Left), self, self.step_back)
        self.moves = QListWidget()
        self.moves.setFixedWidth(320)
        self.moves.addItems([f"{f.step}. {f.description}" for f in self.frames])
        self.moves.currentRowChanged.connect(self._row_chosen)
        table = QVBoxLayout()
        for widget in (self.top_label, self.top_row):
            table.addWidget(widget)
        table.addLayout(middle)
        for widget in (self.bottom_row, self.bottom_label, self.move_label):
            table.addWidget(widget)
        table.addStretch(1)
        table.addLayout(buttons)
        body = QHBoxLayout()
        body.addLayout(table, 1)
        body.addWidget(self.moves)
        layout.addLayout(body)
        result = self.record.get("result")
        if isinstance(result, dict):
            layout.addWidget(QLabel(_result_text(result, self._seat_name)))
        self.resize(1000, 560)

    def _seat_name(self, seat: Any) -> str:
        return self.names.get(seat, f"Seat {seat}") if isinstance(seat, int) else "nobody"

    # ----- stepping --------------------------------------------------------------------------
    def step_forward(self) -> None:
        self.show_step(self.position + 1)

    def step_back(self) -> None:
        self.show_step(self.position - 1)

    def _row_chosen(self, row: int) -> None:
        if row >= 0 and row != self.position:
            self.show_step(row)

    def show_step(self, index: int) -> None:
        """Show the table after move ``index`` (0 = as dealt); out-of-range indexes clamp."""
        if not self.frames:
            return
        self.position = max(0, min(index, len(self.frames) - 1))
        frame = self.frames[self.position]
        # Sorted by suit then rank so a hand reads like a player would hold it.
        self.top_row.set_cards(sorted(frame.hands[1], key=_by_suit),
                               frame.card if frame.actor == frame.seats[1] else None)
        self.bottom_row.set_cards(sorted(frame.hands[0], key=_by_suit),
                                  frame.card if frame.actor == frame.seats[0] else None)
        self.pile_row.set_cards(frame.discard_pile[-6:], frame.card)
        self.stock_label.setText(frame.note or f"Stock: {frame.stock_count} cards")
        self.move_label.setText(frame.description)
        self.counter_label.setText(f"Move {self.position} of {len(self.frames) - 1}")
        self.back_button.setEnabled(self.position > 0)
        self.first_button.setEnabled(self.position > 0)
        self.forward_button.setEnabled(self.position < len(self.frames) - 1)
        self.last_button.setEnabled(self.position < len(self.frames) - 1)
        if self.moves.currentRow() != self.position:
            self.moves.setCurrentRow(self.position)


def _by_suit(card: Card) -> tuple[str, int]:
    return card.suit, card.rank


def _result_text(result: dict[str, Any], name: Any) -> str:
    kind = str(result.get("kind", "?")).replace("_", " ")
    if kind == "draw":
        return "Result: dead hand, no score."
    winner = result.get("winner")
    points = result.get("points")
    text = f"Result: {kind}"
    if winner is not None:
        scores = "score" if name(winner) == "You" else "scores"
        text += f", {name(winner)} {scores} {points}"
    return text + "."
