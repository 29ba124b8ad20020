"""Resign at the online table, with real clicks and keys against a real ejabberd and referee:
the button and Ctrl+Shift+R ask first (the "before resigning" setting), No leaves the match
alone, Yes ends it as the person's loss on both sides, and a second resign is refused in words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from ginrummy_desktop.online.bot_player import BotPlayer
from tests.online_gui_support import new_client, run
from tests.test_gui_online_play import join_hosted_table, sign_up


def test_resign_asks_then_ends_the_match_as_a_loss(qtbot, window_factory, ejabberd_server,
                                                   unique_user):
    window = window_factory()
    sign_up(qtbot, window, unique_user("quitter"))
    host = new_client(ejabberd_server, unique_user("stayer"))
    run(qtbot, host.sign_up())
    bot = BotPlayer(host, {"gin": "greedy"})
    recorded: list = []
    window.record_match = recorded.append
    pane = join_hosted_table(qtbot, window, host)
    assert pane.resign_button.isEnabled()

    # The button asks; No leaves the match in play.
    qtbot.mouseClick(pane.resign_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.resign_box is not None and window.resign_box.isVisible())
    assert "counts as a loss" in window.resign_box.text()
    qtbot.mouseClick(window.resign_box.button(QMessageBox.StandardButton.No),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.resign_box.isVisible())
    assert pane.match_in_play and pane.table_id not in bot.finished

    # Ctrl+Shift+R asks too; Yes resigns.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.resign_box = None
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: window.resign_box is not None and window.resign_box.isVisible())
    qtbot.mouseClick(window.resign_box.button(QMessageBox.StandardButton.Yes),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "You resigned" in pane.status.text(), timeout=15_000)
    assert pane.remote.over and not pane.match_in_play
    assert not pane.resign_button.isEnabled()
    qtbot.waitUntil(lambda: pane.table_id in bot.finished, timeout=10_000)
    assert bot.finished[pane.table_id]["reason"] == "resigned"
    assert bot.finished[pane.table_id]["winners"] == [0]  # the host wins; the app sat second
    assert [s.result for s in recorded] == ["loss"]
    assert recorded[0].opponent_id == f"online:{host.username}"

    # Nothing is left to resign: said in words, no question, no request.
    window.resign_box = None
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: "nothing to resign" in pane.status.text())
    assert window.resign_box is None
    run(qtbot, host.disconnect())


def test_resign_without_the_question_when_the_setting_is_off(qtbot, window_factory,
                                                             ejabberd_server, unique_user):
    window = window_factory()
    window.ask_before_resign = lambda: False  # Preferences: "before resigning" unticked
    sign_up(qtbot, window, unique_user("quick"))
    host = new_client(ejabberd_server, unique_user("winner"))
    run(qtbot, host.sign_up())
    bot = BotPlayer(host, {"gin": "greedy"})
    pane = join_hosted_table(qtbot, window, host)
    qtbot.mouseClick(pane.resign_button, Qt.MouseButton.LeftButton)
    assert window.resign_box is None
    qtbot.waitUntil(lambda: pane.table_id in bot.finished, timeout=15_000)
    qtbot.waitUntil(lambda: "You resigned" in pane.status.text(), timeout=10_000)
    run(qtbot, host.disconnect())


def test_close_table_mid_match_offers_to_resign_or_keep_playing(qtbot, window_factory,
                                                               ejabberd_server, unique_user):
    window = window_factory()
    sign_up(qtbot, window, unique_user("closer"))
    host = new_client(ejabberd_server, unique_user("keeper"))
    run(qtbot, host.sign_up())
    bot = BotPlayer(host, {"gin": "greedy"})
    pane = join_hosted_table(qtbot, window, host)
    table = pane.table_id

    qtbot.mouseClick(pane.leave_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.close_box.isVisible())
    assert "resigns it" in window.close_box.text()
    keep = next(b for b in window.close_box.buttons() if b.text() == "Keep playing")
    qtbot.mouseClick(keep, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.close_box.isVisible())
    assert window.tables.get(table) is pane and pane.match_in_play

    qtbot.mouseClick(pane.leave_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.close_box.isVisible())
    leave = next(b for b in window.close_box.buttons() if b.text() == "Resign and close")
    qtbot.mouseClick(leave, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table not in window.tables, timeout=15_000)
    qtbot.waitUntil(lambda: table in bot.finished, timeout=10_000)
    assert bot.finished[table]["reason"] == "resigned"
    run(qtbot, host.disconnect())
