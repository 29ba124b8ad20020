"""The load generator's lean XMPP client (benchmarks/lean_xmpp.py) plays a real match: two new
accounts sign up on a private ejabberd, sit in the gin lobby room, watch its open tables, chat,
and ``BotPlayer`` (unchanged) plays a short gin match through the referee with them; every move
the referee accepted is in its database, and a move it refuses is refused as the app's client
refuses it. No timing is asserted."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

import pytest

from ginrummy_desktop.online.bot_player import BotPlayer
from ginrummy_desktop.online.client import RequestRefused
from tests.online_harness import PASSWORD, referee_config, running_referee

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from lean_xmpp import LeanClient  # noqa: E402

MATCH_TIMEOUT = 120


def lean_client(server, user: str) -> LeanClient:
    return LeanClient(f"{user}@{server.domain}", PASSWORD, host=server.host,
                      port=server.c2s_port, referee=server.component_name,
                      muc_domain=server.muc_domain, verify_tls=False, resource="load")


def test_lean_clients_play_a_gin_match(ejabberd_server, tmp_path, unique_user):
    asyncio.run(_play(ejabberd_server, tmp_path, unique_user))


async def _play(server, tmp_path, unique_user) -> None:
    config = referee_config(server, tmp_path)
    async with running_referee(config):
        host = lean_client(server, unique_user("lean"))
        guest = lean_client(server, unique_user("lean"))
        for client in (host, guest):
            await client.sign_up()
            await client.join_lobby("gin")
        with pytest.raises(RequestRefused, match="move"):  # refused here, as the app does
            await host.request("move", table="nosuchtable")
        heard: list[dict] = []
        host.on("private", heard.append)
        pushed: list[dict] = []
        guest.on("tables", pushed.append)
        await guest.open_tables("gin")

        acked: dict[str, int] = {}
        players = {}
        for index, client in enumerate((host, guest)):
            players[client] = BotPlayer(client, {"gin": "greedy"}, seed=index)
            original = client.move

            async def move(table, action, seq=None, _original=original):
                result = await _original(table, action, seq=seq)
                acked[table] = acked.get(table, 0) + 1
                return result

            client.move = move
        table = await host.create_table("gin", target=25, clock=60, rated=False)
        guest.send_private(f"{host.username}@{server.domain}", "good luck")
        for _ in range(50):  # the lobby pushes its open tables every half second at most
            if any(t["table"] == table for e in pushed for t in e["tables"]):
                break
            await asyncio.sleep(0.1)
        await guest.join_table(table)
        end = await players[host].wait_finished(table, MATCH_TIMEOUT)
        await players[guest].wait_finished(table, MATCH_TIMEOUT)
        assert end["reason"] == "finished"
        assert any(t["table"] == table for e in pushed for t in e["tables"])  # to watchers
        assert heard and heard[0]["text"] == "good luck"
        assert host.states[table]["status"] != "playing"
        await asyncio.sleep(0.5)
        with pytest.raises(RequestRefused):  # the match is over: a refusal, with its reason
            await host.move(table, {"kind": "draw_stock"})
        for client in (host, guest):
            await client.disconnect()
    with sqlite3.connect(tmp_path / "service.db") as db:
        stored = db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?",
                            (table,)).fetchone()[0]
    assert acked[table] >= 10
    assert stored == acked[table]
