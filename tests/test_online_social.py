"""Friends, private messages and the lobby through a real XMPP server: a friend request and a
message reach a player who is offline at first; friends see each other online and "playing";
a table invitation arrives; blocking stops messages; the archive returns the history; the
lobby room carries chat and the pushed list of open tables; a chat flooder is barred for a
minute."""

from __future__ import annotations

import asyncio

from tests.online_harness import new_client, referee_config, running_referee, wait_until


def test_friends_messages_invites_blocking_and_history(xmpp_server, tmp_path, unique_user):
    asyncio.run(_friends(xmpp_server, tmp_path, unique_user))


async def _friends(server, tmp_path, unique_user) -> None:
    async with running_referee(referee_config(server, tmp_path)):
        alice, bob, carol = (new_client(server, unique_user(n)) for n in ("alice", "bob", "carol"))
        for client in (alice, bob, carol):
            await client.sign_up()
        await bob.disconnect()  # bob is offline while alice writes and asks to be friends
        bob = new_client(server, bob.username)
        alice_events: list[tuple[str, dict]] = []
        bob_events: list[tuple[str, dict]] = []
        for client, log in ((alice, alice_events), (bob, bob_events)):
            for name in ("subscribe", "private", "presence", "invite"):
                client.on(name, lambda data, name=name, log=log: log.append((name, data)))
        alice.on("subscribe", lambda data: alice.approve_friend(data["from"]))
        alice.add_friend(bob.jid.bare)
        alice.send_private(bob.jid.bare, "hello while you were away")
        await asyncio.sleep(0)  # let the stanzas leave before bob signs in
        await bob.sign_in()
        await wait_until(lambda: ("subscribe", {"from": alice.jid.bare}) in bob_events, 15,
                         "alice's friend request delivered on sign-in")
        await wait_until(lambda: any(n == "private" for n, _ in bob_events), 15,
                         "alice's offline message")
        message = next(d for n, d in bob_events if n == "private")
        assert message == {"from": alice.jid.bare, "text": "hello while you were away",
                           "delayed": True}
        bob.approve_friend(alice.jid.bare)
        await wait_until(lambda: alice.jid.bare in bob.friends()
                         and bob.jid.bare in alice.friends(), 15, "friends both ways")
        await wait_until(lambda: alice.friends()[bob.jid.bare]["available"], 15, "bob online")

        bob.set_playing(True)
        await wait_until(lambda: any(n == "presence" and d["from"] == bob.jid.bare
                                     and d["status"] == "playing" for n, d in alice_events),
                         15, "bob shown as playing")
        table = await alice.create_table("gin", invite=bob.jid.bare)
        await wait_until(lambda: any(n == "invite" and d["table"] == table
                                     for n, d in bob_events), 15, "the invitation")
        carol_invites: list[dict] = []
        carol.on("invite", carol_invites.append)
        await alice.invite(carol.jid.bare, table)  # later, to an open table
        await wait_until(lambda: carol_invites, 15, "carol's invitation")
        assert carol_invites[0] == {"table": table, "from": alice.username, "game": "gin"}

        bob.send_private(alice.jid.bare, "see you at the table")
        await wait_until(lambda: any(n == "private" and d["text"] == "see you at the table"
                                     for n, d in alice_events), 15, "bob's reply")
        history = await alice.message_history(bob.jid.bare)
        assert [m["text"] for m in history][-2:] == ["hello while you were away",
                                                     "see you at the table"]

        await bob.block(carol.jid.bare)
        assert carol.jid.bare in await bob.blocked()
        carol.send_private(bob.jid.bare, "spam")
        alice.send_private(bob.jid.bare, "after the block")
        await wait_until(lambda: any(n == "private" and d["text"] == "after the block"
                                     for n, d in bob_events), 15, "alice's later message")
        assert not any(n == "private" and d["text"] == "spam" for n, d in bob_events)
        for client in (alice, bob, carol):
            await client.disconnect()


def test_lobby_room_chat_table_list_and_chat_flood(xmpp_server, tmp_path, unique_user):
    asyncio.run(_lobby(xmpp_server, tmp_path, unique_user))


async def _lobby(server, tmp_path, unique_user) -> None:
    async with running_referee(referee_config(server, tmp_path)) as referee:
        alice = new_client(server, unique_user("alice"))
        bob = new_client(server, unique_user("bob"))
        chats: list[dict] = []
        listings: list[dict] = []
        for client in (alice, bob):
            await client.sign_up()
            await client.join_lobby("gin")
        assert await bob.open_tables("gin") == []  # and from now on the list is pushed
        alice.on("chat", chats.append)
        bob.on("tables", listings.append)
        table = await alice.create_table("gin", target=50, clock=30, rated=False)
        await wait_until(lambda: any(t["table"] == table for ls in listings
                                     for t in ls["tables"]), 15, "the table list pushed")
        entry = next(t for ls in listings for t in ls["tables"] if t["table"] == table)
        assert entry == {"table": table, "host": alice.username, "game": "gin",
                         "preset": "classic", "target": 50, "rated": False, "clock": 30,
                         "host_rating": 1500.0}
        await alice.leave_table(table)
        await wait_until(lambda: listings[-1]["tables"] == [], 15, "the list after leaving")

        bob.say("gin", "good luck all")
        await wait_until(lambda: any(c["text"] == "good luck all" for c in chats), 15, "chat")
        burst = int(referee.config.limits["chat"].burst)
        for number in range(burst + 3):
            bob.say("gin", f"flood {number}")
        await wait_until(lambda: referee.lobby._muted, 15, "the flooder muted")
        bob.say("gin", "still here?")
        alice.say("gin", "marker")
        await wait_until(lambda: any(c["text"] == "marker" for c in chats), 15, "marker")
        assert not any(c["text"] == "still here?" for c in chats)
        for client in (alice, bob):
            await client.disconnect()
