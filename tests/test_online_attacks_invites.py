"""Issue 44, item 5: invitations cannot be used to spam a player.

Invitations come from the referee's JID, so a player's XMPP block list cannot stop them. The
referee limits invitations per sender and per recipient ([limits] invite and invited), and
honours the recipient's block list, which the client passes to it at sign-in and on each change.
"""

from __future__ import annotations

import asyncio

from ginrummy_desktop.online.client import RequestRefused
from tests.online_harness import new_client, referee_config, running_referee, wait_until


def test_invitation_floods_are_cut_and_blocked_senders_never_reach_the_player(
        xmpp_server, tmp_path, unique_user):
    asyncio.run(_invites(xmpp_server, tmp_path, unique_user))


async def _invite_outcomes(client, friend: str, table: str, count: int) -> list[str]:
    async def one() -> str:
        try:
            await client.invite(friend, table)
        except RequestRefused as refusal:
            return refusal.reason
        return "sent"
    return list(await asyncio.gather(*(one() for _ in range(count))))


def _invitations_from(user: str, received: list[str]) -> list[str]:
    return [text for text in received if 'type="invite"' in text and f'"{user}"' in text]


async def _invites(server, tmp_path, unique_user) -> None:
    config = referee_config(server, tmp_path)
    async with running_referee(config):
        alice = new_client(server, unique_user("alice"))
        senders = [new_client(server, unique_user(f"spam{n}")) for n in range(4)]
        carol = new_client(server, unique_user("carol"))
        for client in (alice, carol, *senders):
            await client.sign_up()
        invitations: list[dict] = []
        alice.on("invite", invitations.append)
        tables = [await client.create_table("gin", rated=False) for client in senders]

        # One sender, 60 invitations at once: only the sender's burst goes out.
        outcomes = await _invite_outcomes(senders[0], alice.jid.bare, tables[0], 60)
        per_sender = config.limits["invite"].burst
        assert outcomes.count("sent") == per_sender
        assert set(outcomes) == {"sent", "too many invitations; wait a minute"}
        # Several senders together: the recipient's own allowance caps them.
        for sender, table in zip(senders[1:], tables[1:], strict=True):
            outcomes += await _invite_outcomes(sender, alice.jid.bare, table, per_sender)
        per_recipient = config.limits["invited"].burst
        assert outcomes.count("sent") == per_recipient
        assert any("too many invitations; try again later" in o for o in outcomes)
        await wait_until(lambda: len(invitations) == per_recipient, 15, "the invitations")

        # A blocked sender's invitation is dropped without a word; the next one arrives.
        bob = new_client(server, unique_user("bob"))
        await bob.sign_up()
        bob_table = await bob.create_table("gin", rated=False)
        others = new_client(server, unique_user("dave"))
        await others.sign_up()
        await others.block(bob.jid.bare)
        await wait_until(lambda: others._blocked == {bob.jid.bare}, 15, "the block list")
        received: list[dict] = []
        others.on("invite", received.append)
        await bob.invite(others.jid.bare, bob_table)  # accepted: a block is not announced
        carol_table = await carol.create_table("gin", rated=False)
        await carol.invite(others.jid.bare, carol_table)
        await wait_until(lambda: received, 15, "carol's invitation")
        assert [i["from"] for i in received] == [carol.username]
        assert not _invitations_from(bob.username, others.received)  # not even on the wire

        # Signed in again, the block list still holds (the referee keeps it).
        await others.disconnect()
        again = new_client(server, others.username)
        await again.sign_in()
        again_received: list[dict] = []
        again.on("invite", again_received.append)
        await bob.invite(again.jid.bare, bob_table)
        await carol.request("leave", table=carol_table)
        carol_table = await carol.create_table("gin", rated=False)
        await carol.invite(again.jid.bare, carol_table)
        await wait_until(lambda: again_received, 15, "carol's second invitation")
        assert [i["from"] for i in again_received] == [carol.username]
        assert not _invitations_from(bob.username, again.received)
        for client in (alice, bob, carol, again, *senders):
            await client.disconnect()
