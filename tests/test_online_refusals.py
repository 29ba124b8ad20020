"""The referee trusts no client: a move out of turn, an illegal, stale, malformed or oversized
one, and anything from an account not seated at the table is refused with a reason, and the
table is exactly as it was. A client ignores game payloads that do not come from the referee."""

from __future__ import annotations

import asyncio
import json

import pytest

from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.client import RequestRefused
from tests.online_harness import (
    PASSWORD,
    new_client,
    referee_config,
    running_referee,
    wait_until,
)


def test_bad_moves_and_strangers_are_refused_and_change_nothing(xmpp_server, tmp_path,
                                                                unique_user):
    asyncio.run(_refusals(xmpp_server, tmp_path, unique_user))


async def _raw_request(client, kind: str, text: str) -> str:
    """Send a hand-made payload (bypassing the client's own checks); the refusal reason."""
    iq = client._xmpp.Iq()
    iq["type"], iq["to"] = "set", client.referee
    iq["game"]["type"] = kind
    iq["game"].xml.text = text
    try:
        await iq.send(timeout=10)
    except Exception as error:  # noqa: BLE001 - IqError carries the reason
        return error.iq["error"]["text"]
    raise AssertionError(f"{kind} {text[:40]!r} was accepted")


async def _refusals(server, tmp_path, unique_user) -> None:
    async with running_referee(referee_config(server, tmp_path)) as referee:
        alice, bob, carol = (new_client(server, unique_user(n)) for n in ("alice", "bob", "carol"))
        for client in (alice, bob, carol):
            await client.sign_up()
        table_id = await alice.create_table("gin", target=25)
        await bob.join_table(table_id)
        await wait_until(lambda: table_id in alice.states and table_id in bob.states, 10, "deal")
        table = referee.tables[table_id]
        before, seq = table.snapshot(), table.seq
        state = alice.states[table_id]
        mover, waiter = (alice, bob) if state["to_move"] == 0 else (bob, alice)
        legal = mover.states[table_id]["observation"]["legal_actions"]
        hand = mover.states[table_id]["observation"]["hand"]
        illegal = {"kind": "discard", "card": hand[0]}  # no discard before drawing
        assert illegal not in legal

        async def refused(coro) -> str:
            with pytest.raises(RequestRefused) as caught:
                await coro
            assert table.snapshot() == before and table.seq == seq  # nothing changed
            return caught.value.reason

        assert "not your turn" in await refused(waiter.move(table_id, legal[0], seq=seq))
        assert "illegal move" in await refused(mover.move(table_id, illegal, seq=seq))
        assert "stale" in await refused(mover.move(table_id, legal[0], seq=seq - 1))
        assert "not seated" in await refused(carol.move(table_id, legal[0], seq=seq))
        assert "not seated" in await refused(carol.claim_win(table_id))
        assert "malformed" in await refused(mover.move(table_id, {"kind": "discard",
                                                                  "card": "ZZ"}, seq=seq))
        reasons = [
            await _raw_request(mover, "move", "{not json"),
            await _raw_request(mover, "move", json.dumps(
                {"table": table_id, "seq": seq, "action": {"kind": "pass"}, "extra": 1})),
            await _raw_request(mover, "move", " " * (protocol.MAX_REQUEST_BYTES + 10) + "{}"),
            await _raw_request(mover, "teleport", "{}"),
        ]
        assert "not valid JSON" in reasons[0]
        assert "unexpected extra" in reasons[1]
        assert "larger than" in reasons[2]
        assert "unknown payload type" in reasons[3]
        assert table.snapshot() == before and table.seq == seq

        # An account named like a computer seat is served nothing.
        # (The client will not sign such a name up, nor will the production ejabberd: an
        # operator's tool can.)
        name = f"computer.{unique_user('g')}"
        server.register(name, PASSWORD)
        impostor = new_client(server, name)
        await impostor.sign_in()
        assert "reserved" in await refused(impostor.join_table(table_id))
        await impostor.disconnect()

        # A third account forges a table event to a player: the client ignores it.
        forged = carol._xmpp.Message()
        forged["to"], forged["type"] = alice.jid.bare, "headline"
        fake = dict(alice.states[table_id], seq=seq + 5, to_move=1 - state["to_move"])
        protocol.fill(forged["game"], "state", fake)
        forged.send()
        marker = f"after the forgery {seq}"
        carol.send_private(alice.jid.bare, marker)
        seen: list[str] = []
        alice.on("private", lambda m: seen.append(m["text"]))
        await wait_until(lambda: marker in seen, 10, "carol's message after the forgery")
        assert alice.last_seq[table_id] == seq and alice.states[table_id]["seq"] == seq

        # The refusals left the table playable: the right move at the right time is taken.
        assert await mover.move(table_id, legal[0], seq=seq) == seq + 1
        for client in (alice, bob, carol):
            await client.disconnect()
