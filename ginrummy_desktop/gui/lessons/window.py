"""The lesson window: a guided first game, one chapter (one deal) at a time.

The lesson's script (``engine.lessons``) says what to do; this window draws the table, turns
clicks into moves and shows the script's answer: the move is played, or a short explanation
appears and the table stays as it was for another try. The cards and buttons of the move being
taught are outlined in gold. "Leave" keeps the chapter reached (``progress.LessonProgress``);
opening the lesson again resumes there.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.lessons import Do, Lesson, LessonRun, Say
from ginrummy_desktop.engine.registry import get_game, load_object
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.common.card_row import FELT, CardRow
from ginrummy_desktop.gui.lessons.progress import LessonProgress
from ginrummy_desktop.gui.table.card_renderer import CARD_ASPECT, CardRenderer

GOLD = "#f2c94c"
# The result panel's buttons (light on the felt); the move being taught gets a gold border.
BUTTON_STYLE = ("QPushButton { background: #e9dfbf; color: #1b1b1b; border: 1px solid #8d7a3d;"
                " border-radius: 6px; padding: 5px 14px; font-weight: bold; }"
                "QPushButton:checked { background: #ffd55c; }"
                "QPushButton:disabled { color: #777; }")
WANTED_STYLE = f"QPushButton {{ border: 3px solid {GOLD}; }}"


def lesson_for(lesson_id: str) -> Lesson:
    """The guided game of game ``lesson_id``: its spec's ``lesson`` (``"module:NAME"``, loaded
    on first use); ``ValueError`` for a game that has none."""
    path = getattr(get_game(lesson_id), "lesson", None)
    lesson = load_object(path) if path else None
    if not isinstance(lesson, Lesson):
        raise ValueError(f"game {lesson_id!r} has no lesson")
    return lesson


class ClickableCards(CardRow):
    """A row of cards (one group) that says which card was clicked and outlines ``wanted``."""

    clicked = Signal(int)
    double_clicked = Signal(int)

    def __init__(self, renderer: CardRenderer, max_width: int = 96, overlap: float = 0.45,
                 parent: QWidget | None = None) -> None:
        super().__init__(renderer, max_width=max_width, overlap=overlap, parent=parent)
        self.wanted: set[int] = set()  # indexes outlined in gold
        self.selected: set[int] = set()  # indexes lifted (cribbage: the two to lay away)

    def card_rect(self, index: int) -> QRectF:
        """Where card ``index`` is painted (the row's geometry, one group)."""
        count = len(self.cards)
        width = self.card_width()
        height = width * CARD_ASPECT
        step = width * (1 - self.overlap)
        total = width + step * (count - 1)
        x = max(4.0, (self.width() - total) / 2)
        top = max(4.0, (self.height() - self._label_space() - height) / 2)
        lift = 10 if index in self.selected else 0
        return QRectF(x + step * index, top - lift, width, height)

    def card_at(self, point: QPoint) -> int:
        """The topmost card under ``point``, or -1."""
        for index in range(len(self.cards) - 1, -1, -1):
            if self.card_rect(index).contains(point.toPointF()):
                return index
        return -1

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.card_at(event.position().toPoint())
        if index >= 0:
            self.clicked.emit(index)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        index = self.card_at(event.position().toPoint())
        if index >= 0:
            self.double_clicked.emit(index)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.wanted and not self.selected:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for index in sorted(self.wanted | self.selected):
            if index >= len(self.cards):
                continue
            colour = QColor(GOLD) if index in self.wanted else QColor("white")
            painter.setPen(QPen(colour, 3))
            painter.drawRoundedRect(self.card_rect(index).adjusted(1, 1, -1, -1), 6, 6)


class LessonWindow(QWidget):
    """Plays lesson ``lesson_id`` ("gin" or "cribbage") from the chapter saved in
    ``progress`` (a fresh start without one)."""

    def __init__(self, lesson_id: str, progress: LessonProgress | None = None,
                 renderer: CardRenderer | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.lesson = lesson_for(lesson_id)
        self.setWindowTitle(tr(self.lesson.title))
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), QColor(FELT))
        palette.setColor(self.foregroundRole(), QColor("white"))
        self.setPalette(palette)
        self.progress = progress
        self.renderer = renderer or CardRenderer()
        start = progress.chapter(self.lesson.lesson_id) if progress is not None else 0
        self.run = LessonRun(self.lesson, start)
        self.hand_cards: list[Card] = []
        self.counts: list[QPushButton] = []
        self._build()
        self.resize(1000, 700)
        self.refresh()

    # ----- building ------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.setStyleSheet(BUTTON_STYLE)
        self.chapter_label = QLabel()
        self.chapter_label.setObjectName("lessonChapter")
        font = self.chapter_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.chapter_label.setFont(font)
        self.say_label = QLabel()
        self.say_label.setObjectName("lessonSay")
        self.say_label.setWordWrap(True)
        big = self.say_label.font()
        big.setPointSizeF(big.pointSizeF() * 1.15)
        self.say_label.setFont(big)
        self.feedback_label = QLabel()
        self.feedback_label.setObjectName("lessonFeedback")
        self.feedback_label.setWordWrap(True)
        self.feedback_label.setStyleSheet("color: #ffb37a; font-weight: bold;")
        layout.addWidget(self.chapter_label)
        layout.addWidget(self.say_label)
        layout.addWidget(self.feedback_label)

        self.opponent_label = QLabel(tr("Opponent's cards"))
        self.opponent_row = CardRow(self.renderer, max_width=60)
        middle = QHBoxLayout()
        self.stock = ClickableCards(self.renderer, max_width=80)
        self.stock.setToolTip(tr("The stock: click to draw"))
        self.pile = ClickableCards(self.renderer, max_width=80, overlap=0.7)
        self.pile.setToolTip(tr("The discard pile (gin) or the cards of the count (cribbage)"))
        self.middle_label = QLabel()
        self.middle_label.setWordWrap(True)
        middle.addWidget(self.stock, 1)
        middle.addWidget(self.pile, 3)
        middle.addWidget(self.middle_label, 1)
        self.hand_label = QLabel(tr("Your cards"))
        # Six cribbage cards spread wider than eleven gin cards, so each outline shows whole.
        self.hand = ClickableCards(self.renderer, max_width=110, overlap=self.lesson.hand_overlap)
        self.stock.clicked.connect(lambda _index: self._stock_clicked())
        self.pile.clicked.connect(lambda _index: self._pile_clicked())
        self.hand.clicked.connect(self._card_clicked)
        self.hand.double_clicked.connect(self._card_double_clicked)
        layout.addWidget(self.opponent_label)
        layout.addWidget(self.opponent_row, 2)
        layout.addLayout(middle, 3)
        layout.addWidget(self.hand_label)
        layout.addWidget(self.hand, 4)

        self.buttons = QHBoxLayout()
        self.move_buttons: dict[str, QPushButton] = {}
        for key, text in (("pass", tr_ctx("button", "Pass")), ("knock", tr_ctx("button", "Knock")),
                          ("gin", tr_ctx("button", "Gin")),
                          ("discard", tr_ctx("button", "Lay away")),
                          ("go", tr_ctx("button", "Go"))):
            button = QPushButton(text)
            button.setObjectName(f"lesson_{key}")
            if key in ("knock", "gin"):
                button.setCheckable(True)  # then click the card to throw
            button.clicked.connect(lambda _checked=False, k=key: self._button(k))
            self.move_buttons[key] = button
            self.buttons.addWidget(button)
        self.count_row = QHBoxLayout()
        self.buttons.addLayout(self.count_row)
        self.buttons.addStretch(1)
        self.continue_button = QPushButton(tr("Continue ›"))
        self.continue_button.setObjectName("lessonContinue")
        self.continue_button.clicked.connect(self.go_on)
        self.restart_button = QPushButton(tr("Start over"))
        self.restart_button.clicked.connect(self.start_over)
        self.leave_button = QPushButton(tr("Leave"))
        self.leave_button.setToolTip(tr("Close the lesson; it resumes at this chapter next time"))
        self.leave_button.clicked.connect(self.close)
        for button in (self.continue_button, self.restart_button, self.leave_button):
            self.buttons.addWidget(button)
        layout.addLayout(self.buttons)

    # ----- showing ---------------------------------------------------------------------------
    @property
    def draws(self) -> bool:
        """Cards are drawn from the stock and pile and thrown by a double-click or an armed
        Knock or Gin (the lesson's game says so: gin)."""
        return self.lesson.draws

    def refresh(self) -> None:
        run = self.run
        if run.finished:
            self.chapter_label.setText(tr("{lesson}: done").format(lesson=tr(self.lesson.title)))
            self.say_label.setText(tr("You have played every chapter. Well done! Close this "
                                      "window and play a real game."))
            self.feedback_label.clear()
            for button in self.move_buttons.values():
                button.hide()
            self.continue_button.hide()
            self._save()
            return
        chapters = len(self.lesson.chapters)
        self.chapter_label.setText(tr("Chapter {number} of {chapters}: {title}").format(
            number=run.chapter_index + 1, chapters=chapters, title=tr(run.chapter.title)))
        self.say_label.setText(run.text())
        self.feedback_label.setText(run.feedback)
        state = run.state
        wanted = run.wanted()
        self._show_table(state, wanted)
        doing = isinstance(run.step, Do)
        self.continue_button.setVisible(isinstance(run.step, Say))
        kinds = {action.kind for action in wanted}
        legal = {a.kind for a in self._legal()} if doing else set()
        for key, button in self.move_buttons.items():
            # Gin throws by double-clicking a card; cribbage lays away with the button.
            shown = doing and key in legal and not (key == "discard" and self.draws)
            button.setVisible(shown)
            button.setStyleSheet(WANTED_STYLE if shown and key in kinds else "")
            if not shown and button.isCheckable():
                button.setChecked(False)
        self._show_counts(wanted if doing else ())
        self._save()

    def _legal(self) -> tuple[Action, ...]:
        if self.lesson.legal is None:
            return ()
        return self.lesson.legal(self.run.state, self.run.chapter.person)

    def _show_table(self, state: Any, wanted: tuple[Action, ...]) -> None:
        if self.lesson.table is None:
            return
        view = self.lesson.table(state, self.run.chapter.person)
        mine, others, pile = list(view.mine), view.others, list(view.pile)
        self.stock.set_cards(list(view.stock))
        self.middle_label.setText(view.middle)
        self.opponent_row.set_cards([None] * others)
        self.hand_cards = mine
        self.hand.set_cards(list(mine))
        self.pile.set_cards(list(pile))
        wanted_cards = {card for action in wanted for card in (
            (action.card,) if action.card is not None else action.cards)}
        outlined = {i for i, card in enumerate(mine) if card in wanted_cards}
        # Any card will do: outlining them all would say nothing.
        self.hand.wanted = outlined if len(outlined) < len(mine) else set()
        self.hand.selected &= set(range(len(mine)))
        kinds = {action.kind for action in wanted}
        self.stock.wanted = {0} if "draw_stock" in kinds else set()
        self.pile.wanted = {len(pile) - 1} if "draw_discard" in kinds and pile else set()
        for row in (self.hand, self.stock, self.pile):
            row.update()

    def _show_counts(self, wanted: Any) -> None:
        for button in self.counts:
            self.count_row.removeWidget(button)
            button.deleteLater()
        self.counts = []
        if not any(action.kind == "count" for action in self._legal()):
            return
        true = max(action.points or 0 for action in self._legal() if action.kind == "count")
        for points in sorted({max(0, true - 2), max(0, true - 1), true, true + 1}):
            button = QPushButton(str(points))
            button.setObjectName(f"lessonCount_{points}")
            button.clicked.connect(lambda _c=False, p=points: self.try_move(Action("count",
                                                                               points=p)))
            if any(a.kind == "count" and a.points == points for a in wanted):
                button.setStyleSheet(WANTED_STYLE)
            self.count_row.addWidget(button)
            button.show()  # a child added to a window already shown stays hidden otherwise
            self.counts.append(button)

    # ----- moves -----------------------------------------------------------------------------
    def try_move(self, action: Action) -> str | None:
        """Try ``action``; the lesson answers (None: played)."""
        problem = self.run.try_move(action)
        self.hand.selected.clear()
        for key in ("knock", "gin"):
            self.move_buttons[key].setChecked(False)
        self.refresh()
        return problem

    def go_on(self) -> None:
        self.run.go_on()
        self.refresh()

    def start_over(self) -> None:
        self.run.start_chapter(0)
        self.refresh()

    def _stock_clicked(self) -> None:
        if self.draws:
            self.try_move(Action("draw_stock"))

    def _pile_clicked(self) -> None:
        if self.draws and self.run.state.discard_pile:
            self.try_move(Action("draw_discard", self.run.state.discard_pile[-1]))

    def _armed(self) -> str | None:
        for key in ("knock", "gin"):
            if self.move_buttons[key].isChecked():
                return key
        return None

    def _card_clicked(self, index: int) -> None:
        card = self.hand_cards[index]
        if self.draws:
            armed = self._armed()
            if armed is not None:
                self.try_move(Action(armed, card))
            return
        if self.run.state.phase == "discard":
            self.hand.selected ^= {index}
            self.hand.update()
            return
        self.try_move(Action("play", card))

    def _card_double_clicked(self, index: int) -> None:
        if self.draws and self._armed() is None:
            self.try_move(Action("discard", self.hand_cards[index]))

    def _button(self, key: str) -> None:
        if key in ("knock", "gin"):
            other = "gin" if key == "knock" else "knock"
            self.move_buttons[other].setChecked(False)
            # Knock and Gin are gin's buttons only (a cribbage lesson never shows them).
            armed = self.move_buttons[key].isChecked()
            self.feedback_label.setText(tr("Now click a card to throw") if armed else "")
            return
        if key == "discard":
            cards = tuple(self.hand_cards[i] for i in sorted(self.hand.selected))
            if len(cards) != 2:
                self.run.feedback = tr("Click two cards, then Lay away")
                self.refresh()
                return
            self.try_move(Action("discard", cards=cards))
            return
        self.try_move(Action(key))

    # ----- leaving ---------------------------------------------------------------------------
    def _save(self) -> None:
        if self.progress is not None:
            self.progress.remember(self.lesson.lesson_id, self.run.chapter_index)

    def closeEvent(self, event: Any) -> None:
        self._save()
        super().closeEvent(event)

