"""The sign-in / create-account form: server, user name, password, Remember me."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.gui.online import credentials
from ginrummy_desktop.gui.online.connection import ServerAddress
from ginrummy_desktop.online import protocol


class SignInPanel(QWidget):
    """Emits ``submitted(address, user, password, create, remember)`` once the fields are valid."""

    submitted = Signal(object, str, str, bool, bool)

    def __init__(self, server: str, user: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = QLineEdit(server, self)
        self.server.setAccessibleName("Server address")
        self.user = QLineEdit(user, self)
        self.user.setAccessibleName("User name")
        self.user.setPlaceholderText("letters, digits, . - _ (up to 20)")
        self.password = QLineEdit(self)
        self.password.setAccessibleName("Password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = QCheckBox("Remember me (the password is kept in the system keyring)",
                                  self)
        self.sign_in_button = QPushButton("Sign in", self)
        self.sign_in_button.setDefault(True)
        self.create_button = QPushButton("Create account", self)
        self.problem = QLabel("", self)
        self.problem.setObjectName("signInProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.setAccessibleName("Sign-in message")

        title = QLabel("<h2>Play online</h2><p>Sign in to your account, or create one on the "
                       "server.</p>", self)
        form = QFormLayout()
        form.addRow("&Server:", self.server)
        form.addRow("&User name:", self.user)
        form.addRow("&Password:", self.password)
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
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(box, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(2)

        self.sign_in_button.clicked.connect(lambda: self._submit(create=False))
        self.create_button.clicked.connect(lambda: self._submit(create=True))
        self.password.returnPressed.connect(lambda: self._submit(create=False))
        self.user.editingFinished.connect(self._recall_password)
        self._recall_password()

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
            self.show_problem(str(error).capitalize())
            return
        user = self.user.text().strip()
        if not protocol.USERNAME_PATTERN.match(user):
            self.show_problem("A user name is 1-20 letters, digits, dots, dashes or "
                              "underscores")
            return
        if not self.password.text():
            self.show_problem("Type your password" if not create else "Choose a password")
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
            self.problem.setText("Connecting…")
        else:
            self.problem.setStyleSheet("color: #b00020;")
