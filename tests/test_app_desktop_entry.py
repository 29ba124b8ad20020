"""``ginrummy-desktop --install-desktop-entry``: a menu entry and an icon under the user's data
folder, as the .deb installs them system-wide (issue 39)."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

try:  # for the unit tests below; the command's own tests need only the command line
    from ginrummy_desktop.gui.shell import desktop_entry
except ImportError:  # an app without the command: its tests fail at what the command says
    desktop_entry = None

REAL_ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"
APP_ID = "io.github.ginrummy_desktop.GinRummyDesktop"  # the .deb's desktop file, the same id
ICON_NAME = "ginrummy-desktop"
# Every size of the app's own artwork: the entry installs each one.
ICON_SIZES = sorted(int(path.stem.rsplit("-", 1)[1])
                    for path in REAL_ICONS.glob(f"{ICON_NAME}-*.png"))


def module():
    if desktop_entry is None:
        pytest.fail("this app has no desktop entry installer (gui/shell/desktop_entry.py)")
    return desktop_entry


def run_install(data_home, site: Path | None = None,
                cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``python -m ginrummy_desktop --install-desktop-entry``; ``site``: the package imported
    from that folder (a pip install), ahead of this checkout's editable install."""
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), QT_QPA_PLATFORM="offscreen")
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-m", "ginrummy_desktop", "--install-desktop-entry"],
                          env=env, capture_output=True, text=True, timeout=120, cwd=cwd)


def installed_icons(data_home: Path) -> dict[str, Path]:
    """Where a desktop finds the entry's ``Icon`` name: the hicolor theme under the user's data
    folder, one file per size folder ("48x48", "scalable")."""
    entry = data_home / "applications" / f"{APP_ID}.desktop"
    keys = dict(line.split("=", 1) for line in entry.read_text().splitlines()[1:])
    name = keys["Icon"]
    assert "/" not in name  # a theme name, found by the lookup below
    return {path.parts[-3]: path for path in (data_home / "icons" / "hicolor").glob(
        f"*/apps/{name}.*") if path.suffix in (".png", ".svg")}


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return struct.unpack(">II", data[16:24])


def assert_the_real_icon(data_home: Path) -> None:
    """The entry's icon is the app's own artwork (assets/icons), every size, not a stand-in."""
    icons = installed_icons(data_home)
    assert set(icons) == {"scalable", *(f"{n}x{n}" for n in ICON_SIZES)}
    assert icons["scalable"].read_bytes() == (REAL_ICONS / "ginrummy-desktop.svg").read_bytes()
    for size in ICON_SIZES:
        icon = icons[f"{size}x{size}"]
        assert png_size(icon) == (size, size)
        assert icon.read_bytes() == (REAL_ICONS / f"ginrummy-desktop-{size}.png").read_bytes()


def test_the_entry_and_icon_are_installed_for_this_user(tmp_path):
    done = run_install(tmp_path)
    assert done.returncode == 0, f"ginrummy-desktop --install-desktop-entry: {done.stderr}"
    entry = tmp_path / "applications" / f"{APP_ID}.desktop"
    assert str(entry) in done.stdout
    keys = dict(line.split("=", 1) for line in entry.read_text().splitlines()[1:])
    assert entry.read_text().startswith("[Desktop Entry]\n")
    assert keys["Name"] == "Gin Rummy Desktop" and keys["Icon"] == ICON_NAME
    # Exec starts this very installation (its venv need not be on the desktop's PATH)
    assert keys["Exec"].split()[0] in (sys.executable, str(sys.executable))
    assert_the_real_icon(tmp_path)


def test_without_icon_files_an_icon_is_drawn(tmp_path, monkeypatch, qapp):
    # qapp first, so drawing the icon never leaves a bare QGuiApplication behind
    monkeypatch.setattr(module(), "ICONS", tmp_path / "no-icons")
    [icon] = module().install_icons(tmp_path / "icons")
    assert icon.read_bytes().startswith(b"\x89PNG")


def test_a_folder_that_cannot_be_written_gets_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    done = run_install(blocker)
    assert done.returncode == 1
    assert "could not install the desktop entry" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_built_in_keys_match_the_packaged_desktop_file():
    assert module().TEMPLATE.is_file()  # a source checkout has the .deb's file
    assert module().template_keys() == module().ENTRY_KEYS


@pytest.mark.slow
def test_a_pip_installed_wheel_carries_and_installs_the_real_icon(tmp_path):
    # Issue 39: after `pip install` or `pipx install` the menu shows the app's own icon, so the
    # icon files are package data: in the wheel, and found by the installed package.
    root = Path(__file__).resolve().parents[1]
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(root), "--no-deps", "-q",
                            "-w", str(tmp_path / "wheel")], capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "wheel").glob("ginrummy_desktop-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "ginrummy_desktop/icons/ginrummy-desktop.svg" in names
    assert {f"ginrummy_desktop/icons/ginrummy-desktop-{n}.png"
            for n in ICON_SIZES} <= names
    site = tmp_path / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index",
                                "-q", "--target", str(site), str(wheel)],
                               capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr
    elsewhere = tmp_path / "elsewhere"  # not the checkout, whose assets/ a wheel lacks
    elsewhere.mkdir()
    which = subprocess.run([sys.executable, "-c", "import ginrummy_desktop; "
                            "print(ginrummy_desktop.__file__)"],
                           env=dict(os.environ, PYTHONPATH=str(site)), cwd=elsewhere,
                           capture_output=True, text=True, timeout=60)
    assert Path(which.stdout.strip()).is_relative_to(site), which.stdout + which.stderr
    done = run_install(tmp_path / "data", site=site, cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    assert_the_real_icon(tmp_path / "data")
