"""Where things go on the cribbage table for a given window size (pure geometry).

The peg board stands along the right edge; the card field fills the rest: the opponent's hand
at the top, the player's at the bottom, and between them the deck with the starter, the crib
(marked with its owner) and the play area with the running count. Sizes are in card widths so
one layout fits every window from 800x600 up.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from ginrummy_desktop.gui.table.card_renderer import card_height
from ginrummy_desktop.gui.table.layout import card_width_for, grouped_row

HAND_SPACING = 0.62  # overlap of cards in a hand, in card widths (the closest)
WIDEST_HAND_SPACING = 1.06  # a wide window spreads a hand up to a small gap between cards
HAND_SHARE = 0.55  # the share of the field's width a spread hand may take
PLAY_SPACING = 0.42  # overlap of cards laid in the play
MAX_PLAY_CARDS = 8


@dataclass(frozen=True)
class CribbageTableLayout:
    """Rectangles and positions for one window size; every field is in scene pixels."""

    width: float
    height: float
    card_width: float
    board: QRectF
    field: QRectF
    opponent_row_top: float
    player_row_top: float
    middle_top: float
    deck: QPointF
    crib: QRectF
    play: QRectF
    count_box: QRectF
    banner: QRectF
    player_pile: QPointF
    opponent_pile: QPointF

    @property
    def card_height(self) -> float:
        return card_height(self.card_width)

    def hand_positions(self, count: int, top: float) -> list[QPointF]:
        """Top-left corners of ``count`` overlapping cards centred in the field."""
        if count <= 0:
            return []
        # Wide windows spread the hand (up to a small gap) rather than leave the felt empty.
        room = (self.field.width() * HAND_SHARE / self.card_width - 1) / max(1, count - 1)
        spacing = min(WIDEST_HAND_SPACING, max(HAND_SPACING, room))
        row = grouped_row([count], self.card_width, self.card_width * spacing, 0.0,
                          self.field.center().x(), top)
        return row[0]

    def crib_positions(self, count: int) -> list[QPointF]:
        """Cards in the crib, slightly fanned so the count of cards is visible."""
        step = self.card_width * 0.18
        left = self.crib.center().x() - (self.card_width + step * max(0, count - 1)) / 2
        top = self.crib.top() + (self.crib.height() - self.card_height) / 2
        return [QPointF(left + i * step, top + (i % 2) * step * 0.25) for i in range(count)]

    def play_positions(self, count: int) -> list[QPointF]:
        """Cards of the current count, overlapping left to right in the order laid."""
        top = self.play.top() + (self.play.height() - self.card_height) / 2
        left = self.play.left() + self.card_width * 0.2
        step = self.card_width * PLAY_SPACING
        if count > 1:  # squeeze a long count so it never runs under the count display
            room = self.count_box.left() - left - self.card_width
            step = max(self.card_width * 0.18, min(step, room / (count - 1)))
        return [QPointF(left + i * step, top) for i in range(count)]

    def show_positions(self, count: int) -> list[QPointF]:
        """A show group laid out in the play area: the cards, a gap, then the starter last."""
        if count <= 0:
            return []
        step = self.card_width * 0.78
        top = self.play.top() + (self.play.height() - self.card_height) / 2
        left = self.play.left() + self.card_width * 0.2
        positions = [QPointF(left + i * step, top) for i in range(max(0, count - 1))]
        positions.append(QPointF(left + (count - 1) * step + self.card_width * 0.35, top))
        return positions

    def pack_positions(self, count: int, for_deal: bool) -> list[QPointF]:
        """The pack spread face down for a cut: across the whole field for the deal, across
        the play area for the starter; each card shows a sliver to click."""
        if count <= 0:
            return []
        area = self.field if for_deal else self.play
        left = area.left() + self.card_width * 0.2
        right = area.right() - self.card_width * 1.2
        step = (right - left) / max(1, count - 1)
        top = self.middle_top
        return [QPointF(left + i * step, top) for i in range(count)]

    def cut_card_position(self, seat: int) -> QPointF:
        """Where a card cut for the deal lies face up: on its cutter's side of the table."""
        top = self.player_row_top if seat == 0 else self.opponent_row_top
        return QPointF(self.field.center().x() - self.card_width / 2, top)

    def pile_positions(self, base: QPointF, count: int) -> list[QPointF]:
        """Cards turned over after earlier counts: a neat, slightly offset stack."""
        step = self.card_width * 0.05
        return [QPointF(base.x() + i * step, base.y() - i * step * 0.6) for i in range(count)]


def table_layout(width: float, height: float, scale: float = 1.0) -> CribbageTableLayout:
    """Lay the table out for a ``width`` x ``height`` scene; ``scale`` (at most 1, the card
    size setting) shrinks cards below the largest that fits."""
    width = max(320.0, float(width))
    height = max(240.0, float(height))
    margin = max(6.0, min(width, height) * 0.015)
    board_width = min(max(height * 0.3, 150.0), width * 0.25)
    board = QRectF(width - board_width - margin, margin, board_width, height - 2 * margin)
    field = QRectF(margin, margin, board.left() - 2 * margin, height - 2 * margin)
    # Across: deck, crib and an eight-card play area; down: three rows of cards and labels.
    card_width = card_width_for(field.width(), field.height(), 8.4, 3 * 1.4 + 1.5,
                                minimum=30.0) * min(1.0, scale)
    ch = card_height(card_width)
    label = card_width * 0.32
    opponent_row_top = field.top() + label
    player_row_top = field.bottom() - ch - card_width * 0.12
    middle_top = (opponent_row_top + ch + player_row_top) / 2 - ch / 2 - label * 0.2
    left = field.left() + card_width * 0.15
    deck = QPointF(left, middle_top)
    crib = QRectF(left + card_width * 1.3, middle_top - card_width * 0.1, card_width * 1.55,
                  ch + card_width * 0.2)
    play_left = crib.right() + card_width * 0.35
    play = QRectF(play_left, middle_top - card_width * 0.1, field.right() - play_left,
                  ch + card_width * 0.2)
    count_box = QRectF(play.right() - card_width * 1.55, play.top(), card_width * 1.45,
                       play.height())
    # The show's spoken count sits between the opponent's cards and the middle row.
    gap_top = opponent_row_top + ch + card_width * 0.04
    gap = middle_top - card_width * 0.14 - gap_top
    banner = QRectF(field.left(), gap_top, field.width(), max(label * 1.2, min(label * 2.2, gap)))
    pile_x = field.right() - card_width * 1.25
    player_pile = QPointF(pile_x, player_row_top)
    opponent_pile = QPointF(pile_x, opponent_row_top)
    return CribbageTableLayout(
        width=width,
        height=height,
        card_width=card_width,
        board=board,
        field=field,
        opponent_row_top=opponent_row_top,
        player_row_top=player_row_top,
        middle_top=middle_top,
        deck=deck,
        crib=crib,
        play=play,
        count_box=count_box,
        banner=banner,
        player_pile=player_pile,
        opponent_pile=opponent_pile,
    )
