"""The game payload on the wire: one ``<game/>`` element inside ``<iq>`` or ``<message>``.

    <game xmlns="urn:ginrummy:game:1" type="move">{"table": "t1a2", "seq": 7, ...}</game>

The element's text is a JSON object whose keys depend on ``type``; docs/online-protocol.md lists
every type with a transcript. Everything that crosses the wire is checked here, in both
directions: an unknown type, a missing or extra key, a value of the wrong type or an element
larger than ``MAX_REQUEST_BYTES`` (requests) or ``MAX_EVENT_BYTES`` (events and replies) raises
``ProtocolError`` with a reason a person can read, so the referee can refuse the stanza and
leave every table unchanged.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from slixmpp.xmlstream import ElementBase

from ginrummy_desktop.engine import registry

NAMESPACE = "urn:ginrummy:game:1"
VERSION = 1
MAX_REQUEST_BYTES = 4 * 1024  # what a client may send: requests are tiny; larger is hostile
# A chat line is sent in pieces of at most this many characters, so every stanza a client sends
# stays under the XMPP server's client stanza limit (8 KB in installers/server/: docs/online.md).
MAX_CHAT_CHARS = 1000
MAX_EVENT_BYTES = 192 * 1024  # what the referee may send (a page of hand records is the most)
USERNAME_PATTERN = re.compile(r"^[A-Za-z0-9._-]{1,20}$")
# Names nobody may sign up with: they would pass for the service (the referee, its computer
# seats) or, in the ejabberd template, for the operator's account.
RESERVED_NAMES = ("referee", "computer", "admin")
# A display name is shown to everyone: no control characters, and none of the invisible
# characters that reorder text (a right-to-left override makes "evil" read "live").
_BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def reserved_name(name: str) -> bool:
    """A user name kept for the service (``computer.*`` names its computer seats)."""
    lowered = name.lower()
    return lowered in RESERVED_NAMES or lowered.startswith("computer.")


def _display(value: Any) -> str | None:
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= 40 or len(value) > 40:
        return "must be text of 1 to 40 characters"
    if any(unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ch in _BIDI_CONTROLS
           for ch in value):
        return "has control or text-direction characters, which are not allowed"
    return None
TABLE_ID_PATTERN = re.compile(r"^[a-z0-9]{4,32}$")
# The games a table can be opened for: every game in the engine's registry (engine/registry.py).
# A snapshot taken at import, for code that lists them; the schema below asks the registry each
# time, so a game registered later is accepted too.
GAMES: tuple[str, ...] = registry.game_names()


def online_games() -> tuple[str, ...]:
    """The games registered now (``GAMES`` plus any registered after this module loaded)."""
    return registry.game_names()


class ProtocolError(ValueError):
    """A payload that breaks the schema; the message says why (sent back as the refusal)."""


class GamePayload(ElementBase):
    """slixmpp stanza plugin for ``<game xmlns="urn:ginrummy:game:1"/>``."""

    name = "game"
    namespace = NAMESPACE
    plugin_attrib = "game"
    interfaces = {"type"}


# ----------------------------------------------------------------------------- schema
# Each value checker returns None when the value is fine, else the reason it is not.
Checker = Callable[[Any], "str | None"]


def _int(low: int, high: int) -> Checker:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"must be a whole number from {low} to {high}"
        return None
    return check


def _text(limit: int, pattern: re.Pattern[str] | None = None) -> Checker:
    def check(value: Any) -> str | None:
        if not isinstance(value, str) or len(value) > limit:
            return f"must be text of at most {limit} characters"
        if pattern is not None and not pattern.match(value):
            return "has characters that are not allowed"
        return None
    return check


def _game(value: Any) -> str | None:
    """A registered game's name (asked at check time, never a list copied here)."""
    if isinstance(value, str) and value in registry.GAMES:
        return None
    return f"must be one of {', '.join(registry.game_names())}"


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _object(limit: int = 64) -> Checker:
    def check(value: Any) -> str | None:
        if not isinstance(value, dict) or len(value) > limit:
            return "must be an object"
        return None
    return check


