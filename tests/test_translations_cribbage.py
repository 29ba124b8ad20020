"""The cribbage table in German, French and Spanish (issue 42): its prompts, notices, buttons,
name badges, the show's words, the move log, the peg board's notes, the keys' Help rows and the
New game dialog read from the catalogues, every placeholder filled."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication

from ginrummy_desktop.engine.cribbage import CribbageMatch
from ginrummy_desktop.engine.cribbage import words as crib_words
from ginrummy_desktop.engine.cribbage.rules import option_label
from ginrummy_desktop.engine.translation import tr, tr_ctx, tr_n
from ginrummy_desktop.gui.cribbage.controller import default_opponent
from ginrummy_desktop.gui.cribbage.keys import shortcut_rows
from ginrummy_desktop.gui.cribbage.new_game_dialog import NewCribbageGameDialog
from ginrummy_desktop.gui.cribbage.pegboard import LastScore
from ginrummy_desktop.gui.cribbage.table import CribbageTable
from ginrummy_desktop.gui.table.background import Background
from tests.translation_support import filled

SEED = 20240611
# English words of the table's sentences that must not show at a translated table.
ENGLISH = re.compile(r"\b(fifteen|pair|your|Choose|Count|missed|says go|plays|cuts)\b")


@pytest.fixture
def table(qtbot, language) -> Iterator[CribbageTable]:
    # The language is chosen before the table is built, as the app does at start.
    built = CribbageTable(match=CribbageMatch(seed=SEED),
                          opponent=default_opponent(SEED + 1, "careful"), speed="instant")
    qtbot.addWidget(built)
    built.resize(800, 600)
    built.show()
    controller = built.controller
    controller.settle()
    if controller.match.to_move() != controller.human:
        controller.new_match(seed=SEED, first_dealer=0)
        controller.settle()
    yield built
    controller.stop()
    Background.wait_all()


def test_discard_prompts_buttons_badges_and_notices(table, language):
    controller = table.controller
    whose = crib_words.crib_owner(controller.speaker(controller.match.dealer), start=False)
    prompt = table.status.prompt[0]
    assert prompt == filled(tr("Choose two cards for {whose} (click them, or arrows and Space), "
                               "then press Send to crib (Enter).").format(whose=whose))
    assert not ENGLISH.search(prompt), prompt
    assert table.send_button.text() == tr("Send to crib") != "Send to crib"
    assert table.count_button.text() == tr_ctx("button", "Count") != "Count"
    assert table.send_button.toolTip() == tr("Lay the two chosen cards away to the crib")
    you = tr("You")
    assert table.player_badge.text in (you, tr("{name} · dealer").format(name=you))
    assert table.player_badge.text != "You"
    controller.use_hint()
    assert table.status.message == tr("Ask for a hint first (H).") != "Ask for a hint first (H)."
    card = controller.display.hand[0]
    controller.toggle_discard(card)
    prompt = table.status.prompt[0]
    assert filled(prompt).startswith(tr("{card} is chosen for {whose}: choose one more card "
                                        "(click it, or arrows and Space).").split("{")[0])
    assert not ENGLISH.search(prompt), prompt


def test_a_whole_hand_play_and_show_speak_the_language(table, language):
    controller = table.controller
    stand_in = default_opponent(SEED + 2, "careful")
    seen: list[str] = []
    for _ in range(200):
        if controller.stage == "show" and controller._show_index >= len(controller._show_steps):
            break
        if controller.match.to_move() != controller.human or controller.stage == "show":
            controller.settle()
            QCoreApplication.processEvents()
            if controller.stage == "show":
                controller.skip_animations()
            continue
        seen.append(table.status.shown_text)
        action = stand_in.choose(controller.match.observation(controller.human))
        if action.kind == "discard":
            for card in action.cards:
                controller.toggle_discard(card)
            controller.send_discard()
        elif action.kind == "play":
            controller.play_card(action.card)
    assert controller.stage == "show"
    seen.append(table.status.shown_text)
    assert table.continue_button.text() == tr("Next hand") != "Next hand"
    for text in seen + controller.moves + [table.display.show_title, table.display.spoken]:
        filled(text)
        assert not ENGLISH.search(text), text
    # The show's words are the engine's, in the chosen language (the record keeps English).
    step = controller._show_steps[-1]
    assert step.spoken not in (controller.match.hand_records()[-1]["shows"][-1]["spoken"], "")


def test_keys_peg_notes_and_the_new_game_dialog(qtbot, language):
    rows = shortcut_rows()
    assert (tr_ctx("mouse", "Click"), tr_ctx("mouse action", "Choose"),
            tr("Click a card to choose it for the crib (again to take it back)")) in rows
    assert all(filled(name) and filled(text) for _keys, name, text in rows)
    assert tr("Choose for the crib") in [name for _keys, name, _text in rows]
    note = LastScore(points=2, reason="", before=10, after=12).describe("You")
    assert note == tr("{name}: {what}\n{before} → {after}").format(
        name=tr("You"), what=tr_n("{count} point", "{count} points", 2).format(count=2),
        before=10, after=12)
    assert "points" not in note or language == "fr"
    dialog = NewCribbageGameDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == tr("New Cribbage game") != "New Cribbage game"
    assert dialog.stinkhole.text() == option_label("stinkhole")
    assert dialog.target.accessibleName() == tr("Game length") != "Game length"
