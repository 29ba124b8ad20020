"""How the tables read: panels without gaps or see-through, badges that fit, labels with
contrast on every felt (issue 39's cosmetics)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetricsF, QTextLayout, QTextOption

from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.table.card_item import badge_font
from ginrummy_desktop.gui.table.palette import TABLE_COLOURS
from ginrummy_desktop.gui.table.scene import ZONE_IDLE_FILL, ZONE_IDLE_LABEL
from tests.gui_helpers import open_gin_window, stand_in_until


@pytest.fixture
def window(qtbot):
    yield from open_gin_window(qtbot, ask=False)


def _over(under: QColor, rgba: tuple[int, int, int, int]) -> QColor:
    alpha = rgba[3] / 255
    return QColor(*(round(c * (1 - alpha) + top * alpha)
                    for c, top in zip((under.red(), under.green(), under.blue()), rgba[:3],
                                      strict=True)))


def _luminance(colour: QColor) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green())
            + 0.0722 * channel(colour.blue()))


@pytest.mark.parametrize("felt", sorted(TABLE_COLOURS))
def test_an_idle_zone_label_is_readable_on_every_felt(felt):
    inside = _over(QColor(TABLE_COLOURS[felt]), ZONE_IDLE_FILL)
    label = _over(inside, ZONE_IDLE_LABEL)
    light, dark = sorted((_luminance(label), _luminance(inside)), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 4.5  # WCAG AA for normal text


@settings(max_examples=60, deadline=None)
@given(across=st.floats(4, 40), along=st.floats(12, 120),
       word=st.sampled_from(["NEW", "KEEP", "SEEN", "LAID", "CRIB"]))
def test_a_badge_word_never_runs_past_its_badge(qapp, across, along, word):
    font = badge_font(word, across, along)
    assert QFontMetricsF(font).horizontalAdvance(word) <= along - 2 or font.pixelSize() <= 1


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


def test_end_of_hand_panel_has_no_gap_under_its_rows(window, qtbot):
    screen = window.gin_screen
    window.resize(800, 600)
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=4))
    stand_in_until(screen, lambda: screen.controller.reveal is not None)
    qtbot.waitUntil(screen.panel.isVisible)
    panel = screen.panel
    gap = panel.score.geometry().top() - panel.body.geometry().bottom()
    assert gap <= panel.layout().spacing() + 2


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