def _list(limit: int = 4096) -> Checker:
    def check(value: Any) -> str | None:
        return None if isinstance(value, list) and len(value) <= limit else "must be a list"
    return check


def _any(value: Any) -> str | None:
    return None


def _action(value: Any) -> str | None:
    if not isinstance(value, dict) or not set(value) <= {"kind", "card", "cards", "points"}:
        return "must be an object with kind and optionally card, cards, points"
    if _text(20)(value.get("kind")) or not value.get("kind"):
        return "needs a kind"
    if "card" in value and value["card"] is not None and _text(3)(value["card"]):
        return "card must be a card like 'TH'"
    cards = value.get("cards", [])
    if not isinstance(cards, list) or len(cards) > 4 or any(_text(3)(c) for c in cards):
        return "cards must be a list of at most four cards"
    if "points" in value and value["points"] is not None and _int(0, 99)(value["points"]):
        return "points must be a whole number from 0 to 99"
    return None


def _usernames(limit: int) -> Checker:
    def check(value: Any) -> str | None:
        if not isinstance(value, list) or len(value) > limit or \
                any(_text(20, USERNAME_PATTERN)(name) for name in value):
            return f"must be a list of at most {limit} user names"
        return None
    return check


MAX_BLOCKED = 200  # user names in one block list (a blocklist request is under 4 KiB)
TABLE = _text(32, TABLE_ID_PATTERN)
SEQ = _int(0, 10**9)

# type -> (required keys, optional keys). Client requests travel in <iq type="set">.
REQUESTS: dict[str, tuple[dict[str, Checker], dict[str, Checker]]] = {
    "create": ({"game": _game}, {
        "preset": _text(20, re.compile(r"^[a-z0-9-]+$")), "target": _int(1, 1000),
        "rated": _bool, "clock": _int(5, 3600), "invite": _text(64)}),
    "join": ({"table": TABLE}, {}),
    "invite": ({"table": TABLE, "user": _text(64)}, {}),
    "leave": ({"table": TABLE}, {}),
    "move": ({"table": TABLE, "seq": SEQ, "action": _action}, {}),
    "resync": ({"table": TABLE}, {"since": SEQ}),
    "claim": ({"table": TABLE}, {}),
    "resign": ({"table": TABLE}, {}),
    "tables": ({}, {"game": _game}),
    "mytables": ({}, {}),
    "quick": ({"game": _game}, {"cancel": _bool, "computer": _bool}),
    "profile": ({}, {"user": _text(20, USERNAME_PATTERN), "display": _display}),
    "leaderboard": ({"game": _game}, {}),
    "history": ({"game": _game}, {"user": _text(20, USERNAME_PATTERN)}),
    "records": ({"table": TABLE}, {"start": _int(0, 10**6)}),
    "blocklist": ({"users": _usernames(MAX_BLOCKED)}, {}),
}

# Referee -> client pushes, in <message type="normal">. Checked too (the client trusts nothing).
EVENTS: dict[str, tuple[dict[str, Checker], dict[str, Checker]]] = {
    "state": ({"table": TABLE, "seq": SEQ, "game": _game, "observation": _object(),
               "to_move": _any, "commitment": _text(64), "status": _text(20)},
              {"last": _object(), "clock": _object(), "scores": _list(), "events": _list(),
               "seat": _int(0, 1), "players": _list(), "rated": _bool,
               "public": _object()}),
    "deal": ({"table": TABLE, "seq": SEQ, "hand_number": _int(0, 10**6),
              "commitment": _text(64)}, {}),
    "hand_end": ({"table": TABLE, "seq": SEQ, "record": _object()}, {}),
    "match_end": ({"table": TABLE, "seq": SEQ, "winners": _list(), "reason": _text(40)},
                  {"ratings": _object(), "reveal": _object()}),
    "clock": ({"table": TABLE, "seq": SEQ}, {"seat": _int(0, 1), "seconds_left": _any,
                                             "grace_left": _any, "away": _int(0, 1)}),
    "away": ({"table": TABLE, "seq": SEQ, "seat": _int(0, 1), "grace": _int(0, 10**6)}, {}),
    "back": ({"table": TABLE, "seq": SEQ, "seat": _int(0, 1)}, {}),
    "tables": ({"game": _game, "tables": _list(500)}, {}),
    "invite": ({"table": TABLE, "from": _text(64), "game": _game}, {}),
    "matched": ({"table": TABLE, "game": _game}, {"computer": _bool}),
    "offer": ({"game": _game}, {"computer": _bool}),
}

