"""One look for the buttons under both tables, and text that grows with the window."""

from __future__ import annotations

BUTTON_STYLE = """
QPushButton { background: #f1ead2; color: #1b1b1b; border: 1px solid #6f6540; border-radius: 5px;
              padding: 5px 10px; font-weight: bold; }
QPushButton:disabled { background: #5e5e5e; color: #b4b4b4; border-color: #4a4a4a; }
QPushButton:focus { border: 2px solid #ffd84a; }
"""


def control_pixels(table_height: int) -> int:
    """Font size of buttons and the status line: readable at 800x600, not tiny on 4K."""
    return max(13, min(24, round(table_height / 48)))


def button_style(pixels: int, extra: str = "") -> str:
    return BUTTON_STYLE + extra + f"QPushButton {{ font-size: {pixels}px; }}"
