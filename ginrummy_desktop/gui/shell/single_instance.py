"""One copy of the app per data folder: a second launch brings the running window forward.

The first copy listens on a local socket (``QLocalServer``) named after its data folder; a
later launch for the same folder connects, asks the first to show itself and exits, instead of
opening a second window on the same profile (which could not save its match anyway: the
autosave is locked by the first copy). Different data folders (``GINRUMMY_DESKTOP_HOME``) are
different games and may run side by side.

On Linux a launch asks over a plain Unix socket (Python's ``socket``, the same bytes
``QLocalSocket`` sends), so the window can map without loading Qt's network module; the
server, made once the window shows, is ``QLocalServer`` everywhere.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalSocket

SHOW_REQUEST = b"show\n"
SHOWN_REPLY = b"shown\n"
WAIT_MS = 1500  # a running copy answers at once; a hung one must not hold the new launch


def instance_name(data_dir: Path) -> str:
    """The socket name for one user's data folder (short: socket paths have a length limit)."""
    try:
        user = getpass.getuser()
    except Exception:  # noqa: BLE001 - no user name (a container): the folder still decides
        user = "user"
    digest = hashlib.sha256(f"{user}\0{data_dir.resolve()}".encode()).hexdigest()[:16]
    return f"ginrummy-desktop-{digest}"


def show_running_copy(name: str) -> bool:
    """True when a running copy answered and was asked to show its window."""
    if sys.platform.startswith("linux"):
        return _ask_over_unix_socket(server_path(name))
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(WAIT_MS):
        return False
    socket.write(SHOW_REQUEST)
    socket.flush()
    answered = socket.waitForReadyRead(WAIT_MS) and socket.readAll().data() == SHOWN_REPLY
    socket.disconnectFromServer()
    return answered


def server_path(name: str) -> str:
    """Where ``QLocalServer.listen(name)`` puts its socket on Linux: Qt's temporary folder
    (``QDir::tempPath()``: ``$TMPDIR``, else ``/tmp``)."""
    return os.path.join(os.path.normpath(os.environ.get("TMPDIR") or "/tmp"), name)


def _ask_over_unix_socket(path: str) -> bool:
    """``show_running_copy`` over a Unix socket: connect, ask, wait for the answer."""
    import socket

    deadline = time.monotonic() + WAIT_MS / 1000
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        try:
            client.settimeout(WAIT_MS / 1000)
            client.connect(path)  # no file, or a crashed copy's with nobody listening: refused
            client.sendall(SHOW_REQUEST)
            reply = b""
            while not reply.endswith(b"\n") and len(reply) <= len(SHOWN_REPLY):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                client.settimeout(left)
                chunk = client.recv(64)
                if not chunk:
                    break
                reply += chunk
        except OSError:
            return False
    return reply == SHOWN_REPLY


class InstanceServer(QObject):
    """Listens for later launches; ``on_show`` brings this copy's window forward."""

    def __init__(self, name: str, on_show: Callable[[], None],
                 parent: QObject | None = None) -> None:
        from PySide6.QtNetwork import QLocalServer

        super().__init__(parent)
        self.on_show = on_show
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not self.server.listen(name):
            # A copy that crashed leaves its socket file behind; nobody answered on it.
            QLocalServer.removeServer(name)
            self.server.listen(name)
        self.server.newConnection.connect(self._accept)

    @property
    def listening(self) -> bool:
        return self.server.isListening()

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            socket.readyRead.connect(lambda s=socket: self._answer(s))
            socket.disconnected.connect(socket.deleteLater)

    def _answer(self, socket: QLocalSocket) -> None:
        if bytes(socket.readAll().data()).startswith(SHOW_REQUEST.strip()):
            self.on_show()
            socket.write(SHOWN_REPLY)
            socket.flush()

    def close(self) -> None:
        self.server.close()


def bring_forward(window: object) -> None:
    """Show ``window`` on top (restored if minimised), as a second launch asks."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    assert isinstance(window, QWidget)
    if window.isMinimized():
        window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()


def data_folder_of(paths_root: str | Path | None = None) -> Path:
    """The data folder that identifies this profile's copy (storage's own paths)."""
    from ginrummy_desktop.storage.paths import app_paths

    return app_paths(paths_root).data_dir
