"""One copy of the app per data folder: a second launch brings the running window forward.

The first copy listens on a local socket (``QLocalServer``) named after its data folder; a
later launch for the same folder connects, asks the first to show itself and exits, instead of
opening a second window on the same profile (which could not save its match anyway: the
autosave is locked by the first copy). Different data folders (``GINRUMMY_DESKTOP_HOME``) are
different games and may run side by side.

On Linux both sides are a plain Unix socket (Python's ``socket``, where ``QLocalServer`` puts
its socket and the same bytes): the window maps without Qt's network module, which the packaged
app does not ship. Elsewhere ``QLocalServer`` and ``QLocalSocket``.
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
    """Where the socket for ``name`` is on Linux: Qt's temporary folder, as for
    ``QLocalServer.listen(name)`` (``QDir::tempPath()``: ``$TMPDIR``, else ``/tmp``)."""
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
    """Listens for later launches; ``on_show`` brings this copy's window forward.

    On Linux a plain Unix socket at ``server_path(name)`` watched by ``QSocketNotifier`` (the
    place and bytes of ``QLocalServer``, without Qt's network module, which the packaged app
    leaves out); elsewhere ``QLocalServer``. Without either, later launches open a window of
    their own (``listening`` is False), the app still runs.
    """

    def __init__(self, name: str, on_show: Callable[[], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.on_show = on_show
        self.server: Any = None  # QLocalServer (not Linux)
        self._unix: _UnixListener | None = None
        if sys.platform.startswith("linux"):
            try:
                self._unix = _UnixListener(server_path(name), self._request, self)
            except OSError:
                self._unix = None  # no single instance this time; the app runs all the same
            return
        try:
            from PySide6.QtNetwork import QLocalServer
        except ImportError:  # a bundle without Qt's network module
            return
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not self.server.listen(name):
            # A copy that crashed leaves its socket file behind; nobody answered on it.
            QLocalServer.removeServer(name)
            self.server.listen(name)
        self.server.newConnection.connect(self._accept)

    @property
    def listening(self) -> bool:
        if self._unix is not None:
            return self._unix.listening
        return self.server is not None and bool(self.server.isListening())

    def _request(self, data: bytes) -> bytes:
        """The answer to what a later launch sent (b"" for nothing)."""
        if data.startswith(SHOW_REQUEST.strip()):
            self.on_show()
            return SHOWN_REPLY
        return b""

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            socket.readyRead.connect(lambda s=socket: self._answer(s))
            socket.disconnected.connect(socket.deleteLater)

    def _answer(self, socket: QLocalSocket) -> None:
        reply = self._request(bytes(socket.readAll().data()))
        if reply:
            socket.write(reply)
            socket.flush()

    def close(self) -> None:
        if self._unix is not None:
            self._unix.close()
        if self.server is not None:
            self.server.close()


class _UnixListener:
    """A listening Unix socket served from the Qt event loop (``QSocketNotifier``): each
    connection's first bytes go to ``answer``, whose reply is sent back."""

    def __init__(self, path: str, answer: Callable[[bytes], bytes], parent: QObject) -> None:
        import socket

        from PySide6.QtCore import QSocketNotifier

        self.path, self.answer, self.parent = path, answer, parent
        self.clients: dict[Any, tuple[Any, bytearray]] = {}  # connection -> notifier, bytes
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            try:
                self.sock.bind(path)
            except OSError:
                # A copy that crashed leaves its socket file behind; nobody answered on it
                # (show_running_copy asked first), so it is taken over.
                os.unlink(path)
                self.sock.bind(path)
            os.chmod(path, 0o600)  # this user's launches only, as QLocalServer's UserAccess
            self.sock.listen(8)
            self.sock.setblocking(False)
        except OSError:
            self.sock.close()
            raise
        self.notifier = QSocketNotifier(self.sock.fileno(), QSocketNotifier.Type.Read, parent)
        self.notifier.activated.connect(self._accept)
        self.listening = True

    def _accept(self) -> None:
        from PySide6.QtCore import QSocketNotifier

        while True:
            try:
                connection, _address = self.sock.accept()
            except OSError:  # BlockingIOError: none waiting
                return
            connection.setblocking(False)
            notifier = QSocketNotifier(connection.fileno(), QSocketNotifier.Type.Read,
                                       self.parent)
            notifier.activated.connect(lambda *_signal, c=connection: self._read(c))
            self.clients[connection] = (notifier, bytearray())

    def _read(self, connection: Any) -> None:
        """One request per connection: a line (or what came before the launch hung up)."""
        received = self.clients[connection][1]
        try:
            data = connection.recv(64)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        received += data
        if data and b"\n" not in received and len(received) < 64:
            return  # the rest of the line is still coming
        reply = self.answer(bytes(received)) if received else b""
        if reply:
            with contextlib.suppress(OSError):  # a launch that gave up waiting
                connection.sendall(reply)
        self._drop(connection)

    def _drop(self, connection: Any) -> None:
        notifier, _received = self.clients.pop(connection, (None, None))
        if notifier is not None:
            notifier.setEnabled(False)
            notifier.deleteLater()
        connection.close()

    def close(self) -> None:
        if not self.listening:
            return
        self.listening = False
        for connection in list(self.clients):
            self._drop(connection)
        self.notifier.setEnabled(False)
        self.notifier.deleteLater()
        self.sock.close()
        with contextlib.suppress(OSError):
            os.unlink(self.path)


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
