"""The move log: a side panel listing the moves of the hand in play, newest at the bottom.

Game-agnostic: a table's controller writes each move as a sentence a player reads ("Ada took
7♥ from the discard pile", "Computer plays 5♣ for 15"); the panel only shows them and keeps
the newest in view. Both tables put it beside the felt (View → Move log, or L).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ginrummy_desktop.engine.translation import mark, tr

MOVE_LOG_TITLE = mark("Moves this hand")  # shown with tr(MOVE_LOG_TITLE)

_STYLE = """
QFrame#moveLog { background: #f7f3e6; }
QLabel { color: #1b1b1b; font-weight: bold; }
QListWidget { background: #fffdf6; color: #1b1b1b; border: none; }
QListWidget::item { padding: 3px 6px; border-bottom: 1px solid #e6dfc8; }
QToolButton { color: #1b1b1b; padding: 0px 6px; }
"""


class MoveLog(QFrame):
    """Title, a close button and the list of moves (``lines`` keeps them for callers)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moveLog")
        self.setAccessibleName(tr(MOVE_LOG_TITLE))
        self.setStyleSheet(_STYLE)
        self.title = QLabel(tr(MOVE_LOG_TITLE), self)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setAccessibleName(tr("Close the move log"))
        self.close_button.setAutoRaise(True)
        self.close_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.list = QListWidget(self)
        self.list.setWordWrap(True)
        # Long sentences wrap inside the panel instead of scrolling sideways.
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setAccessibleName(tr("Moves"))
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the table keeps the keys
        header = QHBoxLayout()
        header.setContentsMargins(10, 6, 4, 4)
        header.addWidget(self.title, 1)
        header.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(header)
        layout.addWidget(self.list, 1)
        self.lines: list[str] = []
        self.set_font_pixels(13)

    def set_font_pixels(self, pixels: int) -> None:
        self.setStyleSheet(_STYLE + f"QLabel {{ font-size: {pixels + 1}px; }}"
                                    f"QListWidget {{ font-size: {pixels}px; }}"
                                    f"QToolButton {{ font-size: {pixels + 4}px; }}")

    def set_lines(self, lines: Sequence[str]) -> None:
        """Show ``lines`` (the hand's moves so far); only new ones are added when the list
        grows, so the view does not jump while a hand is played."""
        lines = list(lines)
        if lines[: len(self.lines)] != self.lines:
            self.list.clear()
            self.lines = []
        for line in lines[len(self.lines):]:
            self.list.addItem(line)
        self.lines = lines
        self.list.scrollToBottom()

    @staticmethod
    def preferred_width(window_width: int) -> int:
        """A quarter of the window, at least room for a sentence, at most a third."""
        return min(window_width // 3, max(220, window_width // 4))
