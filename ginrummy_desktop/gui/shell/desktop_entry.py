"""``ginrummy-desktop --install-desktop-entry``: the app in the desktop's menu after a pip or
pipx install (the .deb installs the same files system-wide).

Writes a freedesktop ``.desktop`` file to ``$XDG_DATA_HOME/applications`` (by default
``~/.local/share/applications``) and the app's icon (the SVG and every PNG size, package data)
to ``$XDG_DATA_HOME/icons/hicolor``. The entry's keys come from the .deb's own file
(``installers/linux/*.desktop``) where the source or bundle has it, else from ``ENTRY_KEYS`` (a
test keeps the two the same); ``Exec`` is this installation's own launcher by its full path,
because a pipx or venv ``bin`` folder is often not on the desktop session's ``PATH``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from ginrummy_desktop.engine.translation import tr, tr_n

APP_ID = "io.github.ginrummy_desktop.GinRummyDesktop"
ICON_NAME = "ginrummy-desktop"
_ROOT = Path(__file__).resolve().parents[3]  # the source tree or the bundle's folder
TEMPLATE = _ROOT / "installers" / "linux" / f"{APP_ID}.desktop"
# The icon files ship inside the package (``ginrummy_desktop/icons``, package data; in a source
# tree a symlink to ``assets/icons``), so a wheel installed by pip or pipx carries the real icon;
# a bundle without them uses its ``assets/icons``.
_PACKAGE_ICONS = Path(__file__).resolve().parents[2] / "icons"
ICONS = _PACKAGE_ICONS if (_PACKAGE_ICONS / f"{ICON_NAME}.svg").is_file() else \
    _ROOT / "assets" / "icons"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

# The .deb's entry, for installs that do not carry installers/ (a wheel).
ENTRY_KEYS: dict[str, str] = {
    "Type": "Application",
    "Name": "Gin Rummy Desktop",
    "GenericName": "Card Game",
    "Comment": "Play Gin Rummy and Cribbage against good computer opponents",
    "Exec": "ginrummy-desktop",
    "Icon": ICON_NAME,
    "Terminal": "false",
    "Categories": "Game;CardGame;",
    "Keywords": "gin;rummy;cribbage;cards;card game;",
    "StartupNotify": "true",
    "StartupWMClass": "ginrummy-desktop",
}


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def template_keys() -> dict[str, str]:
    """The entry's keys: the .deb's file when this installation has it, else ``ENTRY_KEYS``."""
    try:
        lines = TEMPLATE.read_text(encoding="utf-8").splitlines()
    except OSError:
        return dict(ENTRY_KEYS)
    keys: dict[str, str] = {}
    for line in lines:
        name, sep, value = line.partition("=")
        if sep and not line.startswith(("#", "[")):
            keys[name.strip()] = value.strip()
    return keys


def launcher_command() -> str:
    """How the menu starts this installation: its own script, else ``python -m``."""
    script = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "ginrummy-desktop" and script.is_file():
        return shlex.quote(str(script))
    return f"{shlex.quote(sys.executable)} -m ginrummy_desktop"


def entry_text(command: str) -> str:
    keys = template_keys()
    keys["Exec"] = command
    return "[Desktop Entry]\n" + "".join(f"{name}={value}\n" for name, value in keys.items())


def install_icons(icons_dir: Path) -> list[Path]:
    """The app's icons into the hicolor theme; drawn by the app where none are installed."""
    written: list[Path] = []
    svg = ICONS / f"{ICON_NAME}.svg"
    if svg.is_file():
        target = icons_dir / "hicolor" / "scalable" / "apps" / f"{ICON_NAME}.svg"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(svg, target)
        written.append(target)
    for size in ICON_SIZES:
        png = ICONS / f"{ICON_NAME}-{size}.png"
        if png.is_file():
            target = icons_dir / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(png, target)
            written.append(target)
    if not written:
        target = icons_dir / "hicolor" / "256x256" / "apps" / f"{ICON_NAME}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        _draw_icon(target, 256)
        written.append(target)
    return written


def _draw_icon(path: Path, size: int) -> None:
    """A plain medallion with a card suit, for installs without the icon files."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter

    _app = QGuiApplication.instance() or QGuiApplication([])  # fonts need an application
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QColor("#1d6b3c"))
    painter.setPen(QColor("#d9b65a"))
    painter.drawEllipse(QRectF(size * 0.04, size * 0.04, size * 0.92, size * 0.92))
    font = QFont("DejaVu Serif")
    font.setPixelSize(int(size * 0.55))
    painter.setFont(font)
    painter.setPen(QColor("#fff6dc"))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, "\u2666")
    painter.end()
    image.save(str(path))


def install_desktop_entry(home: Path | None = None) -> int:
    """Write the entry and icons; print where; 1 with a one-line reason if it cannot."""
    home = home or data_home()
    entry = home / "applications" / f"{APP_ID}.desktop"
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        temporary = entry.with_suffix(".desktop.tmp")
        temporary.write_text(entry_text(launcher_command()), encoding="utf-8")
        temporary.replace(entry)  # a menu never reads half a file
        icons = install_icons(home / "icons")
    except OSError as error:
        print(tr("ginrummy-desktop: could not install the desktop entry: {problem} ({path})")
              .format(problem=error.strerror or error, path=error.filename or home),
              file=sys.stderr)
        return 1
    print(tr("Added Gin Rummy Desktop to the application menu: {path}").format(path=entry))
    print(tr_n("Icon ({count} size): {path}", "Icon ({count} sizes): {path}", len(icons))
          .format(count=len(icons), path=home / "icons" / "hicolor"))
    # Menus built from a cache pick the entry up at once when the tool is there.
    tool = shutil.which("update-desktop-database")
    if tool:
        subprocess.run([tool, "-q", str(entry.parent)], check=False, capture_output=True,
                       timeout=30)
    return 0
