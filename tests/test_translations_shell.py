"""The shell in German, French and Spanish (issue 42): menus with their own mnemonics, the
confirmations and start offers, Preferences with its Language box (saved like any setting, used
from the next start), the welcome page, About and both rules pages read from the catalogues,
every placeholder filled."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QLocale, Qt, QTranslator
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.translation import tr
from ginrummy_desktop.engine.wording import names_together
from ginrummy_desktop.gui.shell import help_pages
from ginrummy_desktop.gui.shell.about import about_html
from ginrummy_desktop.gui.shell.main_window import MainWindow, question
from ginrummy_desktop.gui.shell.preferences import PreferencesDialog, language_choices
from ginrummy_desktop.gui.shell.start_offer import opponent_name, resume_question
from ginrummy_desktop.gui.shell.welcome import WelcomePage
from ginrummy_desktop.storage import SettingsStore, Storage
from tests.translation_support import filled

# The Game menu's title in each language: the catalogue was read, not the English.
GAME_MENU = {"de": "&Spiel", "fr": "&Partie", "es": "&Juego"}


@pytest.fixture
def qt_language() -> Iterator[None]:
    """For tests that choose a language as the app does (``apply_language``): English, Qt's
    default locale and no Qt translator afterwards."""
    app = QApplication.instance()
    before = QLocale()
    yield
    translation.set_language("en")
    assert isinstance(app, QApplication)
    for translator in app.findChildren(QTranslator):
        app.removeTranslator(translator)
        translator.deleteLater()
    QLocale.setDefault(before)


@pytest.fixture
def storage(tmp_path) -> Iterator[Storage]:
    s = Storage(tmp_path)
    yield s
    s.close()


def mnemonics(texts: list[str]) -> list[str]:
    return [text[text.index("&") + 1].lower() for text in texts if "&" in text.replace("&&", "")]


def test_questions_and_start_offers_read_the_catalogue(language):
    title, text = question("resign", "game")
    assert (title, text) == (tr("Resign?"), tr("Resign this game? It counts as a loss."))
    assert text != "Resign this game? It counts as a loss."
    title, text = question("quit_match", "match", saved=False)
    assert title == tr("Quit during a match?") != "Quit during a match?"
    assert text == tr("This match cannot be saved, so quitting abandons it. Quit anyway?")
    _title, text = question("knock", "match")
    filled(text.format(card="7♥", deadwood=4))
    session = SimpleNamespace(scores=(25, 10), hand_records=lambda: [{}, {}])
    asked = resume_question("cribbage", session, "beginner")
    assert asked == filled(tr("Resume your game against {names} (score {score}, hand {hand})?")
                           .format(names=opponent_name("cribbage", "beginner"),
                                   score="25–10", hand=3))
    partners = resume_question("gin", session, "beginner", ("greedy", "simple"))
    names = [opponent_name("gin", bot) for bot in ("beginner", "greedy", "simple")]
    assert partners == filled(tr("Resume your match against {names} with {partner} as your "
                                 "partner (score {score}, hand {hand})?").format(
        names=names_together(names[::2]), partner=names[1], score="25–10", hand=3))
    assert "Resume" not in partners


def test_rules_pages_about_and_keys_page_are_translated(language):
    gin = help_pages.GIN_RULES_HTML  # built when read, in the language chosen now
    assert gin == help_pages.gin_rules_html()
    assert tr("Knocking and gin") in gin and "Knocking and gin" not in gin
    assert tr("the score that ends the match") in gin
    crib = help_pages.CRIBBAGE_RULES_HTML
    assert tr("The show") in crib and "<h3>The show</h3>" not in crib
    assert tr("House rules") in crib and crib.index(tr("House rules")) < crib.index("board:")
    for page in (gin, crib, help_pages.shortcuts_html([("K", "Knock", "Knock")]), about_html()):
        filled(page)
    assert tr("What it does") in help_pages.shortcuts_html([]) != "What it does"
    assert tr("Credits") in about_html() and "<b>Credits</b>" not in about_html()


def test_welcome_page_speaks_the_language(qtbot, language):
    page = WelcomePage(lambda *_args: None)
    qtbot.addWidget(page)
    assert page.play_button.text() == tr("&Play") != "&Play"
    assert page.name_edit.placeholderText() == tr("Your name (blank: \u201cYou\u201d)")
    assert {button.text() for button in page.game_buttons.values()} == {tr("Gin Rummy"),
                                                                        tr("Cribbage")}


def test_main_window_menus_have_their_own_mnemonics(qtbot, language, qt_language):
    from ginrummy_desktop.gui.common.language import apply_language

    apply_language(QApplication.instance(), language)
    window = MainWindow(speed="instant")
    qtbot.addWidget(window)
    menus = {action.text(): action.menu() for action in window.menuBar().actions()}
    assert list(menus) == [tr("&Game"), tr("&View"), tr("&Help")]
    assert list(menus)[0] == GAME_MENU[language]
    assert len(set(mnemonics(list(menus)))) == 3
    for title, menu in menus.items():
        texts = [action.text() for action in menu.actions() if action.text()]
        for text in texts:
            filled(text)
        keys = mnemonics(texts)
        assert len(keys) == len(set(keys)), (title, texts)
    helps = [action.text() for action in menus[tr("&Help")].actions()]
    assert tr("&Cribbage rules") in helps and tr("&About") in helps
    window.gin_screen.controller.stop()


def test_choosing_deutsch_in_preferences_is_saved_for_the_next_start(qtbot, storage):
    dialog = PreferencesDialog(storage)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    combo = dialog.language_combo
    assert combo.itemText(0) == language_choices()[0][0]
    assert combo.itemText(0).startswith("System (")
    assert [combo.itemText(i) for i in range(1, combo.count())] == [
        "English", "Deutsch", "Français", "Español"]
    assert dialog.language_note.isHidden()  # the system's language is the one in use
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)  # focus, as a person would
    combo.hidePopup()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # English
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # Deutsch
    assert combo.currentText() == "Deutsch"
    assert storage.settings.settings.language == "de"
    assert not dialog.language_note.isHidden()  # "used from the next start"
    assert dialog.language_note.text() == tr("The new language is used from the next start.")
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    assert SettingsStore(storage.paths.settings_file).settings.language == "de"
    assert translation.language() == "en"  # nothing changes language until the next start


def test_a_relaunch_with_german_chosen_shows_german_menus(qtbot, tmp_path, qt_language):
    from ginrummy_desktop.gui.common.language import apply_language

    first = Storage(tmp_path)
    first.settings.update(language="de")
    first.close()
    storage = Storage(tmp_path)  # the next start reads the setting, as app.py does
    try:
        chosen = storage.settings.settings.language
        assert apply_language(QApplication.instance(), chosen) == "de"
        window = MainWindow(storage=storage, speed="instant")
        qtbot.addWidget(window)
        titles = [action.text() for action in window.menuBar().actions()]
        assert titles[0] == tr("&Game") == "&Spiel"
        assert titles == ["&Spiel", "&Ansicht", "&Hilfe"]
        dialog = window.show_preferences()
        assert dialog.windowTitle() == "Einstellungen"
        assert dialog.language_combo.currentText() == "Deutsch"
        assert dialog.language_note.isHidden()  # German is the language in use
        dialog.close()
        window.close()
    finally:
        storage.close()
