"""The client library runs on a Qt event loop through qasync (as the app will drive it): two
players sign up and play a whole gin match while Qt processes its own events."""

from __future__ import annotations

import asyncio

import pytest

from ginrummy_desktop.online.bot_player import BotPlayer
from tests.online_harness import new_client, referee_config, running_referee

qasync = pytest.importorskip("qasync")


def test_a_match_plays_on_a_qt_event_loop(qapp, ejabberd_server, tmp_path, unique_user):
    from PySide6.QtCore import QTimer

    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))  # Qt keeps running while we play
    timer.start(50)
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    try:
        end = loop.run_until_complete(_match(ejabberd_server, tmp_path, unique_user))
    finally:
        timer.stop()
        loop.close()
        asyncio.set_event_loop(None)
    assert end["reason"] == "finished" and len(end["winners"]) == 1
    assert len(ticks) > 1


async def _match(server, tmp_path, unique_user) -> dict:
    async with running_referee(referee_config(server, tmp_path)):
        alice, bob = new_client(server, unique_user("qta")), new_client(server, unique_user("qtb"))
        await alice.sign_up()
        await bob.sign_up()
        bots = {"gin": "greedy"}
        alice_bot, _bob_bot = BotPlayer(alice, bots), BotPlayer(bob, bots)
        table = await alice.create_table("gin", target=25)
        await bob.join_table(table)
        end = await alice_bot.wait_finished(table, 120)
        for client in (alice, bob):
            await client.disconnect()
        return end
