"""``ginrummy-server`` settings from a TOML file (every key documented in docs/online.md).

    [xmpp]
    domain = "example.org"             # the players' XMPP domain
    component = "referee.example.org"  # this referee's component JID
    secret = "..."                     # the XEP-0114 shared secret
    host = "127.0.0.1"                 # where the XMPP server listens for components
    port = 5347
    muc_domain = "conference.example.org"   # lobby rooms live here ("" = no lobby rooms)

    [database]
    url = "sqlite:///var/lib/ginrummy/service.db"   # or postgresql://user@host/db

    [tables]
    clock = 60          # default seconds per move (a table may choose 5..3600)
    grace = 120         # seconds a disconnected player has before the opponent may claim
    clock_tick = 10     # how often both sides are told the time left
    records_dir = ""    # also append hand records (JSONL) here, one file per table

    [lobby]
    quick_match_computer_after = 60   # seconds before quick match offers a computer opponent
    quick_match_window = 100          # starting rating window, widened by this every 10 s
    computer_bot = { gin = "greedy", cribbage = "greedy" }

    [limits]            # per account: per_minute and burst
    chat = [20, 5]
    create = [6, 3]
    quick = [6, 3]
    request = [600, 60]  # every other request (moves included)
    invite = [10, 3]     # invitations an account sends
    invited = [20, 5]    # invitations an account receives (from everyone together)
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ginrummy_desktop.online.limits import Limit


class ConfigError(ValueError):
    """A missing or malformed setting; the message names it."""


@dataclass
class ServerConfig:
    domain: str
    component: str
    secret: str
    host: str = "127.0.0.1"
    port: int = 5347
    muc_domain: str = ""
    database_url: str = "sqlite:///ginrummy-service.db"
    clock: int = 60
    grace: float = 120.0
    clock_tick: float = 10.0
    records_dir: str = ""
    quick_match_computer_after: float = 60.0
    quick_match_window: float = 100.0
    computer_bot: dict[str, str] = field(
        default_factory=lambda: {"gin": "greedy", "cribbage": "greedy"})
    limits: dict[str, Limit] = field(default_factory=lambda: {
        "chat": Limit(20, 5), "create": Limit(6, 3), "quick": Limit(6, 3),
        "request": Limit(600, 60), "invite": Limit(10, 3), "invited": Limit(20, 5)})


def _get(section: dict[str, Any], key: str, kind: type, default: Any, where: str) -> Any:
    value = section.get(key, default)
    if value is None:
        raise ConfigError(f"[{where}] {key} is required")
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ConfigError(f"[{where}] {key} must be a {kind.__name__}, not {value!r}")
    return value


def load_config(path: str | Path) -> ServerConfig:
    """Read and check the file; any problem raises ``ConfigError`` with the reason."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    return config_from_dict(data)


# Every section and key a server.toml may hold; anything else is a mistake that would otherwise
# be ignored (a misspelt ``grase = 5`` leaving the grace at its default).
KNOWN_KEYS: dict[str, tuple[str, ...]] = {
    "xmpp": ("domain", "component", "secret", "host", "port", "muc_domain"),
    "database": ("url",),
    "tables": ("clock", "grace", "clock_tick", "records_dir"),
    "lobby": ("quick_match_computer_after", "quick_match_window", "computer_bot"),
    "limits": tuple(ServerConfig("", "", "").limits),
}


def _unknown(name: str, known: tuple[str, ...] | list[str], what: str) -> ConfigError:
    close = difflib.get_close_matches(name, known, n=1)
    hint = f" (did you mean {close[0]}?)" if close else f" (known: {', '.join(known)})"
    shown = name if name.isprintable() else repr(name)  # one line, whatever the file holds
    return ConfigError(f"unknown {what} {shown}{hint}")


def check_known_keys(data: dict[str, Any]) -> None:
    """``ConfigError`` naming the first section or key that is not a setting."""
    for section, values in data.items():
        if section not in KNOWN_KEYS:
            raise _unknown(f"[{section}]", [f"[{s}]" for s in KNOWN_KEYS], "section")
        if not isinstance(values, dict):
            raise ConfigError(f"[{section}] must be a section, not {values!r}")
        for key in values:
            if key not in KNOWN_KEYS[section]:
                raise _unknown(key, KNOWN_KEYS[section], f"setting [{section}]")


def config_from_dict(data: dict[str, Any]) -> ServerConfig:
    check_known_keys(data)
    xmpp, db = data.get("xmpp", {}), data.get("database", {})
    tables, lobby, limits = data.get("tables", {}), data.get("lobby", {}), data.get("limits", {})
    config = ServerConfig(
        domain=_get(xmpp, "domain", str, None, "xmpp"),
        component=_get(xmpp, "component", str, None, "xmpp"),
        secret=_get(xmpp, "secret", str, None, "xmpp"),
        host=_get(xmpp, "host", str, "127.0.0.1", "xmpp"),
        port=_get(xmpp, "port", int, 5347, "xmpp"),
        muc_domain=_get(xmpp, "muc_domain", str, "", "xmpp"),
        database_url=_get(db, "url", str, "sqlite:///ginrummy-service.db", "database"),
        clock=_get(tables, "clock", int, 60, "tables"),
        grace=_get(tables, "grace", float, 120.0, "tables"),
        clock_tick=_get(tables, "clock_tick", float, 10.0, "tables"),
        records_dir=_get(tables, "records_dir", str, "", "tables"),
        quick_match_computer_after=_get(lobby, "quick_match_computer_after", float, 60.0,
                                        "lobby"),
        quick_match_window=_get(lobby, "quick_match_window", float, 100.0, "lobby"),
    )
    bots = lobby.get("computer_bot")
    if bots is not None:
        if not isinstance(bots, dict) or not all(isinstance(v, str) for v in bots.values()):
            raise ConfigError("[lobby] computer_bot must map a game to a bot id")
        config.computer_bot.update(bots)
    for kind, value in limits.items():
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, (int, float)) and v > 0 for v in value)):
            raise ConfigError(f"[limits] {kind} must be [per_minute, burst], not {value!r}")
        config.limits[kind] = Limit(float(value[0]), int(value[1]))
    if not 5 <= config.clock <= 3600:
        raise ConfigError("[tables] clock must be from 5 to 3600 seconds")
    if config.grace < 0 or config.clock_tick <= 0:
        raise ConfigError("[tables] grace must be >= 0 and clock_tick > 0")
    return config
