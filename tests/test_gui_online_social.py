"""Friends and private messages in the online window, with a headless friend on the server."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.online_gui_support import new_client, run
from tests.test_gui_online_play import sign_up


def friend_line(window, user: str) -> str:
    items = [window.friends.friend_list.item(i).text()
             for i in range(window.friends.friend_list.count())]
    return next((text for text in items if text.startswith(user + " ")), "")


def test_friend_presence_and_messages_including_one_sent_while_signed_out(
        qtbot, window_factory, ejabberd_server, unique_user):
    window = window_factory()
    me = unique_user("app")
    sign_up(qtbot, window, me)
    friend = new_client(ejabberd_server, unique_user("pal"))
    received: list[dict] = []
    friend.on("subscribe", lambda p: friend.approve_friend(p["from"]))
    friend.on("private", received.append)
    run(qtbot, friend.sign_up())

    # Add the friend by user name with the keyboard and the Add button.
    window.tabs.setCurrentWidget(window.friends)
    qtbot.keyClicks(window.friends.name_entry, friend.username)
    qtbot.mouseClick(window.friends.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: friend_line(window, friend.username).endswith("online"),
                    timeout=15_000)

    # Presence changes show: playing, then offline.
    friend.set_playing(True)
    qtbot.waitUntil(lambda: friend_line(window, friend.username).endswith("playing"),
                    timeout=10_000)

    # A message from the friend while the Messages tab is not in view: a badge.
    friend.send_private(f"{me}@{ejabberd_server.domain}", "hello from the friend")
    qtbot.waitUntil(lambda: window.tabs.tabText(window.messages_index) == "Messages (1)",
                    timeout=10_000)
    # Reply: select the friend, Message, type and Enter.
    friends = window.friends.friend_list
    item = friends.findItems(friend.username, Qt.MatchFlag.MatchStartsWith)[0]
    qtbot.mouseClick(friends.viewport(), Qt.MouseButton.LeftButton,
                     pos=friends.visualItemRect(item).center())
    qtbot.mouseClick(window.friends.chat_button, Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.messages
    qtbot.waitUntil(lambda: window.tabs.tabText(window.messages_index) == "Messages",
                    timeout=5_000)
    conversation = window.messages.conversations[friend.username]
    qtbot.keyClicks(conversation.entry, "hi back from the app")
    QTest.keyClick(conversation.entry, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(m["text"] == "hi back from the app" for m in received),
                    timeout=10_000)

    # Signed out: a message waits on the server and shows at sign-in with a badge.
    window.sign_out()
    qtbot.waitUntil(lambda: window.state_label.text() == "Signed out", timeout=10_000)
    friend.send_private(f"{me}@{ejabberd_server.domain}", "sent while you were away")
    window.tabs.setCurrentWidget(window.friends)
    sign_up(qtbot, window, me, create=False)
    assert window.stack.currentWidget() is window.tabs
    qtbot.waitUntil(lambda: any(t == (friend.username, "sent while you were away")
                                for c in window.messages.conversations.values()
                                for t in c.texts), timeout=15_000)
    assert window.tabs.tabText(window.messages_index).startswith("Messages (")
    # The archive holds the whole conversation: opening it shows the history in order.
    window.open_chat(friend.username)
    conversation = window.messages.conversations[friend.username]
    qtbot.waitUntil(lambda: [t for _s, t in conversation.texts][:3] == [
        "hello from the friend", "hi back from the app", "sent while you were away"],
        timeout=15_000)
    friend.set_playing(False)
    run(qtbot, friend.disconnect())
    qtbot.waitUntil(lambda: friend_line(window, friend.username).endswith("offline"),
                    timeout=10_000)


def test_an_invitation_pops_up_and_accept_opens_the_table(
        qtbot, window_factory, ejabberd_server, unique_user):
    from ginrummy_desktop.online.bot_player import BotPlayer

    window = window_factory()
    me = unique_user("guest")
    sign_up(qtbot, window, me)
    host = new_client(ejabberd_server, unique_user("inviter"))
    run(qtbot, host.sign_up())
    BotPlayer(host, {"gin": "greedy"})
    table = run(qtbot, host.create_table("gin", rated=False,
                                         invite=f"{me}@{ejabberd_server.domain}"))
    qtbot.waitUntil(lambda: getattr(window, "invite_box", None) is not None
                    and window.invite_box.isVisible(), timeout=15_000)
    assert host.username in window.invite_box.text()
    accept = next(b for b in window.invite_box.buttons() if b.text() == "Accept")
    qtbot.mouseClick(accept, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: table in window.tables, timeout=15_000)
    assert window.tables[table].opponent == host.username
    run(qtbot, host.disconnect())
