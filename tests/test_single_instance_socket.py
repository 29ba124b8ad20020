"""On Linux a second launch asks the running copy over a plain Unix socket and the running
copy answers on one (issue 43: no Qt network module, which the packaged app does not ship; the
window maps without it). ``QLocalSocket`` speaks the same bytes at the same place."""

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


def ask_while_serving(qapp, ask) -> list:
    """Run ``ask()`` on a thread while the event loop serves; its result in a list."""
    answers: list = []
    asking = threading.Thread(target=lambda: answers.append(ask()))
    asking.start()
    deadline = time.monotonic() + 10
    while asking.is_alive() and time.monotonic() < deadline:
        qapp.processEvents()  # the server answers from the event loop
        time.sleep(0.005)
    asking.join(1)
    return answers


def test_the_running_copy_answers_a_later_launch_and_shows_its_window(qapp):
    name, shown = unique_name(), []
    server = single_instance.InstanceServer(name, lambda: shown.append(True))
    try:
        assert server.listening and os.path.exists(single_instance.server_path(name))
        assert oct(os.stat(single_instance.server_path(name)).st_mode & 0o777) == "0o600"
        answers = ask_while_serving(qapp, lambda: single_instance.show_running_copy(name))
        assert answers == [True] and shown == [True]

        def split_request() -> bytes:  # the request in two pieces, as a slow sender might
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
                client.settimeout(5)
                client.connect(single_instance.server_path(name))
                client.sendall(b"sh")
                time.sleep(0.05)
                client.sendall(b"ow\n")
                return client.recv(64)
        assert ask_while_serving(qapp, split_request) == [single_instance.SHOWN_REPLY]
        assert shown == [True, True]
    finally:
        server.close()
        server.deleteLater()  # gone while the application still is
        qapp.processEvents()
    assert not os.path.exists(single_instance.server_path(name))  # closing removes it


def test_a_crashed_copys_socket_file_is_taken_over(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    name = unique_name()
    left = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    left.bind(single_instance.server_path(name))
    left.close()  # the file stays, nobody listens
    server = single_instance.InstanceServer(name, lambda: None)
    try:
        assert server.listening
        assert ask_while_serving(qapp, lambda: single_instance.show_running_copy(name)) == [True]
    finally:
        server.close()
        server.deleteLater()
        qapp.processEvents()


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
