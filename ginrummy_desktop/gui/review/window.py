"""The review window: a hand (or a match) decision by decision, with grades and reasons.

The analysis (``engine.review``) runs on a pool thread (``Background``) while a progress bar
counts the hands; Cancel stops it after the hand being analysed and shows what is done. Each
decision shows the table as the person saw it (their cards, the pile, the opponent's cards face
down: the review never uses more), what was chosen and what was best, the points lost, the
grade and the reason, and every option valued. "Try again from here" opens that moment as an
unrated practice game (``try_again.TryAgainWindow``).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.registry import spec_value
from ginrummy_desktop.engine.replay import ReplayFrame, replay_frames
from ginrummy_desktop.engine.review import (
    FINE,
    Decision,
    MatchReview,
    grade_count,
    grade_name,
    record_key,
    review_match,
)
from ginrummy_desktop.engine.translation import number, tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wording import YOU, is_you
from ginrummy_desktop.gui.common.card_row import FELT, CardRow, in_hand_order
from ginrummy_desktop.gui.review.history import ReviewHistory
from ginrummy_desktop.gui.table.background import Background
from ginrummy_desktop.gui.table.card_renderer import CARD_ASPECT, CardRenderer

GRADE_COLOURS = {"fine": "#7fd18b", "inaccuracy": "#f2c94c", "mistake": "#f2994a",
                 "blunder": "#eb5757"}
# The list and the options table on the felt: light text on a dark green, as the replay's.
LIST_STYLE = """
QListWidget, QTableWidget { background: #123d26; color: #f4f1e6; border: 1px solid #0b2918; }
QListWidget::item:selected { background: #3d5a80; }
QHeaderView { background: #0b2918; }
QHeaderView::section { background: #0b2918; color: #f4f1e6; border: none; padding: 2px 6px; }
QTableWidget { gridline-color: #1f6b3f; }
"""
# Each kind of decision in words, for the points lost by kind (the review's kinds are keys).
# Translators: kinds of decision in a hand review ("Points lost: 6.0 (discard 4.5, draw 1.5)").
KIND_WORDS: dict[str, Callable[[], str]] = {
    "upcard": lambda: tr_ctx("decision kind", "upcard"),
    "draw": lambda: tr_ctx("decision kind", "draw"),
    "discard": lambda: tr_ctx("decision kind", "discard"),
    "knock": lambda: tr_ctx("decision kind", "knock or play on"),
    "play": lambda: tr_ctx("decision kind", "pegging"),
    "show": lambda: tr_ctx("decision kind", "show"),
}
# A cribbage discard's figures, by their keys in an option's details: the points the kept hand
# is worth, the crib's, and the two together.
DETAIL_WORDS: dict[str, Callable[[], str]] = {
    "hand": lambda: tr_ctx("cribbage discard figure", "Hand"),
    "crib": lambda: tr_ctx("cribbage discard figure", "Crib"),
    "net": lambda: tr_ctx("cribbage discard figure", "Net"),
}


class _Progress(QObject):
    """Carries the worker's progress to the GUI thread (a queued signal)."""

    advanced = Signal(int, int)


class ReviewWindow(QWidget):
    """Reviews ``records`` (one hand, or the hands of a match) for ``seat``.

    ``names`` maps seats to names ("You" reads in the second person); ``opponent`` is the bot
    id "Try again" plays against (the expert when not known). With ``history`` the accuracy of
    a review that finished (not cancelled) is remembered for the Statistics window's trend.
    """

    def __init__(self, records: Sequence[dict[str, Any]], seat: int,
                 names: dict[int, str] | None = None, opponent: str | None = None,
                 renderer: CardRenderer | None = None, parent: QWidget | None = None,
                 history: ReviewHistory | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Hand review"))
        self.history = history  # where a finished review's accuracy is kept (the trend)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), QColor(FELT))
        palette.setColor(self.foregroundRole(), QColor("white"))
        self.setPalette(palette)
        self.records = list(records)
        self.seat = seat
        self.names = names or {seat: YOU}
        self.opponent = opponent
        self.renderer = renderer or CardRenderer()
        self.review: MatchReview | None = None
        self.error: str | None = None
        self.entries: list[tuple[int, Decision]] = []  # (index of the hand, decision)
        self.frames: dict[int, list[ReplayFrame]] = {}
        self.practice_windows: list[QWidget] = []
        self.position = -1  # the decision on show (index into ``entries``)
        self._stop = threading.Event()
        self._progress = _Progress(self)
        self._progress.advanced.connect(self._advanced)
        self.background = Background(self)
        self._build()
        self.resize(1000, 680)
        self.start()

    # ----- building --------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.setStyleSheet(LIST_STYLE)
        bold = QFont(self.font())
        bold.setBold(True)
        self.summary_label = QLabel(tr("Analysing…"))
        self.summary_label.setObjectName("reviewSummary")
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextFormat(Qt.TextFormat.RichText)
        progress_row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setRange(0, len(self.records))
        # Translators: %v is the hand being analysed, %m how many there are (Qt fills them).
        self.progress.setFormat(tr("Analysing hand %v of %m"))
        self.cancel_button = QPushButton(tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        layout.addWidget(self.summary_label)
        layout.addLayout(progress_row)

        self.top_label, self.bottom_label = QLabel(), QLabel()
        for label in (self.top_label, self.bottom_label):
            label.setFont(bold)
        self.top_row = CardRow(self.renderer, max_width=60, min_width=24)
        # A gin pile's cards wide enough for their labels ("stock", "pile") in any language.
        labels = (tr_ctx("card group", "stock"), tr_ctx("card group", "pile"))
        room = max(self.fontMetrics().horizontalAdvance(label) for label in labels) + 4
        self.pile_row = CardRow(self.renderer, max_width=70, overlap=0.7,
                                min_width=max(36, room))
        if room > 36:  # and tall enough for those cards with their labels under them
            self.pile_row.setMinimumHeight(int(room * CARD_ASPECT)
                                           + self.fontMetrics().height() + 12)
        self.bottom_row = CardRow(self.renderer, max_width=90)
        self.note_label = QLabel()
        self.chosen_label = QLabel()
        self.chosen_label.setObjectName("reviewChosen")
        self.chosen_label.setWordWrap(True)
        self.chosen_label.setTextFormat(Qt.TextFormat.RichText)
        font = self.chosen_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.chosen_label.setFont(font)
        self.reason_label = QLabel()
        self.reason_label.setObjectName("reviewReason")
        self.reason_label.setWordWrap(True)
        self.options = QTableWidget(0, 2)
        self.options.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.options.verticalHeader().setVisible(False)
        self.options.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.options.horizontalHeader().setStretchLastSection(True)
        self.options.setMinimumHeight(90)
        table = QVBoxLayout()
        table.addWidget(self.top_label)
        table.addWidget(self.top_row, 2)
        table.addWidget(self.note_label)
        table.addWidget(self.pile_row, 3)
        table.addWidget(self.bottom_label)
        table.addWidget(self.bottom_row, 4)
        table.addWidget(self.chosen_label)
        table.addWidget(self.reason_label)
        table.addWidget(self.options, 4)

        self.decisions = QListWidget()
        self.decisions.setObjectName("reviewDecisions")
        self.decisions.setMinimumWidth(220)
        self.decisions.setMaximumWidth(340)
        self.decisions.setWordWrap(True)
        self.decisions.currentRowChanged.connect(self.show_decision)
        body = QHBoxLayout()
        body.addLayout(table, 3)
        body.addWidget(self.decisions, 1)
        layout.addLayout(body, 1)

        buttons = QHBoxLayout()
        # Translators: the review's buttons: the decision before, the one after.
        self.back_button = QPushButton(tr("‹ Previous"))
        self.forward_button = QPushButton(tr("Next ›"))
        self.mistakes_button = QPushButton(tr("Next mistake »"))
        self.try_button = QPushButton(tr("Try again from here"))
        self.try_button.setToolTip(tr("Play the hand on from this decision against the same "
                                      "opponent, on the same cards: practice, not rated, not "
                                      "counted in statistics"))
        self.close_button = QPushButton(tr("Close"))
        self.back_button.clicked.connect(lambda: self.show_decision(self.position - 1))
        self.forward_button.clicked.connect(lambda: self.show_decision(self.position + 1))
        self.mistakes_button.clicked.connect(self.next_mistake)
        self.try_button.clicked.connect(self.try_again)
        self.close_button.clicked.connect(self.close)
        for button in (self.back_button, self.forward_button, self.mistakes_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.try_button)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self._set_browsing(False)

    def _set_browsing(self, on: bool) -> None:
        for widget in (self.back_button, self.forward_button, self.mistakes_button,
                       self.try_button):
            widget.setEnabled(on)

    # ----- analysing ---------------------------------------------------------------------------
    def start(self) -> None:
        """Analyse every record off the GUI thread."""
        records, seat, stop, relay = self.records, self.seat, self._stop, self._progress

        def progress(done: int, total: int) -> bool:
            relay.advanced.emit(done, total)
            return not stop.is_set()

        def work() -> MatchReview:
            return review_match(records, seat, progress)

        self.background.run(work, self._analysed, self._failed)

    @property
    def analysing(self) -> bool:
        return self.background.busy

    def cancel(self) -> None:
        """Stop after the hand being analysed; the hands already done are shown."""
        self._stop.set()
        self.cancel_button.setEnabled(False)
        self.progress.setFormat(tr("Stopping…"))

    def _advanced(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)

    def _failed(self, reason: str) -> None:
        self.error = reason
        self._hide_progress()
        self.summary_label.setText(tr("This hand cannot be reviewed: {reason}").format(
            reason=reason))

    def _hide_progress(self) -> None:
        self.progress.hide()
        self.cancel_button.hide()

    def _analysed(self, review: MatchReview) -> None:
        self.review = review
        self._hide_progress()
        for index, hand in enumerate(review.hands):
            try:
                self.frames[index] = replay_frames(self.records[index], self.names)
            except ValueError:
                self.frames[index] = []
            self.entries += [(index, decision) for decision in hand.decisions]
        self.summary_label.setText(self._summary_html(review))
        self._remember(review)
        for index, decision in self.entries:
            hand = review.hands[index]
            option = decision.chosen_option.label
            if len(review.hands) > 1:
                # Translators: a decision in a match's review: the hand, the move, the choice.
                text = tr("Hand {hand} · {step}. {option}").format(
                    hand=hand.hand_number + 1 - spec_value(hand.game, "hands_numbered_from", 1),
                    step=decision.step, option=option)
            else:
                text = tr("{step}. {option}").format(step=decision.step, option=option)
            if decision.grade != FINE:
                # Translators: a decision with its grade and the points it lost.
                text = tr("{decision} — {grade} ({loss})").format(
                    decision=text, grade=grade_name(decision.grade),
                    loss=number(decision.loss, 1))
            item = QListWidgetItem(text)
            item.setForeground(QColor(GRADE_COLOURS[decision.grade]))
            self.decisions.addItem(item)
        if not self.entries:
            self.chosen_label.setText(tr("There was no decision to review in this hand."))
            return
        self._set_browsing(True)
        self.show_decision(0)

    def _remember(self, review: MatchReview) -> None:
        if self.history is None or not review.summary.decisions \
                or len(review.hands) < len(self.records):
            return
        key = "+".join(record_key(record) for record in self.records) + f"@{self.seat}"
        self.history.add(hashlib.sha256(key.encode()).hexdigest(), review.hands[0].game,
                         review.summary.accuracy, review.summary.decisions)

    def _summary_html(self, review: MatchReview) -> str:
        summary = review.summary
        # Translators: after the number of decisions when the review was cancelled.
        stopped = (tr_n(" (stopped after {done} of {count} hand)",
                        " (stopped after {done} of {count} hands)", len(self.records)).format(
                            done=len(review.hands), count=len(self.records))
                   if len(review.hands) < len(self.records) else "")
        # Translators: points lost on one kind of decision ("discard 4.5").
        by_kind = ", ".join(tr("{kind} {points}").format(
                                kind=KIND_WORDS[kind]() if kind in KIND_WORDS else kind,
                                points=number(lost, 1))
                            for kind, lost in sorted(summary.lost_by_kind.items(),
                                                     key=lambda pair: -pair[1]) if lost >= 0.05)
        grades = ", ".join(grade_count(grade, count) for grade, count in summary.grades.items()
                           if count)
        # Translators: the review's first line: {stopped} is empty or says the review was
        # cancelled, {grades} counts the grades ("3 fine, 1 mistake"), {by_kind} is empty or
        # the points lost by kind of decision in brackets (" (discard 4.5, draw 1.0)").
        lines = [tr_n("<b>Accuracy {accuracy}%</b> over {count} decision{stopped}: {grades}. "
                      "Points lost: {lost}{by_kind}",
                      "<b>Accuracy {accuracy}%</b> over {count} decisions{stopped}: {grades}. "
                      "Points lost: {lost}{by_kind}", summary.decisions).format(
                          accuracy=f"{summary.accuracy:.0f}", count=summary.decisions,
                          stopped=stopped, grades=grades, lost=number(summary.lost, 1),
                          by_kind=f" ({by_kind})" if by_kind else "")]
        for costly in summary.costliest:
            lines.append(f"{_coloured('●', costly.grade)} {costly.text}")
        return "<br>".join(lines)

    # ----- browsing ----------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        moves = {Qt.Key.Key_Right: self.position + 1, Qt.Key.Key_Left: self.position - 1}
        target = moves.get(Qt.Key(event.key()))
        if target is None or not self.entries:
            super().keyPressEvent(event)
            return
        self.show_decision(target)

    def next_mistake(self) -> None:
        later = [i for i, (_, d) in enumerate(self.entries)
                 if i > self.position and d.grade != FINE]
        if later:
            self.show_decision(later[0])

    @property
    def current(self) -> tuple[int, Decision] | None:
        return self.entries[self.position] if 0 <= self.position < len(self.entries) else None

    def show_decision(self, index: int) -> None:
        if not self.entries:
            return
        self.position = max(0, min(index, len(self.entries) - 1))
        hand_index, decision = self.entries[self.position]
        self._show_table(hand_index, decision)
        chosen, best = decision.chosen_option, decision.best
        verdict = _coloured(f"<b>{grade_name(decision.grade, True)}</b>", decision.grade)
        if decision.grade != FINE:
            # Translators: a decision's grade (bold, in colour) and the points it lost.
            verdict = tr("{grade}: {loss} points lost").format(grade=verdict,
                                                                loss=number(decision.loss, 1))
        lines = [verdict, tr("You chose: {option} ({value})").format(
            option=chosen.label, value=number(chosen.value, 1, sign=True))]
        if best is not chosen:
            lines.append(tr("Best: {option} ({value})").format(
                option=best.label, value=number(best.value, 1, sign=True)))
        self.chosen_label.setText("<br>".join(lines))
        self.reason_label.setText(decision.reason)
        self._show_options(decision)
        self.back_button.setEnabled(self.position > 0)
        self.forward_button.setEnabled(self.position < len(self.entries) - 1)
        self.mistakes_button.setEnabled(any(d.grade != FINE
                                            for _, d in self.entries[self.position + 1:]))
        if self.decisions.currentRow() != self.position:
            self.decisions.setCurrentRow(self.position)

    def _show_table(self, hand_index: int, decision: Decision) -> None:
        frames = self.frames.get(hand_index) or []
        if not frames:
            return
        frame = frames[min(decision.step - 1, len(frames) - 1)]
        mine = frame.seats.index(self.seat) if self.seat in frame.seats else 0
        other = 1 - mine
        name = self.names.get(self.seat, YOU)
        opponent = self.names.get(frame.seats[other], tr("Opponent"))
        hidden: list[Card | None] = [None] * len(frame.hands[other])
        self.top_label.setText(tr("{name} · cards you could not see").format(name=opponent))
        self.top_row.set_cards(hidden)
        self.bottom_label.setText(tr("{name} · before the decision").format(
            name=tr("You") if is_you(name) else name))
        highlight = _chosen_card(decision)
        self.bottom_row.set_cards(in_hand_order(frame.hands[mine]), highlight)
        if spec_value(self.records[hand_index].get("game"), "has_stock", False):
            self.pile_row.set_groups([(tr_ctx("card group", "stock"), [None]),
                                      (tr_ctx("card group", "pile"), frame.discard_pile[-8:])])
            note = tr_n("Stock: {count} card · discard pile: {pile}",
                        "Stock: {count} cards · discard pile: {pile}", frame.stock_count).format(
                            count=frame.stock_count, pile=len(frame.discard_pile))
        else:
            self.pile_row.set_cards(frame.discard_pile[-8:])
            note = frame.note
        self.note_label.setText(note)
        self.note_label.setVisible(bool(note))

    def _show_options(self, decision: Decision) -> None:
        details = list(decision.options[0].details)
        headers = [tr("Option"), tr("Points")] + [
            DETAIL_WORDS[key]() if key in DETAIL_WORDS else key.title() for key in details]
        self.options.setColumnCount(len(headers))
        self.options.setHorizontalHeaderLabels(headers)
        self.options.setRowCount(len(decision.options))
        for row, option in enumerate(decision.options):
            cells = [option.label, number(option.value, 2, sign=True)] + [
                number(option.details.get(key, 0.0), 2) for key in details]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if option is decision.chosen_option:
                    item.setBackground(QColor("#3d5a80"))
                    item.setForeground(QColor("white"))
                self.options.setItem(row, column, item)
        # Every column but the last fits its text; the last stretches to the table's edge
        # (resizing it too would undo the stretch and leave a bare header beside it).
        for column in range(len(headers) - 1):
            self.options.resizeColumnToContents(column)

    # ----- try again ---------------------------------------------------------------------------
    def try_again(self) -> QWidget | None:
        """Open this decision's moment as an unrated practice game."""
        current = self.current
        if current is None:
            return None
        from ginrummy_desktop.gui.review.try_again import TryAgainWindow

        hand_index, decision = current
        window = TryAgainWindow(self.records[hand_index], self.seat, decision.step,
                                self.opponent, self.renderer, self)
        self.practice_windows.append(window)
        window.show()
        return window

    def closeEvent(self, event: Any) -> None:
        self._stop.set()
        self.background.cancel()
        super().closeEvent(event)


def _coloured(html: str, grade: str) -> str:
    """``html`` in the colour of ``grade`` (rich text for a label)."""
    return f"<span style='color:{GRADE_COLOURS[grade]}'>{html}</span>"


def _chosen_card(decision: Decision) -> Card | None:
    """The card the chosen option plays or throws, to highlight (None for a draw or a pass)."""
    action = decision.chosen_option.action
    if decision.kind in ("discard", "knock") and isinstance(action, list) and len(action) == 2 \
            and action[0] in ("discard", "knock", "gin") and isinstance(action[1], str):
        return Card.parse(action[1])  # gin: the card thrown
    return None

