"""Real XMPP and database servers for the online tests, each a child process on loopback.

Every server runs from a config written into its own temp dir, listens on free 127.0.0.1 ports,
uses a fresh self-signed certificate, and is stopped by its PID at the end. Nothing here touches
the system services (5222, 5432, /var/lib/...): a Debian install that started them is harmless.

Fixtures (registered from ``tests/conftest.py``):

- ``ejabberd_server`` (session): one ejabberd node; ``.register(user, password)`` via ejabberdctl.
- ``prosody_server`` (session): the same interface on Prosody.
- ``xmpp_server`` (session, parametrized ejabberd/prosody) for tests that must pass on both.
- ``ejabberd_cluster`` (session): two clustered ejabberd nodes, one domain, component on node 1.
- ``postgres_url`` (function): DSN of a fresh database in a throwaway PostgreSQL cluster.
- ``tcp_proxy`` (function): ``tcp_proxy(target_port)`` -> proxy with ``.port`` and ``.cut()``.
- ``unique_user`` (function): ``unique_user("alice")`` -> a user name no other test has used.

Servers are shared by a whole session because ejabberd takes seconds to boot, so tests must not
depend on each other's accounts: take names from ``unique_user``. A test must also close the
component connections it opens: ejabberd accepts a second connection for ``referee.<domain>``
and spreads the component's stanzas over both, so a leaked referee steals the next test's moves.

A missing server binary skips the tests that need it, with the reason; under ``CI`` it fails.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import secrets
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

try:
    import pwd
except ImportError:  # Windows: no server users; every server fixture skips (see _require_user)
    pwd = None  # type: ignore[assignment]

LOOPBACK = "127.0.0.1"
DOMAIN = "ginrummy.test"
BOOT_TIMEOUT = 90.0  # ejabberd on a busy 2-core machine can take a while
STOP_TIMEOUT = 30.0
# Every server dir starts with this, so leftovers of a killed run can be found and reaped.
DIR_PREFIX = "ginrummy-testsrv-"
OWNER_FILE = "owner.json"  # {"owner": pytest pid, "pids": [server pids]}

EJABBERDCTL = "/usr/sbin/ejabberdctl"
PRODUCTION_TEMPLATES = Path(__file__).resolve().parent.parent / "installers" / "server"


def production_stanza_limit(kind: str) -> int:
    """The clients' stanza size limit the production template of ``kind`` sets: the test
    servers use the same value, so the tests check what an operator installs."""
    import re

    if kind == "ejabberd":
        text = (PRODUCTION_TEMPLATES / "ejabberd.yml").read_text(encoding="utf-8")
        c2s = text[text.index("module: ejabberd_c2s"):]
        found = re.search(r"max_stanza_size:\s*(\d+)", c2s[:c2s.find("\n  -")])
    else:
        text = (PRODUCTION_TEMPLATES / "prosody.cfg.lua").read_text(encoding="utf-8")
        found = re.search(r"^c2s_stanza_size_limit\s*=\s*(\d+)", text, re.MULTILINE)
    if found is None:
        raise RuntimeError(f"the {kind} template sets no client stanza size limit")
    return int(found.group(1))
EPMD = "/usr/bin/epmd"


# --------------------------------------------------------------------------- policy helpers

def _unavailable(reason: str) -> None:
    """Skip on a developer machine; fail loudly in CI, where the servers must be installed."""
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        pytest.fail(f"CI is set but {reason}", pytrace=False)
    pytest.skip(reason)


def _require_binary(path_or_name: str, package: str) -> str:
    found = path_or_name if os.path.isfile(path_or_name) else shutil.which(path_or_name)
    if not found:
        _unavailable(f"{path_or_name} not found (apt-get install {package})")
    return found


def _require_user(name: str) -> pwd.struct_passwd:
    """The servers refuse to run as root and switch to their own user, so we must be root."""
    if pwd is None:
        _unavailable("the private test servers need a POSIX system (Debian packages)")
    try:
        account = pwd.getpwnam(name)
    except KeyError:
        _unavailable(f"system user {name!r} missing (its Debian package is not installed)")
    if os.geteuid() not in (0, account.pw_uid):
        _unavailable(f"starting a private server as user {name!r} needs root")
    return account


def _postgres_bin_dir() -> Path | None:
    def major(initdb: Path) -> int:
        version = initdb.parent.parent.name
        return int(version) if version.isdigit() else 0

    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=major)
    return candidates[-1].parent if candidates else None


# --------------------------------------------------------------------------- process helpers

_ports_given: set[int] = set()


def free_port() -> int:
    """A loopback TCP port nobody listens on now and that this session has not handed out."""
    while True:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((LOOPBACK, 0))
            port = probe.getsockname()[1]
        if port not in _ports_given:
            _ports_given.add(port)
            return port


def _port_open(port: int, host: str = LOOPBACK) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex((host, port)) == 0


def _log_tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _wait_for(condition: Callable[[], bool], what: str, timeout: float,
              process: subprocess.Popen | None = None, log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{what}: process exited with {process.returncode}\n"
                               f"{_log_tail(log) if log else ''}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what}: not ready after {timeout:.0f} s\n"
                               f"{_log_tail(log) if log else ''}")
        time.sleep(0.1)


def _stop_process(process: subprocess.Popen, sig: int = signal.SIGTERM,
                  timeout: float = STOP_TIMEOUT) -> None:
    """Signal the process group we started (its leader is ``process.pid``), wait, then kill."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


