"""The app maps its main window before it deals (issue 43): the window (title, menus, felt) is
on screen when the saved game is offered or the table is dealt, and the first frame painted
already has the cards (the deal happens before the event loop paints)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from ginrummy_desktop.gui.shell.main_window import MainWindow
from ginrummy_desktop.storage import open_storage
from tests.test_storage_startup import start_app


def test_the_window_is_on_screen_before_the_deal_and_dealt_before_it_paints(qapp, monkeypatch,
                                                                              tmp_path):
    root = tmp_path / "home"
    store = open_storage(root)  # someone who has played: the app deals at once
    store.settings.update(animation_speed="instant", default_opponent={"gin": "greedy"})
    store.close()
    seen: dict[str, object] = {}
    restore = MainWindow.restore_or_start

    def restore_or_start(window: MainWindow) -> None:
        seen["visible at the deal"] = window.isVisible()
        seen["title"] = window.windowTitle()
        seen["menus"] = [a.text().replace("&", "") for a in window.menuBar().actions()]
        restore(window)
        seen["dealt"] = window.gin_screen.controller.session is not None

    monkeypatch.setattr(MainWindow, "restore_or_start", restore_or_start)
    started = start_app(qapp, monkeypatch, root)
    assert seen == {"visible at the deal": True, "title": "Gin Rummy Desktop",
                    "menus": ["Game", "View", "Help"], "dealt": True}
    assert started.dialog is None


def test_the_view_menus_speeds_are_the_animators():
    from ginrummy_desktop.gui.table.animation import SPEEDS
    from ginrummy_desktop.storage.settings import ANIMATION_SPEEDS

    assert tuple(SPEEDS) == ANIMATION_SPEEDS  # the menu lists the settings' names


def test_a_window_made_in_two_steps_has_the_same_menus_as_one_made_at_once(qapp):
    def menus(window: MainWindow) -> list[tuple[str, str, bool]]:
        found = []
        for top in window.menuBar().actions():
            for action in top.menu().actions():
                found.append((top.text(), action.text(), action.isEnabled()))
                if action.menu() is not None:
                    found += [(action.text(), a.text(), a.isEnabled())
                              for a in action.menu().actions()]
        return found

    at_once = MainWindow(storage=None, speed="instant")
    later = MainWindow(storage=None, speed="instant", tables_later=True)
    assert later.tables == {} and later.persistence is None
    later.make_tables()
    try:
        assert menus(later) == menus(at_once)
        assert list(later.tables) == list(at_once.tables) and later.game == at_once.game
        assert later.stack.currentWidget() is later.gin_screen
    finally:
        at_once.close()
        later.close()
