"""Shared set-up for the online tests: a referee in the test's event loop, and clients."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import xml.etree.ElementTree as ET
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from ginrummy_desktop.online.client import OnlineClient
from ginrummy_desktop.online.config import ServerConfig
from ginrummy_desktop.online.limits import Limit
from ginrummy_desktop.online.referee import Referee
from ginrummy_desktop.online.service_store import ServiceStore

PASSWORD = "correct horse battery"


def referee_config(server: Any, directory: Path, database_url: str | None = None,
                   **changes: Any) -> ServerConfig:
    config = ServerConfig(
        domain=server.domain, component=server.component_name,
        secret=server.component_secret, host=server.host, port=server.component_port,
        muc_domain=server.muc_domain,
        database_url=database_url or f"sqlite:///{directory / 'service.db'}",
        records_dir=str(directory / "records"), clock_tick=1.0)
    # Bots move as fast as the machine lets them, far above a person's pace: the per-account
    # request limit (flood protection, 10 a second) would refuse their moves on a fast machine.
    config.limits = {**config.limits, "request": Limit(60_000, 1_000)}
    for key, value in changes.items():
        setattr(config, key, value)
    return config


@asynccontextmanager
async def running_referee(config: ServerConfig) -> AsyncIterator[Referee]:
    store = ServiceStore(config.database_url)
    referee = Referee(config, store)
    referee.connect()
    try:
        await asyncio.wait_for(referee.ready.wait(), 30)
        yield referee
    finally:
        referee.disconnect(wait=1.0)
        await asyncio.sleep(0.2)
        referee.flush_writes()
        store.close()


def new_client(server: Any, user: str, port: int | None = None) -> OnlineClient:
    """A client for a loopback test server (self-signed certificate: verification off)."""
    return OnlineClient(f"{user}@{server.domain}", PASSWORD, host=server.host,
                        port=port or server.c2s_port, referee=server.component_name,
                        muc_domain=server.muc_domain, verify_tls=False,
                        resource=f"r{secrets.token_hex(2)}", record_stanzas=True)


CARD_IN_TEXT = re.compile(r'(?:"|&quot;)([A2-9TJQK][CDHS])(?:"|&quot;)')


def hidden_cards(record: dict, seat: int) -> set[str]:
    """Cards ``seat`` never saw before this hand ended: the undrawn stock, and (gin) the
    opponent's final cards that never passed through the discard pile."""
    if record["game"] == "cribbage":
        return set(record["deck"][13:])  # 12 dealt, then the starter; the rest stay hidden
    from ginrummy_desktop.engine.actions import Action
    from ginrummy_desktop.engine.cards import Card
    from ginrummy_desktop.engine.gin.hand import GinHand
    from ginrummy_desktop.engine.gin.rules import GinRules

    hand = GinHand.deal(GinRules.from_dict(record["rules"]), [Card.parse(c) for c in
                        record["deck"]], record["salt"], tuple(record["seats"]),
                        record["hand_number"])
    for who, kind, card in record["actions"]:
        hand.apply(who, Action(kind, None if card is None else Card.parse(card)))
    other = 1 - record["seats"].index(seat)
    secret = set(hand.deck[hand.stock_pos:]) | (set(hand.hands[other]) - set(hand.known[other]))
    return {str(card) for card in secret}


def leaked_cards(received: list[str], seats: dict[str, int]) -> list[str]:
    """Every hidden card found in a stanza received before its hand ended (should be none).

    ``seats`` maps each table the client played at to its seat there. A stanza about one table
    is held against that table's current hand; any other stanza (presence, replies, chat)
    against the current hand of every table in play at that moment."""
    problems: list[str] = []
    windows: dict[str, list[str]] = {}
    shown_before: dict[str, set[str]] = {}  # cribbage: every card of the hand before was shown
    for text in received:
        payload = _payload(text)
        table = payload.get("table") if isinstance(payload, dict) else None
        kind = _payload_type(text)
        if table in seats and kind == "state":
            text = _without_hand_before(payload, shown_before.get(table, set()), problems)
        if table in seats and kind == "hand_end":
            secret = hidden_cards(payload["record"], seats[table])
            for earlier in windows.get(table, []):
                leaked = set(CARD_IN_TEXT.findall(earlier)) & secret
                if leaked:
                    problems.append(f"{sorted(leaked)} in {earlier[:300]}")
            windows[table] = []
            if payload["record"]["game"] == "cribbage":
                shown_before[table] = set(payload["record"]["deck"][:13])
        elif table in seats and kind == "match_end":
            windows.pop(table, None)
        elif table in seats:
            windows.setdefault(table, []).append(text)
        else:
            for window in windows.values():
                window.append(text)
    return problems


def _without_hand_before(payload: dict, shown: set[str], problems: list[str]) -> str:
    """A cribbage state's text without its observation's fields about the hand before (they
    name that hand's cards, which may be undealt in this one), once checked to hold only cards
    that were on the table by the end of that hand."""
    observation = dict(payload.get("observation") or {})
    before = {name: observation.pop(name) for name in list(observation)
              if name.startswith("last_")}
    named = set(CARD_IN_TEXT.findall(json.dumps(before)))
    if named - shown:
        problems.append(f"{sorted(named - shown)} of the hand before were never shown: {before}")
    return json.dumps({**payload, "observation": observation})


def _game_element(text: str) -> Any:
    try:
        root = ET.fromstring(text)
    except ET.ParseError:
        return None
    return root.find("{urn:ginrummy:game:1}game")


def _payload(text: str) -> Any:
    element = _game_element(text)
    return None if element is None else json.loads(element.text or "{}")


def _payload_type(text: str) -> str | None:
    element = _game_element(text)
    return None if element is None else element.get("type")



async def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll ``condition`` on the event loop until true; fail naming ``what`` after timeout."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)
