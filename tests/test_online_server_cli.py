"""``ginrummy-server`` says in one line why it cannot start (bad config, database missing, server
unreachable, secret refused) and exits 1; it never prints a traceback."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _run(config: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ginrummy_desktop.online.server", "--config", str(config)],
        env=dict(os.environ, PYTHONPATH=str(REPO)), capture_output=True, text=True, timeout=60)


def _config(tmp_path: Path, *, port: int, secret: str = "s", domain: str = "ginrummy.test",
            database: str | None = None) -> Path:
    url = database or f"sqlite:///{tmp_path / 'service.db'}"
    path = tmp_path / "referee.toml"
    path.write_text(f'[xmpp]\ndomain = "{domain}"\ncomponent = "referee.{domain}"\n'
                    f'secret = "{secret}"\nport = {port}\n[database]\nurl = "{url}"\n',
                    encoding="utf-8")
    return path


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _one_line_error(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if "ginrummy-server: error:" in line]
    assert len(errors) == 1 and all(w in errors[0] for w in words), result.stderr


def test_bad_config_files_are_named(tmp_path):
    _one_line_error(_run(tmp_path / "missing.toml"), "cannot read")
    broken = tmp_path / "broken.toml"
    broken.write_text("[xmpp\n", encoding="utf-8")
    _one_line_error(_run(broken), "not valid TOML")
    incomplete = tmp_path / "incomplete.toml"
    incomplete.write_text('[xmpp]\ndomain = "x"\n', encoding="utf-8")
    _one_line_error(_run(incomplete), "[xmpp] component is required")


def test_a_missing_database_is_named(tmp_path):
    config = _config(tmp_path, port=_closed_port(),
                     database=f"sqlite:///{tmp_path / 'no' / 'such' / 'dir' / 'x.db'}")
    _one_line_error(_run(config), "cannot open the SQLite database")


def test_an_unreachable_server_is_named(tmp_path):
    _one_line_error(_run(_config(tmp_path, port=_closed_port())), "cannot reach the XMPP server")


def test_a_wrong_secret_is_named(ejabberd_server, tmp_path):
    server = ejabberd_server
    result = _run(_config(tmp_path, port=server.component_port, secret="wrong",
                          domain=server.domain))
    _one_line_error(result, "refused the component", "wrong secret")


@pytest.mark.parametrize("url", ["postgresql://nobody@127.0.0.1:1/none"])
def test_an_unreachable_postgres_is_named(tmp_path, url):
    pytest.importorskip("psycopg")
    _one_line_error(_run(_config(tmp_path, port=_closed_port(), database=url)),
                    "cannot connect to PostgreSQL")
