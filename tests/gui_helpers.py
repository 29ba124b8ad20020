"""Waiting for a table's opponent in GUI tests, a stand-in for the person, and the gin window.

Bots always think off the GUI thread (also at "instant" speed), so after the person's move a
test waits until the table's turn loop has nothing pending (the opponent has moved, or the
person's decision is due) and no hint or advisor is still being worked out.
"""

from __future__ import annotations


def open_gin_window(qtbot, ask: bool = True, storage=None):
    """A main window at instant speed, 1280x800, shown (yield it from a fixture; the generator
    stops the match and waits for the background after the test). ``ask=False`` turns every
    confirmation off, so knocks and new matches go through without a question; ``storage``
    (default none) is the profile's storage."""
    from ginrummy_desktop.gui.shell.main_window import MainWindow
    from ginrummy_desktop.gui.table.background import Background

    win = MainWindow(storage=storage, speed="instant")
    if not ask:
        win.set_confirmations(dict.fromkeys(win.confirmations, False))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.gin_screen.controller.stop()
    Background.wait_all()


def settle(qtbot, table_or_controller, timeout: int = 15_000) -> None:
    controller = getattr(table_or_controller, "controller", table_or_controller)
    qtbot.waitUntil(lambda: not controller.loop.thinking and not controller.background.busy,
                    timeout=timeout)


def stand_in_until(screen, condition, limit: int = 300) -> None:
    """A greedy stand-in makes the person's moves at a gin screen (through its controller,
    not the mouse: only the moves under test are made with real events) until ``condition()``
    holds; a hand's end panel is continued past."""
    from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
    from ginrummy_desktop.gui.gin.controller import HUMAN

    controller = screen.controller
    bot = BUILTIN_BOTS["greedy"]()
    for _ in range(limit):
        assert controller.settle()  # the opponent thinks off the GUI thread
        if condition():
            return
        if controller.reveal is not None:
            screen._continue()
            continue
        assert controller.play(bot.choose(controller.session.observation(HUMAN)))
    raise AssertionError("condition not reached")


def choose_from_menu(qtbot, window, menu_title: str, entry: str):
    """Click ``menu_title`` on the window's menu bar, then ``entry`` in it (real clicks);
    returns the window or dialog that opened last (``window.dialogs[-1]``)."""
    from PySide6.QtCore import Qt

    bar = window.menuBar()
    [title] = [a for a in bar.actions() if a.text() == menu_title]
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(title).center())
    menu = title.menu()
    qtbot.waitUntil(menu.isVisible)
    [action] = [a for a in menu.actions() if a.text() == entry]
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())
    return window.dialogs[-1]
