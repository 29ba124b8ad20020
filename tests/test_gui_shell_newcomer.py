"""The app shell as a newcomer meets it (issue 39): saved rule changes reach the table, View
menu settings are kept and shown, the welcome waits for a choice and offers a friendly
opponent, keys that cannot act say why, and both games have the same menus. Every step is a
real click or key press."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QPushButton

from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.gin.new_game_dialog import NewMatchDialog
from ginrummy_desktop.gui.shell.help_pages import HelpDialog
from ginrummy_desktop.gui.shell.main_window import CRIBBAGE, MainWindow
from ginrummy_desktop.gui.shell.preferences import PreferencesDialog
from ginrummy_desktop.gui.table.background import Background
from ginrummy_desktop.storage import Storage


@pytest.fixture
def launch(qtbot, tmp_path):
    """Start the app as run_app does, on storage under tmp_path (reopened per launch)."""
    opened = []

    def start(**settings) -> MainWindow:
        storage = Storage(tmp_path)
        if settings:
            storage.settings.update(**settings)
        window = MainWindow(storage=storage, speed="instant")
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.restore_or_start()
        window.show()
        qtbot.waitExposed(window)
        opened.append((window, storage))
        return window

    yield start
    for window, storage in opened:
        window.gin_screen.controller.stop()
        window.close()
        storage.close()
    Background.wait_all()


PLAYING = {"default_opponent": {"gin": "greedy", "cribbage": "greedy"},
           "animation_speed": "instant"}


def click_menu_path(qtbot, window, *path: str) -> None:
    """Click through the menu bar: a title, any submenus, then the entry (real clicks)."""
    bar = window.menuBar()
    [title] = [a for a in bar.actions() if a.text().replace("&", "") == path[0]]
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(title).center())
    menu = title.menu()
    for text in path[1:]:
        qtbot.waitUntil(menu.isVisible)
        [action] = [a for a in menu.actions() if a.text().replace("&", "") == text]
        qtbot.mouseClick(menu, Qt.MouseButton.LeftButton,
                         pos=menu.actionGeometry(action).center())
        menu = action.menu()
        if menu is None:
            return


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key press on the window, as the active window (its shortcuts answer only then)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, key, modifier)


# -- defect 2: Preferences → Gin Rummy rules are used ------------------------------------------

def set_target_in_preferences(qtbot, storage, target: int) -> None:
    dialog = PreferencesDialog(storage)
    qtbot.addWidget(dialog)
    dialog.show()
    spin = dialog.gin_spins["target"]
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(target))
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    dialog.close()


def test_saved_rule_changes_reach_the_new_match_dialog_and_the_table(qtbot, launch):
    window = launch(**PLAYING)
    set_target_in_preferences(qtbot, window.storage, 10)
    assert window.storage.settings.settings.gin_overrides == {"target": 10}
    window.confirmations["new_match"] = False
    click_menu_path(qtbot, window, "Game", "New Gin Rummy Match…")
    dialog = next(d for d in window.dialogs if isinstance(d, NewMatchDialog))
    assert dialog.target.value() == 10
    assert "your way" in dialog.preset.currentText()
    assert "to 10" in dialog.description.text()
    deal = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Deal")
    qtbot.mouseClick(deal, Qt.MouseButton.LeftButton)
    controller = window.gin_screen.controller
    assert controller.rules.target == 10
    assert "to\u00a010)" in window.gin_screen._score_text()  # the table's "(playing to 10)"
    window.rematch()  # Rematch keeps the rules played
    assert controller.rules.target == 10


def test_the_next_launch_deals_with_the_saved_rules(launch):
    first = launch(**PLAYING, gin_overrides={"target": 25})
    assert first.gin_screen.controller.rules.target == 25


def test_play_to_in_the_new_match_dialog_sets_the_match_length(qtbot, launch):
    window = launch(**PLAYING)
    dialog = NewMatchDialog(MatchSetup(opponent="greedy"), window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.target.setFocus()
    qtbot.keyClick(dialog.target, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dialog.target, "50")
    assert "to 50" in dialog.description.text()
    setup = dialog.setup()
    assert setup.overrides == {"target": 50}
    window.gin_screen.new_match(setup)
    assert window.gin_screen.controller.rules.target == 50
    # another preset is played as it is, with its own length
    dialog.preset.setCurrentIndex(dialog.preset.findData("oklahoma"))
    assert dialog.target.value() == 150 and dialog.setup().overrides == {}


# -- defect 4: one source of truth for the View menu -------------------------------------------

def test_view_menu_choices_are_saved_and_shown_after_a_relaunch(qtbot, launch):
    window = launch(**PLAYING)
    click_menu_path(qtbot, window, "View", "Table colour", "Red")
    click_menu_path(qtbot, window, "View", "Animation speed", "Slow")
    click_menu_path(qtbot, window, "View", "Four-colour deck")
    settings = window.storage.settings.settings
    assert (settings.table_colour, settings.animation_speed, settings.four_colour_deck) == \
        ("red", "slow", True)
    assert window.felt_actions["red"].isChecked() and not window.felt_actions["green"].isChecked()
    # the same deck in cribbage, with its tick
    window.start_cribbage(window.preferred_cribbage_setup())
    assert window.four_colour_action.isChecked()
    assert window.cribbage_table.renderer.style.four_colour
    window.close()
    window.storage.close()

    again = launch()
    assert again.felt_actions["red"].isChecked()
    assert again.speed_actions["slow"].isChecked()
    assert again.gin_screen.animator.speed == "slow"
    assert again.four_colour_action.isChecked() and again.renderer.style.four_colour


def test_preferences_and_the_view_menu_show_the_same_colour(qtbot, launch):
    window = launch(**PLAYING)
    dialog = PreferencesDialog(window.storage)
    qtbot.addWidget(dialog)
    dialog.table_combo.setCurrentIndex(dialog.table_combo.findData("blue"))
    assert window.felt_actions["blue"].isChecked()
    click_menu_path(qtbot, window, "View", "Table colour", "Grey")
    assert dialog.table_combo.currentData() == "grey"
    dialog.close()


# -- defect 8: the welcome ----------------------------------------------------------------------

def test_the_welcome_offers_a_friendly_opponent_and_waits_for_a_choice(qtbot, launch):
    window = launch()
    page = window.welcome
    assert page is not None
    assert page.picker.bot_id() == "beginner"
    qtbot.mouseClick(page.game_buttons["cribbage"], Qt.MouseButton.LeftButton,
                     pos=QPoint(8, page.game_buttons["cribbage"].height() // 2))
    assert page.picker.bot_id() == "beginner"
    window.close()  # quit on the welcome page without choosing
    window.storage.close()

    again = launch()
    assert again.welcome is not None  # shown until the player has chosen
    qtbot.mouseClick(again.welcome.play_button, Qt.MouseButton.LeftButton)
    assert again.controller.setup.opponent == "beginner"
    again.close()
    again.storage.close()
    assert launch().welcome is None


# -- defect 9: words ----------------------------------------------------------------------------

def test_the_pickers_speak_plainly(qtbot, launch):
    window = launch(**PLAYING)
    dialog = NewMatchDialog(MatchSetup(opponent="greedy"), window)
    qtbot.addWidget(dialog)
    rows = [dialog.opponents.item(i).text() for i in range(dialog.opponents.count())]
    presets = [dialog.preset.itemText(i) for i in range(dialog.preset.count())]
    shown = " ".join(rows + presets)
    for jargon in ("Elo", "won 0 of 200", "2021", "Research rules", "Pagat"):
        assert jargon not in shown
    assert any("strength: easy" in row for row in rows)
    assert any("strength: very strong" in row for row in rows)


def test_cribbage_questions_speak_of_a_game(qtbot, launch, monkeypatch):
    window = launch(**PLAYING)
    window.start_cribbage(window.preferred_cribbage_setup())
    asked = []
    monkeypatch.setattr(MainWindow, "ask", lambda _w, box: asked.append(
        (box.windowTitle(), box.text())) or False)
    click_menu_path(qtbot, window, "Game", "New Gin Rummy Match…")
    assert asked and "game" in asked[-1][0] and "match" not in asked[-1][1]


# -- defect 10: keys that cannot act say why ---------------------------------------------------

def test_m_mutes_and_says_so(qtbot, launch):
    window = launch(**PLAYING)
    status = window.gin_screen.status
    press(qtbot, window, Qt.Key.Key_M)
    assert window.sounds.muted and "Sounds off" in status.message
    press(qtbot, window, Qt.Key.Key_M)
    assert not window.sounds.muted and "Sounds on" in status.message
    assert window.storage.settings.settings.sound_muted is False


def test_ctrl_z_outside_practice_says_why(qtbot, launch):
    window = launch(**PLAYING)
    assert not window.gin_screen.controller.setup.practice
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "Undo is for practice games" in window.gin_screen.status.message
    window.start_cribbage(window.preferred_cribbage_setup())
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "Cribbage has no undo" in window.cribbage_table.status.message


# -- defect 11: the same menus in both games, F1 for the game on screen ------------------------

def menu_entries(window) -> dict[str, list[tuple[str, bool]]]:
    return {title.text(): [(a.text(), a.isVisible()) for a in title.menu().actions()]
            for title in window.menuBar().actions() if title.text() != "&Play"}


def test_both_games_have_the_same_menus_and_f1_opens_the_rules_on_screen(qtbot, launch):
    window = launch(**PLAYING)
    gin_menus = menu_entries(window)
    press(qtbot, window, Qt.Key.Key_F1)
    assert window.dialogs[-1].windowTitle() == "Gin Rummy rules"
    window.start_cribbage(window.preferred_cribbage_setup())
    assert window.game == CRIBBAGE
    assert menu_entries(window) == gin_menus
    play = [a.text() for a in window.play_menu.actions()]
    assert play == [a.text() for a in window.cribbage_table.key_actions.values()]
    press(qtbot, window, Qt.Key.Key_F1)
    shown = [d for d in window.dialogs if isinstance(d, HelpDialog)]
    assert shown[-1].windowTitle() == "Cribbage rules"


# -- missing features: undo against the computer, a volume you can hear -----------------------

def test_undo_against_the_computer_is_an_option_in_preferences(qtbot, launch):
    from tests.gui_helpers import settle

    window = launch(**PLAYING)
    controller = window.gin_screen.controller
    dialog = PreferencesDialog(window.storage, window)
    qtbot.addWidget(dialog)
    dialog.show()
    box = dialog.undo_check
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert window.storage.settings.settings.undo_vs_computer
    assert controller.undo_allowed and controller.undo_on
    settle(qtbot, controller)
    before = controller.session.snapshot()
    from ginrummy_desktop.gui.gin.controller import HUMAN

    action = controller.session.legal_actions(HUMAN)[0]
    assert controller.play(action)
    settle(qtbot, controller)
    dialog.close()
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.undo_used
    assert controller.session.snapshot() == before


class Recorder:
    """Stands in for the audio device: keeps the loudest sample of each sound played."""

    peaks: list[int] = []

    def start(self, samples) -> None:
        Recorder.peaks.append(max(abs(value) for value in samples))

    def close(self) -> None:
        pass


def test_the_volume_slider_plays_a_preview_at_the_new_volume(qtbot, launch):
    from ginrummy_desktop.gui.shell.table_sounds import TableSounds
    from ginrummy_desktop.sound import SoundBoard

    window = launch(**PLAYING, sound_volume=20)
    window.sounds = TableSounds(SoundBoard(output_factory=Recorder, volume=20))
    dialog = PreferencesDialog(window.storage, window)
    qtbot.addWidget(dialog)
    dialog.show()
    Recorder.peaks = []
    slider = dialog.volume_slider
    slider.setFocus()
    qtbot.keyClick(slider, Qt.Key.Key_PageUp)  # 20% -> 30%
    qtbot.keyClick(slider, Qt.Key.Key_End)  # -> 100%
    window.sounds.board.wait_idle()
    assert window.storage.settings.settings.sound_volume == 100
    assert len(Recorder.peaks) == 2 and Recorder.peaks[1] > 3 * Recorder.peaks[0]
    window.sounds.close()
    dialog.close()