def _spawn(argv: list[str], *, account: pwd.struct_passwd, cwd: Path, log: Path,
           env: dict[str, str] | None = None) -> subprocess.Popen:
    """Start ``argv`` as ``account`` in a new process group, output appended to ``log``."""
    as_other = os.geteuid() != account.pw_uid
    with open(log, "ab") as out:
        return subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
            user=account.pw_uid if as_other else None,
            group=account.pw_gid if as_other else None,
            extra_groups=[] if as_other else None)


def _run_as(argv: list[str], *, account: pwd.struct_passwd, cwd: Path,
            env: dict[str, str] | None = None,
            timeout: float = 60.0) -> subprocess.CompletedProcess:
    as_other = os.geteuid() != account.pw_uid
    return subprocess.run(
        argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
        timeout=timeout,
        user=account.pw_uid if as_other else None,
        group=account.pw_gid if as_other else None,
        extra_groups=[] if as_other else None)


# --------------------------------------------------------------------------- temp dirs, leftovers

def _server_base() -> Path:
    """Where server dirs go: the temp dir if every user can reach into it (the servers run as
    their own users), else /tmp (a TMPDIR under /root is not reachable for them)."""
    base = Path(tempfile.gettempdir()).resolve()
    if all(path.stat().st_mode & 0o001 for path in (base, *base.parents)):
        return base
    return Path("/tmp")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _runs_in(pid: int, directory: Path) -> bool:
    """Whether process ``pid`` names ``directory`` on its command line or works inside it."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        cwd = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return False
    return str(directory).encode() in cmdline or Path(cwd).is_relative_to(directory)


def reap_leftovers() -> None:
    """Stop servers and remove dirs left by an earlier test run that was killed.

    Only PIDs recorded in a dead run's owner file are touched, and only if that process's
    command line names the dir or which still works in it (a recycled PID is left alone).
    """
    for directory in _server_base().glob(DIR_PREFIX + "*"):
        try:
            record = json.loads((directory / OWNER_FILE).read_text())
        except (OSError, ValueError):
            continue
        if _pid_alive(int(record.get("owner", 0))):
            continue  # another live test session owns it
        for pid in record.get("pids", []):
            if _runs_in(pid, directory):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
        shutil.rmtree(directory, ignore_errors=True)


class ServerDir:
    """A temp dir owned by a server's system user, recording which PIDs live in it."""

    def __init__(self, kind: str, account: pwd.struct_passwd) -> None:
        self.path = Path(tempfile.mkdtemp(prefix=f"{DIR_PREFIX}{kind}-", dir=_server_base()))
        self.account = account
        self._pids: list[int] = []
        self._record()
        os.chown(self.path, account.pw_uid, account.pw_gid)

    def _record(self) -> None:
        (self.path / OWNER_FILE).write_text(json.dumps({"owner": os.getpid(), "pids": self._pids}))

    def track(self, process: subprocess.Popen) -> subprocess.Popen:
        self._pids.append(process.pid)
        self._record()
        return process

    def subdir(self, name: str) -> Path:
        path = self.path / name
        path.mkdir(exist_ok=True)
        self.chown(path)
        return path

    def write(self, name: str, text: str, mode: int = 0o600) -> Path:
        path = self.path / name
        path.write_text(text)
        path.chmod(mode)
        self.chown(path)
        return path

    def chown(self, path: Path) -> None:
        os.chown(path, self.account.pw_uid, self.account.pw_gid)

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def _self_signed_certificate(directory: ServerDir, domain: str) -> tuple[Path, Path]:
    """A certificate for the domain and its subdomains, valid two days; (cert, key)."""
    openssl = _require_binary("openssl", "openssl")
    cert, key = directory.path / "cert.pem", directory.path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", f"/CN={domain}",
         "-addext", f"subjectAltName=DNS:{domain},DNS:*.{domain}",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True)
    for path in (cert, key):
        path.chmod(0o600)
        directory.chown(path)
    return cert, key


