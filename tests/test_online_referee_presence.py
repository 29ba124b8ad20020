"""The referee's view of who is away, without a server: a request that was sent before a
player's session ended, and handled after the server announced the end, must not bring the
player back (it once did, and a waiting opponent could not claim the win)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from slixmpp import JID
from slixmpp.stanza import Iq

from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.config import config_from_dict
from ginrummy_desktop.online.referee import Referee
from ginrummy_desktop.online.service_store import ServiceStore
from ginrummy_desktop.online.table import LiveTable

DOMAIN = "ginrummy.test"


def _referee(tmp_path: Path) -> tuple[Referee, list[tuple[str, str, dict]]]:
    config = config_from_dict({
        "xmpp": {"domain": DOMAIN, "component": f"referee.{DOMAIN}", "secret": "s",
                 "host": "127.0.0.1", "port": 1, "muc_domain": ""},
        "database": {"url": f"sqlite:///{tmp_path / 'service.db'}"},
        "tables": {"grace": 30},
    })
    referee = Referee(config, ServiceStore(config.database_url))
    sent: list[tuple[str, str, dict]] = []
    # Nothing is connected: record what would go out instead of sending it.
    referee.send_event = lambda user, kind, data: sent.append((user, kind, data))  # type: ignore[method-assign]
    return referee, sent


def _request(referee: Referee, sender: str, kind: str,
             data: dict[str, Any]) -> list[tuple[str, str]]:
    """Hand the referee one request stanza from ``sender``; each reply's type and error text."""
    replies: list[tuple[str, str]] = []
    iq = Iq(referee, sfrom=JID(sender), sto=JID(f"referee.{DOMAIN}"), stype="set")
    protocol.fill(iq["game"], kind, data)
    original_reply = iq.reply

    def reply(clear: bool = True) -> Iq:
        answer = original_reply(clear)
        answer.send = lambda *a, **k: replies.append(  # type: ignore[method-assign]
            (answer["type"], answer["error"]["text"]))
        return answer

    iq.reply = reply  # type: ignore[method-assign]
    # A result is written as XML text (Referee._on_request); an error is a stanza.
    referee.send_raw = lambda data: replies.append(  # type: ignore[method-assign]
        ("result", "")) if data.startswith("<iq") else None
    asyncio.run(referee._on_request(iq))
    return replies


class _Presence(dict):
    def __init__(self, sender: str) -> None:
        super().__init__({"from": JID(sender)})


ALICE, BOB = f"alice@{DOMAIN}/desk", f"bob@{DOMAIN}/desk"


def _playing_table(tmp_path: Path) -> tuple[Referee, list[tuple[str, str, dict]], LiveTable]:
    """A referee with alice and bob present and playing gin at one table."""
    referee, sent = _referee(tmp_path)
    for who in (ALICE, BOB):
        referee._on_available(_Presence(who))
    table = referee.create_table("alice", "gin", {"preset": "tournament", "clock": 60}, True)
    referee.seat_guest(table, "bob")
    return referee, sent, table


def test_a_request_handled_after_the_session_ended_does_not_bring_the_player_back(tmp_path):
    referee, sent, table = _playing_table(tmp_path)
    referee._on_unavailable(_Presence(ALICE))  # the server says alice's session is gone
    assert 0 in table.away
    # ... and only then is a request alice sent before that handled.
    _request(referee, ALICE, "resync", {"table": table.id})
    assert 0 in table.away, "a stale request brought alice back"
    assert not any(kind == "back" for _, kind, _ in sent)
    # bob is told the grace period runs, not that alice is present.
    [(kind, reason)] = _request(referee, BOB, "claim", {"table": table.id})
    assert kind == "error" and "grace period" in reason

    # Once alice signs in again (a new session announces itself), she is back.
    referee._on_available(_Presence(f"alice@{DOMAIN}/laptop"))
    assert 0 not in table.away
    assert any(kind == "back" for _, kind, _ in sent)


def test_a_request_from_the_live_session_is_a_sign_of_life(tmp_path):
    """A session the server held for resumption says nothing when it comes back: its next
    request is what shows the player is there again."""
    referee, sent, table = _playing_table(tmp_path)
    referee._mark_away(table, 0)  # as after an unanswered ping
    assert _request(referee, ALICE, "resync", {"table": table.id})[0][0] == "result"
    assert 0 not in table.away
    assert any(kind == "back" for _, kind, _ in sent)
