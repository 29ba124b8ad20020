"""The cribbage screen: the view of the felt, the action bar, the status line and the result panel.

``CribbageScreen`` is the part of ``CribbageTable`` (table.py) that is neither a card nor the
peg board: the table widget is a ``CribbageScreen`` that adds the felt's items and the
controller. ``CribbageTable`` calls ``_build_view`` (scene, view, status line), then
``_build_bar`` (the buttons, the count box, the move log beside the felt) and, once its
controller exists, ``_connect_bar``; each time it draws, ``_sync_controls`` and ``_sync_result``.

Keyboard: every action is a ``QAction`` with a shortcut (``keys.py``: ``CRIBBAGE_KEYS``, listed
by ``shortcut_rows()`` for the Help menu and tooltips); Enter in the count box counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.scoring import MAX_SHOW_POINTS
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_OVER,
    STAGE_PLAY,
    CribbageDisplay,
)
from ginrummy_desktop.gui.cribbage.keys import CRIBBAGE_KEYS
from ginrummy_desktop.gui.table.controls_style import button_style, control_pixels
from ginrummy_desktop.gui.table.keys import add_key_actions
from ginrummy_desktop.gui.table.move_log import MoveLog
from ginrummy_desktop.gui.table.palette import TablePalette, fill_with
from ginrummy_desktop.gui.table.result_panel import show_verification
from ginrummy_desktop.gui.table.scene import TableScene
from ginrummy_desktop.gui.table.status import StatusLine
from ginrummy_desktop.gui.table.view import TableView

if TYPE_CHECKING:
    from ginrummy_desktop.gui.cribbage.controller import CribbageController
    from ginrummy_desktop.gui.cribbage.table_items import ResultPanel
    from ginrummy_desktop.gui.cribbage.table_layout import CribbageTableLayout


class CribbageScreen(QWidget):
    """The screen parts of a cribbage table (``CribbageTable`` is the widget to use)."""

    # Online (gui/online/remote_cribbage.py): no hints in a rated game, and no Rematch at the
    # table (a new match is a new table in the lobby).
    hints_allowed = True
    rematch_allowed = True
    # Made by ``CribbageTable``: the game on show, what it shows, and the felt's result panel.
    controller: CribbageController
    display: CribbageDisplay
    result_panel: ResultPanel

    def _build_view(self) -> None:
        """The felt's scene and view, and the status line under them."""
        self.scene = TableScene(self)
        self.view = TableView(self.scene, self)
        self.status = StatusLine(self)
        fill_with(self, TablePalette.for_felt("green").status)  # until the window's felt applies

    def _build_bar(self) -> None:
        """The buttons, the count box and the move log, laid out under and beside the felt."""
        self._make_buttons()
        self.move_log = MoveLog()
        self.move_log.hide()
        self.count_entry = QSpinBox(self)
        self.count_entry.setRange(0, MAX_SHOW_POINTS)
        self.count_entry.setAccessibleName(tr("Your count"))
        self._count_asked = False  # the count box was on show at the last render
        self.count_button = QPushButton(tr_ctx("button", "Count"), self)
        for button, tip in (
            (self.hint_button, tr("Discard advisor while discarding; the expert's play after")),
            (self.send_button, tr("Lay the two chosen cards away to the crib")),
            (self.continue_button, tr("Deal the next hand")),
            (self.verify_button, tr("Check the fair-deal commitment of the deal just shown")),
            (self.rematch_button, tr("Play another game")),
            (self.review_button, tr("Review your decisions in this game")),
            (self.count_button, tr("Score your hand with the points you entered")),
            (self.moves_button, tr("Show or hide the moves of the hand in play")),
        ):
            button.setToolTip(tip)
            button.setAccessibleName(button.text())
        self._lay_out()
        self._control_pixels = 0
        self._scale_controls(600)

    def _make_buttons(self) -> None:
        self.hint_button = QPushButton(tr("Hint"), self)
        self.use_hint_button = QPushButton(tr("Use this hint"), self)
        self.use_hint_button.setAccessibleName(tr("Use this hint"))
        self.send_button = QPushButton(tr("Send to crib"), self)
        self.continue_button = QPushButton(tr("Next hand"), self)
        self.verify_button = QPushButton(tr("Verify deal"), self)
        self.verification_box: QMessageBox | None = None
        self.rematch_button = QPushButton(tr("Rematch"), self)
        # Review the finished game's hands: shown at the game's end when the app gives the
        # table a way to open the review (the main window does; a practice or online table not).
        self.review_button = QPushButton(tr("Review"), self)
        self.on_review: Callable[[], object] | None = None
        self.moves_button = QPushButton(tr("Moves"), self)
        self.moves_button.setCheckable(True)

    def _lay_out(self) -> None:
        # The buttons have their own bar above the status line (as on the gin table), so a
        # long prompt keeps the whole width and the count box is wide enough to read.
        self.bar = QWidget(self)
        self.bar.setObjectName("actionBar")
        self.bar.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        row = QHBoxLayout(self.bar)
        row.setContentsMargins(8, 5, 8, 5)
        row.setSpacing(6)
        row.addWidget(self.hint_button)
        row.addWidget(self.use_hint_button)
        row.addWidget(self.moves_button)
        row.addStretch(1)
        for control in (self.count_entry, self.count_button, self.send_button,
                        self.verify_button, self.continue_button, self.review_button,
                        self.rematch_button):
            row.addWidget(control)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        # The felt and, when shown, the move log beside it.
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(self.move_log)
        self.splitter.setStretchFactor(0, 1)
        column.addWidget(self.splitter, 1)
        column.addWidget(self.bar)
        column.addWidget(self.status)

    def _connect_bar(self) -> None:
        """The buttons, the count box and the keys to the controller (made after the bar)."""
        self.count_button.clicked.connect(self._submit_count)
        self.moves_button.clicked.connect(lambda checked: self.show_move_log(checked))
        self.move_log.close_button.clicked.connect(lambda: self.show_move_log(False))
        self.controller.moves_changed.connect(
            lambda: self.move_log.set_lines(self.controller.moves))
        self.verify_button.clicked.connect(self.verify_deal)
        self.review_button.clicked.connect(self._review)
        # Keyboard: type the points in the box and press Enter.
        self.count_entry.lineEdit().returnPressed.connect(self._submit_count)
        self.key_actions: dict[str, QAction] = {}  # not ``actions``: QWidget.actions()
        self._build_actions()

    def _build_actions(self) -> None:
        """One ``QAction`` per row of ``CRIBBAGE_KEYS`` (window-wide while the table shows)."""
        c = self.controller
        handlers = {
            "prev": lambda: c.move_focus(-1), "next": lambda: c.move_focus(1),
            "choose": c.choose_focused, "confirm": self._confirm,
            "count": self._focus_count, "next_hand": c.continue_game,
            "hint": c.toggle_hint, "use_hint": c.use_hint, "verify": self.verify_deal,
            "rematch": self._rematch_key,
            "clear": c.clear_choice,
            "move_log": lambda: self.show_move_log(self.move_log.isHidden()),
        }
        self.key_actions.update(add_key_actions(self, CRIBBAGE_KEYS, handlers))
        self.use_hint_button.clicked.connect(c.use_hint)
        for button, action_id in ((self.hint_button, "hint"), (self.use_hint_button, "use_hint"),
                                  (self.continue_button, "next_hand"),
                                  (self.rematch_button, "rematch"),
                                  (self.verify_button, "verify")):
            button.setToolTip(self.key_actions[action_id].toolTip())

    def show_move_log(self, visible: bool = True) -> MoveLog:
        """Show (or hide) the moves of the hand in play beside the felt."""
        log = self.move_log
        if visible and log.isHidden():
            log.set_lines(self.controller.moves)
            log.show()
            total = self.width()
            width = log.preferred_width(total)
            self.splitter.setSizes([max(1, total - width), width])
        elif not visible:
            log.hide()
        self.moves_button.setChecked(log.isVisible())
        return log

    def verify_deal(self) -> bool:
        """Show whether the deal just shown matches its commitment (False: none, or no match)."""
        verdict = self.controller.verify_deal()
        if verdict is None:
            return False
        ok, text = verdict
        self.verification_box = show_verification(self, ok, text)
        return ok

    def _confirm(self) -> None:
        """Enter: the count box's points when a count is asked, otherwise the next step."""
        if self.display.ask_count:
            self._submit_count()
        else:
            self.controller.confirm()

    def _focus_count(self) -> None:
        if self.display.ask_count:
            self.count_entry.setFocus()
            self.count_entry.selectAll()

    def _review(self) -> None:
        if self.on_review is not None and self.display.stage == STAGE_OVER:
            self.on_review()

    def _rematch_key(self) -> None:
        if self.display.stage == STAGE_OVER:
            self.controller.rematch()

    def _submit_count(self) -> None:
        if self.display.ask_count:
            self.count_entry.interpretText()  # a typed number counts even before it is committed
            self.controller.submit_count(self.count_entry.value())

    def _scale_controls(self, height: int) -> None:
        """Buttons and status text in the gin table's style, growing with the window."""
        pixels = control_pixels(height)
        if pixels == self._control_pixels:
            return
        self._control_pixels = pixels
        self.setStyleSheet(button_style(pixels, "QPushButton { padding: 5px 16px; }"
                                        f"QSpinBox {{ font-size: {pixels}px; }}"))
        self.status.set_font_pixels(pixels)
        self.move_log.set_font_pixels(pixels)
        # Room for three digits and the arrows at any font size (it was 55 px wide).
        digits = self.count_entry.fontMetrics().horizontalAdvance("888")
        self.count_entry.setMinimumWidth(max(90, digits + pixels * 4))

    def _sync_controls(self, d: CribbageDisplay) -> None:
        """The buttons and the count box for what ``d`` shows."""
        self.send_button.setVisible(d.stage == STAGE_DISCARD)
        self.send_button.setEnabled(d.can_send)
        self.hint_button.setEnabled(d.stage in (STAGE_DISCARD, STAGE_PLAY) and d.your_turn)
        self.use_hint_button.setVisible(self.hints_allowed and bool(d.hint_cards)
                                        and d.stage in (STAGE_DISCARD, STAGE_PLAY))
        # No hint in a cut or after the game (the room goes to the status line), nor in a
        # rated online game.
        self.hint_button.setVisible(self.hints_allowed
                                    and d.stage not in (STAGE_CUT, STAGE_OVER))
        self.continue_button.setVisible(bool(d.continue_label))
        self.continue_button.setText(d.continue_label or tr("Next hand"))
        self.rematch_button.setVisible(d.stage == STAGE_OVER and self.rematch_allowed)
        self.review_button.setVisible(d.stage == STAGE_OVER and self.on_review is not None)
        self.verify_button.setVisible(d.verifiable)
        asking = d.ask_count and not self._count_asked
        self._count_asked = d.ask_count
        self.count_entry.setVisible(d.ask_count)
        self.count_button.setVisible(d.ask_count)
        if asking:  # ready to type at once
            self.count_entry.setFocus()
            self.count_entry.selectAll()

    def _sync_result(self, lay: CribbageTableLayout) -> None:
        result = self.display.result
        self.result_panel.setVisible(result is not None)
        if result is None:
            return
        names = self.display.names
        title = crib_words.winner_title(YOU if result.winner == 0 else names[result.winner])
        loser = 1 - result.winner
        subtitle = self.controller.match.rules.outcome_note(result.outcome, names[loser])
        target = self.controller.rules.target
        shown = [min(score, target) for score in result.scores]  # as the pegs stand
        score_line = f"{shown[0]} – {shown[1]}"
        if result.game_points > 1:
            score_line = tr_n("{score} · worth {count} game", "{score} · worth {count} games",
                              result.game_points).format(score=score_line,
                                                         count=result.game_points)
        picture = result.outcome if result.outcome != "win" else "trophy"
        self.result_panel.set_result(title, subtitle, score_line, picture, result.winner)
        # Centred right of the deck and the crib, which stay in view (it used to cover them).
        field = lay.field
        left = lay.crib.right() + lay.card_width * 0.15
        room = QRectF(left, field.top(), field.right() - left, field.height())
        height = min(room.height() * 0.42, room.width() * 0.38)
        width = min(room.width() * 0.94, height * 2.5)
        self.result_panel.set_rect(QRectF(room.center().x() - width / 2,
                                          room.center().y() - height / 2, width, height))
