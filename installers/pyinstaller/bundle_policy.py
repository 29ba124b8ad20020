"""What the bundle keeps of PySide6: shared by build.spec and the hooks beside this file.

PyInstaller's PySide6 hooks collect every plugin a Qt module *might* load (Wayland, EGLFS, VNC,
TIFF, GTK theme, ...) and then every library those plugins link, which nearly doubles the
bundle. The hooks in ``hooks/`` filter the plugin list *before* dependency analysis, so the
libraries only those plugins need are never pulled in. Allow-lists, not exclude-lists, so a new
Qt release cannot silently grow the bundle.
"""

from __future__ import annotations

import re
from pathlib import PurePath

# "<plugin folder>/<file stem>". No platform themes: the GTK one drags in cairo, GLib, Pango and
# friends (about 10 MB) and the app draws its own table. No Wayland: on Wayland desktops Qt
# falls back to xcb through XWayland, which every such desktop ships.
KEEP_PLUGINS = frozenset({
    "platforms/libqxcb", "platforms/libqoffscreen", "platforms/libqminimal",  # Linux
    "platforms/qwindows", "platforms/qoffscreen", "platforms/qminimal",       # Windows
    "platforms/libqcocoa",                                                     # macOS
    "xcbglintegrations/libqxcb-glx-integration",
    "platforminputcontexts/libcomposeplatforminputcontextplugin",
    "platforminputcontexts/libibusplatforminputcontextplugin",
    "imageformats/libqsvg", "imageformats/qsvg", "imageformats/libqico", "imageformats/qico",
    "iconengines/libqsvgicon", "iconengines/qsvgicon",
    "styles/qmodernwindowsstyle", "styles/qwindowsvistastyle", "styles/libqmacstyle",
})
# Qt libraries the app and the kept plugins need; any other Qt6 library is dropped.
KEEP_QT_LIBS = frozenset({"Core", "Gui", "Widgets", "Svg", "SvgWidgets", "DBus", "XcbQpa",
                          "OpenGL"})
# Libraries every Linux desktop has, taken from the system like libc and libGL already are
# (the .deb depends on their packages: build.py asks dpkg which packages provide what the
# bundle loads): glibc's vector maths, D-Bus with the systemd pieces it links, and GLib.
SYSTEM_LIBRARIES = frozenset({
    "libmvec.so.1",
    "libdbus-1.so.3", "libsystemd.so.0", "libgcrypt.so.20", "libgpg-error.so.0",
    "liblz4.so.1", "libcap.so.2",
    "libglib-2.0.so.0", "libgthread-2.0.so.0", "libpcre2-8.so.0",
})
KEEP_QT_TRANSLATIONS = frozenset({"qtbase_de.qm", "qtbase_fr.qm", "qtbase_es.qm"})
_QT_LIB = re.compile(r"^(?:lib)?Qt6(?P<name>[A-Za-z]+?)(?:\.so\.6|\.dll|\.dylib)$"
                     r"|^Qt(?P<framework>[A-Za-z]+)\.framework$")


def keep(dest: str) -> bool:
    """Whether a file collected for destination path ``dest`` (inside the bundle) is shipped."""
    parts = PurePath(dest).parts
    if len(parts) == 1 and parts[0] in SYSTEM_LIBRARIES:
        return False
    if "translations" in parts and ("Qt" in parts or "PySide6" in parts):
        # Qt's own dialog words (Yes, Cancel) in the app's languages; nothing else of Qt's
        return PurePath(dest).name in KEEP_QT_TRANSLATIONS
    if "plugins" in parts and ("Qt" in parts or "PySide6" in parts):
        tail = parts[parts.index("plugins") + 1:]
        if len(tail) < 2:
            return True  # the plugins folder itself
        return f"{tail[0]}/{PurePath(tail[-1]).stem}" in KEEP_PLUGINS
    for part in parts:
        match = _QT_LIB.match(part)
        if match:
            return (match.group("name") or match.group("framework")) in KEEP_QT_LIBS
    return True


def keep_hook_entries(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Filter a hook's ``(source, destination folder)`` list."""
    return [(src, dest) for src, dest in entries if keep(str(PurePath(dest) / PurePath(src).name))]
