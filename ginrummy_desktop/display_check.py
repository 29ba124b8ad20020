"""Can Qt open a window here? Asked before any Qt object exists.

When Qt cannot load its platform plugin it aborts the process (exit 134) with a message about
``xcb-cursor0`` that is printed whatever the real cause was, typically just "no display". This
module finds the real cause first and words it for a person: which platform the app would use,
and, when it cannot, what is missing and how to get it. ``--self-test`` reports the same finding.
"""

from __future__ import annotations

import ctypes
import os
import re
import socket
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ginrummy_desktop.engine.translation import mark, tr

# Debian/Ubuntu package of each library Qt's xcb plugin loads that a minimal system may lack.
XCB_LIBRARY_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
}
# Platforms that need no display server at all.
HEADLESS_PLATFORMS = {"offscreen", "minimal", "vnc", "eglfs", "linuxfb"}
# Shown with tr(NO_DISPLAY_ADVICE).
NO_DISPLAY_ADVICE = mark(
    "Start Gin Rummy Desktop from your desktop session (over ssh, connect with 'ssh -X'). "
    "To check the installation without a display, run: "
    "QT_QPA_PLATFORM=offscreen ginrummy-desktop --self-test"
)


@dataclass(frozen=True)
class DisplayCheck:
    """Which Qt platform the app would start on, and why it cannot (``problem``), if it cannot."""

    platform: str
    detail: str
    problem: str | None = None

    @property
    def usable(self) -> bool:
        return self.problem is None


def check_display(environ: Mapping[str, str] | None = None,
                  system: str | None = None) -> DisplayCheck:
    """Decide, without starting Qt, whether a window can be opened with this environment."""
    env = os.environ if environ is None else environ
    system = sys.platform if system is None else system
    requested = env.get("QT_QPA_PLATFORM", "").split(":", 1)[0].strip()
    if requested in HEADLESS_PLATFORMS:
        return DisplayCheck(requested, tr("no display needed"))
    if not system.startswith("linux"):
        # Windows and macOS always have their native platform when a user is logged in.
        return DisplayCheck(requested or "native", tr("the system's own window platform"))
    if env.get("WAYLAND_DISPLAY") and requested in ("", "wayland"):
        return DisplayCheck("wayland", f"WAYLAND_DISPLAY={env['WAYLAND_DISPLAY']}")
    if requested == "wayland":
        return DisplayCheck("wayland", tr("no WAYLAND_DISPLAY"),
                            tr("QT_QPA_PLATFORM asks for Wayland, but WAYLAND_DISPLAY is not set. "
                               "{advice}").format(advice=tr(NO_DISPLAY_ADVICE)))
    display = env.get("DISPLAY", "")
    if not display:
        return DisplayCheck(
            requested or "xcb", tr("no DISPLAY"),
            tr("No display was found: neither DISPLAY (X11) nor WAYLAND_DISPLAY (Wayland) is "
               "set, so there is no screen to open the game's window on. {advice}").format(
                advice=tr(NO_DISPLAY_ADVICE)))
    missing = missing_xcb_libraries()
    if missing:
        packages = " ".join(sorted({XCB_LIBRARY_PACKAGES.get(lib, lib) for lib in missing}))
        return DisplayCheck(
            "xcb", f"DISPLAY={display}",
            tr("Qt's X11 support cannot load: the system lacks {libraries}. On Debian or Ubuntu "
               "install them with: sudo apt install {packages}").format(
                libraries=", ".join(missing), packages=packages))
    if not x_server_reachable(display):
        return DisplayCheck(
            "xcb", f"DISPLAY={display}",
            tr("No X server answers on DISPLAY={display}: the display it names is gone or not "
               "reachable from here. {advice}").format(display=display,
                                                       advice=tr(NO_DISPLAY_ADVICE)))
    return DisplayCheck("xcb", f"DISPLAY={display}")


def xcb_plugin_path() -> Path | None:
    """The xcb platform plugin of the PySide6 this process would import (None if not found)."""
    try:
        import PySide6
    except ImportError:
        return None
    base = Path(PySide6.__file__).resolve().parent
    for candidate in (base / "Qt" / "plugins" / "platforms" / "libqxcb.so",
                      base / "plugins" / "platforms" / "libqxcb.so"):
        if candidate.is_file():
            return candidate
    return None


def missing_xcb_libraries(plugin: Path | None = None) -> list[str]:
    """Libraries the xcb plugin needs that the dynamic loader cannot find.

    Loading the plugin is the one faithful test, but the loader names only the first missing
    library; the others a minimal system commonly lacks are probed one by one, so the advice
    lists every package at once.
    """
    plugin = xcb_plugin_path() if plugin is None else plugin
    if plugin is None:
        return []
    try:
        ctypes.CDLL(str(plugin), mode=os.RTLD_LAZY if hasattr(os, "RTLD_LAZY") else 0)
    except OSError as error:
        names = re.findall(r"(lib[\w.+-]+\.so(?:\.\d+)*)", str(error))
        first = [name for name in names if name != plugin.name]
        absent = [lib for lib in XCB_LIBRARY_PACKAGES if not _loadable(lib)]
        return sorted(set(first[:1]) | set(absent)) or [str(error)]
    return []


def _loadable(library: str) -> bool:
    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True


def x_server_reachable(display: str, timeout: float = 1.0) -> bool:
    """True if something listens where DISPLAY points (a local socket or TCP 6000+N)."""
    match = re.fullmatch(r"(?P<host>[^:]*):(?P<number>\d+)(?:\.\d+)?", display)
    if match is None:
        return False
    host, number = match.group("host"), int(match.group("number"))
    if host in ("", "unix") or host.startswith("/"):
        path = host if host.startswith("/") else f"/tmp/.X11-unix/X{number}"
        if not os.path.exists(path) and not host.startswith("/"):
            # Abstract-namespace sockets (Linux) have no file; try connecting to one.
            return _connect_unix("\0" + path, timeout)
        return _connect_unix(path, timeout)
    try:
        with socket.create_connection((host, 6000 + number), timeout=timeout):
            return True
    except OSError:
        return False


def _connect_unix(path: str, timeout: float) -> bool:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(path)
        except OSError:
            return False
    return True
