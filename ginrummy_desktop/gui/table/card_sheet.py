"""A sheet of every card face and back, for looking at the card art and for the docs.

    python3 -m ginrummy_desktop.gui.table.card_sheet docs/screenshots/cards.png --width 120

Rows are suits (clubs, diamonds, hearts, spades) from ace to king; the last row shows the backs.
"""

from __future__ import annotations

import argparse
import sys

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from ginrummy_desktop.engine.cards import Card
from ginrummy_desktop.gui.table.card_renderer import BACKS, CardRenderer, CardStyle, card_height


def render_sheet(style: CardStyle, width: int, dpr: float = 1.0) -> QImage:
    """All 52 faces in suit rows, then every back, on table felt."""
    gap = max(4, width // 12)
    height = int(round(card_height(width)))
    cols, rows = 13, 5
    size_x, size_y = cols * (width + gap) + gap, rows * (height + gap) + gap
    image = QImage(int(size_x * dpr), int(size_y * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)
    image.fill(QColor("#1d6b45"))
    painter = QPainter(image)
    renderer = CardRenderer(style)
    for row, suit in enumerate("CDHS"):
        for col in range(13):
            pixmap = renderer.pixmap(Card(col + 1, suit), width, dpr)
            painter.drawPixmap(QPointF(gap + col * (width + gap), gap + row * (height + gap)),
                               pixmap)
    for col, back in enumerate(BACKS):
        renderer.set_style(CardStyle(four_colour=style.four_colour, back=back,
                                     large_index=style.large_index))
        painter.drawPixmap(QPointF(gap + col * (width + gap), gap + 4 * (height + gap)),
                           renderer.pixmap(None, width, dpr))
    painter.end()
    return image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="PNG file to write")
    parser.add_argument("--width", type=int, default=120, help="card width in pixels")
    parser.add_argument("--dpr", type=float, default=1.0, help="device pixel ratio")
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--large-index", action="store_true")
    args = parser.parse_args(argv)
    if not 8 <= args.width <= 2000:
        parser.error("--width must be between 8 and 2000")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    style = CardStyle(four_colour=args.four_colour, large_index=args.large_index)
    if not render_sheet(style, args.width, args.dpr).save(args.out):
        print(f"could not write {args.out}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
