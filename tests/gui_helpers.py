"""Waiting for a table's opponent in GUI tests, and a stand-in for the person.

Bots always think off the GUI thread (also at "instant" speed), so after the person's move a
test waits until the table's turn loop has nothing pending (the opponent has moved, or the
person's decision is due) and no hint or advisor is still being worked out.
"""

from __future__ import annotations


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
