"""How the tables read: panels without gaps or see-through, badges that fit, labels with
contrast on every felt (issue 39's cosmetics)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.table.card_item import MARK_LOCKED, MARK_NEW, CardItem
from ginrummy_desktop.gui.table.card_renderer import CardRenderer, CardStyle
from ginrummy_desktop.gui.table.palette import TABLE_COLOURS
from ginrummy_desktop.gui.table.scene import DropZone
from tests.gui_helpers import open_gin_window, stand_in_until


@pytest.fixture
def window(qtbot):
    yield from open_gin_window(qtbot, ask=False)


def _luminance(colour: QColor) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green())
            + 0.0722 * channel(colour.blue()))


def _contrast(one: QColor, other: QColor) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _painted(scene: QGraphicsScene, width: int, height: int) -> QImage:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, width, height), QRectF(0, 0, width, height))
    painter.end()
    return image


@pytest.mark.parametrize("felt", sorted(TABLE_COLOURS))
def test_an_idle_zone_label_is_readable_on_every_felt(qapp, felt):
    """The "Knock area" label as the table paints it, waiting for a card: its letters against
    the zone's inside, measured in the painted pixels (WCAG AA for normal text, 4.5:1)."""
    scene = QGraphicsScene(0, 0, 200, 260)
    scene.setBackgroundBrush(QColor(TABLE_COLOURS[felt]))
    zone = DropZone("knock", "Knock area")
    zone.set_rect(QRectF(20, 20, 160, 220))
    scene.addItem(zone)
    image = _painted(scene, 200, 260)
    inside = QColor(image.pixel(40, 40))  # inside the zone, clear of its label and its edge
    letters = max((QColor(image.pixel(x, y)) for x in range(30, 170) for y in range(30, 230)),
                  key=lambda colour: _contrast(colour, inside))
    ratio = _contrast(letters, inside)
    assert ratio >= 4.5, f"'Knock area' on the {felt} felt reads at {ratio:.1f}:1, under 4.5:1"


class _WordRecorder(QPainter):
    """A painter that notes each word drawn in a box, with the font and the box it got."""

    def __init__(self, device: QImage) -> None:
        super().__init__(device)
        self.words: list[tuple[str, QRectF, QFont]] = []

    def drawText(self, *args):  # noqa: N802 - Qt's name
        if len(args) == 3 and isinstance(args[0], QRectF):
            self.words.append((args[2], QRectF(args[0]), QFont(self.font())))
        return super().drawText(*args)


