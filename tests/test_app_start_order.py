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
