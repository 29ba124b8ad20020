"""The cribbage peg board: leapfrogging pegs, their holes, animation, hover notes, resizing."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from ginrummy_desktop.gui.cribbage.pegboard import CribbagePegboard
from ginrummy_desktop.gui.cribbage.pegboard_layout import (
    HEIGHT_UNITS,
    PegboardLayout,
    width_units,
)

GAME_HOLE = 121  # the standard game's target, which a board without rules plays to


@pytest.fixture
def board(qtbot):
    scene = QGraphicsScene()
    item = CribbagePegboard(width=240, height=700)
    item.set_speed("instant")
    scene.addItem(item)
    yield item
    scene.removeItem(item)


def peg_at(board: CribbagePegboard, player: int, hole: int) -> bool:
    """True when one of the player's peg items is drawn exactly at ``hole``."""
    for index, peg in enumerate(board.pegs[player]):
        target = board.hole_position(player, index, hole)
        if (peg.pos() - target).manhattanLength() < 1e-6:
            return True
    return False


def test_new_board_has_every_peg_in_its_start_hole(board):
    for player in range(2):
        assert board.front_peg(player) == board.back_peg(player) == 0
        starts = {(p.pos().x(), p.pos().y()) for p in board.pegs[player]}
        assert len(starts) == 2  # two distinct start holes


def test_first_score_moves_one_peg_and_leaves_the_other_at_the_start(board):
    board.peg(0, 5, "Fifteen for 2")
    assert (board.front_peg(0), board.back_peg(0)) == (5, 0)
    assert peg_at(board, 0, 5) and peg_at(board, 0, 0)
    assert (board.front_peg(1), board.back_peg(1)) == (0, 0)


def test_back_peg_leapfrogs_over_the_front_peg(board):
    board.peg(1, 5)
    first_mover = next(i for i in range(2) if board.peg_hole(1, i) == 5)
    board.peg(1, 2, "Pair for 2")
    assert (board.front_peg(1), board.back_peg(1)) == (7, 5)
    # The peg at 5 stayed put; the other one jumped from the start hole past it to 7.
    assert board.peg_hole(1, first_mover) == 5
    assert board.peg_hole(1, 1 - first_mover) == 7
    assert peg_at(board, 1, 7) and peg_at(board, 1, 5)
    board.peg(1, 12)
    assert board.peg_hole(1, first_mover) == 19  # now the other peg leapfrogs
    assert (board.front_peg(1), board.back_peg(1)) == (19, 7)


def test_zero_score_touches_no_peg(board):
    board.peg(0, 8)
    board.peg(0, 0, "nineteen")
    assert (board.front_peg(0), board.back_peg(0)) == (8, 0)


def test_scores_past_121_stop_in_the_game_hole(board):
    board.peg(0, 118)
    board.peg(0, 9, "His nobs and a run")
    assert (board.front_peg(0), board.back_peg(0)) == (GAME_HOLE, 118)
    assert peg_at(board, 0, GAME_HOLE)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 29)), max_size=25))
def test_gap_between_pegs_always_shows_the_last_score(qapp, scores):
    scene = QGraphicsScene()
    board = CribbagePegboard()
    board.set_speed("instant")
    scene.addItem(board)
    totals = [0, 0]
    previous = [0, 0]
    for player, points in scores:
        if points and totals[player] < GAME_HOLE:
            previous[player] = totals[player]
            totals[player] = min(GAME_HOLE, totals[player] + points)
        board.peg(player, points)
    for player in range(2):
        assert board.front_peg(player) == totals[player]
        assert board.back_peg(player) == previous[player]
        assert peg_at(board, player, totals[player]) and peg_at(board, player, previous[player])
        assert board.shown_score(player) == totals[player]
    scene.removeItem(board)


def test_engine_positions_restore_then_leapfrog(board):
    board.set_pegs(0, 47, 45, "restored")
    assert (board.front_peg(0), board.back_peg(0)) == (47, 45)
    assert peg_at(board, 0, 47) and peg_at(board, 0, 45)
    rear = next(i for i in range(2) if board.peg_hole(0, i) == 45)
    board.set_pegs(0, 51, 47, "Fifteen four")
    assert board.peg_hole(0, rear) == 51
    assert board.last_score(0).points == 4
    assert board.last_score(0).reason == "Fifteen four"


def test_bad_positions_and_speeds_are_refused_with_a_message(board):
    with pytest.raises(ValueError, match="0..121"):
        board.set_pegs(0, 130, 2)
    with pytest.raises(ValueError, match="instant"):
        board.set_speed("warp")


def test_animated_peg_lands_and_then_updates_the_printed_score(board, qtbot):
    board.set_speed("fast")
    with qtbot.waitSignal(board.pegging_finished, timeout=5000):
        board.peg(0, 6, "Pair royal for 6")
        # The model knows at once; the number beside the board waits for the peg to land.
        assert board.front_peg(0) == 6
        assert board.shown_score(0) == 0
        assert board.is_animating()
    assert not board.is_animating()
    assert board.shown_score(0) == 6
    assert peg_at(board, 0, 6)


