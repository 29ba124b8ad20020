"""installers/server/Containerfile and compose.yaml: valid YAML, every path they name exists, the
ports agree with `ginrummy-server init`, and the container's start script calls init and up
with the right arguments (no container engine is available here to build it)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy_desktop.online.server_init import Ports

yaml = pytest.importorskip("yaml")

REPO = Path(__file__).resolve().parent.parent
SERVER = REPO / "installers" / "server"
COMPOSE = SERVER / "compose.yaml"
CONTAINERFILE = SERVER / "Containerfile"


def _compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))


def _instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Containerfile, continuation lines joined."""
    text = re.sub(r"\\\n", " ", CONTAINERFILE.read_text(encoding="utf-8"))
    return [tuple(line.split(None, 1)) for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def test_compose_builds_the_containerfile_from_the_repository():
    server = _compose()["services"]["server"]
    context = (COMPOSE.parent / server["build"]["context"]).resolve()
    assert context == REPO
    assert (context / server["build"]["dockerfile"]).resolve() == CONTAINERFILE
    for volume in server["volumes"]:
        source = volume.split(":")[0]
        if source.startswith((".", "/")):
            assert (COMPOSE.parent / source).exists(), f"{source} is named but missing"
        else:
            assert source in _compose()["volumes"], f"volume {source} is not declared"


def test_every_file_the_containerfile_copies_exists():
    copies = [args.split() for kind, args in _instructions() if kind == "COPY"]
    assert copies
    for *sources, _target in copies:
        for source in sources:
            assert (REPO / source).exists(), f"COPY {source}: missing"
    # The templates reach the package by its symlink; they must be copied with it.
    copied = {source for *sources, _ in copies for source in sources}
    assert {"installers/server/ejabberd.yml", "installers/server/server.toml"} <= copied


def test_the_ports_agree_with_init():
    defaults = Ports()
    exposed = {int(p) for kind, args in _instructions() if kind == "EXPOSE"
               for p in args.split()}
    assert exposed == {defaults.c2s, defaults.web}  # component and admin stay inside
    published = {int(mapping.split(":")[1]) for mapping in
                 _compose()["services"]["server"]["ports"]}
    assert published == exposed


def test_postgres_is_optional():
    services = _compose()["services"]
    assert services["postgres"]["profiles"] == ["postgres"]
    assert "profiles" not in services["server"]
    assert "GINRUMMY_POSTGRES" in services["server"]["environment"]


def _start_script() -> str:
    (cmd,) = [args for kind, args in _instructions() if kind == "CMD"]
    argv = json.loads(cmd)
    assert argv[:2] == ["sh", "-c"]
    return argv[2]


def _run_start_script(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess, list]:
    """The CMD's script with a stand-in `ginrummy-server` that records its arguments."""
    calls = tmp_path / "calls.jsonl"
    fake = tmp_path / "bin" / "ginrummy-server"
    fake.parent.mkdir(exist_ok=True)
    fake.write_text(f"#!{sys.executable}\nimport json, sys\n"
                    f"open({str(calls)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n")
    fake.chmod(0o755)
    script = _start_script().replace("/data", str(tmp_path / "data")).replace(
        "/certs", str(tmp_path / "certs"))
    result = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=30,
                            env={"PATH": f"{fake.parent}:/usr/bin:/bin", **env})
    recorded = ([json.loads(line) for line in calls.read_text().splitlines()]
                if calls.exists() else [])
    return result, recorded


def test_the_first_start_runs_init_then_up(tmp_path):
    (tmp_path / "certs").mkdir()
    result, calls = _run_start_script(tmp_path, GINRUMMY_DOMAIN="cards.example.org",
                                      GINRUMMY_POSTGRES="postgresql://g:g@postgres/g")
    assert result.returncode == 0, result.stderr
    data = str(tmp_path / "data")
    assert calls == [["init", "--domain", "cards.example.org", "--dir", data,
                      "--postgres", "postgresql://g:g@postgres/g"], ["up", "--dir", data]]
    # The flags it passes are ones `init` accepts.
    help_text = subprocess.run(
        [sys.executable, "-m", "ginrummy_desktop.online.server", "init", "--help"],
        capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(REPO))).stdout
    for flag in re.findall(r"--[a-z-]+", _start_script()):
        assert flag in help_text or flag == "--dir", flag


def test_a_certificate_in_certs_is_used(tmp_path):
    (tmp_path / "certs").mkdir()
    for name in ("fullchain.pem", "privkey.pem"):
        (tmp_path / "certs" / name).write_text("x")
    _result, calls = _run_start_script(tmp_path, GINRUMMY_DOMAIN="cards.example.org")
    certs = tmp_path / "certs"
    assert calls[0][-4:] == ["--cert", str(certs / "fullchain.pem"),
                             "--key", str(certs / "privkey.pem")]


def test_later_starts_reuse_the_data_and_a_missing_domain_is_named(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "setup.json").write_text("{}")
    _result, calls = _run_start_script(tmp_path)
    assert calls == [["up", "--dir", str(tmp_path / "data")]]
    (tmp_path / "data" / "setup.json").unlink()
    (tmp_path / "calls.jsonl").unlink()
    result, calls = _run_start_script(tmp_path)
    assert result.returncode != 0 and calls == []
    assert "set GINRUMMY_DOMAIN" in result.stderr
