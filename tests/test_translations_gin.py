"""The gin table in German, French and Spanish: its prompts, refusals, buttons, score panel,
move log, end-of-hand and resign panels, the New match dialog, the keys' Help rows and the
score sheet read from the catalogues, every placeholder filled (issue 42)."""

from __future__ import annotations

import re

import pytest

from ginrummy_desktop.engine.gin.rules import PRESET_TITLES
from ginrummy_desktop.engine.translation import tr, tr_ctx
from ginrummy_desktop.gui.gin.controller import HUMAN, MatchSetup
from ginrummy_desktop.gui.gin.display import GinTableModel, stock_tooltip
from ginrummy_desktop.gui.gin.keys import shortcut_rows
from ginrummy_desktop.gui.gin.new_game_dialog import NewMatchDialog
from tests.gui_helpers import open_gin_window, stand_in_until
from tests.translation_support import filled

# The knock button in each language: the catalogue was read, not the English.
KNOCK = {"de": "Klopfen", "fr": "Frapper", "es": "Cerrar"}
# English words of the move log and panels that must not show in a translated table.
ENGLISH = re.compile(r"\b(drew|discarded|passed|took|deadwood|knocked|scores?)\b")


@pytest.fixture
def window(qtbot, language):
    # The language is chosen before the window is built, as the app does at start.
    yield from open_gin_window(qtbot, ask=False)


def start(window):
    screen = window.gin_screen
    screen.new_match(MatchSetup(preset="classic", opponent="greedy", seed=11))
    assert screen.controller.settle()
    return screen


def test_prompt_buttons_score_panel_and_a_refused_knock(window, language):
    screen = start(window)
    controller = screen.controller
    assert screen.buttons["knock"].text() == KNOCK[language] == tr_ctx("button", "Knock")
    assert screen.buttons["sort_rank"].text() == tr_ctx("sort button", "Rank") != "Rank"
    assert screen.buttons["hint"].text() == tr_ctx("button", "Hint") != "Hint"
    prompt = screen.status.prompt[0]
    assert filled(prompt) and not ENGLISH.search(prompt), prompt
    model = controller.build_model()
    assert model.score_title == tr("{preset} · to {target}").format(
        preset=tr(PRESET_TITLES["classic"]), target=controller.rules.target)
    labels = [label for label, _value, _bold in model.score_lines]
    assert tr("Knock limit") in labels and "Knock limit" not in labels
    assert any(label.endswith(tr("You")) for label in labels)  # the unnamed person
    messages: list[str] = []
    controller.message.connect(lambda text, _kind: messages.append(text))
    if controller.view().to_move == HUMAN and not any(
            a.kind in ("knock", "gin") for a in controller.view().legal_actions):
        assert not controller.knock()
        reason = tr("you can knock only after drawing, with deadwood at or under the knock "
                    "limit ({limit})").format(limit=controller.view().knock_limit)
        assert messages[-1] == reason[:1].upper() + reason[1:]
    controller.sort_hand("suit")
    assert messages[-1] == tr("Sorted by suit") != "Sorted by suit"
    for line in controller.moves:
        assert filled(line) and not ENGLISH.search(line), line


def test_end_of_hand_panel_and_move_log(window, language):
    screen = start(window)
    controller = screen.controller
    stand_in_until(screen, lambda: controller.reveal is not None)
    panel = screen.panel
    assert panel.isVisible()
    assert filled(panel.title.text()) and not ENGLISH.search(panel.title.text())
    for row in panel.rows:
        for cell in row:
            assert filled(cell) and not ENGLISH.search(cell), row
    assert filled(panel.score.text()) and tr("(playing\u00a0to\u00a0{target})").format(
        target=controller.rules.target) in panel.score.text()
    texts = panel.button_texts()
    assert tr("Next hand") in texts and tr("Verify deal") in texts
    assert "Next hand" not in texts
    assert screen.status.prompt[0] == tr("Hand over: {result}").format(
        result=panel.title.text())
    assert controller.moves and all(filled(line) and not ENGLISH.search(line)
                                    for line in controller.moves)


def test_resign_panel(window, language):
    screen = start(window)
    controller = screen.controller
    assert screen.resign()
    assert screen.panel.title.text() == tr("You resigned: {name} wins the match").format(
        name=controller.opponent_name)
    assert screen.panel.button_texts()[:2] == [tr("Rematch"), tr("New opponent…")]
    assert screen.panel.button_texts()[0] != "Rematch"


def test_new_match_dialog(qtbot, language):
    dialog = NewMatchDialog(MatchSetup(preset="classic", opponent="greedy",
                                       overrides={"knock_limit": 7}))
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == tr("New Gin Rummy match") != "New Gin Rummy match"
    assert dialog.practice.text() == tr("Practice game (undo allowed; marked so in statistics)")
    assert dialog.target.suffix() == " " + tr_ctx("spin box suffix", "points")
    assert dialog.preset.itemText(0).startswith(tr("{preset}, your way").format(
        preset=tr(PRESET_TITLES["classic"])))
    description = filled(dialog.description.text())
    assert tr("Changed from the preset: {changes}").split("{")[0] in description
    dialog.preset.setCurrentIndex(dialog.preset.findData("partnership"))
    shown = [label.text() for label in dialog.seat_labels if not label.isHidden()]
    assert shown == [tr("Your partner:"), tr("Second opponent:")]
    assert shown[0] != "Your partner:"


def test_keys_stock_and_score_sheet(window, language):
    rows = shortcut_rows()
    assert ("S", tr("Draw from stock"), tr("Draw the top card of the stock")) in rows
    assert tr("Draw from stock") != "Draw from stock"
    assert (tr_ctx("mouse", "Drag"), tr("Move cards"), tr(
        "Drag a card within your hand to reorder it; drag to the pile to discard, to the "
        "knock area to knock")) in rows
    for keys, label, text in rows:
        assert filled(label) and filled(text) and keys
    one = filled(stock_tooltip(GinTableModel(stock_size=1, stock_draggable=True,
                                             commitment="ab" * 32)))
    assert "1" in one and "abababab" in one and "click or drag" not in one
    screen = start(window)
    sheet = screen.show_score_sheet(True)
    assert sheet.title.text() == tr("Score sheet") != "Score sheet"
    for text in sheet.view.labels():
        assert filled(text)
