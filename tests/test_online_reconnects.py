"""Nothing is lost when connections drop: a cut socket resumes its stream (XEP-0198) or signs in
again and resyncs; a player silent past the grace period loses (rated, against completion);
a referee killed with SIGKILL mid-hand and restarted resumes the table from storage with no
move lost or applied twice."""

from __future__ import annotations

import asyncio
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy_desktop.engine.records_check import check_records
from ginrummy_desktop.online.bot_player import BotPlayer
from ginrummy_desktop.online.client import RequestRefused
from ginrummy_desktop.online.service_store import ServiceStore
from tests.online_harness import new_client, referee_config, running_referee, wait_until

BOTS = {"gin": "greedy", "cribbage": "greedy"}
REPO = Path(__file__).resolve().parent.parent


def assert_nothing_lost(store: ServiceStore, table: str) -> None:
    """Every stored move is numbered once, in order, and is in exactly one hand record (away
    and back events take sequence numbers too, so the numbers may skip)."""
    moves = store.moves(table)
    numbers = [seq for seq, _seat, _action in moves]
    assert numbers == sorted(set(numbers))
    records = store.records(table)
    assert sum(len(r["actions"]) for r in records) == len(moves)
    report = check_records(io.StringIO("".join(json.dumps(r) + "\n" for r in records)))
    assert report.ok and report.hands == len(records), report.problems


async def _seated_pair(server, unique_user, alice_port=None, **alice_options):
    alice = new_client(server, unique_user("alice"), port=alice_port)
    for key, value in alice_options.items():
        setattr(alice, key, value)
    bob = new_client(server, unique_user("bob"))
    await alice.sign_up()
    await bob.sign_up()
    return alice, bob, BotPlayer(alice, BOTS), BotPlayer(bob, BOTS)


@pytest.mark.parametrize("layer", ["resume", "resync"])
def test_a_socket_cut_mid_hand_is_survived(ejabberd_server, tmp_path, tcp_proxy, unique_user,
                                           layer):
    asyncio.run(_cut_mid_hand(ejabberd_server, tmp_path, tcp_proxy, unique_user, layer))


async def _cut_mid_hand(server, tmp_path, tcp_proxy, unique_user, layer) -> None:
    proxy = tcp_proxy(server.c2s_port)
    async with running_referee(referee_config(server, tmp_path)) as referee:
        alice, bob, alice_bot, bob_bot = await _seated_pair(
            server, unique_user, proxy.port, stream_resumption=layer == "resume")
        seen: list[str] = []
        for event in ("resumed", "connected", "away", "back"):
            alice.on(event, lambda _e, name=event: seen.append(name))
            bob.on(event, lambda _e, name=event: seen.append("bob " + name))
        table = await alice.create_table("gin")
        await bob.join_table(table)
        await wait_until(lambda: alice.last_seq.get(table, 0) >= 8, 30, "a few moves")
        hand_before = referee.tables[table].records_sent
        await asyncio.get_running_loop().run_in_executor(None, proxy.cut)
        if layer == "resume":
            await wait_until(lambda: "resumed" in seen, 30, "the stream to resume")
        else:
            await wait_until(lambda: seen.count("connected") >= 1 and "bob back" in seen, 30,
                             "a new session and the referee seeing alice back")
        end = await bob_bot.wait_finished(table, 120)
        await alice_bot.wait_finished(table, 30)
        assert end["reason"] == "finished"
        assert len(alice_bot.hand_records[table]) > hand_before
        assert_nothing_lost(referee.store, table)
        for client in (alice, bob):
            await client.disconnect()


@pytest.mark.parametrize("held", [False, True], ids=["session-closed", "session-held"])
def test_a_player_silent_past_the_grace_period_loses(ejabberd_server, tmp_path, tcp_proxy,
                                                     unique_user, held):
    """The server either ends the dead session at once (no stream resumption), or holds it for
    resumption and says nothing: then the referee's ping goes unanswered."""
    asyncio.run(_silent(ejabberd_server, tmp_path, tcp_proxy, unique_user, held))


