"""The guided first games, played to the end with the mouse; a wrong move is explained and can
be tried again; a lesson left part-way resumes at its chapter."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.engine.lessons import Do, LessonRun, Say
from ginrummy_desktop.engine.lessons.cribbage import CRIBBAGE_LESSON
from ginrummy_desktop.engine.lessons.gin import GIN_LESSON
from ginrummy_desktop.gui.lessons.progress import LessonProgress
from ginrummy_desktop.gui.lessons.window import ClickableCards, LessonWindow
from tests.gui_helpers import choose_from_menu, open_gin_window


def _open(qtbot, lesson_id: str, progress: LessonProgress | None = None) -> LessonWindow:
    window = LessonWindow(lesson_id, progress)
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    return window


def _point(row: ClickableCards, index: int) -> QPointF:
    rect = row.card_rect(index)
    return QPointF(rect.left() + rect.width() * 0.15, rect.center().y())


def _click_card(qtbot, row: ClickableCards, card: Card, double: bool = False) -> None:
    index = row.cards.index(card)
    click = qtbot.mouseDClick if double else qtbot.mouseClick
    click(row, Qt.MouseButton.LeftButton, pos=_point(row, index).toPoint())


def _click(qtbot, button) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _make(qtbot, window: LessonWindow, action: Action) -> None:
    """Make ``action`` the way a person does, with the mouse."""
    kind = action.kind
    if kind == "draw_stock":
        qtbot.mouseClick(window.stock, Qt.MouseButton.LeftButton,
                         pos=_point(window.stock, 0).toPoint())
    elif kind == "draw_discard":
        pile = window.pile
        qtbot.mouseClick(pile, Qt.MouseButton.LeftButton,
                         pos=_point(pile, len(pile.cards) - 1).toPoint())
    elif kind in ("knock", "gin") and window.draws:
        _click(qtbot, window.move_buttons[kind])
        assert action.card is not None
        _click_card(qtbot, window.hand, action.card)
    elif kind == "discard" and window.draws:
        assert action.card is not None
        _click_card(qtbot, window.hand, action.card, double=True)
    elif kind == "discard":
        for card in action.cards:
            _click_card(qtbot, window.hand, card)
        _click(qtbot, window.move_buttons["discard"])
    elif kind == "play":
        assert action.card is not None
        _click_card(qtbot, window.hand, action.card)
    elif kind == "count":
        [button] = [b for b in window.counts if b.text() == str(action.points)]
        _click(qtbot, button)
    else:
        _click(qtbot, window.move_buttons[kind])


def _play_through(qtbot, window: LessonWindow) -> list[str]:
    """Follow every chapter to the end with the moves the table outlines; the titles seen."""
    titles = []
    for _ in range(200):
        run = window.run
        if run.finished:
            return titles
        if run.chapter.title not in titles:
            titles.append(run.chapter.title)
        if isinstance(run.step, Say):
            assert window.say_label.text() == run.text()
            _click(qtbot, window.continue_button)
            continue
        assert isinstance(run.step, Do)
        wanted = run.wanted()
        assert wanted, f"nothing outlined in {run.chapter.title}"
        before = (run.chapter_index, run.step_index)
        _make(qtbot, window, wanted[0])
        assert (run.chapter_index, run.step_index) != before, window.feedback_label.text()
        assert window.feedback_label.text() == ""
    raise AssertionError("the lesson did not end")


def test_the_whole_gin_lesson_with_the_mouse(qtbot):
    window = _open(qtbot, "gin")
    # A wrong move first: passing the upcard that makes a meld is explained, nothing moves.
    _click(qtbot, window.move_buttons["pass"])
    assert "3♥" in window.feedback_label.text()
    assert window.run.step_index == 0 and len(window.run.state.hands[0]) == 10
    assert window.pile.wanted == {0}  # the pile is outlined: take the upcard
    titles = _play_through(qtbot, window)
    assert titles == ["Melds", "Drawing and discarding", "Deadwood", "Knocking", "Gin",
                      "Lay-offs", "Undercuts"]
    assert "done" in window.chapter_label.text()


def test_the_whole_cribbage_lesson_with_the_mouse(qtbot):
    window = _open(qtbot, "cribbage")
    # Laying away the wrong pair is explained with the advisor's numbers.
    hand = window.run.state.hands[0]
    wrong = [card for card in hand if card.rank == 5]
    _make(qtbot, window, Action("discard", cards=tuple(wrong)))
    assert "on average" in window.feedback_label.text()
    assert len(window.run.state.hands[0]) == 6
    titles = _play_through(qtbot, window)
    assert titles == ["The crib and the starter", "Pegging to 31", "The go",
                      "The show and his nobs", "His heels"]


def test_an_undercount_in_the_show_is_explained_and_tried_again(qtbot):
    window = _open(qtbot, "cribbage")
    window.run.start_chapter(3)
    window.refresh()
    right = window.run.wanted()[0].points
    assert right == 11  # 15s 8, the pair 2, his nobs 1
    _make(qtbot, window, Action("count", points=right - 1))
    assert "nobs 1" in window.feedback_label.text()
    _make(qtbot, window, Action("count", points=right))
    assert window.feedback_label.text() == "" and window.run.step_index == 2


def test_a_left_lesson_resumes_at_its_chapter(qtbot, tmp_path):
    path = tmp_path / "lessons.json"
    window = _open(qtbot, "gin", LessonProgress(path))
    for _ in range(30):
        if window.run.chapter_index == 2:
            break
        if isinstance(window.run.step, Say):
            _click(qtbot, window.continue_button)
        else:
            _make(qtbot, window, window.run.wanted()[0])
    _click(qtbot, window.leave_button)
    assert not window.isVisible()
    again = _open(qtbot, "gin", LessonProgress(path))
    assert again.run.chapter_index == 2
    assert again.chapter_label.text() == "Chapter 3 of 7: Deadwood"
    _click(qtbot, again.restart_button)
    assert again.run.chapter_index == 0


def test_damaged_progress_starts_afresh_without_stopping(qtbot, tmp_path):
    path = tmp_path / "lessons.json"
    path.write_text("{not json", encoding="utf-8")
    progress = LessonProgress(path)
    assert progress.chapter("gin") == 0 and progress.problem
    assert any(p.name.startswith("lessons.json.corrupt") for p in tmp_path.iterdir())
    window = _open(qtbot, "gin", progress)
    assert window.run.chapter_index == 0


@pytest.fixture
def main_window(qtbot):
    yield from open_gin_window(qtbot, ask=False)


def test_help_menu_opens_the_lesson(qtbot, main_window):
    lesson = choose_from_menu(qtbot, main_window, "&Help", "Learn Cri&bbage (guided game)")
    assert isinstance(lesson, LessonWindow) and lesson.lesson.lesson_id == "cribbage"
    assert main_window.open_lesson("cribbage") is lesson  # one window per game


def test_every_chapter_follows_the_rules_when_played_as_outlined():
    for lesson in (GIN_LESSON, CRIBBAGE_LESSON):
        run = LessonRun(lesson)
        while not run.finished:
            if isinstance(run.step, Do):
                assert run.try_move(run.wanted()[0]) is None
            else:
                run.go_on()
