"""``ginrummy-server up``: run ejabberd and the referee from an ``init`` directory.

Both run as child processes in their own process groups; Ctrl+C or SIGTERM stops the referee
first, then ejabberd, each by its PID, and ``up`` exits 0. What stops the start (no ejabberd,
a port in use, an unreadable certificate, a server that dies) is said in one sentence and the
exit status is 1.

ejabberd is started as ``erl ... -s ejabberd`` directly rather than through ``ejabberdctl``:
Debian's ejabberdctl refuses every user but root and ``ejabberd``, and a player who runs a
server for friends at home is neither. Under root the Erlang VM runs as the ``ejabberd`` user.
It runs without Erlang distribution (no node name, no epmd), so nothing of it listens beyond
the ports in ``setup.json``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ginrummy_desktop.online.server_init import (
    Layout,
    ServerSetup,
    SetupError,
    install_web_client,
)

BOOT_TIMEOUT = 90.0   # ejabberd on a busy two-core machine
REFEREE_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0
INSTALL_HINT = ("ejabberd is not installed: install it (on Debian or Ubuntu: sudo apt-get "
                "install ejabberd), then run this again.")
PORT_NAMES = {"c2s": ("XMPP clients", "--c2s-port"), "web": ("the web client", "--web-port"),
              "component": ("the referee's component", "--component-port"),
              "admin": ("ejabberd's admin page", "--admin-port")}


@dataclass(frozen=True)
class Ejabberd:
    """Where the installed ejabberd is: the Erlang runtime and the directory of its apps."""

    erl: Path
    libs: Path  # ERL_LIBS: holds ejabberd-VERSION/ and its dependencies


def find_ejabberd() -> Ejabberd | None:
    """The installed ejabberd, or None. Debian keeps its apps in /usr/lib/<triplet>/."""
    erl = Path("/usr/bin/erl")
    if not erl.is_file():
        return None
    for pattern in ("/usr/lib/*/ejabberd-*/ebin/ejabberd.app",
                    "/usr/lib/erlang/lib/ejabberd-*/ebin/ejabberd.app",
                    "/opt/ejabberd*/lib/ejabberd-*/ebin/ejabberd.app"):
        found = sorted(Path("/").glob(pattern.lstrip("/")))
        if found:
            return Ejabberd(erl, found[-1].parent.parent.parent)
    return None


def ejabberd_installed() -> bool:
    return find_ejabberd() is not None


def port_in_use(port: int) -> bool:
    """Whether something on this machine already listens on ``port`` (any address)."""
    for family, address in ((socket.AF_INET6, "::"), (socket.AF_INET, "0.0.0.0")):
        try:
            with socket.socket(family, socket.SOCK_STREAM) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind((address, port))
                return False
        except OSError as error:
            if family == socket.AF_INET6 and error.errno in (97, 99):  # no IPv6 here
                continue
            return True
    return False


def lan_address() -> str:
    """This computer's address on its local network (the interface of the default route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent, only routed
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class Launcher:
    """Starts ejabberd and the referee for one server directory and stops them again."""

    def __init__(self, directory: Path, say: Callable[[str], None] = print) -> None:
        self.layout = Layout(directory.resolve())
        self.setup = ServerSetup.load(self.layout.root)
        self.say = say
        self.ejabberd: subprocess.Popen | None = None
        self.referee: subprocess.Popen | None = None
        self._referee_ready = threading.Event()

    # -- checks ------------------------------------------------------------------------------
    def check(self) -> Ejabberd:
        found = find_ejabberd()
        if found is None:
            raise SetupError(INSTALL_HINT)
        for key, port in vars(self.setup.ports).items():
            if port_in_use(port):
                what, option = PORT_NAMES[key]
                raise SetupError(f"Port {port} ({what}) is already in use: stop the program "
                                 f"that uses it, or run `ginrummy-server init` again with "
                                 f"{option} set to a free port.")
        try:
            with open(self.layout.certificate, encoding="ascii") as bundle:
                bundle.read()
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "it is not a PEM text file"
            raise SetupError(f"Cannot read the certificate {self.layout.certificate}: "
                             f"{reason}.") from None
        return found

    # -- starting ----------------------------------------------------------------------------
    def start(self) -> None:
        ejabberd = self.check()
        install_web_client(self.setup, self.layout)
        self._start_ejabberd(ejabberd)
        self._start_referee()

    def _start_ejabberd(self, ejabberd: Ejabberd) -> None:
        layout = self.layout
        user = _ejabberd_user_if_root()
        if user is not None:  # the VM drops root: its own files must belong to it
            for path in (layout.ejabberd_config.parent, layout.spool, layout.logs,
                         *layout.spool.rglob("*"), *layout.logs.rglob("*"),
                         layout.ejabberd_config, layout.certificate):
                os.chown(path, user[0], user[1])
        env = {
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": str(layout.spool),
            "LANG": "C.UTF-8", "ERL_LIBS": str(ejabberd.libs),
            "EJABBERD_CONFIG_PATH": str(layout.ejabberd_config),
            "EJABBERD_LOG_PATH": str(layout.logs / "ejabberd.log"),
            "ERL_CRASH_DUMP": str(layout.logs / "erl_crash.dump"),
        }
        argv = [str(ejabberd.erl), "+K", "true", "+P", "250000", "-noinput",
                "-mnesia", "dir", f'"{layout.spool}"', "-s", "ejabberd"]
        with open(layout.logs / "ejabberd-console.log", "ab") as log:
            self.ejabberd = subprocess.Popen(
                argv, cwd=layout.spool, env=env, stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True,
                user=user[0] if user else None, group=user[1] if user else None,
                extra_groups=[] if user else None)
        ports = (self.setup.ports.c2s, self.setup.ports.component, self.setup.ports.web)
        deadline = time.monotonic() + BOOT_TIMEOUT
        while not all(_listening(port) for port in ports):
            if self.ejabberd.poll() is not None or time.monotonic() > deadline:
                raise SetupError(f"ejabberd did not start ({self._ejabberd_complaint()}); its "
                                 f"log is in {layout.logs}.")
            time.sleep(0.2)

    def _ejabberd_complaint(self) -> str:
        for name in ("ejabberd.log", "ejabberd-console.log"):
            try:
                lines = (self.layout.logs / name).read_text(errors="replace").splitlines()
            except OSError:
                continue
            errors = [line for line in lines if "[error]" in line or "[critical]" in line]
            if errors:
                return errors[-1].split("] ", 1)[-1].strip()[:300]
        return "it exited" if self.ejabberd and self.ejabberd.poll() is not None else "timed out"

    def _start_referee(self) -> None:
        self.referee = subprocess.Popen(
            [sys.executable, "-m", "ginrummy_desktop.online.server",
             "--config", str(self.layout.server_toml)],
            cwd=self.layout.root, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, start_new_session=True, text=True, bufsize=1)
        threading.Thread(target=self._relay_referee_log, daemon=True).start()
        deadline = time.monotonic() + REFEREE_TIMEOUT
        while not self._referee_ready.wait(0.2):
            if self.referee.poll() is not None or time.monotonic() > deadline:
                raise SetupError("the referee did not start (its reason is above).")

    def _relay_referee_log(self) -> None:
        assert self.referee is not None and self.referee.stdout is not None
        with open(self.layout.logs / "referee.log", "a", encoding="utf-8") as log:
            for line in self.referee.stdout:
                log.write(line)
                log.flush()
                if "serving as" in line:
                    self._referee_ready.set()
                elif "error" in line.lower() and not self._referee_ready.is_set():
                    sys.stderr.write(line)

    def where_to_connect(self) -> str:
        setup = self.setup
        lines = [f"Gin Rummy server for {setup.domain} is running.",
                 f"  Desktop app: Game → Play online…, server {setup.desktop_address}",
                 f"  Phone or browser: open {setup.web_address}"]
        if setup.self_signed:
            lines.append("  (self-signed certificate: fine on a home network; give the server "
                         "a real certificate with --cert and --key for the internet)")
        lines.append("Press Ctrl+C to stop.")
        return "\n".join(lines)

    # -- stopping ----------------------------------------------------------------------------
    def running(self) -> bool:
        return all(p is not None and p.poll() is None for p in (self.ejabberd, self.referee))

    def stop(self) -> None:
        """The referee first (it says goodbye to its tables), then ejabberd; each by PID."""
        for process in (self.referee, self.ejabberd):
            if process is None or process.poll() is not None:
                continue
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)  # erl: SIGTERM is init:stop()
            try:
                process.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)


