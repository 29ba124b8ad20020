"""Help > About: version, licence and credits, in a box the size of its text.

Credits name what the program draws and synthesises itself, the libraries it runs on, and any
third-party art shipped in ``assets/`` (each such folder keeps a ``CREDITS`` or ``LICENSE``
file beside the art, which is listed here).
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

import ginrummy_desktop
from ginrummy_desktop.engine.translation import tr

ASSETS = Path(ginrummy_desktop.__file__).resolve().parent.parent / "assets"
CREDIT_FILES = ("CREDITS", "CREDITS.md", "CREDITS.txt")


def asset_credits(assets: Path = ASSETS) -> list[str]:
    """The first line of each ``assets/*/CREDITS*`` file (third-party art), if any."""
    lines = []
    for folder in sorted(p for p in assets.glob("*") if p.is_dir()) if assets.is_dir() else ():
        for name in CREDIT_FILES:
            path = folder / name
            if path.is_file():
                text = path.read_text(encoding="utf-8", errors="replace").strip()
                first = text.splitlines()[0].lstrip("# ").strip() if text else ""
                if first:
                    lines.append(f"{folder.name}: {first}")
                break
    return lines


def about_html(assets: Path = ASSETS) -> str:
    credits = [
        tr("Cards, pips and backs drawn by the program itself"),
        tr("Sounds synthesised by the program itself (no recordings)"),
        *asset_credits(assets),
        tr("Built with Qt for Python (PySide6, LGPL) and miniaudio (MIT)"),
    ]
    items = "".join(f"<li>{html.escape(line)}</li>" for line in credits)
    title = tr("Gin Rummy Desktop {version}").format(version=ginrummy_desktop.__version__)
    about = tr("Gin Rummy and Cribbage against good computer opponents. Every deal is committed "
               "in advance and can be verified after the hand.")
    heading = tr("Credits")
    licence = tr("MIT licence · Copyright © Gin Rummy Desktop developers")
    return (f"<h2>{html.escape(title)}</h2><p>{html.escape(about)}</p>"
            f"<p><b>{html.escape(heading)}</b></p><ul>{items}</ul>"
            f"<p>{html.escape(licence)}</p>")


class AboutDialog(QDialog):
    """The About box: as large as its text, no larger."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("About Gin Rummy Desktop"))
        self.setAccessibleName(tr("About"))
        layout = QVBoxLayout(self)
        self.text = QLabel(about_html())
        self.text.setObjectName("aboutText")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A readable column: wide enough for the credit lines, never a wall of text.
        self.text.setMinimumWidth(self.fontMetrics().averageCharWidth() * 72)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetFixedSize)
