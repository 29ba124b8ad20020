"""With no usable display the app says what is missing in plain words and exits 1, not 134."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginrummy_desktop import display_check
from ginrummy_desktop.display_check import check_display

ROOT = Path(__file__).resolve().parents[1]


def _env_without_display(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(GINRUMMY_DESKTOP_HOME=str(tmp_path), PYTHONPATH=str(ROOT), **extra)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland are Linux's")
def test_starting_without_any_display_prints_what_is_missing_and_exits_1(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "ginrummy_desktop"], capture_output=True,
                            text=True, env=_env_without_display(tmp_path), timeout=120)
    assert result.returncode == 1
    assert "No display was found" in result.stderr
    assert "ssh -X" in result.stderr and "QT_QPA_PLATFORM=offscreen" in result.stderr
    assert "xcb-cursor0" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland are Linux's")
def test_a_display_that_is_gone_is_named(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "ginrummy_desktop"], capture_output=True,
                            text=True, env=_env_without_display(tmp_path, DISPLAY=":93"),
                            timeout=120)
    assert result.returncode == 1
    assert "No X server answers on DISPLAY=:93" in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland are Linux's")
def test_self_test_fails_without_a_display_but_still_checks_the_rest(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "ginrummy_desktop", "--self-test"],
                            capture_output=True, text=True, env=_env_without_display(tmp_path),
                            timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "FAIL display: the app cannot open a window here: No display was found" in result.stdout
    assert "ok   Qt: PySide6" in result.stdout and "platform offscreen" in result.stdout
    assert "ok   game tables:" in result.stdout


def test_self_test_says_where_the_running_code_comes_from() -> None:
    from ginrummy_desktop import selftest

    kind = selftest.install_kind()
    assert kind == f"from the source checkout in {ROOT}"  # the suite runs on this checkout


def test_missing_x11_libraries_are_named_with_the_packages_that_bring_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(display_check, "missing_xcb_libraries",
                        lambda plugin=None: ["libxcb-cursor.so.0", "libxkbcommon-x11.so.0"])
    found = check_display({"DISPLAY": ":0"}, "linux")
    assert not found.usable
    assert "libxcb-cursor.so.0, libxkbcommon-x11.so.0" in found.problem
    assert "sudo apt install libxcb-cursor0 libxkbcommon-x11-0" in found.problem


def test_headless_and_other_systems_need_no_display() -> None:
    assert check_display({"QT_QPA_PLATFORM": "offscreen"}, "linux").usable
    assert check_display({}, "win32").usable
    assert check_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux").platform == "wayland"
    assert not check_display({"QT_QPA_PLATFORM": "wayland"}, "linux").usable


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb not installed")
def test_a_running_x_server_is_found_usable(tmp_path: Path) -> None:
    number = 90 + os.getpid() % 9
    server = subprocess.Popen(["Xvfb", f":{number}", "-nolisten", "tcp", "-screen", "0",
                               "800x600x24"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not display_check.x_server_reachable(f":{number}"):
            assert server.poll() is None, "Xvfb exited"
            assert time.monotonic() < deadline, "Xvfb did not come up"
            time.sleep(0.05)
        found = check_display({"DISPLAY": f":{number}"}, "linux")
        assert found.usable and found.platform == "xcb", found.problem
    finally:
        server.terminate()
        server.wait(timeout=10)
