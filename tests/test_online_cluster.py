"""A two-node ejabberd cluster: players signed in to different nodes play a whole match.

The referee is a component on node 1; the guest's stanzas cross the cluster both ways."""

from __future__ import annotations

import asyncio
import io
import json

from ginrummy_desktop.engine.records_check import check_records
from ginrummy_desktop.online.bot_player import BotPlayer
from tests.online_harness import new_client, referee_config, running_referee

BOTS = {"gin": "greedy", "cribbage": "greedy"}
MATCH_TIMEOUT = 120


def test_players_on_different_nodes_play_a_whole_gin_match(ejabberd_cluster, tmp_path,
                                                            unique_user) -> None:
    first, second = ejabberd_cluster
    assert first.c2s_port != second.c2s_port and second.component_port == first.component_port
    asyncio.run(_play_across_nodes(first, second, tmp_path, unique_user))


async def _play_across_nodes(first, second, tmp_path, unique_user) -> None:
    async with running_referee(referee_config(first, tmp_path)):
        host = new_client(first, unique_user("node1"), port=first.c2s_port)
        guest = new_client(second, unique_user("node2"), port=second.c2s_port)
        await host.sign_up()
        await guest.sign_up()
        # Each player's session really lives on its own node.
        for server, client in ((first, host), (second, guest)):
            sessions = server.ctl("user_sessions_info", client.username, server.domain)
            assert server.node in sessions
        players = {host: BotPlayer(host, BOTS), guest: BotPlayer(guest, BOTS, seed=1)}
        table = await host.create_table("gin", target=25, clock=60)
        await guest.join_table(table)
        ends = [await players[c].wait_finished(table, MATCH_TIMEOUT) for c in (host, guest)]
        assert ends[0] == ends[1]
        assert ends[0]["reason"] == "finished" and len(ends[0]["winners"]) == 1
        # Both sides got the same hand records, and every one verifies.
        assert players[host].hand_records[table] == players[guest].hand_records[table]
        records = players[guest].hand_records[table]
        report = check_records(io.StringIO("".join(json.dumps(r) + "\n" for r in records)))
        assert report.ok and report.hands == len(records) >= 1, report.problems
        assert players[host].refusals == players[guest].refusals == []
        for client in players:
            await client.disconnect()