# --------------------------------------------------------------------------- XMPP servers

_user_counter = itertools.count(1)


def unique_username(prefix: str = "u") -> str:
    """A fresh account name (matches ``^[A-Za-z0-9._-]{1,20}$``), unique across the session."""
    stem = "".join(ch for ch in prefix.lower() if ch.isalnum())[:8] or "u"
    return f"{stem}{next(_user_counter)}x{secrets.token_hex(3)}"[:20]


@dataclass
class XmppServer:
    """What a test needs to reach one XMPP server (or one node of a cluster)."""

    kind: str
    domain: str
    c2s_port: int
    component_port: int | None
    component_secret: str
    directory: ServerDir
    _register: Callable[[str, str], None]
    _stop: Callable[[], None]
    _pid: Callable[[], int]
    host: str = LOOPBACK
    node: str | None = None  # Erlang node name (ejabberd only)
    _ctl: Callable[..., str] | None = field(default=None, repr=False)
    _stopped: bool = field(default=False, repr=False)

    @property
    def component_name(self) -> str:
        return f"referee.{self.domain}"

    @property
    def muc_domain(self) -> str:
        return f"conference.{self.domain}"

    @property
    def pid(self) -> int:
        return self._pid()

    def jid(self, user: str) -> str:
        return f"{user}@{self.domain}"

    def register(self, user: str, password: str) -> str:
        """Create an account server side (no in-band registration); returns its bare JID."""
        self._register(user, password)
        return self.jid(user)

    def ctl(self, *args: str) -> str:
        """Run ``ejabberdctl`` against this node (ejabberd only); its output."""
        if self._ctl is None:
            raise NotImplementedError(f"{self.kind} has no ejabberdctl")
        return self._ctl(*args)

    def unique_user(self, prefix: str = "u") -> str:
        return unique_username(prefix)

    def stop(self) -> None:
        if not self._stopped:
            self._stopped = True
            self._stop()


# ---- ejabberd

EJABBERD_TEMPLATE = """\
# Written by tests/online_servers.py for one test session; see installers/server/ for production.
hosts:
  - "{domain}"
loglevel: info
log_rotate_count: 0
hide_sensitive_log_data: true
certfiles:
  - "{certfile}"
auth_method: internal
auth_password_format: scram
fqdn: "{domain}"
# Without this a second registration from one IP waits 600 s: every test client is 127.0.0.1.
registration_timeout: infinity
listen:
  -
    port: {c2s_port}
    ip: "127.0.0.1"
    module: ejabberd_c2s
    starttls_required: true
    # The production template's limit (installers/server/ejabberd.yml), never a looser one.
    max_stanza_size: {max_stanza_size}
    shaper: c2s_shaper
    access: c2s
{component_listener}
acl:
  local:
    user_regexp: ""
  # The referee component creates the lobby rooms; "local" means users of the domain only.
  referee:
    server: "referee.{domain}"
access_rules:
  local:
    allow: local
  c2s:
    deny: blocked
    allow: all
  register:
    allow: all
  muc_create:
    - allow: local
    - allow: referee
api_permissions:
  "console commands":
    from: [ejabberd_ctl]
    who: all
    what: "*"
shaper:
  # Generous: a load benchmark drives many busy clients from one machine.
  normal:
    rate: 200000
    burst_size: 400000
  fast: 2000000
shaper_rules:
  max_user_sessions: 10
  max_user_offline_messages: 500
  c2s_shaper: normal
  s2s_shaper: fast
modules:
  mod_adhoc: {{}}
  mod_admin_extra: {{}}
  mod_blocking: {{}}
  mod_caps: {{}}
  mod_carboncopy: {{}}
  mod_disco: {{}}
  mod_last: {{}}
  mod_mam:
    assume_mam_usage: true
    default: always
  mod_muc:
    host: "conference.@HOST@"
    access: all
    access_create: muc_create
    access_persistent: muc_create
    access_mam: all
    history_size: 20
    # The load benchmark seats up to 1,000 tables' players in one lobby room.
    max_users: 5000
    default_room_options:
      mam: true
      max_users: 5000
  mod_muc_admin: {{}}
  mod_offline:
    access_max_user_messages: max_user_offline_messages
  mod_ping: {{}}
  mod_privacy: {{}}
  mod_private: {{}}
  mod_pubsub: {{}}
  mod_register:
    ip_access: all
    access: register
  mod_roster:
    versioning: true
  mod_stream_mgmt:
    resend_on_timeout: if_offline
    resume_timeout: 300
  mod_vcard: {{}}
  mod_vcard_xupdate: {{}}
  mod_version: {{}}
"""

