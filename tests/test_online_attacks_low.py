"""Issue 44, item 6: the low-severity holes, each attacked against a private server.

- A private (table) chat flood: chat between players goes straight between them, so the
  recipient's XMPP block list stops it (the referee's ``chat`` limit covers the lobby room).
- Malformed requests count against the request limit, and refusals are not logged at INFO.
- A match cut short mid-hand (resignation, timeout, abandon) reveals that hand's deck and salt,
  so the commitment published at the deal can still be checked.
- XML nested 1,000 deep inside ``<game>`` and a 5,000-digit integer are refused with a reason.
- Display names with control or text-direction characters are refused; so are reserved names.
"""

from __future__ import annotations

import asyncio
import json
import logging
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_desktop.engine.deck import verify_commitment
from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.client import RequestRefused, SignInError
from ginrummy_desktop.online.config import ConfigError, config_from_dict
from ginrummy_desktop.online.limits import Limit
from tests.online_harness import new_client, referee_config, running_referee, wait_until


async def _raw_answer(client, request_id: str, text: str, timeout: float = 15) -> str:
    """Send hand-made XML; the text of the answer with that id (its error text if refused)."""
    client._xmpp.send_raw(text)
    found: list[str] = []

    def answered() -> bool:
        found[:] = [t for t in client.received if f'id="{request_id}"' in t]
        return bool(found)
    await wait_until(answered, timeout, f"the answer to {request_id}")
    return found[0]


def _game_iq(server, request_id: str, kind: str, inner: str) -> str:
    return (f"<iq type='set' id='{request_id}' to='{server.component_name}'>"
            f"<game xmlns='{protocol.NAMESPACE}' type='{kind}'>{inner}</game></iq>")


def test_hostile_payloads_are_refused_with_a_reason_and_cost_the_sender(
        xmpp_server, tmp_path, unique_user, caplog):
    asyncio.run(_payloads(xmpp_server, tmp_path, unique_user, caplog))


async def _payloads(server, tmp_path, unique_user, caplog) -> None:
    config = referee_config(server, tmp_path)
    config.limits = {**config.limits, "request": Limit(6, 4)}
    caplog.set_level(logging.INFO, logger="ginrummy")
    async with running_referee(config) as referee:
        mallory = new_client(server, unique_user("mallory"))
        await mallory.sign_up()
        deep = await _raw_answer(mallory, "deep", _game_iq(
            server, "deep", "tables", "<a>" * 1000 + "</a>" * 1000))
        assert 'type="error"' in deep and "only a type attribute and JSON text" in deep
        digits = await _raw_answer(mallory, "digits", _game_iq(
            server, "digits", "move", '{"table":"abcd1234","seq":' + "9" * 5000 +
            ',"action":{"kind":"draw_stock"}}'))
        assert 'type="error"' in digits and "internal error" not in digits
        assert "larger than 4096 bytes" in digits  # 5,000 digits no longer fit a request
        answers = [await _raw_answer(mallory, f"bad{n}", _game_iq(server, f"bad{n}", "move",
                                                                  "{not json"))
                   for n in range(4)]
        # Four allowed at once: the two above (and the client's own block list request at
        # sign-in, if it came first) used some, so the malformed ones run out of the rest.
        over = ["too many requests" in a for a in answers]
        assert not over[0] and over[-2:] == [True, True] and over == sorted(over)
        with pytest.raises(RequestRefused, match="too many requests"):
            await mallory.request("mytables")  # a good request waits for the bucket too
        assert referee.is_connected()
        assert not [r for r in caplog.records if r.levelno >= logging.INFO
                    and "refused" in r.getMessage()]
        await mallory.disconnect()


def test_an_integer_too_long_to_convert_is_invalid_json_not_an_internal_error():
    """Python refuses to convert integers of 4,300+ digits (ValueError); a request under the
    old 16 KiB cap could hold one, and the referee answered "internal error"."""
    iq = new_iq_payload("move", '{"table":"abcd1234","seq":' + "9" * 5000 + "}")
    with pytest.raises(protocol.ProtocolError, match="not valid JSON"):
        protocol.decode(iq, protocol.REQUESTS, limit=64 * 1024)


def new_iq_payload(kind: str, text: str) -> protocol.GamePayload:
    payload = protocol.GamePayload()
    payload["type"] = kind
    payload.xml.text = text
    return payload


def test_display_names_and_reserved_names(xmpp_server, tmp_path, unique_user):
    asyncio.run(_names(xmpp_server, tmp_path, unique_user))


