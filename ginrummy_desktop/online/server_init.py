"""``ginrummy-server init``: write a complete, working server directory in one command.

The directory holds everything ``ginrummy-server up`` needs: ``ejabberd.yml`` rendered from the
production template (``installers/server/ejabberd.yml``, shipped in the package as
``server_templates``) with a WebSocket listener and the web client added, ``server.toml``
rendered from its template, a random component secret, the certificate, and ``setup.json``
(the ports and names ``up`` starts with). The templates are the one source of the settings:
this module only fills in their placeholders and adds the listener for browsers.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import secrets
import shutil
import subprocess
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path

from ginrummy_desktop.online.config import ConfigError, load_config

TEMPLATES = resources.files("ginrummy_desktop.online") / "server_templates"
WEB_CLIENT = resources.files("ginrummy_desktop.online") / "web_client"
SETUP_FILE = "setup.json"
DEFAULT_DIRECTORY = "ginrummy-server"

# The template's own placeholders (see the comment at the top of each template).
TEMPLATE_DOMAIN = "example.org"
TEMPLATE_SECRET = "CHANGE-ME-SECRET"
TEMPLATE_CERTFILE = "/etc/ejabberd/certs/example.org.pem"
TEMPLATE_DATABASE = 'url = "sqlite:////var/lib/ginrummy/service.db"'
DOMAIN_PATTERN = re.compile(r"^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?"
                            r"(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$")

# Browsers speak XMPP over WebSocket (RFC 7395) at /ws and load the web client from / on the
# same listener, so players open one address. ejabberd matches request handlers by path
# prefix, the longest first.
WEB_LISTENER = """\
  -
    # Added by `ginrummy-server init`: the web client at / and XMPP over WebSocket at /ws.
    port: {web_port}
    ip: "::"
    module: ejabberd_http
    tls: {tls}
    request_handlers:
      /ws: ejabberd_http_ws
      /: mod_http_fileserver
"""
WEB_FILESERVER = """\
  mod_http_fileserver:      # added by `ginrummy-server init`: serves the web client
    docroot: "{web_root}"
    directory_indices:
      - "index.html"
    content_types:
      .webmanifest: "application/manifest+json"
      .json: "application/json"
      .js: "text/javascript"
      .svg: "image/svg+xml"
      .css: "text/css"
