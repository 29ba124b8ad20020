"""Lost connections at the online table: the opponent's (grace banner, then Claim win) and the
app's own (the table greys out, "Reconnecting…", and play resumes in place)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ginrummy_desktop.online.bot_player import BotPlayer
from tests.online_gui_support import new_client, run
from tests.test_gui_online_play import join_hosted_table, play_hand_with_the_mouse, sign_up


@pytest.mark.parametrize("referee_changes", [{"grace": 3.0, "clock_tick": 0.5}])
def test_opponent_drops_grace_banner_then_claim_win(
        qtbot, window_factory, ejabberd_server, unique_user, tcp_proxy, referee_changes):
    window = window_factory()
    sign_up(qtbot, window, unique_user("stay"))
    proxy = tcp_proxy(ejabberd_server.c2s_port)
    host = new_client(ejabberd_server, unique_user("drop"), proxy.port)
    host.auto_reconnect = host.stream_resumption = False  # gone for good
    run(qtbot, host.sign_up())
    BotPlayer(host, {"gin": "greedy"})
    recorded: list = []
    window.record_match = recorded.append
    pane = join_hosted_table(qtbot, window, host)
    assert not pane.banner.isVisible()

    proxy.cut()
    qtbot.waitUntil(pane.banner.isVisible, timeout=30_000)
    assert "to come back" in pane.banner_text.text()
    assert not pane.claim_button.isEnabled()
    qtbot.waitUntil(pane.claim_button.isEnabled, timeout=30_000)
    assert "claim the win" in pane.banner_text.text()
    qtbot.mouseClick(pane.claim_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "You win" in pane.table.status.text(), timeout=15_000)
    assert pane.remote.over and pane.remote.winners == (0,)
    assert not pane.banner.isVisible()
    # The match goes into the local statistics, marked online, with the opponent's name.
    assert len(recorded) == 1
    summary = recorded[0]
    assert (summary.result, summary.opponent_id, summary.opponent_name) == (
        "win", f"online:{host.username}", host.username)
    assert summary.rules.endswith("(online, casual)")
    assert summary.player_seat == 1  # the joiner sits second at the referee's table


def test_own_connection_cut_and_resumed_mid_hand(
        qtbot, window_factory, ejabberd_server, unique_user, tcp_proxy, drag_on_view):
    proxy = tcp_proxy(ejabberd_server.c2s_port)
    window = window_factory(port=proxy.port)
    sign_up(qtbot, window, unique_user("cut"))
    host = new_client(ejabberd_server, unique_user("steady"))
    run(qtbot, host.sign_up())
    BotPlayer(host, {"gin": "greedy"})
    pane = join_hosted_table(qtbot, window, host)
    play_hand_with_the_mouse(qtbot, pane, drag_on_view, moves=2)
    hand_number = pane.controller.view().hand_number
    cards_before = len(pane.controller.view().hand)

    proxy.cut()
    qtbot.waitUntil(pane.reconnecting.isVisible, timeout=15_000)
    assert not pane.table.view.isEnabled()
    assert pane.table.view.graphicsEffect() is not None  # greyed out
    assert window.state_label.text() == "Connection lost: reconnecting…"
    qtbot.waitUntil(lambda: not pane.reconnecting.isVisible(), timeout=30_000)
    assert window.state_label.text() == "Online"
    assert pane.table.view.isEnabled()
    # The same hand goes on from where it was, to its end, with the mouse.
    assert pane.controller.view().hand_number == hand_number
    assert abs(len(pane.controller.view().hand) - cards_before) <= 1
    play_hand_with_the_mouse(qtbot, pane, drag_on_view)
    qtbot.waitUntil(pane.table.panel.isVisible, timeout=10_000)
    run(qtbot, host.disconnect())


@pytest.mark.parametrize("referee_changes", [{"grace": 3.0, "clock_tick": 0.5}])
def test_cribbage_opponent_drops_grace_banner_then_claim_win(
        qtbot, window_factory, ejabberd_server, unique_user, tcp_proxy, referee_changes):
    """The same pieces serve the cribbage table: banner, countdown, Claim win."""
    window = window_factory()
    sign_up(qtbot, window, unique_user("crib"))
    proxy = tcp_proxy(ejabberd_server.c2s_port)
    host = new_client(ejabberd_server, unique_user("gone"), proxy.port)
    host.auto_reconnect = host.stream_resumption = False
    run(qtbot, host.sign_up())
    BotPlayer(host, {"cribbage": "greedy"})
    table = run(qtbot, host.create_table("cribbage", target=121, rated=True, clock=120))
    lobby = window.lobbies["cribbage"]
    qtbot.waitUntil(lambda: any(t["table"] == table for t in lobby.tables), timeout=15_000)
    window.join_table(table)
    qtbot.waitUntil(lambda: table in window.tables, timeout=15_000)
    pane = window.tables[table]
    assert pane.game == "cribbage" and "rated game" in pane.opponent_label.text()
    assert not pane.table.hint_button.isVisible()  # hints are off in rated games

    proxy.cut()
    qtbot.waitUntil(pane.banner.isVisible, timeout=30_000)
    assert "to come back" in pane.banner_text.text()
    qtbot.waitUntil(pane.claim_button.isEnabled, timeout=30_000)
    qtbot.mouseClick(pane.claim_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "You win" in pane.status.text(), timeout=15_000)
    assert pane.remote.over and pane.remote.winner == pane.remote.me
    assert pane.controller.stage == "over" and not pane.banner.isVisible()


def test_cribbage_own_connection_cut_and_resumed_mid_hand(
        qtbot, window_factory, ejabberd_server, unique_user, tcp_proxy):
    from tests.test_gui_online_cribbage import click_card

    proxy = tcp_proxy(ejabberd_server.c2s_port)
    window = window_factory(port=proxy.port)
    sign_up(qtbot, window, unique_user("cribcut"))
    host = new_client(ejabberd_server, unique_user("cribhost"))
    run(qtbot, host.sign_up())
    BotPlayer(host, {"cribbage": "greedy"})
    table_id = run(qtbot, host.create_table("cribbage", preset="short", target=61,
                                            rated=False, clock=120))
    lobby = window.lobbies["cribbage"]
    qtbot.waitUntil(lambda: any(t["table"] == table_id for t in lobby.tables), timeout=15_000)
    window.join_table(table_id)
    qtbot.waitUntil(lambda: table_id in window.tables, timeout=15_000)
    pane = window.tables[table_id]
    table = pane.table
    qtbot.waitUntil(lambda: table.display.stage == "discard" and table.display.your_turn,
                    timeout=20_000)
    hand = list(pane.remote.observation_now.hand)

    proxy.cut()
    qtbot.waitUntil(pane.reconnecting.isVisible, timeout=15_000)
    assert not table.view.isEnabled() and table.view.graphicsEffect() is not None
    qtbot.waitUntil(lambda: not pane.reconnecting.isVisible(), timeout=30_000)
    assert table.view.isEnabled()
    # The same deal goes on: two cards to the crib with clicks, and the play begins.
    assert list(pane.remote.observation_now.hand) == hand
    qtbot.waitUntil(lambda: table.display.stage == "discard" and table.display.your_turn,
                    timeout=10_000)
    for card in hand[:2]:
        click_card(qtbot, table, card)
    qtbot.mouseClick(table.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table.display.stage == "play", timeout=20_000)
    assert len(pane.remote.observation_now.hand) == 4
    run(qtbot, host.disconnect())