EJABBERD_COMPONENT_LISTENER = """\
  -
    port: {component_port}
    ip: "127.0.0.1"
    module: ejabberd_service
    access: all
    shaper: fast
    max_stanza_size: 1048576
    hosts:
      "referee.{domain}":
        password: "{secret}"
"""


def render_test_ejabberd(*, domain: str, certfile: Path, c2s_port: int,
                         component_port: int | None, secret: str, http_port: int) -> str:
    listener = (EJABBERD_COMPONENT_LISTENER.format(component_port=component_port,
                                                   domain=domain, secret=secret)
                if component_port else "")
    return EJABBERD_TEMPLATE.format(domain=domain, certfile=certfile, c2s_port=c2s_port,
                                    max_stanza_size=production_stanza_limit("ejabberd"),
                                    component_listener=listener)


class EjabberdNode:
    """One ejabberd node run as ``ejabberdctl foreground`` by its own user, on a private epmd."""

    def __init__(self, *, directory: ServerDir, node: str, cookie: str, epmd_port: int,
                 c2s_port: int, component_port: int | None, secret: str, domain: str,
                 render: Callable[..., str] | None = None) -> None:
        self.directory, self.node, self.domain = directory, node, domain
        self.c2s_port, self.component_port = c2s_port, component_port
        base = directory.path
        self.config_dir = directory.subdir("etc")
        self.spool = directory.subdir("spool")
        self.logs = directory.subdir("logs")
        cert, key = _self_signed_certificate(directory, domain)
        bundle = self.config_dir / "server.pem"
        bundle.write_text(cert.read_text() + key.read_text())
        bundle.chmod(0o600)
        directory.chown(bundle)
        (self.config_dir / "ejabberd.yml").write_text((render or render_test_ejabberd)(
            domain=domain, certfile=bundle, c2s_port=c2s_port, component_port=component_port,
            secret=secret, http_port=free_port()))
        # ejabberdctl sources this: node name, and Erlang flags shared by the server and every
        # ejabberdctl call (cookie, distribution on loopback only).
        (self.config_dir / "ejabberdctl.cfg").write_text(
            f'ERLANG_NODE={node}\n'
            f'ERL_OPTIONS="-setcookie {cookie} -kernel inet_dist_use_interface {{127,0,0,1}}"\n'
            'EJABBERD_BYPASS_WARNINGS=true\n')
        # ejabberdctl points ERL_INETRC here: resolve names from /etc/hosts, then the system.
        (self.config_dir / "inetrc").write_text(
            '{lookup,["file","native"]}.\n{host,{127,0,0,1}, ["localhost"]}.\n')
        for name in ("ejabberd.yml", "ejabberdctl.cfg", "inetrc"):
            directory.chown(self.config_dir / name)
        self.env = {
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "HOME": str(base),
            "LANG": "C.UTF-8",
            # A private epmd: no clash with a system ejabberd or another session's nodes.
            "ERL_EPMD_PORT": str(epmd_port),
            "ERL_EPMD_ADDRESS": LOOPBACK,
        }
        self.log = self.logs / "console.log"
        self.process: subprocess.Popen | None = None

    def _ctl_args(self) -> list[str]:
        return [EJABBERDCTL, "--config-dir", str(self.config_dir), "--spool", str(self.spool),
                "--logs", str(self.logs), "--node", self.node]

    def start(self) -> None:
        self.process = self.directory.track(_spawn(
            self._ctl_args() + ["foreground"], account=self.directory.account,
            cwd=self.spool, log=self.log, env=self.env))
        self.wait_ready()

    def wait_ready(self) -> None:
        """Listeners open and the ejabberd application done starting (join_cluster needs it)."""
        ports = [self.c2s_port] + ([self.component_port] if self.component_port else [])
        _wait_for(lambda: all(_port_open(p) for p in ports), f"ejabberd {self.node}",
                  BOOT_TIMEOUT, self.process, self.logs / "ejabberd.log")
        _wait_for(lambda: "is running in that node" in self.ctl("status", check=False),
                  f"ejabberd {self.node} status", BOOT_TIMEOUT, self.process,
                  self.logs / "ejabberd.log")

    def join(self, other: EjabberdNode) -> None:
        """Join ``other``'s cluster; one retry, since a busy machine can time the first out."""
        for attempt in (1, 2):
            try:
                self.ctl("join_cluster", other.node, timeout=120)
            except RuntimeError:
                if attempt == 2 and other.node not in self.ctl("list_cluster", check=False):
                    raise
            self.wait_ready()
            if other.node in self.ctl("list_cluster", check=False):
                return

    def ctl(self, *args: str, check: bool = True, timeout: float = 60.0) -> str:
        result = _run_as(self._ctl_args() + list(args), account=self.directory.account,
                         cwd=self.spool, env=self.env, timeout=timeout)
        if check and result.returncode != 0:
            raise RuntimeError(f"ejabberdctl {' '.join(args)} failed ({result.returncode}): "
                               f"{result.stdout.strip()} {result.stderr.strip()}")
        return result.stdout

    def register(self, user: str, password: str) -> None:
        self.ctl("register", user, self.domain, password)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        # A clean stop first (flushes mnesia); the process group by PID if that fails.
        with contextlib.suppress(Exception):
            self.ctl("stop", check=False, timeout=30)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(STOP_TIMEOUT)
        _stop_process(self.process)


