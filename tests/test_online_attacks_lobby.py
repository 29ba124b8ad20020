"""Issue 44, item 4: a player who takes the nick ``referee`` in a lobby room (after an XMPP server
restart they can join before the referee) neither keeps it nor speaks for the tables.

The referee, coming in, finds the nick taken, joins under a stand-in, removes the impostor (it
owns the room) and takes the nick back. Meanwhile the impostor's forged ``tables`` (to the room)
and ``state`` (to a player) are ignored: a client accepts game payloads only from the referee's
component JID, and the table list it shows comes from there.
"""

from __future__ import annotations

import asyncio

from slixmpp.exceptions import PresenceError

from ginrummy_desktop.online import protocol
from tests.online_harness import new_client, referee_config, running_referee, wait_until

FAKE_TABLE = "f0f0f0f0f0f0"


def _forged(client, to: str, mtype: str, kind: str, data: dict) -> None:
    message = client._xmpp.Message()
    message["to"], message["type"] = to, mtype
    protocol.fill(message["game"], kind, data)
    message.send()


def test_a_player_holding_the_referees_lobby_nick_is_removed_and_never_trusted(
        xmpp_server, tmp_path, unique_user):
    asyncio.run(_hijack(xmpp_server, tmp_path, unique_user))


async def _hijack(server, tmp_path, unique_user) -> None:
    config = referee_config(server, tmp_path)
    async with running_referee(config) as first:
        # The referee has created and owns the lobby rooms. An XMPP server restart empties
        # them: here the referee leaves them instead.
        for game in protocol.GAMES:
            first.make_presence(pto=f"{first.lobby.room(game)}/referee", ptype="unavailable",
                                pfrom=first.lobby._occupant_from).send()
    mallory, alice, bob = (new_client(server, unique_user(n)) for n in ("mallory", "alice", "bob"))
    for client in (mallory, alice, bob):
        await client.sign_up()
    for _attempt in range(50):  # until the referee's leaving has reached the room
        try:
            await mallory.join_lobby("gin", nick="referee")
            break
        except PresenceError:
            await asyncio.sleep(0.1)
    assert mallory._lobby_nicks.get("gin") == "referee"
    await alice.join_lobby("gin")
    room = f"gin@{server.muc_domain}"
    events: list[tuple[str, dict]] = []
    for kind in ("tables", "state"):
        alice.on(kind, lambda data, kind=kind: events.append((kind, data)))

    async with running_referee(config) as referee:
        await wait_until(lambda: "gin" in referee.lobby.rooms_joined, 30,
                         "the referee in the gin room")
        muc = referee.plugin["xep_0045"]
        assert muc.get_our_jid_in_room(room).endswith("/referee")
        await wait_until(lambda: "gin" not in mallory._lobby_nicks or "referee" not in
                         mallory._x().plugin["xep_0045"].get_roster(room), 15,
                         "the impostor removed from the room")
        assert await alice.open_tables("gin") == []

        fake_tables = {"game": "gin", "tables": [{"table": FAKE_TABLE, "host": "x"}]}
        _forged(mallory, alice.jid.bare, "headline", "state", {
            "table": FAKE_TABLE, "seq": 1, "game": "gin", "observation": {}, "to_move": 0,
            "commitment": "0" * 64, "status": "playing"})
        await mallory.join_lobby("gin", nick="mallory")  # back in under its own name
        _forged(mallory, room, "groupchat", "tables", fake_tables)
        await wait_until(lambda: sum(FAKE_TABLE in text for text in alice.received) >= 2, 15,
                         "both forgeries delivered to alice")

        table = await bob.create_table("gin", target=50, rated=False)
        await wait_until(lambda: any(t["table"] == table for kind, d in events
                                     if kind == "tables" for t in d["tables"]), 15,
                         "the real list pushed by the referee")
        assert not any(FAKE_TABLE in str(data) for _kind, data in events)
        assert FAKE_TABLE not in alice.states
        for client in (mallory, alice, bob):
            await client.disconnect()