def up(directory: Path, say: Callable[[str], None] = print) -> int:
    """Run the server until Ctrl+C or SIGTERM (exit 0), or until a part of it dies (exit 1)."""
    stop = threading.Event()
    previous = {sig: signal.signal(sig, lambda *_: stop.set())
                for sig in (signal.SIGINT, signal.SIGTERM)}
    launcher: Launcher | None = None
    try:
        launcher = Launcher(directory, say)
        launcher.start()
        say(launcher.where_to_connect())
        sys.stdout.flush()
        while not stop.wait(0.5):
            if not launcher.running():
                which = "the referee" if launcher.ejabberd and launcher.ejabberd.poll() is None \
                    else "ejabberd"
                say(f"ginrummy-server: error: {which} stopped; stopping the server "
                    f"(logs in {launcher.layout.logs}).")
                return 1
        say("Stopping…")
        return 0
    except SetupError as error:
        print(f"ginrummy-server: error: {error}", file=sys.stderr)
        return 1
    finally:
        if launcher is not None:
            launcher.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _listening(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _ejabberd_user_if_root() -> tuple[int, int] | None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    import pwd

    try:
        account = pwd.getpwnam("ejabberd")
    except KeyError:
        raise SetupError("this is run as root, but there is no `ejabberd` user to run ejabberd "
                         "as: install the ejabberd package, or run as an ordinary user.") from None
    return account.pw_uid, account.pw_gid
