"""The online window against a real ejabberd and referee: real clicks, keys and drags."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ginrummy_desktop.engine.gin.bots import BUILTIN_BOTS
from ginrummy_desktop.gui.gin.table_layout import ZONE_DISCARD, ZONE_HAND, ZONE_KNOCK
from ginrummy_desktop.online.bot_player import BotPlayer
from tests.online_gui_support import PASSWORD, new_client, run


def sign_up(qtbot, window, user: str, create: bool = True) -> None:
    panel = window.signin
    panel.user.clear()
    qtbot.keyClicks(panel.user, user)
    panel.password.clear()
    qtbot.keyClicks(panel.password, PASSWORD)
    button = panel.create_button if create else panel.sign_in_button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.tabs
                    or (panel.problem.text() not in ("", "Connecting…")), timeout=30_000)


def click_row(qtbot, table_widget, row: int) -> None:
    rect = table_widget.visualItemRect(table_widget.item(row, 0))
    qtbot.mouseClick(table_widget.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def left_edge(item):
    from PySide6.QtCore import QPointF
    rect = item.card_rect()
    return QPointF(rect.left() + rect.width() * 0.15, rect.center().y())


def play_hand_with_the_mouse(qtbot, pane, drag_on_view, moves: int | None = None) -> None:
    """The person's moves, chosen by a greedy stand-in, made with real drags and clicks, to
    the end of the hand (or for ``moves`` moves)."""
    screen, controller = pane.table, pane.controller
    stand_in = BUILTIN_BOTS["greedy"]()
    table = screen.table
    for _ in range(200 if moves is None else moves):
        qtbot.waitUntil(lambda: controller.reveal is not None or (
            pane.remote.pending is False and controller.view().to_move == 0), timeout=30_000)
        if controller.reveal is not None:
            return
        action = stand_in.choose(pane.remote.observation_now)
        hand_zone = table.zones[ZONE_HAND].rect().center()
        if action.kind == "draw_stock":
            drag_on_view(screen.view, left_edge(table.stock_top()), hand_zone)
        elif action.kind == "draw_discard":
            drag_on_view(screen.view, left_edge(table.discard_top()), hand_zone)
        elif action.kind == "pass":
            qtbot.mouseClick(screen.buttons["pass"], Qt.MouseButton.LeftButton)
        elif action.kind == "discard":
            drag_on_view(screen.view, left_edge(table.item_for(action.card)),
                         table.zones[ZONE_DISCARD].rect().center())
        elif action.kind in ("knock", "gin"):
            drag_on_view(screen.view, left_edge(table.item_for(action.card)),
                         table.zones[ZONE_KNOCK].rect().center())
        else:
            qtbot.mouseClick(screen.buttons["knock"], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: pane.remote.pending or controller.reveal is not None
                        or controller.view().to_move != 0, timeout=5_000)
    if moves is None:
        raise AssertionError("the hand did not end")


def join_hosted_table(qtbot, window, host) -> object:
    """The host (a headless client) opens a casual gin table; the app joins it from the lobby
    with real clicks; returns the table pane."""
    table = run(qtbot, host.create_table("gin", target=100, rated=False, clock=120))
    lobby = window.lobbies["gin"]
    qtbot.waitUntil(lambda: any(t["table"] == table for t in lobby.tables), timeout=15_000)
    row = next(i for i, t in enumerate(lobby.tables) if t["table"] == table)
    click_row(qtbot, lobby.table_list, row)
    qtbot.mouseClick(lobby.join_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table in window.tables, timeout=15_000)
    return window.tables[table]


def test_sign_up_join_a_bot_table_and_play_a_hand_with_the_mouse(
        qtbot, window_factory, ejabberd_server, unique_user, drag_on_view):
    window = window_factory()
    me = unique_user("gui")
    sign_up(qtbot, window, me)
    assert window.stack.currentWidget() is window.tabs, window.signin.problem.text()
    assert window.state_label.text() == "Online"
    players = window.lobbies["gin"].players
    qtbot.waitUntil(lambda: any(players.item(i).text() == f"{me}  (1500)"
                                for i in range(players.count())), timeout=10_000)

    host = new_client(ejabberd_server, unique_user("host"))
    run(qtbot, host.sign_up())
    BotPlayer(host, {"gin": "greedy"})
    table = run(qtbot, host.create_table("gin", target=100, rated=False, clock=120))

    lobby = window.lobbies["gin"]
    qtbot.waitUntil(lambda: any(t["table"] == table for t in lobby.tables), timeout=15_000)
    row = next(i for i, t in enumerate(lobby.tables) if t["table"] == table)
    click_row(qtbot, lobby.table_list, row)
    qtbot.mouseClick(lobby.join_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table in window.tables, timeout=15_000)
    pane = window.tables[table]
    assert window.tabs.currentWidget() is pane
    assert host.username in pane.opponent_label.text()

    play_hand_with_the_mouse(qtbot, pane, drag_on_view)
    screen = pane.table
    qtbot.waitUntil(screen.panel.isVisible, timeout=10_000)
    result = pane.controller.reveal
    for hand in result.hands:
        for card in hand.cards:
            assert screen.table.item_for(card).face_up
    qtbot.mouseClick(screen.panel.button("Verify deal"), Qt.MouseButton.LeftButton)
    assert screen.last_verification[0] is True
    screen.verification_box.close()
    qtbot.mouseClick(screen.panel.button("Next hand"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane.controller.reveal is None, timeout=5_000)
    assert len(pane.controller.view().hand) in (10, 11)
    run(qtbot, host.disconnect())


def test_wrong_password_and_taken_name_are_clear_messages(
        qtbot, window_factory, unique_user):
    window = window_factory()
    name = unique_user("taken")
    sign_up(qtbot, window, name)
    assert window.stack.currentWidget() is window.tabs
    window.sign_out()
    qtbot.waitUntil(lambda: window.state_label.text() == "Signed out", timeout=10_000)
    sign_up(qtbot, window, name)  # create again: the name is taken
    assert window.stack.currentWidget() is window.signin
    assert "refused" in window.signin.problem.text().lower() or \
        "conflict" in window.signin.problem.text().lower()
    window.signin.password.clear()
    qtbot.keyClicks(window.signin.password, "not the password")
    QTest.keyClick(window.signin.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "password" in window.signin.problem.text().lower(), timeout=30_000)
    assert window.stack.currentWidget() is window.signin
