"""``ginrummy-server init`` writes a working server from the installers/server templates, and
``ginrummy-server up`` runs it: two players sign up and finish a match; Ctrl+C/SIGTERM stops
everything. What stops a start is said in one sentence with a non-zero exit, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from ginrummy_desktop.online import launcher, server_init
from ginrummy_desktop.online.config import load_config
from ginrummy_desktop.online.server_init import Layout, Ports, SetupError, init_server
from tests.online_servers import _server_base, _unavailable, free_port

REPO = Path(__file__).resolve().parent.parent
TEMPLATES = REPO / "installers" / "server"
DOMAIN = "cards.test"
PASSWORD = "correct horse battery"


def _ports() -> Ports:
    return Ports(c2s=free_port(), web=free_port(), component=free_port(), admin=free_port())


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ginrummy_desktop.online.server", *args],
                          env=dict(os.environ, PYTHONPATH=str(REPO)), capture_output=True,
                          text=True, timeout=timeout)


def _one_sentence(result: subprocess.CompletedProcess | tuple[int, str], *words: str) -> str:
    code, stderr = (result.returncode, result.stderr) if not isinstance(result, tuple) \
        else result
    assert code != 0
    assert "Traceback" not in stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("ginrummy-server: error: "), stderr
    assert all(word in lines[0] for word in words), lines[0]
    return lines[0]


# ----------------------------------------------------------------------------- init

def test_init_renders_the_templates_with_a_fresh_secret(tmp_path):
    ports = _ports()
    setup = init_server(tmp_path / "srv", DOMAIN, self_signed=True, ports=ports)
    layout = Layout(tmp_path / "srv")
    ejabberd = layout.ejabberd_config.read_text()
    config = load_config(layout.server_toml)  # the referee's own loader accepts it
    # The secret is random, the same on both sides, and no placeholder is left.
    assert re.fullmatch(r"[0-9a-f]{48}", config.secret)
    assert f'"referee.{DOMAIN}":\n        password: "{config.secret}"' in ejabberd
    for text in (ejabberd, layout.server_toml.read_text()):
        assert "CHANGE-ME" not in text and "example.org" not in text
    assert (config.domain, config.component, config.port) == (
        DOMAIN, f"referee.{DOMAIN}", ports.component)
    assert config.muc_domain == f"conference.{DOMAIN}"  # the lobby rooms
    assert config.database_url == f"sqlite:///{layout.database}"
    # Everything the production template hardens is kept as it is there (one source).
    template = (TEMPLATES / "ejabberd.yml").read_text()
    for setting in re.findall(r"^\s*(max_stanza_size: \d+|registration_timeout: \d+|"
                              r"starttls_required: true)", template, re.MULTILINE):
        assert setting in ejabberd
    # Browsers: XMPP over WebSocket and the web client on one listener.
    assert f"port: {ports.web}" in ejabberd and "/ws: ejabberd_http_ws" in ejabberd
    assert f'docroot: "{layout.web_root}"' in ejabberd
    assert (layout.web_root / "config.json").is_file()
    # Secrets are never readable by others.
    for secret_file in (layout.server_toml, layout.ejabberd_config, layout.certificate):
        assert secret_file.stat().st_mode & 0o077 == 0
    assert "BEGIN CERTIFICATE" in layout.certificate.read_text()
    assert setup.web_address == f"http://{DOMAIN}:{ports.web}/"  # self-signed: plain HTTP
    second = init_server(tmp_path / "other", DOMAIN, ports=ports)
    assert load_config(Layout(tmp_path / "other").server_toml).secret != config.secret
    assert second.self_signed


def test_init_with_a_certificate_and_postgres(tmp_path):
    cert, key = tmp_path / "c.pem", tmp_path / "k.pem"
    cert.write_text("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n")
    key.write_text("-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n")
    url = "postgresql://ginrummy:pw@db.internal/ginrummy"
    setup = init_server(tmp_path / "srv", "Cards.Example.NET", cert=cert, key=key,
                        postgres=url)
    layout = Layout(tmp_path / "srv")
    assert setup.domain == "cards.example.net" and setup.web_tls
    assert setup.web_address == "https://cards.example.net:5443/"
    assert layout.certificate.read_text() == cert.read_text() + key.read_text()
    assert load_config(layout.server_toml).database_url == url
    assert "tls: true" in layout.ejabberd_config.read_text()


@pytest.mark.parametrize(("args", "words"), [
    (["--domain", "not a domain"], ["is not a domain name"]),
    (["--domain", DOMAIN, "--cert", "/no/such/cert.pem"], ["--cert and --key"]),
    (["--domain", DOMAIN, "--cert", "/no/such/c.pem", "--key", "/no/such/k.pem"],
     ["Cannot read the certificate /no/such/c.pem", "No such file"]),
    (["--domain", DOMAIN, "--postgres", "mysql://x"], ["postgresql:// URL"]),
    (["--domain", DOMAIN, "--c2s-port", "70000"], ["--c2s-port must be from 1 to 65535"]),
])
def test_init_refuses_bad_input_in_one_sentence(tmp_path, args, words):
    result = _cli("init", "--dir", str(tmp_path / "srv"), *args)
    _one_sentence(result, *words)


def test_init_refuses_a_file_that_is_not_a_certificate(tmp_path):
    cert, key = tmp_path / "c.pem", tmp_path / "k.pem"
    cert.write_text("hello\n")
    key.write_text("-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n")
    with pytest.raises(SetupError, match="holds no PEM certificate"):
        init_server(tmp_path / "srv", DOMAIN, cert=cert, key=key)


def test_a_template_that_lost_a_placeholder_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(server_init, "TEMPLATE_SECRET", "NOT-IN-THE-TEMPLATE")
    with pytest.raises(SetupError, match="no longer contains 'NOT-IN-THE-TEMPLATE'"):
        init_server(tmp_path / "srv", DOMAIN)


def test_the_installed_package_carries_the_templates():
    """`server_templates` is the installers/server directory itself, not a copy."""
    for name in ("ejabberd.yml", "server.toml"):
        shipped = server_init.TEMPLATES / name
        assert shipped.read_text() == (TEMPLATES / name).read_text()
    assert Path(str(server_init.TEMPLATES)).resolve() == TEMPLATES.resolve()


# ----------------------------------------------------------------------------- up: refusals

def test_up_without_ejabberd_says_what_to_install(tmp_path, monkeypatch, capsys):
    init_server(tmp_path / "srv", DOMAIN, ports=_ports())
    monkeypatch.setattr(launcher, "find_ejabberd", lambda: None)
    code = launcher.up(tmp_path / "srv")
    _one_sentence((code, capsys.readouterr().err), "ejabberd is not installed",
                  "apt-get install ejabberd")


def test_up_names_a_port_in_use(tmp_path):
    ports = _ports()
    init_server(tmp_path / "srv", DOMAIN, ports=ports)
    if not launcher.ejabberd_installed():
        pytest.skip("ejabberd is not installed")
    with socket.create_server(("127.0.0.1", ports.c2s)):
        result = _cli("up", "--dir", str(tmp_path / "srv"))
    _one_sentence(result, f"Port {ports.c2s} (XMPP clients) is already in use", "--c2s-port")


def test_up_names_an_unreadable_certificate(tmp_path):
    init_server(tmp_path / "srv", DOMAIN, ports=_ports())
    if not launcher.ejabberd_installed():
        pytest.skip("ejabberd is not installed")
    certificate = Layout(tmp_path / "srv").certificate
    certificate.unlink()
    certificate.mkdir()  # unreadable even for root, unlike chmod 000
    _one_sentence(_cli("up", "--dir", str(tmp_path / "srv")), "Cannot read the certificate")


def test_up_in_a_directory_without_a_server_says_to_run_init(tmp_path):
    _one_sentence(_cli("up", "--dir", str(tmp_path)), "holds no server",
                  "ginrummy-server init")


# ----------------------------------------------------------------------------- up: a match

@pytest.fixture
def server_dir():
    """A fresh directory the ejabberd user can reach (tmp_path's parents are private)."""
    if not launcher.ejabberd_installed():
        _unavailable("ejabberd is not installed (apt-get install ejabberd)")
    if os.geteuid() != 0:
        _unavailable("the test runs ejabberd as the ejabberd user, which needs root")
    path = Path(tempfile.mkdtemp(prefix="ginrummy-testsrv-init-", dir=_server_base()))
    path.chmod(0o755)
    yield path / "server"
    shutil.rmtree(path, ignore_errors=True)


def test_init_and_up_from_a_fresh_directory_to_a_finished_match(server_dir):
    ports = _ports()
    init = _cli("init", "--domain", DOMAIN, "--dir", str(server_dir),
                *(f"--{name}-port={port}" for name, port in vars(ports).items()))
    assert init.returncode == 0, init.stderr
    assert "ginrummy-server up" in init.stdout
    up = subprocess.Popen(
        [sys.executable, "-m", "ginrummy_desktop.online.server", "up", "--dir", str(server_dir)],
        env=dict(os.environ, PYTHONPATH=str(REPO)), stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        banner = _read_until(up, "Press Ctrl+C to stop.", timeout=150)
        assert f"server {DOMAIN}:{ports.c2s}" in banner  # where desktop players connect
        assert f"open http://{DOMAIN}:{ports.web}/" in banner  # and browsers
        asyncio.run(_two_players_finish_a_match(ports))
        up.send_signal(signal.SIGTERM)
        assert up.wait(60) == 0
        for port in vars(ports).values():  # ejabberd and the referee are gone
            assert not launcher._listening(port)
    finally:
        if up.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(up.pid, signal.SIGINT)
            up.wait(60)


def _read_until(process: subprocess.Popen, marker: str, timeout: float) -> str:
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"`up` ended early: {''.join(seen)}{process.stderr.read()}")
        seen.append(line)
        if marker in line:
            return "".join(seen)
    raise AssertionError(f"`up` printed no {marker!r} in {timeout} s: {''.join(seen)}")


async def _two_players_finish_a_match(ports: Ports) -> None:
    from ginrummy_desktop.online.bot_player import BotPlayer
    from ginrummy_desktop.online.client import OnlineClient
    from tests.online_servers import unique_username

    # The template allows one sign-up per address per 10 minutes: the second player comes
    # from another loopback address, as a second person would from another machine.
    relay = await _relay_from("127.0.0.2", ports.c2s)
    alice = OnlineClient(f"{unique_username('alice')}@{DOMAIN}", PASSWORD, host="127.0.0.1",
                         port=ports.c2s, verify_tls=False)
    bob = OnlineClient(f"{unique_username('bob')}@{DOMAIN}", PASSWORD, host="127.0.0.1",
                       port=relay.sockets[0].getsockname()[1], verify_tls=False)
    await alice.sign_up()
    await bob.sign_up()
    bots = {"gin": "greedy", "cribbage": "greedy"}
    players = [BotPlayer(alice, bots), BotPlayer(bob, bots)]
    try:
        table = await alice.create_table("gin", target=25, clock=60)
        await bob.join_table(table)
        end = await players[0].wait_finished(table, 180)
        assert end["reason"] == "finished" and len(end["winners"]) == 1
        assert (await players[1].wait_finished(table, 30))["winners"] == end["winners"]
        assert players[0].hand_records[table]  # the referee sent each hand's record
    finally:
        for client in (alice, bob):
            await client.disconnect()
        relay.close()


async def _relay_from(source: str, port: int) -> asyncio.Server:
    """A loopback relay to ``port`` whose connections come from the address ``source``."""

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=(source, 0))
        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))

    return await asyncio.start_server(accept, "127.0.0.1", 0)
