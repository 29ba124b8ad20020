"""The server fixtures give the online tests real, correctly configured servers.

Each test drives a real slixmpp client (TLS, verification off: the certificates are self-signed
for loopback) against the fixture's server and checks a feature the game service relies on.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from tests.online_servers import (
    DIR_PREFIX,
    OWNER_FILE,
    TcpProxy,
    XmppServer,
    _server_base,
    reap_leftovers,
    start_ejabberd_nodes,
    start_prosody,
    unique_username,
)

slixmpp = pytest.importorskip("slixmpp", reason="pip install -e '.[online]'")
from slixmpp.exceptions import IqError, IqTimeout  # noqa: E402

SERVER_INSTALLERS = Path(__file__).resolve().parent.parent / "installers" / "server"

TIMEOUT = 60.0
REGISTRATION_TIMEOUT = 10.0


class Probe(slixmpp.ClientXMPP):
    """A minimal client: signs in (optionally registering in band), collects chat messages."""

    def __init__(self, jid: str, password: str, *, register: bool = False) -> None:
        super().__init__(jid, password)
        self.ssl_context.check_hostname = False  # self-signed loopback test certificate
        self.ssl_context.verify_mode = ssl.CERT_NONE
        for plugin in ("xep_0030", "xep_0045", "xep_0077", "xep_0198", "xep_0199"):
            self.register_plugin(plugin)
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.outcome: asyncio.Future = asyncio.get_running_loop().create_future()
        self.stream_management: asyncio.Future = asyncio.get_running_loop().create_future()
        self.add_event_handler("session_start", self._started)
        self.add_event_handler("failed_auth", lambda _: self._settle(False))
        self.add_event_handler("message", self.inbox.put_nowait)
        self.add_event_handler("sm_enabled", self._sm_enabled)
        if register:
            self.add_event_handler("register", self._register)
        else:
            self.plugin["xep_0077"].create_account = False

    def _settle(self, ok: bool) -> None:
        if not self.outcome.done():
            self.outcome.set_result(ok)

    def _sm_enabled(self, _stanza) -> None:
        if not self.stream_management.done():
            self.stream_management.set_result(self.plugin["xep_0198"].sm_id)

    async def _started(self, _event) -> None:
        self.send_presence()
        await self.get_roster()
        self._settle(True)

    async def _register(self, _form) -> None:
        iq = self.Iq()
        iq["type"] = "set"
        iq["register"]["username"] = self.boundjid.user
        iq["register"]["password"] = self.password
        try:
            await iq.send(timeout=REGISTRATION_TIMEOUT)
        except (IqError, IqTimeout):  # slixmpp drops Prosody's policy-violation: a timeout
            self._settle(False)

    @property
    def over_tls(self) -> bool:
        transport = self.transport
        return transport is not None and transport.get_extra_info("ssl_object") is not None


async def sign_in(server: XmppServer, user: str, password: str, *, port: int | None = None,
                  register: bool = False) -> Probe:
    client = Probe(server.jid(user), password, register=register)
    client.connect(server.host, port or server.c2s_port)
    if not await asyncio.wait_for(client.outcome, TIMEOUT):
        client.disconnect()
        raise AssertionError(f"{user} could not sign in to {server.kind}")
    return client


async def send_confirmed(client: Probe, **message) -> None:
    """Send a message, then wait for a ping round trip, so the server has handled it.

    A server handles one stream's stanzas in order. A stanza still in slixmpp's send queue when
    the stream closes can be lost, so a test that signs out right after sending must wait.
    """
    client.send_message(**message)
    await client.plugin["xep_0199"].ping(jid=client.boundjid.domain, timeout=TIMEOUT)


async def next_chat(client: Probe) -> slixmpp.Message:
    while True:
        message = await asyncio.wait_for(client.inbox.get(), TIMEOUT)
        if message["type"] in ("chat", "normal") and message["body"]:
            return message


async def sign_out(*clients: Probe) -> None:
    await asyncio.gather(*(c.disconnect() for c in clients), return_exceptions=True)


async def connected_component(server: XmppServer) -> slixmpp.ComponentXMPP:
    component = slixmpp.ComponentXMPP(server.component_name, server.component_secret,
                                      server.host, server.component_port)
    component.register_plugin("xep_0045")
    started = asyncio.get_running_loop().create_future()
    component.add_event_handler("session_start", lambda _: started.set_result(True))
    component.connect(server.host, server.component_port)
    await asyncio.wait_for(started, TIMEOUT)
    return component


async def component_creates_a_room(component: slixmpp.ComponentXMPP, server: XmppServer) -> None:
    """The referee makes the lobby rooms: the server must let the component create one."""
    room = f"{unique_username('room')}@{server.muc_domain}"
    occupant = f"{server.component_name}/referee"
    muc = component.plugin["xep_0045"]
    own_presence, *_ = await muc.join_muc_wait(room, "referee", timeout=TIMEOUT,
                                               presence_options={"pfrom": occupant})
    assert 201 in {int(code) for code in own_presence["muc"]["status_codes"]}


def run(coroutine) -> object:
    return asyncio.run(asyncio.wait_for(coroutine, 3 * TIMEOUT))


# --------------------------------------------------------------------------- both XMPP servers

def test_in_band_registration_twice_from_one_address_then_scram_sign_in_over_tls(
        xmpp_server: XmppServer, unique_user) -> None:
    async def scenario() -> None:
        first, second = unique_user("ibr"), unique_user("ibr")
        # Two sign-ups in a row from 127.0.0.1: no registration throttle in the test config.
        for user in (first, second):
            client = await sign_in(xmpp_server, user, "pw-" + user, register=True)
            await sign_out(client)
        client = await sign_in(xmpp_server, second, "pw-" + second)
        assert client.over_tls
        assert client.plugin["feature_mechanisms"].mech.name.startswith("SCRAM-")
        await sign_out(client)
        with pytest.raises(AssertionError, match="could not sign in"):
            await sign_in(xmpp_server, first, "wrong password")

    run(scenario())


def test_server_side_registration_and_stream_management_with_resume(
        xmpp_server: XmppServer, unique_user) -> None:
    async def scenario() -> None:
        user = unique_user("sm")
        xmpp_server.register(user, "secret")
        client = await sign_in(xmpp_server, user, "secret")
        resume_id = await asyncio.wait_for(client.stream_management, TIMEOUT)
        assert resume_id, "stream management enabled without resumption"
        await sign_out(client)

    run(scenario())


def test_server_advertises_the_features_the_service_relies_on(
        xmpp_server: XmppServer, unique_user) -> None:
    async def features(client: Probe, jid: str) -> set[str]:
        info = await client.plugin["xep_0030"].get_info(jid=jid, timeout=TIMEOUT)
        return set(info["disco_info"]["features"])

    async def scenario() -> None:
        user = unique_user("disco")
        xmpp_server.register(user, "pw")
        client = await sign_in(xmpp_server, user, "pw")
        assert {"urn:xmpp:blocking", "vcard-temp"} <= await features(client, xmpp_server.domain)
        assert "urn:xmpp:mam:2" in await features(client, xmpp_server.jid(user))
        assert "http://jabber.org/protocol/muc" in await features(client, xmpp_server.muc_domain)
        await sign_out(client)

    run(scenario())


def test_message_to_an_offline_user_arrives_at_next_sign_in(
        xmpp_server: XmppServer, unique_user) -> None:
    async def scenario() -> None:
        sender, receiver = unique_user("snd"), unique_user("rcv")
        xmpp_server.register(sender, "pw1")
        xmpp_server.register(receiver, "pw2")
        alice = await sign_in(xmpp_server, sender, "pw1")
        await send_confirmed(alice, mto=xmpp_server.jid(receiver),
                             mbody="see you at the table", mtype="chat")
        await sign_out(alice)
        bob = await sign_in(xmpp_server, receiver, "pw2")
        message = await next_chat(bob)
        assert message["body"] == "see you at the table"
        assert message["from"].bare == xmpp_server.jid(sender)
        await sign_out(bob)

    run(scenario())


def test_external_component_connects_creates_a_room_and_exchanges_messages(
        xmpp_server: XmppServer, unique_user) -> None:
    async def scenario() -> None:
        component = await connected_component(xmpp_server)
        received: asyncio.Queue = asyncio.Queue()
        component.add_event_handler("message", lambda m: m["body"] and received.put_nowait(m))
        await component_creates_a_room(component, xmpp_server)

        user = unique_user("cmp")
        xmpp_server.register(user, "pw")
        client = await sign_in(xmpp_server, user, "pw")
        client.send_message(mto=xmpp_server.component_name, mbody="hello referee", mtype="chat")
        message = await asyncio.wait_for(received.get(), TIMEOUT)
        assert message["body"] == "hello referee"
        assert message["from"].bare == xmpp_server.jid(user)
        component.send_message(mto=message["from"], mbody="welcome", mtype="chat",
                               mfrom=xmpp_server.component_name)
        reply = await next_chat(client)
        assert (reply["body"], reply["from"].bare) == ("welcome", xmpp_server.component_name)
        await sign_out(client)
        await component.disconnect()

    run(scenario())


def test_muc_room_is_created_configured_and_joined_by_another_user(
        xmpp_server: XmppServer, unique_user) -> None:
    async def scenario() -> None:
        host, guest = unique_user("host"), unique_user("guest")
        xmpp_server.register(host, "pw1")
        xmpp_server.register(guest, "pw2")
        room = f"{unique_user('lobby')}@{xmpp_server.muc_domain}"
        owner = await sign_in(xmpp_server, host, "pw1")
        muc = owner.plugin["xep_0045"]
        own_presence, *_ = await muc.join_muc_wait(room, "host", timeout=TIMEOUT)
        assert 201 in {int(code) for code in own_presence["muc"]["status_codes"]}  # created
        form = await muc.get_room_config(room)  # a new room stays locked until configured
        await muc.set_room_config(room, form)

        visitor = await sign_in(xmpp_server, guest, "pw2")
        await visitor.plugin["xep_0045"].join_muc_wait(room, "guest", timeout=TIMEOUT)
        visitor.send_message(mto=room, mbody="anyone for gin?", mtype="groupchat")
        while True:
            message = await asyncio.wait_for(owner.inbox.get(), TIMEOUT)
            if message["type"] == "groupchat" and message["body"] == "anyone for gin?":
                break
        assert message["from"].resource == "guest"
        await sign_out(owner, visitor)

    run(scenario())


# --------------------------------------------------------------------------- ejabberd cluster

def test_cluster_routes_a_message_between_users_on_different_nodes(
        ejabberd_cluster: list[XmppServer], unique_user) -> None:
    first, second = ejabberd_cluster
    assert first.domain == second.domain and first.c2s_port != second.c2s_port
    assert first.pid != second.pid

    async def scenario() -> None:
        sender, receiver = unique_user("n1"), unique_user("n2")
        first.register(sender, "pw1")
        first.register(receiver, "pw2")  # accounts live in the shared cluster database
        alice = await sign_in(first, sender, "pw1")
        bob = await sign_in(second, receiver, "pw2", port=second.c2s_port)
        alice.send_message(mto=first.jid(receiver), mbody="across nodes", mtype="chat")
        message = await next_chat(bob)
        assert message["body"] == "across nodes"
        await sign_out(alice, bob)

    run(scenario())


# --------------------------------------------------------------------------- PostgreSQL

def test_postgres_url_accepts_queries_in_a_database_of_its_own(postgres_url, postgres_cluster):
    database = postgres_url.rsplit("/", 1)[1]
    assert postgres_url.startswith("postgresql://postgres@127.0.0.1:")
    postgres_cluster.psql("CREATE TABLE moves (seq integer PRIMARY KEY, action text)", database)
    postgres_cluster.psql("INSERT INTO moves VALUES (1, 'draw'), (2, 'discard')", database)
    assert postgres_cluster.psql("SELECT string_agg(action, ',' ORDER BY seq) FROM moves",
                                 database) == "draw,discard"


def test_postgres_url_works_as_the_service_store_connects(postgres_url) -> None:
    psycopg = pytest.importorskip("psycopg", reason="pip install -e '.[online-postgres]'")
    with psycopg.connect(postgres_url) as connection:
        connection.execute("CREATE TABLE ratings (player text PRIMARY KEY, rating real)")
        connection.execute("INSERT INTO ratings VALUES (%s, %s)", ("alice", 1500.0))
        assert connection.execute("SELECT rating FROM ratings").fetchall() == [(1500.0,)]


# --------------------------------------------------------------------------- TCP proxy

def _echo_server() -> socket.socket:
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(TIMEOUT)
    return listener


def _severed(side: socket.socket) -> bool:
    """True when the socket reports the path gone: a reset, or end of stream with no data."""
    side.settimeout(TIMEOUT)
    try:
        return side.recv(4) == b""
    except ConnectionResetError:
        return True


def test_proxy_cut_drops_a_live_connection_and_later_ones_still_pass(tcp_proxy) -> None:
    with _echo_server() as upstream:
        proxy: TcpProxy = tcp_proxy(upstream.getsockname()[1])
        client = socket.create_connection(("127.0.0.1", proxy.port), timeout=TIMEOUT)
        far_end, _ = upstream.accept()
        client.sendall(b"ping")
        assert far_end.recv(4) == b"ping"
        far_end.sendall(b"pong")
        assert client.recv(4) == b"pong"

        proxy.cut()
        for side in (client, far_end):
            assert _severed(side)
        client.close()
        far_end.close()

        again = socket.create_connection(("127.0.0.1", proxy.port), timeout=TIMEOUT)
        far_end, _ = upstream.accept()
        again.sendall(b"still here")
        assert far_end.recv(16) == b"still here"
        again.close()
        far_end.close()


def test_proxy_in_front_of_xmpp_cut_ends_the_clients_stream(
        ejabberd_server: XmppServer, tcp_proxy, unique_user) -> None:
    proxy: TcpProxy = tcp_proxy(ejabberd_server.c2s_port)

    async def scenario() -> None:
        user = unique_user("cut")
        ejabberd_server.register(user, "pw")
        client = await sign_in(ejabberd_server, user, "pw", port=proxy.port)
        dropped = asyncio.get_running_loop().create_future()
        client.add_event_handler("disconnected",
                                 lambda _: dropped.done() or dropped.set_result(True))
        assert proxy.live_connections == 1
        proxy.cut()
        assert await asyncio.wait_for(dropped, TIMEOUT)
        await sign_out(client)

    run(scenario())


# --------------------------------------------------------------------------- installers/server

def _production_ejabberd(*, domain, certfile, c2s_port, component_port, secret, http_port) -> str:
    """installers/server/ejabberd.yml with its placeholders filled and ports moved to loopback."""
    text = (SERVER_INSTALLERS / "ejabberd.yml").read_text()
    text = text.replace("/etc/ejabberd/certs/example.org.pem", str(certfile))
    text = text.replace("example.org", domain).replace("CHANGE-ME-SECRET", secret)
    for production, test in ((5222, c2s_port), (5347, component_port), (5280, http_port)):
        assert f"port: {production}\n" in text
        text = text.replace(f"port: {production}\n", f"port: {test}\n")
    return text.replace('ip: "::"', 'ip: "127.0.0.1"')


def _production_prosody(*, dir, c2s_port, component_port, cert, key, domain, secret) -> str:
    text = (SERVER_INSTALLERS / "prosody.cfg.lua").read_text()
    text = text.replace("example.org", domain).replace("CHANGE-ME-SECRET", secret)
    text = text.replace('"/run/prosody/prosody.pid"', f'"{dir}/prosody.pid"')
    text = text.replace("/var/log/prosody/", f"{dir}/")
    loopback = (f'data_path = "{dir}/data"\ninterfaces = {{ "127.0.0.1" }}\n'
                f"c2s_ports = {{ {c2s_port} }}\ncomponent_ports = {{ {component_port} }}\n"
                f'ssl = {{ certificate = "{cert}"; key = "{key}"; }}\n\n')
    return text.replace("\nVirtualHost", "\n" + loopback + "VirtualHost", 1)


async def _sign_up_and_serve_a_component(server: XmppServer) -> None:
    if server.kind == "ejabberd":  # names the service would refuse are refused at sign-up too
        for name in ("computer.greedy", "a" * 21, "referee", "computer", "admin"):
            with pytest.raises(AssertionError, match="could not sign in"):
                await sign_in(server, name, "a long enough passphrase 42", register=True)
    user = unique_username("prod")
    client = await sign_in(server, user, "a long enough passphrase 42", register=True)
    assert client.over_tls
    # The production configs allow one sign-up per address per 10 minutes.
    with pytest.raises(AssertionError, match="could not sign in"):
        await sign_in(server, unique_username("prod"), "another long passphrase 42",
                      register=True)
    component = await connected_component(server)
    await component_creates_a_room(component, server)
    await component.disconnect()
    await sign_out(client)


@pytest.mark.parametrize("kind", ["ejabberd", "prosody"])
def test_production_server_template_boots_limits_sign_ups_and_takes_the_referee(kind) -> None:
    if kind == "ejabberd":
        (server,) = start_ejabberd_nodes(1, render=_production_ejabberd)
    else:
        server = start_prosody(render=_production_prosody)
    try:
        run(_sign_up_and_serve_a_component(server))
    finally:
        server.stop()


def test_sample_server_toml_loads_and_sets_every_setting() -> None:
    config_module = pytest.importorskip("ginrummy_desktop.online.config")
    sample = SERVER_INSTALLERS / "server.toml"
    config = config_module.load_config(sample)
    data = tomllib.loads(sample.read_text())
    written = {("database_url" if key == "url" else key)
               for section, values in data.items() if section != "limits" for key in values}
    written |= {"limits"} if data.get("limits") else set()
    assert written == {f.name for f in fields(config_module.ServerConfig)}
    assert set(data["limits"]) == set(config.limits)


# --------------------------------------------------------------------------- leftovers

def _leftover_dir(owner_pid: int) -> tuple[Path, subprocess.Popen]:
    """A server dir as a killed session leaves it: a 'server' still running inside it."""
    directory = Path(tempfile.mkdtemp(prefix=DIR_PREFIX + "leftover-", dir=_server_base()))
    server = subprocess.Popen(["sleep", "600"], cwd=directory, start_new_session=True)
    (directory / OWNER_FILE).write_text(json.dumps({"owner": owner_pid, "pids": [server.pid]}))
    return directory, server


def test_leftovers_of_a_dead_session_are_stopped_and_removed_but_a_live_ones_kept() -> None:
    finished = subprocess.Popen(["true"])
    finished.wait()  # its PID now names a session that no longer runs
    dead_dir, orphan = _leftover_dir(finished.pid)
    live_dir, running = _leftover_dir(os.getpid())
    try:
        reap_leftovers()
        assert orphan.wait(TIMEOUT) is not None and not dead_dir.exists()
        assert running.poll() is None and live_dir.exists()
    finally:
        for process in (orphan, running):
            process.kill()
            process.wait()
        shutil.rmtree(live_dir, ignore_errors=True)
        shutil.rmtree(dead_dir, ignore_errors=True)


def test_missing_server_skips_on_a_desk_but_fails_under_ci(monkeypatch) -> None:
    from tests import online_servers

    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install nothing"):
        online_servers._require_binary("/nonexistent/ginrummy-server-binary", "nothing")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set but .*not found"):
        online_servers._require_binary("/nonexistent/ginrummy-server-binary", "nothing")
