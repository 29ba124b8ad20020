"""The shared table pieces in German, French and Spanish: the status line's signs and words,
the opponent picker, the fair-deal check, a bot's failed move, the card tooltips; and the
new-game dialog and result panel rendered in German at 800x600 (nothing cut off)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QLabel, QPushButton

from ginrummy_desktop.engine import translation
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.common.opponent_picker import NewGameDialog
from ginrummy_desktop.gui.common.opponents import OpponentInfo, strength_text
from ginrummy_desktop.gui.table.keys import key_rows
from ginrummy_desktop.gui.table.result_panel import ResultPanel, verify_deal_text
from ginrummy_desktop.gui.table.status import StatusLine
from tests.translation_support import LANGUAGES

UNFILLED = re.compile(r"\{[A-Za-z_]+\}")
STRONG = {"de": "sehr stark", "fr": "très fort", "es": "muy fuerte"}
NOT_ALLOWED = {"de": "Nicht erlaubt", "fr": "Interdit", "es": "No permitido"}


def _opponents() -> list[OpponentInfo]:
    ladder = [900, 1200, 1500, 1800]
    return [OpponentInfo(f"bot{i}", name, "Plays the cards it is dealt, steadily and well",
                         strength_text(rating, ladder), name[:1])
            for i, (name, rating) in enumerate(zip(("Bea", "Ada", "Marjorie", "Nigel"), ladder,
                                                   strict=True))]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_pieces_speak_the_chosen_language(qtbot, language: str, english_after) -> None:
    translation.set_language(language)
    assert strength_text(1800, [900, 1800]) == STRONG[language]
    assert strength_text(None, [900, 1800]) == tr_ctx("opponent strength", "easiest")

    status = StatusLine()
    qtbot.addWidget(status)
    status.show_message("x", "warning")
    assert status.shown_text.startswith("\u26a0 " + NOT_ALLOWED[language])

    dialog = NewGameDialog("Gin", _opponents(), "bot3")
    qtbot.addWidget(dialog)
    deal = dialog.findChildren(QPushButton)
    assert tr_ctx("deal the cards", "Deal") in [b.text() for b in deal] != "Deal"
    item = dialog.opponents.item(3)
    assert item.text().startswith(tr("{name}  ·  strength: {strength}").format(
        name="Nigel", strength=STRONG[language]))
    assert "strength" not in item.toolTip()
    assert any(label.text() == tr("<b>Choose your opponent</b>") != "<b>Choose your opponent</b>"
               for label in dialog.findChildren(QLabel))

    ok, text = verify_deal_text({"deck": ["TH", "JC"], "salt": "ab", "commitment": "0"}, "0")
    assert not ok and "Mismatch" not in text and "Deck in dealt order" not in text
    assert tr("<b>Salt revealed after the hand:</b>") in text

    rows = key_rows([("knock", "Knock", ("K",), "Knock when your deadwood is low enough")])
    assert rows[0][0] == "K"
    for english in ("laid off", "Moves this hand", "Verify deal", "failed"):
        assert tr(english) != english
    failed = tr("{name} failed to move ({reason}); its first legal move was played instead: "
                "{action}").format(name="Ada", reason=tr("failed"), action="discard 10♥")
    assert "failed to move" not in failed and not UNFILLED.search(failed)


def test_german_new_game_dialog_and_result_panel_fit_800x600(qtbot, english_after) -> None:
    translation.set_language("de")
    dialog = NewGameDialog("Neues Spiel", _opponents(), "bot1")
    qtbot.addWidget(dialog)
    dialog.resize(560, 460)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.grab().save("/tmp/t4_table_new_game_de.png")
    for widget in dialog.findChildren(QLabel) + dialog.findChildren(QPushButton):
        if widget.isVisible():  # every label and button as wide as its words need
            assert widget.width() >= widget.sizeHint().width(), widget.text()

    panel = ResultPanel()
    qtbot.addWidget(panel)
    panel.resize(560, 360)
    panel.set_content(tr("Verify deal"), [(tr("deadwood"), "12"), (tr("laid off"), "3")],
                      tr("{name}: {style} (strength: {strength})").format(
                          name="Ada", style="x", strength=STRONG["de"]),
                      [(tr("Verify deal"), lambda: None, ""), (tr_ctx("deal the cards", "Deal"),
                                                              lambda: None, "")])
    panel.show()
    qtbot.waitExposed(panel)
    panel.grab().save("/tmp/t4_table_result_panel_de.png")
    for button in panel.findChildren(QPushButton):
        assert button.width() >= button.sizeHint().width(), button.text()


@pytest.mark.parametrize(("language", "space"), [("de", "Leertaste"), ("fr", "Espace"),
                                                 ("es", "Espacio")])
def test_key_names_are_the_keyboards_words_in_the_chosen_language(
        qtbot, language: str, space: str, english_after) -> None:
    from PySide6.QtWidgets import QApplication

    from ginrummy_desktop.gui.common.language import apply_language
    from ginrummy_desktop.gui.table.keys import shown_keys

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = QLocale()
    try:
        apply_language(app, language)
        assert shown_keys(("Space",)) == space
        assert key_rows([("skip", "Skip ahead", ("Space",), "Play the hand out")])[0][0] == space
    finally:
        for translator in app.findChildren(QTranslator):
            app.removeTranslator(translator)
            translator.deleteLater()
        QLocale.setDefault(before)
    translation.set_language("en")
    assert shown_keys(("Space", "Escape")) == "Space / Escape"
