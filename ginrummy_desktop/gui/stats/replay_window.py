"""Replay viewer: step through a recorded Gin Rummy or Cribbage hand, both hands face up.

The frames come from the engine (``engine.replay.replay_frames``); this window only shows them.
Each player's name sits above their cards (the person at the bottom, as at the table); the
last frames lay the hands out as scored (gin melds, deadwood and lay-offs; each cribbage hand
and the crib with the starter) with the score item by item. Cards are drawn by the shared
``CardRenderer`` at the size the window leaves them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.registry import spec_value
from ginrummy_desktop.engine.replay import ReplayFrame, ShownHand, replay_frames
from ginrummy_desktop.engine.translation import mark, tr, tr_ctx
from ginrummy_desktop.engine.wording import is_you
from ginrummy_desktop.gui.common.card_row import FELT, CardRow, Group, in_hand_order
from ginrummy_desktop.gui.table.card_renderer import CardRenderer

# A seat's part in the deal, naming a seat nobody named (shown with ``tr``).
DEALER, NON_DEALER = mark("Dealer"), mark("Non-dealer")


def replay_names(names: dict[int, str], seats: Sequence[int], dealer: int | None
                 ) -> dict[int, str]:
    """``names`` with every seat of ``seats`` named: a seat nobody named (an imported record
    names no one) is called by its part in the deal, "Dealer" or "Non-dealer"."""
    full = dict(names)
    for seat in seats:
        if seat not in full:
            full[seat] = tr(DEALER) if seat == dealer else \
                tr(NON_DEALER) if dealer is not None else \
                tr("Player {number}").format(number=seat + 1)
    return full


class ReplayWindow(QWidget):
    """Shows one hand record; ``step_forward``/``step_back`` (buttons, arrow keys) move through it.

    ``names`` maps seats to player names (e.g. ``{0: "You", 1: "Expert"}``).
    """

    def __init__(self, record: dict[str, Any], names: dict[int, str] | None = None,
                 renderer: CardRenderer | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Hand replay"))
        self.setWindowFlag(Qt.WindowType.Window)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), QColor(FELT))
        palette.setColor(self.foregroundRole(), QColor("white"))
        self.setPalette(palette)
        self.renderer = renderer or CardRenderer()
        self.record = record
        self.names = dict(names or {})
        self.frames: list[ReplayFrame] = []
        self.position = 0
        self.error: str | None = None
        try:
            self.frames = replay_frames(record, self.names)
            seats = self.frames[0].seats
            if any(seat not in self.names for seat in seats):  # never "Seat 3 goes gin"
                self.names = replay_names(self.names, seats, dealer=seats[1])
                self.frames = replay_frames(record, self.names)
        except ValueError as problem:  # a damaged record: show it as text
            self.error = str(problem)
        self._build()
        self.show_step(0)

    # ----- building --------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        if self.error is not None:
            note = QLabel(tr("This hand cannot be replayed move by move: {problem}.").format(
                problem=self.error))
            note.setWordWrap(True)
            text = QPlainTextEdit(json.dumps(self.record, indent=2, sort_keys=True))
            text.setReadOnly(True)
            layout.addWidget(note)
            layout.addWidget(text)
            self.resize(640, 480)
            return
        seats = self.frames[0].seats
        # The person sits at the bottom, as at the table; otherwise the dealer is on top.
        self.bottom_position = 1 if self.names.get(seats[1]) == "You" else 0
        self.top_position = 1 - self.bottom_position
        bold = QFont(self.font())
        bold.setBold(True)
        self.top_label, self.bottom_label = QLabel(), QLabel()
        for label in (self.top_label, self.bottom_label):
            label.setFont(bold)
        self.top_row = CardRow(self.renderer)
        self.bottom_row = CardRow(self.renderer)
        middle = QHBoxLayout()
        self.stock_label = QLabel()
        self.stock_label.setMinimumWidth(170)
        self.stock_label.setWordWrap(True)
        self.pile_row = CardRow(self.renderer, max_width=80, overlap=0.7)
        middle.addWidget(self.stock_label)
        middle.addWidget(self.pile_row, 1)
        self.move_label = QLabel()
        self.move_label.setObjectName("replayMove")
        self.move_label.setWordWrap(True)
        font = self.move_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.move_label.setFont(font)
        self.scoring_label = QLabel()
        self.scoring_label.setObjectName("replayScoring")
        self.scoring_label.setWordWrap(True)
        self.scoring_label.setTextFormat(Qt.TextFormat.RichText)
        buttons = QHBoxLayout()
        # Translators: the replay's buttons: to the deal, one move back, one on, to the end.
        self.first_button = QPushButton(tr("« Deal"))
        self.back_button = QPushButton(tr("‹ Back"))
        self.forward_button = QPushButton(tr("Forward ›"))
        self.last_button = QPushButton(tr("End »"))
        self.counter_label = QLabel()
        for button in (self.first_button, self.back_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.counter_label)
        buttons.addStretch(1)
        for button in (self.forward_button, self.last_button):
            buttons.addWidget(button)
        # Translators: a button opening the hand review (a noun: the review of this hand).
        self.review_button = QPushButton(tr_ctx("replay button", "Review"))
        self.review_button.setToolTip(tr("Where each decision of this hand lost points"))
        self.review_button.clicked.connect(self.open_review)
        buttons.addWidget(self.review_button)
        self.first_button.clicked.connect(lambda: self.show_step(0))
        self.back_button.clicked.connect(self.step_back)
        self.forward_button.clicked.connect(self.step_forward)
        self.last_button.clicked.connect(lambda: self.show_step(len(self.frames) - 1))
        self.moves = QListWidget()
        self.moves.setMinimumWidth(240)
        self.moves.setMaximumWidth(360)
        self.moves.setWordWrap(True)
        self.moves.addItems([f"{f.step}. {f.description}" for f in self.frames])
        self.moves.currentRowChanged.connect(self._row_chosen)
        table = QVBoxLayout()
        table.addWidget(self.top_label)
        table.addWidget(self.top_row, 3)
        table.addLayout(middle, 2)
        table.addWidget(self.bottom_label)
        table.addWidget(self.bottom_row, 3)
        table.addWidget(self.move_label)
        table.addWidget(self.scoring_label)
        table.addLayout(buttons)
        body = QHBoxLayout()
        body.addLayout(table, 3)
        body.addWidget(self.moves, 1)
        layout.addLayout(body, 1)
        self.resize(1000, 640)

    def open_review(self) -> QWidget:
        """The hand review of this record for the person (the seat named "You")."""
        from ginrummy_desktop.gui.review.launch import open_review

        return open_review(self, [self.record], self.names, renderer=self.renderer)

    def _seat_name(self, seat: Any) -> str:
        if not isinstance(seat, int):
            return tr("nobody")
        name = self.names.get(seat)
        if name is None:
            return tr("Seat {number}").format(number=seat)
        return tr("You") if is_you(name) else name

    # ----- stepping --------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Right/Left step, Home/End jump to the deal/the end (keys no child widget took)."""
        moves = {Qt.Key.Key_Right: self.position + 1, Qt.Key.Key_Left: self.position - 1,
                 Qt.Key.Key_Home: 0, Qt.Key.Key_End: len(self.frames) - 1}
        target = moves.get(Qt.Key(event.key()))
        if target is None or not self.frames:
            super().keyPressEvent(event)
            return
        self.show_step(target)

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
        for row, label, position in ((self.top_row, self.top_label, self.top_position),
                                     (self.bottom_row, self.bottom_label,
                                      self.bottom_position)):
            self._show_seat(frame, position, row, label)
        if spec_value(self.record.get("game"), "has_stock", False):  # face down by the pile
            # Translators: the labels under the stock (with its cards left) and the pile.
            self.pile_row.set_groups([(tr("stock: {count}").format(count=frame.stock_count),
                                       [None]),
                                      (tr("discard pile"), frame.discard_pile[-8:])],
                                     frame.card)
        else:
            self.pile_row.set_cards(frame.discard_pile[-8:], frame.card)
        self.stock_label.setText(frame.note)
        self.stock_label.setVisible(bool(frame.note))
        self.move_label.setText(frame.description)
        self.scoring_label.setText("<br>".join(frame.scoring))
        self.scoring_label.setVisible(bool(frame.scoring))
        self.counter_label.setText(tr("Move {number} of {count}").format(
            number=self.position, count=len(self.frames) - 1))
        self.back_button.setEnabled(self.position > 0)
        self.first_button.setEnabled(self.position > 0)
        self.forward_button.setEnabled(self.position < len(self.frames) - 1)
        self.last_button.setEnabled(self.position < len(self.frames) - 1)
        if self.moves.currentRow() != self.position:
            self.moves.setCurrentRow(self.position)

    def _show_seat(self, frame: ReplayFrame, position: int, row: CardRow, label: QLabel
                   ) -> None:
        seat = frame.seats[position]
        parts = [self._seat_name(seat)]
        if position == 1 and parts[0] != tr(DEALER):  # tags: "You · Dealer · Deadwood 19"
            parts.append(tr(DEALER))
        shown = frame.shown[position]
        highlight = frame.card if frame.actor == seat else None
        if shown is not None:
            row.set_groups(_shown_groups(shown, self.record.get("game")), highlight)
            parts.append(shown.summary[:1].upper() + shown.summary[1:])  # "Hand: 11 points"
        else:
            row.set_cards(in_hand_order(frame.hands[position]), highlight)
            if frame.deadwood[position] is not None:
                parts.append(tr("Deadwood {points}").format(points=frame.deadwood[position]))
        label.setText("  ·  ".join(parts))


def _shown_groups(shown: ShownHand, game: Any) -> list[Group]:
    # Translators: labels under groups of cards as a hand was scored.
    if not spec_value(game, "shows_melds", False):  # a counted hand or crib (cribbage)
        return [(tr_ctx("card group", "counted"), meld) for meld in shown.melds]
    groups: list[Group] = [(tr_ctx("card group", "meld"), meld) for meld in shown.melds]
    groups.append((tr_ctx("card group", "deadwood"), in_hand_order(shown.deadwood)))
    # CardRow draws the group it finds named tr("laid off") in the highlight colour.
    groups.append((tr("laid off"), shown.laid_off))
    return groups