class PrivateEpmd:
    """The Erlang port mapper on its own loopback port, in the foreground, stopped by PID."""

    def __init__(self, directory: ServerDir) -> None:
        self.port = free_port()
        self.process = directory.track(_spawn(
            [EPMD, "-port", str(self.port), "-address", LOOPBACK],
            account=directory.account, cwd=directory.path, log=directory.path / "epmd.log",
            env={"PATH": "/usr/bin:/bin"}))
        _wait_for(lambda: _port_open(self.port), "epmd", 20, self.process,
                  directory.path / "epmd.log")

    def stop(self) -> None:
        _stop_process(self.process)


def _ejabberd_account() -> pwd.struct_passwd:
    _require_binary(EJABBERDCTL, "ejabberd")
    _require_binary(EPMD, "erlang-base")
    return _require_user("ejabberd")


def start_ejabberd_nodes(count: int = 1, domain: str = DOMAIN,
                         render: Callable[..., str] | None = None) -> list[XmppServer]:
    """Start ``count`` ejabberd nodes for one domain (joined in a cluster when more than one).

    The referee component listener is on the first node only. ``render(domain=, certfile=,
    c2s_port=, component_port=, secret=, http_port=)`` may supply another ejabberd.yml.
    """
    account = _ejabberd_account()
    directory = ServerDir("ejabberd", account)
    secret, cookie = secrets.token_hex(12), secrets.token_hex(16)
    tag = secrets.token_hex(3)
    epmd: PrivateEpmd | None = None
    nodes: list[EjabberdNode] = []
    try:
        epmd = PrivateEpmd(directory)
        for index in range(count):
            node_dir = _NodeDir(directory, f"node{index + 1}")
            nodes.append(EjabberdNode(
                directory=node_dir, node=f"ginrummy{tag}n{index + 1}@localhost", cookie=cookie,
                epmd_port=epmd.port, c2s_port=free_port(),
                component_port=free_port() if index == 0 else None, secret=secret,
                domain=domain, render=render))
        for node in nodes:  # boot in parallel would race for 2 cores anyway
            node.start()
        for node in nodes[1:]:
            node.join(nodes[0])
    except BaseException:
        for node in reversed(nodes):
            node.stop()
        if epmd:
            epmd.stop()
        directory.remove()
        raise

    remaining = {"nodes": len(nodes)}

    def stopper(node: EjabberdNode) -> Callable[[], None]:
        def stop() -> None:
            node.stop()
            remaining["nodes"] -= 1
            if remaining["nodes"] == 0:  # the last node out stops epmd and clears the dir
                epmd.stop()
                directory.remove()
        return stop

    return [XmppServer(
        kind="ejabberd", domain=domain, c2s_port=node.c2s_port,
        component_port=nodes[0].component_port, component_secret=secret, directory=directory,
        _register=nodes[0].register, _stop=stopper(node),
        _pid=lambda n=node: n.process.pid, node=node.node, _ctl=node.ctl) for node in nodes]


class _NodeDir(ServerDir):
    """A node's own subdir inside a cluster's dir, sharing its owner record."""

    def __init__(self, parent: ServerDir, name: str) -> None:  # noqa: D107 - no new state
        self.path = parent.subdir(name)
        self.account = parent.account
        self._parent = parent

    def track(self, process: subprocess.Popen) -> subprocess.Popen:
        return self._parent.track(process)

    def remove(self) -> None:
        self._parent.remove()


# ---- Prosody

