"""The referee: an XEP-0114 external component that is the only authority over every table.

This module is its transport: stanzas in and out, who may ask, rate limits and parsing. The
tables themselves (dealing through the engine, sending each seat only its own observation,
checking every move, the move clocks and the reconnect grace, hand records, ratings, computer
seats) are the ``TableService`` (online/table_service.py); what each request does is in
online/requests.py; the lobby (online/lobby.py) follows the tables through the service's event
bus (online/events.py). Clients talk to the referee with ``<iq type="set"><game type="..."/>
</iq>`` requests; it pushes table events as ``<message type="headline">`` (headlines are never
stored offline, so a player who comes back is resynced, not flooded). See
docs/online-protocol.md and the architecture section of docs/online.md.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, cast
from xml.sax.saxutils import escape, quoteattr

from slixmpp import JID, ComponentXMPP, Iq, Message
from slixmpp.xmlstream import StanzaBase, register_stanza_plugin
from slixmpp.xmlstream.handler import CoroutineCallback
from slixmpp.xmlstream.matcher import StanzaPath

from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.config import ServerConfig
from ginrummy_desktop.online.events import EventBus
from ginrummy_desktop.online.limits import RateLimiter
from ginrummy_desktop.online.lobby import Lobby
from ginrummy_desktop.online.requests import RECORDS_PAGE, Requests
from ginrummy_desktop.online.results import INCOMPLETE
from ginrummy_desktop.online.service_store import ServiceStore
from ginrummy_desktop.online.table import LiveTable, MoveRefused, is_computer
from ginrummy_desktop.online.table_service import TableService

__all__ = ["INCOMPLETE", "PING_TIMEOUT", "RECORDS_PAGE", "Referee"]

log = logging.getLogger("ginrummy.referee")
PING_TIMEOUT = 5.0  # seconds a player's client has to answer the referee's ping
# Requests with an allowance of their own, on top of ``request`` (checked before anything).
REQUEST_LIMITS = {"create": "too many tables created; wait a minute",
                  "quick": "too many quick-match requests; wait a minute"}
GAME_TAG = f"{{{protocol.NAMESPACE}}}game"


class Referee(ComponentXMPP):
    def __init__(self, config: ServerConfig, store: ServiceStore) -> None:
        super().__init__(config.component, config.secret, config.host, config.port)
        self.config = config
        self.store = store
        self.limiter = RateLimiter(config.limits)
        self.bus = EventBus()
        self.service = TableService(config, store, self, lambda: self.loop.time(), self.bus)
        self.lobby = Lobby(self, self.service)
        self.requests = Requests(self.service, self.lobby, self._allowed_invitation)
        self.ready = asyncio.Event()
        self._ticker: asyncio.Task | None = None
        register_stanza_plugin(Iq, protocol.GamePayload)
        register_stanza_plugin(Message, protocol.GamePayload)
        self.register_plugin("xep_0030")
        self.register_plugin("xep_0045")
        self.register_plugin("xep_0004")
        self.register_plugin("xep_0199")
        on_request = cast(Callable[[StanzaBase], Awaitable[None]], self._on_request)
        self.register_handler(CoroutineCallback(
            "game request", StanzaPath("iq@type=set/game"), on_request))
        # ... though a game request goes to it before slixmpp matches the stanza against every
        # handler its plugins registered (two dozen of them, for each move).
        self.add_filter("in", self._requests_first, order=0)
        self.add_event_handler("session_start", self._on_session_start)
        self.add_event_handler("presence_available", self._on_available)
        self.add_event_handler("presence_unavailable", self._on_unavailable)
        self.add_event_handler("groupchat_message", self.lobby.on_groupchat)

    # ------------------------------------------------------------------ the service's state
    # (kept here for callers and tests that knew the referee as one object)
    @property
    def tables(self) -> dict[str, LiveTable]:
        return self.service.tables

    @property
    def deadlines(self) -> dict[str, float]:
        return self.service.clocks.deadlines

    @property
    def sessions(self) -> dict[str, dict[str, None]]:
        return self.service.presence.sessions

    def create_table(self, host: str, game: str, options: dict, rated: bool) -> LiveTable:
        return self.service.create_table(host, game, options, rated)

    def seat_guest(self, table: LiveTable, guest: str) -> None:
        self.service.seat_guest(table, guest)

    def play(self, table: LiveTable, seat: int, action: Any) -> None:
        self.service.play(table, seat, action)

    def finish(self, table: LiveTable, winners: tuple[int, ...], reason: str) -> None:
        self.service.finish(table, winners, reason)

    def flush_writes(self, timeout: float = 30.0) -> None:
        """Wait for every queued database write (before closing the store)."""
        self.service.writer.drain(timeout)

    # ------------------------------------------------------------------ start
    async def _on_session_start(self, _event: Any) -> None:
        self.service.load_tables()
        if self._ticker is None:
            self._ticker = asyncio.ensure_future(self._tick_forever())
        await self.lobby.start()
        self.ready.set()
        log.info("referee %s ready with %d tables", self.boundjid, len(self.service.tables))

    async def _tick_forever(self) -> None:
        step = min(1.0, self.config.clock_tick, max(0.05, self.config.grace / 10 or 1.0))
        while True:
            await asyncio.sleep(step)
            try:
                self.lobby.tick()
                self.service.tick()
            except Exception:  # noqa: BLE001 - the clock must keep running
                log.exception("clock tick failed")

    # ------------------------------------------------------------------ sending
    def send_event(self, username: str | None, kind: str, data: dict[str, Any]) -> None:
        self.send_event_to([username], kind, data)

    def send_event_to(self, usernames: Sequence[str | None], kind: str,
                      data: dict[str, Any]) -> None:
        """One event to several accounts (encoded once, now; sent once every database write
        queued before it is stored). Written as XML text: building a stanza object and letting
        slixmpp escape its JSON character by character was half of the referee's CPU per move
        (docs/performance.md)."""
        recipients = [name for name in usernames if name is not None and not is_computer(name)]
        if not recipients:
            return
        payload = (f'<game xmlns="{protocol.NAMESPACE}" type={quoteattr(kind)}>'
                   f"{escape(protocol.encode(data))}</game>")
        sender = quoteattr(self.boundjid.full)
        stanzas = [f'<message to={quoteattr(f"{username}@{self.config.domain}")} '
                   f'from={sender} type="headline">{payload}</message>'
                   for username in recipients]

        def send() -> None:
            for stanza in stanzas:
                self.send_raw(stanza)

        self.service.writer.after_writes(send)

    async def answers_ping(self, full_jid: str, timeout: float) -> bool:
        try:
            await self.plugin["xep_0199"].send_ping(
                JID(full_jid), timeout=min(PING_TIMEOUT, timeout), ifrom=self.boundjid.full)
        except Exception:  # noqa: BLE001 - IqTimeout or an error reply: no one answers
            return False
        return True

    # ------------------------------------------------------------------ requests
    def _requests_first(self, stanza: StanzaBase) -> StanzaBase | None:
        """An incoming filter: an ``iq@type=set`` holding a ``<game/>`` goes straight to
        ``_on_request`` (what the "game request" handler does); anything else goes on."""
        if isinstance(stanza, Iq) and stanza.xml.get("type") == "set" and \
                stanza.xml.find(GAME_TAG) is not None:
            asyncio.ensure_future(self._on_request(stanza))
            return None
        return stanza

    async def _on_request(self, iq: Iq) -> None:
        sender = iq["from"]
        try:
            if sender.domain != self.config.domain or not sender.user or \
                not protocol.USERNAME_PATTERN.match(sender.user):
                raise MoveRefused("only accounts of this server may use the referee")
            if protocol.reserved_name(sender.user):
                raise MoveRefused(f"the name {sender.user!r} is reserved for the game service")
            user = sender.user
            # Before the payload is even read: a malformed request costs its sender as much.
            if not self.limiter.allow(user, "request"):
                raise MoveRefused("too many requests; slow down")
            kind, data = protocol.decode(iq["game"], protocol.REQUESTS)
            if self.service.presence.live(user, sender.full):
                # A request from a live session is a sign of life (e.g. after resumption);
                # one sent just before the session ended, and handled after the server said
                # so, is not: it must not bring back a player who has gone.
                self.service.all_back(user)
            if kind in REQUEST_LIMITS and not self.limiter.allow(user, kind):
                raise MoveRefused(REQUEST_LIMITS[kind])
            endings = self.service.presence.ended(user)
            reply_data = await self.requests.handler(kind)(user, data)
            if kind == "move" and self.service.presence.ended(user) == endings:
                # An accepted move proves its sender is there, whichever session sent it; a
                # session that has in fact gone fails the next ping and is dropped then. Not
                # when the server said a session ended while the move was being stored: the
                # move came before that, and must not bring back a player who has gone.
                self.service.present(user, sender.full)
            # Acknowledged only once stored: a referee killed now has lost nothing it told.
            await self.service.writer.settled()
        except (protocol.ProtocolError, MoveRefused) as error:
            # DEBUG: a client can cause any number of these; they are answered, not news.
            log.debug("refused %s from %s: %s", iq["game"]["type"], sender, error)
            self._reply_error(iq, str(error))
            return
        except Exception:  # noqa: BLE001 - a bug must refuse the stanza, never kill the referee
            log.exception("request from %s failed", sender)
            self._reply_error(iq, "internal error; the table is unchanged")
            return
        # As XML text, like the events (see send_event_to): no stanza copy, no slow escaping.
        self.send_raw(f'<iq type="result" to={quoteattr(sender.full)} '
                      f'from={quoteattr(iq["to"].full)} id={quoteattr(iq["id"])}>'
                      f'<game xmlns="{protocol.NAMESPACE}" type="{protocol.REPLY}">'
                      f"{escape(protocol.encode(reply_data or {}))}</game></iq>")

    def _reply_error(self, iq: Iq, reason: str) -> None:
        # The request goes first: reply() copies the stanza, and a copy of XML nested a
        # thousand deep raises RecursionError (the refusal would never be sent).
        for child in list(iq.xml):
            iq.xml.remove(child)
        reply = iq.reply(clear=True)
        reply["type"] = "error"
        reply["error"]["type"] = "modify"
        reply["error"]["condition"] = "not-acceptable"
        reply["error"]["text"] = reason
        reply.send()

    def _allowed_invitation(self, host: str, invitee: str) -> str:
        """The user name ``invitee`` (a JID or user name of this domain) if ``host`` may invite
        them now; else ``MoveRefused`` (not an account here, or too many invitations)."""
        name, _, domain = invitee.partition("@")
        if domain.split("/")[0] not in ("", self.config.domain) or \
                not protocol.USERNAME_PATTERN.match(name) or is_computer(name):
            raise MoveRefused(f"cannot invite {invitee!r}: not an account of this server")
        if not self.limiter.allow(host, "invite"):
            raise MoveRefused("too many invitations; wait a minute")
        if not self.limiter.allow(name, "invited"):
            raise MoveRefused(f"{name} has had too many invitations; try again later")
        return name

    # ------------------------------------------------------------------ presence
    def _on_available(self, presence: Any) -> None:
        sender = presence["from"]
        if sender.domain != self.config.domain or not sender.user:
            return
        self.service.present(sender.user, sender.full)

    def _on_unavailable(self, presence: Any) -> None:
        sender = presence["from"]
        if sender.domain != self.config.domain or not sender.user:
            return
        self.service.session_gone(sender.user, sender.full if sender.resource else None)

    def _mark_away(self, table: LiveTable, seat: int) -> None:
        self.service.mark_away(table, seat)
