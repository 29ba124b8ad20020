"""The Gin Rummy screen: the table view, the action bar, the status line and the result panel.

Keyboard: every action is a ``QAction`` with a shortcut (``keys.py``: ``KEYS``, listed by
``shortcut_rows()`` for the Help menu and tooltips). The screen wires the scene's mouse signals
to the controller.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QMargins, QObject, QRect, QSize, Qt
from PySide6.QtGui import QAction, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.gin.results import (
    ARCADE_SCORE_MEANING,
    HandResult,
    arcade_score_text,
    describe_hand,
    match_over_text,
    match_totals,
    score_label_text,
)
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wording import YOU
from ginrummy_desktop.gui.gin.controller import HUMAN, GinController, MatchSetup, shown_name
from ginrummy_desktop.gui.gin.keys import KEYS, VIEW_KEYS, shown_rows
from ginrummy_desktop.gui.gin.score_sheet import ScoreSheetPanel
from ginrummy_desktop.gui.gin.table import GinTable
from ginrummy_desktop.gui.table.animation import DEFAULT_SPEED, Animator
from ginrummy_desktop.gui.table.card_renderer import CardRenderer
from ginrummy_desktop.gui.table.controls_style import button_style, control_pixels
from ginrummy_desktop.gui.table.keys import add_key_actions
from ginrummy_desktop.gui.table.layout import card_scale
from ginrummy_desktop.gui.table.move_log import MoveLog
from ginrummy_desktop.gui.table.result_panel import (
    ResultPanel,
    show_verification,
    verify_deal_text,
)
from ginrummy_desktop.gui.table.scene import TableScene
from ginrummy_desktop.gui.table.status import StatusLine
from ginrummy_desktop.gui.table.view import TableView

_BAR_EXTRA = """
QPushButton#knockButton:enabled { background: #ffcf4d; }
"""


def final_label_text(label: str) -> str:
    """A match-over line's label (the engine's English breakdown label, its box count and team
    taken off) in the chosen language."""
    suffix = " (shutout, doubled)"
    if label.endswith(suffix):
        return tr("{label} (shutout, doubled)").format(
            label=score_label_text(label.removesuffix(suffix)))
    return score_label_text(label)


class GinScreen(QWidget):
    """A complete Gin Rummy game area; the main window puts it in its centre."""

    controller_class: type[GinController] = GinController  # the online table drives its own

    def __init__(self, renderer: CardRenderer | None = None, speed: str = DEFAULT_SPEED,
                 player_name: str = YOU, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer or CardRenderer()
        self.scene = TableScene(self)
        self.view = TableView(self.scene, self)
        self.animator = Animator(speed, self)
        self.table = GinTable(self.scene, self.renderer, self.animator)
        self.controller = self.controller_class(self.table, self.animator, player_name, self)
        self.status = StatusLine(self)
        self.panel = ResultPanel(self.view)
        # The panel's fonts follow the window (a style sheet, applied later): when its text
        # then needs more height, it is placed again (a wrapped German title was cut off).
        self.panel.installEventFilter(self)
        self.on_rematch: Callable[[], None] | None = None
        self.on_new_opponent: Callable[[], object] | None = None
        self.before_new_match: Callable[[], None] | None = None
        self.published: dict[int, str] = {}  # hand number -> commitment shown before play
        self.active = True  # False while the window shows another game: keys do nothing

        self.key_actions: dict[str, QAction] = {}  # not ``actions``: QWidget.actions()
        self.view_actions: dict[str, QAction] = {}
        self._build_actions()
        bar = self._build_bar()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        # The table and, when shown, the score sheet beside it (View → Score sheet).
        self.score_sheet = ScoreSheetPanel(self.controller)
        self.score_sheet.hide()
        self.score_sheet.close_button.clicked.connect(lambda: self.show_score_sheet(False))
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setChildrenCollapsible(False)
        self.move_log = MoveLog()
        self.move_log.hide()
        self.move_log.close_button.clicked.connect(lambda: self.show_move_log(False))
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(self.score_sheet)
        self.splitter.addWidget(self.move_log)
        self.splitter.setStretchFactor(0, 1)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(bar)
        layout.addWidget(self.status)

        self.scene.accepts = self.controller.accepts
        self.scene.card_clicked.connect(self.controller.click)
        self.scene.card_double_clicked.connect(self.controller.double_click)
        self.scene.card_dropped.connect(
            lambda item, zone, centre: self.controller.drop(item, zone, centre.x()))
        self.scene.background_clicked.connect(self.animator.skip)
        self.view.resized.connect(self._resized)
        self.controller.message.connect(self.status.show_message)
        self.controller.prompt.connect(self.status.show_prompt)
        self.controller.changed.connect(self._update_controls)
        self.controller.hand_over.connect(self._show_result)
        self.controller.moves_changed.connect(
            lambda: self.move_log.set_lines(self.controller.moves))
        self.setAccessibleName(tr("Gin Rummy table"))

    # -- construction ------------------------------------------------------------------

    def _build_actions(self) -> None:
        c = self.controller
        handlers: dict[str, Callable[[], object]] = {
            "stock": c.draw_stock, "take": c.draw_discard, "pass": c.pass_upcard,
            "discard": self._enter, "knock": lambda: c.knock(c.selected),
            "prev": lambda: c.move_selection(-1), "next": lambda: c.move_selection(1),
            "move_left": lambda: c.shift_selected(-1), "move_right": lambda: c.shift_selected(1),
            "sort_rank": lambda: c.sort_hand("rank"), "sort_suit": lambda: c.sort_hand("suit"),
            "sort_melds": lambda: c.sort_hand("melds"), "hint": c.request_hint,
            "use_hint": c.use_hint,
            "undo": c.undo, "fan": c.toggle_fan, "skip": self._skip,
            "deselect": lambda: c.select(None) if c.selected else None,
        }
        self.key_actions.update(add_key_actions(self, shown_rows(KEYS), handlers,
                                                guard=self._guarded))
        self.view_actions.update(add_key_actions(
            self, shown_rows(VIEW_KEYS), {"score_sheet": lambda: self.show_score_sheet(
                self.view_actions["score_sheet"].isChecked()),
                "move_log": lambda: self.show_move_log(
                self.view_actions["move_log"].isChecked())}, checkable=True))

    def show_move_log(self, visible: bool = True) -> MoveLog:
        """Show (or hide) the moves of the hand in play beside the table."""
        log = self.move_log
        if visible and log.isHidden():
            log.set_lines(self.controller.moves)
            log.show()
            self._size_score_sheet()
        elif not visible:
            log.hide()
        self.view_actions["move_log"].setChecked(log.isVisible())
        self.buttons["moves"].setChecked(log.isVisible())
        return log

    def show_score_sheet(self, visible: bool = True) -> ScoreSheetPanel:
        """Show (or hide) the score sheet beside the table (the cards keep the rest of the
        width; the bar and status line stay full width)."""
        panel = self.score_sheet
        if visible and panel.isHidden():
            panel.show()
            self._size_score_sheet()
        elif not visible:
            panel.hide()
        if visible:
            panel.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.view_actions["score_sheet"].setChecked(panel.isVisible())
        self._offer_score_sheet()
        return panel

    def _offer_score_sheet(self) -> None:
        """The match-over panel offers the sheet while it is shut."""
        offer = self.panel.button(tr("Score sheet"))
        if offer is not None:
            offer.setVisible(self.score_sheet.isHidden())
            self._place_panel()

    def _size_score_sheet(self) -> None:
        """The side panels (score sheet, move log) at their preferred widths; the cards keep
        the rest."""
        total = self.width()
        sheet = 0 if self.score_sheet.isHidden() else self.score_sheet.preferred_width(total)
        log = 0 if self.move_log.isHidden() else self.move_log.preferred_width(total)
        if sheet or log:
            self.splitter.setSizes([max(1, total - sheet - log), sheet, log])

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._size_score_sheet()  # a third of the new width (a drag holds until the next)
        self._fit_bar()

    def _fit_bar(self) -> None:
        """Show the Moves button only when the bar has room for it beside the others."""
        moves = self.buttons.get("moves")
        if moves is None:
            return
        row = self._bar_row
        row.invalidate()
        extra = moves.sizeHint().width() + row.spacing()
        others = row.minimumSize().width() - (0 if moves.isHidden() else extra)
        moves.setVisible(self.width() >= others + extra)  # the bar spans the screen

    def _guarded(self, handler: Callable[[], object]) -> None:
        if self.active and self.controller.session is not None:
            handler()

    def _build_bar(self) -> QWidget:
        bar = QWidget(self)
        bar.setObjectName("actionBar")
        bar.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        bar.setStyleSheet(button_style(control_pixels(600), _BAR_EXTRA))
        row = QHBoxLayout(bar)
        row.setContentsMargins(8, 5, 8, 5)
        row.setSpacing(6)
        self.buttons: dict[str, QPushButton] = {}

        def add(action_id: str, text: str) -> QPushButton:
            action = self.key_actions[action_id]
            button = QPushButton(text, bar)
            button.setToolTip(action.toolTip())
            button.setAccessibleName(action.text())
            button.setAccessibleDescription(action.toolTip())
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(action.trigger)
            row.addWidget(button)
            self.buttons[action_id] = button
            return button

        # Translators: the action bar's sort buttons (sort the hand by rank, suit, melds).
        add("sort_rank", tr_ctx("sort button", "Rank"))
        add("sort_suit", tr_ctx("sort button", "Suit"))
        add("sort_melds", tr_ctx("sort button", "Melds"))
        row.addSpacing(12)
        add("take", tr("Take upcard"))
        add("pass", tr_ctx("button", "Pass"))
        row.addStretch(1)
        add("knock", tr_ctx("button", "Knock")).setObjectName("knockButton")
        row.addStretch(1)
        add("hint", tr_ctx("button", "Hint"))
        add("use_hint", tr("Use this hint")).setVisible(False)  # once a hint is on show
        # Translators: the action bar's button that shows the move log.
        moves = QPushButton(tr_ctx("button", "Moves"), bar)
        moves.setCheckable(True)
        moves.setToolTip(self.view_actions["move_log"].toolTip())
        moves.setAccessibleName(tr("Move log"))
        moves.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        moves.clicked.connect(lambda checked: self.show_move_log(checked))
        # Where the bar has no room for it (800 px beside the online chat) it steps aside
        # rather than widen the window; L or View → Move log still open the log.
        moves.hide()
        row.addWidget(moves)
        self.buttons["moves"] = moves
        add("undo", tr_ctx("button", "Undo"))
        add("skip", tr("Skip ahead")).setVisible(False)  # while the person watches a hand
        self._bar = bar
        self._bar_row = row
        return bar

    # -- behaviour ---------------------------------------------------------------------

    def new_match(self, setup: MatchSetup) -> None:
        if self.before_new_match is not None:
            self.before_new_match()
        self.panel.hide()
        self.table.middle_reserve = 0.0
        self.published.clear()
        self.controller.new_match(setup)
        self._remember_commitment()

    def start_session(self, session: object, setup: MatchSetup, hand_order: list | None = None
                      ) -> None:
        """Continue a restored match (resume after quit or crash)."""
        self.panel.hide()
        self.table.middle_reserve = 0.0
        self.published.clear()
        self.controller.start(session, setup, hand_order)  # type: ignore[arg-type]
        self._remember_commitment()

    def _remember_commitment(self) -> None:
        if self.controller.session is not None:
            view = self.controller.view()
            self.published.setdefault(view.hand_number, view.commitment)

    def _enter(self) -> None:
        if self.panel.isVisible():
            self._continue()
        else:
            self.controller.discard_selected()

    def _skip(self) -> None:
        if self.controller.skip_ahead():  # a hand the person watches: play it out
            return
        if self.animator.busy:
            self.animator.skip()
        elif self.panel.isVisible() and self.controller.session is not None \
                and not self.controller.session.over:
            self._continue()

    def _continue(self) -> None:
        session = self.controller.session
        if self.controller.resigned or session is None or session.over:
            # The match-over (or resign) panel stays: it offers a rematch or a new opponent,
            # and Enter must not take it away with nothing to deal.
            return
        self.panel.hide()
        self.table.middle_reserve = 0.0
        self.controller.continue_after_hand()
        self._remember_commitment()

    def set_card_size(self, size: str) -> None:
        """"small", "medium", "large" or "huge": a share of the largest card that fits."""
        self.table.set_card_scale(card_scale(size))
        self._place_panel()

    def _resized(self, size: QSize) -> None:
        self._scale_controls(size)
        self.table.set_size(size.width(), size.height())
        self._place_panel()

    def _scale_controls(self, size: QSize) -> None:
        """Grow the bar, status line and panel text with the table on big windows."""
        pixels = control_pixels(size.height())
        if pixels == getattr(self, "_control_pixels", None):
            return
        self._control_pixels = pixels
        self._bar.setStyleSheet(button_style(pixels, _BAR_EXTRA))
        self.status.set_font_pixels(pixels)
        self.panel.set_font_pixels(pixels + 1)
        self.move_log.set_font_pixels(pixels)

    def _update_controls(self) -> None:
        c = self.controller
        has = c.session is not None
        view = c.view() if has else None
        kinds = {a.kind for a in view.legal_actions} if view else set()
        mine = view is not None and view.to_move == HUMAN and c.reveal is None and not c.resigned
        self.buttons["take"].setEnabled(mine and "draw_discard" in kinds)
        self.buttons["take"].setText(tr("Take upcard") if "pass" in kinds else tr("Take discard"))
        self.buttons["pass"].setEnabled(mine and "pass" in kinds)
        out = mine and bool(kinds & {"knock", "gin", "big_gin"})
        self.buttons["knock"].setEnabled(out)
        self.buttons["knock"].setText(tr("Big Gin!") if "big_gin" in kinds else
                                      tr("Gin!") if "gin" in kinds else tr_ctx("button", "Knock"))
        self.buttons["hint"].setEnabled(mine)
        self.buttons["use_hint"].setVisible(mine and c.last_hint is not None
                                            and not self.buttons["hint"].isHidden())
        self.buttons["undo"].setEnabled(c.can_undo)
        self.buttons["undo"].setVisible(c.undo_on)
        for key in ("sort_rank", "sort_suit", "sort_melds"):
            self.buttons[key].setEnabled(has and c.reveal is None and bool(c.hand_order))
        self.key_actions["undo"].setEnabled(c.can_undo)
        watching = has and c.watching and c.reveal is None
        self.buttons["skip"].setVisible(watching)
        self.buttons["skip"].setEnabled(watching and not c.fast_forward)
        self._fit_bar()

    # -- end of hand -------------------------------------------------------------------

    def _show_result(self, result: HandResult) -> None:
        c = self.controller
        session = c.session
        assert session is not None
        view = c.view()
        # Sentences address the person as "you"; labels and scores show the profile name.
        you, names = c.seat_names(you=True), c.seat_names()
        names = {seat: shown_name(name) for seat, name in names.items()}
        deal = c.deal_results if len(c.deal_results) == 2 else ()
        title = describe_hand(result, you)
        lines: list[tuple[str, ...]] = []
        header: tuple[str, ...] = ()
        score = self._score_text()
        meaning = ""
        buttons: list[tuple[str, Callable[[], object], str]] = []
        if deal:  # a partnership deal: what it scored, then both tables (one line each)
            title = c.deal_outcome_text()
            lines.append((tr("Your table: {result}").format(result=describe_hand(deal[0], you)),))
            # Translators: "Other table (Bo vs Cy): Bo knocked with 6: Bo scores 12".
            lines.append((tr("{table}: {result}").format(table=self._table_name(deal[1]),
                                                         result=describe_hand(deal[1], you)),))
        if session.over:
            sides = c.sides()
            winning = next((side for side, members in enumerate(sides)
                            if set(members) & set(view.winners)), None)
            last_hand = tr("Last hand: {result}").format(result=title) if not deal else \
                c.deal_outcome_text(last=True)
            lines = []
            if winning is None:
                title = tr("The match is drawn")
            else:
                title = match_over_text(
                    c.side_name(winning, you=True), team=len(sides[winning]) > 1,
                    members=[c.name_of(seat, True) for seat in sides[winning]])
            header = ("", *(c.side_name(side) for side in range(len(sides))))
            table: dict[str, list[str]] = {}
            for label, side, points in view.final_breakdown:
                # "Boxes (2 x 20)" differs per player: one row "Boxes" for every column;
                # a partnership's lines name their team, which the column already does.
                label = re.sub(r"\s*\(\d+ x \d+\)", "", label)
                label = re.sub(r"^Team [\d+]+: ", "", label)
                label = label.replace(", doubled for a shutout", " (shutout, doubled)")
                row = table.setdefault(label, ["–"] * len(sides))
                if 0 <= side < len(sides):
                    row[side] = str(points)
            lines += [(final_label_text(label), *values) for label, values in table.items()]
            score = last_hand
            if HUMAN in view.winners:  # the arcade score and what it counts (issue 39)
                totals = match_totals(view.final_breakdown, view.scores)
                rival = max((side for side in range(len(sides)) if side != winning),
                            key=lambda side: totals[sides[side][0]])
                score = arcade_score_text(totals[HUMAN], totals[sides[rival][0]],
                                          c.side_name(rival)) + f"\n{last_hand}"
                meaning = tr(ARCADE_SCORE_MEANING)
            buttons += self._match_over_buttons()
            buttons.append((tr("Score sheet"), lambda: self.show_score_sheet(True),
                            self.view_actions["score_sheet"].toolTip()))
        else:
            if result.kind != "draw" and not deal:
                for hand in result.hands:
                    name = names.get(hand.seat, "?")
                    count = len(hand.layoffs)
                    label = tr_n("{name}: deadwood (after laying off {count})",
                                 "{name}: deadwood (after laying off {count})", count
                                 ).format(name=name, count=count) if count \
                        else tr("{name}: deadwood").format(name=name)
                    lines.append((label, str(hand.deadwood_points)))
                lines += [(score_label_text(item.label), str(item.points))
                          for item in result.items]
            if deal:
                buttons.append((tr("Next deal"), self._continue, tr("Deal the next deal")))
            else:
                buttons.append((tr("Next hand"), self._continue, tr("Deal the next hand")))
        buttons.append((tr("Verify deal"), self.verify_deal, tr("Check the fair-deal commitment")))
        self.panel.set_content(title, lines, score, buttons, header)
        self.panel.score.setToolTip(meaning)
        self._offer_score_sheet()
        self.panel.adjustSize()
        self.table.middle_reserve = self._panel_size().height() + 16
        self.table.set_size(self.view.viewport().width(), self.view.viewport().height())
        self._place_panel()
        self.panel.show()
        self.panel.raise_()
        self.status.show_prompt(tr("Hand over: {result}").format(result=title), "success")

    def _table_name(self, result: HandResult) -> str:
        """"Other table (Bo vs Cy)": the other partnership table, by its players."""
        c = self.controller
        players = [shown_name(c.name_of(hand.seat)) for hand in result.hands]
        if len(players) == 2:
            return tr("Other table ({first} vs {second})").format(first=players[0],
                                                                  second=players[1])
        return tr("Other table ({players})").format(players=tr(", ").join(players))

    def _score_text(self) -> str:
        """"Ann 31  ·  Ada the Expert 12   (playing to 100)", one entry per side."""
        c = self.controller
        view = c.view()
        # Non-breaking spaces in "(playing to 100)": a narrow panel wraps before it, never
        # leaving "100)" alone on a line.
        parts = [f"{c.side_name(side)} {view.scores[members[0]]}"
                 for side, members in enumerate(c.sides())]
        # Translators: keep the non-breaking spaces (a narrow panel must not wrap inside).
        target = tr("(playing\u00a0to\u00a0{target})").format(target=c.rules.target)
        return "  ·  ".join(parts) + f"   {target}"

    def resign(self) -> bool:
        """Resign the match (a loss); the panel offers a rematch or a new opponent."""
        c = self.controller
        if not c.resign():
            return False
        self.panel.set_content(c.resign_text(), [], self._score_text(),
                               self._match_over_buttons(), ())
        self.panel.score.setToolTip("")
        self.panel.adjustSize()
        self._place_panel()
        self.panel.show()
        self.panel.raise_()
        self._update_controls()
        return True

    def _match_over_buttons(self) -> list[tuple[str, Callable[[], object], str]]:
        return [(tr("Rematch"), self._rematch, tr("Play a rematch")),
                (tr("New opponent…"), self._new_opponent, tr("Choose a new opponent"))]

    def _panel_size(self) -> QSize:
        room = self.view.viewport().width()
        width = min(max(620, int(room * 0.4)), max(320, int(room * 0.72)))
        # Beside the score sheet the table is narrow: the buttons' width wins over the margin.
        width = max(width, min(self.panel.minimumSizeHint().width(), room - 8))
        # The row of buttons at their full words (German "Austeilung prüfen"): the layout
        # would squeeze them below their size hints and cut their words off.
        buttons = [b for b in self.panel.findChildren(QPushButton) if not b.isHidden()]
        if buttons:
            margins = self.panel.contentsMargins()
            inner = self.panel.layout()
            padding = inner.contentsMargins() if inner is not None else QMargins()
            row = sum(b.sizeHint().width() for b in buttons) \
                + max(6, self.panel.buttons.spacing()) * (len(buttons) - 1) \
                + margins.left() + margins.right() + padding.left() + padding.right()
            width = max(width, min(row, room - 8))
        # The height the panel needs at this width (wrapped text included); the size hint's
        # height is for its own narrower width, where titles wrap more, and left a gap.
        height = self.panel.heightForWidth(width)
        return QSize(width, height if height > 0 else self.panel.sizeHint().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.panel and event.type() == QEvent.Type.LayoutRequest \
                and self.panel.isVisible() and self.table.layout is not None:
            size = self._panel_size()
            if size.height() != self.panel.height():
                self._place_panel()
        return super().eventFilter(watched, event)

    def _place_panel(self) -> None:
        if self.table.layout is None:
            return
        size = self._panel_size()
        middle = self.table.layout.middle
        viewport = self.view.viewport().rect()
        x = int((viewport.width() - size.width()) / 2)
        y = int(middle.center().y() - size.height() / 2)
        y = max(0, min(y, viewport.height() - size.height()))
        self.panel.setGeometry(QRect(x, y, size.width(), size.height()))

    def show_commitment(self) -> str:
        """The current hand's fair-deal commitment in a box the person can copy it from."""
        session = self.controller.session
        if session is None:
            return ""
        view = self.controller.view()
        commitment = view.commitment
        box = QMessageBox(QMessageBox.Icon.Information, tr("Deal commitment"),
                          tr("Hand {number} was shuffled before play and published as this "
                             "SHA-256 commitment. After the hand, Verify deal reveals the deck "
                             "and salt so you can check it.").format(number=view.hand_number + 1),
                          QMessageBox.StandardButton.Close, self)
        box.setInformativeText(commitment)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        copy = box.addButton(tr_ctx("button", "Copy"), QMessageBox.ButtonRole.ActionRole)
        copy.clicked.connect(lambda: QApplication.clipboard().setText(commitment))
        box.setAccessibleName(tr("Deal commitment"))
        box.open()
        self.commitment_box = box
        return commitment

    def verify_deal(self) -> bool:
        session = self.controller.session
        if session is None or not session.hand_records():
            return False
        records = session.hand_records()
        record = records[-1]
        if self.controller.players == 4:  # a partnership deal: the table the person played
            record = next((r for r in reversed(records) if HUMAN in r.get("seats", ())), record)
        published = self.published.get(record.get("hand_number", -1))
        ok, text = verify_deal_text(record, published)
        self.last_verification = (ok, text)
        self.verification_box = show_verification(self, ok, text)
        return ok

    def _rematch(self) -> None:
        if self.on_rematch:
            self.on_rematch()
        else:
            self.new_match(self.controller.setup)

    def _new_opponent(self) -> None:
        if self.on_new_opponent:
            self.on_new_opponent()