PROSODY_TEMPLATE = """\
-- Written by tests/online_servers.py for one test session; see installers/server/ for production.
pidfile = "{dir}/prosody.pid"
data_path = "{dir}/data"
log = {{ info = "{dir}/prosody.log"; error = "{dir}/prosody.err"; }}
interfaces = {{ "127.0.0.1" }}
c2s_ports = {{ {c2s_port} }}
component_ports = {{ {component_port} }}
component_interfaces = {{ "127.0.0.1" }}
s2s_ports = {{ }}
http_ports = {{ }}
https_ports = {{ }}
modules_disabled = {{ "s2s" }}
modules_enabled = {{
  "roster"; "saslauth"; "tls"; "disco"; "carbons"; "pep"; "private"; "blocklist";
  "vcard4"; "vcard_legacy"; "version"; "uptime"; "time"; "ping"; "register"; "mam";
  "smacks"; "offline"; "limits";
}}
authentication = "internal_hashed"
storage = "internal"
c2s_require_encryption = true
allow_registration = true
-- Loopback is exempt from the registration throttle by default; keep it that way for tests.
registration_allowlist = {{ "127.0.0.1", "::1" }}
c2s_stanza_size_limit = {stanza_limit}
limits = {{ c2s = {{ rate = "200kb/s"; burst = "2s"; }}; }}
default_archive_policy = true
archive_expires_after = "1d"
smacks_hibernation_time = 300
ssl = {{ certificate = "{cert}"; key = "{key}"; }}

VirtualHost "{domain}"

-- No restrict_room_creation: its "local" refuses the referee component (another host),
-- which creates the lobby rooms.
Component "conference.{domain}" "muc"
  modules_enabled = {{ "muc_mam" }}
  max_history_messages = 20

Component "referee.{domain}"
  component_secret = "{secret}"
"""


def render_test_prosody(**values: object) -> str:
    return PROSODY_TEMPLATE.format(stanza_limit=production_stanza_limit("prosody"), **values)


def start_prosody(domain: str = DOMAIN, render: Callable[..., str] | None = None) -> XmppServer:
    """Start Prosody; ``render(dir=, c2s_port=, component_port=, cert=, key=, domain=, secret=)``
    may supply another config."""
    prosody = _require_binary("prosody", "prosody")
    prosodyctl = _require_binary("prosodyctl", "prosody")
    account = _require_user("prosody")
    directory = ServerDir("prosody", account)
    try:
        directory.subdir("data")
        cert, key = _self_signed_certificate(directory, domain)
        secret = secrets.token_hex(12)
        c2s_port, component_port = free_port(), free_port()
        config = directory.write("prosody.cfg.lua", (render or render_test_prosody)(
            dir=directory.path, c2s_port=c2s_port, component_port=component_port,
            cert=cert, key=key, domain=domain, secret=secret))
        env = {"PATH": "/usr/bin:/bin", "HOME": str(directory.path), "LANG": "C.UTF-8"}
        log = directory.path / "console.log"
        process = directory.track(_spawn([prosody, "--config", str(config), "-F"],
                                         account=account, cwd=directory.path, log=log, env=env))
        _wait_for(lambda: _port_open(c2s_port) and _port_open(component_port), "prosody",
                  BOOT_TIMEOUT, process, directory.path / "prosody.log")
    except BaseException:
        with contextlib.suppress(NameError):
            _stop_process(process)
        directory.remove()
        raise

    def register(user: str, password: str) -> None:
        result = _run_as([prosodyctl, "--config", str(config), "register", user, domain, password],
                         account=account, cwd=directory.path, env=env)
        if result.returncode != 0:
            raise RuntimeError(f"prosodyctl register {user} failed: "
                               f"{result.stdout.strip()} {result.stderr.strip()}")

    def stop() -> None:
        _stop_process(process)
        directory.remove()

    return XmppServer(kind="prosody", domain=domain, c2s_port=c2s_port,
                      component_port=component_port, component_secret=secret,
                      directory=directory, _register=register, _stop=stop,
                      _pid=lambda: process.pid)


# --------------------------------------------------------------------------- PostgreSQL

