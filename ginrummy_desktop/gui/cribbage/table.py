"""The Cribbage table widget: cards, crib, play area, running count and the peg board.

``CribbageTable()`` is all the main window needs: it builds the scene on the shared table
machinery (``TableScene`` drag handling, ``CardItem``/``CardRenderer`` card art, ``Animator``,
``StatusLine``), the peg board, the buttons, and a ``CribbageController`` that plays a game
against the engine's bot. It draws whatever ``CribbageDisplay`` the controller gives it.

    table = CribbageTable(opponent="expert", speed="normal")   # starts a game at once
    window.setCentralWidget(table)
    table.controller.new_match()                        # "New Cribbage game" again
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QAction, QFontMetricsF
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.scoring import MAX_SHOW_POINTS
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n
from ginrummy_desktop.engine.wording import YOU, shown_name
from ginrummy_desktop.gui.cribbage.controller import ZONE_CRIB, ZONE_PLAY, CribbageController
from ginrummy_desktop.gui.cribbage.display import (
    STAGE_CUT,
    STAGE_DISCARD,
    STAGE_OVER,
    STAGE_PLAY,
    STAGE_SHOW,
    CribbageDisplay,
)
from ginrummy_desktop.gui.cribbage.keys import CRIBBAGE_KEYS
from ginrummy_desktop.gui.cribbage.pegboard import CribbagePegboard
from ginrummy_desktop.gui.cribbage.table_items import (
    Announcement,
    CountDisplay,
    ResultPanel,
    SpokenBanner,
)
from ginrummy_desktop.gui.cribbage.table_layout import CribbageTableLayout, table_layout
from ginrummy_desktop.gui.table.animation import DEFAULT_SPEED, Animator
from ginrummy_desktop.gui.table.card_item import MARK_CHOSEN, MARK_DEADWOOD, CardItem
from ginrummy_desktop.gui.table.card_items import CardItems
from ginrummy_desktop.gui.table.card_renderer import CardRenderer
from ginrummy_desktop.gui.table.controls_style import button_style, control_pixels
from ginrummy_desktop.gui.table.items import Badge, InfoPanel, table_font
from ginrummy_desktop.gui.table.keys import add_key_actions
from ginrummy_desktop.gui.table.layout import DEFAULT_CARD_SIZE, Placement, card_scale
from ginrummy_desktop.gui.table.move_log import MoveLog
from ginrummy_desktop.gui.table.palette import TablePalette, fill_with
from ginrummy_desktop.gui.table.result_panel import show_verification
from ginrummy_desktop.gui.table.scene import DropZone, TableScene
from ginrummy_desktop.gui.table.status import StatusLine
from ginrummy_desktop.gui.table.view import TableView

DECK_LAYERS = 3
CARD_Z = 100.0
CHOSEN_RAISE = 0.28  # a card chosen for the crib stands this many card widths above the hand


class CribbageTable(QWidget):
    """A whole cribbage game: the table view, a status line and the game's buttons."""

    # Online (gui/online/remote_cribbage.py): no hints in a rated game, and no Rematch at the
    # table (a new match is a new table in the lobby).
    hints_allowed = True
    rematch_allowed = True

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        opponent: Any = None,
        seed: int | None = None,
        rules: CribbageRules | None = None,
        match: CribbageMatch | None = None,
        renderer: CardRenderer | None = None,
        speed: str = DEFAULT_SPEED,
        names: tuple[str, str] | None = None,
        manual_count: bool = False,
    ) -> None:
        super().__init__(parent)
        names = names or (YOU, tr("Computer"))
        self.setAccessibleName(tr("Cribbage table"))
        self.scene = TableScene(self)
        self.view = TableView(self.scene, self)
        self.renderer = renderer or CardRenderer()
        self.animator = Animator(speed, self)
        self.status = StatusLine(self)
        fill_with(self, TablePalette.for_felt("green").status)  # until the window's felt applies
        self.board = CribbagePegboard(names=names)
        self.board.set_speed(speed)
        self.scene.addItem(self.board)
        self.crib_zone = self.scene.add_zone(DropZone(ZONE_CRIB, tr("Crib")))
        self.play_zone = self.scene.add_zone(DropZone(ZONE_PLAY, "", visible_frame=True))
        self.count_display = CountDisplay()
        self.announcement = Announcement()
        self.banner = SpokenBanner()
        self.result_panel = ResultPanel()
        self.hint_panel = InfoPanel(opaque=True)
        self.hint_panel.setZValue(5500)
        self.crib_badge = Badge()
        self.opponent_badge = Badge()
        self.player_badge = Badge()
        for item in (self.count_display, self.announcement, self.banner, self.result_panel,
                     self.hint_panel, self.crib_badge, self.opponent_badge, self.player_badge):
            self.scene.addItem(item)
        self.cards = CardItems(self.scene, self.renderer, self.animator)
        self.items: dict[object, CardItem] = self.cards.items  # the same live mapping
        self.display = CribbageDisplay()
        self.card_scale = card_scale(DEFAULT_CARD_SIZE)
        self.layout_geometry: CribbageTableLayout = table_layout(1000, 700)

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
        self._control_pixels = 0
        self._scale_controls(600)
        self.view.resized.connect(self._on_resized)

        self.controller = CribbageController(
            self, opponent=opponent, rules=rules, seed=seed, match=match, names=names,
            manual_count=manual_count,
        )
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

    # -- settings -----------------------------------------------------------------------------
    def set_speed(self, speed: str) -> None:
        """Animation speed for cards and pegs: "instant", "fast", "normal" or "slow"."""
        self.animator.set_speed(speed)
        self.board.set_speed(speed)

    def set_card_size(self, size: str) -> None:
        """"small", "medium", "large" or "huge": a share of the largest card that fits."""
        self.card_scale = card_scale(size)
        self._sync(animate=False)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(1180, 760)

    # -- called by the controller ---------------------------------------------------------------
    def announce(self, text: str, seat: int, quiet: bool = False) -> None:
        """Flash ``text`` over the play area (``quiet``: a smaller, shorter notice)."""
        scale = 0.0 if self.animator.instant else self.animator.scaled(1000) / 1000
        self.announcement.flash(text, seat, scale, hold_ms=700 if quiet else 1300)

    def clear_announcement(self) -> None:
        self.announcement.clear()

    @property
    def announcement_text(self) -> str:
        return self.announcement.text

    def show_display(self, display: CribbageDisplay) -> None:  # not render: QWidget.render()
        """Show ``display``: cards move (animated) to their places, labels and buttons update."""
        self.display = display
        self._sync(animate=True)

    def item_for(self, key: object) -> CardItem | None:
        return self.items.get(key)

    def card_centre(self, card: Card) -> QPointF:
        """Scene position of a card's centre (for tests and tools driving the mouse)."""
        return self.items[card].card_rect().center()

    def pack_point(self, depth: int) -> QPointF:
        """A scene point on the sliver of the spread pack's card at ``depth`` (for tests and
        tools driving the mouse): clicking it cuts there."""
        rect = self.items[("pack", depth)].card_rect()
        sliver = self.layout_geometry.card_width * 0.05
        return QPointF(rect.left() + sliver, rect.center().y())

    # -- layout -------------------------------------------------------------------------------
    def _on_resized(self, size: QSize) -> None:
        self._scale_controls(size.height())
        self._sync(animate=False)

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

    def _placements(self, lay: CribbageTableLayout) -> list[Placement]:
        d = self.display
        places: list[Placement] = []
        z = CARD_Z

        def put(key: object, pos: QPointF, card: Card | None, face_up: bool,
                draggable: bool = False, marks: frozenset[str] = frozenset()) -> None:
            nonlocal z
            z += 1
            places.append(Placement(key, pos, z, face_up, card, marks, draggable))

        low, high = d.cut_depths
        for i, pos in enumerate(lay.pack_positions(d.cut_pack, d.cut_for_deal)):
            # Depths the engine does not allow are dimmed (their click is refused in words).
            put(("pack", i), pos, None, False, draggable=d.your_turn,
                marks=frozenset() if low <= i <= high else frozenset({MARK_DEADWOOD}))
        for seat, _depth, card in d.cut_cards:
            put(card, lay.cut_card_position(seat), card, True)
        for i in range(DECK_LAYERS if d.deck_visible else 0):
            offset = i * lay.card_width * 0.02
            put(("deck", i), QPointF(lay.deck.x() - offset, lay.deck.y() - offset), None, False)
        if d.starter is not None:
            shift = lay.card_width * 0.12
            put(d.starter, QPointF(lay.deck.x() + shift, lay.deck.y() + shift), d.starter, True)
        # The crib: the backs already laid away (the person's chosen cards wait in the hand).
        crib_cards: list[tuple[object, Card | None, bool]] = [
            (("crib", i), None, False) for i in range(d.crib_hidden)
        ]
        crib_cards += [(c, c, True) for c in d.crib_shown]
        for (key, face, face_up), pos in zip(crib_cards, lay.crib_positions(len(crib_cards)),
                                             strict=True):
            put(key, pos, face, face_up)
        # The opponent's hand: backs, or the kept cards face up in the show.
        top: list[tuple[object, Card | None, bool]] = [
            (("opp", i), None, False) for i in range(d.opponent_hidden)
        ]
        top += [(c, c, True) for c in d.opponent_shown]
        for (key, face, face_up), pos in zip(top, lay.hand_positions(len(top),
                                                                     lay.opponent_row_top),
                                             strict=True):
            put(key, pos, face, face_up)
        # The player's hand; during the play cards that cannot go now are dimmed.
        playing = d.stage == STAGE_PLAY and d.your_turn
        raise_by = lay.card_width * CHOSEN_RAISE
        for card, pos in zip(d.hand, lay.hand_positions(len(d.hand), lay.player_row_top),
                             strict=True):
            dim = playing and card not in d.playable
            draggable = d.stage == STAGE_DISCARD or (d.stage == STAGE_PLAY and d.your_turn)
            marks = frozenset({MARK_DEADWOOD}) if dim else frozenset()
            if card in d.pending:  # chosen for the crib: raised in its place, marked CRIB
                pos = QPointF(pos.x(), pos.y() - raise_by)
                marks = frozenset({MARK_CHOSEN})
            put(card, pos, card, True, draggable, marks)
        for (_, card), pos in zip(d.play, lay.play_positions(len(d.play)), strict=True):
            put(card, pos, card, True)
        for seat, base in ((0, lay.player_pile), (1, lay.opponent_pile)):
            pile = d.piles[seat]
            for card, pos in zip(pile, lay.pile_positions(base, len(pile)), strict=True):
                put(card, pos, card, False)
        for card, pos in zip(d.show_cards, lay.show_positions(len(d.show_cards)), strict=True):
            put(card, pos, card, True)
        return places

    def _sync(self, animate: bool) -> None:
        size = self.view.viewport().size()
        lay = table_layout(size.width(), size.height(), self.card_scale)
        self.layout_geometry = lay
        d = self.display
        places = self._placements(lay)
        deck_top = QPointF(lay.deck)

        def from_pack(depth: int, size: int, for_deal: bool) -> QPointF:
            spread = lay.pack_positions(size, for_deal)
            return spread[min(depth, len(spread) - 1)] if spread else deck_top

        def origin(placement: Placement, vanished: list[QPointF]) -> QPointF:
            # A card the opponent plays or shows comes from where its back just was; a cut
            # card comes out of the spread pack where it was cut.
            key = placement.key
            for seat, depth, card in d.cut_cards:
                if key == card:
                    return from_pack(depth, 52 - seat, True)
            if key == d.starter and d.starter_from is not None:
                return from_pack(d.starter_from, 40, False)
            if isinstance(key, Card) and vanished and (
                    key in d.opponent_shown or any(c == key for _, c in d.play)):
                return vanished.pop()
            return deck_top

        def decorate(item: CardItem, placement: Placement) -> None:
            card = placement.card if isinstance(placement.card, Card) else None
            item.set_selected(card is not None and (card in d.pending or card == d.focus)
                              or d.cut_focus is not None and placement.key == ("pack",
                                                                             d.cut_focus))
            item.set_highlight(card is not None and (card in d.highlighted
                                                     or card in d.hint_cards))

        self.cards.sync(places, lay.card_width, animate, origin,
                        delay_ms=lambda index, _p: min(index, 12) * 12, decorate=decorate)
        if d.cut_pack:  # the order being cut was committed before the cut: say so
            tip = crib_words.pack_tooltip(d.cut_commitment)
            for i in range(d.cut_pack):
                self.items[("pack", i)].setToolTip(tip)
        self._sync_furniture(lay)

    def _sync_furniture(self, lay: CribbageTableLayout) -> None:
        """Everything that is not a card: board, zones, labels, panels, buttons."""
        d = self.display
        w = lay.card_width
        self.board.setPos(lay.board.topLeft())
        self.board.set_size(lay.board.width(), lay.board.height())
        self.crib_zone.set_rect(lay.crib)
        self.crib_zone.accepting = d.stage == STAGE_DISCARD and d.your_turn
        self.crib_zone.label = tr("Crib") if d.stage == STAGE_DISCARD else ""
        self.crib_zone.setVisible(not d.cut_for_deal)
        self.crib_zone.update()
        self.play_zone.set_rect(lay.play)
        self.play_zone.accepting = d.stage == STAGE_PLAY and d.your_turn
        self.play_zone.setVisible(d.stage in (STAGE_PLAY, STAGE_SHOW, STAGE_OVER))
        self.play_zone.update()
        owner = crib_words.crib_owner(YOU if d.dealer == 0 else d.names[d.dealer])
        badge_h = max(16.0, w * 0.2)
        # As wide as the owner's words need ("Krippe von Computer" is longer than "Computer's
        # crib"), up to the crib's surroundings; a longer name shows just the word "Crib".
        needed = QFontMetricsF(table_font(badge_h * 0.62, bold=True)).horizontalAdvance(owner)
        badge_w = min(max(w * 1.6, needed + badge_h), w * 2.6)
        badge_left = max(lay.field.left(), lay.crib.center().x() - badge_w / 2)
        self.crib_badge.set_text(owner, tr("Crib"))
        self.crib_badge.setVisible(not d.cut_for_deal)
        self.crib_badge.set_rect(QRectF(badge_left, lay.crib.bottom() + w * 0.06, badge_w,
                                        badge_h))
        # Nobody deals until the cut for the deal is decided (its title then names the dealer).
        # Name badges as wide as their words need (a long name and " · dealer" in German),
        # up to half a card more; past that the name alone.
        fonts = QFontMetricsF(table_font(badge_h * 0.62, bold=True))
        for badge, seat, top in ((self.opponent_badge, 1, lay.field.top()),
                                 (self.player_badge, 0,
                                  lay.player_row_top - badge_h - w * 0.06)):
            text = self._badge_text(d, seat)
            badge.set_text(text, shown_name(d.names[seat]))
            width = min(max(w * 1.9, fonts.horizontalAdvance(text) + badge_h), w * 2.6)
            badge.set_rect(QRectF(lay.field.left() + w * 0.1, top, width, badge_h))
        self.count_display.set_rect(lay.count_box)
        self.count_display.set_count(d.count, d.count_note)
        self.count_display.setVisible(d.stage == STAGE_PLAY or (
            d.stage == STAGE_OVER and not d.show_cards))
        flash_h = max(26.0, w * 0.42)
        play = lay.play
        self.announcement.set_rect(QRectF(play.left(), play.center().y() - flash_h / 2,
                                          lay.count_box.left() - play.left() - w * 0.1,
                                          flash_h))
        self.banner.set_rect(lay.banner)
        self.banner.set_text(d.show_title, d.spoken)
        self.banner.setVisible(bool(d.show_title) and d.result is None)
        # Calls of the play fade on their own; the show and the result speak for themselves.
        self.announcement.setVisible(d.stage in (STAGE_DISCARD, STAGE_PLAY, STAGE_CUT))
        self._sync_result(lay)
        self.hint_panel.setVisible(bool(d.hint_lines))
        if d.hint_lines:
            field = lay.field
            # Above the person's name badge; no wider than its table needs (big windows).
            top = field.top() + w * 0.3
            height = self.player_badge.rect().top() - w * 0.1 - top
            width = min(field.width() - w * 1.2, height * 1.45)
            self.hint_panel.set_rect(QRectF(field.center().x() - width / 2, top, width, height))
            self.hint_panel.set_content(d.hint_title, list(d.hint_lines))
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

    @staticmethod
    def _badge_text(d: CribbageDisplay, seat: int) -> str:
        """A seat's name badge: its name, and " · dealer" when it deals (nobody deals until
        the cut for the deal is decided; its title then names the dealer)."""
        name = shown_name(d.names[seat])
        if d.cut_for_deal or d.dealer != seat:
            return name
        return tr("{name} · dealer").format(name=name)

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
