"""The sign-in / create-account form: server, user name, password, Remember me; what a server
is and how to get one, and "Play on this computer's network" (lan.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.translation import mark, tr
from ginrummy_desktop.gui.online import credentials
from ginrummy_desktop.gui.online.connection import ServerAddress
from ginrummy_desktop.gui.online.lan import LanServer, LanServerDialog
from ginrummy_desktop.online import protocol

# Shown with tr(SERVER_HELP), tr(SERVER_HOWTO).
SERVER_HELP = mark("A server is the computer that runs the online games and keeps the accounts. "
               "Ask the person who runs your club's server for its address. "
               '<a href="howto">How do I get a server?</a>')
SERVER_HOWTO = mark(
    "<p><b>Joining a club or friends:</b> ask the person who runs the server for its address "
    "and type it in Server (a name such as <i>cards.yourclub.org</i>, or a network address "
    "such as <i>192.168.1.20</i>, with <i>:port</i> if they give one). Then Create account.</p>"
    "<p><b>Friends at home:</b> press <i>Play on this computer's network…</i> to run a server "
    "on this computer (it needs ejabberd installed) and give friends the address it shows. "
    "Friends on a phone open that address in the browser.</p>"
    "<p><b>Running a server for a club:</b> on a Linux machine with ejabberd installed, two "
    "commands: <tt>ginrummy-server init --domain cards.yourclub.org</tt> and "
    "<tt>ginrummy-server up</tt>. The operator guide is docs/online.md, \"Run a server\", "
    "in the app's source (a container file is there too).</p>")


class SignInPanel(QWidget):
    """Emits ``submitted(address, user, password, create, remember)`` once the fields are valid."""

    submitted = Signal(object, str, str, bool, bool)

    def __init__(self, server: str, user: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = QLineEdit(server, self)
        self.server.setAccessibleName(tr("Server address"))
        self.server.setPlaceholderText(tr("the address you were given, e.g. name or name:port"))
        self.server_help = QLabel(tr(SERVER_HELP), self)
        self.server_help.setObjectName("serverHelp")
        self.server_help.setWordWrap(True)
        self.server_help.setTextFormat(Qt.TextFormat.RichText)
        self.server_help.setOpenExternalLinks(False)
        self.server_help.linkActivated.connect(self.show_server_help)
        self.lan_button = QPushButton(tr("Play on this computer's &network…"), self)
        self.lan_button.setToolTip(tr("Run a server here for friends on the same Wi-Fi"))
        self.lan_button.clicked.connect(self.show_lan_server)
        self.lan_server: LanServer | None = None
        self.server_help_dialog: QMessageBox | None = None
        self.user = QLineEdit(user, self)
        self.user.setAccessibleName(tr("User name"))
        self.user.setPlaceholderText(tr("letters, digits, . - _ (up to 20)"))
        self.password = QLineEdit(self)
        self.password.setAccessibleName(tr("Password"))
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = QCheckBox(
            tr("Remember me (the password is kept in the system keyring)"), self)
        self.sign_in_button = QPushButton(tr("Sign in"), self)
        self.sign_in_button.setDefault(True)
        self.create_button = QPushButton(tr("Create account"), self)
        self.problem = QLabel("", self)
        self.problem.setObjectName("signInProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.setAccessibleName(tr("Sign-in message"))

        title = QLabel(tr("<h2>Play online</h2><p>Sign in to your account, or create one on "
                          "the server.</p>"), self)
        title.setWordWrap(True)
        form = QFormLayout()
        form.addRow(tr("&Server:"), self.server)
        form.addRow("", self.server_help)
        form.addRow(tr("&User name:"), self.user)
        form.addRow(tr("&Password:"), self.password)
        buttons = QHBoxLayout()
        buttons.addWidget(self.sign_in_button)
        buttons.addWidget(self.create_button)
        buttons.addStretch(1)
        box = QWidget(self)
        box.setMaximumWidth(520)
        inner = QVBoxLayout(box)
        inner.addWidget(title)
        inner.addLayout(form)
        inner.addWidget(self.remember)
        inner.addLayout(buttons)
        inner.addWidget(self.problem)
        inner.addSpacing(12)
        inner.addWidget(self.lan_button, 0, Qt.AlignmentFlag.AlignLeft)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(box, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(2)

        self.sign_in_button.clicked.connect(lambda: self._submit(create=False))
        self.create_button.clicked.connect(lambda: self._submit(create=True))
        self.password.returnPressed.connect(lambda: self._submit(create=False))
        self.user.editingFinished.connect(self._recall_password)
        self._recall_password()

    def show_server_help(self, _link: str = "") -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Information, tr("Getting a server"), tr(SERVER_HOWTO),
                          QMessageBox.StandardButton.Close, self)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.server_help_dialog = box
        box.open()
        return box

    def show_lan_server(self) -> LanServerDialog:
        if self.lan_server is None:
            self.lan_server = LanServer(parent=self)  # outlives the dialog, not the app
        dialog = LanServerDialog(self.lan_server, self)
        dialog.use_address.connect(self.server.setText)
        dialog.open()
        return dialog

    def _recall_password(self) -> None:
        try:
            address = ServerAddress.parse(self.server.text())
        except ValueError:
            return
        user = self.user.text().strip()
        if user and not self.password.text():
            remembered = credentials.recall(str(address), user)
            if remembered:
                self.password.setText(remembered)
                self.remember.setChecked(True)

    def _submit(self, create: bool) -> None:
        try:
            address = ServerAddress.parse(self.server.text())
        except ValueError as error:
            self.show_problem(str(error)[:1].upper() + str(error)[1:])
            return
        user = self.user.text().strip()
        if not protocol.USERNAME_PATTERN.match(user):
            self.show_problem(tr("A user name is 1-20 letters, digits, dots, dashes or "
                                 "underscores"))
            return
        if not self.password.text():
            self.show_problem(tr("Type your password") if not create else tr("Choose a password"))
            return
        self.show_problem("")
        self.submitted.emit(address, user, self.password.text(), create,
                            self.remember.isChecked())

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)

    def set_busy(self, busy: bool) -> None:
        for widget in (self.sign_in_button, self.create_button, self.server, self.user,
                       self.password):
            widget.setEnabled(not busy)
        if busy:
            self.problem.setStyleSheet("color: palette(text);")
            self.problem.setText(tr("Connecting…"))
        else:
            self.problem.setStyleSheet("color: #b00020;")
