"""Issue 44, items 2 and 3: presence games cannot stall a clock, and a connected player is never
"away".

- The player to move drops and restores their presence to the referee again and again: the
  move clock keeps running across each away/back (as on the big sites), so they lose on time.
- A player signed in twice closes one session: they are still present (presence is per account
  across its sessions), and any accepted move, from whichever session, proves presence, so the
  opponent's claim after the grace period is refused.
"""

from __future__ import annotations

import asyncio

import pytest

from ginrummy_desktop.online.client import RequestRefused
from tests.online_harness import new_client, referee_config, running_referee, wait_until


def _presence_to_referee(client, available: bool) -> None:
    client._xmpp.send_presence(pto=client.referee,
                               ptype=None if available else "unavailable")


async def _match(server, unique_user, clock: int):
    alice, bob = (new_client(server, unique_user(name)) for name in ("alice", "bob"))
    for client in (alice, bob):
        await client.sign_up()
    table = await alice.create_table("gin", target=25, clock=clock)
    await bob.join_table(table)
    await wait_until(lambda: table in alice.states and table in bob.states, 15, "the deal")
    return alice, bob, table


def test_dropping_presence_does_not_stop_the_move_clock(xmpp_server, tmp_path, unique_user):
    asyncio.run(_stalling(xmpp_server, tmp_path, unique_user))


async def _stalling(server, tmp_path, unique_user) -> None:
    config = referee_config(server, tmp_path, grace=60.0, clock_tick=0.5)
    async with running_referee(config) as referee:
        alice, bob, table = await _match(server, unique_user, clock=6)
        staller = alice if alice.states[table]["to_move"] == 0 else bob
        other = bob if staller is alice else alice
        seat = 0 if staller is alice else 1
        ends: list[dict] = []
        other.on("match_end", ends.append)
        left_before_away = referee.deadlines[table] - referee.loop.time()
        seen: list[float] = []
        for _cycle in range(60):  # ~30 s of stalling at least: far past the 6 s clock
            if ends:
                break
            _presence_to_referee(staller, False)
            # The table leaves ``referee.tables`` as it times out, a moment before the
            # match_end reaches the opponent: wait for that then.
            await wait_until(lambda: bool(ends) or table in referee.tables
                             and seat in referee.tables[table].away, 15,
                             "the staller marked away")
            if ends:
                break
            _presence_to_referee(staller, True)
            await wait_until(lambda: bool(ends) or table in referee.tables
                             and seat not in referee.tables[table].away, 15,
                             "the staller back")
            if not ends and table in referee.deadlines:
                seen.append(referee.deadlines[table] - referee.loop.time())
            await asyncio.sleep(0.5)
        assert ends, "the staller was never timed out"
        assert ends[0]["reason"] == "timeout" and ends[0]["winners"] == [1 - seat]
        # Lost on time counts against completion (else walking away would be free now).
        assert referee.store.rating(staller.username, "gin").completion_rate == 0.0
        # Each return found less time left than the one before: nothing was given back.
        assert seen and seen == sorted(seen, reverse=True) and seen[0] < left_before_away
        for client in (alice, bob):
            await client.disconnect()


def test_a_player_signed_in_twice_stays_present_and_moves_prove_it(xmpp_server, tmp_path,
                                                                   unique_user):
    asyncio.run(_twice(xmpp_server, tmp_path, unique_user))


async def _twice(server, tmp_path, unique_user) -> None:
    config = referee_config(server, tmp_path, grace=1.0, clock_tick=0.5)
    async with running_referee(config) as referee:
        alice, bob, table = await _match(server, unique_user, clock=600)
        second = new_client(server, alice.username)
        await second.sign_in()
        user = alice.username
        await wait_until(lambda: len(referee.sessions.get(user, ())) == 2, 15,
                         "both of alice's sessions known to the referee")
        await alice.disconnect()  # the first session ends
        await wait_until(lambda: len(referee.sessions.get(user, ())) == 1, 15,
                         "the referee told the first session ended")
        assert 0 not in referee.tables[table].away, "alice shown away with a session open"

        # Even an account the referee believes gone is back with its first accepted move.
        _presence_to_referee(second, False)
        await wait_until(lambda: 0 in referee.tables[table].away, 15, "alice marked away")
        await second.resync(table)
        await wait_until(lambda: second.states.get(table, {}).get("seq") ==
                         referee.tables[table].seq, 15, "the second session's resync")
        while referee.tables[table].to_move() != 0:  # bob plays until it is alice's turn
            await bob.resync(table)
            await wait_until(lambda: bob.states[table]["seq"] == referee.tables[table].seq,
                             15, "bob's resync")
            await bob.move(table, bob.states[table]["observation"]["legal_actions"][0])
        await second.resync(table)
        await wait_until(lambda: second.states[table]["seq"] == referee.tables[table].seq,
                         15, "the second session's resync")
        await second.move(table, second.states[table]["observation"]["legal_actions"][0])
        assert 0 not in referee.tables[table].away
        # Had alice stayed away, the claim would win (the grace is 1 s); she is not away.
        with pytest.raises(RequestRefused, match="not away"):
            await bob.claim_win(table)
        assert table in referee.tables
        for client in (second, bob):
            await client.disconnect()
