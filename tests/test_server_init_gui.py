"""The sign-in form's server field: no made-up default host, what a server is and how to get one,
and "Play on this computer's network": one click runs `ginrummy-server up`, shows the address
for friends, and a desktop client signs up to it; without ejabberd it says what to install."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from ginrummy_desktop.gui.online import lan
from ginrummy_desktop.gui.online.connection import ServerAddress, default_client
from ginrummy_desktop.gui.online.lan import LanServer, LanServerDialog
from ginrummy_desktop.gui.online.signin import SignInPanel
from ginrummy_desktop.gui.online.window import DEFAULT_SERVER
from ginrummy_desktop.online import launcher
from ginrummy_desktop.online.server_init import Ports
from ginrummy_desktop.storage.settings import Settings
from tests.online_servers import _server_base, _unavailable, free_port, unique_username

CLICK = Qt.MouseButton.LeftButton


def test_no_made_up_host_is_offered():
    assert DEFAULT_SERVER == "" and Settings().online_server == ""


def test_an_empty_server_field_says_where_an_address_comes_from(qtbot):
    panel = SignInPanel(DEFAULT_SERVER)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.keyClicks(panel.user, "sam")
    qtbot.keyClicks(panel.password, "secret words")
    qtbot.mouseClick(panel.create_button, CLICK)
    assert "ask the person who runs your club's server" in panel.problem.text()
    assert panel.problem.text()[0].isupper()
    # The form itself explains what a server is, and links to how to get one.
    assert "Ask the person who runs your club's server for its address" in \
        panel.server_help.text()
    panel.server_help.linkActivated.emit("howto")
    box = panel.server_help_dialog
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "ginrummy-server init --domain" in box.text() and "Run a server" in box.text()


def test_without_ejabberd_the_lan_dialog_says_what_to_install(qtbot, monkeypatch):
    monkeypatch.setattr(launcher, "find_ejabberd", lambda: None)
    panel = SignInPanel("")
    qtbot.addWidget(panel)
    panel.show()
    qtbot.mouseClick(panel.lan_button, CLICK)
    dialog = _open_lan_dialog()
    assert "sudo apt-get install ejabberd" in dialog.status.text()
    assert not dialog.start_button.isEnabled()
    dialog.reject()


def _open_lan_dialog() -> LanServerDialog:
    (dialog,) = [w for w in QApplication.topLevelWidgets()
                 if isinstance(w, LanServerDialog) and w.isVisible()]
    return dialog


@pytest.fixture
def lan_directory():
    if not launcher.ejabberd_installed():
        _unavailable("ejabberd is not installed (apt-get install ejabberd)")
    if os.geteuid() != 0:
        _unavailable("the test runs ejabberd as the ejabberd user, which needs root")
    path = Path(tempfile.mkdtemp(prefix="ginrummy-testsrv-lan-", dir=_server_base()))
    path.chmod(0o755)
    yield path / "lan-server"
    shutil.rmtree(path, ignore_errors=True)


def test_one_click_runs_a_home_server_that_friends_can_join(qtbot, lan_directory, monkeypatch):
    ports = Ports(c2s=free_port(), web=free_port(), component=free_port(), admin=free_port())
    monkeypatch.setattr(lan, "server_directory", lambda: lan_directory)
    panel = SignInPanel("")
    qtbot.addWidget(panel)
    panel.show()
    panel.lan_server = LanServer(ports=ports, parent=panel)  # free ports, not 5222
    qtbot.mouseClick(panel.lan_button, CLICK)
    dialog = _open_lan_dialog()
    assert "The server is not running." in dialog.status.text()
    qtbot.mouseClick(dialog.start_button, CLICK)
    qtbot.waitUntil(lambda: "The server is running" in dialog.status.text(), timeout=150_000)
    address = launcher.lan_address()
    assert f"{address}:{ports.c2s}" in dialog.status.text()
    assert f"http://{address}:{ports.web}/" in dialog.status.text()
    qtbot.mouseClick(dialog.sign_in_button, CLICK)
    assert panel.server.text() == f"{address}:{ports.c2s}"
    # A friend's desktop app reaches it with the address as typed: a private network address
    # has a self-signed certificate, which the app accepts for such addresses only.
    friend = default_client(ServerAddress.parse(panel.server.text()), unique_username("fr"),
                            "friend's password")
    assert friend.verify_tls is False
    asyncio.run(_sign_up_and_leave(friend))
    qtbot.mouseClick(dialog.stop_button, CLICK)
    qtbot.waitUntil(lambda: "not running" in dialog.status.text(), timeout=60_000)
    assert not panel.lan_server.running
    assert not any(launcher._listening(port) for port in vars(ports).values())


async def _sign_up_and_leave(client) -> None:
    await client.sign_up()
    assert (await client.profile())["user"] == client.username  # the referee answers too
    await client.disconnect()


def test_names_on_the_internet_keep_certificate_checks():
    client = default_client(ServerAddress.parse("cards.yourclub.org"), "sam", "pw")
    assert client.verify_tls is True
