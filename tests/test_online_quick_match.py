"""Quick match pairs waiting players by rating; a player left alone is offered a computer
opponent (clearly marked, unrated) after the configured wait; ``ginrummy-sim online`` seats
built-in bots as online players from the command line."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from ginrummy_desktop.online.bot_player import BotPlayer
from ginrummy_desktop.online.table import COMPUTER_PREFIX
from tests.online_harness import (
    PASSWORD,
    new_client,
    referee_config,
    running_referee,
    wait_until,
)

BOTS = {"gin": "greedy", "cribbage": "greedy"}
REPO = Path(__file__).resolve().parent.parent


def test_quick_match_pairs_players_then_offers_a_computer(ejabberd_server, tmp_path,
                                                          unique_user):
    asyncio.run(_quick(ejabberd_server, tmp_path, unique_user))


async def _quick(server, tmp_path, unique_user) -> None:
    config = referee_config(server, tmp_path, quick_match_computer_after=1.5)
    async with running_referee(config) as referee:
        alice, bob, carol = (new_client(server, unique_user(n)) for n in ("alice", "bob", "carol"))
        events: dict[str, list] = {"matched": [], "offer": []}
        for client in (alice, bob, carol):
            await client.sign_up()
            for name in events:
                client.on(name, lambda data, c=client, n=name: events[n].append((c, data)))
        assert (await alice.quick_match("cribbage"))["queued"] is True
        await bob.quick_match("cribbage")
        await wait_until(lambda: len(events["matched"]) == 2, 15, "alice and bob paired")
        (first, one), (second, other) = events["matched"]
        assert {first, second} == {alice, bob} and one["table"] == other["table"]
        paired = referee.tables[one["table"]]
        assert paired.rated and set(paired.players) == {alice.username, bob.username}

        await carol.quick_match("gin")
        assert not any(c is carol for c, _ in events["matched"])
        await wait_until(lambda: any(c is carol for c, _ in events["offer"]), 15,
                         "a computer opponent offered")
        carol_bot = BotPlayer(carol, BOTS)
        reply = await carol.quick_match("gin", computer=True)
        table = referee.tables[reply["table"]]
        assert table.players[1].startswith(COMPUTER_PREFIX) and not table.rated
        assert carol.states[reply["table"]]["players"][1].startswith(COMPUTER_PREFIX)
        end = await carol_bot.wait_finished(reply["table"], 120)
        assert end["reason"] == "finished" and "ratings" not in end
        assert referee.store.rating(carol.username, "gin").games == 0  # unrated
        for client in (alice, bob, carol):
            await client.disconnect()


def _sim(server, *args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO), GINRUMMY_PASSWORD=PASSWORD)
    return subprocess.Popen(
        [sys.executable, "-m", "ginrummy_desktop.sim", "online", "--server", server.host,
         "--port", str(server.c2s_port), "--domain", server.domain, "--players", "greedy",
         "--insecure", "--sign-up", *args],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_ginrummy_sim_online_seats_bots_that_play_a_match(ejabberd_server, tmp_path,
                                                          unique_user):
    asyncio.run(_cli(ejabberd_server, tmp_path, unique_user))


async def _cli(server, tmp_path, unique_user) -> None:
    async with running_referee(referee_config(server, tmp_path)):
        records = tmp_path / "host.jsonl"
        host = _sim(server, "--user", unique_user("hostbot"), "--target", "30",
                    "--records", str(records))
        line = await asyncio.get_running_loop().run_in_executor(None, host.stderr.readline)
        assert line.startswith("hosting table "), line
        table = line.split()[2].rstrip(";")
        guest = _sim(server, "--user", unique_user("guestbot"), "--join", table)
        outputs = await asyncio.gather(*(asyncio.get_running_loop().run_in_executor(
            None, process.communicate, None, 120) for process in (host, guest)))
        assert host.returncode == 0 and guest.returncode == 0, outputs
        results = [json.loads(out.strip().splitlines()[-1]) for out, _err in outputs]
        assert [r["table"] for r in results] == [table, table]
        assert sorted(r["won"] for r in results) == [False, True]
        verify = subprocess.run([sys.executable, "-m", "ginrummy_desktop.sim", "verify",
                                 str(records)], env=dict(os.environ, PYTHONPATH=str(REPO)),
                                capture_output=True, text=True)
        assert verify.returncode == 0 and "verified" in verify.stdout, verify.stdout