"""


class SetupError(Exception):
    """What stops ``init`` or ``up``, as one plain sentence for the operator."""


@dataclass
class Ports:
    c2s: int = 5222        # XMPP clients (the desktop app)
    web: int = 5443        # browsers: the web client and XMPP over WebSocket
    component: int = 5347  # the referee's component connection (loopback only)
    admin: int = 5280      # ejabberd's admin page and HTTP API (loopback only)


@dataclass
class ServerSetup:
    """``setup.json``: what ``up`` starts and what it tells players."""

    domain: str
    ports: Ports = field(default_factory=Ports)
    web_tls: bool = True
    self_signed: bool = False

    @property
    def web_address(self) -> str:
        scheme = "https" if self.web_tls else "http"
        default = 443 if self.web_tls else 80
        host = f"[{self.domain}]" if ":" in self.domain else self.domain
        port = "" if self.ports.web == default else f":{self.ports.web}"
        return f"{scheme}://{host}{port}/"

    @property
    def desktop_address(self) -> str:
        return self.domain if self.ports.c2s == 5222 else f"{self.domain}:{self.ports.c2s}"

    @classmethod
    def load(cls, directory: Path) -> ServerSetup:
        path = directory / SETUP_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(domain=data["domain"], ports=Ports(**data["ports"]),
                       web_tls=bool(data["web_tls"]),
                       self_signed=bool(data.get("self_signed", False)))
        except FileNotFoundError:
            raise SetupError(f"{directory} holds no server: run `ginrummy-server init --domain "
                             f"DOMAIN --dir {directory}` first.") from None
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise SetupError(f"{path} is damaged ({error}): run `ginrummy-server init` "
                             "again.") from None

    def save(self, directory: Path) -> None:
        _write(directory / SETUP_FILE, json.dumps(asdict(self), indent=2) + "\n", 0o644)


@dataclass(frozen=True)
class Layout:
    """Where each file of a server directory lives."""

    root: Path

    @property
    def ejabberd_config(self) -> Path:
        return self.root / "ejabberd" / "ejabberd.yml"

    @property
    def server_toml(self) -> Path:
        return self.root / "server.toml"

    @property
    def certificate(self) -> Path:
        return self.root / "ejabberd" / "certificate.pem"  # certificate then key, one file

    @property
    def spool(self) -> Path:
        return self.root / "ejabberd" / "spool"

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def web_root(self) -> Path:
        return self.root / "web"

    @property
    def database(self) -> Path:
        return self.root / "service.db"


def check_domain(domain: str) -> str:
    """The domain in lower case, or ``SetupError`` saying what a domain is."""
    domain = domain.strip().lower()
    try:
        ipaddress.IPv4Address(domain)
        return domain
    except ValueError:
        pass
    if not DOMAIN_PATTERN.match(domain):
        raise SetupError(f"{domain!r} is not a domain name: give the name players will type, "
                         "such as cards.example.org, or this computer's network address.")
    return domain


def init_server(directory: Path, domain: str, *, cert: Path | None = None,
                key: Path | None = None, self_signed: bool = False,
                postgres: str | None = None, ports: Ports | None = None) -> ServerSetup:
    """Write a complete server directory; ``SetupError`` (one sentence) if anything is wrong."""
    domain = check_domain(domain)
    ports = ports or Ports()
    if (cert is None) != (key is None):
        raise SetupError("Give both --cert and --key (the certificate and its private key), "
                         "or --self-signed.")
    if cert is not None and self_signed:
        raise SetupError("Give either --cert and --key or --self-signed, not both.")
    if postgres is not None and not postgres.startswith(("postgresql://", "postgres://")):
        raise SetupError(f"--postgres must be a postgresql:// URL, not {postgres!r}.")
    layout = Layout(directory.resolve())
    certificate = (_read_certificate(cert, key) if cert is not None and key is not None
                   else None)
    for path in (layout.root, layout.ejabberd_config.parent, layout.spool, layout.logs):
        path.mkdir(parents=True, exist_ok=True)
    layout.root.chmod(0o755)  # ejabberd runs as its own user and must reach its files
    if certificate is None:
        certificate = _self_signed_certificate(domain, layout.root)
    _write(layout.certificate, certificate, 0o600)
    secret = secrets.token_hex(24)
    # A browser refuses a self-signed certificate (a phone makes accepting one hard), so with
    # one the web client is served over plain HTTP; the desktop app still uses TLS.
    setup = ServerSetup(domain=domain, ports=ports, web_tls=cert is not None,
                        self_signed=cert is None)
    _write(layout.ejabberd_config, render_ejabberd(setup, secret, layout), 0o600)
    database = postgres or f"sqlite:///{layout.database}"
    _write(layout.server_toml, render_server_toml(setup, secret, database), 0o600)
    try:
        load_config(layout.server_toml)  # the referee's own loader: a broken render fails here
    except ConfigError as error:
        raise SetupError(f"the written server.toml is not valid ({error}).") from None
    install_web_client(setup, layout)
    setup.save(layout.root)
    return setup


def _template(name: str) -> str:
    try:
        return (TEMPLATES / name).read_text(encoding="utf-8")
    except OSError as error:
        raise SetupError(f"the server template {name} is missing from this installation "
                         f"({error.strerror or error}); reinstall ginrummy-desktop.") from None


def _replace(text: str, old: str, new: str, template: str) -> str:
    if old not in text:
        raise SetupError(f"the template {template} no longer contains {old!r}, which "
                         "`ginrummy-server init` fills in; update server_init.py with it.")
    return text.replace(old, new)


def render_ejabberd(setup: ServerSetup, secret: str, layout: Layout) -> str:
    """installers/server/ejabberd.yml with its placeholders filled and the web listener added."""
    name = "ejabberd.yml"
    text = _template(name)
    text = _replace(text, TEMPLATE_CERTFILE, str(layout.certificate), name)
    text = _replace(text, TEMPLATE_SECRET, secret, name)
    text = _replace(text, TEMPLATE_DOMAIN, setup.domain, name)
    for default, port in ((5222, setup.ports.c2s), (5347, setup.ports.component),
                          (5280, setup.ports.admin)):
        text = _replace(text, f"    port: {default}\n", f"    port: {port}\n", name)
    text = _replace(text, "\nlisten:\n", "\nlisten:\n" + WEB_LISTENER.format(
        web_port=setup.ports.web, tls="true" if setup.web_tls else "false"), name)
    text = _replace(text, "\nmodules:\n", "\nmodules:\n" + WEB_FILESERVER.format(
        web_root=layout.web_root), name)
    header = (f"# Written by `ginrummy-server init --domain {setup.domain}` from the template "
              "installers/server/ejabberd.yml.\n")
    return header + text


def render_server_toml(setup: ServerSetup, secret: str, database_url: str) -> str:
    name = "server.toml"
    text = _template(name)
    text = _replace(text, TEMPLATE_SECRET, secret, name)
    text = _replace(text, TEMPLATE_DATABASE, f"url = {json.dumps(database_url)}", name)
    text = _replace(text, "port = 5347", f"port = {setup.ports.component}", name)
    text = _replace(text, TEMPLATE_DOMAIN, setup.domain, name)
    return f"# Written by `ginrummy-server init --domain {setup.domain}`.\n" + text


def install_web_client(setup: ServerSetup, layout: Layout) -> None:
    """Copy the built web client into the directory ejabberd serves, with its ``config.json``
    (the domain and the WebSocket path). ``up`` runs this again, so an upgrade reaches it."""
    target = layout.web_root
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    if (WEB_CLIENT / "index.html").is_file():
        with resources.as_file(WEB_CLIENT) as source:
            shutil.copytree(source, target, dirs_exist_ok=True)
    config = {"domain": setup.domain, "websocket": "/ws", "referee": f"referee.{setup.domain}",
              "muc": f"conference.{setup.domain}"}
    _write(target / "config.json", json.dumps(config, indent=2) + "\n", 0o644)
    for path in (target, *target.rglob("*")):
        path.chmod(0o755 if path.is_dir() else 0o644)


def _read_certificate(cert: Path, key: Path) -> str:
    parts = []
    for path, what, marker in ((cert, "certificate", "CERTIFICATE-----"),
                               (key, "private key", "PRIVATE KEY-----")):
        try:
            text = Path(path).read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "it is not a PEM text file"
            raise SetupError(f"Cannot read the {what} {path}: {reason}.") from None
        if marker not in text:
            raise SetupError(f"{path} holds no PEM {what} (a -----BEGIN {marker[:-5]}----- "
                             "block).")
        parts.append(text if text.endswith("\n") else text + "\n")
    return "".join(parts)


def _self_signed_certificate(domain: str, directory: Path) -> str:
    openssl = shutil.which("openssl")
    if openssl is None:
        raise SetupError("openssl is not installed, so no self-signed certificate can be made: "
                         "install it (sudo apt-get install openssl) or give --cert and --key.")
    try:
        ipaddress.IPv4Address(domain)
        names = f"IP:{domain}"
    except ValueError:
        names = f"DNS:{domain},DNS:*.{domain}"
    cert, key = directory / ".self-signed.crt", directory / ".self-signed.key"
    try:
        subprocess.run(
            [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt",
             "ec_paramgen_curve:prime256v1", "-nodes", "-days", "825", "-subj", f"/CN={domain}",
             "-addext", f"subjectAltName={names}", "-keyout", str(key), "-out", str(cert)],
            check=True, capture_output=True, timeout=60)
        return cert.read_text() + key.read_text()
    except (subprocess.SubprocessError, OSError) as error:
        raise SetupError(f"openssl could not make a self-signed certificate: {error}.") from None
    finally:
        for path in (cert, key):
            path.unlink(missing_ok=True)


def _write(path: Path, text: str, mode: int) -> None:
    """Write atomically with ``mode`` from the start (secrets are never world-readable)."""
    temporary = path.with_name(path.name + ".tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(text)
    os.chmod(temporary, mode)
    os.replace(temporary, path)
