"""The table layout fits every window size from 800x600 to 4K without overlap or clipping."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRectF

from ginrummy_desktop.engine.cards import FULL_DECK, parse_cards
from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.gin.display import GinTableModel, RevealedRow
from ginrummy_desktop.gui.gin.table_layout import compute_layout
from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.gui.table.layout import fit_spacing, grouped_row, insertion_index, row_width

HAND = tuple(parse_cards("AC 2C 3C 7H 7S 7D 9S TD QH KS 5D"))


def busy_model(hand_size: int = 11, opponent: int = 10, known: int = 3) -> GinTableModel:
    rest = [c for c in FULL_DECK if c not in HAND]
    return GinTableModel(
        hand_order=HAND[:hand_size],
        melds=((HAND[0], HAND[1], HAND[2]), (HAND[3], HAND[4], HAND[5])),
        opponent_hidden=opponent - known, opponent_known=tuple(rest[:known]),
        discard_pile=tuple(rest[10:25]), stock_size=20, drawn=HAND[-1],
        score_title="Classic · to 100",
        score_lines=(("You", "0", True), ("Opponent", "0", True), ("Knock limit", "10", False)),
    )


def assert_disjoint_and_inside(regions: dict[str, QRectF], width: float, height: float) -> None:
    bounds = QRectF(0, 0, width, height)
    for name, rect in regions.items():
        assert bounds.contains(rect), f"{name} {rect} leaves the {width}x{height} table"
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.intersects(rb), f"{a} overlaps {b} at {width}x{height}"


@settings(max_examples=60, deadline=None)
@given(width=st.integers(800, 3840), height=st.integers(520, 2160),
       hand=st.integers(10, 11), known=st.integers(0, 4))
def test_layout_regions_never_overlap(width, height, hand, known):
    layout = compute_layout(busy_model(hand, 10, known), width, height)
    assert_disjoint_and_inside(layout.regions, width, height)
    assert layout.card_width >= 36


@settings(max_examples=30, deadline=None)
@given(width=st.integers(800, 3840), height=st.integers(520, 2160))
def test_end_of_hand_rows_leave_room_for_the_panel(width, height):
    rows = dict(
        reveal_top=RevealedRow(((HAND[0], HAND[1], HAND[2], HAND[10]), tuple(HAND[3:9])), 1,
                               frozenset({HAND[10]})),
        reveal_bottom=RevealedRow(((HAND[3], HAND[4], HAND[5]), tuple(HAND[6:10])), 1))
    layout = compute_layout(GinTableModel(**rows, show_piles=False), width, height, 260)
    assert_disjoint_and_inside(layout.regions, width, height)
    for rect in layout.regions.values():
        assert not rect.intersects(layout.middle)
    assert layout.middle.height() >= 250


def test_grouped_rows_and_insertion():
    assert row_width([3, 2], 100, 50, 30) == 100 + 4 * 50 + 30
    groups = grouped_row([3, 2], 100, 50, 30, 500, 10)
    xs = [p.x() for g in groups for p in g]
    assert xs == sorted(xs) and xs[3] - xs[2] == 80
    assert fit_spacing([11], 100, 600, 60, 20, 10) == 50
    assert fit_spacing([11], 100, 10_000, 60, 20, 10) == 60
    assert insertion_index([10, 20, 30], 5) == 0
    assert insertion_index([10, 20, 30], 25) == 2
    assert insertion_index([10, 20, 30], 35) == 3


@pytest.mark.parametrize("size", [(800, 600), (2560, 1440)])
def test_resized_window_has_no_overlapping_items(qtbot, size):
    window = MainWindow(storage=None, speed="instant")
    qtbot.addWidget(window)
    window.show()
    screen = window.gin_screen
    screen.new_match(MatchSetup(opponent="greedy", seed=8))
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    qtbot.waitUntil(lambda: screen.view.viewport().width() == window.centralWidget().width())
    viewport = screen.view.viewport().rect()
    table = screen.table
    assert table._size == (viewport.width(), viewport.height())
    assert_disjoint_and_inside(table.block_rects(), viewport.width(), viewport.height())
    # Every card item sits fully on the table.
    for item in table.items.values():
        assert QRectF(viewport).contains(item.card_rect()), item.key
    # The action bar's buttons are fully visible (once Qt has re-laid out the bar).
    buttons = [b for b in screen.buttons.values() if b.isVisible()]

    def bar_fits() -> bool:
        return all(b.width() >= b.minimumSizeHint().width() - 1
                   and b.parentWidget().rect().contains(b.geometry()) for b in buttons)

    qtbot.waitUntil(bar_fits)