@dataclass
class PostgresCluster:
    port: int
    socket_dir: Path
    bin_dir: Path
    directory: ServerDir
    process: subprocess.Popen
    _databases: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def pid(self) -> int:
        return self.process.pid

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@{LOOPBACK}:{self.port}/{database}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        result = _run_as([str(self.bin_dir / "psql"), "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                          "-h", LOOPBACK, "-p", str(self.port), "-U", "postgres", "-d", database,
                          "-c", sql], account=self.directory.account, cwd=self.directory.path)
        if result.returncode != 0:
            raise RuntimeError(f"psql failed: {result.stderr.strip()}")
        return result.stdout.strip()

    def create_database(self) -> str:
        name = f"test_{next(self._databases)}_{secrets.token_hex(3)}"
        self.psql(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        self.psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        _stop_process(self.process, signal.SIGINT)  # SIGINT = PostgreSQL's "fast" shutdown
        self.directory.remove()


def start_postgres() -> PostgresCluster:
    bin_dir = _postgres_bin_dir()
    if bin_dir is None:
        _unavailable("PostgreSQL binaries not found under /usr/lib/postgresql "
                     "(apt-get install postgresql)")
    account = _require_user("postgres")
    directory = ServerDir("postgres", account)
    try:
        data = directory.path / "data"
        env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(directory.path), "LANG": "C.UTF-8"}
        init = _run_as([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                        "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"],
                       account=account, cwd=directory.path, env=env, timeout=120)
        if init.returncode != 0:
            raise RuntimeError(f"initdb failed: {init.stderr.strip()}")
        port = free_port()
        log = directory.path / "postgres.log"
        process = directory.track(_spawn(
            [str(bin_dir / "postgres"), "-D", str(data), "-p", str(port),
             "-k", str(directory.path), "-c", f"listen_addresses={LOOPBACK}",
             "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
             "-c", "max_connections=200"],
            account=account, cwd=directory.path, log=log, env=env))
        cluster = PostgresCluster(port=port, socket_dir=directory.path, bin_dir=bin_dir,
                                  directory=directory, process=process)
        ready = [str(bin_dir / "pg_isready"), "-q", "-h", LOOPBACK, "-p", str(port)]
        _wait_for(lambda: subprocess.run(ready, check=False).returncode == 0, "postgres",
                  BOOT_TIMEOUT, process, log)
    except BaseException:
        with contextlib.suppress(NameError):
            _stop_process(process, signal.SIGINT)
        directory.remove()
        raise
    return cluster


# --------------------------------------------------------------------------- TCP proxy

class TcpProxy:
    """A loopback TCP relay to ``target_port`` whose live connections can be cut at once.

    ``cut()`` resets every connection it carries (RST both ways, like a dropped network); new
    connections made afterwards pass as before. One thread, non-blocking sockets.
    """

    def __init__(self, target_port: int, target_host: str = LOOPBACK) -> None:
        self.target = (target_host, target_port)
        self._listener = socket.create_server((LOOPBACK, 0))
        self._listener.setblocking(False)
        self.port = self._listener.getsockname()[1]
        self._selector = selectors.DefaultSelector()
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._selector.register(self._listener, selectors.EVENT_READ, "accept")
        self._selector.register(self._wake_read, selectors.EVENT_READ, "wake")
        self._peer: dict[socket.socket, socket.socket] = {}
        self._outbox: dict[socket.socket, bytearray] = {}
        self._requests: list[str] = []
        self._lock = threading.Lock()
        self._done = threading.Event()
        self.cuts_done = 0
        self._cuts_asked = 0
        self._thread = threading.Thread(target=self._loop, name=f"tcp-proxy-{self.port}",
                                        daemon=True)
        self._thread.start()

    @property
    def live_connections(self) -> int:
        with self._lock:
            return len(self._peer) // 2

    def cut(self, timeout: float = 5.0) -> None:
        """Sever every live connection; returns once they are gone."""
        self._request("cut")
        _wait_for(lambda: self.cuts_done >= self._cuts_asked, "proxy cut", timeout)

    def close(self) -> None:
        if not self._done.is_set():
            self._request("close")
            self._thread.join(10)

    # -- internals (the loop thread only)

    def _request(self, what: str) -> None:
        with self._lock:
            self._requests.append(what)
            if what == "cut":
                self._cuts_asked += 1
        with contextlib.suppress(OSError):
            self._wake_write.send(b"x")

    def _loop(self) -> None:
        try:
            while not self._done.is_set():
                for key, events in self._selector.select(timeout=1.0):
                    if key.data == "accept":
                        self._accept()
                    elif key.data == "wake":
                        with contextlib.suppress(BlockingIOError):
                            self._wake_read.recv(4096)
                        self._handle_requests()
                    else:
                        self._pump(key.fileobj, events)
        finally:
            self._reset_all()
            self._selector.close()
            for sock in (self._listener, self._wake_read, self._wake_write):
                sock.close()

    def _handle_requests(self) -> None:
        with self._lock:
            requests, self._requests = self._requests, []
        for what in requests:
            self._reset_all()
            if what == "cut":
                self.cuts_done += 1
            else:
                self._done.set()

    def _accept(self) -> None:
        try:
            client, _ = self._listener.accept()
        except BlockingIOError:
            return
        try:
            upstream = socket.create_connection(self.target, timeout=5)
        except OSError:
            client.close()
            return
        for sock in (client, upstream):
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._outbox[sock] = bytearray()
            self._selector.register(sock, selectors.EVENT_READ, "pipe")
        with self._lock:
            self._peer[client], self._peer[upstream] = upstream, client

    def _pump(self, sock: socket.socket, events: int) -> None:
        peer = self._peer.get(sock)
        if peer is None:
            return
        try:
            if events & selectors.EVENT_READ:
                data = sock.recv(65536)
                if not data:
                    self._close_pair(sock, reset=False)
                    return
                self._outbox[peer] += data
                self._flush(peer)
            if events & selectors.EVENT_WRITE:
                self._flush(sock)
        except OSError:
            self._close_pair(sock, reset=True)

    def _flush(self, sock: socket.socket) -> None:
        pending = self._outbox[sock]
        if pending:
            with contextlib.suppress(BlockingIOError):
                sent = sock.send(pending)
                del pending[:sent]
        wanted = selectors.EVENT_READ | (selectors.EVENT_WRITE if pending else 0)
        self._selector.modify(sock, wanted, "pipe")

    def _close_pair(self, sock: socket.socket, reset: bool) -> None:
        with self._lock:
            peer = self._peer.pop(sock, None)
            if peer is not None:
                self._peer.pop(peer, None)
        for one in (sock, peer):
            if one is None:
                continue
            with contextlib.suppress(Exception):
                self._selector.unregister(one)
            if reset:  # linger 0: close sends RST, as when a network path dies
                with contextlib.suppress(OSError):
                    one.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00"
                                   b"\x00\x00\x00\x00")
            elif one is peer:
                with contextlib.suppress(OSError):  # pass the EOF on after the last bytes
                    one.setblocking(True)
                    one.sendall(bytes(self._outbox.get(one, b"")))
            self._outbox.pop(one, None)
            one.close()

    def _reset_all(self) -> None:
        for sock in list(self._peer):
            if sock in self._peer:
                self._close_pair(sock, reset=True)


