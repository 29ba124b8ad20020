"""Preferences dialog driven with real clicks and keys; changes are saved and applied live."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, Qt

from ginrummy_desktop.gui.shell.preferences import PreferencesDialog
from ginrummy_desktop.storage import Settings, SettingsStore, Storage


@pytest.fixture
def storage(tmp_path):
    s = Storage(tmp_path)
    yield s
    s.close()


@pytest.fixture
def dialog(qtbot, storage):
    window = PreferencesDialog(storage)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def click_tab(qtbot, dialog, title):
    bar = dialog.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert dialog.tabs.currentIndex() == index


def tick(qtbot, box):
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def reopened(storage):
    return SettingsStore(storage.paths.settings_file).settings


def test_ticking_four_colour_is_saved_and_announced_live(qtbot, dialog, storage):
    heard = []
    storage.settings.subscribe(lambda settings, changed: heard.append(changed))
    click_tab(qtbot, dialog, "Appearance")
    tick(qtbot, dialog.four_colour_check)
    assert storage.settings.settings.four_colour_deck is True
    assert heard == [frozenset({"four_colour_deck"})]
    assert reopened(storage).four_colour_deck is True


def test_choosing_a_card_back_and_speed_with_the_keyboard(qtbot, dialog, storage):
    click_tab(qtbot, dialog, "Appearance")
    dialog.back_combo.setFocus()
    qtbot.keyClick(dialog.back_combo, Qt.Key.Key_Down)
    assert storage.settings.settings.card_back == "red"
    qtbot.keyClick(dialog.speed_combo, Qt.Key.Key_Home)
    assert storage.settings.settings.animation_speed == "instant"
    assert reopened(storage).card_back == "red"


def test_gin_option_override_and_preset_change(qtbot, dialog, storage):
    click_tab(qtbot, dialog, "Gin Rummy")
    spin = dialog.gin_spins["knock_limit"]
    spin.selectAll()
    qtbot.keyClicks(spin, "7")
    assert storage.settings.settings.gin_overrides == {"knock_limit": 7}
    assert storage.settings.settings.gin_rules().knock_limit == 7
    qtbot.keyClick(dialog.preset_combo, Qt.Key.Key_Down)  # classic -> traditional
    settings = storage.settings.settings
    assert settings.gin_preset == "traditional" and settings.gin_overrides == {}
    assert spin.value() == 10
    assert dialog.gin_spins["gin_bonus"].value() == 20  # the traditional preset's gin bonus


def test_cribbage_short_game(qtbot, dialog, storage):
    click_tab(qtbot, dialog, "Cribbage")
    qtbot.keyClick(dialog.cribbage_target_combo, Qt.Key.Key_Down)
    assert storage.settings.settings.cribbage_rules().target == 61


def test_reset_to_defaults_button(qtbot, dialog, storage):
    storage.settings.update(player_name="Ann", four_colour_deck=True, card_size="huge")
    assert dialog.four_colour_check.isChecked()  # the dialog follows outside changes too
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert storage.settings.settings == Settings(player_name="Ann")
    assert not dialog.four_colour_check.isChecked()
    assert dialog.size_combo.currentData() == "medium"


def test_empty_name_is_refused_in_plain_words(qtbot, dialog, storage):
    dialog.name_edit.selectAll()
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Backspace)
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    assert "non-empty name" in dialog.message.text()
    assert dialog.name_edit.text() == "Player"
    dialog.name_edit.selectAll()
    qtbot.keyClicks(dialog.name_edit, "Robin")
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    assert storage.settings.settings.player_name == "Robin"
    assert dialog.message.text() == ""


def test_adding_and_switching_profiles(qtbot, dialog, storage):
    storage.settings.update(card_back="green")
    qtbot.keyClicks(dialog.new_profile_edit, "Sam")
    qtbot.mouseClick(dialog.add_profile_button, Qt.MouseButton.LeftButton)
    assert storage.profile == "sam"
    assert dialog.name_edit.text() == "Sam"
    assert dialog.back_combo.currentData() == "blue"  # Sam starts from defaults
    assert dialog.remove_profile_button.isEnabled()
    qtbot.keyClicks(dialog.new_profile_edit, "sam")
    qtbot.mouseClick(dialog.add_profile_button, Qt.MouseButton.LeftButton)
    assert "already exists" in dialog.message.text()
    index = dialog.profile_combo.findData("player")
    dialog.profile_combo.setFocus()
    qtbot.keyClick(dialog.profile_combo, Qt.Key.Key_Up if index == 0 else Qt.Key.Key_Down)
    assert storage.profile == "player"
    assert dialog.back_combo.currentData() == "green"
    assert reopened(storage) == storage.settings.settings


def test_choosing_a_default_opponent(qtbot, dialog, storage):
    combo = dialog.opponent_combos["cribbage"]
    # Until the player picks one: the friendly opponent the welcome offers (issue 39)
    assert combo.currentData() == "beginner"
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Home)  # strongest first, as in the picker
    first = combo.itemData(0)
    assert storage.settings.settings.default_opponent == {"cribbage": first}
    assert "(not available)" not in dialog.opponent_combos["gin"].currentText()


def _choose_preset(qtbot, dialog, preset):
    from ginrummy_desktop.engine.gin.rules import GIN_PRESETS

    dialog.preset_combo.setFocus()
    qtbot.keyClick(dialog.preset_combo, Qt.Key.Key_Home)
    for _ in range(list(GIN_PRESETS).index(preset)):
        qtbot.keyClick(dialog.preset_combo, Qt.Key.Key_Down)


def test_oklahoma_with_deal_eleven_is_refused_and_the_dialog_opens_again(qtbot, dialog, storage):
    click_tab(qtbot, dialog, "Gin Rummy")
    _choose_preset(qtbot, dialog, "oklahoma")
    assert storage.settings.settings.gin_preset == "oklahoma"
    tick(qtbot, dialog.gin_flags["deal_eleven"])
    assert "Not allowed with the oklahoma rules" in dialog.message.text()
    assert "deal_eleven" in dialog.message.text()
    assert not dialog.gin_flags["deal_eleven"].isChecked()  # the box shows what is stored
    assert storage.settings.settings.gin_overrides == {}
    assert reopened(storage).gin_overrides == {}
    # The same option is fine with the classic rules.
    _choose_preset(qtbot, dialog, "classic")
    tick(qtbot, dialog.gin_flags["deal_eleven"])
    assert storage.settings.settings.gin_overrides == {"deal_eleven": True}
    assert dialog.message.text() == ""
    dialog.close()
    again = PreferencesDialog(storage)
    qtbot.addWidget(again)
    assert again.gin_flags["deal_eleven"].isChecked()


def test_a_stored_invalid_combination_falls_back_to_the_preset(qtbot, tmp_path):
    import json

    from ginrummy_desktop.storage import app_paths

    paths = app_paths(tmp_path).ensure()
    paths.settings_file.write_text(json.dumps({
        "format": "ginrummy-desktop-settings", "version": 1, "last_profile": "player",
        "profiles": {"player": {"gin_preset": "oklahoma", "card_back": "red",
                                "gin_overrides": {"deal_eleven": True}}},
    }))
    storage = Storage(tmp_path)
    try:
        [notice] = storage.notices.take()
        assert "reset to their defaults: player: gin_overrides" in notice.message
        settings = storage.settings.settings
        assert (settings.gin_preset, settings.gin_overrides, settings.card_back) == (
            "oklahoma", {}, "red")
        window = PreferencesDialog(storage)
        qtbot.addWidget(window)
        window.show()
        click_tab(qtbot, window, "Gin Rummy")
        assert window.gin_flags["oklahoma"].isChecked()
        assert not window.gin_flags["deal_eleven"].isChecked()
    finally:
        storage.close()
