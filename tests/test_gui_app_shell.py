"""The main window's menus, help pages, opponent picker and accessibility basics."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.gui.gin.controller import MatchSetup
from ginrummy_desktop.gui.gin.keys import KEYS, shortcut_rows
from ginrummy_desktop.gui.gin.new_game_dialog import TABLE_PRESETS, NewMatchDialog
from ginrummy_desktop.gui.gin.opponents import hint, list_opponents
from ginrummy_desktop.gui.shell.main_window import MainWindow


@pytest.fixture
def window(qtbot):
    win = MainWindow(storage=None, speed="instant")
    qtbot.addWidget(win)
    return win


def menu_texts(window, title: str) -> list[str]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == title)
    return [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]


def test_menus(window):
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["Game", "View", "Help"]
    game = menu_texts(window, "Game")
    assert "New Gin Rummy Match…" in game and "Rematch" in game and "Quit" in game
    view = menu_texts(window, "View")
    assert "Fan discard pile" in view and "Four-colour deck" in view
    assert menu_texts(window, "Help") == ["Gin Rummy rules", "Cribbage rules",
                                         "Learn Gin Rummy (guided game)",
                                         "Learn Cribbage (guided game)",
                                         "Keyboard shortcuts", "About"]


def test_help_pages_open_with_content(window):
    rules = window.show_help("Gin Rummy rules", __import__(
        "ginrummy_desktop.gui.shell.help_pages", fromlist=["GIN_RULES_HTML"]).GIN_RULES_HTML)
    text = rules.browser.toPlainText()
    assert "Undercut" in text and "lay off" in text and "Verify deal" in text
    rows = shortcut_rows()
    assert {keys for keys, _name, _text in rows} >= {"S", "D / T", "K", "H", "Ctrl+Z", "Left"}


def test_every_action_has_a_key_in_its_tooltip(window):
    for action_id, _label, keys, _text in KEYS:
        action = window.gin_screen.key_actions[action_id]
        assert action.shortcuts(), action_id
        assert keys[0] in action.toolTip()
    for button in window.gin_screen.findChildren(QPushButton):
        assert button.accessibleName(), button.text()
        assert "(" in button.toolTip()


def test_new_match_dialog_lists_opponents_and_starts_a_match(window, qtbot):
    window.show()
    window.new_match_dialog()
    dialog = next(d for d in window.dialogs if isinstance(d, NewMatchDialog))
    assert dialog.opponents.count() == len(list_opponents()) >= len(BUILTIN_BOTS)
    item = dialog.opponents.item(0)
    assert item.text() and not item.icon().isNull()  # name, style, strength and an emblem
    assert "strength" in item.text()
    dialog.preset.setCurrentIndex(dialog.preset.findData("straight"))
    dialog.practice.setChecked(True)
    ok = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Deal")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    controller = window.gin_screen.controller
    assert controller.setup.preset == "straight" and controller.setup.practice
    assert controller.rules.knock_limit == 0
    assert set(TABLE_PRESETS) >= {"classic", "traditional", "tournament", "oklahoma"}


def test_rematch_keeps_opponent_and_rules(window):
    window.gin_screen.new_match(MatchSetup(preset="traditional", opponent="random", seed=1))
    first = window.gin_screen.controller.session
    window.rematch()
    controller = window.gin_screen.controller
    assert controller.session is not first
    assert (controller.setup.preset, controller.setup.opponent) == ("traditional", "random")


def test_hint_gives_a_legal_action_and_a_reason(window):
    window.gin_screen.new_match(MatchSetup(opponent="greedy", seed=9))
    controller = window.gin_screen.controller
    observation = controller.session.observation(controller.session.to_move())
    action, reason = hint(observation)
    assert action in observation.legal_actions
    assert isinstance(reason, str) and reason


def test_view_menu_changes_style_speed_and_felt(window):
    window.four_colour_action.trigger()
    assert window.renderer.style.four_colour
    window.set_card_style(back="midnight")
    assert window.renderer.style.back == "midnight"
    window.speed_actions["slow"].trigger()
    assert window.gin_screen.animator.speed == "slow"
    with pytest.raises(ValueError, match="unknown animation speed"):
        window.gin_screen.animator.set_speed("warp")


def test_the_picker_lists_each_personas_own_metadata():
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS, PERSONAS
    from ginrummy_desktop.gui.gin import opponents as gin_opponents

    infos = {info.bot_id: info for info in gin_opponents.list_opponents()}
    assert set(infos) == set(BUILTIN_BOTS)
    expert = PERSONAS["expert"]
    shown = infos["expert"]
    assert (shown.name, shown.style, shown.emblem) == (expert.name, expert.style, expert.emblem)
    assert shown.rating == "very strong"  # the top of the ladder, in words
    # a baseline bot without a persona: too weak to rate, the easiest
    assert infos["random"].rating == "easiest"
    assert gin_opponents.default_opponent() == "expert"
    with pytest.raises(ValueError, match="unknown gin opponent 'strategist'"):
        gin_opponents.make_bot("strategist")
    assert type(gin_opponents.make_bot("simple", seed=3)) is type(BUILTIN_BOTS["simple"](seed=3))

