"""Export the desktop app's card faces and back (gui/table/card_renderer.py) as SVG files for the
web client: one art, drawn by the same code, so the browser shows the same cards as the table.

    python web/tools/export_cards.py web/public/cards

Writes ``<RANK><SUIT>.svg`` for the 52 cards and ``back.svg`` (viewBox 0 0 100 140).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize  # noqa: E402
from PySide6.QtGui import QGuiApplication, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgGenerator  # noqa: E402

from ginrummy_desktop.engine.cards import Card  # noqa: E402
from ginrummy_desktop.gui.table.card_renderer import CardRenderer  # noqa: E402

WIDTH, HEIGHT = 100, 140


def _svg(paint) -> str:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(WIDTH, HEIGHT))
    generator.setViewBox(QRectF(0, 0, WIDTH, HEIGHT))
    painter = QPainter(generator)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(painter, QRectF(0, 0, WIDTH, HEIGHT))
    painter.end()
    return _compact(bytes(data.data()).decode("utf-8"))


def _compact(svg: str) -> str:
    """Qt's SVG carries a title, a description and six decimals: drop what a browser ignores."""
    svg = re.sub(r"<title>.*?</title>|<desc>.*?</desc>", "", svg, flags=re.S)
    svg = re.sub(r"(\d+\.\d{1,2})\d+", r"\1", svg)
    svg = re.sub(r">\s+<", "><", svg)
    svg = svg.replace(' width="35.2778mm" height="49.3889mm"', "")
    return re.sub(r'\s(width|height)="[\d.]+mm"', "", svg)


def main(argv: list[str]) -> int:
    target = Path(argv[0] if argv else "web/public/cards")
    target.mkdir(parents=True, exist_ok=True)
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - fonts need one
    renderer = CardRenderer()
    for suit in "CDHS":
        for rank in "A23456789TJQK":
            card = Card.parse(rank + suit)
            (target / f"{rank}{suit}.svg").write_text(
                _svg(lambda p, r, c=card: renderer.paint_face(p, r, c)), encoding="utf-8")
    (target / "back.svg").write_text(_svg(renderer.paint_back), encoding="utf-8")
    print(f"wrote 53 cards to {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
