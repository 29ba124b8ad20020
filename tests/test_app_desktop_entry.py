"""``ginrummy-desktop --install-desktop-entry``: a menu entry and an icon under the user's data
folder, as the .deb installs them system-wide (issue 39)."""

from __future__ import annotations

import os
import subprocess
import sys

from ginrummy_desktop.gui.shell import desktop_entry


def run_install(data_home) -> subprocess.CompletedProcess:
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "ginrummy_desktop", "--install-desktop-entry"],
                          env=env, capture_output=True, text=True, timeout=120)


def test_the_entry_and_icon_are_installed_for_this_user(tmp_path):
    done = run_install(tmp_path)
    assert done.returncode == 0, done.stderr
    entry = tmp_path / "applications" / f"{desktop_entry.APP_ID}.desktop"
    assert str(entry) in done.stdout
    keys = dict(line.split("=", 1) for line in entry.read_text().splitlines()[1:])
    assert entry.read_text().startswith("[Desktop Entry]\n")
    assert keys["Name"] == "Gin Rummy Desktop" and keys["Icon"] == desktop_entry.ICON_NAME
    # Exec starts this very installation (its venv need not be on the desktop's PATH)
    assert keys["Exec"].split()[0] in (sys.executable, str(sys.executable))
    icons = list((tmp_path / "icons" / "hicolor").rglob(f"{desktop_entry.ICON_NAME}.*"))
    assert icons and all(icon.stat().st_size > 0 for icon in icons)


def test_without_icon_files_an_icon_is_drawn(tmp_path, monkeypatch, qapp):
    # qapp first, so drawing the icon never leaves a bare QGuiApplication behind
    monkeypatch.setattr(desktop_entry, "ICONS", tmp_path / "no-icons")
    [icon] = desktop_entry.install_icons(tmp_path / "icons")
    assert icon.read_bytes().startswith(b"\x89PNG")


def test_a_folder_that_cannot_be_written_gets_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    done = run_install(blocker)
    assert done.returncode == 1
    assert "could not install the desktop entry" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_built_in_keys_match_the_packaged_desktop_file():
    assert desktop_entry.TEMPLATE.is_file()  # a source checkout has the .deb's file
    assert desktop_entry.template_keys() == desktop_entry.ENTRY_KEYS