async def _silent(server, tmp_path, tcp_proxy, unique_user, held) -> None:
    proxy = tcp_proxy(server.c2s_port)
    config = referee_config(server, tmp_path, grace=3.0, clock_tick=0.5)
    async with running_referee(config) as referee:
        alice, bob, _alice_bot, bob_bot = await _seated_pair(
            server, unique_user, proxy.port, stream_resumption=held, auto_reconnect=False)
        events: list[dict] = []
        bob.on("away", events.append)
        bob.on("clock", events.append)
        # The clock keeps running while alice is away: long enough for the ping at half of
        # it, and the grace after that, to end first.
        table = await alice.create_table("gin", rated=True, clock=20)
        await bob.join_table(table)
        await wait_until(lambda: alice.last_seq.get(table, 0) >= 4, 30, "a few moves")
        await asyncio.get_running_loop().run_in_executor(None, proxy.cut)
        await wait_until(lambda: any("grace" in e for e in events), 30, "alice shown away")
        away = next(e for e in events if "grace" in e)
        assert away["seat"] == 0 and away["grace"] == 3
        with pytest.raises(RequestRefused, match="grace period"):
            await bob.claim_win(table)
        await wait_until(lambda: any(e.get("grace_left") == 0 for e in events), 30,
                         "the grace countdown to reach zero")
        countdown = [e["grace_left"] for e in events if "grace_left" in e]
        assert countdown == sorted(countdown, reverse=True)  # shown to bob counting down
        await bob.claim_win(table)
        end = await bob_bot.wait_finished(table, 10)
        assert end["reason"] == "abandoned" and end["winners"] == [1]
        loser = referee.store.rating(alice.username, "gin")
        winner = referee.store.rating(bob.username, "gin")
        assert loser.games == 1 and loser.completion_rate == 0.0 and loser.rating < 1500
        assert winner.wins == 1 and winner.completion_rate == 1.0 and winner.rating > 1500
        assert table not in referee.tables
        await bob.disconnect()


def _start_referee_process(config_path: Path, log: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen(
        [sys.executable, "-m", "ginrummy_desktop.online.server", "--config", str(config_path)],
        env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)


def test_a_referee_killed_mid_hand_resumes_every_table(ejabberd_server, tmp_path, unique_user):
    server = ejabberd_server
    database = tmp_path / "service.db"
    config_path = tmp_path / "referee.toml"
    config_path.write_text(
        f'[xmpp]\ndomain = "{server.domain}"\ncomponent = "{server.component_name}"\n'
        f'secret = "{server.component_secret}"\nhost = "{server.host}"\n'
        f'port = {server.component_port}\nmuc_domain = ""\n'
        f'[database]\nurl = "sqlite:///{database}"\n[tables]\nclock_tick = 1\n',
        encoding="utf-8")
    log = tmp_path / "referee.log"
    process = _start_referee_process(config_path, log)
    try:
        asyncio.run(_killed_referee(server, unique_user, process, config_path, log))
    finally:
        for proc in _processes:
            if proc.poll() is None:
                proc.terminate()
                proc.wait(10)
        process.poll() is None and process.kill()
    store = ServiceStore(f"sqlite:///{database}")
    (table,) = [row.id for row in store.player_tables(_names[0], "cribbage")]
    assert store.table(table).status == "over"
    assert_nothing_lost(store, table)
    store.close()


_processes: list[subprocess.Popen] = []
_names: list[str] = []


async def _killed_referee(server, unique_user, process, config_path, log) -> None:
    alice, bob, alice_bot, bob_bot = await _seated_pair(server, unique_user)
    _names.append(alice.username)
    table = None
    for _attempt in range(100):  # the referee process needs a moment to connect
        try:
            table = await alice.create_table("cribbage", preset="short")
            break
        except RequestRefused:
            await asyncio.sleep(0.2)
    assert table is not None, log.read_text()
    await bob.join_table(table)
    await wait_until(lambda: alice.last_seq.get(table, 0) >= 12, 30, "a dozen moves")
    await wait_until(lambda: alice.states[table]["observation"]["phase"] == "play", 30,
                     "the play (mid-hand)")
    os.kill(process.pid, signal.SIGKILL)
    process.wait(10)
    killed_at = alice.last_seq[table]
    restarted = _start_referee_process(config_path, log)
    _processes.append(restarted)
    end = await bob_bot.wait_finished(table, 120)
    await alice_bot.wait_finished(table, 30)
    assert end["seq"] > killed_at and end["reason"] == "finished"
    for client in (alice, bob):
        await client.disconnect()
    restarted.send_signal(signal.SIGTERM)
    assert restarted.wait(20) == 0  # exits cleanly on SIGTERM
