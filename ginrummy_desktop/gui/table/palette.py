"""The colours of the whole window, computed from the table (felt) colour in one place.

A red table gets a dark red toolbar, status line and side panels; a custom ``#rrggbb`` felt
gets shades of itself. The shell applies ``window_style_sheet`` to the main window; the
table's own painted panels read ``TablePalette.panel``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

# The smallest text drawn on a table: panel lines and names, and the peg-board's hole numbers
# (still readable at 800x600, where they scale down with the window).
READABLE_PX = 10
READABLE_SMALL_PX = 8

TABLE_COLOURS: dict[str, str] = {
    "green": "#1f6b3f",
    "blue": "#1d4f7a",
    "red": "#7a2630",
    "grey": "#4a4f55",
}


@dataclass(frozen=True)
class TablePalette:
    felt: QColor
    bar: QColor  # the button bar under the table
    status: QColor  # the status line, and the window around the tables
    panel: QColor  # opaque side panels painted on the felt

    @classmethod
    def for_felt(cls, colour: str) -> TablePalette:
        felt = QColor(TABLE_COLOURS.get(colour, colour))
        if not felt.isValid():
            felt = QColor(TABLE_COLOURS["green"])
        # Shades of the felt: the green felt gives the original #173524 / #15281d / #123823.
        def shade(factor: int) -> QColor:
            return QColor(felt.darker(factor).name())  # 8-bit, as a style sheet paints it

        return cls(felt=felt, bar=shade(200), status=shade(265), panel=shade(190))


def fill_with(widget: object, colour: QColor) -> None:
    """A widget's own background where no style sheet sets one (a table shown on its own,
    outside the main window, whose style sheet sets it from the felt)."""
    from PySide6.QtGui import QPalette

    palette = widget.palette()  # type: ignore[attr-defined]
    palette.setColor(QPalette.ColorRole.Window, colour)
    widget.setPalette(palette)  # type: ignore[attr-defined]
    widget.setAutoFillBackground(True)  # type: ignore[attr-defined]


def window_style_sheet(palette: TablePalette) -> str:
    """The main window's style: bars, status line and the tables' backgrounds."""
    bar, status = palette.bar.name(), palette.status.name()
    return (f"QWidget#actionBar {{ background: {bar}; }}"
            f"StatusLine {{ background: {status}; }}"
            f"CribbageTable {{ background: {status}; }}"
            f"QStatusBar {{ background: {status}; color: #f2f2f2; }}")
