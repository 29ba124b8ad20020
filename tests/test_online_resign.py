"""Resigning online: the referee ends the match with the resigner losing, rates it, and
refuses a resignation from anyone not seated, before the start, or after the end."""

from __future__ import annotations

import asyncio

import pytest

from ginrummy_desktop.online.client import RequestRefused
from tests.online_harness import new_client, referee_config, running_referee, wait_until


def test_resign_ends_a_rated_match_and_forgeries_are_refused(ejabberd_server, tmp_path,
                                                             unique_user):
    asyncio.run(_resign(ejabberd_server, tmp_path, unique_user))


async def _resign(server, tmp_path, unique_user) -> None:
    async with running_referee(referee_config(server, tmp_path)) as referee:
        alice, bob, carol = (new_client(server, unique_user(n)) for n in ("alice", "bob", "carol"))
        for client in (alice, bob, carol):
            await client.sign_up()
        ends: dict[str, dict] = {}
        for client in (alice, bob):
            client.on("match_end", lambda data, c=client: ends.__setitem__(c.username, data))
        table_id = await alice.create_table("gin", target=100, rated=True)

        with pytest.raises(RequestRefused) as early:
            await alice.resign(table_id)
        assert "not started" in early.value.reason
        await bob.join_table(table_id)
        await wait_until(lambda: table_id in alice.states and table_id in bob.states, 10, "deal")
        table = referee.tables[table_id]
        before, seq = table.snapshot(), table.seq

        # A third account forges a resignation for someone else's table: refused, unchanged.
        with pytest.raises(RequestRefused) as forged:
            await carol.resign(table_id)
        assert "not seated" in forged.value.reason
        assert referee.tables[table_id] is table
        assert table.snapshot() == before and table.seq == seq and not ends

        # Bob resigns, whoever is to move: alice (seat 0) wins, at once, rated.
        await bob.resign(table_id)
        await wait_until(lambda: len(ends) == 2, 10, "match_end on both sides")
        assert ends[alice.username]["winners"] == [0]
        assert ends[alice.username]["reason"] == "resigned"
        assert ends[bob.username] == ends[alice.username]
        ratings = ends[alice.username]["ratings"]
        assert ratings[alice.username] > 1500 > ratings[bob.username]
        assert table_id not in referee.tables

        loser = await bob.profile()
        winner = await alice.profile()
        assert loser["games"]["gin"]["games"] == 1 and loser["games"]["gin"]["wins"] == 0
        assert winner["games"]["gin"]["wins"] == 1
        # A resignation is a finished game: it does not count against completion.
        assert loser["games"]["gin"]["completion_rate"] == 1.0

        with pytest.raises(RequestRefused) as late:
            await bob.resign(table_id)
        assert "match is over" in late.value.reason
        with pytest.raises(RequestRefused) as stranger:
            await carol.resign(table_id)
        assert "not seated" in stranger.value.reason
        with pytest.raises(RequestRefused) as unknown:
            await carol.resign("ffffffffffff")
        assert "not seated" in unknown.value.reason
        for client in (alice, bob, carol):
            await client.disconnect()