async def _names(server, tmp_path, unique_user) -> None:
    async with running_referee(referee_config(server, tmp_path)):
        alice = new_client(server, unique_user("alice"))
        await alice.sign_up()
        for bad in ("nul\x00name", "bell\x07", "evil\u202eevil", "\u2066hidden", "   "):
            with pytest.raises(RequestRefused, match="display"):
                await alice.profile(display=bad)  # the client refuses it itself ...
            answer = await _raw_answer(alice, "disp", _game_iq(  # ... and so does the referee
                server, "disp", "profile", json.dumps({"display": bad}).replace("<", "&lt;")))
            assert 'type="error"' in answer and "display" in answer
            alice.received.clear()
        assert (await alice.profile(display="Zoë \u2660 ♥"))["display"] == "Zoë \u2660 ♥"
        for name in ("referee", "computer", "Admin"):
            with pytest.raises(SignInError, match="reserved"):
                await new_client(server, name).sign_up()
        if server.kind == "ejabberd":  # an operator-made account is still refused service
            server.register("referee", "a long enough passphrase 42")
            impostor = new_client(server, "referee")
            impostor.password = "a long enough passphrase 42"
            await impostor.sign_in()
            with pytest.raises(RequestRefused, match="reserved"):
                await impostor.request("mytables")
            await impostor.disconnect()
        await alice.disconnect()


def test_a_match_cut_short_reveals_the_deck_of_the_hand_in_play(xmpp_server, tmp_path,
                                                                  unique_user):
    asyncio.run(_reveal(xmpp_server, tmp_path, unique_user))


async def _reveal(server, tmp_path, unique_user) -> None:
    async with running_referee(referee_config(server, tmp_path)):
        for game in ("gin", "cribbage"):
            await _resigned_mid_hand(server, unique_user, game)


async def _resigned_mid_hand(server, unique_user, game: str) -> None:
    alice, bob = (new_client(server, unique_user(n)) for n in ("alice", "bob"))
    deals: list[dict] = []
    ends: list[dict] = []
    for client in (alice, bob):
        await client.sign_up()
    bob.on("deal", deals.append)
    bob.on("match_end", ends.append)
    table = await alice.create_table(game, rated=False)
    await bob.join_table(table)
    await wait_until(lambda: deals and table in bob.states, 15, "the deal")
    await alice.resign(table)
    await wait_until(lambda: ends, 15, "the end of the match")
    reveal = ends[0]["reveal"]
    assert reveal["commitment"] == deals[-1]["commitment"]
    assert reveal["hand_number"] == deals[-1]["hand_number"]
    assert verify_commitment(" ".join(reveal["deck"]), reveal["salt"], deals[-1]["commitment"])
    # Bob's own cards are in it where the deal put them: the deck is the real one.
    assert set(bob.states[table]["observation"]["hand"]) <= set(reveal["deck"])
    for client in (alice, bob):
        await client.disconnect()


def test_a_private_chat_flood_stops_at_the_recipients_block(xmpp_server, unique_user):
    asyncio.run(_flood(xmpp_server, unique_user))


async def _flood(server, unique_user) -> None:
    alice, mallory = (new_client(server, unique_user(n)) for n in ("alice", "mallory"))
    for client in (alice, mallory):
        await client.sign_up()
    texts: list[str] = []
    alice.on("private", lambda message: texts.append(message["text"]))
    for number in range(200):
        mallory.send_private(alice.jid.bare, f"flood {number}")
    await wait_until(lambda: "flood 199" in texts, 60, "the flood")
    await alice.block(mallory.jid.bare)
    for number in range(200, 400):
        mallory.send_private(alice.jid.bare, f"flood {number}")
    friend = new_client(server, unique_user("friend"))
    await friend.sign_up()
    await mallory._xmpp.plugin["xep_0199"].ping(mallory.jid.bare, timeout=30)  # all sent
    friend.send_private(alice.jid.bare, "marker")
    await wait_until(lambda: "marker" in texts, 30, "the friend's message")
    assert not [t for t in texts if t.startswith("flood ") and int(t.split()[1]) >= 200]
    for client in (alice, mallory, friend):
        await client.disconnect()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_a_display_name_is_accepted_only_without_control_or_direction_characters(text):
    problem = protocol.REQUESTS["profile"][1]["display"](text)
    hidden = [ch for ch in text if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn")
              or ch in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"]
    assert (problem is None) == (not hidden and text.strip() != "" and len(text) <= 40)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=12), st.dictionaries(st.text(max_size=12),
                                                             st.integers(), max_size=3),
                       max_size=4))
def test_any_server_toml_shape_loads_or_is_refused_in_a_sentence(data):
    """Hostile or misspelt settings never raise anything but ConfigError."""
    try:
        config_from_dict({"xmpp": {"domain": "d", "component": "c", "secret": "s"}, **data})
    except ConfigError as error:
        assert "\n" not in str(error) and str(error)