# --------------------------------------------------------------------------- fixtures

def _start_with_retry(start: Callable[[], object]) -> object:
    """Start a server; once more on failure, since a free port can be taken between the probe
    and the server's bind (another job on the machine)."""
    try:
        return start()
    except RuntimeError as first:
        try:
            return start()
        except RuntimeError as second:
            raise second from first


@pytest.fixture(scope="session", autouse=False)
def _reaped_leftovers() -> None:
    reap_leftovers()


@pytest.fixture(scope="session")
def ejabberd_server(_reaped_leftovers) -> Iterator[XmppServer]:
    """One ejabberd node for the session (boot takes seconds); see ``unique_user``."""
    (server,) = _start_with_retry(lambda: start_ejabberd_nodes(1))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def prosody_server(_reaped_leftovers) -> Iterator[XmppServer]:
    server = _start_with_retry(start_prosody)
    yield server
    server.stop()


@pytest.fixture(scope="session", params=["ejabberd", "prosody"])
def xmpp_server(request: pytest.FixtureRequest) -> XmppServer:
    """The suite's core runs on both servers: one test per server kind."""
    return request.getfixturevalue(f"{request.param}_server")


@pytest.fixture(scope="session")
def ejabberd_cluster(_reaped_leftovers) -> Iterator[list[XmppServer]]:
    """Two clustered ejabberd nodes on one domain, each with its own c2s port."""
    nodes = _start_with_retry(lambda: start_ejabberd_nodes(2))
    yield nodes
    for node in reversed(nodes):
        node.stop()


@pytest.fixture(scope="session")
def postgres_cluster(_reaped_leftovers) -> Iterator[PostgresCluster]:
    cluster = _start_with_retry(start_postgres)
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> Iterator[str]:
    """DSN of a database of its own for this test, dropped afterwards."""
    name = postgres_cluster.create_database()
    yield postgres_cluster.url(name)
    postgres_cluster.drop_database(name)


@pytest.fixture
def tcp_proxy() -> Iterator[Callable[[int], TcpProxy]]:
    proxies: list[TcpProxy] = []

    def make(target_port: int, target_host: str = LOOPBACK) -> TcpProxy:
        proxy = TcpProxy(target_port, target_host)
        proxies.append(proxy)
        return proxy

    yield make
    for proxy in proxies:
        proxy.close()


@pytest.fixture
def unique_user() -> Callable[[str], str]:
    return unique_username


if __name__ == "__main__":  # manual use: python3 -m tests.online_servers ejabberd|prosody|...
    kind = sys.argv[1] if len(sys.argv) > 1 else "ejabberd"
    started = {"ejabberd": lambda: start_ejabberd_nodes(1), "prosody": lambda: [start_prosody()],
               "cluster": lambda: start_ejabberd_nodes(2)}[kind]()
    for one in started:
        print(f"{one.kind} {one.node or ''} c2s {one.host}:{one.c2s_port} component "
              f"{one.component_name}:{one.component_port} secret {one.component_secret}")
    try:
        signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        for one in reversed(started):
            one.stop()
