"""The online cribbage table against a real ejabberd and referee, with real clicks: the app
joins a cribbage table that a headless client bot hosts and plays a whole hand (two cards to
the crib, the pegging, the show) to its end, checks the deal with Verify deal, then resigns."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ginrummy_desktop.engine.cribbage.bots import BUILTIN_BOTS
from ginrummy_desktop.online.bot_player import BotPlayer
from tests.online_gui_support import new_client, run
from tests.test_gui_online_play import click_row, sign_up


def click_card(qtbot, table, card, double: bool = False) -> None:
    point = table.view.mapFromScene(table.card_centre(card))
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    if double:
        qtbot.mouseDClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def open_tab(qtbot, window, widget) -> None:
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton,
                     pos=bar.tabRect(window.tabs.indexOf(widget)).center())
    assert window.tabs.currentWidget() is widget


def test_join_a_bot_cribbage_table_and_play_a_whole_hand(qtbot, window_factory,
                                                          ejabberd_server, unique_user):
    window = window_factory()
    sign_up(qtbot, window, unique_user("pegger"))
    lobby = window.lobbies["cribbage"]
    open_tab(qtbot, window, lobby)
    assert lobby.create_button.isEnabled() and lobby.quick_button.isEnabled()

    host = new_client(ejabberd_server, unique_user("dealer"))
    run(qtbot, host.sign_up())
    bot = BotPlayer(host, {"cribbage": "greedy"})
    recorded: list = []
    window.record_match = recorded.append
    table_id = run(qtbot, host.create_table("cribbage", preset="short", target=61,
                                            rated=False, clock=120))
    qtbot.waitUntil(lambda: any(t["table"] == table_id for t in lobby.tables), timeout=15_000)
    click_row(qtbot, lobby.table_list,
              next(i for i, t in enumerate(lobby.tables) if t["table"] == table_id))
    qtbot.mouseClick(lobby.join_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table_id in window.tables, timeout=15_000)
    pane = window.tables[table_id]
    assert window.tabs.currentWidget() is pane and pane.game == "cribbage"
    assert host.username in pane.opponent_label.text()
    assert "casual game" in pane.opponent_label.text()
    table, controller, remote = pane.table, pane.controller, pane.remote
    assert controller.human == remote.me == 1  # the joiner sits second at the referee
    assert table.hints_allowed and not table.rematch_button.isVisible()

    # The discard: two cards chosen with clicks, then Send.
    qtbot.waitUntil(lambda: table.display.stage == "discard" and table.display.your_turn,
                    timeout=20_000)
    stand_in = BUILTIN_BOTS["greedy"]()
    choice = stand_in.choose(remote.observation_now)
    assert choice.kind == "discard"
    for card in choice.cards:
        click_card(qtbot, table, card)
    assert set(table.display.pending) == set(choice.cards)
    qtbot.mouseClick(table.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(remote.observation_now.hand) == 4, timeout=15_000)
    first_hand = remote.hand_number
    qtbot.waitUntil(lambda: table.display.stage == "play", timeout=15_000)  # both laid away

    # The pegging: a playable card double-clicked whenever it is the person's turn (a go is
    # said for the person by the table), until the show begins.
    for _ in range(60):
        qtbot.waitUntil(lambda: table.display.stage != "play" or (
            table.display.your_turn and bool(table.display.playable)
            and not remote.pending and not controller.loop.submitting), timeout=30_000)
        if table.display.stage != "play":
            break
        card = sorted(table.display.playable)[0]
        before = len(remote.observation_now.played)
        click_card(qtbot, table, card, double=True)
        qtbot.waitUntil(lambda before=before: len(remote.observation_now.played) > before
                        or remote.hand_number != first_hand, timeout=10_000)
    # The show, counted on the table, to its end-of-hand state.
    qtbot.waitUntil(lambda: table.continue_button.isVisible(), timeout=30_000)
    assert table.display.stage == "show" and table.display.continue_label == "Next hand"
    assert len(remote.hand_records()) == 1
    assert remote.hand_records()[0]["hand"] == first_hand
    assert table.verify_button.isVisible()
    qtbot.mouseClick(table.verify_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table.verification_box is not None
                    and table.verification_box.isVisible())
    assert controller.verify_deal()[0] is True
    table.verification_box.close()
    # The pegs show the referee's scores.
    view = remote.view(remote.me)
    assert [p.front for p in view.pegs] == [min(s, 61) for s in remote.scores]

    qtbot.mouseClick(table.continue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table.display.stage in ("discard", "play", "over"), timeout=15_000)
    assert not bot.refusals

    # Resign from the Table menu (the question is off here): the cribbage table ends too.
    window.ask_before_resign = lambda: False
    bar = window.menuBar()
    menu_action = next(a for a in bar.actions() if a.text().replace("&", "") == "Table")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu_action).center())
    menu = menu_action.menu()
    qtbot.waitUntil(menu.isVisible)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton,
                     pos=menu.actionGeometry(window.resign_action).center())
    qtbot.waitUntil(lambda: table_id in bot.finished, timeout=15_000)
    assert bot.finished[table_id]["reason"] == "resigned"
    assert bot.finished[table_id]["winners"] == [0]
    qtbot.waitUntil(lambda: "You resigned" in pane.status.text(), timeout=10_000)
    assert remote.over and controller.stage == "over" and remote.winner == 0
    assert not table.display.your_turn and not table.rematch_button.isVisible()
    assert "Rematch" not in pane.status.text()
    # The game goes into the local statistics: a cribbage loss, online, with the first hand.
    assert [(m.game, m.result, m.opponent_id) for m in recorded] == [
        ("cribbage", "loss", f"online:{host.username}")]
    assert len(recorded[0].hands) == 1 and recorded[0].player_seat == 1
    run(qtbot, host.disconnect())


def test_create_a_61_point_cribbage_table_in_the_dialog_and_quick_match(
        qtbot, window_factory, ejabberd_server, unique_user):
    from PySide6.QtWidgets import QDialogButtonBox

    window = window_factory()
    sign_up(qtbot, window, unique_user("maker"))
    lobby = window.lobbies["cribbage"]
    open_tab(qtbot, window, lobby)
    qtbot.mouseClick(lobby.create_button, Qt.MouseButton.LeftButton)
    dialog = lobby.create_dialog
    qtbot.waitExposed(dialog)
    dialog.length.setCurrentIndex(dialog.length.findData(61))
    dialog.rated.setChecked(False)
    create = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: any(t["host"] == window.session.username for t in lobby.tables),
                    timeout=15_000)
    listed = next(t for t in lobby.tables if t["host"] == window.session.username)
    assert (listed["game"], listed["preset"], listed["target"], listed["rated"]) == (
        "cribbage", "short", 61, False)

    guest = new_client(ejabberd_server, unique_user("guest"))
    run(qtbot, guest.sign_up())
    BotPlayer(guest, {"cribbage": "greedy"})
    run(qtbot, guest.join_table(listed["table"]))
    qtbot.waitUntil(lambda: listed["table"] in window.tables, timeout=15_000)
    pane = window.tables[listed["table"]]
    assert pane.game == "cribbage" and pane.remote.me == 0
    assert pane.controller.rules.target == 61
    window.ask_before_resign = lambda: False
    qtbot.mouseClick(pane.resign_button, Qt.MouseButton.LeftButton)  # one table at a time
    qtbot.waitUntil(lambda: not pane.match_in_play, timeout=15_000)
    run(qtbot, guest.disconnect())

    # Quick match: the app and a headless player both ask; the referee pairs them.
    seeker = new_client(ejabberd_server, unique_user("seeker"))
    run(qtbot, seeker.sign_up())
    BotPlayer(seeker, {"cribbage": "greedy"})
    before = set(window.tables)
    open_tab(qtbot, window, lobby)
    qtbot.mouseClick(lobby.quick_button, Qt.MouseButton.LeftButton)
    assert lobby.cancel_button.isVisible()
    run(qtbot, seeker.quick_match("cribbage"))
    qtbot.waitUntil(lambda: bool(set(window.tables) - before), timeout=30_000)
    (table_id,) = set(window.tables) - before
    assert window.tables[table_id].game == "cribbage"
    assert seeker.username in window.tables[table_id].opponent_label.text()
    assert not lobby.cancel_button.isVisible()
    run(qtbot, seeker.disconnect())
