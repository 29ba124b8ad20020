"""The Cribbage table widget: cards, crib, play area, running count and the peg board.

``CribbageTable()`` is all the main window needs: it builds the scene on the shared table
machinery (``TableScene`` drag handling, ``CardItem``/``CardRenderer`` card art, ``Animator``,
``StatusLine``), the peg board, the buttons, and a ``CribbageController`` that plays a game
against the engine's bot. It draws whatever ``CribbageDisplay`` the controller gives it. The
view, the action bar, the status line and the result panel are the screen's
(``CribbageScreen``, screen.py); this module lays out and updates the felt's items.

    table = CribbageTable(opponent="expert", speed="normal")   # starts a game at once
    window.setCentralWidget(table)
    table.controller.new_match()                        # "New Cribbage game" again
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QWidget

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.cribbage import CribbageMatch, CribbageRules
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.translation import tr
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
from ginrummy_desktop.gui.cribbage.pegboard import CribbagePegboard
from ginrummy_desktop.gui.cribbage.screen import CribbageScreen
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
from ginrummy_desktop.gui.table.items import Badge, InfoPanel, table_font
from ginrummy_desktop.gui.table.layout import DEFAULT_CARD_SIZE, Placement, card_scale
from ginrummy_desktop.gui.table.scene import DropZone

DECK_LAYERS = 3
CARD_Z = 100.0
CHOSEN_RAISE = 0.28  # a card chosen for the crib stands this many card widths above the hand


class CribbageTable(CribbageScreen):
    """A whole cribbage game: the table view, a status line and the game's buttons (the
    screen's parts are ``CribbageScreen``'s, screen.py)."""

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
        self._build_view()  # the scene, the view and the status line (screen.py)
        self.renderer = renderer or CardRenderer()
        self.animator = Animator(speed, self)
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

        self._build_bar()  # the buttons, the count box and the move log (screen.py)
        self.view.resized.connect(self._on_resized)

        self.controller = CribbageController(
            self, opponent=opponent, rules=rules, seed=seed, match=match, names=names,
            manual_count=manual_count,
        )
        self._connect_bar()

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
        self._sync_badges(lay)
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
        self._sync_controls(d)

    def _sync_badges(self, lay: CribbageTableLayout) -> None:
        """The crib's owner and the players' name badges."""
        d = self.display
        w = lay.card_width
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

    @staticmethod
    def _badge_text(d: CribbageDisplay, seat: int) -> str:
        """A seat's name badge: its name, and " · dealer" when it deals (nobody deals until
        the cut for the deal is decided; its title then names the dealer)."""
        name = shown_name(d.names[seat])
        if d.cut_for_deal or d.dealer != seat:
            return name
        return tr("{name} · dealer").format(name=name)
