"""The guided lessons in German, French and Spanish (issue 42): every chapter title and step text
comes from the catalogue, a wrong move is explained in the language, and the lesson window shows
its words translated (rendered in German at 800x600 for a look)."""

from __future__ import annotations

import re

import pytest

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.actions import Action
from ginrummy_desktop.engine.lessons import Do, LessonRun, Say
from ginrummy_desktop.engine.lessons.cribbage import CRIBBAGE_LESSON
from ginrummy_desktop.engine.lessons.gin import GIN_LESSON
from ginrummy_desktop.engine.translation import tr, tr_ctx

LANGUAGES = ("de", "fr", "es")
LEFT_OVER = re.compile(r"\{[A-Za-z_]+(:[^}]*)?\}")


@pytest.fixture
def language():
    yield translation.set_language
    translation.set_language("en")


def _walk(run: LessonRun):
    """Every text of the lesson, played through with the moves it outlines."""
    seen = []
    while not run.finished:
        seen.append((run.chapter.title, run.text()))
        step = run.step
        if isinstance(step, Say):
            run.go_on()
        elif isinstance(step, Do):
            assert run.try_move(run.wanted()[0]) is None, run.feedback
        else:
            run.go_on()
    return seen


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("lesson", [GIN_LESSON, CRIBBAGE_LESSON], ids=["gin", "cribbage"])
def test_every_step_reads_in_the_language(language, code, lesson) -> None:
    english = _walk(LessonRun(lesson))
    language(code)
    assert tr(lesson.title) != lesson.title
    translated = _walk(LessonRun(lesson))
    assert len(translated) == len(english)
    for (title, text), (_, english_text) in zip(translated, english, strict=True):
        assert tr(title) != title or title in ("Gin", "Undercuts")
        assert text and text != english_text, text
        assert not LEFT_OVER.search(text), text


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_wrong_move_is_explained_in_the_language(language, code) -> None:
    language(code)
    run = LessonRun(CRIBBAGE_LESSON)  # chapter 1: lay away the best two cards
    hand = run.state.hands[0]
    wrong = next(Action("discard", cards=(a, b)) for a in hand for b in hand
                 if a != b and {a, b} != set(run.wanted()[0].cards))
    said = run.try_move(wrong)
    assert said and "Keeping" not in said and not LEFT_OVER.search(said)
    assert tr("Keeping {keep} is worth {net:.1f} points on average with your crib; keeping "
              "{best} is worth {best_net:.1f}.").split("{")[0] in said
    gin = LessonRun(GIN_LESSON)  # chapter 1: take the upcard
    said = gin.try_move(Action("pass"))
    assert said == tr("The 3♥ joins your run 4♥ 5♥ 6♥: take it.")
    assert tr_ctx("scoring combination", "nobs") != "nobs" or code == "de"


def test_the_lesson_window_in_german(qtbot, language) -> None:
    from ginrummy_desktop.gui.lessons.window import LessonWindow

    language("de")
    window = LessonWindow("cribbage")
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    qtbot.waitExposed(window)
    assert window.windowTitle() == "Cribbage lernen"
    assert window.chapter_label.text().startswith("Kapitel 1 von 5: Die Krippe")
    assert window.say_label.text() == window.run.text() != ""
    assert window.move_buttons["discard"].text() == "Ablegen"
    assert window.hand_label.text() == "Deine Karten"
    assert "Startkarte" in window.middle_label.text()
    window.grab().save("/tmp/lessons-cribbage-de-800x600.png")
    gin = LessonWindow("gin")
    qtbot.addWidget(gin)
    gin.resize(800, 600)
    gin.show()
    qtbot.waitExposed(gin)
    assert gin.middle_label.text().startswith("Stapel:")
    gin.grab().save("/tmp/lessons-gin-de-800x600.png")
