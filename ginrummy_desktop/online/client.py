"""The headless online client: one account's connection to the XMPP server and the referee.

Everything is asyncio and never blocks, so a Qt app can drive it through qasync; what the
server pushes arrives as callbacks registered with ``on(event, callback)`` (called on the
event loop; a callback may be a plain function or a coroutine function).

Events (callback argument in brackets):
    connected [None]   disconnected [None]   resumed [None] (XEP-0198 stream resumed)
    state, deal, hand_end, match_end, clock, away, back, invite, matched, offer [payload dict]
    tables [payload dict: game, tables]        (open tables of a game asked for with open_tables)
    chat [{"game", "nick", "text"}]            (lobby room chat)
    private [{"from", "text", "delayed"}]      (a private message; delayed = offline delivery)
    presence [{"from", "available", "status"}] (a friend's presence; status "playing" etc.)
    subscribe [{"from"}]                       (a friend request; see ``approve_friend``)
    refused [{"request", "reason"}]            (a request the referee refused)

Reconnects, in order: the stream is resumed (XEP-0198) when the server still holds it; else the
client signs in again and resyncs every table it sits at from the last sequence number it saw.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import ssl
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from slixmpp import JID, ClientXMPP, Iq, Message
from slixmpp.exceptions import IqError, IqTimeout
from slixmpp.xmlstream import StanzaBase, register_stanza_plugin
from slixmpp.xmlstream.handler import Callback
from slixmpp.xmlstream.matcher import StanzaPath

from ginrummy_desktop.online import protocol

log = logging.getLogger("ginrummy.client")
REQUEST_TIMEOUT = 20.0


class RequestRefused(Exception):
    """The referee (or server) refused a request; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SignInError(Exception):
    """Sign-in or sign-up failed (bad password, name taken, server unreachable)."""


class _Connection(ClientXMPP):
    def __init__(self, jid: str, password: str, client: OnlineClient, register: bool) -> None:
        super().__init__(jid, password)
        self.client = client
        for plugin in ("xep_0030", "xep_0004", "xep_0045", "xep_0059", "xep_0199",
                       "xep_0191", "xep_0313", "xep_0203", "xep_0297"):
            self.register_plugin(plugin)
        self.register_plugin("xep_0198")
        if register:
            self.register_plugin("xep_0077")
            self.plugin["xep_0077"].force_registration = True
            self.add_event_handler("register", self._register)
        register_stanza_plugin(Iq, protocol.GamePayload)
        register_stanza_plugin(Message, protocol.GamePayload)
        self.register_handler(Callback("game event", StanzaPath("message/game"),
                                       client._on_game_message))

    async def _register(self, _form: Any) -> None:
        reply = self.Iq()
        reply["type"] = "set"
        reply["register"]["username"] = self.boundjid.user
        reply["register"]["password"] = self.password
        try:
            await reply.send()
        except IqError as error:
            self.client._sign_in_problem = (
                f"sign-up refused: {error.iq['error']['text'] or error.iq['error']['condition']}")
            self.disconnect()
        except IqTimeout:
            self.client._sign_in_problem = "sign-up: the server did not answer"
            self.disconnect()