def test_animation_follows_the_groove_round_the_turn(board):
    lay = board.layout
    # Half way between holes 30 and 31 the peg is above both (round the top U-turn), not between.
    _, y_mid = lay.travel(0, 0, 30, 31, 0.5)
    _, y30 = lay.hole(0, 30)
    assert y_mid < y30


def test_hovering_a_peg_says_what_the_last_score_was_for(qtbot):
    scene = QGraphicsScene()
    board = CribbagePegboard(names=("Ann", "Bot"), width=240, height=700)
    board.set_speed("instant")
    scene.addItem(board)
    view = QGraphicsView(scene)
    view.resize(300, 760)
    view.show()
    qtbot.waitExposed(view)
    board.peg(1, 6, "Pair royal for 6")
    peg = next(p for p in board.pegs[1] if board.peg_hole(1, p.index) == 6)
    away = view.mapFromScene(QPointF(5, 5))
    qtbot.mouseMove(view.viewport(), away)
    assert board.callout_text() == ""
    qtbot.mouseMove(view.viewport(), view.mapFromScene(peg.scenePos()))
    assert "Bot: Pair royal for 6" in board.callout_text()
    assert "0 → 6" in board.callout_text()
    qtbot.mouseMove(view.viewport(), away)
    assert board.callout_text() == ""
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=away)
    view.close()


def test_resizing_rescales_holes_and_moves_pegs_with_them(board):
    board.peg(0, 33)
    small = board.hole_position(0, 0, 33)
    board.set_size(480, 1400)
    big = board.hole_position(0, 0, 33)
    assert big.x() == pytest.approx(small.x() * 2, rel=0.02)
    assert big.y() == pytest.approx(small.y() * 2, rel=0.02)
    assert peg_at(board, 0, 33)
    assert board.boundingRect().contains(big)


@pytest.mark.parametrize("size", [(240, 700), (500, 700), (150, 1200)])
def test_layout_fits_and_every_hole_is_distinct(size):
    width, height = size
    layout = PegboardLayout.for_size(width, height)
    assert layout.width <= width + 1e-6 and layout.height <= height + 1e-6
    assert layout.unit == pytest.approx(min(width / width_units(4), height / HEIGHT_UNITS))
    points = {layout.hole(p, h) for p in range(2) for h in range(1, 121)}
    points |= {layout.start_hole(p, i) for p in range(2) for i in range(2)}
    points.add(layout.game_hole())
    assert len(points) == 2 * 120 + 4 + 1
    for x, y in points:
        assert layout.x0 < x < layout.x0 + layout.width
        assert layout.y0 < y < layout.y0 + layout.height


def test_holes_come_in_streets_of_thirty_grouped_in_fives():
    layout = PegboardLayout(unit=10)
    step_in_group = abs(layout.hole(0, 5)[1] - layout.hole(0, 4)[1])
    step_between_groups = abs(layout.hole(0, 6)[1] - layout.hole(0, 5)[1])
    assert step_between_groups > step_in_group
    # 30 and 31 are the tops of streets 1 and 2; 60/61 meet at the bottom; 90/91 at the top.
    assert layout.hole(0, 30)[1] == layout.hole(0, 31)[1] == layout.track_top
    assert layout.hole(0, 60)[1] == layout.hole(0, 61)[1] == layout.track_bottom
    assert layout.hole(0, 90)[1] == layout.hole(0, 91)[1] == layout.track_top
    assert layout.hole(0, 30)[0] < layout.hole(0, 31)[0] < layout.hole(0, 61)[0]
    with pytest.raises(ValueError, match="1..120"):
        layout.hole(0, 0)


@pytest.mark.parametrize("size", [(240, 700), (500, 700), (150, 1200), (120, 300)])
def test_skunk_labels_stay_clear_of_the_score_header_and_the_holes(qtbot, size):
    item = CribbagePegboard(width=size[0], height=size[1])
    header = item.header_rect()
    layout = item.layout
    top_hole = min(layout.hole(p, 90)[1] for p in range(2))
    for text, box in item.skunk_labels():
        assert not box.intersects(header), text
        assert item.boundingRect().contains(box), text
    [(_, skunk)] = [label for label in item.skunk_labels() if label[0].startswith("S ")]
    assert skunk.bottom() < top_hole


@pytest.mark.parametrize("size", [(150, 560), (120, 300), (240, 700)])
def test_skunk_labels_are_wide_enough_for_their_words(qtbot, size):
    """At 800x600 the board is about 150 pixels wide: the labels' readable minimum font must
    still fit their boxes (they were clipped to "S 60|6")."""
    from PySide6.QtGui import QFontMetricsF

    item = CribbagePegboard(width=size[0], height=size[1])
    metrics = QFontMetricsF(item.skunk_font())
    for text, box in item.skunk_labels():
        assert metrics.horizontalAdvance(text) <= box.width(), text
        assert item.boundingRect().contains(box), text
