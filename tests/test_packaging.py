"""The packaging proof: build the Linux bundle and installers and show they work.

Runs installers/linux/ci-check.sh (a few minutes: PyInstaller, .deb, .tar.gz, self-tests,
dpkg -i / -r, desktop-file/AppStream validation, NSIS compile, size budgets). Set
GINRUMMY_SKIP_BUILD=1 to skip it locally; it never skips when CI is set.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECK_SCRIPT = ROOT / "installers" / "linux" / "ci-check.sh"
IN_CI = bool(os.environ.get("CI"))

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not IN_CI and os.environ.get("GINRUMMY_SKIP_BUILD") == "1",
                       reason="GINRUMMY_SKIP_BUILD=1 (never skipped when CI is set)"),
    pytest.mark.skipif(not IN_CI and not sys.platform.startswith("linux"),
                       reason="the packaging proof builds Linux packages"),
]


def test_linux_bundle_and_installers_build_install_start_and_uninstall() -> None:
    env = dict(os.environ, PYTHON=sys.executable)
    env.pop("GINRUMMY_CI_OUT", None)  # the script's own temporary folder, removed afterwards
    result = subprocess.run(["bash", str(CHECK_SCRIPT)], cwd=ROOT, env=env,
                            capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"ci-check.sh failed:\n{output[-6000:]}"

    # Each proof the issue asks for must have actually happened, not been skipped quietly.
    assert "ok: libqxcb.so and its libraries resolve" in output
    assert re.search(r"ok +version: \S+ \(packaged", output), output[-3000:]
    assert output.count("self-test passed") >= 2  # the bundle and the installed .deb
    assert re.search(r"ok +game tables: rendered gin-\S+, cribbage-", output)  # both games
    assert "ok: desktop file, metainfo and hicolor icons" in output
    assert "ok: with no display the app exits 1 with a plain message" in output
    if os.geteuid() == 0:
        assert "ok: installed with dpkg -i, launched, removed with dpkg -r" in output
    assert "ok: ginrummy-desktop-" in output and "-setup.exe" in output
    sizes = re.search(r"size bundle_bytes=(\d+) deb_bytes=(\d+) tar_gz_bytes=(\d+)", output)
    assert sizes, output[-3000:]
    bundle, deb, tarball = (int(value) for value in sizes.groups())
    assert bundle < 120_000_000 and deb < 50_000_000 and tarball < 50_000_000
    assert "ci-check passed" in output