# Replies to requests (in the <iq type="result">): any object; errors use <iq type="error">
# with a <text/> reason and also a "reason" key in the payload.
REPLY = "reply"


def check_payload(kind: str, data: Any, schemas: Mapping[str, tuple[dict, dict]]) -> dict:
    """``data`` if it fits the schema of ``kind``; else ``ProtocolError`` naming the problem."""
    if kind not in schemas:
        raise ProtocolError(f"unknown payload type {kind!r}")
    if not isinstance(data, dict):
        raise ProtocolError("the payload must be a JSON object")
    required, optional = schemas[kind]
    missing = sorted(set(required) - set(data))
    if missing:
        raise ProtocolError(f"{kind}: missing {', '.join(missing)}")
    extra = sorted(set(data) - set(required) - set(optional))
    if extra:
        raise ProtocolError(f"{kind}: unexpected {', '.join(extra)}")
    for key, value in data.items():
        problem = {**required, **optional}[key](value)
        if problem:
            raise ProtocolError(f"{kind}: {key} {problem}")
    return data


# Compact, ASCII-only JSON (non-ASCII characters as \u escapes, so a payload's length is its
# size in bytes). Keys in the order they were put in: a JSON object has none of its own, and
# sorting every key of each 5 KB state cost the referee more than its engine move did.
_encode_json = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def encode(data: Mapping[str, Any], limit: int = MAX_EVENT_BYTES) -> str:
    """The element text for ``data`` (compact JSON); too large raises ``ProtocolError``."""
    text = _encode_json(data)
    if len(text) > limit:
        raise ProtocolError(f"payload of {len(text)} bytes exceeds {limit}")
    return text


def decode(element: GamePayload | None, schemas: Mapping[str, tuple[dict, dict]],
           limit: int = MAX_REQUEST_BYTES) -> tuple[str, dict]:
    """(type, data) from a received ``<game/>`` element, strictly checked."""
    if element is None:
        raise ProtocolError("no game payload")
    kind = element["type"]
    text = element.xml.text or ""
    if len(text.encode()) > limit:
        raise ProtocolError(f"payload larger than {limit} bytes")
    if len(element.xml) or len(element.xml.attrib) > 1:
        raise ProtocolError("the game element holds only a type attribute and JSON text")
    try:
        data = json.loads(text) if text.strip() else {}
    except (ValueError, RecursionError):  # ValueError: also an integer of 4,300+ digits
        raise ProtocolError("the payload is not valid JSON") from None
    return kind, check_payload(kind, data, schemas)


def chat_pieces(text: str) -> list[str]:
    """``text`` cut into pieces of at most ``MAX_CHAT_CHARS`` characters (none if empty)."""
    return [text[start:start + MAX_CHAT_CHARS] for start in range(0, len(text), MAX_CHAT_CHARS)]


def fill(element: GamePayload, kind: str, data: Mapping[str, Any],
         limit: int = MAX_EVENT_BYTES) -> None:
    """Put ``data`` of ``kind`` into ``element`` (the stanza's ``<game/>``)."""
    element["type"] = kind
    element.xml.text = encode(data, limit)
