"""The signed-in account as a Qt object: the client's pushed events become Qt signals, and the
connection's health is one visible state (connecting, online, reconnecting, offline)."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QObject, Signal

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.online.client import OnlineClient

CLIENT_EVENTS = ("state", "deal", "hand_end", "match_end", "clock", "away", "back", "invite",
                 "matched", "offer", "tables", "chat", "private", "presence", "subscribe",
                 "refused")
# Shown with tr(STATE_WORDS[state]) (see state_text): the keys are the session's states.
STATE_WORDS = {"offline": mark("Signed out"), "connecting": mark("Connecting…"),
               "online": mark("Online"), "reconnecting": mark("Connection lost: reconnecting…")}


def state_text(state: str) -> str:
    """The connection state in words, in the chosen language."""
    words = STATE_WORDS.get(state)
    return tr(words) if words is not None else state


@dataclass(frozen=True)
class ServerAddress:
    """``domain`` or ``domain:port`` as typed in the sign-in form or Preferences."""

    domain: str
    port: int = 5222

    @classmethod
    def parse(cls, text: str) -> ServerAddress:
        text = text.strip()
        domain, _, port_text = text.partition(":")
        if not domain:
            # Translators: shown with its first letter capitalised, under the sign-in form.
            raise ValueError(tr("type the server's address: ask the person who runs your "
                                "club's server for it, or see \"How do I get a server?\""))
        if any(c.isspace() for c in domain) or "@" in domain or "/" in domain:
            raise ValueError(tr("the server address is a name or a network address, "
                                "optionally with :port, without spaces, @ or /"))
        port = 5222
        if port_text:
            if not port_text.isdigit() or not 0 < int(port_text) < 65536:
                raise ValueError(tr("the port {port} is not a number from 1 to 65535")
                                 .format(port=repr(port_text)))
            port = int(port_text)
        return cls(domain.lower(), port)

    def __str__(self) -> str:
        return self.domain if self.port == 5222 else f"{self.domain}:{self.port}"


ClientFactory = Callable[[ServerAddress, str, str], OnlineClient]


def on_home_network(domain: str) -> bool:
    """Whether ``domain`` is a private network address (192.168.x.x, 10.x.x.x, ...)."""
    try:
        return ipaddress.ip_address(domain).is_private
    except ValueError:
        return False


def default_client(address: ServerAddress, user: str, password: str) -> OnlineClient:
    """A client that checks the server's certificate, except for a server on a private network
    address: no certificate authority issues certificates for those, so a home server ("Play on
    this computer's network") has a self-signed one. The connection is still encrypted."""
    return OnlineClient(f"{user}@{address.domain}", password, port=address.port,
                        verify_tls=not on_home_network(address.domain))


class OnlineSession(QObject):
    """One account's connection. ``client_event`` carries every client event as (name,
    payload); not ``event``, which would hide ``QObject.event()``, Qt's event handler."""

    client_event = Signal(str, object)
    state_changed = Signal(str)

    def __init__(self, client: OnlineClient, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self.state = "offline"
        for name in CLIENT_EVENTS:
            client.on(name, partial(self.client_event.emit, name))
        client.on("connected", lambda _p: self._set_state("online"))
        client.on("resumed", lambda _p: self._set_state("online"))
        client.on("disconnected", lambda _p: self._set_state(
            "reconnecting" if self._signed_in and not self._signing_out else "offline"))
        self._signed_in = self._signing_out = False

    @property
    def username(self) -> str:
        return self.client.username

    @property
    def domain(self) -> str:
        return str(self.client.jid.domain)

    def jid_of(self, user: str) -> str:
        return user if "@" in user else f"{user}@{self.domain}"

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    async def sign_in(self, create: bool) -> None:
        self._set_state("connecting")
        try:
            if create:
                await self.client.sign_up()
            else:
                await self.client.sign_in()
        except Exception:
            self._set_state("offline")
            raise
        self._signed_in = True

    async def sign_out(self) -> None:
        self._signing_out = True
        await self.client.disconnect()
        self._signed_in = False
        self._set_state("offline")
