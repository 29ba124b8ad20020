"""End to end through a real XMPP server: two new players sign up, play a whole gin match and a
whole cribbage game through the referee with built-in bots; every record verifies, ratings move
as Glicko-2 says, the leaderboard lists both, and no stanza either client received held a card
that was hidden from it."""

from __future__ import annotations

import asyncio
import io
import json

import glicko2
import pytest

from ginrummy_desktop.engine.records_check import check_records
from ginrummy_desktop.online.bot_player import BotPlayer
from tests.online_harness import leaked_cards, new_client, referee_config, running_referee

BOTS = {"gin": "greedy", "cribbage": "greedy"}
MATCH_TIMEOUT = 120


def expected_glicko(winner: tuple[float, float, float], loser: tuple[float, float, float]):
    won, lost = glicko2.Player(*winner), glicko2.Player(*loser)
    won.update_player([loser[0]], [loser[1]], [1.0])
    lost.update_player([winner[0]], [winner[1]], [0.0])
    return won.getRating(), lost.getRating()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'service.db'}"
    pytest.importorskip("psycopg")
    return request.getfixturevalue("postgres_url")


def test_two_new_players_play_gin_and_cribbage(xmpp_server, database_url, tmp_path,
                                               unique_user):
    asyncio.run(_play_both_games(xmpp_server, database_url, tmp_path, unique_user))


async def _play_both_games(server, database_url, tmp_path, unique_user) -> None:
    config = referee_config(server, tmp_path, database_url)
    async with running_referee(config):
        alice = new_client(server, unique_user("alice"))
        bob = new_client(server, unique_user("bob"))
        await alice.sign_up()
        await bob.sign_up()
        players = {alice: BotPlayer(alice, BOTS), bob: BotPlayer(bob, BOTS)}
        seats: dict[str, int] = {}
        for game, options in (("gin", {"target": 25}), ("cribbage", {"preset": "short"})):
            before = {c.username: (await c.profile())["games"][game] for c in players}
            table = await alice.create_table(game, clock=60, **options)
            listed = await bob.open_tables(game)
            assert [t["host"] for t in listed if t["table"] == table] == [alice.username]
            await bob.join_table(table)
            seats[table] = 0
            end = await players[alice].wait_finished(table, MATCH_TIMEOUT)
            await players[bob].wait_finished(table, MATCH_TIMEOUT)
            assert end["reason"] == "finished" and len(end["winners"]) == 1
            winner = (alice, bob)[end["winners"][0]]
            loser = bob if winner is alice else alice

            # Every hand record both clients were sent verifies (deal as committed, replays).
            for client in players:
                records = players[client].hand_records[table]
                text = "".join(json.dumps(r) + "\n" for r in records)
                report = check_records(io.StringIO(text))
                assert report.ok and report.hands == len(records) >= 1, report.problems
            assert await alice.records(table) == players[bob].hand_records[table]

            # Ratings moved once, as Glicko-2 computes from the players' ratings before.
            want_winner, want_loser = expected_glicko(
                *(tuple(before[p.username][k] for k in ("rating", "rd")) + (0.06,)
                  for p in (winner, loser)))
            after = {c.username: (await c.profile())["games"][game] for c in players}
            assert after[winner.username]["rating"] == pytest.approx(want_winner, abs=0.1)
            assert after[loser.username]["rating"] == pytest.approx(want_loser, abs=0.1)
            assert after[winner.username]["wins"] == before[winner.username]["wins"] + 1
            assert after[loser.username]["games"] == before[loser.username]["games"] + 1
            history = await winner.rating_history(game, user=loser.username)
            assert [h["table"] for h in history] == [table]  # one rated game of this game
            assert history[0]["rating"] == pytest.approx(want_loser, abs=0.1)
            board = await loser.leaderboard(game)
            listed_users = [row["user"] for row in board["top"]]
            assert {alice.username, bob.username} <= set(listed_users)
            assert board["rank"] == listed_users.index(loser.username) + 1
        seats_bob = {table: 1 for table in seats}
        assert leaked_cards(alice.received, seats) == []
        assert leaked_cards(bob.received, seats_bob) == []
        for client in players:
            await client.disconnect()
