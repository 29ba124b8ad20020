""""Play on this computer's network": run ``ginrummy-server up`` for friends at home.

Where ejabberd is installed, one click writes a server for this computer's network address
(``ginrummy-server init --self-signed``, once per address) and starts it as a child process;
the dialog shows the address to give friends, for the desktop app and for a phone's browser.
Where it is not, the dialog says what to install. The server stops with Stop, or when the app
quits (SIGTERM by PID, which ``up`` answers by stopping ejabberd and the referee).
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QProcess, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.online import launcher
from ginrummy_desktop.online.server_init import Ports, ServerSetup, SetupError, init_server
from ginrummy_desktop.storage.paths import app_paths

# Shown with tr(INSTALL_TEXT), tr(INTRO_TEXT).
INSTALL_TEXT = mark("This needs ejabberd, the free chat server the online games run on, and it is "
                "not installed on this computer. On Debian or Ubuntu install it with "
                "<b>sudo apt-get install ejabberd</b>, then open this again. (Friends "
                "only need the app or a web browser.)")
INTRO_TEXT = mark("Run a server on this computer so that friends on the same Wi-Fi or home network "
              "can play with you: they connect to this computer's address. Keep the app open "
              "while you play; the server stops when you press Stop or quit the app.")
STOP_TIMEOUT_MS = 40_000


def server_directory() -> Path:
    """Where the home-network server keeps its configuration and accounts."""
    return app_paths().data_dir / "lan-server"


class LanServer(QObject):
    """One ``ginrummy-server up`` child process for this computer's network address."""

    started = Signal(object)  # the ServerSetup it serves
    stopped = Signal(str)     # "" after a clean stop, else the reason in one sentence

    def __init__(self, directory: Path | None = None, ports: Ports | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.directory = directory or server_directory()
        self.ports = ports or Ports()
        self.setup: ServerSetup | None = None
        self.process: QProcess | None = None
        self._output = ""
        self._stopping = False
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    @property
    def running(self) -> bool:
        return self.process is not None

    def start(self, address: str | None = None) -> None:
        """Set up (for ``address``, default this computer's network address) and start."""
        if self.process is not None:
            return
        if getattr(sys, "frozen", False):
            self.stopped.emit(tr("This build of the app cannot run a server; install the app "
                                 "with pip and run `ginrummy-server up`."))
            return
        address = address or launcher.lan_address()
        try:
            self.setup = self._setup_for(address)
        except SetupError as error:
            self.stopped.emit(str(error))
            return
        self._output, self._stopping = "", False
        process = QProcess(self)
        process.setProgram(sys.executable)
        process.setArguments(["-m", "ginrummy_desktop.online.server", "up",
                              "--dir", str(self.directory)])
        process.readyReadStandardOutput.connect(self._read)
        process.finished.connect(self._finished)
        self.process = process
        process.start()

    def _setup_for(self, address: str) -> ServerSetup:
        """The existing server when it is for ``address``; else a new one (an address the
        router handed out again keeps its accounts)."""
        try:
            setup = ServerSetup.load(self.directory)
            if setup.domain == address and setup.ports == self.ports:
                return setup
        except SetupError:
            pass
        return init_server(self.directory, address, self_signed=True, ports=self.ports)

    def _read(self) -> None:
        assert self.process is not None
        self._output += bytes(self.process.readAllStandardOutput().data()).decode(
            "utf-8", "replace")
        if "Press Ctrl+C to stop." in self._output and self.setup is not None:
            self._output = ""
            self.started.emit(self.setup)

    def _finished(self, code: int, _status: object) -> None:
        assert self.process is not None
        errors = bytes(self.process.readAllStandardError().data()).decode("utf-8", "replace")
        reason = [line.removeprefix("ginrummy-server: error: ")
                  for line in errors.splitlines() if "error:" in line]
        self.process.deleteLater()
        self.process = None
        if self._stopping or code == 0:
            self.stopped.emit("")
        else:
            self.stopped.emit(reason[-1] if reason else
                              tr("The server stopped (status {code}).").format(code=code))

    def stop(self) -> None:
        if self.process is None:
            return
        self._stopping = True
        process = self.process
        process.terminate()  # SIGTERM: `up` stops the referee and ejabberd, then exits 0
        if not process.waitForFinished(STOP_TIMEOUT_MS):
            process.kill()
            process.waitForFinished(5_000)


class LanServerDialog(QDialog):
    """Start/stop the home-network server and show the address to give friends."""

    use_address = Signal(str)  # "Sign in here": the desktop address of the running server

    def __init__(self, server: LanServer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = server
        self.setWindowTitle(tr("Play on this computer's network"))
        self.setMinimumWidth(460)
        self.intro = QLabel(tr(INTRO_TEXT), self)
        self.intro.setWordWrap(True)
        self.status = QLabel("", self)
        self.status.setObjectName("lanStatus")
        self.status.setWordWrap(True)
        self.status.setAccessibleName(tr("Server status"))
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.start_button = QPushButton(tr("&Start server"), self)
        self.stop_button = QPushButton(tr("S&top server"), self)
        self.sign_in_button = QPushButton(tr("Sign &in to it"), self)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.stop_button, self.sign_in_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addStretch(1)
        layout.addWidget(close)
        self.start_button.clicked.connect(self._start)
        self.stop_button.clicked.connect(self._stop)
        self.sign_in_button.clicked.connect(self._sign_in)
        server.started.connect(self._show_running)
        server.stopped.connect(self._show_stopped)
        if not launcher.ejabberd_installed():
            self.status.setText(tr(INSTALL_TEXT))
            self.start_button.setEnabled(False)
            self.stop_button.setEnabled(False)
            self.sign_in_button.setEnabled(False)
        elif server.running and server.setup is not None:
            self._show_running(server.setup)
        else:
            self._show_stopped("")

    def _start(self) -> None:
        self.start_button.setEnabled(False)
        self.status.setText(tr("Starting the server… (this takes a few seconds)"))
        self.server.start()

    def _stop(self) -> None:
        self.status.setText(tr("Stopping the server…"))
        self.server.stop()

    def _sign_in(self) -> None:
        if self.server.setup is not None:
            self.use_address.emit(self.server.setup.desktop_address)
            self.accept()

    def _show_running(self, setup: ServerSetup) -> None:
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.sign_in_button.setEnabled(True)
        self.status.setText(tr(
            "<p>The server is running. Give your friends this address:</p><ul>"
            "<li>in the desktop app (Play online → Server): <b>{desktop}</b></li>"
            "<li>on a phone or in a browser: <b>{web}</b></li></ul>"
            "<p>Everyone creates an account on it the first time.</p>").format(
                desktop=setup.desktop_address, web=setup.web_address))

    def _show_stopped(self, reason: str) -> None:
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.sign_in_button.setEnabled(False)
        self.status.setText(html.escape(reason) or tr("The server is not running."))