@pytest.mark.parametrize("large_index", [False, True], ids=["small-index", "large-index"])
@pytest.mark.parametrize("width", range(30, 200, 12))
def test_the_new_and_keep_ribbons_hold_their_whole_words(qapp, width, large_index):
    """A card just drawn that must be kept this turn shows NEW above KEEP in the index
    column. Each word, as the card paints it (View > Large card corners too), fits the length
    of its ribbon with a pixel to spare at each end, so it neither runs into the next ribbon
    nor is cut off at the ribbon's ends."""
    renderer = CardRenderer(CardStyle(large_index=large_index))
    card = Card.parse("TS")
    item = CardItem(card, renderer, width, card)
    item.set_marks({MARK_NEW, MARK_LOCKED})
    image = QImage(width + 2, int(item.height) + 2, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = _WordRecorder(image)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    drawn = {word: (box, font) for word, box, font in painter.words}
    assert set(drawn) >= {"NEW", "KEEP"}
    for word in ("NEW", "KEEP"):
        box, font = drawn[word]
        needed = QFontMetricsF(font).horizontalAdvance(word)
        assert needed <= box.width() - 2, (
            f"card width {width}: {word} needs {needed:.1f} px in a ribbon "
            f"{box.width():.1f} px long")


def _lines(text: str, font, width: int) -> list[str]:
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        lines.append(text[line.textStart():line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return lines


def test_resign_panel_hides_what_is_under_it_and_has_no_gap(window, qtbot):
    screen = window.gin_screen
    window.resize(800, 600)
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=2))
    assert screen.controller.settle()
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(screen.panel.isVisible)
    assert screen.controller.resigned
    # Opaque, over a table with no score panel or piles around its edges.
    assert "rgba" not in screen.panel.styleSheet().split("QFrame#resultPanel")[1].split("}")[0]
    assert not screen.table.score_panel.isVisible()
    # No empty rows: the body is hidden and the panel is no taller than its contents.
    assert not screen.panel.body.isVisible()
    needed = screen.panel.heightForWidth(screen.panel.width())
    assert screen.panel.height() <= needed
    # The score line never leaves "(playing to 100)" split, however narrow the panel.
    score = screen.panel.score
    for width in range(120, 600, 20):
        for line in _lines(score.text(), score.font(), width):
            assert line not in ("100)", "to 100)", "(playing"), (width, line)


def _inked_rows(image: QImage, left: int, right: int, top: int, bottom: int) -> list[int]:
    """The pixel rows in which the panel's light text is painted (its felt is dark)."""
    return [y for y in range(max(0, top), min(image.height(), bottom + 1))
            if any(QColor(image.pixel(x, y)).lightness() > 170
                   for x in range(max(0, left), min(image.width(), right + 1)))]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_end_of_hand_panel_has_no_gap_under_its_rows(window, qtbot, size):
    """Issue 39: the end-of-hand panel showed an empty band between its last row and the
    score line (at 1280x800 about three rows high). Measured in the panel's painted pixels:
    the blank between the rows and the score line is less than one and a half score lines
    (the layout's spacing and the rows' padding, about 16 px at both sizes)."""
    screen = window.gin_screen
    window.resize(*size)
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=4))
    stand_in_until(screen, lambda: screen.controller.reveal is not None)
    qtbot.waitUntil(screen.panel.isVisible)
    qtbot.wait(50)  # the window's new size and the panel's place are settled
    panel = screen.panel
    assert panel.body.isVisible() and panel.score.isVisible() and panel.rows
    image = panel.grab().toImage()
    ratio = image.devicePixelRatio()
    body, score = panel.body.geometry(), panel.score.geometry()
    left, right = int(min(body.left(), score.left()) * ratio), int(max(body.right(),
                                                                      score.right()) * ratio)
    rows = _inked_rows(image, left, right, int(body.top() * ratio), int(body.bottom() * ratio))
    words = _inked_rows(image, left, right, int(score.top() * ratio), int(score.bottom() * ratio))
    assert rows and words
    blank = (words[0] - rows[-1] - 1) / ratio
    line = panel.score.fontMetrics().height()
    assert blank < 1.5 * line, (f"{size[0]}x{size[1]}: {blank:.0f} px of empty panel between "
                                f"the last row and the score line (one line is {line} px)")


def test_nobody_is_dealer_before_the_cut_for_the_deal(qtbot):
    from tests.test_gui_cribbage_cuts import click_pack, deal_cut_table

    table = deal_cut_table(qtbot)
    assert table.controller.stage == "cut"
    assert "dealer" not in table.player_badge.text and "dealer" not in table.opponent_badge.text
    low, _high = table.display.cut_depths
    click_pack(qtbot, table, low + 2)  # both cut; Deal deals the first hand
    qtbot.waitUntil(table.continue_button.isVisible)
    qtbot.mouseClick(table.continue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table.controller.stage != "cut")
    dealer = table.controller.match.dealer
    marked = (table.player_badge, table.opponent_badge)[dealer]
    assert marked.text.endswith("· dealer")


def test_cribbage_buttons_have_their_own_bar_and_the_count_box_reads(qtbot):
    from tests.test_gui_cribbage_muggins import table_at_the_show

    table, _said, _landed = table_at_the_show(qtbot)
    assert table.count_entry.isVisible()
    # The status line spans the table; no button shares its row.
    status = table.status.geometry()
    assert status.width() == table.width()
    for button in (table.count_entry, table.count_button, table.send_button,
                   table.continue_button, table.hint_button):
        if button.isVisible():
            top_left = button.mapTo(table, button.rect().topLeft())
            assert top_left.y() + button.height() <= status.top()
    # Three digits and the arrows fit the count box.
    digits = table.count_entry.fontMetrics().horizontalAdvance("888")
    assert table.count_entry.width() >= digits + 30
