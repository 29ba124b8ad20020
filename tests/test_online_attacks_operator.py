"""Issue 44, item 7: the operator's path. A misspelt setting in server.toml stops the start with
one plain sentence naming it (it was silently ignored); a PostgreSQL failure is one line; SIGTERM
while the referee is still starting stops it at once (it waited up to 20 s, e.g. when a second
referee with the same component name was started by mistake)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_online_server_cli import _closed_port, _config, _one_line_error, _run

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("extra", "named"), [
    ("[tables]\ngrase = 5\n", "unknown setting [tables] grase (did you mean grace?)"),
    ("[limit]\nchat = [1, 1]\n", "unknown section [limit] (did you mean [limits]?)"),
    ("[limits]\nchats = [1, 1]\n", "unknown setting [limits] chats (did you mean chat?)"),
    ("[xmpp2]\nx = 1\n", "unknown section [xmpp2] (did you mean [xmpp]?)"),
])
def test_a_misspelt_setting_stops_the_start_naming_it(tmp_path, extra, named):
    config = _config(tmp_path, port=_closed_port())
    config.write_text(config.read_text(encoding="utf-8") + extra, encoding="utf-8")
    result = _run(config)
    _one_line_error(result, named)
    assert result.stderr.strip().count("\n") == 0


def test_a_postgres_failure_is_one_line(tmp_path):
    pytest.importorskip("psycopg")
    result = _run(_config(tmp_path, port=_closed_port(),
                          database="postgresql://nobody@127.0.0.1:1/none"))
    _one_line_error(result, "cannot connect to PostgreSQL")
    assert result.stderr.strip().count("\n") == 0, result.stderr


def _start(config: Path, log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "ginrummy_desktop.online.server", "--config", str(config)],
        env=dict(os.environ, PYTHONPATH=str(REPO)), stdout=subprocess.DEVNULL,
        stderr=log.open("w"))


def _wait_for_line(process: subprocess.Popen, log: Path, words: str, timeout: float) -> None:
    end = time.monotonic() + timeout
    while words not in log.read_text(encoding="utf-8"):
        assert process.poll() is None, log.read_text(encoding="utf-8")
        assert time.monotonic() < end, f"no {words!r} in {log.read_text(encoding='utf-8')}"
        time.sleep(0.05)


def test_sigterm_while_starting_beside_a_running_twin_stops_at_once(ejabberd_server, tmp_path):
    server = ejabberd_server
    first_dir, second_dir = tmp_path / "one", tmp_path / "two"
    first_dir.mkdir()
    second_dir.mkdir()
    configs = [_config(d, port=server.component_port, secret=server.component_secret,
                       domain=server.domain) for d in (first_dir, second_dir)]
    first = _start(configs[0], first_dir / "log")
    second = None
    try:
        _wait_for_line(first, first_dir / "log", "serving as", 60)
        second = _start(configs[1], second_dir / "log")
        _wait_for_line(second, second_dir / "log", "connecting to", 60)
        second.send_signal(signal.SIGTERM)
        # Well inside the 20 s the start-up may wait for the XMPP server.
        assert second.wait(timeout=10) == 0, (second_dir / "log").read_text(encoding="utf-8")
        first.send_signal(signal.SIGTERM)
        assert first.wait(timeout=30) == 0
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