class OnlineClient:
    """One player's connection. See the module docstring for events and reconnects."""

    def __init__(self, jid: str, password: str, *, host: str | None = None, port: int = 5222,
                 referee: str | None = None, muc_domain: str | None = None,
                 verify_tls: bool = True, direct_tls: bool = False,
                 resource: str = "ginrummy", record_stanzas: bool = False,
                 auto_reconnect: bool = True, stream_resumption: bool = True) -> None:
        bare = JID(jid)
        if not protocol.USERNAME_PATTERN.match(bare.user or ""):
            raise ValueError("a username is 1-20 letters, digits, dots, dashes or underscores")
        self.jid = JID(f"{bare.bare}/{resource}")
        self.password = password
        self.host, self.port = host or bare.domain, port
        self.referee = referee or f"referee.{bare.domain}"
        self.muc_domain = muc_domain or f"conference.{bare.domain}"
        self.verify_tls = verify_tls
        self.direct_tls = direct_tls  # True: TLS from the first byte (port 5223), else STARTTLS
        self.auto_reconnect = auto_reconnect
        self.stream_resumption = stream_resumption
        self.reconnect_delay = 0.5
        self.last_seq: dict[str, int] = {}
        self.states: dict[str, dict] = {}
        self.playing = False
        self._callbacks: dict[str, list[Callable]] = defaultdict(list)
        self._xmpp: _Connection | None = None
        self._session: asyncio.Future | None = None
        self._sign_in_problem: str | None = None
        self._closing = False
        self._lobby_nicks: dict[str, str] = {}
        self._watching: set[str | None] = set()  # games whose open tables the referee pushes
        self._blocked: set[str] = set()  # bare JIDs on this account's block list
        #: Every stanza received, as XML text, when ``record_stanzas`` (tests, debugging).
        self.received: list[str] | None = [] if record_stanzas else None

    # ------------------------------------------------------------------ callbacks
    def on(self, event: str, callback: Callable[[Any], Any]) -> None:
        self._callbacks[event].append(callback)

    def _emit(self, event: str, payload: Any = None) -> None:
        for callback in list(self._callbacks.get(event, ())):
            try:
                result = callback(payload)
                if inspect.isawaitable(result):
                    asyncio.ensure_future(result)
            except Exception:  # noqa: BLE001 - one broken callback must not stop the client
                log.exception("callback for %s failed", event)

    # ------------------------------------------------------------------ connecting
    @property
    def username(self) -> str:
        return str(self.jid.user)

    @property
    def connected(self) -> bool:
        return self._xmpp is not None and self._xmpp.is_connected()

    async def sign_up(self, timeout: float = 30.0) -> None:
        """Create the account (XEP-0077 in-band registration) and sign in."""
        if protocol.reserved_name(self.username):
            raise SignInError(f"the name {self.username!r} is reserved for the game service")
        await self._connect(register=True, timeout=timeout)

    async def sign_in(self, timeout: float = 30.0) -> None:
        """Sign in over TLS (SCRAM); raises ``SignInError`` with the reason on failure."""
        await self._connect(register=False, timeout=timeout)

    async def _connect(self, register: bool, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        self._closing = False
        self._sign_in_problem = None
        xmpp = _Connection(str(self.jid), self.password, self, register)
        xmpp.plugin["xep_0198"].allow_resume = self.stream_resumption
        xmpp.enable_direct_tls = self.direct_tls
        xmpp.enable_starttls = not self.direct_tls
        if not self.verify_tls:  # loopback test servers with a self-signed certificate only
            xmpp.ssl_context.check_hostname = False
            xmpp.ssl_context.verify_mode = ssl.CERT_NONE
        self._session = loop.create_future()
        xmpp.add_event_handler("session_start", self._on_session_start)
        xmpp.add_event_handler("session_resumed", self._on_resumed)
        xmpp.add_event_handler("failed_auth", self._on_failed_auth)
        xmpp.add_event_handler("connection_failed", self._on_connection_failed)
        xmpp.add_event_handler("disconnected", self._on_disconnected)
        xmpp.add_event_handler("groupchat_message", self._on_groupchat)
        xmpp.add_event_handler("message", self._on_message)
        xmpp.add_event_handler("presence_available", self._on_presence)
        xmpp.add_event_handler("presence_unavailable", self._on_presence)
        xmpp.add_event_handler("presence_subscribe", self._on_subscribe)
        xmpp.auto_authorize = None  # friend requests are the player's decision
        xmpp.auto_subscribe = False
        if self.received is not None:
            xmpp.add_filter("in", self._record_stanza)
        self._xmpp = xmpp
        xmpp.connect(self.host, self.port)
        try:
            await asyncio.wait_for(asyncio.shield(self._session), timeout)
        except TimeoutError:
            xmpp.disconnect()
            raise SignInError(self._sign_in_problem or "the server did not answer in time") \
                from None

    def _record_stanza(self, stanza: Any) -> Any:
        assert self.received is not None
        self.received.append(str(stanza))
        return stanza

    def _fail(self, reason: str) -> None:
        if self._session is not None and not self._session.done():
            self._session.set_exception(SignInError(reason))

    def _on_failed_auth(self, _event: Any) -> None:
        self._closing = True
        self._fail(self._sign_in_problem or "wrong username or password")
        if self._xmpp is not None:
            self._xmpp.disconnect()

    def _on_connection_failed(self, error: Any) -> None:
        self._closing = True
        self._fail(f"cannot reach the server at {self.host}:{self.port}: {error}")
        if self._xmpp is not None:
            self._xmpp.abort()

    async def _on_session_start(self, _event: Any) -> None:
        assert self._xmpp is not None
        if "xep_0077" in self._xmpp.plugin:  # signed up: a reconnect only signs in
            self._xmpp.plugin["xep_0077"].force_registration = False
            self._xmpp.plugin["xep_0077"].create_account = False
        self._xmpp.send_presence(pstatus="playing" if self.playing else "")
        self._xmpp.send_presence(pto=self.referee)  # the referee learns when we go away
        try:
            await self._xmpp.get_roster()
        except (IqError, IqTimeout):
            log.warning("roster not available")
        if self._session is not None and not self._session.done():
            self._session.set_result(None)
        self._emit("connected")
        asyncio.ensure_future(self._tell_referee_blocks(refresh=True))
        if self.last_seq:
            await self.resync_all()
        if self._watching:
            await self._watch_again()

    async def _on_resumed(self, _event: Any) -> None:
        self._emit("resumed")
        # The server replays what it had not delivered; a resync also covers requests whose
        # replies were lost with the old socket.
        if self.last_seq:
            try:
                await self.resync_all()
            except RequestRefused as error:
                log.warning("resync after resuming failed: %s", error.reason)

    def _on_disconnected(self, _event: Any) -> None:
        if self._sign_in_problem:
            self._fail(self._sign_in_problem)
        self._emit("disconnected")
        had_session = self._session is not None and self._session.done() \
            and self._session.exception() is None
        if self.auto_reconnect and not self._closing and had_session:
            asyncio.ensure_future(self._reconnect_soon())

    async def _reconnect_soon(self) -> None:
        """Dial again: the server resumes the stream (XEP-0198) if it kept it, else a fresh
        session starts and ``_on_session_start`` resyncs every table."""
        delay = self.reconnect_delay
        while not self._closing and self._xmpp is not None and not self._xmpp.is_connected():
            await asyncio.sleep(delay)
            if self._closing:
                return
            self._xmpp.connect(self.host, self.port)
            for _ in range(100):  # up to 10 s for this attempt
                await asyncio.sleep(0.1)
                if self._closing or self._xmpp.is_connected():
                    return
            delay = min(delay * 2, 10.0)

    async def disconnect(self) -> None:
        """Sign out (the stream is closed, not kept for resumption)."""
        self._closing = True
        if self._xmpp is not None:
            self._xmpp.disconnect(wait=2.0)
            await asyncio.sleep(0)

    # ------------------------------------------------------------------ referee requests
    async def request(self, kind: str, **data: Any) -> dict[str, Any]:
        """Send one request to the referee; its reply, or ``RequestRefused`` with the reason."""
        assert self._xmpp is not None, "sign in first"
        iq = self._xmpp.Iq()
        iq["type"] = "set"
        iq["to"] = self.referee
        try:  # what the referee would refuse is refused here, with the same reason
            protocol.check_payload(kind, data, protocol.REQUESTS)
            protocol.fill(iq["game"], kind, data, protocol.MAX_REQUEST_BYTES)
        except protocol.ProtocolError as error:
            raise RequestRefused(str(error)) from None
        try:
            reply = await iq.send(timeout=REQUEST_TIMEOUT)
        except IqError as error:
            reason = error.iq["error"]["text"] or error.iq["error"]["condition"]
            self._emit("refused", {"request": kind, "reason": reason})
            raise RequestRefused(reason) from None
        except IqTimeout:
            raise RequestRefused("the referee did not answer") from None
        text = reply["game"].xml.text or "{}"
        result = json.loads(text)
        return result if isinstance(result, dict) else {}

    async def create_table(self, game: str, *, preset: str | None = None,
                           target: int | None = None, rated: bool = True,
                           clock: int | None = None, invite: str | None = None) -> str:
        options: dict[str, Any] = {"game": game, "rated": rated}
        for key, value in (("preset", preset), ("target", target), ("clock", clock),
                           ("invite", invite)):
            if value is not None:
                options[key] = value
        reply = await self.request("create", **options)
        return str(reply["table"])

    async def join_table(self, table: str) -> None:
        await self.request("join", table=table)

    async def leave_table(self, table: str) -> None:
        await self.request("leave", table=table)

    async def move(self, table: str, action: dict[str, Any], seq: int | None = None) -> int:
        """Play ``action`` (JSON form, see codec) at the table's current version."""
        version = self.last_seq.get(table, 0) if seq is None else seq
        reply = await self.request("move", table=table, seq=version, action=action)
        return int(reply["seq"])

    async def resync(self, table: str) -> None:
        await self.request("resync", table=table, since=self.last_seq.get(table, 0))

    async def resync_all(self) -> None:
        reply = await self.request("mytables")
        for entry in reply.get("tables", []):
            if entry["status"] == "playing":
                await self.resync(entry["table"])

    async def claim_win(self, table: str) -> None:
        await self.request("claim", table=table)

    async def resign(self, table: str) -> None:
        """Give the match up (the opponent wins; refused when not seated or the match is over)."""
        await self.request("resign", table=table)

    async def open_tables(self, game: str | None = None) -> list[dict]:
        """The open tables now; from then on a ``tables`` event whenever they change."""
        reply = await self.request("tables", **({"game": game} if game else {}))
        self._watching.add(game)
        return list(reply["tables"])

    async def _watch_again(self) -> None:
        """A fresh session: ask again for the lists watched before (the referee forgets an
        account's watch when its last session ends)."""
        for game in sorted(self._watching, key=str):
            try:
                tables = await self.open_tables(game)
            except RequestRefused as error:
                log.warning("the open tables are not available: %s", error.reason)
                continue
            for one in (game,) if game else protocol.GAMES:
                self._emit("tables", {"game": one,
                                      "tables": [t for t in tables if t["game"] == one]})

    async def quick_match(self, game: str, *, cancel: bool = False,
                          computer: bool = False) -> dict:
        return await self.request("quick", game=game, cancel=cancel, computer=computer)

    async def profile(self, user: str | None = None, display: str | None = None) -> dict:
        data: dict[str, Any] = {}
        if user:
            data["user"] = user
        if display:
            data["display"] = display
        return await self.request("profile", **data)

    async def leaderboard(self, game: str) -> dict:
        return await self.request("leaderboard", game=game)

    async def rating_history(self, game: str, user: str | None = None) -> list[dict]:
        reply = await self.request("history", game=game, **({"user": user} if user else {}))
        return list(reply["history"])

    async def records(self, table: str) -> list[dict]:
        """Every finished hand's record of a table (fetched a page at a time)."""
        records: list[dict] = []
        while True:
            reply = await self.request("records", table=table, start=len(records))
            records += reply["records"]
            if not reply.get("more"):
                return records

    # ------------------------------------------------------------------ pushed events
    def _on_game_message(self, message: StanzaBase) -> None:
        if not isinstance(message, Message):  # the handler's path matches only messages
            return
        if message["from"].bare != self.referee or message["type"] == "groupchat":
            # Only the referee's own JID speaks for the tables; a room occupant (even one
            # holding the nick "referee") never does.
            log.warning("ignored a game payload from %s", message["from"])
            return
        try:
            kind, data = protocol.decode(message["game"], protocol.EVENTS,
                                         protocol.MAX_EVENT_BYTES)
        except protocol.ProtocolError as error:
            log.warning("ignored a bad event: %s", error)
            return
        if kind == "invite" and f"{data['from']}@{self.jid.domain}" in self._blocked:
            return  # the referee drops these too; an old list there must not let one through
        table = data.get("table")
        if table is not None and "seq" in data:
            if data["seq"] < self.last_seq.get(table, 0) and kind == "state":
                return  # an older state than the one already shown
            self.last_seq[table] = max(self.last_seq.get(table, 0), data["seq"])
        if kind == "state":
            self.states[data["table"]] = data  # the schema requires a state's table
        self._emit(kind, data)

    def _on_message(self, message: Message) -> None:
        if message["type"] not in ("chat", "normal") or not message["body"]:
            return
        self._emit("private", {"from": message["from"].bare, "text": message["body"],
                               "delayed": bool(message["delay"]["stamp"])})

    def _on_groupchat(self, message: Message) -> None:
        if not message["body"]:
            return
        game = message["from"].user
        self._emit("chat", {"game": game, "nick": message["from"].resource,
                            "text": message["body"]})

    def _on_presence(self, presence: Any) -> None:
        sender = presence["from"]
        if sender.bare in (self.jid.bare, self.referee) or sender.domain == self.muc_domain:
            return
        self._emit("presence", {"from": sender.bare,
                                "available": presence["type"] != "unavailable",
                                "status": presence["status"]})

    def _on_subscribe(self, presence: Any) -> None:
        self._emit("subscribe", {"from": presence["from"].bare})

    # ------------------------------------------------------------------ friends
    def _x(self) -> _Connection:
        assert self._xmpp is not None, "sign in first"
        return self._xmpp

    def add_friend(self, jid: str) -> None:
        """Ask ``jid`` to be friends (presence subscription; they see ``subscribe``)."""
        self._x().send_presence(pto=jid, ptype="subscribe")

    def approve_friend(self, jid: str) -> None:
        """Accept a friend request, and subscribe back so it goes both ways."""
        self._x().send_presence(pto=jid, ptype="subscribed")
        self._x().send_presence(pto=jid, ptype="subscribe")

    def decline_friend(self, jid: str) -> None:
        """Turn a friend request down (the asker's subscription is refused)."""
        self._x().send_presence(pto=jid, ptype="unsubscribed")

    def remove_friend(self, jid: str) -> None:
        self._x().del_roster_item(jid)

    def friends(self) -> dict[str, dict]:
        """Friends with a subscription both ways: jid -> {"available", "status"}."""
        roster = self._x().client_roster
        result = {}
        for jid in roster:
            item = roster[jid]
            if item["subscription"] != "both":
                continue
            resources = item.resources
            status = next((r.get("status", "") for r in resources.values()), "")
            result[jid] = {"available": bool(resources), "status": status}
        return result

    def set_playing(self, playing: bool) -> None:
        """Presence status ``playing`` (friends see it) or back to plain online."""
        self.playing = playing
        self._x().send_presence(pstatus="playing" if playing else "")

    async def invite(self, friend: str, table: str) -> None:
        """Invite a friend to your open table (the referee sends them an ``invite`` event)."""
        await self.request("invite", table=table, user=friend)

    async def block(self, jid: str) -> None:
        await self._x().plugin["xep_0191"].block([JID(jid)])
        self._blocked.add(JID(jid).bare)
        await self._tell_referee_blocks()

    async def unblock(self, jid: str) -> None:
        await self._x().plugin["xep_0191"].unblock([JID(jid)])
        self._blocked.discard(JID(jid).bare)
        await self._tell_referee_blocks()

    async def _tell_referee_blocks(self, refresh: bool = False) -> None:
        """The referee sends invitations from its own JID, which the XMPP block list does not
        stop: it is told whom this account blocks (at each sign-in and each change)."""
        try:
            if refresh:
                self._blocked = await self.blocked()
            domain = self.jid.domain
            names = sorted(JID(jid).user for jid in self._blocked
                           if JID(jid).domain == domain and
                           protocol.USERNAME_PATTERN.match(JID(jid).user or ""))
            await self.request("blocklist", users=names[:protocol.MAX_BLOCKED])
        except Exception as error:  # noqa: BLE001 - runs in the background: log, never raise
            log.warning("could not pass the block list to the referee: %s", error)

    async def blocked(self) -> set[str]:
        reply = await self._x().plugin["xep_0191"].get_blocked()
        items = reply["blocklist"]["items"]
        return {str(JID(item.get("jid") if hasattr(item, "get") else item)) for item in items}

    # ------------------------------------------------------------------ messages
    def send_private(self, jid: str, text: str) -> None:
        """Send ``text`` (a long one in several messages: see ``protocol.chat_pieces``)."""
        for piece in protocol.chat_pieces(text):
            self._x().send_message(mto=JID(jid), mbody=piece, mtype="chat")

    async def message_history(self, jid: str, limit: int = 50) -> list[dict]:
        """The archive (XEP-0313) of messages with ``jid``, oldest first."""
        results = []
        archive = self._x().plugin["xep_0313"]
        async for result in archive.iterate(with_jid=JID(jid), total=limit):
            message = result["mam_result"]["forwarded"]["stanza"]
            if message["body"]:
                results.append({"from": message["from"].bare, "to": message["to"].bare,
                                "text": message["body"]})
        return results

    # ------------------------------------------------------------------ lobby
    async def join_lobby(self, game: str, nick: str | None = None) -> None:
        nick = nick or self.username
        room = f"{game}@{self.muc_domain}"
        await self._x().plugin["xep_0045"].join_muc_wait(JID(room), nick, maxstanzas=0, timeout=15)
        self._lobby_nicks[game] = nick

    def leave_lobby(self, game: str) -> None:
        nick = self._lobby_nicks.pop(game, None)
        if nick:
            self._x().plugin["xep_0045"].leave_muc(JID(f"{game}@{self.muc_domain}"), nick)

    def lobby_players(self, game: str) -> list[str]:
        """The nicks in the game's lobby room now (the referee's own occupant left out)."""
        if game not in self._lobby_nicks:
            return []
        room = JID(f"{game}@{self.muc_domain}")
        return [nick for nick in self._x().plugin["xep_0045"].get_roster(room)
                if nick != "referee"]

    def say(self, game: str, text: str) -> None:
        for piece in protocol.chat_pieces(text):
            self._x().send_message(mto=JID(f"{game}@{self.muc_domain}"), mbody=piece,
                                   mtype="groupchat")
