"""Remember me: the password goes to the keyring only; without a working keyring the app says
so and remembers nothing."""

from __future__ import annotations

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail
from PySide6.QtCore import Qt

from ginrummy_desktop.gui.online import credentials
from ginrummy_desktop.gui.online.signin import SignInPanel
from tests.online_gui_support import PASSWORD
from tests.test_gui_online_play import sign_up


class MemoryKeyring(KeyringBackend):
    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.store.get((service, username))

    def set_password(self, service, username, password):
        self.store[(service, username)] = password

    def delete_password(self, service, username):
        self.store.pop((service, username), None)


@pytest.fixture
def memory_keyring():
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


def test_remember_me_keeps_the_password_in_the_keyring_only(
        qtbot, window_factory, ejabberd_server, unique_user, memory_keyring, tmp_path):
    window = window_factory()
    user = unique_user("keep")
    qtbot.mouseClick(window.signin.remember, Qt.MouseButton.LeftButton)
    sign_up(qtbot, window, user)
    assert window.stack.currentWidget() is window.tabs
    assert memory_keyring.store == {(credentials.SERVICE, f"{user}@{ejabberd_server.domain}"):
                                    PASSWORD}
    assert window.signin.password.text() == ""  # not kept in the form either
    # A new sign-in form for the same account fills the password from the keyring.
    panel = SignInPanel(ejabberd_server.domain)
    qtbot.addWidget(panel)
    qtbot.keyClicks(panel.user, user)
    panel.user.editingFinished.emit()
    assert panel.password.text() == PASSWORD and panel.remember.isChecked()


def test_without_a_working_keyring_the_app_says_so(qtbot, window_factory, unique_user):
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        window = window_factory()
        qtbot.mouseClick(window.signin.remember, Qt.MouseButton.LeftButton)
        sign_up(qtbot, window, unique_user("nokey"))
        assert window.stack.currentWidget() is window.tabs
        assert "no working keyring" in window.statusBar().currentMessage()
        assert "not remembered" in window.statusBar().currentMessage()
    finally:
        keyring.set_keyring(previous)


def test_bad_server_address_and_user_name_are_refused_before_connecting(qtbot):
    panel = SignInPanel("ginrummy.example.org")
    qtbot.addWidget(panel)
    sent = []
    panel.submitted.connect(lambda *args: sent.append(args))
    panel.server.setText("bad server:99999")
    qtbot.keyClicks(panel.user, "ok")
    qtbot.keyClicks(panel.password, "x")
    qtbot.mouseClick(panel.sign_in_button, Qt.MouseButton.LeftButton)
    assert "server address" in panel.problem.text()
    panel.server.setText("ginrummy.example.org:99999")
    qtbot.mouseClick(panel.sign_in_button, Qt.MouseButton.LeftButton)
    assert "port" in panel.problem.text()
    panel.server.setText("ginrummy.example.org")
    panel.user.setText("no spaces allowed")
    qtbot.mouseClick(panel.sign_in_button, Qt.MouseButton.LeftButton)
    assert "user name" in panel.problem.text()
    assert sent == []
