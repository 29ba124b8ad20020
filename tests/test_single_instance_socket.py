"""A second launch on Linux asks the running copy over a plain Unix socket (no Qt network
module before the window maps, issue 43); the running copy's ``QLocalServer`` answers it."""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
import uuid

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from ginrummy_desktop.gui.shell import single_instance

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the plain-socket path is Linux's")


def unique_name() -> str:
    return f"ginrummy-desktop-test-{uuid.uuid4().hex[:12]}"


def test_the_running_copys_server_answers_a_plain_socket_and_shows_its_window(qapp):
    name, shown, answers = unique_name(), [], []
    server = single_instance.InstanceServer(name, lambda: shown.append(True))
    try:
        assert server.listening
        assert server.server.fullServerName() == single_instance.server_path(name)
        asking = threading.Thread(
            target=lambda: answers.append(single_instance.show_running_copy(name)))
        asking.start()
        deadline = time.monotonic() + 10
        while asking.is_alive() and time.monotonic() < deadline:
            qapp.processEvents()  # the server answers from the event loop
            time.sleep(0.005)
        asking.join(1)
    finally:
        server.close()
        server.deleteLater()  # gone while the application still is
        qapp.processEvents()
    assert answers == [True] and shown == [True]


def test_no_running_copy_means_no_answer(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    name = unique_name()
    assert not single_instance.show_running_copy(name)  # no socket file at all
    # A copy that crashed leaves its socket file behind, with nobody listening on it.
    left = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    left.bind(single_instance.server_path(name))
    left.close()
    assert os.path.exists(single_instance.server_path(name))
    assert not single_instance.show_running_copy(name)


def test_the_socket_sits_in_qts_temporary_folder(monkeypatch):
    monkeypatch.setenv("TMPDIR", "/var/tmp/")
    assert single_instance.server_path("x") == "/var/tmp/x"
    monkeypatch.delenv("TMPDIR")
    assert single_instance.server_path("x") == "/tmp/x"
