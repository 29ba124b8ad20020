"""A lean XMPP client for the load generator only (``benchmarks/online_load.py --client lean``).

The app's ``OnlineClient`` (slixmpp) costs about 7 MB and a few ms of CPU per move per client in
Python: a thousand of them on the same two cores as ejabberd and the referee measured the load
generator more than the service. A load generator must cost far less than what it measures
(Tsung-style), so this one speaks the same XMPP as the app on the wire, with as little as it can:

- asyncio streams and ``ssl``; STARTTLS as the app does it (ejabberd's TLS cost stays measured);
- an incremental parser (``xml.etree.ElementTree.XMLPullParser``, expat), one stanza at a time;
- in-band registration (XEP-0077: the form asked for, then filled), SASL SCRAM-SHA-1 (hashlib),
  resource bind, session when the server asks for it, stream management (XEP-0198: enabled with
  resumption, acks answered, one asked for every five stanzas sent, as slixmpp does);
- presence (to everyone and to the referee), the roster, the block list passed to the referee;
- the lobby room (MUC join without history), private chat messages;
- the referee protocol exactly as ``ginrummy_desktop/online/client.py`` speaks it: requests
  checked and encoded by ``online/protocol.py`` (``check_payload``, ``encode``), events decoded
  by ``protocol.decode``, refusals raised as the app's ``RequestRefused`` with the same reasons;
- pings (urn:xmpp:ping) answered, any other query refused as service-unavailable, and a
  whitespace keepalive every 5 minutes (slixmpp's default), so ejabberd keeps the stream.

It offers the part of ``OnlineClient`` that ``BotPlayer`` and ``paced_worker`` use (``on``,
``username``, ``states``, ``last_seq``, ``move``, ``resync``, ``request``, ``create_table``,
``join_table``, ``open_tables``, ``join_lobby``, ``send_private``, ``sign_up``, ``sign_in``,
``disconnect``), so ``BotPlayer`` drives it unchanged. No reconnects: a load run counts a dropped
stream as a failure. Benchmark code, not shipped.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import inspect
import itertools
import json
import logging
import secrets
import ssl
import xml.etree.ElementTree as ET
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ginrummy_desktop.online import protocol
from ginrummy_desktop.online.client import REQUEST_TIMEOUT, RequestRefused, SignInError

log = logging.getLogger("ginrummy.lean_xmpp")

STREAMS = "http://etherx.jabber.org/streams"
TLS = "urn:ietf:params:xml:ns:xmpp-tls"
SASL = "urn:ietf:params:xml:ns:xmpp-sasl"
BIND = "urn:ietf:params:xml:ns:xmpp-bind"
SESSION = "urn:ietf:params:xml:ns:xmpp-session"
STANZAS = "urn:ietf:params:xml:ns:xmpp-stanzas"
SM = "urn:xmpp:sm:3"
PING = "urn:xmpp:ping"
REGISTER = "jabber:iq:register"
MUC = "http://jabber.org/protocol/muc"
MUC_USER = "http://jabber.org/protocol/muc#user"
GAME = f"{{{protocol.NAMESPACE}}}game"
KEEPALIVE = 300.0  # seconds between whitespace keepalives (slixmpp's default)
SM_WINDOW = 5  # stanzas sent between ack requests (slixmpp's default)
_ids = itertools.count(1)
#: Events from the referee that broke the protocol's schema (ignored, as the app ignores them):
#: reason -> how many, over every client of this process.
BAD_EVENTS: dict[str, int] = {}


class _Payload:
    """What ``protocol.decode`` reads of a ``<game/>`` element: its type and its XML."""

    __slots__ = ("xml",)

    def __init__(self, element: ET.Element) -> None:
        self.xml = element

    def __getitem__(self, key: str) -> str:
        return self.xml.get(key, "")


_contexts: dict[bool, ssl.SSLContext] = {}


def _tls_context(verify: bool) -> ssl.SSLContext:
    """One TLS context per process (each holds the system's CA certificates: some 100s of KB),
    shared by every client; unverified only for loopback servers with a self-signed one."""
    if verify not in _contexts:
        context = ssl.create_default_context()
        if not verify:
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        _contexts[verify] = context
    return _contexts[verify]


def _bare(jid: str) -> str:
    return jid.split("/", 1)[0]


def _scram_sha1(user: str, password: str) -> tuple[str, Callable[[bytes], bytes],
                                                     Callable[[bytes], bool]]:
    """SCRAM-SHA-1 (RFC 5802) without channel binding: (first message, answer to the
    server's challenge, check of the server's final signature)."""
    nonce = base64.b64encode(secrets.token_bytes(18)).decode()
    first_bare = f"n={user},r={nonce}"
    state: dict[str, bytes] = {}

    def answer(challenge: bytes) -> bytes:
        fields = dict(part.split("=", 1) for part in challenge.decode().split(","))
        if not fields["r"].startswith(nonce):
            raise SignInError("SCRAM: the server's nonce does not extend ours")
        salted = hashlib.pbkdf2_hmac("sha1", password.encode(), base64.b64decode(fields["s"]),
                                     int(fields["i"]))
        client_key = hmac.digest(salted, b"Client Key", "sha1")
        without_proof = f"c=biws,r={fields['r']}"
        auth_message = f"{first_bare},{challenge.decode()},{without_proof}".encode()
        signature = hmac.digest(hashlib.sha1(client_key).digest(), auth_message, "sha1")
        proof = bytes(a ^ b for a, b in zip(client_key, signature, strict=True))
        server_key = hmac.digest(salted, b"Server Key", "sha1")
        state["server"] = hmac.digest(server_key, auth_message, "sha1")
        return f"{without_proof},p={base64.b64encode(proof).decode()}".encode()

    def verify(final: bytes) -> bool:
        fields = dict(part.split("=", 1) for part in final.decode().split(",") if "=" in part)
        return base64.b64decode(fields.get("v", "")) == state.get("server")

    return "n,," + first_bare, answer, verify


class LeanClient:
    """One account's connection, as cheap as it can be; see the module docstring."""

    def __init__(self, jid: str, password: str, *, host: str, port: int = 5222,
                 referee: str | None = None, muc_domain: str | None = None,
                 verify_tls: bool = True, resource: str = "ginrummy") -> None:
        user, _, domain = _bare(jid).partition("@")
        if not protocol.USERNAME_PATTERN.match(user):
            raise ValueError("a username is 1-20 letters, digits, dots, dashes or underscores")
        self._user, self.domain, self.resource = user, domain, resource
        self.password = password
        self.host, self.port = host, port
        self.referee = referee or f"referee.{domain}"
        self.muc_domain = muc_domain or f"conference.{domain}"
        self.full_jid = f"{user}@{domain}/{resource}"
        self.ssl_context = _tls_context(verify_tls)
        self.last_seq: dict[str, int] = {}
        self.states: dict[str, dict] = {}
        self._callbacks: dict[str, list[Callable]] = defaultdict(list)
        self._pending: dict[str, asyncio.Future] = {}
        self._joining: dict[str, asyncio.Future] = {}  # room JID -> future of our own presence
        self._lobby_nicks: dict[str, str] = {}
        self._watching: set[str | None] = set()
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._parser: ET.XMLPullParser | None = None
        self._root: ET.Element | None = None
        self._depth = 0
        self._ready: deque[ET.Element] = deque()
        self._task: asyncio.Task | None = None
        self._keepalive: asyncio.TimerHandle | None = None
        self._sm_enabled = False
        self._sm_handled = 0  # inbound stanzas handled (XEP-0198's h)
        self._sm_sent = 0
        self._closing = False

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

    @property
    def username(self) -> str:
        return self._user

    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._writer.is_closing()

    # ------------------------------------------------------------------ the wire
    def _send(self, text: str) -> None:
        assert self._writer is not None, "sign in first"
        self._writer.write(text.encode())

    def _send_stanza(self, text: str) -> None:
        """A stanza (counted for stream management: an ack asked for every few)."""
        if self._sm_enabled:
            self._sm_sent += 1
            if self._sm_sent % SM_WINDOW == 0:
                text += f"<r xmlns='{SM}'/>"
        self._send(text)

    def _open_stream(self) -> None:
        self._parser = ET.XMLPullParser(events=("start", "end"))
        self._root, self._depth = None, 0
        self._ready.clear()
        self._send(f"<?xml version='1.0'?><stream:stream to={quoteattr(self.domain)} "
                   f"version='1.0' xml:lang='en' xmlns='jabber:client' "
                   f"xmlns:stream='{STREAMS}'>")

    def _feed(self, data: bytes) -> None:
        """Parse what arrived; every complete top-level element goes to ``_ready``."""
        assert self._parser is not None
        self._parser.feed(data)
        for event, element in self._parser.read_events():
            if event == "start":
                if self._depth == 0:
                    self._root = element
                self._depth += 1
            else:
                self._depth -= 1
                if self._depth == 1:
                    self._ready.append(element)
                    assert self._root is not None
                    self._root.remove(element)  # nothing kept once handled
                elif self._depth == 0:
                    raise ConnectionError("the server closed the stream")

    async def _next(self) -> ET.Element:
        """The next top-level element, during negotiation (before the reader task runs)."""
        assert self._reader is not None
        while not self._ready:
            data = await self._reader.read(65536)
            if not data:
                raise ConnectionError("the server closed the connection")
            self._feed(data)
        element = self._ready.popleft()
        if element.tag == f"{{{STREAMS}}}error":
            condition = next((child.tag.split("}")[-1] for child in element), "error")
            raise SignInError(f"stream error: {condition}")
        return element

    async def _iq_now(self, kind: str, body: str, to: str | None = None) -> ET.Element:
        """An IQ during negotiation; its reply (an error reply raises ``SignInError``)."""
        ident = f"n{next(_ids)}"
        target = f" to={quoteattr(to)}" if to else ""
        self._send(f"<iq type='{kind}' id='{ident}'{target}>{body}</iq>")
        while True:
            element = await self._next()
            if element.tag == "{jabber:client}iq" and element.get("id") == ident:
                if element.get("type") == "error":
                    raise SignInError(_error_text(element))
                return element

    # ------------------------------------------------------------------ connecting
    async def sign_up(self, timeout: float = 30.0) -> None:
        """Create the account (XEP-0077 in-band registration) and sign in."""
        if protocol.reserved_name(self.username):
            raise SignInError(f"the name {self.username!r} is reserved for the game service")
        await self._connect(register=True, timeout=timeout)

    async def sign_in(self, timeout: float = 30.0) -> None:
        await self._connect(register=False, timeout=timeout)

    async def _connect(self, register: bool, timeout: float) -> None:
        self._closing = False
        try:
            await asyncio.wait_for(self._negotiate(register), timeout)
        except TimeoutError:
            self._abort()
            raise SignInError("the server did not answer in time") from None
        except (OSError, ConnectionError, ET.ParseError, ssl.SSLError) as error:
            self._abort()
            raise SignInError(f"cannot sign in at {self.host}:{self.port}: {error}") from None
        except SignInError:
            self._abort()
            raise
        self._task = asyncio.ensure_future(self._read_forever())
        self._arm_keepalive()
        # What the app's client does once its session starts (OnlineClient._on_session_start).
        self._send_stanza("<presence/>")
        self._send_stanza(f"<presence to={quoteattr(self.referee)}/>")
        try:
            await self._iq("get", "<query xmlns='jabber:iq:roster' ver=''/>")
        except RequestRefused:
            log.warning("roster not available")
        self._emit("connected")
        asyncio.ensure_future(self._tell_referee_blocks())

    async def _negotiate(self, register: bool) -> None:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        self._open_stream()
        features = await self._next()
        if features.find(f"{{{TLS}}}starttls") is None:
            raise SignInError("the server offers no STARTTLS")
        self._send(f"<starttls xmlns='{TLS}'/>")
        if (await self._next()).tag != f"{{{TLS}}}proceed":
            raise SignInError("STARTTLS refused")
        await self._writer.start_tls(self.ssl_context, server_hostname=self.domain)
        self._open_stream()
        features = await self._next()
        if register:
            await self._iq_now("get", f"<query xmlns='{REGISTER}'/>")
            try:
                await self._iq_now("set", f"<query xmlns='{REGISTER}'><username>"
                                   f"{escape(self._user)}</username><password>"
                                   f"{escape(self.password)}</password></query>")
            except SignInError as error:
                raise SignInError(f"sign-up refused: {error}") from None
        mechanisms = {m.text for m in features.iter(f"{{{SASL}}}mechanism")}
        if "SCRAM-SHA-1" not in mechanisms:
            raise SignInError(f"the server offers no SCRAM-SHA-1 ({sorted(mechanisms)})")
        first, answer, verify = _scram_sha1(self._user, self.password)
        self._send(f"<auth xmlns='{SASL}' mechanism='SCRAM-SHA-1'>"
                   f"{base64.b64encode(first.encode()).decode()}</auth>")
        reply = await self._next()
        if reply.tag != f"{{{SASL}}}challenge":
            raise SignInError("wrong username or password")
        response = base64.b64encode(answer(base64.b64decode(reply.text or ""))).decode()
        self._send(f"<response xmlns='{SASL}'>{response}</response>")
        reply = await self._next()
        if reply.tag != f"{{{SASL}}}success":
            raise SignInError("wrong username or password")
        if not verify(base64.b64decode(reply.text or "")):
            raise SignInError("SCRAM: the server's signature does not match")
        self._open_stream()
        features = await self._next()
        bound = await self._iq_now("set", f"<bind xmlns='{BIND}'><resource>"
                                   f"{escape(self.resource)}</resource></bind>")
        jid = bound.find(f"{{{BIND}}}bind/{{{BIND}}}jid")
        if jid is not None and jid.text:
            self.full_jid = jid.text
        session = features.find(f"{{{SESSION}}}session")
        if session is not None and session.find(f"{{{SESSION}}}optional") is None:
            await self._iq_now("set", f"<session xmlns='{SESSION}'/>")
        if features.find(f"{{{SM}}}sm") is not None:
            self._send(f"<enable xmlns='{SM}' resume='true'/>")
            early: list[ET.Element] = []  # stanzas before the answer: handled after it
            while (element := await self._next()).tag not in (f"{{{SM}}}enabled",
                                                              f"{{{SM}}}failed"):
                early.append(element)
            self._sm_enabled = element.tag == f"{{{SM}}}enabled"
            self._ready.extendleft(reversed(early))
            self._sm_handled = -len(early)  # those came before the count started

    def _arm_keepalive(self) -> None:
        def beat() -> None:
            if self.connected:
                self._send(" ")
                self._arm_keepalive()

        self._keepalive = asyncio.get_running_loop().call_later(KEEPALIVE, beat)

    def _abort(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._writer = None

    async def disconnect(self) -> None:
        """Sign out: unavailable presence and the stream closed (not kept for resumption)."""
        self._closing = True
        if self._keepalive is not None:
            self._keepalive.cancel()
        if self._writer is None:
            return
        writer = self._writer
        try:
            if self._sm_enabled:  # acknowledge everything first, as slixmpp does
                self._send(f"<a xmlns='{SM}' h='{self._sm_handled % 2**32}'/>")
            self._send("<presence type='unavailable'/></stream:stream>")
            if self._task is not None:
                await asyncio.wait_for(asyncio.shield(self._task), 2.0)
        except (TimeoutError, OSError, ConnectionError):
            pass
        finally:
            writer.close()
            self._writer = None
            if self._task is not None:
                self._task.cancel()

    # ------------------------------------------------------------------ reading
    async def _read_forever(self) -> None:
        assert self._reader is not None
        try:
            while self._ready:
                self._handle(self._ready.popleft())
            while True:
                data = await self._reader.read(65536)
                if not data:
                    break
                self._feed(data)
                while self._ready:
                    self._handle(self._ready.popleft())
        except (OSError, ConnectionError, ET.ParseError) as error:
            if not self._closing:
                log.warning("%s: stream lost: %s", self._user, error)
        finally:
            for future in list(self._pending.values()) + list(self._joining.values()):
                if not future.done():
                    future.set_exception(ConnectionError("disconnected"))
            self._emit("disconnected")

    def _handle(self, element: ET.Element) -> None:
        tag = element.tag
        if tag == "{jabber:client}message":
            self._sm_handled += 1
            self._on_message(element)
        elif tag == "{jabber:client}presence":
            self._sm_handled += 1
            self._on_presence(element)
        elif tag == "{jabber:client}iq":
            self._sm_handled += 1
            self._on_iq(element)
        elif tag == f"{{{SM}}}r":
            self._send(f"<a xmlns='{SM}' h='{self._sm_handled % 2**32}'/>")
        elif tag == f"{{{STREAMS}}}error":
            log.warning("%s: stream error %s", self._user,
                        [child.tag for child in element])

    def _on_iq(self, iq: ET.Element) -> None:
        kind, ident = iq.get("type"), iq.get("id", "")
        if kind in ("result", "error"):
            future = self._pending.pop(ident, None)
            if future is not None and not future.done():
                future.set_result(iq)
            return
        sender = iq.get("from", self.domain)
        if kind == "get" and iq.find(f"{{{PING}}}ping") is not None:
            self._send_stanza(f"<iq type='result' id={quoteattr(ident)} to={quoteattr(sender)}/>")
            return
        if kind in ("get", "set"):
            self._send_stanza(
                f"<iq type='error' id={quoteattr(ident)} to={quoteattr(sender)}>"
                f"<error type='cancel'><service-unavailable xmlns='{STANZAS}'/></error></iq>")

    def _on_message(self, message: ET.Element) -> None:
        kind = message.get("type", "normal")
        sender = message.get("from", "")
        game = message.find(GAME)
        if game is not None:
            if _bare(sender) != self.referee or kind == "groupchat":
                log.warning("ignored a game payload from %s", sender)
                return
            try:
                event, data = protocol.decode(_Payload(game), protocol.EVENTS,  # type: ignore[arg-type]
                                              protocol.MAX_EVENT_BYTES)
            except protocol.ProtocolError as error:
                if not BAD_EVENTS:  # the first one is told; the rest only counted
                    log.warning("ignored a bad event: %s", error)
                BAD_EVENTS[str(error)] = BAD_EVENTS.get(str(error), 0) + 1
                return
            table = data.get("table")
            if table is not None and "seq" in data:
                if data["seq"] < self.last_seq.get(table, 0) and event == "state":
                    return  # an older state than the one already shown
                self.last_seq[table] = max(self.last_seq.get(table, 0), data["seq"])
            if event == "state":
                self.states[data["table"]] = data
            self._emit(event, data)
            return
        body = message.findtext("{jabber:client}body")
        if not body:
            return
        if kind in ("chat", "normal"):
            delayed = message.find("{urn:xmpp:delay}delay") is not None
            self._emit("private", {"from": _bare(sender), "text": body, "delayed": delayed})
        elif kind == "groupchat":
            room, _, nick = sender.partition("/")
            self._emit("chat", {"game": room.split("@")[0], "nick": nick, "text": body})

    def _on_presence(self, presence: ET.Element) -> None:
        sender = presence.get("from", "")
        room = _bare(sender)
        future = self._joining.get(room)
        if future is None or future.done():
            return
        if presence.get("type") == "error":
            future.set_exception(RequestRefused(_error_text(presence)))
            return
        codes = {status.get("code") for status in
                 presence.iter(f"{{{MUC_USER}}}status")}
        if "110" in codes:  # our own presence in the room: joined
            future.set_result(None)

    # ------------------------------------------------------------------ referee requests
    async def _iq(self, kind: str, body: str, to: str | None = None,
                  timeout: float = REQUEST_TIMEOUT) -> ET.Element:
        ident = f"q{next(_ids)}"
        future = asyncio.get_running_loop().create_future()
        self._pending[ident] = future
        target = f" to={quoteattr(to)}" if to else ""
        self._send_stanza(f"<iq type='{kind}' id='{ident}'{target}>{body}</iq>")
        try:
            reply = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise RequestRefused("the referee did not answer") from None
        except ConnectionError:
            raise RequestRefused("the referee did not answer") from None
        finally:
            self._pending.pop(ident, None)
        if reply.get("type") == "error":
            raise RequestRefused(_error_text(reply))
        return reply

    async def request(self, kind: str, **data: Any) -> dict[str, Any]:
        """Send one request to the referee; its reply, or ``RequestRefused`` with the reason."""
        try:  # what the referee would refuse is refused here, with the same reason
            protocol.check_payload(kind, data, protocol.REQUESTS)
            text = protocol.encode(data, protocol.MAX_REQUEST_BYTES)
        except protocol.ProtocolError as error:
            raise RequestRefused(str(error)) from None
        body = f"<game xmlns='{protocol.NAMESPACE}' type={quoteattr(kind)}>{escape(text)}</game>"
        try:
            reply = await self._iq("set", body, to=self.referee)
        except RequestRefused as error:
            if error.reason != "the referee did not answer":
                self._emit("refused", {"request": kind, "reason": error.reason})
            raise
        game = reply.find(GAME)
        result = json.loads((game.text if game is not None else None) or "{}")
        return result if isinstance(result, dict) else {}

    async def _tell_referee_blocks(self) -> None:
        """As the app does at each sign-in: the block list fetched, then passed to the referee."""
        try:
            await self._iq("get", "<blocklist xmlns='urn:xmpp:blocking'/>")
            await self.request("blocklist", users=[])
        except Exception as error:  # noqa: BLE001 - runs in the background: log, never raise
            log.warning("could not pass the block list to the referee: %s", error)

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

    async def move(self, table: str, action: dict[str, Any], seq: int | None = None) -> int:
        version = self.last_seq.get(table, 0) if seq is None else seq
        reply = await self.request("move", table=table, seq=version, action=action)
        return int(reply["seq"])

    async def resync(self, table: str) -> None:
        await self.request("resync", table=table, since=self.last_seq.get(table, 0))

    async def open_tables(self, game: str | None = None) -> list[dict]:
        reply = await self.request("tables", **({"game": game} if game else {}))
        self._watching.add(game)
        return list(reply["tables"])

    # ------------------------------------------------------------------ lobby and chat
    async def join_lobby(self, game: str, nick: str | None = None, timeout: float = 15.0) -> None:
        """Join the game's lobby room without history; done when the room sends our own
        presence (status 110), as slixmpp's ``join_muc_wait``."""
        nick = nick or self.username
        room = f"{game}@{self.muc_domain}"
        future = asyncio.get_running_loop().create_future()
        self._joining[room] = future
        self._send_stanza(f"<presence to={quoteattr(f'{room}/{nick}')}><x xmlns='{MUC}'>"
                          f"<history maxstanzas='0'/></x></presence>")
        try:
            await asyncio.wait_for(future, timeout)
        finally:
            self._joining.pop(room, None)
        self._lobby_nicks[game] = nick

    def send_private(self, jid: str, text: str) -> None:
        """Send ``text`` (a long one in several messages: see ``protocol.chat_pieces``)."""
        for piece in protocol.chat_pieces(text):
            self._send_stanza(f"<message to={quoteattr(jid)} type='chat' "
                              f"id='m{next(_ids)}'><body>{escape(piece)}</body></message>")


def _error_text(stanza: ET.Element) -> str:
    """An error reply's reason: its ``<text/>``, else its condition (as slixmpp reports it)."""
    error = stanza.find("{jabber:client}error")
    if error is None:
        return "error"
    text = error.findtext(f"{{{STANZAS}}}text")
    if text:
        return text
    return next((child.tag.split("}")[-1] for child in error
                 if child.tag.startswith(f"{{{STANZAS}}}")), "error")
